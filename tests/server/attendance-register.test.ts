/**
 * GET /api/attendanceReport/student and its PDF: a section's attendance over a range, and the
 * monthly register's day marks (docs/DOMAIN.md, "Attendance": the day's mark is the student's mark
 * in the section's first taken period of the day). On the named days (the demo seeded on Thursday
 * 3 December 2026): a week of July in the session, the section's takings removed, then three
 * periods taken with marks chosen here; the figures below are counted by hand from them.
 */
import { DateTime } from 'luxon';
import { and, asc, eq } from 'drizzle-orm';
import { academicSessions, periods, routines, sections, teachers, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import { listOf, resetTaking, ZONE } from './attendance-fixtures';

let t: TestApp;
let sectionId: number;
let otherSectionId: number;
let sunday: string;
let week: string[];
/** Two students of the section (by roll), and everyone else on its roll. */
let a: number;
let b: number;
let roll: number[];
let sessionId: number;

const report = (query: string, as = 'admin1') => t.get(as, `/api/attendanceReport/student${query}`);
const q = (from: string, to: string, section = sectionId) => `?section_id=${section}&start_date=${from}&end_date=${to}`;

async function take(routineId: number, date: string, absent: number[]) {
  const res = await t.post('admin1', '/api/attendance/student', {
    date,
    time: '10:00:00',
    routine_id: routineId,
    attendance: roll.map((id) => ({ student_id: id, attendance_status: absent.includes(id) ? 0 : 1 })),
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({}, { namedDays: true });
  const session = (await t.get('admin1', '/api/session')).json().find((s: { current: boolean }) => s.current);
  sessionId = session.id;
  const [{ year }] = await t.db
    .select({ year: academicSessions.sessionYear })
    .from(academicSessions)
    .where(eq(academicSessions.id, session.id));
  let d = DateTime.fromISO(`${year}-07-05`, { zone: ZONE });
  while (d.weekday !== 7) d = d.plus({ days: 1 });
  sunday = d.toISODate()!;
  week = Array.from({ length: 7 }, (_, i) => d.plus({ days: i }).toISODate()!);

  // teacher1's first section on Sundays, and a section of the school they do not teach.
  const [teacher] = await t.db
    .select({ id: teachers.id })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  const taught = await t.db
    .select({ sectionId: routines.sectionId })
    .from(routines)
    .where(and(eq(routines.teacherId, teacher.id), eq(routines.sessionId, session.id), eq(routines.dayId, 1)))
    .orderBy(asc(routines.sectionId));
  expect(taught.length).toBeGreaterThan(0);
  sectionId = taught[0].sectionId;
  // The demo's teachers meet every section of their school: a new section nobody teaches yet.
  const [mine] = await t.db.select().from(sections).where(eq(sections.id, sectionId));
  const [other] = await t.db
    .insert(sections)
    .values({ schoolId: mine.schoolId, classId: mine.classId, shiftId: mine.shiftId, sectionDefaultName: 'Register Z' })
    .returning({ id: sections.id });
  otherSectionId = other.id;

  const sectionRoutines = await t.db
    .select({ id: routines.id })
    .from(routines)
    .where(and(eq(routines.sectionId, sectionId), eq(routines.sessionId, session.id)));
  for (const date of week) for (const r of sectionRoutines) await resetTaking(t, r.id, date);
});
afterAll(() => t.close());

/** The section's periods on a weekday, earliest first. */
async function periodsOn(dayId: number) {
  return t.db
    .select({ id: routines.id })
    .from(routines)
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .where(and(eq(routines.sectionId, sectionId), eq(routines.dayId, dayId), eq(routines.sessionId, sessionId)))
    .orderBy(asc(periods.startTime), asc(routines.id));
}

describe('a week with three periods taken', () => {
  beforeAll(async () => {
    const sundays = await periodsOn(1);
    const mondays = await periodsOn(2);
    expect(sundays.length).toBeGreaterThanOrEqual(2);
    expect(mondays.length).toBeGreaterThanOrEqual(2);
    const students = await listOf(t, 'admin1', sundays[0].id, sunday);
    expect(students.length).toBeGreaterThanOrEqual(3);
    roll = students.map((s) => s.student_id);
    const byRoll = [...students].sort((x, y) => x.class_roll_no - y.class_roll_no);
    a = byRoll[0].student_id;
    b = byRoll[1].student_id;
    // Sunday: the first period a present and b absent, a later one the other way round.
    await take(sundays[0].id, week[0], [b]);
    await take(sundays[1].id, week[0], [a]);
    // Monday: only the second period is taken, a absent.
    await take(mondays[1].id, week[1], [a]);
  });

  it('counts each student’s periods and marks each day by its first taken period', async () => {
    const res = await report(q(week[0], week[6]));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.start_date).toBe(week[0]);
    expect(body.days.map((d: { date: string }) => d.date)).toEqual(week);
    expect(body.days.map((d: { taken_periods: number }) => d.taken_periods)).toEqual([2, 1, 0, 0, 0, 0, 0]);
    // The demo's weekly off days are Friday and Saturday: the last two days of a week from Sunday.
    expect(body.days.map((d: { school_day: boolean }) => d.school_day)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    const rowOf = (id: number) => body.students.find((s: { student_id: number }) => s.student_id === id);
    expect(rowOf(a)).toMatchObject({
      periods_taken: 3,
      present: 1,
      absent: 2,
      rate: 33.3,
      marks: ['P', 'A', null, null, null, null, null],
      days_present: 1,
      days_absent: 1,
    });
    expect(rowOf(b)).toMatchObject({
      periods_taken: 3,
      present: 2,
      absent: 1,
      rate: 66.7,
      marks: ['A', 'P', null, null, null, null, null],
      days_present: 1,
      days_absent: 1,
    });
    const others = body.students.filter((s: { student_id: number }) => s.student_id !== a && s.student_id !== b);
    expect(others.length).toBe(roll.length - 2);
    for (const s of others)
      expect(s).toMatchObject({ periods_taken: 3, present: 3, absent: 0, rate: 100, days_present: 2, days_absent: 0 });
    const n = roll.length;
    expect(body.totals).toEqual({
      periods_taken: 3 * n,
      present: 3 * n - 3,
      absent: 3,
      rate: Math.round(((3 * n - 3) * 1000) / (3 * n)) / 10,
    });
    // By roll, as the register lists them.
    const rolls = body.students.map((s: { class_roll_no: number }) => s.class_roll_no);
    expect(rolls).toEqual([...rolls].sort((x: number, y: number) => x - y));
  });

  it('a range that starts on the Monday leaves Sunday out', async () => {
    const body = (await report(q(week[1], week[1]))).json();
    const rowA = body.students.find((s: { student_id: number }) => s.student_id === a);
    expect(rowA).toMatchObject({ periods_taken: 1, present: 0, absent: 1, rate: 0, marks: ['A'] });
  });

  it('a range longer than a month keeps the totals and drops the day columns', async () => {
    const to = DateTime.fromISO(week[0]).plus({ days: 40 }).toISODate()!;
    const body = (await report(q(week[0], to))).json();
    expect(body.days).toEqual([]);
    const rowA = body.students.find((s: { student_id: number }) => s.student_id === a);
    expect(rowA.marks).toEqual([]);
    expect(rowA.periods_taken).toBeGreaterThanOrEqual(3);
  });

  it('the register prints as a PDF for the section’s teacher, in Bangla when asked', async () => {
    const pdf = await t.get('teacher1', `/api/attendanceReport/student/pdf${q(week[0], week[6])}&lang=bn`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attendance-register-');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('who may read it, and what it refuses', () => {
  it('a teacher reads only the sections they teach; students and guardians not at all', async () => {
    expect((await report(q(sunday, sunday), 'teacher1')).statusCode).toBe(200);
    const notTheirs = await report(q(sunday, sunday, otherSectionId), 'teacher1');
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().error.code).toBe('not_your_section');
    expect((await report(q(sunday, sunday), 'student1')).statusCode).toBe(403);
  });

  it('another school’s admin is refused the section', async () => {
    const res = await report(q(sunday, sunday), 'admin2');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  it('a range backwards, across sessions or too long is a 400 naming end_date', async () => {
    const next = `${Number(sunday.slice(0, 4)) + 1}-01-05`;
    for (const [from, to] of [
      [week[3], week[0]],
      [week[0], next],
    ]) {
      const res = await report(q(from, to));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('end_date');
    }
    const month = await t.get(
      'admin1',
      `/api/attendanceReport/student/pdf${q(week[0], DateTime.fromISO(week[0]).plus({ days: 31 }).toISODate()!)}`,
    );
    expect(month.statusCode).toBe(400);
    expect(month.json().error.fields.end_date).toBe('a register prints at most 31 days');
  });

  it('a bad date and a section of another class are 400s naming the field', async () => {
    const bad = await report(`?section_id=${sectionId}&start_date=2026-02-30&end_date=2026-03-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('start_date');
    const missing = await report(`?section_id=${sectionId}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('start_date');
    const [sec] = await t.db.select({ classId: sections.classId }).from(sections).where(eq(sections.id, sectionId));
    const wrong = await report(`${q(sunday, sunday)}&class_id=${sec.classId + 100000}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toHaveProperty('class_id');
  });
});
