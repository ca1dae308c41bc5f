/**
 * The dashboards' summaries (docs/DOMAIN.md, "Dashboards"): GET /api/dashboard/admin, /teacher,
 * /student and /viewer on the demo seeded on Thursday 3 December 2026, the clock at 10:30 that
 * morning (no register taken yet). Figures are the demo's, read once and written here as literals.
 */
import { and, eq } from 'drizzle-orm';
import { routines, users } from '@server/db/schema';
import { DEMO_GUARDIAN_PHONE } from '@server/db/seed/demo';
import { createTestApp, type TestApp } from '../helpers/server';
import { listOf, NAMED, onNamedDays, resetTaking } from './attendance-fixtures';

onNamedDays(NAMED.schoolDay);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { namedDays: true });
});
afterAll(() => t.close());

describe('the school admin', () => {
  it('today, the last school days, this month’s fees, what is coming and the latest notices', async () => {
    const res = await t.get('admin1', '/api/dashboard/admin');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.date).toBe('2026-12-03');
    expect(d.today).toMatchObject({
      all: 303,
      present: 0,
      absent: 0,
      present_rate: null,
      sections_taken: 0,
      sections_total: 10,
    });
    // The seed's attendance runs from 5 November: 20 school days before today, oldest first.
    expect(d.trend).toHaveLength(20);
    expect(d.trend[0]).toEqual({ date: '2026-11-05', present: 277, absent: 26, rate: 91.4 });
    expect(d.trend[19]).toEqual({ date: '2026-12-02', present: 284, absent: 19, rate: 93.7 });
    expect(d.absentees).toEqual({ total: 0, rows: [] });
    expect(d.fees).toEqual({ month: '2026-12', due: '273000.00', collected: '54200.00', received: '34350.00' });
    expect(d.exams).toEqual([
      {
        exam_type_id: 3,
        exam_name: 'Monthly Class Test 3',
        first_date: '2026-12-03',
        last_date: '2026-12-03',
        sections: 10,
      },
    ]);
    expect(d.calendar.map((c: { topics: string }) => c.topics)).toEqual([
      'Final examination',
      'Victory Day',
      'Result publication and prize giving',
      'Christmas Day',
    ]);
    expect(
      d.notices.map((n: { headline: string; publishing_date: string }) => [n.publishing_date, n.headline]),
    ).toEqual([
      ['2026-12-01', 'Annual sports competition'],
      ['2026-11-30', 'Extra mathematics class'],
      ['2026-11-28', 'Bring your geometry box'],
      ['2026-11-27', 'Parent-teacher meeting'],
      ['2026-11-24', 'Mathematics class test'],
    ]);
  });

  it('a register taken with one absent: today’s rate and the absentee, by name', async () => {
    const [admin] = await t.db.select({ schoolId: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
    const [first] = await t.db
      .select({ id: routines.id })
      .from(routines)
      .where(and(eq(routines.schoolId, admin.schoolId!), eq(routines.dayId, 5), eq(routines.sectionId, 1)))
      .orderBy(routines.periodId)
      .limit(1);
    const list = await listOf(t, 'admin1', first.id, '2026-12-03');
    expect(list).toHaveLength(28);
    const taken = await t.post('admin1', '/api/attendance/student', {
      date: '2026-12-03',
      time: '10:29:00',
      routine_id: first.id,
      attendance: list.map((s, i) => ({ student_id: s.student_id, attendance_status: i === 0 ? 0 : 1 })),
    });
    expect(taken.statusCode).toBe(200);
    const d = (await t.get('admin1', '/api/dashboard/admin')).json();
    expect(d.today).toMatchObject({ present: 27, absent: 1, present_rate: 96.4, sections_taken: 1 });
    expect(d.trend).toHaveLength(21);
    expect(d.trend[20]).toEqual({ date: '2026-12-03', present: 27, absent: 1, rate: 96.4 });
    expect(d.absentees.total).toBe(1);
    expect(d.absentees.rows[0]).toMatchObject({
      student_id: list[0].student_id,
      class_name: 'Six',
      section_default_name: 'A',
      class_roll_no: 1,
    });
    await resetTaking(t, first.id, '2026-12-03');
  });

  it('another school is 403; the other roles may not ask', async () => {
    expect((await t.get('admin1', '/api/dashboard/admin?school_info_id=2')).statusCode).toBe(403);
    for (const who of ['teacher1', 'student1', 'viewer1', DEMO_GUARDIAN_PHONE]) {
      expect((await t.get(who, '/api/dashboard/admin')).statusCode, who).toBe(403);
    }
    const bad = await t.get('admin1', '/api/dashboard/admin?school_info_id=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('school_info_id');
  });
});

describe('the teacher', () => {
  it('today’s periods in order with their taken state, their sections’ 30 days, and work waiting', async () => {
    const res = await t.get('teacher1', '/api/dashboard/teacher');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.date).toBe('2026-12-03');
    expect(d.time).toMatch(/^10:3\d:\d\d$/);
    expect(
      d.periods.map((p: { period_code: string; subject_name: string; attendance_taken: boolean }) => [
        p.period_code,
        p.subject_name,
        p.attendance_taken,
      ]),
    ).toEqual([
      ['1st', 'Higher Mathematics', false],
      ['2nd', 'Mathematics', false],
      ['3rd', 'Mathematics', false],
      ['4th', 'Mathematics', false],
      ['5th', 'Mathematics', false],
      ['6th', 'Mathematics', false],
    ]);
    expect(d.trend).toHaveLength(20);
    expect(d.trend[0]).toEqual({ date: '2026-11-05', present: 277, absent: 26, rate: 91.4 });
    expect(d.sections[0]).toEqual({
      section_id: 1,
      class_name: 'Six',
      section_default_name: 'A',
      present: 530,
      absent: 30,
      rate: 94.6,
    });
    expect(Array.isArray(d.marks)).toBe(true);
    expect(Array.isArray(d.homework)).toBe(true);
  });

  it('a school admin or student may not ask', async () => {
    expect((await t.get('admin1', '/api/dashboard/teacher')).statusCode).toBe(403);
    expect((await t.get('student1', '/api/dashboard/teacher')).statusCode).toBe(403);
  });
});

describe('the student and the guardian', () => {
  it('this month’s attendance and its months, dues, the next exam and holiday', async () => {
    const res = await t.get('student1', '/api/dashboard/student');
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      date: '2026-12-03',
      student_id: 1,
      class_name: 'Six',
      section_default_name: 'A',
      month: { month: '2026-12', present: 12, absent: 0, rate: 100 },
      months: [
        { month: '2026-11', present: 108, absent: 0, rate: 100 },
        { month: '2026-12', present: 12, absent: 0, rate: 100 },
      ],
      results: null,
      dues: { due: '1650.00', next_last_date: '2026-08-10' },
      next_exam: { exam_name: 'Monthly Class Test 3', subject_name: 'Bangla', exam_date: '2026-12-03' },
      next_holiday: { type: 'holiday', topics: 'Victory Day', start_date: '2026-12-16' },
    });
  });

  it('results published: the latest exam, each subject against the section’s average', async () => {
    const publish = await t.post('admin1', '/api/exam/publish', { session_id: 3 });
    expect(publish.statusCode).toBe(200);
    const d = (await t.get('student1', '/api/dashboard/student')).json();
    expect(d.results).not.toBeNull();
    expect(d.results.subjects.length).toBeGreaterThan(0);
    for (const s of d.results.subjects) {
      expect(s.percent).toBeGreaterThanOrEqual(0);
      expect(s.percent).toBeLessThanOrEqual(100);
      expect(s.section_average).toBeGreaterThanOrEqual(0);
      expect(s.section_average).toBeLessThanOrEqual(100);
    }
  });

  it('a student names only themself; a guardian a linked child, and must name one', async () => {
    expect((await t.get('student1', '/api/dashboard/student?student_id=2')).json().error.code).toBe('own_records_only');
    const none = await t.get(DEMO_GUARDIAN_PHONE, '/api/dashboard/student');
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toHaveProperty('student_id');
    const child = await t.get(DEMO_GUARDIAN_PHONE, '/api/dashboard/student?student_id=1');
    expect(child.statusCode).toBe(200);
    expect(child.json().student_id).toBe(1);
    const other = await t.get(DEMO_GUARDIAN_PHONE, '/api/dashboard/student?student_id=2');
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('not_your_child');
  });
});

