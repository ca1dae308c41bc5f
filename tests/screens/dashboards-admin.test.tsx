/**
 * /school-admin answers before anyone clicks (docs/DOMAIN.md, "Dashboards"): GET
 * /api/dashboard/admin drawn as today's rate, the trend with its summary and table, the registers
 * not taken, absentees, fees, exams, calendar days and notices, each linking to its screen; in
 * English and Bangla.
 */
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminDashboard } from '@/api/schemas/dashboards';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, fakeAuthServer, renderApp, server } from './helpers';

const SLOW = { timeout: 5000 };

const SUMMARY: AdminDashboard = {
  date: '2026-11-22',
  school_info_id: 1,
  today: {
    date: '2026-11-22',
    school_info_id: 1,
    school_name: 'Dhanmondi Model High School',
    all: 60,
    present: 55,
    absent: 5,
    present_rate: 91.7,
    sections_taken: 2,
    sections_total: 3,
    day_name: 'Sunday',
    weekly_off: false,
    holiday: null,
  },
  trend: [
    { date: '2026-11-18', present: 50, absent: 10, rate: 83.3 },
    { date: '2026-11-19', present: 57, absent: 3, rate: 95 },
    { date: '2026-11-22', present: 55, absent: 5, rate: 91.7 },
  ],
  absentees: {
    total: 5,
    rows: [
      {
        student_id: 7,
        student_code: 'S-7',
        full_name: 'Labib Patwary',
        class_name: 'Six',
        section_id: 1,
        section_default_name: 'A',
        class_roll_no: 3,
      },
    ],
  },
  fees: { month: '2026-11', due: '27300.00', collected: '5420.50', received: '3435.00' },
  exams: [
    {
      exam_type_id: 3,
      exam_name: 'Monthly Class Test 3',
      first_date: '2026-11-29',
      last_date: '2026-12-02',
      sections: 3,
    },
  ],
  calendar: [{ id: 15, type: 'holiday', topics: 'Victory Day', start_date: '2026-12-16', end_date: '2026-12-16' }],
  notices: [{ id: 3, type: 2, headline: 'Annual sports competition', publishing_date: '2026-11-21' }],
};

function fakeApi(summary: AdminDashboard = SUMMARY) {
  const asked: string[] = [];
  server.use(
    http.get('/api/dashboard/admin', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(summary);
    }),
    http.get('/api/report/untaken_periods', () =>
      HttpResponse.json({
        total: 1,
        limit: 10,
        offset: 0,
        rows: [
          {
            routine_id: 11,
            date: '2026-11-22',
            period_code: '1st',
            start_time: '08:00:00',
            end_time: '08:45:00',
            class_name: 'Six',
            section_id: 1,
            section_default_name: 'B',
            subject_name: 'Mathematics',
            teacher_id: 2,
            teacher_name: 'Mr. Md. Rafiqul Hasan',
          },
        ],
      }),
    ),
  );
  return asked;
}

describe('the school admin’s dashboard', () => {
  afterEach(() => setLanguage('en'));

  it('today’s rate, the trend with its summary and table, and each card linking to its screen', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked = fakeApi();
    const { user } = renderApp('/school-admin');

    const today = await screen.findByRole('region', { name: 'Attendance today' }, SLOW);
    expect(today).toHaveTextContent('91.7%');
    expect(today).toHaveTextContent('2 of 3 sections taken');
    expect(today).toHaveTextContent('55 present, 5 absent');
    expect(within(today).getByRole('link', { name: 'Open today’s attendance' })).toHaveAttribute('href', '/attendance');

    const trend = screen.getByRole('region', { name: 'The last 3 school days' });
    expect(trend).toHaveTextContent(
      'Attendance averaged 90% over 3 days, from 83.3% to 95%; on 22 November it was 91.7%.',
    );
    await user.click(within(trend).getByText('Attendance by day', { selector: 'summary' }));
    const table = within(trend).getByRole('table', { name: 'Attendance by day' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['18 November501083.3%', '19 November57395%', '22 November55591.7%']);

    const [untaken] = await screen.findAllByRole('region', { name: 'Registers not taken' });
    expect(await within(untaken).findByText('Mr. Md. Rafiqul Hasan')).toBeInTheDocument();

    const absent = screen.getByRole('region', { name: 'Absent today' });
    expect(absent).toHaveTextContent('5 absent in the morning roll call');
    expect(absent).toHaveTextContent('Labib Patwary');
    expect(within(absent).getByRole('link', { name: 'See all absentees' })).toHaveAttribute('href', '/studentabsence');

    const fees = screen.getByRole('region', { name: 'Fees this month' });
    expect(fees).toHaveTextContent('Collected ৳5,420.50 of ৳27,300.00 due');
    expect(within(fees).getByRole('link', { name: 'Open the accounts' })).toHaveAttribute('href', '/payment');

    const exams = screen.getByRole('region', { name: 'Upcoming exams' });
    expect(exams).toHaveTextContent('29 November to 2 December · 3 sections');
    expect(screen.getByRole('region', { name: 'Coming up' })).toHaveTextContent('Victory Day16 December');
    expect(screen.getByRole('region', { name: 'Latest notices' })).toHaveTextContent('Annual sports competition');
    // The tiles are still there, below.
    expect(screen.getByRole('navigation', { name: 'Features' })).toBeInTheDocument();
    expect(asked).toEqual(['']);
  });

  it('in Bangla: Bangla digits and month names', async () => {
    await setLanguage('bn');
    fakeAuthServer(ADMIN).savedSignIn();
    fakeApi();
    const { user } = renderApp('/school-admin');
    const today = await screen.findByRole('region', { name: 'আজকের হাজিরা' }, SLOW);
    expect(today).toHaveTextContent('৯১.৭%');
    expect(today).toHaveTextContent('৩টি শাখার মধ্যে ২টির হাজিরা নেওয়া হয়েছে');
    const trend = screen.getByRole('region', { name: 'শেষ ৩ স্কুল দিবস' });
    expect(trend).toHaveTextContent('৩ দিনে গড় হাজিরা ৯০%, সর্বনিম্ন ৮৩.৩% থেকে সর্বোচ্চ ৯৫%; ২২ নভেম্বর তারিখে ছিল ৯১.৭%।');
    await user.click(within(trend).getByText('দিনভিত্তিক হাজিরা', { selector: 'summary' }));
    const table = within(trend).getByRole('table', { name: 'দিনভিত্তিক হাজিরা' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('১৮ নভেম্বর৫০১০৮৩.৩%');
    expect(screen.getByRole('region', { name: 'এই মাসের ফি' })).toHaveTextContent(
      '৳২৭,৩০০.০০ বকেয়ার মধ্যে আদায় ৳৫,৪২০.৫০',
    );
  });

  it('a failed summary says so and offers to try again', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    fakeApi();
    server.use(
      http.get('/api/dashboard/admin', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'boom' } }, { status: 500 }),
      ),
    );
    renderApp('/school-admin');
    expect(await screen.findByRole('button', { name: 'Try again' }, SLOW)).toBeInTheDocument();
    await act(async () => {});
  });
});
