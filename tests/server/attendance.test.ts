/**
 * Attendance (with corrections): taking it, the correction window and its audit,
 * the summaries, a student's history and absentees. The suite runs on named days whatever day it
 * runs: on a copy of the demo seeded on Thursday 3 December 2026 with the server's clock on that
 * morning (attendance-fixtures.ts, NAMED), and its last block moves the clock to a weekly off day,
 * a holiday, the first school day after a weekend, the session's last day and Dhaka's midnight
 * while UTC is still on the day before. Each test sets up the takings it reads (a period
 * is reset before it is taken), so the tests pass in any order. Expected counts come from this
 * file's own SQL, written differently from the server's.
 */
import { DateTime } from 'luxon';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  attendanceAudit,
  attendanceMarks,
  attendanceTakings,
  enrolments,
  periods,
  routines,
  schools,
  teachers,
  users,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import {
  dayIdOf,
  ddmmyyyy,
  iso,
  listOf,
  NAMED,
  onNamedDays,
  openToday,
  resetTaking,
  schoolDayBefore,
  schoolToday,
  type ListedStudent,
} from './attendance-fixtures';
import { setClock } from '@server/clock';

let t: TestApp;

async function rows<T>(query: SQL): Promise<T[]> {
  const res = (await t.db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

interface Routine {
  id: number;
  sectionId: number;
  dayId: number;
  periodId: number;
}

interface Ctx {
  offDays: number[];
  school1: number;
  school2: number;
  sessionId: number;
  teacher1: number;
  teacher1User: number;
  admin1User: number;
  /** The school's today (a school day: see openToday). */
  today: string;
  /** The last school day before today: every period taken by the seed. */
  pastDate: string;
  /** The school day before pastDate. */
  earlierDate: string;
  /** A school day after today: nothing taken. */
  futureDate: string;
  /** teacher1's first routine entry today, by period. */
  routine: Routine;
  /** teacher1's second routine entry today. */
  routine2: Routine;
  colleagueRoutine: number;
  otherSchoolRoutine: number;
  outsider: number;
}
let c: Ctx;

/** teacher1's routine entries on a date's weekday, by period. */
async function teacherRoutinesOn(teacherId: number, sessionId: number, date: string): Promise<Routine[]> {
  return t.db
    .select({ id: routines.id, sectionId: routines.sectionId, dayId: routines.dayId, periodId: routines.periodId })
    .from(routines)
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .where(
      and(
        eq(routines.teacherId, teacherId),
        eq(routines.dayId, dayIdOf(DateTime.fromISO(date))),
        eq(routines.sessionId, sessionId),
      ),
    )
    .orderBy(asc(periods.serial));
}

onNamedDays(NAMED.schoolDay);
beforeAll(async () => {
  t = await createTestApp({}, { namedDays: true });
  const db = t.db;
  // A no-op on the named school day (a Thursday): kept so the set-up holds on any day it is given.
  const offDays = await openToday(t);
  const userOf = async (code: string) =>
    (await db.select({ id: users.id, school: users.schoolId }).from(users).where(eq(users.userCode, code)))[0];
  const a1 = await userOf('admin1');
  const a2 = await userOf('admin2');
  const [tch] = await db
    .select({ id: teachers.id, userId: teachers.userId })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  const session = (await t.get('teacher1', '/api/session')).json().find((s: { current: boolean }) => s.current);
  const today = schoolToday();
  const past = schoolDayBefore(today, offDays);
  let future = today.plus({ days: 1 });
  while (offDays.includes(dayIdOf(future))) future = future.plus({ days: 1 });
  const [routine, routine2] = await teacherRoutinesOn(tch.id, session.id, iso(today));
  const [colleague] = await db
    .select({ id: routines.id })
    .from(routines)
    .where(and(eq(routines.schoolId, a1.school!), eq(routines.dayId, dayIdOf(today)), ne(routines.teacherId, tch.id)))
    .limit(1);
  const [foreign] = await db
    .select({ id: routines.id })
    .from(routines)
    .where(and(eq(routines.schoolId, a2.school!), eq(routines.dayId, dayIdOf(today))))
    .limit(1);
  const [outsider] = await db
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .where(and(eq(enrolments.schoolId, a1.school!), ne(enrolments.sectionId, routine.sectionId)))
    .limit(1);
  c = {
    offDays,
    school1: a1.school!,
    school2: a2.school!,
    sessionId: session.id,
    teacher1: tch.id,
    teacher1User: tch.userId,
    admin1User: a1.id,
    today: iso(today),
    pastDate: iso(past),
    earlierDate: iso(schoolDayBefore(past, offDays)),
    futureDate: iso(future),
    routine,
    routine2,
    colleagueRoutine: colleague.id,
    otherSchoolRoutine: foreign.id,
    outsider: outsider.id,
  };
});
afterAll(() => t.close());

const submit = (as: string, body: Record<string, unknown>) => t.post(as, '/api/attendance/student', body);
/** Every third roll absent, the rest present. */
const pattern = (s: ListedStudent) => (s.class_roll_no % 3 === 0 ? 0 : 1);
const body = (students: ListedStudent[], over: Record<string, unknown> = {}) => ({
  date: c.today,
  time: '10:52:00',
  routine_id: c.routine.id,
  attendance: students.map((s) => ({ student_id: s.student_id, attendance_status: pattern(s) })),
  ...over,
});

/** A fresh taking of `routine` today by `as` with the every-third-absent pattern; returns the list. */
async function takeFresh(as = 'teacher1', routineId = c.routine.id, date = c.today, time = '10:52:00') {
  await resetTaking(t, routineId, date);
  const students = await listOf(t, as, routineId, date);
  const res = await submit(as, body(students, { routine_id: routineId, date, time }));
  expect(res.statusCode, res.body).toBe(200);
  return students;
}

const takingOf = async (routineId: number, date: string) => {
  const [row] = await t.db
    .select()
    .from(attendanceTakings)
    .where(and(eq(attendanceTakings.routineId, routineId), eq(attendanceTakings.date, date)));
  return row;
};
const marksOf = (takingId: number) =>
  t.db
    .select({ enrolmentId: attendanceMarks.enrolmentId, status: attendanceMarks.status, id: attendanceMarks.id })
    .from(attendanceMarks)
    .where(eq(attendanceMarks.takingId, takingId));
const auditOf = (takingId: number) =>
  t.db
    .select({ old: attendanceAudit.oldStatus, new: attendanceAudit.newStatus, by: attendanceAudit.changedByUserId })
    .from(attendanceAudit)
    .innerJoin(attendanceMarks, eq(attendanceMarks.id, attendanceAudit.markId))
    .where(eq(attendanceMarks.takingId, takingId))
    .orderBy(asc(attendanceAudit.id));

/** Flip the status of the students at these positions (by roll) in a list of entries. */
const flipped = (students: ListedStudent[], positions: number[]) =>
  students.map((s, i) => ({
    student_id: s.student_id,
    attendance_status: positions.includes(i) ? 1 - pattern(s) : pattern(s),
  }));

describe('taking attendance', () => {
  it('lists the section by roll, with no statuses before the period is taken', async () => {
    await resetTaking(t, c.routine.id, c.today);
    const students = await listOf(t, 'teacher1', c.routine.id, c.today);
    expect(students.length).toBeGreaterThanOrEqual(25);
    const rolls = students.map((s) => s.class_roll_no);
    expect(rolls).toEqual([...rolls].sort((a, b) => a - b));
    expect(students.every((s) => s.attendance_status === null)).toBe(true);
  });

  it('lists a section the teacher teaches without a routine (no statuses), and refuses other schools', async () => {
    const students = await listOf(t, 'teacher1', c.routine.id, c.today);
    const res = await t.get('teacher1', `/api/attendance/student?section_id=${c.routine.sectionId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { student_id: number }) => s.student_id)).toEqual(students.map((s) => s.student_id));
    expect(res.json().every((s: { attendance_status: null }) => s.attendance_status === null)).toBe(true);
    expect((await t.get('teacher1', '/api/attendance/student')).statusCode).toBe(400);
    expect((await t.get('admin1', `/api/attendance/student?routine_id=${c.otherSchoolRoutine}`)).statusCode).toBe(403);
  });

  it('a first taking records the taker and time; a correction keeps them and records the corrector', async () => {
    await resetTaking(t, c.routine.id, c.today);
    const students = await listOf(t, 'teacher1', c.routine.id, c.today);
    const res = await submit('teacher1', body(students));
    expect(res.statusCode, res.body).toBe(200);
    const absentees = students.filter((s) => pattern(s) === 0);
    expect(res.json()).toMatchObject({
      ok: true,
      message: 'Attendance saved',
      code: 'attendance.saved',
      corrected: false,
      time: '10:52:00',
      total: students.length,
      present: students.length - absentees.length,
      absent: absentees.length,
    });
    expect(res.json().students[0]).toEqual({
      student_id: students[0].student_id,
      full_name: students[0].full_name,
      class_roll_no: students[0].class_roll_no,
      attendance_status: pattern(students[0]),
    });
    const taking = await takingOf(c.routine.id, c.today);
    expect(taking).toMatchObject({
      takenTime: '10:52:00',
      takenByUserId: c.teacher1User,
      correctedByUserId: null,
      correctedAt: null,
    });
    expect(await marksOf(taking.id)).toHaveLength(students.length);
    expect(await auditOf(taking.id)).toEqual([]);

    // The same marks again change nothing: no correction, no audit.
    const same = await submit('teacher1', body(students, { time: '10:55:00' }));
    expect(same.json()).toMatchObject({ corrected: false, time: '10:52:00' });
    expect((await takingOf(c.routine.id, c.today)).correctedByUserId).toBeNull();

    // A school admin corrects three marks later: the first taker and time stay.
    const again = await submit(
      'admin1',
      body(students, { time: '11:30:00', attendance: flipped(students, [0, 1, 2]) }),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'Attendance corrected',
      code: 'attendance.corrected',
      corrected: true,
      time: '10:52:00',
    });
    const after = await takingOf(c.routine.id, c.today);
    expect(after).toMatchObject({ id: taking.id, takenTime: '10:52:00', takenByUserId: c.teacher1User });
    expect(after.correctedByUserId).toBe(c.admin1User);
    expect(after.correctedAt).toBeInstanceOf(Date);
    expect(await marksOf(taking.id)).toHaveLength(students.length);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from attendance_takings where routine_id = ${c.routine.id} and date = ${c.today}`,
    );
    expect(n).toBe(1);
    expect(await auditOf(taking.id)).toEqual(
      students.slice(0, 3).map((s) => ({ old: pattern(s), new: 1 - pattern(s), by: c.admin1User })),
    );

    // The saved marks show in the Take Attendance list.
    const list = await listOf(t, 'teacher1', c.routine.id, c.today);
    expect(list.map((s) => s.attendance_status)).toEqual(flipped(students, [0, 1, 2]).map((e) => e.attendance_status));
  });

  it('a partial list changes only the listed students', async () => {
    const students = await takeFresh();
    const target = students[5];
    const res = await submit(
      'teacher1',
      body(students, { attendance: [{ student_id: target.student_id, attendance_status: 1 - pattern(target) }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: students.length, corrected: true });
    const after = await listOf(t, 'teacher1', c.routine.id, c.today);
    expect(after.filter((s, i) => s.attendance_status !== pattern(students[i]))).toEqual([
      { ...target, attendance_status: 1 - pattern(target) },
    ]);
  });

  it('another teacher’s routine is 403; another school’s routine is 403 for teacher and admin', async () => {
    const students = await listOf(t, 'teacher1', c.routine.id, c.today);
    const colleague = await submit('teacher1', body(students, { routine_id: c.colleagueRoutine }));
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json().error).toEqual({
      code: 'attendance.another_teachers_class',
      message: 'That class is another teacher’s.',
    });
    for (const as of ['teacher1', 'admin1']) {
      const res = await submit(as, body(students, { routine_id: c.otherSchoolRoutine }));
      expect(res.statusCode, as).toBe(403);
    }
    expect((await t.get('teacher1', `/api/attendance/student?routine_id=${c.colleagueRoutine}`)).statusCode).toBe(403);
  });

  it('a school admin may record any routine of the school', async () => {
    await resetTaking(t, c.colleagueRoutine, c.today);
    const list = await listOf(t, 'admin1', c.colleagueRoutine, c.today);
    const res = await submit('admin1', {
      date: c.today,
      time: '11:40:00',
      routine_id: c.colleagueRoutine,
      attendance: list.map((s) => ({ student_id: s.student_id, attendance_status: 1 })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: list.length, present: list.length, absent: 0, corrected: false });
  });

  it('refuses dates in the future, off the routine’s weekday, on weekly off days and outside the session', async () => {
    const students = await listOf(t, 'admin1', c.routine.id, c.today);
    const base = DateTime.fromISO(c.today);
    let offDay = base;
    while (!c.offDays.includes(dayIdOf(offDay))) offDay = offDay.minus({ days: 1 });
    const otherWeekdays = [1, 2, 3].map((n) => base.minus({ days: n })).filter((d) => !c.offDays.includes(dayIdOf(d)));
    for (const [date, code] of [
      [iso(base.plus({ days: 7 })), 'attendance.future_date'], // the same weekday next week
      ...otherWeekdays.map((d) => [iso(d), 'attendance.wrong_weekday'] as const),
      [iso(offDay), 'attendance.weekly_off'],
      [iso(base.minus({ weeks: 53 })), 'attendance.outside_session'], // same weekday, last year
    ] as const) {
      // As the school admin, so that the teacher's correction window is not what refuses.
      const res = await submit('admin1', body(students, { date }));
      expect(res.statusCode, date).toBe(400);
      expect(res.json().error.fields, date).toHaveProperty('date');
      // A stable code for the client to show in the user's language, with the English words.
      expect(res.json().error.code, date).toBe(code);
      expect(res.json().error.message, date).toMatch(/^date: [A-Z]/);
    }
  });

  it('refuses students outside the section, duplicates and bad statuses', async () => {
    const students = await listOf(t, 'teacher1', c.routine.id, c.today);
    const first = students[0].student_id;
    const outsider = await submit(
      'teacher1',
      body(students, { attendance: [{ student_id: c.outsider, attendance_status: 1 }] }),
    );
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.code).toBe('attendance.not_enrolled');
    expect(outsider.json().error.fields).toHaveProperty('attendance');
    expect(outsider.json().error.message).toContain(String(c.outsider));

    const dup = await submit(
      'teacher1',
      body(students, {
        attendance: [
          { student_id: first, attendance_status: 1 },
          { student_id: first, attendance_status: 0 },
        ],
      }),
    );
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.fields).toHaveProperty('attendance');

    const bad = await submit('teacher1', body(students, { attendance: [{ student_id: first, attendance_status: 2 }] }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)[0]).toMatch(/^attendance/);

    const noTime = await submit('teacher1', body(students, { time: '25:00' }));
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().error.fields).toHaveProperty('time');
    expect((await submit('teacher1', body(students, { attendance: [] }))).statusCode).toBe(400);
  });

  it('nobody else may take attendance', async () => {
    const students = await listOf(t, 'teacher1', c.routine.id, c.today);
    for (const as of ['student1', 'viewer1', 'superadmin']) {
      expect((await submit(as, body(students))).statusCode, as).toBe(403);
    }
  });
});

// ------------------------------------------------------------------ the correction window

describe('the correction window', () => {
  /** teacher1's first routine on a past date, with the seed's taking of it. */
  const pastRoutine = async (date: string) => (await teacherRoutinesOn(c.teacher1, c.sessionId, date))[0];
  const setEditDays = (n: number) =>
    t.db.update(schools).set({ attendanceEditDays: n }).where(eq(schools.id, c.school1));
  afterEach(() => setEditDays(0));

  it('by default a teacher may not take or correct an earlier school day, and is told who can', async () => {
    const routine = await pastRoutine(c.pastDate);
    const students = await listOf(t, 'teacher1', routine.id, c.pastDate);
    const before = await takingOf(routine.id, c.pastDate);
    expect(before).toBeDefined(); // the seed took it
    const res = await submit(
      'teacher1',
      body(students, { routine_id: routine.id, date: c.pastDate, attendance: flipped(students, [0]) }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('attendance.window_closed');
    expect(res.json().error.fields).toHaveProperty('date');
    expect(res.json().error.message).toContain(ddmmyyyy(c.pastDate));
    expect(res.json().error.message).toContain('only on the same school day');
    expect(res.json().error.message).toContain('school admin');
    // Nothing changed.
    expect(await takingOf(routine.id, c.pastDate)).toEqual(before);
    expect(await auditOf(before.id)).toEqual([]);

    // Not taken at all that day: still too late for the teacher.
    await resetTaking(t, routine.id, c.pastDate);
    const fresh = await submit('teacher1', body(students, { routine_id: routine.id, date: c.pastDate }));
    expect(fresh.statusCode).toBe(403);
    expect(await takingOf(routine.id, c.pastDate)).toBeUndefined();
  });

  it('a school admin corrects an earlier day: the first taker stays, the admin is the corrector, each change is audited', async () => {
    const routine = await pastRoutine(c.pastDate);
    await resetTaking(t, routine.id, c.pastDate);
    // Taken on its day by the teacher (as the admin here, then handed to the teacher's name below).
    const students = await listOf(t, 'admin1', routine.id, c.pastDate);
    await submit('admin1', body(students, { routine_id: routine.id, date: c.pastDate, time: '09:05:00' }));
    await t.db
      .update(attendanceTakings)
      .set({ takenByUserId: c.teacher1User })
      .where(and(eq(attendanceTakings.routineId, routine.id), eq(attendanceTakings.date, c.pastDate)));

    const res = await submit(
      'admin1',
      body(students, {
        routine_id: routine.id,
        date: c.pastDate,
        time: '15:00:00',
        attendance: flipped(students, [1, 4]),
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ corrected: true, time: '09:05:00' });
    const taking = await takingOf(routine.id, c.pastDate);
    expect(taking).toMatchObject({
      takenByUserId: c.teacher1User,
      takenTime: '09:05:00',
      correctedByUserId: c.admin1User,
    });

    // The period table says who corrected it and when.
    const table = (
      await t.get('admin1', `/api/attendance/summary/section/today?section_id=${routine.sectionId}&date=${c.pastDate}`)
    ).json();
    const row = table.find((r: { r_id: number }) => r.r_id === routine.id);
    expect(row).toMatchObject({ time: '09:05:00', corrected_by: expect.stringContaining('') });
    const [admin] = await t.db
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, c.admin1User));
    expect(row.corrected_by).toBe(`${admin.first} ${admin.last}`.trim());
    expect(new Date(row.corrected_at).getTime()).toBe(taking.correctedAt!.getTime());
    const untouched = table.find((r: { r_id: number; taken: boolean }) => r.r_id !== routine.id && r.taken);
    expect(untouched).toMatchObject({ corrected_by: null, corrected_at: null });

    // The audit: which student, from what to what, by whom; newest first, paged.
    const audit = await t.get('admin1', `/api/attendance/audit?routine_id=${routine.id}&date=${c.pastDate}`);
    expect(audit.statusCode, audit.body).toBe(200);
    const page = audit.json();
    expect(page).toMatchObject({ total: 2, limit: 50, offset: 0 });
    const changed = [students[4], students[1]];
    expect(
      page.rows.map((r: { student_id: number; old_status: number; new_status: number; changed_by: string }) => [
        r.student_id,
        r.old_status,
        r.new_status,
        r.changed_by,
      ]),
    ).toEqual(changed.map((s) => [s.student_id, pattern(s), 1 - pattern(s), row.corrected_by]));
    expect(page.rows[0]).toMatchObject({
      full_name: students[4].full_name,
      class_roll_no: students[4].class_roll_no,
      changed_at: expect.any(String),
    });
    const second = (
      await t.get('admin1', `/api/attendance/audit?routine_id=${routine.id}&date=${c.pastDate}&limit=1&offset=1`)
    ).json();
    expect(second).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(second.rows.map((r: { student_id: number }) => r.student_id)).toEqual([students[1].student_id]);
  });

  it('only the school admin reads the audit, of their own school, with the fields named', async () => {
    const q = `routine_id=${c.routine.id}&date=${c.today}`;
    for (const as of ['teacher1', 'student1', 'viewer1']) {
      expect((await t.get(as, `/api/attendance/audit?${q}`)).statusCode, as).toBe(403);
    }
    expect((await t.get('admin2', `/api/attendance/audit?${q}`)).statusCode).toBe(403);
    const noDate = await t.get('admin1', `/api/attendance/audit?routine_id=${c.routine.id}`);
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().error.fields).toHaveProperty('date');
    const tooMany = await t.get('admin1', `/api/attendance/audit?${q}&limit=201`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields).toHaveProperty('limit');
  });

  it('a school setting widens the teacher’s window by school days', async () => {
    await setEditDays(1);
    const routine = await pastRoutine(c.pastDate);
    const students = await listOf(t, 'teacher1', routine.id, c.pastDate);
    const ok = await submit(
      'teacher1',
      body(students, { routine_id: routine.id, date: c.pastDate, attendance: flipped(students, [0]) }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await takingOf(routine.id, c.pastDate)).correctedByUserId).toBe(c.teacher1User);

    const older = await pastRoutine(c.earlierDate);
    const olderList = await listOf(t, 'teacher1', older.id, c.earlierDate);
    const refused = await submit('teacher1', body(olderList, { routine_id: older.id, date: c.earlierDate }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toContain('only within 1 school day after the class');
  });
});

// ------------------------------------------------------------------ summaries

interface ExpectedSection {
  section_id: number;
  all: number;
  taking_id: number | null;
  present: number;
  absent: number;
}
/** Per section: enrolled students and the marks of its first taken period (by serial) on the date. */
const expectedSections = (date: string) =>
  rows<ExpectedSection>(sql`
    select s.id as section_id,
      (select count(*)::int from enrolments e where e.section_id = s.id and e.session_id = ${c.sessionId}) as "all",
      ft.id as taking_id,
      (select count(*)::int from attendance_marks m where m.taking_id = ft.id and m.status = 1) as present,
      (select count(*)::int from attendance_marks m where m.taking_id = ft.id and m.status = 0) as absent
    from sections s
    left join lateral (
      select t.id from attendance_takings t
      join routines r on r.id = t.routine_id
      join periods p on p.id = r.period_id
      where r.section_id = s.id and t.date = ${date}
      order by p.serial limit 1
    ) ft on true
    where s.school_id = ${c.school1}`);

describe('summaries', () => {
  it('the per-section table counts the first taken period of the day', async () => {
    await takeFresh();
    for (const date of [c.pastDate, c.today]) {
      const res = await t.get('admin1', `/api/attendance/summary/all?date=${date}`);
      expect(res.statusCode).toBe(200);
      const got = res.json();
      const want = await expectedSections(date);
      expect(got).toHaveLength(want.length);
      expect(want.some((w) => w.taking_id != null)).toBe(true);
      for (const w of want) {
        const g = got.find((r: { section_id: number }) => r.section_id === w.section_id);
        expect(g.all, date).toBe(w.all);
        if (w.taking_id == null) {
          expect(g).toMatchObject({ taken: false, present: null, absent: null, present_rate: null });
        } else {
          expect(g).toMatchObject({ taken: true, present: w.present, absent: w.absent });
          expect(g.present_rate).toBeCloseTo(Math.round((1000 * w.present) / (w.present + w.absent)) / 10, 5);
          expect(g.taken_periods).toBeGreaterThan(0);
        }
        expect(g).toMatchObject({ class_name: expect.any(String), section_default_name: expect.any(String) });
      }
    }
  });

  it('sections not taken yet show taken=false and null rates, never 0%', async () => {
    const got = (await t.get('admin1', `/api/attendance/summary/all?date=${c.futureDate}`)).json();
    expect(got.length).toBe(10);
    for (const r of got) {
      expect(r).toMatchObject({ taken: false, present: null, absent: null, present_rate: null, taken_periods: 0 });
      expect(r.scheduled_periods).toBeGreaterThan(0);
      expect(r.all).toBeGreaterThan(0);
    }
    const school = (await t.get('admin1', `/api/attendance/summary/school?date=${c.futureDate}`)).json();
    expect(school).toMatchObject({
      present: 0,
      absent: 0,
      present_rate: null,
      sections_taken: 0,
      sections_total: 10,
      weekly_off: false,
      day_name: DateTime.fromISO(c.futureDate).toFormat('cccc'),
    });
  });

  it('on a weekly off day the school’s summary says so, with the day’s name', async () => {
    let off = DateTime.fromISO(c.today);
    while (!c.offDays.includes(dayIdOf(off))) off = off.plus({ days: 1 });
    const res = await t.get('admin1', `/api/attendance/summary/school?date=${iso(off)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ weekly_off: true, day_name: off.toFormat('cccc'), sections_total: 0 });
  });

  it('the school total sums the sections', async () => {
    const want = await expectedSections(c.pastDate);
    const taken = want.filter((w) => w.taking_id != null);
    const present = taken.reduce((n, w) => n + w.present, 0);
    const absent = taken.reduce((n, w) => n + w.absent, 0);
    const res = await t.get('admin1', `/api/attendance/summary/school?date=${c.pastDate}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      date: c.pastDate,
      school_info_id: c.school1,
      school_name: 'Dhanmondi Model High School',
      all: want.reduce((n, w) => n + w.all, 0),
      present,
      absent,
      sections_taken: taken.length,
      sections_total: 10,
      weekly_off: false,
    });
    expect(res.json().present_rate).toBeCloseTo(Math.round((1000 * present) / (present + absent)) / 10, 5);
  });

  it('the section’s period table lists every routine entry of the weekday', async () => {
    const students = await takeFresh('teacher1', c.routine.id, c.today, '10:52:00');
    await resetTaking(t, c.routine2.id, c.today);
    const want = await rows<{
      r_id: number;
      taken_time: string | null;
      present: number;
      absent: number;
      taking_id: number | null;
    }>(sql`
      select r.id as r_id, t.id as taking_id, t.taken_time::text as taken_time,
        (select count(*)::int from attendance_marks m where m.taking_id = t.id and m.status = 1) as present,
        (select count(*)::int from attendance_marks m where m.taking_id = t.id and m.status = 0) as absent
      from routines r
      join periods p on p.id = r.period_id
      left join attendance_takings t on t.routine_id = r.id and t.date = ${c.today}
      where r.section_id = ${c.routine.sectionId} and r.session_id = ${c.sessionId} and r.day_id = ${c.routine.dayId}
      order by p.serial`);
    const res = await t.get(
      'admin1',
      `/api/attendance/summary/section/today?section_id=${c.routine.sectionId}&date=${c.today}`,
    );
    expect(res.statusCode).toBe(200);
    const got = res.json();
    expect(got.map((r: { r_id: number }) => r.r_id)).toEqual(want.map((w) => w.r_id));
    for (const [i, w] of want.entries()) {
      if (w.taking_id == null) expect(got[i]).toMatchObject({ taken: false, time: null, present: null, absent: null });
      else expect(got[i]).toMatchObject({ taken: true, time: w.taken_time, present: w.present, absent: w.absent });
      expect(got[i].all).toBe(students.length);
    }
    const mine = got.find((r: { r_id: number }) => r.r_id === c.routine.id);
    expect(mine).toMatchObject({
      t_id: c.teacher1,
      time: '10:52:00',
      taken: true,
      period_id: c.routine.periodId,
      present: students.filter((s) => pattern(s) === 1).length,
      corrected_by: null,
    });
    expect(mine.initial).toMatch(/^[A-Z]{2,4}$/);
    const wrongClass = await t.get(
      'admin1',
      `/api/attendance/summary/section/today?section_id=${c.routine.sectionId}&class_id=999999`,
    );
    expect(wrongClass.statusCode).toBe(400);
  });

  it('a viewer reads a linked school’s summaries and must name the school', async () => {
    const res = await t.get('viewer1', `/api/attendance/summary/all?school_info_id=${c.school2}&date=${c.pastDate}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBe(10);
    const school = await t.get(
      'viewer1',
      `/api/attendance/summary/school?school_info_id=${c.school2}&date=${c.pastDate}`,
    );
    expect(school.statusCode).toBe(200);
    expect(school.json().school_info_id).toBe(c.school2);
    expect((await t.get('viewer1', '/api/attendance/summary/school')).statusCode).toBe(400);
    expect((await t.get('teacher1', '/api/attendance/summary/all')).statusCode).toBe(403);
  });

  it('the day’s sections come with scheduled and taken period counts', async () => {
    await takeFresh();
    const future = (
      await t.get('viewer1', `/api/routine/school/today/sections?school_info_id=${c.school1}&today=${c.futureDate}`)
    ).json();
    expect(future).toHaveLength(10);
    expect(
      future.every(
        (r: { scheduled_periods: number; taken_periods: number }) => r.scheduled_periods === 6 && r.taken_periods === 0,
      ),
    ).toBe(true);
    const day = (await t.get('admin1', `/api/routine/school/today/sections?today=${c.today}`)).json();
    const mine = day.find((r: { section_id: number }) => r.section_id === c.routine.sectionId);
    expect(mine.taken_periods).toBeGreaterThan(0);
    let off = schoolToday();
    while (!c.offDays.includes(dayIdOf(off))) off = off.plus({ days: 1 });
    expect((await t.get('admin1', `/api/routine/school/today/sections?today=${iso(off)}`)).json()).toEqual([]);
  });

  it('the summaries follow every change of the day: a later period first, an earlier one taken after, a correction, a removal', async () => {
    const sectionId = c.routine.sectionId;
    const periodsOfDay = await rows<{ id: number }>(sql`
      select r.id from routines r join periods p on p.id = r.period_id
      where r.section_id = ${sectionId} and r.session_id = ${c.sessionId} and r.day_id = ${dayIdOf(schoolToday())}
      order by p.serial`);
    const [first, second] = periodsOfDay.map((r) => r.id);
    for (const r of periodsOfDay) await resetTaking(t, r.id, c.today);
    const students = await listOf(t, 'admin1', first, c.today);
    const take = async (routineId: number, absentPositions: number[]) => {
      const attendance = students.map((s, i) => ({
        student_id: s.student_id,
        attendance_status: absentPositions.includes(i) ? 0 : 1,
      }));
      const res = await submit('admin1', { date: c.today, time: '11:00:00', routine_id: routineId, attendance });
      expect(res.statusCode, res.body).toBe(200);
    };
    /** The section's row and the school's totals, each checked against a recount of the marks. */
    const check = async (want: { taken_periods: number; present: number | null; absent: number | null }) => {
      const all = (await t.get('admin1', `/api/attendance/summary/all?date=${c.today}`)).json();
      expect(all.find((r: { section_id: number }) => r.section_id === sectionId)).toMatchObject({
        ...want,
        taken: want.present != null,
      });
      const expected = (await expectedSections(c.today)).filter((w) => w.taking_id != null);
      const school = (await t.get('admin1', `/api/attendance/summary/school?date=${c.today}`)).json();
      expect(school).toMatchObject({
        present: expected.reduce((n, w) => n + w.present, 0),
        absent: expected.reduce((n, w) => n + w.absent, 0),
        sections_taken: expected.length,
      });
      const day = (await t.get('admin1', `/api/routine/school/today/sections?today=${c.today}`)).json();
      expect(day.find((r: { section_id: number }) => r.section_id === sectionId).taken_periods).toBe(
        want.taken_periods,
      );
    };
    const n = students.length;

    await check({ taken_periods: 0, present: null, absent: null });
    await take(second, [0]);
    await check({ taken_periods: 1, present: n - 1, absent: 1 });
    await take(first, [0, 1, 2]);
    await check({ taken_periods: 2, present: n - 3, absent: 3 });
    await take(first, [0]); // a correction of the day's first period
    await check({ taken_periods: 2, present: n - 1, absent: 1 });
    await take(second, [0, 1, 2, 3]); // a later period never moves the day's count
    await check({ taken_periods: 2, present: n - 1, absent: 1 });
    await resetTaking(t, first, c.today);
    await check({ taken_periods: 1, present: n - 4, absent: 4 });
    await resetTaking(t, second, c.today);
    await check({ taken_periods: 0, present: null, absent: null });
  });
});

// ------------------------------------------------------------------ history and absentees

describe('a student’s history', () => {
  let me: { id: number; section_id: number };
  beforeAll(async () => {
    me = (await t.get('student1', '/api/users/user_id')).json();
  });

  const expectedHistory = (studentId: number, from: string, to: string, extra: SQL = sql`true`) =>
    rows<{ total: number; present: number }>(sql`
      select count(*)::int as total, coalesce(sum(case when m.status = 1 then 1 else 0 end), 0)::int as present
      from attendance_marks m
      join enrolments e on e.id = m.enrolment_id
      join attendance_takings t on t.id = m.taking_id
      join routines r on r.id = t.routine_id
      where e.student_id = ${studentId} and t.date >= ${from} and t.date <= ${to} and ${extra}`);

  it('shows the last 30 days newest first, with totals', async () => {
    const res = await t.get('student1', '/api/attendance/student/individual');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    const from = iso(schoolToday().minus({ days: 29 }));
    const [want] = await expectedHistory(me.id, from, c.today);
    expect(want.total).toBeLessThanOrEqual(200);
    expect(list).toHaveLength(want.total);
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toMatchObject({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      period_code: expect.any(String),
      subject_name: expect.any(String),
      teacher_name: expect.any(String),
      present_status: expect.any(Number),
      period_id: expect.any(Number),
      subject_id: expect.any(Number),
    });
    const dates = list.map((r: { date: string }) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.filter((r: { present_status: number }) => r.present_status === 1)).toHaveLength(want.present);
    const summary = (await t.get('student1', '/api/attendance/student/individual/summary')).json();
    expect(summary).toMatchObject({
      student_id: me.id,
      start_date: from,
      end_date: c.today,
      total: want.total,
      present: want.present,
      absent: want.total - want.present,
    });
    expect(summary.present_rate).toBeCloseTo(Math.round((1000 * want.present) / want.total) / 10, 5);
  });

  /** Every window of the history the API gives, against this file's plain join of the same marks. */
  const expectPagesMatchPlainJoin = async (from: string) => {
    const expected = await rows<Record<string, unknown>>(sql`
      select m.date::text as date, p.period_code, s.subject_name, m.status as present_status, r.period_id,
             r.subject_id, r.id as routine_id, t.initial, p.start_time::text as start_time
        from attendance_marks m
        join enrolments e on e.id = m.enrolment_id
        join routines r on r.id = m.routine_id
        join periods p on p.id = r.period_id
        join subjects s on s.id = r.subject_id
        join teachers t on t.id = r.teacher_id
       where e.student_id = ${me.id} and m.date between ${from} and ${c.today}
         and m.date not in (select d::date from calendar_entries ce, generate_series(ce.start_date, ce.end_date, interval '1 day') d
                             where ce.school_id = r.school_id and ce.type = 'holiday')
       order by m.date desc, p.serial desc, r.id desc`);
    expect(expected.length).toBeGreaterThan(100);
    // Windows that start and end inside a day, on a day's edge, and run past the end.
    for (const [limit, offset] of [
      [1000, 0],
      [50, 0],
      [7, 3],
      [13, 47],
      [50, expected.length - 20],
      [5, expected.length + 5],
    ]) {
      const page = (
        await t.get('student1', `/api/attendance/student/individual?start_date=${from}&limit=${limit}&offset=${offset}`)
      ).json();
      const want = expected.slice(offset, offset + limit);
      expect(
        page.map((r: Record<string, unknown>) => ({
          date: r.date,
          period_code: r.period_code,
          subject_name: r.subject_name,
          present_status: r.present_status,
          period_id: r.period_id,
          subject_id: r.subject_id,
          routine_id: r.routine_id,
          initial: r.initial,
          start_time: r.start_time,
        })),
        `limit ${limit} offset ${offset}`,
      ).toEqual(want);
      expect(page.every((r: { teacher_name: string }) => r.teacher_name.length > 0)).toBe(true);
    }
    return expected;
  };

  it('every page holds the rows a plain join gives in that place: period, subject, teacher and status of each mark', async () => {
    await expectPagesMatchPlainJoin(iso(schoolToday().minus({ days: 90 })));
  });

  it('pages over two enrolments as one list: marks of an earlier session’s enrolment fall among this one’s', async () => {
    const from = iso(schoolToday().minus({ days: 90 }));
    // Last session's enrolment of the same student, and one of its section's classes taken on some
    // of the range's school days (the days the student already has marks on: no holidays).
    const [session] = await rows<{ id: number }>(sql`
      insert into academic_sessions (session_year) values ('1999') on conflict (session_year) do update
        set session_year = excluded.session_year returning id`);
    const [old] = await rows<{ id: number; school_id: number }>(sql`
      insert into enrolments (school_id, student_id, session_id, shift_id, class_id, section_id, group_id, class_roll_no)
      select school_id, student_id, ${session.id}, shift_id, class_id, section_id, group_id, class_roll_no
        from enrolments where student_id = ${me.id} and session_id = ${c.sessionId} returning id, school_id`);
    try {
      const [routine] = await rows<{ id: number }>(sql`
        insert into routines (school_id, session_id, shift_id, class_id, section_id, day_id, period_id, subject_id, teacher_id)
        select school_id, ${session.id}, shift_id, class_id, section_id, day_id, period_id, subject_id, teacher_id
          from routines where section_id = ${me.section_id} and session_id = ${c.sessionId} order by id limit 1
        returning id`);
      const dates = await rows<{ date: string }>(sql`
        select distinct m.date::text as date from attendance_marks m join enrolments e on e.id = m.enrolment_id
         where e.student_id = ${me.id} and m.date between ${from} and ${c.today} order by 1 desc`);
      // The newest day, one inside the first page, two in the middle and the oldest.
      const picked = [0, 2, Math.floor(dates.length / 2), Math.floor(dates.length / 2) + 1, dates.length - 1].map(
        (i) => dates[i].date,
      );
      await t.db.execute(sql`
        with taken as (
          insert into attendance_takings (school_id, routine_id, date, taken_time, taken_by_user_id)
          select ${old.school_id}, ${routine.id}, d, '09:00:00', ${c.teacher1User}
            from unnest(${`{${picked.join(',')}}`}::date[]) as d
          returning id, school_id, routine_id, date)
        insert into attendance_marks (school_id, taking_id, routine_id, date, enrolment_id, status)
        select school_id, id, routine_id, date, ${old.id}, (extract(day from date)::int % 2) from taken`);
      const expected = await expectPagesMatchPlainJoin(from);
      expect(expected.filter((r) => r.routine_id === routine.id)).toHaveLength(picked.length);
    } finally {
      await t.db.execute(sql`delete from attendance_takings where routine_id in
        (select id from routines where session_id = ${session.id} and school_id = ${old.school_id})`);
      await t.db.execute(sql`delete from routines where session_id = ${session.id} and school_id = ${old.school_id}`);
      await t.db.execute(sql`delete from enrolments where id = ${old.id}`);
    }
  });

  it('pages with limit and offset (default 200, at most 1000); the summary’s total counts the pages', async () => {
    const from = iso(schoolToday().minus({ days: 60 }));
    const q = `start_date=${from}&end_date=${c.today}`;
    const [want] = await expectedHistory(me.id, from, c.today);
    expect(want.total).toBeGreaterThan(100);
    const all = (await t.get('student1', `/api/attendance/student/individual?${q}`)).json();
    expect(all).toHaveLength(Math.min(200, want.total));
    const pages = [];
    for (let offset = 0; offset < want.total; offset += 50) {
      pages.push(
        ...(await t.get('student1', `/api/attendance/student/individual?${q}&limit=50&offset=${offset}`)).json(),
      );
    }
    expect(pages).toEqual(all);
    const page = (await t.get('student1', `/api/attendance/student/individual?${q}&limit=7&offset=20`)).json();
    expect(page).toEqual(all.slice(20, 27));
    expect((await t.get('student1', `/api/attendance/student/individual/summary?${q}`)).json().total).toBe(want.total);
    for (const bad of ['limit=1001', 'limit=0', 'offset=-1', 'limit=abc']) {
      const res = await t.get('student1', `/api/attendance/student/individual?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().error.fields), bad).toEqual([bad.split('=')[0]]);
    }
  });

  it('filters by period, subject and range', async () => {
    const all = (await t.get('student1', '/api/attendance/student/individual')).json();
    const { period_id, subject_id } = all[0];
    const byPeriod = (await t.get('student1', `/api/attendance/student/individual?period_id=${period_id}`)).json();
    expect(byPeriod.length).toBeGreaterThan(0);
    expect(byPeriod.every((r: { period_id: number }) => r.period_id === period_id)).toBe(true);
    const bySubject = (await t.get('student1', `/api/attendance/student/individual?subject_id=${subject_id}`)).json();
    expect(bySubject.every((r: { subject_id: number }) => r.subject_id === subject_id)).toBe(true);
    const [want] = await expectedHistory(
      me.id,
      iso(schoolToday().minus({ days: 29 })),
      c.today,
      sql`r.subject_id = ${subject_id}`,
    );
    expect(bySubject).toHaveLength(want.total);
    // The unfiltered list is found day by day, a filtered one by another statement: same rows, same order.
    expect(bySubject).toEqual(all.filter((r: { subject_id: number }) => r.subject_id === subject_id));
    const order = all.map((r: { date: string; start_time: string }) => `${r.date} ${r.start_time}`);
    expect(order).toEqual([...order].sort().reverse());

    const from = c.pastDate;
    const ranged = (
      await t.get('student1', `/api/attendance/student/individual?start_date=${from}&end_date=${from}`)
    ).json();
    expect(ranged.length).toBeGreaterThan(0);
    expect(ranged.every((r: { date: string }) => r.date === from)).toBe(true);
    const [day] = await expectedHistory(me.id, from, from);
    expect(ranged).toHaveLength(day.total);

    const backwards = await t.get(
      'student1',
      `/api/attendance/student/individual?start_date=${c.today}&end_date=${iso(DateTime.fromISO(c.today).minus({ days: 3 }))}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toHaveProperty('end_date');
  });

  it('a student sees only their own; admins and viewers a student of their schools', async () => {
    const [classmate] = await t.db
      .select({ id: enrolments.studentId })
      .from(enrolments)
      .where(and(eq(enrolments.sectionId, me.section_id), ne(enrolments.studentId, me.id)))
      .limit(1);
    expect((await t.get('student1', `/api/attendance/student/individual?student_id=${classmate.id}`)).statusCode).toBe(
      403,
    );
    expect(
      (await t.get('student1', `/api/attendance/student/individual/summary?student_id=${classmate.id}`)).statusCode,
    ).toBe(403);
    expect((await t.get('student1', `/api/attendance/student/individual?student_id=${me.id}`)).statusCode).toBe(200);
    expect((await t.get('admin1', `/api/attendance/student/individual?student_id=${me.id}`)).statusCode).toBe(200);
    expect((await t.get('viewer1', `/api/attendance/student/individual?student_id=${me.id}`)).statusCode).toBe(200);
    expect((await t.get('admin2', `/api/attendance/student/individual?student_id=${me.id}`)).statusCode).toBe(403);
    const noId = await t.get('admin1', '/api/attendance/student/individual');
    expect(noId.statusCode).toBe(400);
    expect(noId.json().error.fields).toHaveProperty('student_id');
    expect((await t.get('teacher1', `/api/attendance/student/individual?student_id=${me.id}`)).statusCode).toBe(403);
  });
});

describe('absentees', () => {
  it('lists the absent students of one period with class, section and a guardian phone', async () => {
    const students = await takeFresh();
    const absent = students.filter((s) => pattern(s) === 0);
    expect(absent.length).toBeGreaterThan(0);
    for (const as of ['teacher1', 'admin1']) {
      const res = await t.get(
        as,
        `/api/attendance/section/absent?section_id=${c.routine.sectionId}&routine_id=${c.routine.id}&date=${c.today}`,
      );
      expect(res.statusCode, as).toBe(200);
      const got = res.json();
      expect(got.map((r: { student_id: number }) => r.student_id)).toEqual(absent.map((s) => s.student_id));
      expect(got[0]).toMatchObject({
        full_name: absent[0].full_name,
        class_roll_no: absent[0].class_roll_no,
        class_name: expect.any(String),
        section_default_name: expect.any(String),
        mobile_no: expect.stringMatching(/^01\d{9}$/),
        period_codes: [expect.any(String)],
      });
    }
    const other = await t.get(
      'teacher1',
      `/api/attendance/section/absent?section_id=${c.routine.sectionId}&routine_id=${c.colleagueRoutine}&date=${c.today}`,
    );
    expect([400, 403]).toContain(other.statusCode);
  });

  it('without a routine lists students absent in any period of the day', async () => {
    const [want] = await rows<{ n: number }>(sql`
      select count(distinct e.student_id)::int as n
      from attendance_marks m
      join attendance_takings t on t.id = m.taking_id
      join routines r on r.id = t.routine_id
      join enrolments e on e.id = m.enrolment_id
      where r.section_id = ${c.routine.sectionId} and t.date = ${c.pastDate} and m.status = 0`);
    const res = await t.get(
      'viewer1',
      `/api/attendance/section/absent?section_id=${c.routine.sectionId}&date=${c.pastDate}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(want.n);
    const rolls = res.json().map((r: { class_roll_no: number }) => r.class_roll_no);
    expect(rolls).toEqual([...rolls].sort((a: number, b: number) => a - b));
  });
});

describe('the school’s time zone', () => {
  it('reaches the client in the signed-in profile (the default when the school keeps it)', async () => {
    const me = (as: string) => t.get(as, '/api/users/user_id').then((r) => r.json());
    expect(await me('teacher1')).toMatchObject({ time_zone: 'Asia/Dhaka' });
    await t.db.update(schools).set({ timeZone: 'Asia/Kolkata' }).where(eq(schools.id, c.school1));
    try {
      for (const as of ['teacher1', 'admin1', 'student1'])
        expect(await me(as), as).toMatchObject({ time_zone: 'Asia/Kolkata' });
      expect(await me('admin2')).toMatchObject({ time_zone: 'Asia/Dhaka' });
    } finally {
      await t.db.update(schools).set({ timeZone: 'Asia/Dhaka' }).where(eq(schools.id, c.school1));
    }
  });
});

describe('on named days (the server’s clock moved to them; dates are literal)', () => {
  afterEach(() => setClock(NAMED.schoolDay));
  const summaryToday = async () => (await t.get('admin1', '/api/attendance/summary/school')).json();

  it('the suite’s today is Thursday 3 December 2026, whatever day it runs', () => {
    expect([c.earlierDate, c.pastDate, c.today, c.futureDate]).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-06',
    ]);
    expect(c.offDays).toEqual([6, 7]);
  });

  it('a weekly off day: on Friday no roll is taken and the school’s day says Friday', async () => {
    const students = await listOf(t, 'teacher1', c.routine.id, c.today);
    setClock(NAMED.friday);
    const res = await submit('teacher1', body(students, { date: '2026-12-04' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'attendance.weekly_off',
      fields: { date: 'Friday is a weekly off day.' },
    });
    expect(await summaryToday()).toMatchObject({ date: '2026-12-04', weekly_off: true, day_name: 'Friday' });
  });

  it('a holiday from the calendar: no roll on Victory Day (Wednesday 16 December)', async () => {
    const [wednesday] = await teacherRoutinesOn(c.teacher1, c.sessionId, '2026-12-16');
    const students = await listOf(t, 'teacher1', wednesday.id, '2026-12-02');
    setClock(NAMED.holiday);
    const res = await submit('teacher1', body(students, { date: '2026-12-16', routine_id: wednesday.id }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('attendance.holiday');
    expect(res.json().error.message).toContain('16-12-2026 is a holiday (Victory Day)');
    expect(await summaryToday()).toMatchObject({ date: '2026-12-16', weekly_off: false, day_name: 'Wednesday' });
  });

  it('the first school day after the weekend: a window of one school day still reaches Thursday', async () => {
    await t.db.update(schools).set({ attendanceEditDays: 1 }).where(eq(schools.id, c.school1));
    try {
      await resetTaking(t, c.routine.id, '2026-12-03');
      const students = await listOf(t, 'teacher1', c.routine.id, '2026-12-03');
      // Monday 7 December: Sunday is the one school day the window keeps; Thursday is past it.
      setClock(NAMED.monday);
      const late = await submit('teacher1', body(students, { date: '2026-12-03' }));
      expect(late.statusCode).toBe(403);
      expect(late.json().error.code).toBe('attendance.window_closed');
      expect(late.json().error.message).toContain('03-12-2026');
      // Sunday 6 December: Friday and Saturday are not school days, so Thursday is one school day back.
      setClock(NAMED.sunday);
      const inTime = await submit('teacher1', body(students, { date: '2026-12-03' }));
      expect(inTime.statusCode, inTime.body).toBe(200);
      expect(inTime.json()).toMatchObject({ outcome: 'saved', corrected: false });
    } finally {
      await t.db.update(schools).set({ attendanceEditDays: 0 }).where(eq(schools.id, c.school1));
    }
  });

  it('the session’s last day (Thursday 31 December) takes a roll; the next school day has no session', async () => {
    setClock(NAMED.sessionEnd);
    await resetTaking(t, c.routine.id, '2026-12-31');
    const students = await listOf(t, 'teacher1', c.routine.id, '2026-12-31');
    const last = await submit('teacher1', body(students, { date: '2026-12-31' }));
    expect(last.statusCode, last.body).toBe(200);
    const [sunday] = await teacherRoutinesOn(c.teacher1, c.sessionId, '2027-01-03');
    setClock('2027-01-03T04:30:00Z');
    const next = await submit('teacher1', body(students, { date: '2027-01-03', routine_id: sunday.id }));
    expect(next.statusCode).toBe(400);
    expect(next.json().error.code).toBe('attendance.outside_session');
  });

  it('Dhaka’s midnight, not UTC’s, starts the school’s day (18:30 UTC on the 3rd is the 4th in Dhaka)', async () => {
    const students = await listOf(t, 'teacher1', c.routine.id, c.today);
    setClock(NAMED.beforeMidnight);
    const before = await submit('teacher1', body(students, { date: '2026-12-04' }));
    expect(before.statusCode).toBe(400);
    expect(before.json().error.code).toBe('attendance.future_date');
    expect(await summaryToday()).toMatchObject({ date: '2026-12-03', weekly_off: false, day_name: 'Thursday' });
    setClock(NAMED.afterMidnight);
    const after = await submit('teacher1', body(students, { date: '2026-12-04' }));
    expect(after.statusCode).toBe(400);
    expect(after.json().error.code).toBe('attendance.weekly_off');
    expect(await summaryToday()).toMatchObject({ date: '2026-12-04', weekly_off: true, day_name: 'Friday' });
  });
});
