/**
 * Whose clock judges a teacher's correction window. A queued (offline) taking may record a period
 * nobody took yet, judged on the time the phone says the roll was taken (bounded); a correction
 * of a period already taken is judged on the school's clock when it arrives, never on the phone's
 * claim: after the window it is refused (409) and stays the school admin's.
 *
 * Dates are fixed: the demo seeded on Thursday 3 December 2026 (tests/helpers/test-db.ts), a
 * Sunday in July of its session (no holiday, a school day of the demo), and a Thursday class whose
 * window crosses the Friday-Saturday weekend; the school's window set to 1 school day. The server's clock is moved with its seam
 * (`serverClock` in server/services/school-time.ts), which every date and window of the attendance
 * path reads; sign-in sessions and the database keep the real clock.
 */
import { DateTime } from 'luxon';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  academicSessions,
  attendanceSubmissions,
  attendanceTakings,
  idempotencyKeys,
  periods,
  routines,
  schools,
  teachers,
  users,
} from '@server/db/schema';
import { earliestEditableDate, serverClock } from '@server/services/school-time';
import { createTestApp, type TestApp } from '../helpers/server';
import { listOf, resetTaking, ZONE, type ListedStudent } from './attendance-fixtures';

let t: TestApp;
let routineId: number;
let schoolId: number;
let students: ListedStudent[];
/** The class's day: a Sunday. With a window of 1 school day, Monday is inside and Tuesday after it. */
let classDay: DateTime;
let date: string;

/** A moment of the school's time zone, `days` after the class's day, at HH:mm. */
const at = (days: number, hhmm: string) => {
  const [hour, minute] = hhmm.split(':').map(Number);
  return classDay.plus({ days }).set({ hour, minute, second: 0, millisecond: 0 });
};

