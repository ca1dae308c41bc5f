/**
 * /attendance-register against a mock API: the admin chooses a section and a month and reads the
 * register (a row a student, a column a day, P and A, shaded off days, the totals), in Bangla
 * too; a teacher chooses only among the sections of their routine; a range longer than a month
 * keeps the totals without day columns and cannot be printed; a failed PDF says so in the page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { AttendanceReport } from '@/api/schemas/attendance-register';
import type { SectionRow } from '@/api/schemas/lookups';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, currentPath, fakeAuthServer, renderApp, routineRow, server, TEACHER } from './helpers';

const SLOW = { timeout: 5000 };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T04:00:00Z'));
});
afterEach(async () => {
  vi.useRealTimers();
  await setLanguage('en');
});

const SECTIONS: SectionRow[] = [
  { id: 3, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
  { id: 5, section_default_name: 'A', class_id: 7, class_name: 'Seven', shift_id: 1, school_info_id: 10 },
];

const day = (date: string, school_day = true, taken_periods = 2) => ({
  date,
  school_day,
  holiday: null,
  taken_periods,
});

/** Sunday 1 to Saturday 7 November 2026 (Friday and Saturday off). */
const WEEK: AttendanceReport = {
  section: { id: 3, class_id: 6, class_name: 'Six', section_default_name: 'A', session_id: 1, session_year: '2026' },
  start_date: '2026-11-01',
  end_date: '2026-11-07',
  days: [
    day('2026-11-01'),
    day('2026-11-02'),
    day('2026-11-03', true, 0),
    day('2026-11-04', true, 0),
    day('2026-11-05', true, 0),
    day('2026-11-06', false, 0),
    day('2026-11-07', false, 0),
  ],
  students: [
    {
      student_id: 501,
      student_code: 'S-1',
      name: 'Arif Hossain',
      class_roll_no: 1,
      periods_taken: 4,
      present: 3,
      absent: 1,
      rate: 75,
      marks: ['P', 'A', null, null, null, null, null],
      days_present: 1,
      days_absent: 1,
    },
    {
      student_id: 512,
      student_code: 'S-12',
      name: 'Lima Akter',
      class_roll_no: 12,
      periods_taken: 4,
      present: 4,
      absent: 0,
      rate: 100,
      marks: ['P', 'P', null, null, null, null, null],
      days_present: 2,
      days_absent: 0,
    },
  ],
  totals: { periods_taken: 8, present: 7, absent: 1, rate: 87.5 },
};

function fakeApi(answer: AttendanceReport = WEEK, pdfStatus = 200) {
  const asked: Array<Record<string, string>> = [];
  server.use(
    http.get('/api/section/all', () => HttpResponse.json(SECTIONS)),
    http.get('/api/routine/teacher', () =>
      HttpResponse.json([
        routineRow({}),
        routineRow({ id: 2, day_id: 2 }),
        routineRow({ id: 3, section_id: 9, section_default_name: 'C' }),
      ]),
    ),
    http.get('/api/attendanceReport/student', ({ request }) => {
      asked.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(answer);
    }),
    http.get('/api/attendanceReport/student/pdf', () =>
      pdfStatus === 200
        ? new HttpResponse('%PDF-1.3', { headers: { 'content-type': 'application/pdf' } })
        : HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong' } }, { status: pdfStatus }),
    ),
  );
  return asked;
}

const texts = (els: HTMLElement[]) => els.map((e) => e.textContent);

