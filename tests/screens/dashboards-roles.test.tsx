/**
 * The teacher's, student's, guardian's, viewer's and super admin's dashboards answer before
 * anyone clicks (docs/DOMAIN.md, "Dashboards"): GET /api/dashboard/teacher, /student and /viewer
 * drawn as cards, in English and Bangla.
 */
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SchoolsDashboard, StudentDashboard, TeacherDashboard } from '@/api/schemas/dashboards';
import type { GuardianChild } from '@/api/schemas/guardians';
import { setLanguage } from '@/i18n/i18n';
import { fakeAuthServer, GUARDIAN, renderApp, routineRow, server, STUDENT, TEACHER, VIEWER } from './helpers';

const SLOW = { timeout: 5000 };
const period = (id: number, code: string, start: string, end: string, taken: boolean) => ({
  ...routineRow({ id, period_code: code, start_time: start, end_time: end, subject_name: 'Mathematics', room: '101' }),
  date: '2026-11-26',
  attendance_taken: taken,
});

const TEACHER_DAY: TeacherDashboard = {
  date: '2026-11-26',
  time: '09:00:00',
  periods: [
    period(1, '1st', '08:00:00', '08:45:00', true),
    period(3, '3rd', '10:00:00', '10:45:00', false),
    period(2, '2nd', '08:45:00', '09:30:00', false),
  ],
  trend: [
    { date: '2026-11-24', present: 50, absent: 10, rate: 83.3 },
    { date: '2026-11-25', present: 57, absent: 3, rate: 95 },
  ],
  sections: [{ section_id: 3, class_name: 'Six', section_default_name: 'A', present: 107, absent: 13, rate: 89.2 }],
  marks: [
    {
      exam_id: 8,
      exam_name: 'Monthly Class Test 3',
      subject_name: 'Mathematics',
      class_name: 'Six',
      section_default_name: 'A',
      exam_date: '2026-11-24',
      entered: 12,
      students: 30,
    },
  ],
  homework: [
    {
      homework_id: 4,
      topic: 'Fractions',
      subject_name: 'Mathematics',
      class_name: 'Six',
      section_default_name: 'A',
      due_date: '2026-11-25',
      unmarked: 7,
    },
  ],
};

const STUDENT_DAY: StudentDashboard = {
  date: '2026-11-26',
  student_id: 41,
  full_name: 'Arif Hossain',
  class_name: 'Six',
  section_default_name: 'A',
  month: { month: '2026-11', present: 108, absent: 12, rate: 90 },
  months: [
    { month: '2026-10', present: 95, absent: 5, rate: 95 },
    { month: '2026-11', present: 108, absent: 12, rate: 90 },
  ],
  results: {
    exam_name: 'Half Yearly',
    subjects: [
      { subject_name: 'Bangla', percent: 78.5, section_average: 64.2 },
      { subject_name: 'Mathematics', percent: 91, section_average: 70.1 },
    ],
  },
  dues: { due: '1650.00', next_last_date: '2026-08-10' },
  next_exam: { exam_name: 'Monthly Class Test 3', subject_name: 'Bangla', exam_date: '2026-12-03' },
  next_holiday: { id: 15, type: 'holiday', topics: 'Victory Day', start_date: '2026-12-16', end_date: '2026-12-16' },
};

const SCHOOLS: SchoolsDashboard = {
  total: 2,
  limit: 20,
  offset: 0,
  rows: [
    {
      school_info_id: 2,
      school_name: 'Chattogram Collegiate Model School',
      date: '2026-11-26',
      present: 270,
      absent: 30,
      rate: 90,
      collected: '47950.00',
      pass_rate: 89,
      marks: 5374,
    },
    {
      school_info_id: 1,
      school_name: 'Dhanmondi Model High School',
      date: '2026-11-26',
      present: 0,
      absent: 0,
      rate: null,
      collected: '34350.00',
      pass_rate: 89.8,
      marks: 5356,
    },
  ],
};

