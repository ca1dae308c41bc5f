/**
 * The attendance dashboards against a mock API: the school admin's /attendance (heading and date,
 * ring, sections with "Not taken yet", "No classes on Friday" on a weekly off day, Historical
 * Attendance with its choices in the address, corrections and their audit, the paged
 * absence-message outbox), the section and absentee pages it links to, and the viewer's read-only
 * /viewershowattendanceview.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type {
  AbsentStudentRow,
  AttendanceAuditRow,
  OutboxRow,
  PeriodAttendanceRow,
  SchoolAttendanceSummary,
  SectionAttendanceSummaryRow,
  UntakenPeriodRow,
} from '@/api/schemas/attendance';
import type { SectionRow } from '@/api/schemas/lookups';
import { setLanguage } from '@/i18n/i18n';
import { ADMIN, currentPath, fakeAuthServer, renderApp, server, VIEWER } from './helpers';

const TODAY = '2026-11-22';
const SLOW = { timeout: 5000 };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T04:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const SUMMARY: SchoolAttendanceSummary = {
  date: TODAY,
  school_info_id: 10,
  school_name: 'Green Valley School',
  all: 60,
  present: 55,
  absent: 5,
  present_rate: 91.7,
  sections_taken: 2,
  sections_total: 3,
  day_name: 'Sunday',
  weekly_off: false,
};

function sectionRow(over: Partial<SectionAttendanceSummaryRow>): SectionAttendanceSummaryRow {
  return {
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_default_name: 'A',
    all: 30,
    present: 28,
    absent: 2,
    present_rate: 93.3,
    taken_periods: 2,
    scheduled_periods: 6,
    taken: true,
    ...over,
  };
}
const SECTION_ROWS = [
  sectionRow({}),
  sectionRow({ section_id: 4, section_default_name: 'B', present: 27, absent: 3, present_rate: 90 }),
  sectionRow({
    class_id: 7,
    class_name: 'Seven',
    section_id: 5,
    section_default_name: 'A',
    present: null,
    absent: null,
    present_rate: null,
    taken_periods: 0,
    taken: false,
  }),
];

const SECTIONS: SectionRow[] = [
  { id: 3, section_default_name: 'A', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
  { id: 4, section_default_name: 'B', class_id: 6, class_name: 'Six', shift_id: 1, school_info_id: 10 },
  { id: 5, section_default_name: 'A', class_id: 7, class_name: 'Seven', shift_id: 1, school_info_id: 10 },
];

function periodRow(over: Partial<PeriodAttendanceRow>): PeriodAttendanceRow {
  return {
    r_id: 11,
    period_id: 1,
    period_code: 'P1',
    subject_id: 2,
    subject_name: 'Mathematics',
    start_time: '08:00:00',
    end_time: '08:45:00',
    time: '08:52:00',
    t_id: 41,
    initial: 'RK',
    teacher_name: 'Rahima Khatun',
    all: 30,
    present: 28,
    absent: 2,
    taken: true,
    corrected_by: null,
    corrected_at: null,
    ...over,
  };
}
const PERIODS = [
  periodRow({}),
  periodRow({
    r_id: 12,
    period_id: 2,
    period_code: 'P2',
    subject_name: 'English',
    start_time: '08:50:00',
    end_time: '09:35:00',
    time: null,
    t_id: 42,
    initial: 'MRH',
    teacher_name: 'Mizanur Rahman',
    present: null,
    absent: null,
    taken: false,
  }),
];

const ABSENT: AbsentStudentRow[] = [
  {
    student_id: 501,
    student_code: 'S-1',
    full_name: 'Arif Hossain',
    class_name: 'Six',
    section_default_name: 'A',
    mobile_no: '01711000001',
    class_roll_no: 1,
    period_codes: ['P1'],
  },
  {
    student_id: 512,
    student_code: 'S-12',
    full_name: 'Lima Akter',
    class_name: 'Six',
    section_default_name: 'A',
    mobile_no: '01711000012',
    class_roll_no: 12,
    period_codes: ['P1', 'P3'],
  },
];

/** Twelve registers not taken: P1 to P12 of Class Six A, Mizanur Rahman's. */
const UNTAKEN: UntakenPeriodRow[] = Array.from({ length: 12 }, (_, i) => ({
  routine_id: 900 + i,
  date: TODAY,
  period_code: `P${i + 1}`,
  start_time: '08:00:00',
  end_time: '08:45:00',
  class_name: 'Six',
  section_id: 3,
  section_default_name: 'A',
  subject_name: 'English',
  teacher_id: 42,
  teacher_name: 'Mizanur Rahman',
}));

