/**
 * A school's weekly off days as a setting (server/routes/school-setup.ts, PUT
 * /api/school_info/:id/weekly_off_days): the demo's Friday and Saturday on the school's details
 * and the signed-in profile; a routine period on an off day refused with a 400 naming day_id; a
 * school with Saturday classes making Saturday a school day, setting its periods and taking its
 * attendance; a day with this session's periods refused as an off day (409 naming the day and the
 * count); who may change it; and a new session's copied routine leaving out the off days.
 *
 * On the template seeded on Thursday 3 December 2026 (docs/testing.md, "How a server test names
 * its day"): Friday is 4 December, Saturday 5 December. The tests run in order: the Saturday one
 * leaves school 1 open on Saturdays for the last two.
 */
import { and, count, eq } from 'drizzle-orm';
import { setClock } from '@server/clock';
import {
  academicSessions,
  classes,
  periods,
  routines,
  schools,
  sections,
  subjects,
  teachers,
  users,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import { listOf, NAMED, onNamedDays } from './attendance-fixtures';

onNamedDays(NAMED.schoolDay);

let t: TestApp;
const S = {} as {
  school1: number;
  school2: number;
  session: number;
  six: number;
  sixA: number;
  shift: number;
  period1: number;
  subjectSix: number;
  teacher1: number;
};

const THURSDAY = 5;
const FRIDAY = 6;
const SATURDAY = 7;
/** Saturday 5 December 2026, 10:30 in Dhaka. */
const SATURDAY_MORNING = '2026-12-05T04:30:00Z';
/** Sunday 3 January 2027, 10:30 in Dhaka: the 2027 session has begun. */
const NEXT_YEAR = '2027-01-03T04:30:00Z';

beforeAll(async () => {
  t = await createTestApp({}, { namedDays: true });
  const db = t.db;
  const schoolOfUser = async (code: string) =>
    (await db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, code)))[0].id!;
  S.school1 = await schoolOfUser('admin1');
  S.school2 = await schoolOfUser('admin2');
  S.session = (await db.select().from(academicSessions).where(eq(academicSessions.sessionYear, '2026')))[0].id;
  S.six = (await db.select().from(classes).where(eq(classes.className, 'Six')))[0].id;
  const [sixA] = await db
    .select({ id: sections.id, shiftId: sections.shiftId })
    .from(sections)
    .where(and(eq(sections.schoolId, S.school1), eq(sections.classId, S.six), eq(sections.sectionDefaultName, 'A')));
  S.sixA = sixA.id;
  S.shift = sixA.shiftId;
  S.period1 = (
    await db
      .select({ id: periods.id })
      .from(periods)
      .where(and(eq(periods.schoolId, S.school1), eq(periods.shiftId, S.shift)))
      .orderBy(periods.serial)
  )[0].id;
  S.subjectSix = (await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.classId, S.six)))[0].id;
  S.teacher1 = (
    await db
      .select({ id: teachers.id })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(users.userCode, 'teacher1'))
  )[0].id;
});
afterAll(() => t.close());
afterEach(() => setClock(NAMED.schoolDay));

const put = (as: string, schoolId: number, days: unknown) =>
  t.call(as, {
    method: 'PUT',
    url: `/api/school_info/${schoolId}/weekly_off_days`,
    payload: { weekly_off_days: days } as object,
  });

/** A routine body for school 1's Six A, taught by teacher1 in the shift's first period. */
const routine = (dayId: number) => ({
  id: '',
  class_id: S.six,
  section_id: S.sixA,
  day_id: dayId,
  period_id: S.period1,
  subject_id: S.subjectSix,
  teacher_id: S.teacher1,
  room: '',
  school_info_id: S.school1,
  session_id: S.session,
  shift_id: S.shift,
  start: '0:00:00',
  end: '0:00:00',
});

const offDaysOf = async (schoolId: number) =>
  (await t.db.select({ off: schools.weeklyOffDays }).from(schools).where(eq(schools.id, schoolId)))[0].off;
const routinesOn = async (sessionId: number, dayId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(routines)
      .where(and(eq(routines.schoolId, S.school1), eq(routines.sessionId, sessionId), eq(routines.dayId, dayId)))
  )[0].n;

