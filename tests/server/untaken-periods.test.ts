/**
 * GET /api/report/untaken_periods: the registers of a school day nobody took, each 15 minutes
 * after its period ended (docs/DOMAIN.md, "Attendance"). On the named days (the demo seeded on
 * Thursday 3 December 2026): a Sunday in July of the session, its takings removed, the clock at
 * 10:30 that morning and the next day; a Friday, the weekly off day.
 */
import { DateTime } from 'luxon';
import { and, asc, eq } from 'drizzle-orm';
import { academicSessions, periods, routines, teachers, users } from '@server/db/schema';
import { serverClock } from '@server/services/school-time';
import { createTestApp, type TestApp } from '../helpers/server';
import { resetTaking, ZONE } from './attendance-fixtures';

let t: TestApp;
let schoolId: number;
/** The Sunday, and its periods (start, end) of the school's routines that day. */
let sunday: string;
let day: { routineId: number; start: string; end: string; teacherId: number }[];

beforeAll(async () => {
  t = await createTestApp({}, { namedDays: true });
  const [admin] = await t.db.select({ schoolId: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
  schoolId = admin.schoolId!;
  const session = (await t.get('admin1', '/api/session')).json().find((s: { current: boolean }) => s.current);
  const [{ year }] = await t.db
    .select({ year: academicSessions.sessionYear })
    .from(academicSessions)
    .where(eq(academicSessions.id, session.id));
  let d = DateTime.fromISO(`${year}-07-05`, { zone: ZONE });
  while (d.weekday !== 7) d = d.plus({ days: 1 });
  sunday = d.toISODate()!;
  day = await t.db
    .select({ routineId: routines.id, start: periods.startTime, end: periods.endTime, teacherId: routines.teacherId })
    .from(routines)
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .where(and(eq(routines.schoolId, schoolId), eq(routines.dayId, 1), eq(routines.sessionId, session.id)))
    .orderBy(asc(periods.startTime), asc(routines.id));
  for (const r of day) await resetTaking(t, r.routineId, sunday);
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t.close());

const serverAt = (iso: string) =>
  vi.spyOn(serverClock, 'now').mockReturnValue(DateTime.fromISO(iso, { zone: ZONE }).toMillis());
const untaken = async (query: string, as = 'admin1') => t.get(as, `/api/report/untaken_periods${query}`);

/** 16 minutes after the day's first period ends: the moment its register counts as missing. */
const firstMissing = () => {
  const end = DateTime.fromISO(`${sunday}T${[...day].sort((a, b) => a.end.localeCompare(b.end))[0].end}`, {
    zone: ZONE,
  });
  return { at: end.plus({ minutes: 16 }), by: end.plus({ minutes: 1 }).toFormat('HH:mm:ss') };
};

it('that morning: the periods that ended 15 minutes ago or more, with their teacher, and none later', async () => {
  const { at, by } = firstMissing();
  vi.spyOn(serverClock, 'now').mockReturnValue(at.toMillis());
  const res = await untaken('');
  expect(res.statusCode).toBe(200);
  const page = res.json();
  const ended = day.filter((r) => r.end <= by);
  expect(ended.length).toBeGreaterThan(0);
  expect(day.length).toBeGreaterThan(ended.length);
  expect(page.total).toBe(ended.length);
  expect(page.rows.map((r: { routine_id: number }) => r.routine_id).sort()).toEqual(
    ended.map((r) => r.routineId).sort(),
  );
  const [first] = page.rows;
  const [teacher] = await t.db
    .select({ first: teachers.firstName })
    .from(teachers)
    .where(eq(teachers.id, first.teacher_id));
  expect(first.teacher_name).toContain(teacher.first);
  expect(first).toMatchObject({ date: sunday, end_time: expect.stringMatching(/^\d\d:\d\d/) });
  expect(first.end_time <= by).toBe(true);
});

it('a register taken leaves the list', async () => {
  vi.spyOn(serverClock, 'now').mockReturnValue(firstMissing().at.toMillis());
  const before = (await untaken('')).json();
  const gone = before.rows[0].routine_id as number;
  const list = (await t.get('admin1', `/api/attendance/student?routine_id=${gone}&date=${sunday}`)).json();
  const taken = await t.post('admin1', '/api/attendance/student', {
    date: sunday,
    time: '10:29:00',
    routine_id: gone,
    attendance: list.map((s: { student_id: number }) => ({ student_id: s.student_id, attendance_status: 1 })),
  });
  expect(taken.statusCode).toBe(200);
  const after = (await untaken('')).json();
  expect(after.total).toBe(before.total - 1);
  expect(after.rows.map((r: { routine_id: number }) => r.routine_id)).not.toContain(gone);
  await resetTaking(t, gone, sunday);
});

it('the next day, that Sunday named: all of its periods, a page at a time', async () => {
  serverAt(`${DateTime.fromISO(sunday).plus({ days: 1 }).toISODate()}T10:30:00`);
  const all = (await untaken(`?date=${sunday}&limit=200`)).json();
  expect(all.total).toBe(day.length);
  const page = (await untaken(`?date=${sunday}&limit=2&offset=2`)).json();
  expect(page).toMatchObject({ total: day.length, limit: 2, offset: 2 });
  expect(page.rows.map((r: { routine_id: number }) => r.routine_id)).toEqual(
    all.rows.slice(2, 4).map((r: { routine_id: number }) => r.routine_id),
  );
});

it('none on the weekly off day, none for a day still to come', async () => {
  const friday = DateTime.fromISO(sunday).minus({ days: 2 }).toISODate()!;
  serverAt(`${sunday}T10:30:00`);
  expect((await untaken(`?date=${friday}`)).json()).toEqual({ rows: [], total: 0, limit: 50, offset: 0 });
  const monday = DateTime.fromISO(sunday).plus({ days: 1 }).toISODate()!;
  expect((await untaken(`?date=${monday}`)).json().total).toBe(0);
});

it('a teacher and a student may not ask; a bad date is a 400 naming the field', async () => {
  expect((await untaken('', 'teacher1')).statusCode).toBe(403);
  expect((await untaken('', 'student1')).statusCode).toBe(403);
  const bad = await untaken('?date=2026-13-40');
  expect(bad.statusCode).toBe(400);
  expect(JSON.stringify(bad.json())).toContain('date');
});
