/**
 * The student's /studentviewattendance against a mock API: filters (DD-MM-YYYY dates) kept in the
 * address, history a page at a time, present rate, empty state.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { StudentHistoryRow } from '@/api/schemas/attendance';
import { currentPath, fakeAuthServer, renderApp, server, STUDENT } from './helpers';

const SLOW = { timeout: 5000 };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T04:00:00Z'));
});
afterEach(() => vi.useRealTimers());

function historyRow(over: Partial<StudentHistoryRow>): StudentHistoryRow {
  return {
    date: '2026-11-19',
    period_code: 'P1',
    subject_name: 'Mathematics',
    teacher_name: 'Rahima Khatun',
    present_status: 1,
    period_id: 1,
    subject_id: 2,
    routine_id: 11,
    initial: 'RK',
    start_time: '08:00:00',
    ...over,
  };
}

function fakeHistoryApi(rows: StudentHistoryRow[]) {
  const asked: { history: Array<Record<string, string>>; summary: Array<Record<string, string>>; subjects: string[] } =
    {
      history: [],
      summary: [],
      subjects: [],
    };
  const q = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
  const filtered = (query: Record<string, string>) =>
    rows.filter(
      (r) =>
        (!query.period_id || String(r.period_id) === query.period_id) &&
        (!query.subject_id || String(r.subject_id) === query.subject_id) &&
        (!query.start_date || r.date >= query.start_date) &&
        (!query.end_date || r.date <= query.end_date),
    );
  server.use(
    http.get('/api/period', () =>
      HttpResponse.json([
        { id: 1, period_code: 'P1', shift_id: 1, serial: 1, start_time: '08:00:00', end_time: '08:45:00' },
        { id: 2, period_code: 'P2', shift_id: 1, serial: 2, start_time: '08:50:00', end_time: '09:35:00' },
      ]),
    ),
    http.get('/api/subjects', ({ request }) => {
      asked.subjects.push(new URL(request.url).searchParams.get('class_id') ?? '');
      return HttpResponse.json([
        {
          id: 2,
          subject_name: 'Mathematics',
          subject_code: '109',
          class_id: 6,
          school_type_id: 1,
          group_id: null,
          optional: false,
        },
        {
          id: 3,
          subject_name: 'English',
          subject_code: '107',
          class_id: 6,
          school_type_id: 1,
          group_id: null,
          optional: false,
        },
      ]);
    }),
    http.get('/api/attendance/student/individual', ({ request }) => {
      const query = q(request);
      asked.history.push(query);
      const offset = Number(query.offset ?? 0);
      return HttpResponse.json(filtered(query).slice(offset, offset + Number(query.limit ?? 200)));
    }),
    http.get('/api/attendance/student/individual/summary', ({ request }) => {
      const query = q(request);
      asked.summary.push(query);
      expect(query.limit).toBeUndefined();
      const list = filtered(query);
      const present = list.filter((r) => r.present_status === 1).length;
      return HttpResponse.json({
        student_id: 77,
        start_date: query.start_date,
        end_date: query.end_date,
        total: list.length,
        present,
        absent: list.length - present,
        present_rate: list.length ? Math.round((1000 * present) / list.length) / 10 : null,
      });
    }),
  );
  return asked;
}

const distinct = <T,>(list: T[]) => [...new Set(list.map((x) => JSON.stringify(x)))].map((x) => JSON.parse(x) as T);

const ROWS = [
  historyRow({
    date: '2026-11-19',
    period_code: 'P1',
    period_id: 1,
    subject_name: 'Mathematics',
    subject_id: 2,
    present_status: 1,
  }),
  historyRow({
    date: '2026-11-19',
    period_code: 'P2',
    period_id: 2,
    subject_name: 'English',
    subject_id: 3,
    teacher_name: 'Mizanur Rahman',
    present_status: 0,
    routine_id: 12,
  }),
  historyRow({
    date: '2026-11-18',
    period_code: 'P2',
    period_id: 2,
    subject_name: 'English',
    subject_id: 3,
    teacher_name: 'Mizanur Rahman',
    present_status: 1,
    routine_id: 13,
  }),
  historyRow({ date: '2026-10-01', period_code: 'P1', period_id: 1, present_status: 1, routine_id: 14 }),
];

describe('student attendance history (/studentviewattendance)', () => {
  it('opens on the last 30 days with the present rate, then filters by dates, period and subject', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const asked = fakeHistoryApi(ROWS);
    const { user } = renderApp('/studentviewattendance');

    expect(await screen.findByRole('heading', { name: 'Attendance History', level: 1 }, SLOW)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Attendance History' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Period', 'Subject', 'Teacher', 'Status']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['2026-11-19', 'P1', 'Mathematics', 'Rahima Khatun', 'Present'],
      ['2026-11-19', 'P2', 'English', 'Mizanur Rahman', 'Absent'],
      ['2026-11-18', 'P2', 'English', 'Mizanur Rahman', 'Present'],
    ]);
    expect(await screen.findByTestId('present-rate')).toHaveTextContent(
      'Present rate 66.7% · 2 present, 1 absent of 3 classes (24-Oct-2026 to 22-Nov-2026)',
    );
    expect(distinct(asked.history)).toEqual([
      { start_date: '2026-10-24', end_date: '2026-11-22', limit: '50', offset: '0' },
    ]);
    expect(asked.subjects[0]).toBe('6');

    const form = screen.getByRole('form', { name: 'Attendance filters' });
    const typeDate = async (label: string, text: string) => {
      const field = within(form).getByRole('textbox', { name: label });
      await user.clear(field);
      await user.type(field, text);
    };
    await typeDate('Start date', '01-11-2026');
    await typeDate('End date', '20-11-2026');
    await user.selectOptions(within(form).getByLabelText('Period'), 'P2 (8:50 AM)');
    await user.selectOptions(within(form).getByLabelText('Subject'), 'English');
    await user.click(within(form).getByRole('button', { name: 'View Attendance' }));

    expect(await screen.findByTestId('present-rate')).toHaveTextContent(
      'Present rate 50% · 1 present, 1 absent of 2 classes (01-Nov-2026 to 20-Nov-2026)',
    );
    const filtered = screen.getByRole('table', { name: 'Attendance History' });
    expect(within(filtered).getAllByRole('row')).toHaveLength(3);
    const filter = { start_date: '2026-11-01', end_date: '2026-11-20', period_id: '2', subject_id: '3' };
    expect(asked.history.at(-1)).toEqual({ ...filter, limit: '50', offset: '0' });
    expect(asked.summary.at(-1)).toEqual(filter);
    expect(currentPath()).toBe('/studentviewattendance?start=2026-11-01&end=2026-11-20&period=2&subject=3');
  });

  it('pages through a long history; the page and filters come back from the address', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const many = Array.from({ length: 120 }, (_, i) =>
      historyRow({ date: `2026-11-${String(20 - Math.floor(i / 6)).padStart(2, '0')}`, routine_id: 100 + i }),
    );
    const asked = fakeHistoryApi(many);
    const { user, unmount } = renderApp('/studentviewattendance');
    const pages = await screen.findByRole('navigation', { name: 'Attendance History pages' }, SLOW);
    expect(pages).toHaveTextContent('Showing 1–50 of 120');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('navigation', { name: 'Attendance History pages' })).toHaveTextContent(
      'Showing 51–100 of 120',
    );
    expect(asked.history.at(-1)).toMatchObject({ limit: '50', offset: '50' });
    expect(currentPath()).toBe('/studentviewattendance?page=2');
    expect(within(screen.getByRole('table', { name: 'Attendance History' })).getAllByRole('row')).toHaveLength(51);

    unmount();
    renderApp(currentPath());
    expect(await screen.findByRole('navigation', { name: 'Attendance History pages' }, SLOW)).toHaveTextContent(
      'Showing 51–100 of 120',
    );
  });

  it('says so when nothing was recorded, and refuses a start after the end', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const asked = fakeHistoryApi([]);
    const { user } = renderApp('/studentviewattendance');
    expect(
      await screen.findByText('No attendance was recorded for these dates and filters.', {}, SLOW),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('present-rate')).toHaveTextContent(
      'Nothing recorded from 24-Oct-2026 to 22-Nov-2026',
    );

    const form = screen.getByRole('form', { name: 'Attendance filters' });
    const start = within(form).getByRole('textbox', { name: 'Start date' });
    await user.clear(start);
    await user.type(start, '21-11-2026');
    const end = within(form).getByRole('textbox', { name: 'End date' });
    await user.clear(end);
    await user.type(end, '20-11-2026');
    const before = asked.history.length;
    await user.click(within(form).getByRole('button', { name: 'View Attendance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The start date must not be after the end date.');
    expect(asked.history).toHaveLength(before);
  });
});