describe('a school’s weekly off days', () => {
  it('are Friday and Saturday in the demo, on the school’s details and on the signed-in profile', async () => {
    const [own] = (await t.get('admin1', '/api/school_info/all')).json();
    expect(own.weekly_off_days).toEqual([FRIDAY, SATURDAY]);
    const profile = (await t.get('teacher1', '/api/users/user_id')).json();
    expect(profile.weekly_off_days).toEqual([FRIDAY, SATURDAY]);
    // A user without a school has none.
    expect((await t.get('viewer1', '/api/users/user_id')).json().weekly_off_days).toEqual([]);
  });

  it('a routine period on an off day is refused with a 400 naming day_id, and nothing is saved', async () => {
    const before = await routinesOn(S.session, FRIDAY);
    const friday = await t.post('admin1', '/api/routine/all', routine(FRIDAY));
    expect(friday.statusCode, friday.body).toBe(400);
    expect(friday.json().error).toEqual({
      code: 'routines.weekly_off',
      message: 'day_id: Friday is a weekly off day of this school: no classes are held.',
      fields: { day_id: 'Friday is a weekly off day of this school: no classes are held.' },
      params: { day: 'Friday' },
    });
    const saturday = await t.post('admin1', '/api/routine/all', routine(SATURDAY));
    expect(saturday.statusCode).toBe(400);
    expect(saturday.json().error.fields).toEqual({
      day_id: 'Saturday is a weekly off day of this school: no classes are held.',
    });
    expect(await routinesOn(S.session, FRIDAY)).toBe(before);
    expect(await routinesOn(S.session, SATURDAY)).toBe(0);
  });

  it('a school with Saturday classes makes Saturday a school day, sets its periods and takes its attendance', async () => {
    setClock(SATURDAY_MORNING);
    const res = await put('admin1', S.school1, [FRIDAY]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: S.school1, weekly_off_days: [FRIDAY] });
    expect(await offDaysOf(S.school1)).toEqual([FRIDAY]);
    // The other school keeps its own week.
    expect(await offDaysOf(S.school2)).toEqual([FRIDAY, SATURDAY]);
    expect((await t.get('teacher1', '/api/users/user_id')).json().weekly_off_days).toEqual([FRIDAY]);

    const made = await t.post('admin1', '/api/routine/all', routine(SATURDAY));
    expect(made.statusCode, made.body).toBe(200);
    const routineId = made.json().id as number;
    const today = (
      await t.get('teacher1', `/api/routine/teacher/today?teacher_id=${S.teacher1}&today=2026-12-05`)
    ).json();
    expect(today.map((r: { id: number }) => r.id)).toContain(routineId);

    const students = await listOf(t, 'teacher1', routineId, '2026-12-05');
    expect(students.length).toBeGreaterThan(0);
    const taken = await t.post('teacher1', '/api/attendance/student', {
      date: '2026-12-05',
      time: '10:35:00',
      routine_id: routineId,
      attendance: students.map((s) => ({ student_id: s.student_id, attendance_status: 1 })),
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ total: students.length, present: students.length, absent: 0 });
    // Friday is still an off day: no period there.
    expect((await t.post('admin1', '/api/routine/all', routine(FRIDAY))).statusCode).toBe(400);
  });

  it('a day with periods in this session’s routines cannot become an off day: 409 naming it and the count', async () => {
    const thursdays = await routinesOn(S.session, THURSDAY);
    expect(thursdays).toBeGreaterThan(0);
    const res = await put('admin1', S.school1, [THURSDAY, FRIDAY]);
    expect(res.statusCode, res.body).toBe(409);
    const message = `Thursday has ${thursdays} periods in the routines of this session: move or delete them before making Thursday a weekly off day.`;
    expect(res.json().error).toEqual({
      code: 'school_setup.off_day_has_periods',
      message,
      fields: { weekly_off_days: message },
      params: { day: 'Thursday', day_id: THURSDAY, periods: thursdays },
    });
    // Saturday now has the one period set above.
    const saturday = await put('admin1', S.school1, [FRIDAY, SATURDAY]);
    expect(saturday.statusCode).toBe(409);
    expect(saturday.json().error.params).toEqual({ day: 'Saturday', day_id: SATURDAY, periods: 1 });
    expect(saturday.json().error.message).toBe(
      'Saturday has 1 period in the routines of this session: move or delete it before making Saturday a weekly off day.',
    );
    expect(await offDaysOf(S.school1)).toEqual([FRIDAY]);
  });

  it('only the school’s own admin or the super admin changes it; a school is open at least one day', async () => {
    expect((await put('admin1', S.school2, [FRIDAY])).statusCode).toBe(403);
    for (const who of ['teacher1', 'student1', 'viewer1']) {
      expect((await put(who, S.school1, [FRIDAY])).statusCode, who).toBe(403);
    }
    const refused = {
      'every day': [[1, 2, 3, 4, 5, 6, 7], 'weekly_off_days', 'a school must be open at least one day a week'],
      'a day twice': [[FRIDAY, FRIDAY], 'weekly_off_days', 'names a day twice'],
      'day 0': [[0], 'weekly_off_days.0', 'a day id is a number from 1 (Sunday) to 7 (Saturday)'],
      'day 8': [[8], 'weekly_off_days.0', 'a day id is a number from 1 (Sunday) to 7 (Saturday)'],
      'a name': [['Friday'], 'weekly_off_days.0', 'a day id is a number from 1 (Sunday) to 7 (Saturday)'],
      'not a list': [
        'Friday',
        'weekly_off_days',
        'weekly_off_days must be a list of day ids (1 = Sunday ... 7 = Saturday)',
      ],
    } as const;
    for (const [name, [days, field, message]] of Object.entries(refused)) {
      const res = await put('admin1', S.school1, days);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.fields, name).toEqual({ [field]: message });
    }
    expect(await offDaysOf(S.school1)).toEqual([FRIDAY]);
    // The super admin may change any school's; the days are kept in order.
    const res = await put('superadmin', S.school2, [SATURDAY, FRIDAY]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().weekly_off_days).toEqual([FRIDAY, SATURDAY]);
  });

  it('a new session’s copied routine leaves out the periods of the days that are now off', async () => {
    const source = await t.db
      .select({ n: count() })
      .from(routines)
      .where(and(eq(routines.schoolId, S.school1), eq(routines.sessionId, S.session)));
    expect(await routinesOn(S.session, SATURDAY)).toBe(1);
    // In 2027 the 2026 Saturday period is history: Saturday may be off again.
    setClock(NEXT_YEAR);
    expect((await put('admin1', S.school1, [FRIDAY, SATURDAY])).statusCode).toBe(200);
    const opened = await t.post('admin1', '/api/setup/sessions', { session_year: 2027, copy_routines: true });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().routines_copied).toBe(source[0].n - 1);
    const [session2027] = await t.db.select().from(academicSessions).where(eq(academicSessions.sessionYear, '2027'));
    expect(await routinesOn(session2027.id, SATURDAY)).toBe(0);
    expect(await routinesOn(session2027.id, THURSDAY)).toBe(await routinesOn(S.session, THURSDAY));
  });
});
