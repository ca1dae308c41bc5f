/**
 * Offline attendance on the server: a submission queued on a teacher's phone carries
 * its taking time, is stored once however late it is replayed, and meets a period saved meanwhile
 * by the written rule (README, "Offline attendance"): an admin's save stands, otherwise the later
 * taking time wins; either way both submissions stay in the trail. The claimed time is bounded.
 * The suite runs on named days (attendance-fixtures.ts, NAMED): the demo seeded on Thursday
 * 3 December 2026 and the server's clock on that morning, moved forward where a roll waits.
 */
import { DateTime } from 'luxon';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  attendanceSubmissions,
  attendanceTakings,
  idempotencyKeys,
  periods,
  routines,
  teachers,
  users,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import {
  dayIdOf,
  iso,
  listOf,
  NAMED,
  onNamedDays,
  openToday,
  resetTaking,
  schoolNow,
  schoolToday,
  ZONE,
  type ListedStudent,
} from './attendance-fixtures';
import { setClock } from '@server/clock';

let t: TestApp;
let today: string;
let routine: { id: number; sectionId: number };
let students: ListedStudent[];
let teacherUser: number;
let adminUser: number;

onNamedDays(NAMED.schoolDay);
beforeAll(async () => {
  t = await createTestApp({}, { namedDays: true });
  await openToday(t);
  const [tch] = await t.db
    .select({ id: teachers.id, userId: teachers.userId })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  teacherUser = tch.userId;
  adminUser = (await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'admin1')))[0].id;
  const session = (await t.get('teacher1', '/api/session')).json().find((s: { current: boolean }) => s.current);
  today = iso(schoolToday());
  [routine] = await t.db
    .select({ id: routines.id, sectionId: routines.sectionId })
    .from(routines)
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .where(
      and(
        eq(routines.teacherId, tch.id),
        eq(routines.dayId, dayIdOf(schoolToday())),
        eq(routines.sessionId, session.id),
      ),
    )
    .orderBy(asc(periods.serial))
    .limit(1);
  students = await listOf(t, 'teacher1', routine.id, today);
});
afterAll(() => t.close());

/** Moments of the school's today, in order, all in the past: `minutesAgo(30)` is before `minutesAgo(10)`. */
function minutesAgo(n: number): string {
  const now = schoolNow();
  const sinceMidnight = now.diff(now.startOf('day'), 'minutes').minutes;
  // Early in the day there may be fewer minutes than asked: squeeze them into what has passed.
  const back = sinceMidnight > 130 ? n : (n * (sinceMidnight - 1)) / 130;
  return now.minus({ minutes: back }).toISO()!;
}

const marks = (present: (s: ListedStudent, i: number) => boolean) =>
  students.map((s, i) => ({ student_id: s.student_id, attendance_status: present(s, i) ? 1 : 0 }));
let allPresent: ReturnType<typeof marks>;
let firstAbsent: ReturnType<typeof marks>;
let firstTwoAbsent: ReturnType<typeof marks>;
beforeAll(() => {
  allPresent = marks(() => true);
  firstAbsent = marks((_, i) => i !== 0);
  firstTwoAbsent = marks((_, i) => i > 1);
});

function send(as: string, attendance: unknown, opts: { takenAt?: string; key?: string; date?: string } = {}) {
  return t.call(as, {
    method: 'POST',
    url: '/api/attendance/student',
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
    payload: {
      date: opts.date ?? today,
      time: '23:59:00',
      routine_id: routine.id,
      attendance,
      ...(opts.takenAt ? { taken_at: opts.takenAt } : {}),
    },
  });
}

const savedStatuses = async () => (await listOf(t, 'teacher1', routine.id, today)).map((s) => s.attendance_status);
const submissions = () =>
  t.db
    .select({
      userId: attendanceSubmissions.userId,
      outcome: attendanceSubmissions.outcome,
      queued: attendanceSubmissions.queued,
      takenAt: attendanceSubmissions.takenAt,
      marks: attendanceSubmissions.marks,
    })
    .from(attendanceSubmissions)
    .where(and(eq(attendanceSubmissions.routineId, routine.id), eq(attendanceSubmissions.date, today)))
    .orderBy(asc(attendanceSubmissions.id));
