import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { enrolments, sections } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const todayDhaka = schoolToday;
/** The next date (from the school's today) with the given luxon weekday (1 Mon ... 7 Sun). */
const nextWeekday = (weekday: number) => {
  let d = todayDhaka();
  while (d.weekday !== weekday) d = d.plus({ days: 1 });
  return d.toISODate()!;
};

it('days run Sunday first, as the spec numbers them', async () => {
  const days = (await t.get('student1', '/api/day')).json();
  expect(days[0]).toEqual({ id: 1, day: 'Sunday' });
  expect(days[6]).toEqual({ id: 7, day: 'Saturday' });
});

it('sessions are calendar years and the current one is marked', async () => {
  const sessions = (await t.get('teacher1', '/api/session')).json();
  const current = sessions.filter((s: { current: boolean }) => s.current);
  expect(current).toHaveLength(1);
  expect(current[0].session_year).toBe(String(todayDhaka().year));
});

it('classes, subjects, groups and divisions are served with the spec’s field names', async () => {
  const classes = (await t.get('admin1', '/api/class')).json();
  const six = classes.find((c: { class_name: string }) => c.class_name === 'Six');
  expect(six).toMatchObject({ id: expect.any(Number), class_name: 'Six' });
  const subjects = (await t.get('admin1', `/api/subjects?class_id=${six.id}`)).json();
  expect(subjects.length).toBeGreaterThan(4);
  expect(subjects.every((s: { class_id: number }) => s.class_id === six.id)).toBe(true);
  expect(subjects.map((s: { subject_name: string }) => s.subject_name)).toContain('Mathematics');
  const groups = (await t.get('admin1', '/api/groups/all')).json();
  expect(groups.map((g: { division_name: string }) => g.division_name)).toEqual([
    'Science',
    'Humanities',
    'Business Studies',
  ]);
  const divisions = (await t.get('admin1', '/api/division')).json();
  expect(divisions).toHaveLength(8);
});

it('sections and periods are the caller’s own school’s', async () => {
  const s1 = (await t.get('admin1', '/api/section/all')).json();
  const s2 = (await t.get('admin2', '/api/section/all')).json();
  expect(s1.length).toBe(10);
  expect(new Set(s1.map((s: { school_info_id: number }) => s.school_info_id)).size).toBe(1);
  expect(s1[0].school_info_id).not.toBe(s2[0].school_info_id);
  const periods = (await t.get('teacher1', '/api/period')).json();
  expect(periods.length).toBeGreaterThanOrEqual(6);
  expect(periods[0].start_time).toMatch(/^\d\d:\d\d:\d\d$/);
  expect(periods[0].start_time < periods[0].end_time).toBe(true);
});

it('a teacher’s week has classes on every school day, with the spec’s routine fields', async () => {
  const rows = (await t.get('teacher1', '/api/routine/teacher')).json();
  expect(new Set(rows.map((r: { day_id: number }) => r.day_id))).toEqual(new Set([1, 2, 3, 4, 5]));
  expect(rows[0]).toMatchObject({
    day: 'Sunday',
    period_code: expect.any(String),
    start_time: expect.any(String),
    subject_name: expect.any(String),
    class_name: expect.any(String),
    section_default_name: expect.any(String),
    room: expect.any(String),
    initial: expect.any(String),
  });
});

it('a student sees their section’s routine', async () => {
  const me = (await t.get('student1', '/api/users/user_id')).json();
  const rows = (
    await t.get('student1', `/api/routine/student?section_id=${me.section_id}&class_id=${me.class}`)
  ).json();
  expect(rows.length).toBeGreaterThanOrEqual(25);
  expect(rows.every((r: { section_id: number }) => r.section_id === me.section_id)).toBe(true);
});

it('a teacher’s day follows the weekday and is empty on the weekly off day', async () => {
  const sunday = nextWeekday(7);
  const onSunday = (await t.get('teacher1', `/api/routine/teacher/today?today=${sunday}`)).json();
  expect(onSunday.length).toBeGreaterThan(0);
  expect(onSunday.every((r: { day: string; date: string }) => r.day === 'Sunday' && r.date === sunday)).toBe(true);
  const friday = nextWeekday(5);
  expect((await t.get('teacher1', `/api/routine/teacher/today?today=${friday}`)).json()).toEqual([]);
});

it('an invalid date is a 400 naming the field', async () => {
  const res = await t.get('teacher1', '/api/routine/teacher/today?today=2026-02-30');
  expect(res.statusCode).toBe(400);
  expect(res.json().error.fields).toHaveProperty('today');
});

it('students of a section come ordered by roll with the fields the notice form needs', async () => {
  const me = (await t.get('student1', '/api/users/user_id')).json();
  const rows = (
    await t.get('teacher1', `/api/student/section?section_id=${me.section_id}&class_id=${me.class}`)
  ).json();
  expect(rows.length).toBeGreaterThanOrEqual(25);
  const rolls = rows.map((r: { class_roll_no: number }) => r.class_roll_no);
  expect(rolls).toEqual([...rolls].sort((a, b) => a - b));
  expect(rows.map((r: { id: number }) => r.id)).toContain(me.id);
  expect(rows[0]).toMatchObject({
    student_id: rows[0].id,
    full_name: expect.any(String),
    mobile_no: expect.stringMatching(/^01\d{9}$/),
  });
});