beforeAll(async () => {
  t = await createTestApp({}, { namedDays: true });
  const [tch] = await t.db
    .select({ id: teachers.id, schoolId: teachers.schoolId })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  schoolId = tch.schoolId;
  const session = (await t.get('teacher1', '/api/session')).json().find((s: { current: boolean }) => s.current);
  const [{ year }] = await t.db
    .select({ year: academicSessions.sessionYear })
    .from(academicSessions)
    .where(eq(academicSessions.id, session.id));
  // The first Sunday from 5 July: after the half-yearly exams, before any July holiday.
  classDay = DateTime.fromISO(`${year}-07-05`, { zone: ZONE });
  while (classDay.weekday !== 7) classDay = classDay.plus({ days: 1 });
  date = classDay.toISODate()!;
  [{ id: routineId }] = await t.db
    .select({ id: routines.id })
    .from(routines)
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .where(and(eq(routines.teacherId, tch.id), eq(routines.dayId, 1), eq(routines.sessionId, session.id)))
    .orderBy(asc(periods.serial))
    .limit(1);
  await t.db
    .update(schools)
    .set({ attendanceEditDays: 1, weeklyOffDays: [6, 7] })
    .where(eq(schools.id, schoolId));
  students = await listOf(t, 'teacher1', routineId, date);
  expect(students.length).toBeGreaterThan(1);
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t.close());

/** The server's clock reads `moment` from now on. */
const serverAt = (moment: DateTime) => vi.spyOn(serverClock, 'now').mockReturnValue(moment.toMillis());

const marksOf = (present: (i: number) => boolean) =>
  students.map((s, i) => ({ student_id: s.student_id, attendance_status: present(i) ? 1 : 0 }));
const allPresent = () => marksOf(() => true);
const firstAbsent = () => marksOf((i) => i !== 0);
const statusesOf = (m: { attendance_status: number }[]) => m.map((x) => x.attendance_status);

function send(as: string, attendance: unknown, opts: { takenAt?: DateTime; key: string }) {
  return t.call(as, {
    method: 'POST',
    url: '/api/attendance/student',
    headers: { 'idempotency-key': opts.key },
    payload: {
      date,
      time: '09:00:00',
      routine_id: routineId,
      attendance,
      ...(opts.takenAt ? { taken_at: opts.takenAt.toISO() } : {}),
    },
  });
}

/** The period as the school has it: its marks by roll (null: not taken) and the submissions kept. */
async function period() {
  const [taking] = await t.db
    .select({ id: attendanceTakings.id })
    .from(attendanceTakings)
    .where(and(eq(attendanceTakings.routineId, routineId), eq(attendanceTakings.date, date)));
  const trail = await t.db
    .select({ outcome: attendanceSubmissions.outcome })
    .from(attendanceSubmissions)
    .where(and(eq(attendanceSubmissions.routineId, routineId), eq(attendanceSubmissions.date, date)))
    .orderBy(asc(attendanceSubmissions.id));
  const { rows } = (await t.db.execute(sql`
    select m.status from attendance_marks m join enrolments e on e.id = m.enrolment_id
    where m.taking_id = ${taking?.id ?? 0} order by e.class_roll_no`)) as unknown as { rows: { status: number }[] };
  return { marks: taking ? rows.map((r) => r.status) : null, trail: trail.map((s) => s.outcome) };
}

let keys = 0;
/** The period taken on its own day by the teacher, all present, from the phone's queue at 09:00. */
async function takenOnItsDay() {
  serverAt(at(0, '09:05'));
  const res = await send('teacher1', allPresent(), { takenAt: at(0, '09:00'), key: `first-${++keys}` });
  expect(res.statusCode, res.body).toBe(200);
}

// Server inside the window: Monday 23:58. A claim inside: Monday 09:00; outside: Tuesday 00:02
// (a phone 4 minutes fast, within the tolerated skew). Server after the window: Wednesday 10:00;
// a claim inside: Monday 09:00; outside: Tuesday 09:00.
type Claim = 'inside' | 'outside' | 'none (online)';
const SERVER = { inside: () => at(1, '23:58'), after: () => at(3, '10:00') };
const CLAIM = {
  inside: { inside: () => at(1, '09:00'), after: () => at(1, '09:00') },
  outside: { inside: () => at(2, '00:02'), after: () => at(2, '09:00') },
};

const cases: {
  taken: boolean;
  server: 'inside' | 'after';
  claim: Claim;
  status: number;
  expected: string;
}[] = [
  // Nobody took the period: a queued first taking is judged on when the roll was taken.
  { taken: false, server: 'inside', claim: 'inside', status: 200, expected: 'saved' },
  { taken: false, server: 'inside', claim: 'outside', status: 200, expected: 'saved' },
  { taken: false, server: 'after', claim: 'inside', status: 200, expected: 'saved' },
  { taken: false, server: 'after', claim: 'outside', status: 403, expected: 'attendance.window_closed' },
  { taken: false, server: 'inside', claim: 'none (online)', status: 200, expected: 'saved' },
  { taken: false, server: 'after', claim: 'none (online)', status: 403, expected: 'attendance.window_closed' },
  // Already taken: a correction is judged on the school's clock alone.
  { taken: true, server: 'inside', claim: 'inside', status: 200, expected: 'corrected' },
  { taken: true, server: 'inside', claim: 'outside', status: 200, expected: 'corrected' },
  { taken: true, server: 'after', claim: 'inside', status: 409, expected: 'attendance.correction_window_closed' },
  { taken: true, server: 'after', claim: 'outside', status: 403, expected: 'attendance.window_closed' },
  { taken: true, server: 'inside', claim: 'none (online)', status: 200, expected: 'corrected' },
  { taken: true, server: 'after', claim: 'none (online)', status: 403, expected: 'attendance.window_closed' },
];

describe('a teacher’s taking, by whether the period was taken, the school’s clock and the phone’s claim', () => {
  it.each(cases)(
    'taken before: $taken, server $server the window, claim $claim: $status $expected',
    async ({ taken, server, claim, status, expected }) => {
      await resetTaking(t, routineId, date);
      if (taken) await takenOnItsDay();
      const before = await period();
      serverAt(SERVER[server]());
      const takenAt = claim === 'none (online)' ? undefined : CLAIM[claim][server]();
      const res = await send('teacher1', firstAbsent(), { takenAt, key: `case-${++keys}` });
      expect(res.statusCode, res.body).toBe(status);
      if (status === 200) {
        expect(res.json().outcome).toBe(expected);
        expect((await period()).marks).toEqual(statusesOf(firstAbsent()));
        return;
      }
      const { error } = res.json();
      expect(error.code).toBe(expected);
      expect(error.fields).toHaveProperty('date');
      expect(error.message).toContain('school admin');
      // Refused: nothing changed and nothing was kept as applied.
      expect(await period()).toEqual(before);
    },
  );
});

describe('a queued correction that arrives after the window', () => {
  it('says why it was refused: the school’s clock decides, and the admin corrects', async () => {
    await resetTaking(t, routineId, date);
    await takenOnItsDay();
    serverAt(SERVER.after());
    const res = await send('teacher1', firstAbsent(), { takenAt: at(1, '09:00'), key: `late-${++keys}` });
    expect(res.statusCode).toBe(409);
    const message: string = res.json().error.message;
    expect(message).toContain(classDay.toFormat('dd-MM-yyyy'));
    expect(message).toContain('within 1 school day after the class');
    expect(message).toContain('not the phone');
    expect(message).toContain('Ask the school admin');
  });

  it('is the school admin’s: theirs is applied at any time', async () => {
    await resetTaking(t, routineId, date);
    await takenOnItsDay();
    serverAt(SERVER.after());
    const online = await send('admin1', firstAbsent(), { key: `admin-${++keys}` });
    expect(online.statusCode, online.body).toBe(200);
    expect(online.json().outcome).toBe('corrected');
    expect((await period()).marks).toEqual(statusesOf(firstAbsent()));
  });

  it('with the marks that already stand is a duplicate, not a refusal', async () => {
    await resetTaking(t, routineId, date);
    await takenOnItsDay();
    serverAt(SERVER.after());
    const res = await send('teacher1', allPresent(), { takenAt: at(1, '09:00'), key: `same-${++keys}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('duplicate');
    expect(await period()).toEqual({ marks: statusesOf(allPresent()), trail: ['saved', 'duplicate'] });
  });

  it('that the school already received in the window is answered as it stands, however late the replay', async () => {
    await resetTaking(t, routineId, date);
    await takenOnItsDay();
    serverAt(SERVER.inside());
    const key = `replayed-${++keys}`;
    const first = await send('teacher1', firstAbsent(), { takenAt: at(1, '09:00'), key });
    expect(first.json().outcome).toBe('corrected');
    // Days later, the idempotency answer purged: the submission trail still knows the key.
    await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    serverAt(SERVER.after());
    const again = await send('teacher1', firstAbsent(), { takenAt: at(1, '09:00'), key });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().outcome).toBe('duplicate');
    expect(await period()).toEqual({ marks: statusesOf(firstAbsent()), trail: ['saved', 'corrected'] });
  });
});

describe('the window counts school days: Friday and Saturday are not in it', () => {
  // Literal dates around the weekend of Friday 4 and Saturday 5 December 2026.
  it.each([
    { today: '2026-12-03', days: 0, earliest: '2026-12-03' },
    { today: '2026-12-06', days: 0, earliest: '2026-12-06' },
    { today: '2026-12-05', days: 1, earliest: '2026-12-03' },
    { today: '2026-12-06', days: 1, earliest: '2026-12-03' },
    { today: '2026-12-07', days: 1, earliest: '2026-12-06' },
    { today: '2026-12-06', days: 2, earliest: '2026-12-02' },
    { today: '2026-12-08', days: 3, earliest: '2026-12-03' },
  ])('on $today with a window of $days school days the earliest date is $earliest', ({ today, days, earliest }) => {
    expect(earliestEditableDate({ today, weeklyOffDays: [6, 7], attendanceEditDays: days })).toBe(earliest);
  });

  it('a school closed every day of the week counts every day', () => {
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    expect(earliestEditableDate({ today: '2026-12-06', weeklyOffDays: everyDay, attendanceEditDays: 1 })).toBe(
      '2026-12-05',
    );
  });

  it('Thursday’s class is corrected on Sunday (one school day later) but not on Monday', async () => {
    const thursday = '2026-12-03';
    const [{ id: thursdayRoutine }] = await t.db
      .select({ id: routines.id })
      .from(routines)
      .innerJoin(periods, eq(periods.id, routines.periodId))
      .innerJoin(teachers, eq(teachers.id, routines.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      .innerJoin(academicSessions, eq(academicSessions.id, routines.sessionId))
      .where(and(eq(users.userCode, 'teacher1'), eq(routines.dayId, 5), eq(academicSessions.sessionYear, '2026')))
      .orderBy(asc(periods.serial))
      .limit(1);
    const moment = (iso: string) => DateTime.fromISO(iso, { zone: ZONE });
    const take = (present: (i: number) => boolean, key: string) =>
      t.call('teacher1', {
        method: 'POST',
        url: '/api/attendance/student',
        headers: { 'idempotency-key': key },
        payload: {
          date: thursday,
          time: '09:00:00',
          routine_id: thursdayRoutine,
          attendance: roll.map((s, i) => ({ student_id: s.student_id, attendance_status: present(i) ? 1 : 0 })),
        },
      });
    serverAt(moment('2026-12-03T09:05'));
    await resetTaking(t, thursdayRoutine, thursday);
    const roll = await listOf(t, 'teacher1', thursdayRoutine, thursday);
    expect((await take(() => true, 'thu-taken')).json()).toMatchObject({ outcome: 'saved' });

    serverAt(moment('2026-12-07T08:00'));
    const monday = await take((i) => i !== 0, 'thu-on-monday');
    expect(monday.statusCode).toBe(403);
    expect(monday.json().error).toMatchObject({ code: 'attendance.window_closed' });
    expect(monday.json().error.message).toContain('03-12-2026');

    serverAt(moment('2026-12-06T08:00'));
    const sunday = await take((i) => i !== 0, 'thu-on-sunday');
    expect(sunday.statusCode, sunday.body).toBe(200);
    expect(sunday.json()).toMatchObject({ outcome: 'corrected', corrected: true, absent: 1 });
  });
});