const taking = async () =>
  (
    await t.db
      .select()
      .from(attendanceTakings)
      .where(and(eq(attendanceTakings.routineId, routine.id), eq(attendanceTakings.date, today)))
  )[0];

describe('a queued submission', () => {
  it('records the original taking time: the attendance time the admin sees is when the roll was taken', async () => {
    await resetTaking(t, routine.id, today);
    const takenAt = minutesAgo(90);
    const res = await send('teacher1', firstAbsent, { takenAt, key: 'queued-first-1' });
    expect(res.statusCode, res.body).toBe(200);
    const clock = DateTime.fromISO(takenAt).setZone(ZONE).toFormat('HH:mm:ss');
    expect(res.json()).toMatchObject({ outcome: 'saved', code: 'attendance.saved', time: clock, absent: 1 });
    // Not the time the phone found a network ('23:59:00' in the body), nor the server's now.
    const row = await taking();
    expect(row.takenTime).toBe(clock);
    expect(row.marksTakenAt!.getTime()).toBe(new Date(takenAt).getTime());
    const table = (
      await t.get('admin1', `/api/attendance/summary/section/today?section_id=${routine.sectionId}&date=${today}`)
    ).json();
    expect(table.find((r: { r_id: number }) => r.r_id === routine.id)).toMatchObject({ taken: true, time: clock });
    expect(await submissions()).toEqual([
      { userId: teacherUser, outcome: 'saved', queued: true, takenAt: new Date(takenAt), marks: firstAbsent },
    ]);
  });

  it('replayed is stored once: at once (the idempotency answer) and days later (the submission trail)', async () => {
    await resetTaking(t, routine.id, today);
    const takenAt = minutesAgo(60);
    const first = await send('teacher1', firstAbsent, { takenAt, key: 'replay-key-1' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await send('teacher1', firstAbsent, { takenAt, key: 'replay-key-1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());

    // Someone corrects the period; then the idempotency answers are purged (24 hours pass) and
    // the phone, which never heard the answer, sends the same submission again.
    expect((await send('admin1', allPresent)).json()).toMatchObject({ outcome: 'corrected' });
    await t.db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, teacherUser));
    const late = await send('teacher1', firstAbsent, { takenAt, key: 'replay-key-1' });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.headers['idempotent-replayed']).toBeUndefined();
    expect(late.json()).toMatchObject({ outcome: 'duplicate', code: 'attendance.sync_duplicate', absent: 0 });
    // Nothing changed: the admin's marks stand, one taking, the submission once in the trail.
    expect(await savedStatuses()).toEqual(allPresent.map((m) => m.attendance_status));
    const trail = await submissions();
    expect(trail.map((s) => [s.userId, s.outcome])).toEqual([
      [teacherUser, 'saved'],
      [adminUser, 'corrected'],
    ]);
    const [{ n }] = (
      (await t.db.execute(
        sql`select count(*)::int as n from attendance_takings where routine_id = ${routine.id} and date = ${today}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBe(1);
  });
});

describe('a send that reached the school though the phone heard nothing', () => {
  it('its queued copy (taken_at, a key of its own) is taken without a refusal and changes nothing', async () => {
    await resetTaking(t, routine.id, today);
    const online = await send('teacher1', firstAbsent, { key: 'lost-answer-1' });
    expect(online.statusCode, online.body).toBe(200);
    // The same key with the queued body (taken_at added) would be another request: refused.
    const takenAt = minutesAgo(1);
    const sameKey = await send('teacher1', firstAbsent, { takenAt, key: 'lost-answer-1' });
    expect(sameKey.statusCode).toBe(422);
    // Which is why the app queues it under a key of its own (src/machines/attendance.machine.ts).
    const queued = await send('teacher1', firstAbsent, { takenAt, key: 'lost-answer-queued-1' });
    expect(queued.statusCode, queued.body).toBe(200);
    expect(queued.json()).toMatchObject({ absent: 1 });
    // Its taking time is older than the arrived send's, but its marks are those: no conflict to show.
    expect(queued.json()).toMatchObject({ outcome: 'duplicate', code: 'attendance.sync_duplicate' });
    expect(await savedStatuses()).toEqual(firstAbsent.map((m) => m.attendance_status));
  });
});

describe('the conflict rule', () => {
  it('an admin’s correction is never overwritten by a queued teacher’s taking, earlier or later', async () => {
    await resetTaking(t, routine.id, today);
    expect((await send('teacher1', allPresent)).statusCode).toBe(200);
    const admin = await send('admin1', firstTwoAbsent);
    expect(admin.json()).toMatchObject({ outcome: 'corrected' });

    const queuedEarlier = await send('teacher1', firstAbsent, { takenAt: minutesAgo(100), key: 'conflict-a' });
    expect(queuedEarlier.statusCode, queuedEarlier.body).toBe(200);
    expect(queuedEarlier.json()).toMatchObject({
      outcome: 'kept_admin',
      code: 'attendance.sync_kept_admin',
      corrected: false,
      absent: 2,
    });
    expect(queuedEarlier.json().message).toMatch(/admin/);
    // Even a queued taking timed after the correction does not replace it.
    const queuedLater = await send('teacher1', allPresent, { takenAt: schoolNow().toISO()!, key: 'conflict-b' });
    expect(queuedLater.json()).toMatchObject({ outcome: 'kept_admin' });
    expect(await savedStatuses()).toEqual(firstTwoAbsent.map((m) => m.attendance_status));
    // Both takings are kept, marks and all.
    const trail = await submissions();
    expect(trail.map((s) => s.outcome)).toEqual(['saved', 'corrected', 'kept_admin', 'kept_admin']);
    expect(trail[2]).toMatchObject({ userId: teacherUser, queued: true, marks: firstAbsent });
    expect((await taking()).correctedByUserId).toBe(adminUser);
  });

  it('between teachers’ takings the later taking time wins, whatever order they arrive in', async () => {
    await resetTaking(t, routine.id, today);
    // Taken at -20 min on the phone, arrives first.
    const later = await send('teacher1', firstTwoAbsent, { takenAt: minutesAgo(20), key: 'order-later' });
    expect(later.json()).toMatchObject({ outcome: 'saved' });
    // Taken earlier (-80 min), arrives after: a later taking already counts.
    const earlier = await send('teacher1', firstAbsent, { takenAt: minutesAgo(80), key: 'order-earlier' });
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(earlier.json()).toMatchObject({ outcome: 'kept_later', code: 'attendance.sync_kept_later', absent: 2 });
    expect(await savedStatuses()).toEqual(firstTwoAbsent.map((m) => m.attendance_status));
    // A still later queued taking applies, as a correction with its audit.
    const latest = await send('teacher1', allPresent, { takenAt: minutesAgo(5), key: 'order-latest' });
    expect(latest.json()).toMatchObject({ outcome: 'corrected', corrected: true, absent: 0 });
    expect(await savedStatuses()).toEqual(allPresent.map((m) => m.attendance_status));
    expect((await submissions()).map((s) => s.outcome)).toEqual(['saved', 'kept_later', 'corrected']);
  });

  it('a queued taking older than an online re-taking loses to it', async () => {
    await resetTaking(t, routine.id, today);
    expect((await send('teacher1', allPresent)).json()).toMatchObject({ outcome: 'saved' });
    const queued = await send('teacher1', firstAbsent, { takenAt: minutesAgo(30), key: 'old-phone' });
    expect(queued.json()).toMatchObject({ outcome: 'kept_later' });
    expect(await savedStatuses()).toEqual(allPresent.map((m) => m.attendance_status));
  });
});

describe('the taking time a phone may claim', () => {
  it('is not in the future, not before the class’s day, and within the teacher’s window', async () => {
    await resetTaking(t, routine.id, today);
    const future = await send('teacher1', allPresent, {
      takenAt: schoolNow().plus({ hours: 1 }).toISO()!,
      key: 'bound-future',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toMatchObject({
      code: 'attendance.taken_at_future',
      fields: { taken_at: expect.any(String) },
    });

    const dayBefore = DateTime.fromISO(today, { zone: ZONE }).minus({ minutes: 1 }).toISO()!;
    const before = await send('teacher1', allPresent, { takenAt: dayBefore, key: 'bound-before' });
    expect(before.statusCode).toBe(400);
    expect(before.json().error.code).toBe('attendance.taken_at_before_day');

    const garbled = await send('teacher1', allPresent, { takenAt: '08:10', key: 'bound-garbled' });
    expect(garbled.statusCode).toBe(400);
    expect(await taking()).toBeUndefined();
    expect(await submissions()).toEqual([]);
  });

  it('a phone clock a few minutes fast is tolerated', async () => {
    await resetTaking(t, routine.id, today);
    const fast = await send('teacher1', allPresent, {
      takenAt: schoolNow().plus({ minutes: 2 }).toISO()!,
      key: 'bound-fast',
    });
    expect(fast.statusCode, fast.body).toBe(200);
  });
});

describe('the teacher’s window and a roll that waited on the phone (attendance_edit_days 0: the same day)', () => {
  afterEach(() => setClock(NAMED.schoolDay));

  it('a roll taken on Thursday in time and arriving on Monday, after the window, is still the first taking', async () => {
    expect(today).toBe('2026-12-03');
    await resetTaking(t, routine.id, today);
    // Monday 7 December, 10:30 in Dhaka: Thursday's window closed at Thursday's midnight.
    setClock(NAMED.monday);
    expect((await send('teacher1', allPresent)).json().error.code).toBe('attendance.window_closed');
    // Taken on the phone after the window (Friday 09:00 in Dhaka): refused on the day it was taken.
    const takenLate = await send('teacher1', allPresent, { takenAt: '2026-12-04T03:00:00Z', key: 'window-late' });
    expect(takenLate.statusCode).toBe(403);
    expect(takenLate.json().error.code).toBe('attendance.window_closed');
    // Taken on Thursday at 11:00 in Dhaka: judged on that day, so in time, though it arrives on Monday.
    const inTime = await send('teacher1', firstAbsent, { takenAt: '2026-12-03T05:00:00Z', key: 'window-in-time' });
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(inTime.json()).toMatchObject({ outcome: 'saved', time: '11:00:00', absent: 1, corrected: false });
    expect(await savedStatuses()).toEqual(firstAbsent.map((m) => m.attendance_status));
    // A correction of it, also taken on Thursday, arriving on Monday: the server's clock judges it.
    const correction = await send('teacher1', firstTwoAbsent, {
      takenAt: '2026-12-03T05:30:00Z',
      key: 'window-correction',
    });
    expect(correction.statusCode).toBe(409);
    expect(correction.json().error.code).toBe('attendance.correction_window_closed');
    expect(await savedStatuses()).toEqual(firstAbsent.map((m) => m.attendance_status));
  });

  it('a roll that waited more than seven days is the school admin’s to enter', async () => {
    await resetTaking(t, routine.id, today);
    // Friday 11 December, 10:30 in Dhaka: eight days after the roll was taken.
    setClock('2026-12-11T04:30:00Z');
    const stale = await send('teacher1', firstAbsent, { takenAt: '2026-12-03T05:00:00Z', key: 'window-stale' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('attendance.window_closed');
    expect(stale.json().error.message).toContain('more than 7 days');
    expect(await taking()).toBeUndefined();
  });
});