it('the student list pages newest first with a total', async () => {
  const res = await t.get('admin1', '/api/student/all?limit=20&offset=0');
  const total = Number(res.headers['x-total-count']);
  expect(total).toBeGreaterThanOrEqual(250);
  const rows = res.json();
  expect(rows).toHaveLength(20);
  expect(rows[0].id).toBeGreaterThan(rows[19].id);
  const next = (await t.get('admin1', '/api/student/all?limit=20&offset=20')).json();
  expect(next[0].id).toBeLessThan(rows[19].id);
});

describe('who may list a section’s students (with guardians’ phones)', () => {
  interface Row {
    id: number;
    section_id: number;
    mobile_no: string;
  }
  const taughtSections = async (code: string) => {
    const rows = (await t.db.execute(sql`
      select distinct r.section_id from routines r
      join teachers te on te.id = r.teacher_id join users u on u.id = te.user_id
      join academic_sessions s on s.id = r.session_id
      where u.user_code = ${code} and s.session_year = ${String(todayDhaka().year)}`)) as unknown as {
      rows: { section_id: number }[];
    };
    return new Set(rows.rows.map((r) => Number(r.section_id)));
  };

  it('a teacher sees only the sections they teach; naming another is 403', async () => {
    // The demo routine has every teacher in every section: open a section nobody teaches yet and
    // move one of student1's classmates into it.
    const me = (await t.get('student1', '/api/users/user_id')).json();
    const [home] = await t.db.select().from(sections).where(eq(sections.id, me.section_id));
    const [fresh] = await t.db
      .insert(sections)
      .values({ schoolId: home.schoolId, classId: home.classId, shiftId: home.shiftId, sectionDefaultName: 'Z' })
      .returning({ id: sections.id });
    const [moved] = await t.db
      .select({ id: enrolments.id, studentId: enrolments.studentId })
      .from(enrolments)
      .where(and(eq(enrolments.sectionId, home.id), ne(enrolments.studentId, me.id)))
      .orderBy(desc(enrolments.classRollNo))
      .limit(1);
    await t.db.update(enrolments).set({ sectionId: fresh.id }).where(eq(enrolments.id, moved.id));

    const taught = await taughtSections('teacher1');
    expect(taught.has(home.id)).toBe(true);
    expect(taught.has(fresh.id)).toBe(false);
    const all = (await t.get('admin1', '/api/student/section?class_id=0&section_id=0')).json() as Row[];
    expect(all.map((r) => r.id)).toContain(moved.studentId);

    const mine = (await t.get('teacher1', '/api/student/section?class_id=0&section_id=0')).json() as Row[];
    expect(new Set(mine.map((r) => r.section_id))).toEqual(taught);
    expect(mine.map((r) => r.id)).not.toContain(moved.studentId);
    expect(mine).toHaveLength(all.length - 1);

    const refused = await t.get('teacher1', `/api/student/section?section_id=${fresh.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('You do not teach that section.');
    expect((await t.get('teacher1', `/api/student/section?section_id=${home.id}`)).statusCode).toBe(200);
    // The school admin and the viewer may list any section of the school.
    const forAdmin = await t.get('admin1', `/api/student/section?section_id=${fresh.id}`);
    expect((forAdmin.json() as Row[]).map((r) => r.id)).toEqual([moved.studentId]);
    const forViewer = await t.get(
      'viewer1',
      `/api/student/section?section_id=${fresh.id}&school_info_id=${home.schoolId}`,
    );
    expect(forViewer.statusCode).toBe(200);
  });

  it('pages by limit and offset with the total in X-Total-Count, up to a hard maximum', async () => {
    const first = await t.get('admin1', '/api/student/section?class_id=0&section_id=0&limit=10');
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThan(100);
    const firstRows = first.json() as Row[];
    expect(firstRows).toHaveLength(10);
    const next = (
      await t.get('admin1', '/api/student/section?class_id=0&section_id=0&limit=10&offset=10')
    ).json() as Row[];
    expect(next).toHaveLength(10);
    expect(next.map((r) => r.id)).not.toContain(firstRows[0].id);
    const past = await t.get('admin1', `/api/student/section?class_id=0&section_id=0&offset=${total + 5}`);
    expect(past.json()).toEqual([]);
    expect(Number(past.headers['x-total-count'])).toBe(total);
    const everyone = (await t.get('admin1', '/api/student/section?class_id=0&section_id=0')).json() as Row[];
    expect(everyone).toHaveLength(total);
    expect((await t.get('admin1', '/api/student/section?limit=2001')).statusCode).toBe(400);
  });
});