function outboxRow(i: number): OutboxRow {
  return {
    id: 1000 - i,
    kind: 'absence',
    student_name: `Student ${i}`,
    phone: `0171100${String(i).padStart(4, '0')}`,
    body: 'Your child was absent today.',
    date: TODAY,
    status: i % 7 === 0 ? 'failed' : 'sent',
    encoding: 'gsm7',
    length: 28,
    parts: 1,
    attempts: i % 7 === 0 ? 3 : 1,
    last_error: i % 7 === 0 ? 'gateway timeout' : null,
    created_at: '2026-11-22T03:10:00.000Z',
    sent_at: i % 7 === 0 ? null : '2026-11-22T03:11:00.000Z',
  };
}

const AUDIT: AttendanceAuditRow[] = [
  {
    id: 2,
    student_id: 512,
    full_name: 'Lima Akter',
    class_roll_no: 12,
    old_status: 1,
    new_status: 0,
    changed_by: 'Nasrin Akter',
    changed_at: '2026-11-20T09:02:00.000Z',
  },
];

function fakeDashboardApi(
  over: {
    summary?: SchoolAttendanceSummary;
    sections?: SectionAttendanceSummaryRow[];
    periods?: PeriodAttendanceRow[];
    outboxTotal?: number;
  } = {},
) {
  const asked: Record<string, Array<Record<string, string>>> = {};
  const log = (name: string, request: Request) => {
    (asked[name] ??= []).push(Object.fromEntries(new URL(request.url).searchParams));
  };
  const outbox = Array.from({ length: over.outboxTotal ?? 23 }, (_, i) => outboxRow(i + 1));
  server.use(
    http.get(
      '/api/attendance/summary/school',
      ({ request }) => (log('school', request), HttpResponse.json(over.summary ?? SUMMARY)),
    ),
    http.get(
      '/api/attendance/summary/all',
      ({ request }) => (log('sections', request), HttpResponse.json(over.sections ?? SECTION_ROWS)),
    ),
    http.get('/api/section/all', ({ request }) => (log('lookup', request), HttpResponse.json(SECTIONS))),
    http.get(
      '/api/attendance/summary/section/today',
      ({ request }) => (log('periods', request), HttpResponse.json(over.periods ?? PERIODS)),
    ),
    http.get('/api/attendance/audit', ({ request }) => {
      log('audit', request);
      return HttpResponse.json({ rows: AUDIT, total: AUDIT.length, limit: 50, offset: 0 });
    }),
    http.get('/api/attendance/section/absent', ({ request }) => (log('absent', request), HttpResponse.json(ABSENT))),
    http.get('/api/report/untaken_periods', ({ request }) => {
      log('untaken', request);
      const q = new URL(request.url).searchParams;
      const offset = Number(q.get('offset'));
      const limit = Number(q.get('limit'));
      return HttpResponse.json({ rows: UNTAKEN.slice(offset, offset + limit), total: UNTAKEN.length, limit, offset });
    }),
    http.get('/api/attendance/outbox', ({ request }) => {
      log('outbox', request);
      const q = new URL(request.url).searchParams;
      const offset = Number(q.get('offset'));
      const limit = Number(q.get('limit'));
      const rows = outbox.filter((r) => !q.get('status') || r.status === q.get('status'));
      return HttpResponse.json({ rows: rows.slice(offset, offset + limit), total: rows.length, limit, offset });
    }),
  );
  return asked;
}