const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('the role dashboards', () => {
  // Thursday 26 November 2026, 09:00 in Dhaka.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T03:00:00Z'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await setLanguage('en');
  });

  it('the teacher: today’s periods with the one under way first, marks and homework waiting, the trend', async () => {
    fakeAuthServer(TEACHER).savedSignIn();
    server.use(
      http.get('/api/dashboard/teacher', () => HttpResponse.json(TEACHER_DAY)),
      http.get('/api/routine/teacher', () => HttpResponse.json([])),
      http.get('/api/routine/teacher/today', () => HttpResponse.json([])),
    );
    renderApp('/teacher-admin');
    const periods = await screen.findByRole('region', { name: 'Today’s periods' }, SLOW);
    const items = within(periods).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^Now2nd · Mathematics.*Not takenTake attendance$/),
      expect.stringMatching(/^3rd · Mathematics.*Not taken$/),
      expect.stringMatching(/^1st · Mathematics.*Taken$/),
    ]);
    expect(within(items[0]).getByRole('link', { name: 'Take attendance' })).toHaveAttribute(
      'href',
      '/teacherattendance',
    );
    const marks = screen.getByRole('region', { name: 'Marks waiting' });
    expect(marks).toHaveTextContent('24 November · 12 of 30 entered');
    expect(within(marks).getByRole('link', { name: 'Enter marks' })).toHaveAttribute('href', '/teacherevaluation');
    expect(screen.getByRole('region', { name: 'Homework to mark' })).toHaveTextContent('Fractions');
    expect(screen.getByRole('region', { name: 'Homework to mark' })).toHaveTextContent('7 answers to mark');
    expect(screen.getByRole('region', { name: 'The last 2 school days' })).toHaveTextContent(
      'Attendance averaged 89.2% over 2 days, from 83.3% to 95%; on 25 November it was 95%.',
    );
    const sections = screen.getByRole('table', { name: 'Your sections over the last days' });
    expect(rows(sections)).toEqual(['Six A1071389.2%']);
  });

  it('the student: this month, the months, results against the section, the next exam and holiday', async () => {
    fakeAuthServer(STUDENT).savedSignIn();
    const asked: string[] = [];
    server.use(
      http.get('/api/dashboard/student', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(STUDENT_DAY);
      }),
    );
    renderApp('/student-admin');
    const month = await screen.findByRole('region', { name: 'Attendance this month' }, SLOW);
    expect(month).toHaveTextContent('90%');
    expect(month).toHaveTextContent('108 of 120 periods present');
    expect(rows(within(month).getByRole('table', { name: 'Attendance by month' }))).toEqual([
      'October 202695595%',
      'November 20261081290%',
    ]);
    const results = screen.getByRole('table', { name: 'Half Yearly: your marks against the section’s average' });
    expect(rows(results)).toEqual(['Bangla78.5%64.2%', 'Mathematics91%70.1%']);
    expect(screen.getByRole('region', { name: 'Next exam' })).toHaveTextContent(
      'Monthly Class Test 3 · Bangla 3 December',
    );
    expect(screen.getByRole('region', { name: 'Next holiday' })).toHaveTextContent('Victory Day 16 December');
    expect(asked).toEqual(['']);

    await act(() => setLanguage('bn'));
    const bnMonth = await screen.findByRole('region', { name: 'এই মাসের হাজিরা' });
    expect(bnMonth).toHaveTextContent('৯০%');
    expect(bnMonth).toHaveTextContent('১২০ পিরিয়ডের মধ্যে ১০৮টিতে উপস্থিত');
    expect(rows(within(bnMonth).getByRole('table', { name: 'মাসভিত্তিক হাজিরা' }))[0]).toBe('অক্টোবর ২০২৬৯৫৫৯৫%');
    expect(screen.getByRole('region', { name: 'পরবর্তী ছুটি' })).toHaveTextContent('১৬ ডিসেম্বর');
  });

  it('the guardian: each child’s summary, asked for by the child’s id', async () => {
    fakeAuthServer(GUARDIAN).savedSignIn();
    const child: GuardianChild = {
      student_id: 41,
      student_code: 'S-1-0101',
      full_name: 'Arif Hossain',
      relation: 'father',
      school_info_id: 1,
      school_name: 'Dhanmondi Model High School',
      session_id: 3,
      class_id: 6,
      class_name: 'Six',
      section_id: 3,
      section_default_name: 'A',
      class_roll_no: 1,
      today: '2026-11-26',
    };
    const asked: string[] = [];
    server.use(
      http.get('/api/guardian/children', () => HttpResponse.json([child])),
      http.get('/api/dashboard/student', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ ...STUDENT_DAY, results: null });
      }),
    );
    renderApp('/guardian-admin');
    const month = await screen.findByRole('region', { name: 'Attendance this month' }, SLOW);
    expect(month).toHaveTextContent('108 of 120 periods present');
    expect(screen.getByRole('region', { name: 'Latest results' })).toHaveTextContent('No results published yet.');
    expect(asked).toEqual(['?student_id=41']);
  });

  it('the viewer: the linked schools side by side, above the school list', async () => {
    fakeAuthServer(VIEWER).savedSignIn();
    server.use(
      http.get('/api/dashboard/viewer', () => HttpResponse.json(SCHOOLS)),
      http.get('/api/school_info', () => HttpResponse.json([])),
    );
    renderApp('/viewer-school');
    const table = await screen.findByRole('table', { name: 'Your schools side by side' }, SLOW);
    expect(rows(table)).toEqual([
      'Chattogram Collegiate Model School90%270 present, 30 absent৳47,950.0089%',
      'Dhanmondi Model High SchoolNot taken yet৳34,350.0089.8%',
    ]);
  });
});