describe('the attendance register (/attendance-register)', () => {
  it('the admin chooses a section and reads a row a student and a column a day', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked = fakeApi();
    const user = userEvent.setup();
    renderApp('/attendance-register');
    expect(await screen.findByRole('heading', { name: 'Attendance register' }, SLOW)).toBeInTheDocument();
    const section = await screen.findByRole('combobox', { name: 'Section' });
    expect(texts(within(section).getAllByRole('option'))).toEqual([
      'Choose a section',
      'Class Six, Section A',
      'Class Seven, Section A',
    ]);
    // Nothing is asked before a section is chosen; "Show" without one says so.
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Choose a section', { selector: 'p' })).toBeInTheDocument();
    expect(asked).toEqual([]);

    await user.selectOptions(section, '3');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const table = await screen.findByRole('table', { name: /Attendance of Class Six, Section A/ }, SLOW);
    expect(asked[0]).toEqual({ section_id: '3', start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(currentPath()).toBe('/attendance-register?section_id=3&from=2026-11-01&to=2026-11-30');

    const head = texts(within(table).getAllByRole('columnheader'));
    expect(head.slice(0, 4)).toEqual(['Roll', 'Name', '1Su', '2Mo']);
    expect(head.slice(-6)).toEqual(['Days present', 'Days absent', 'Periods taken', 'Present', 'Absent', 'Rate']);
    const [arif, lima] = within(table).getAllByRole('row').slice(1, 3);
    expect(within(arif).getByRole('rowheader')).toHaveTextContent('Arif Hossain');
    expect(texts(within(arif).getAllByRole('cell'))).toEqual([
      '1',
      'P',
      'A',
      '',
      '',
      '',
      '',
      '',
      '1',
      '1',
      '4',
      '3',
      '1',
      '75%',
    ]);
    expect(texts(within(lima).getAllByRole('cell'))).toEqual([
      '12',
      'P',
      'P',
      '',
      '',
      '',
      '',
      '',
      '2',
      '0',
      '4',
      '4',
      '0',
      '100%',
    ]);
    expect(within(arif).getByTitle('Absent')).toHaveTextContent('A');
    // Friday and Saturday are named as off days for screen readers.
    expect(within(table).getByRole('columnheader', { name: '06-Nov-2026, Off day' })).toBeInTheDocument();
    const foot = within(table).getAllByRole('row').at(-1)!;
    expect(within(foot).getByRole('rowheader')).toHaveTextContent('Whole section');
    expect(texts(within(foot).getAllByRole('cell'))).toEqual(['8', '7', '1', '87.5%']);
    expect(screen.getByRole('button', { name: 'Print register (PDF)' })).toBeEnabled();
  });

  it('shows the register in Bangla with Bangla digits and marks', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    fakeApi();
    await setLanguage('bn');
    renderApp('/attendance-register?section_id=3&from=2026-11-01&to=2026-11-07');
    const table = await screen.findByRole('table', { name: /হাজিরা/ }, SLOW);
    const arif = within(table).getAllByRole('row')[1];
    expect(texts(within(arif).getAllByRole('cell')).slice(0, 3)).toEqual(['১', 'উ', 'অ']);
    expect(texts(within(arif).getAllByRole('cell')).at(-1)).toBe('৭৫%');
  });

  it('a teacher chooses only among the sections of their routine', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    fakeApi();
    renderApp('/attendance-register');
    const section = await screen.findByRole('combobox', { name: 'Section' }, SLOW);
    expect(texts(within(section).getAllByRole('option'))).toEqual([
      'Choose a section',
      'Class Six, Section A',
      'Class Six, Section C',
    ]);
  });

  it('a range longer than a month keeps the totals, without day columns, and cannot be printed', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    fakeApi({
      ...WEEK,
      end_date: '2026-11-20',
      start_date: '2026-09-01',
      days: [],
      students: WEEK.students.map((s) => ({ ...s, marks: [] })),
    });
    renderApp('/attendance-register?section_id=3&from=2026-09-01&to=2026-11-20');
    const table = await screen.findByRole('table', { name: /Attendance of/ }, SLOW);
    expect(texts(within(table).getAllByRole('columnheader'))).toEqual([
      'Roll',
      'Name',
      'Periods taken',
      'Present',
      'Absent',
      'Rate',
    ]);
    expect(screen.getByText(/Day columns are shown for a range of at most 31 days/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print register (PDF)' })).toBeDisabled();
  });

  it('a failed PDF is said in the page', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    fakeApi(WEEK, 500);
    const user = userEvent.setup();
    renderApp('/attendance-register?section_id=3&from=2026-11-01&to=2026-11-07');
    await user.click(await screen.findByRole('button', { name: 'Print register (PDF)' }, SLOW));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/went wrong|try again/i));
  });
});