describe('the viewer and the super admin', () => {
  it('the linked schools side by side: attendance today, this month’s money, the pass rate', async () => {
    const res = await t.get('viewer1', '/api/dashboard/viewer');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 2,
      limit: 20,
      offset: 0,
      rows: [
        {
          school_info_id: 2,
          school_name: 'Chattogram Collegiate Model School',
          date: '2026-12-03',
          present: 0,
          absent: 0,
          rate: null,
          collected: '47950.00',
          pass_rate: 89,
          marks: 5374,
        },
        {
          school_info_id: 1,
          school_name: 'Dhanmondi Model High School',
          date: '2026-12-03',
          present: 0,
          absent: 0,
          rate: null,
          collected: '34350.00',
          pass_rate: 89.8,
          marks: 5356,
        },
      ],
    });
    const page = (await t.get('viewer1', '/api/dashboard/viewer?limit=1&offset=1')).json();
    expect(page).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(page.rows.map((r: { school_info_id: number }) => r.school_info_id)).toEqual([1]);
  });

  it('the super admin reads the schools too; a school admin may not', async () => {
    expect((await t.get('superadmin', '/api/dashboard/viewer')).statusCode).toBe(200);
    expect((await t.get('admin1', '/api/dashboard/viewer')).statusCode).toBe(403);
    expect((await t.get('viewer1', '/api/dashboard/viewer?limit=0')).statusCode).toBe(400);
  });
});