const distinct = <T,>(list: T[] = []) =>
  [...new Set(list.map((x) => JSON.stringify(x)))].map((x) => JSON.parse(x) as T);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('school admin attendance dashboard (/attendance)', () => {
  it('shows today with its date, the ring, and every section — untaken ones as “Not taken yet”', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked = fakeDashboardApi();
    renderApp('/attendance');

    expect(await screen.findByRole('heading', { name: 'Today Attendance' }, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('attendance-date')).toHaveTextContent('22-Nov-2026');
    const ring = await screen.findByRole('img', { name: 'P-91.7%' });
    expect(within(ring).getByTestId('present-arc')).toBeInTheDocument();
    expect(screen.getByText('2 of 3 sections taken · 55 present, 5 absent of 60')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Attendance by section' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Class', 'Section', 'Total Student', 'Present', 'Absence']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Six', 'A', '30', '28(93.3%)', '2'],
      ['Six', 'B', '30', '27(90%)', '3'],
      ['Seven', 'A', '30', 'Not taken yet', '—'],
    ]);
    expect(within(rows[2]).queryByText(/0\s*%/)).not.toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'A, Class Six' })).toHaveAttribute(
      'href',
      '/classbasedstudentabsence?section_id=3&class_id=6',
    );
    expect(distinct(asked.school)).toEqual([{ date: TODAY }]);
    expect(distinct(asked.sections)).toEqual([{ date: TODAY }]);
  });

  it('lists the registers not taken with their teacher, ten at a time', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked = fakeDashboardApi();
    const user = userEvent.setup();
    renderApp('/attendance');
    const table = await screen.findByRole('table', { name: 'Registers not taken' }, SLOW);
    expect(screen.getByText('Periods ended 15 minutes ago or more without attendance: 12')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(cells(rows[0])).toEqual(['P1 8:00 AM – 8:45 AM', 'Class Six, Section A', 'English', 'Mizanur Rahman']);
    const pages = screen.getByRole('navigation', { name: 'Pages of registers not taken' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentPath()).toContain('untaken_page=2'));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Registers not taken' })).getAllByRole('row')).toHaveLength(3),
    );
    expect(distinct(asked.untaken).map((q) => q.offset)).toEqual(['0', '10']);
  });

  it('labels the ring “Not taken yet” when no section is taken', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    fakeDashboardApi({
      summary: { ...SUMMARY, present: 0, absent: 0, all: 0, present_rate: null, sections_taken: 0 },
      sections: [SECTION_ROWS[2]],
    });
    renderApp('/attendance');
    const ring = await screen.findByRole('img', { name: 'Not taken yet' }, SLOW);
    // No green arc (a zero-length round-capped arc used to show as a dot at the top).
    expect(within(ring).queryByTestId('present-arc')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /P-0/ })).not.toBeInTheDocument();
    expect(screen.getByText('0 of 3 sections taken')).toBeInTheDocument();
  });

  it('on a weekly off day says “No classes on Friday” instead of “Not taken yet” for every section', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    fakeDashboardApi({
      summary: {
        ...SUMMARY,
        date: '2026-11-20',
        present: 0,
        absent: 0,
        present_rate: null,
        sections_taken: 0,
        sections_total: 0,
        day_name: 'Friday',
        weekly_off: true,
      },
      sections: SECTION_ROWS.map((r) => ({ ...r, taken: false, present: null, absent: null, present_rate: null })),
    });
    renderApp('/attendance?date=2026-11-20');
    expect(await screen.findByRole('img', { name: 'No classes on Friday' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('No classes on Friday.')).toBeInTheDocument();
    expect(screen.queryByText('Not taken yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Attendance by section' })).not.toBeInTheDocument();
  });

  it('on a calendar holiday names the holiday instead of “Not taken yet”', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    fakeDashboardApi({
      summary: {
        ...SUMMARY,
        date: '2026-03-26',
        present: 0,
        absent: 0,
        present_rate: null,
        sections_taken: 0,
        sections_total: 0,
        day_name: 'Thursday',
        weekly_off: false,
        holiday: 'Independence Day',
      },
      sections: SECTION_ROWS.map((r) => ({
        ...r,
        taken: false,
        present: null,
        absent: null,
        present_rate: null,
        scheduled_periods: 0,
      })),
    });
    renderApp('/attendance?date=2026-03-26');
    expect(await screen.findByRole('img', { name: 'Holiday: Independence Day' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByText('Not taken yet')).not.toBeInTheDocument();
  });

  it('keeps the shown date in the address: Back and reload return to it', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked = fakeDashboardApi();
    const { user, unmount } = renderApp('/attendance');
    const field = await screen.findByRole('textbox', { name: 'Show date' }, SLOW);
    expect(field).toHaveValue('22-11-2026');
    await user.clear(field);
    await user.type(field, '19-11-2026');
    expect(await screen.findByRole('heading', { name: 'Attendance' })).toBeInTheDocument();
    expect(currentPath()).toBe('/attendance?date=2026-11-19');
    expect(screen.getByTestId('attendance-date')).toHaveTextContent('19-Nov-2026');

    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Today Attendance' })).toBeInTheDocument();
    act(() => window.history.forward());
    expect(await screen.findByRole('heading', { name: 'Attendance' })).toBeInTheDocument();

    // A reload (a fresh app on the same address) shows the same day.
    unmount();
    renderApp(currentPath());
    expect(await screen.findByRole('heading', { name: 'Attendance' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Show date' })).toHaveValue('19-11-2026');
    expect(distinct(asked.sections).map((q) => q.date)).toEqual([TODAY, '2026-11-19']);
  });

  it('Historical Attendance: class, section and date, then the per-period table with its links', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked = fakeDashboardApi();
    const { user, unmount } = renderApp('/attendance');
    const toggle = await screen.findByRole('button', { name: /Historical Attendance/ }, SLOW);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const form = await screen.findByRole('form', { name: 'Historical Attendance filters' });
    const section = within(form).getByLabelText('Section');
    expect(section).toBeDisabled();
    await user.selectOptions(within(form).getByLabelText('Class'), 'Six');
    expect(
      within(section)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a section', 'A', 'B']);
    await user.selectOptions(section, 'A');
    const date = within(form).getByRole('textbox', { name: 'Date' });
    expect(date).toHaveValue('22-11-2026');
    await user.clear(date);
    await user.type(date, '23-11-2026{Enter}');
    expect(await within(form).findByText(/on or before 22-11-2026/)).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '19-11-2026');
    await user.click(within(form).getByRole('button', { name: 'View Attendance' }));
    expect(currentPath()).toBe('/attendance?h_class=6&h_section=3&h_date=2026-11-19');

    const table = await screen.findByRole('table', { name: 'Periods of Class Six, Section A on 19-Nov-2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Period',
      'Subject',
      'Class Time',
      'Attendance Time',
      'Teacher Initial',
      'Total Student',
      'Present',
      'Absent',
    ]);
    const [taken, untaken] = within(table).getAllByRole('row').slice(1);
    expect(cells(taken)).toEqual(['P1', 'Mathematics', '8:00 AM – 8:45 AM', '8:52 AM', 'RK', '30', '28', '2']);
    expect(cells(untaken)).toEqual(['P2', 'English', '8:50 AM – 9:35 AM', 'Not taken yet', 'MRH', '30', '—', '—']);
    expect(within(taken).getByRole('link', { name: 'RK' })).toHaveAttribute('href', '/teacherprofile?teacher_id=41');
    expect(within(taken).getByRole('link', { name: /^2 absent in P1/ })).toHaveAttribute(
      'href',
      '/studentabsence?section_id=3&routine_id=11&date=2026-11-19',
    );
    expect(
      within(untaken)
        .queryAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['MRH']);
    expect(distinct(asked.periods)).toEqual([{ section_id: '3', class_id: '6', date: '2026-11-19' }]);

    // A reload (or a shared link) opens the card on the same choices and table.
    unmount();
    renderApp(currentPath());
    expect(
      await screen.findByRole('table', { name: 'Periods of Class Six, Section A on 19-Nov-2026' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Historical Attendance/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Class')).toHaveValue('6');
    expect(screen.getByLabelText('Section')).toHaveValue('3');
  });

  it('a corrected period says who corrected it and when; the admin opens the changed marks', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked = fakeDashboardApi({
      periods: [periodRow({ corrected_by: 'Nasrin Akter', corrected_at: '2026-11-20T09:02:00.000Z' }), PERIODS[1]],
    });
    const { user } = renderApp('/classbasedstudentabsence?section_id=3&class_id=6&date=2026-11-19');
    const table = await screen.findByRole('table', { name: /^Periods of/ }, SLOW);
    const [taken] = within(table).getAllByRole('row').slice(1);
    // The first taker's time stays the attendance time.
    expect(within(taken).getAllByRole('cell')[3]).toHaveTextContent(
      '8:52 AMcorrected by Nasrin Akter at 20-Nov-2026 15:02',
    );
    await user.click(within(taken).getByRole('button', { name: 'Changes in P1' }));
    const audit = await screen.findByRole('table', { name: 'Changes to P1 (Mathematics) on 19-Nov-2026' });
    expect(within(audit).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Lima Akter', '12', 'Present → Absent', 'Nasrin Akter', '20-Nov-2026 15:02'],
    ]);
    expect(distinct(asked.audit)).toEqual([{ routine_id: '11', date: '2026-11-19', limit: '50', offset: '0' }]);
  });

  it('lists the absence messages a page at a time, with status, attempts and error', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked = fakeDashboardApi({ outboxTotal: 23 });
    const { user } = renderApp('/attendance');
    const card = await screen.findByRole('region', { name: 'Absence messages' }, SLOW);
    const table = await within(card).findByRole('table', { name: 'Absence messages' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    expect(cells(rows[6])).toEqual([
      '22-Nov-2026',
      'Student 7',
      '01711000007',
      'Your child was absent today.1 SMS part · 28 characters (GSM-7)',
      'failed',
      '3',
      'gateway timeout',
      '22-Nov-2026 09:10',
      '—',
    ]);
    expect(cells(rows[0])).toEqual([
      '22-Nov-2026',
      'Student 1',
      '01711000001',
      'Your child was absent today.1 SMS part · 28 characters (GSM-7)',
      'sent',
      '1',
      '—',
      '22-Nov-2026 09:10',
      '22-Nov-2026 09:11',
    ]);

    const pages = within(card).getByRole('navigation', { name: 'Absence message pages' });
    expect(pages).toHaveTextContent('Showing 1–20 of 23');
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(card).findByRole('cell', { name: 'Student 21' })).toBeInTheDocument();
    expect(within(card).getByRole('navigation', { name: 'Absence message pages' })).toHaveTextContent(
      'Showing 21–23 of 23',
    );
    expect(currentPath()).toBe('/attendance?outbox_page=2');
    expect(within(within(card).getByRole('table')).getAllByRole('row')).toHaveLength(4);
    expect(within(card).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.selectOptions(within(card).getByLabelText('Status'), 'failed');
    expect(await within(card).findByRole('cell', { name: 'Student 14' })).toBeInTheDocument();
    expect(currentPath()).toBe('/attendance?outbox_status=failed');
    expect(
      within(within(card).getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((r) => cells(r)[4]),
    ).toEqual(['failed', 'failed', 'failed']);
    expect(distinct(asked.outbox)).toEqual([
      { limit: '20', offset: '0' },
      { limit: '20', offset: '20' },
      { status: 'failed', limit: '20', offset: '0' },
    ]);
  });

  it('a section link opens its periods today; an absent count opens who was absent', async () => {
    fakeAuthServer(ADMIN).savedSignIn();
    const asked = fakeDashboardApi();
    const { user } = renderApp('/attendance');
    await user.click(await screen.findByRole('link', { name: 'A, Class Six' }, SLOW));

    expect(await screen.findByRole('heading', { name: 'Student Attendance Information' })).toBeInTheDocument();
    expect(currentPath()).toBe('/classbasedstudentabsence?section_id=3&class_id=6');
    expect(await screen.findByText('Class Six, Section A · 22-Nov-2026')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /^Periods of Class Six, Section A on 22-Nov-2026/ });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(distinct(asked.periods)).toEqual([{ section_id: '3', class_id: '6', date: TODAY }]);

    await user.click(within(table).getByRole('link', { name: /^2 absent in P1/ }));
    expect(await screen.findByRole('heading', { name: 'Absence Student Information' })).toBeInTheDocument();
    const absent = await screen.findByRole('table', { name: 'Absent students' });
    expect(
      within(absent)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Roll', 'Class', 'Section', 'Phone Number', 'Absent in']);
    expect(within(absent).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Arif Hossain', '1', 'Six', 'A', '01711000001', 'P1'],
      ['Lima Akter', '12', 'Six', 'A', '01711000012', 'P1, P3'],
    ]);
    expect(distinct(asked.absent)).toEqual([{ section_id: '3', routine_id: '11', date: TODAY }]);
  });
});

describe('the dashboard in Bangla', () => {
  afterEach(() => setLanguage('en'));

  it('the date, ring, counts, table and outbox in Bangla with Bangla digits', async () => {
    await setLanguage('bn');
    fakeAuthServer(ADMIN).savedSignIn();
    fakeDashboardApi({ outboxTotal: 3 });
    renderApp('/attendance');

    expect(await screen.findByRole('heading', { name: 'আজকের হাজিরা' }, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId('attendance-date')).toHaveTextContent('২২-নভেম্বর-২০২৬');
    expect(await screen.findByRole('img', { name: 'উ-৯১.৭%' })).toBeInTheDocument();
    expect(
      screen.getByText('৩টি শাখার মধ্যে ২টির হাজিরা নেওয়া হয়েছে · ৬০ জনের মধ্যে উপস্থিত ৫৫, অনুপস্থিত ৫'),
    ).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'শাখাভিত্তিক হাজিরা' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['শ্রেণি', 'শাখা', 'মোট শিক্ষার্থী', 'উপস্থিত', 'অনুপস্থিত']);
    // The classes by the school's Bangla names (GET /api/names/bn).
    await waitFor(() =>
      expect(within(table).getAllByRole('row').slice(1).map(cells)).toEqual([
        ['ষষ্ঠ', 'A', '৩০', '২৮(৯৩.৩%)', '২'],
        ['ষষ্ঠ', 'B', '৩০', '২৭(৯০%)', '৩'],
        ['সপ্তম', 'A', '৩০', 'এখনও নেওয়া হয়নি', '—'],
      ]),
    );
    expect(within(table).getByRole('link', { name: 'A, শ্রেণি ষষ্ঠ' })).toBeInTheDocument();

    const [card] = await screen.findAllByRole('region', { name: 'অনুপস্থিতির বার্তা' });
    const outbox = await within(card).findByRole('table', { name: 'অনুপস্থিতির বার্তা' });
    const first = within(outbox).getAllByRole('row')[1];
    expect(within(first).getByTestId('sms-parts')).toHaveTextContent('১টি এসএমএস · ২৮ অক্ষর (GSM-7)');
    expect(first).toHaveTextContent('পাঠানো হয়েছে');
    expect(first).toHaveTextContent('২২-নভেম্বর-২০২৬ ০৯:১০');
  });

  it('a weekly off day reads “শুক্রবার কোনো ক্লাস নেই”', async () => {
    await setLanguage('bn');
    fakeAuthServer(ADMIN).savedSignIn();
    fakeDashboardApi({
      summary: {
        ...SUMMARY,
        date: '2026-11-20',
        present: 0,
        absent: 0,
        present_rate: null,
        sections_taken: 0,
        sections_total: 0,
        day_name: 'Friday',
        weekly_off: true,
      },
      sections: SECTION_ROWS.map((r) => ({ ...r, taken: false, present: null, absent: null, present_rate: null })),
    });
    renderApp('/attendance?date=2026-11-20');
    expect(await screen.findByRole('img', { name: 'শুক্রবার কোনো ক্লাস নেই' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('শুক্রবার কোনো ক্লাস নেই।')).toBeInTheDocument();
  });
});

describe('viewer attendance summary (/viewershowattendanceview)', () => {
  it('reads the chosen school, by date, without the outbox', async () => {
    fakeAuthServer(VIEWER).savedSignIn({ id: 4, school_name: 'River Side Girls School' });
    const asked = fakeDashboardApi();
    const { user } = renderApp('/viewershowattendanceview');
    expect(await screen.findByRole('heading', { name: 'Today Attendance' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText('River Side Girls School', { selector: 'p' })).toBeInTheDocument();
    const ring = await screen.findByRole('img', { name: 'P-91.7%' });
    expect(within(ring).getByTestId('present-arc')).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Attendance by section' });
    expect(screen.queryByRole('region', { name: 'Absence messages' })).not.toBeInTheDocument();
    expect(asked.outbox).toBeUndefined();
    expect(distinct(asked.school)).toEqual([{ school_info_id: '4', date: TODAY }]);

    const field = screen.getByRole('textbox', { name: 'Show date' });
    await user.clear(field);
    await user.type(field, '19-11-2026');
    expect(await screen.findByRole('heading', { name: 'Attendance' })).toBeInTheDocument();
    expect(screen.getByTestId('attendance-date')).toHaveTextContent('19-Nov-2026');
    await screen.findByRole('img', { name: 'P-91.7%' });
    expect(distinct(asked.sections)).toEqual([
      { school_info_id: '4', date: TODAY },
      { school_info_id: '4', date: '2026-11-19' },
    ]);
    const link = within(await screen.findByRole('table', { name: 'Attendance by section' })).getAllByRole('link')[0];
    expect(link).toHaveAttribute('href', '/classbasedstudentabsence?section_id=3&class_id=6&date=2026-11-19');
  });
});
