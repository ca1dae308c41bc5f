/**
 * Attendance (issue 4): taking it, its rules, the summaries, a student's history and absentees.
 * Dates are relative to the school's today, so the file runs on any day of the week: the seed
 * leaves today untaken and fills the 20 school days before it. Expected counts come from this
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

let t: TestApp;

const ZONE = 'Asia/Dhaka';
const OFF_DAYS = [6, 7];
const today = () => DateTime.now().setZone(ZONE).startOf('day');
const iso = (d: DateTime) => d.toISODate()!;
const dayIdOf = (d: DateTime) => (d.weekday % 7) + 1;
const isSchoolDay = (d: DateTime) => !OFF_DAYS.includes(dayIdOf(d));

/** The most recent school day on or before `from`. */
const schoolDayOnOrBefore = (from: DateTime) => {
  let d = from;
  while (!isSchoolDay(d)) d = d.minus({ days: 1 });
  return d;
};
/** The next school day strictly after today. */
const nextSchoolDay = () => {
  let d = today().plus({ days: 1 });
  while (!isSchoolDay(d)) d = d.plus({ days: 1 });
  return d;
};

async function rows<T>(query: SQL): Promise<T[]> {
  const res = (await t.db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

interface Ctx {
  school1: number;
  school2: number;
  sessionId: number;
  teacher1: number;
  teacher1User: number;
  /** The date attendance is recorded for: today when a school day, else the last school day. */
  date: string;
  /** The last school day before today: every period taken by the seed. */
  pastDate: string;
  /** A school day after today: nothing taken. */
  futureDate: string;
  /** teacher1's first routine entry on `date`'s weekday. */
  routine: { id: number; sectionId: number; dayId: number; periodId: number; subjectId: number };
  colleagueRoutine: number;
  otherSchoolRoutine: number;
  /** Students of the routine's section, by roll. */
  students: { student_id: number; full_name: string; class_roll_no: number; attendance_status: 0 | 1 | null }[];
  outsider: number;
}
let c: Ctx;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const [a1] = await db.select({ school: users.schoolId }).from(users).where(eq(users.userCode, 'admin1'));
  const [a2] = await db.select({ school: users.schoolId }).from(users).where(eq(users.userCode, 'admin2'));
  const [tch] = await db
    .select({ id: teachers.id, userId: teachers.userId })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  const session = (await t.get('teacher1', '/api/session')).json().find((s: { current: boolean }) => s.current);
  const date = schoolDayOnOrBefore(today());
  const pastDate = schoolDayOnOrBefore(today().minus({ days: 1 }));
  const [routine] = await db
    .select({
      id: routines.id,
      sectionId: routines.sectionId,
      dayId: routines.dayId,
      periodId: routines.periodId,
      subjectId: routines.subjectId,
    })
    .from(routines)
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .where(and(eq(routines.teacherId, tch.id), eq(routines.dayId, dayIdOf(date)), eq(routines.sessionId, session.id)))
    .orderBy(asc(periods.serial))
    .limit(1);
  const [colleague] = await db
    .select({ id: routines.id })
    .from(routines)
    .where(and(eq(routines.schoolId, a1.school!), eq(routines.dayId, dayIdOf(date)), ne(routines.teacherId, tch.id)))
    .limit(1);
  const [foreign] = await db
    .select({ id: routines.id })
    .from(routines)
    .where(and(eq(routines.schoolId, a2.school!), eq(routines.dayId, dayIdOf(date))))
    .limit(1);
  const [outsider] = await db
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .where(and(eq(enrolments.schoolId, a1.school!), ne(enrolments.sectionId, routine.sectionId)))
    .limit(1);
  const list = await t.get('teacher1', `/api/attendance/student?routine_id=${routine.id}&date=${iso(date)}`);
  expect(list.statusCode).toBe(200);
  c = {
    school1: a1.school!,
    school2: a2.school!,
    sessionId: session.id,
    teacher1: tch.id,
    teacher1User: tch.userId,
    date: iso(date),
    pastDate: iso(pastDate),
    futureDate: iso(nextSchoolDay()),
    routine,
    colleagueRoutine: colleague.id,
    otherSchoolRoutine: foreign.id,
    students: list.json(),
    outsider: outsider.id,
  };
});
afterAll(() => t.close());

const submit = (as: string, body: Record<string, unknown>) => t.post(as, '/api/attendance/student', body);
const body = (over: Record<string, unknown> = {}) => ({
  date: c.date,
  time: '10:52:00',
  routine_id: c.routine.id,
  attendance: c.students.map((s) => ({
    student_id: s.student_id,
    attendance_status: s.class_roll_no % 3 === 0 ? 0 : 1,
  })),
  ...over,
});

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
    .where(eq(attendanceMarks.takingId, takingId));

describe('taking attendance', () => {
  it('lists the section by roll with saved statuses (null when not taken)', () => {
    expect(c.students.length).toBeGreaterThanOrEqual(25);
    const rolls = c.students.map((s) => s.class_roll_no);
    expect(rolls).toEqual([...rolls].sort((a, b) => a - b));
    if (c.date === iso(today())) expect(c.students.every((s) => s.attendance_status === null)).toBe(true);
    else expect(c.students.every((s) => s.attendance_status === 0 || s.attendance_status === 1)).toBe(true);
  });

  it('lists a section the teacher teaches without a routine (no statuses), and refuses other schools', async () => {
    const res = await t.get('teacher1', `/api/attendance/student?section_id=${c.routine.sectionId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: { student_id: number }) => s.student_id)).toEqual(c.students.map((s) => s.student_id));
    expect(res.json().every((s: { attendance_status: null }) => s.attendance_status === null)).toBe(true);
    expect((await t.get('teacher1', '/api/attendance/student')).statusCode).toBe(400);
    expect((await t.get('admin1', `/api/attendance/student?routine_id=${c.otherSchoolRoutine}`)).statusCode).toBe(403);
  });

  it('teacher1 records their own period, and resubmitting changes marks without duplicating them', async () => {
    const first = body();
    const res = await submit('teacher1', first);
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    const absentees = c.students.filter((s) => s.class_roll_no % 3 === 0);
    expect(out).toMatchObject({
      ok: true,
      message: 'Attendance saved',
      total: c.students.length,
      present: c.students.length - absentees.length,
      absent: absentees.length,
    });
    expect(out.students[0]).toEqual({
      student_id: c.students[0].student_id,
      full_name: c.students[0].full_name,
      class_roll_no: c.students[0].class_roll_no,
      attendance_status: 1,
    });
    const taking = await takingOf(c.routine.id, c.date);
    expect(taking.takenTime).toBe('10:52:00');
    expect(taking.takenByUserId).toBe(c.teacher1User);
    expect(await marksOf(taking.id)).toHaveLength(c.students.length);
    // Audit rows only for marks that existed (seeded past days) with another status.
    const changedBySubmit = c.students.filter(
      (s) => s.attendance_status !== null && s.attendance_status !== (s.class_roll_no % 3 === 0 ? 0 : 1),
    ).length;
    const auditBefore = await auditOf(taking.id);
    expect(auditBefore).toHaveLength(changedBySubmit);

    // Resubmit: flip the first three students, keep the rest, a later time.
    const flipped = new Set(c.students.slice(0, 3).map((s) => s.student_id));
    const second = body({
      time: '10:58:30',
      attendance: (first.attendance as { student_id: number; attendance_status: number }[]).map((e) => ({
        ...e,
        attendance_status: flipped.has(e.student_id) ? 1 - e.attendance_status : e.attendance_status,
      })),
    });
    const again = await submit('teacher1', second);
    expect(again.statusCode, again.body).toBe(200);
    const after = await takingOf(c.routine.id, c.date);
    expect(after.id).toBe(taking.id);
    expect(after.takenTime).toBe('10:58:30');
    expect(await marksOf(taking.id)).toHaveLength(c.students.length);
    const [{ n }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from attendance_takings where routine_id = ${c.routine.id} and date = ${c.date}`,
    );
    expect(n).toBe(1);
    const audit = await auditOf(taking.id);
    expect(audit).toHaveLength(changedBySubmit + 3);
    const newRows = audit.slice(-3);
    expect(newRows.every((a) => a.by === c.teacher1User && a.old !== a.new)).toBe(true);

    // The saved marks show in the Take Attendance list.
    const list = (await t.get('teacher1', `/api/attendance/student?routine_id=${c.routine.id}&date=${c.date}`)).json();
    const expected = (second.attendance as { student_id: number; attendance_status: number }[]).map(
      (e) => e.attendance_status,
    );
    expect(list.map((s: { attendance_status: number }) => s.attendance_status)).toEqual(expected);
  });

  it('a partial list changes only the listed students', async () => {
    const before = (
      await t.get('teacher1', `/api/attendance/student?routine_id=${c.routine.id}&date=${c.date}`)
    ).json();
    const target = before[5];
    const res = await submit(
      'teacher1',
      body({ attendance: [{ student_id: target.student_id, attendance_status: 1 - target.attendance_status }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(before.length);
    const after = (await t.get('teacher1', `/api/attendance/student?routine_id=${c.routine.id}&date=${c.date}`)).json();
    expect(
      after.filter(
        (s: { attendance_status: number }, i: number) => s.attendance_status !== before[i].attendance_status,
      ),
    ).toEqual([{ ...target, attendance_status: 1 - target.attendance_status }]);
    // Put it back for the tests that follow.
    await submit(
      'teacher1',
      body({ attendance: [{ student_id: target.student_id, attendance_status: target.attendance_status }] }),
    );
  });

  it('another teacher’s routine is 403; another school’s routine is 403 for teacher and admin', async () => {
    const other = await submit('teacher1', body({ routine_id: c.colleagueRoutine }));
    expect(other.statusCode).toBe(403);
    for (const as of ['teacher1', 'admin1']) {
      const res = await submit(as, body({ routine_id: c.otherSchoolRoutine }));
      expect(res.statusCode, as).toBe(403);
    }
    expect((await t.get('teacher1', `/api/attendance/student?routine_id=${c.colleagueRoutine}`)).statusCode).toBe(403);
  });

  it('a school admin may record any routine of the school', async () => {
    const list = (
      await t.get('admin1', `/api/attendance/student?routine_id=${c.colleagueRoutine}&date=${c.date}`)
    ).json();
    const res = await submit('admin1', {
      date: c.date,
      time: '11:40:00',
      routine_id: c.colleagueRoutine,
      attendance: list.map((s: { student_id: number }) => ({ student_id: s.student_id, attendance_status: 1 })),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: list.length, present: list.length, absent: 0 });
  });

  it('refuses dates in the future, off the routine’s weekday, on weekly off days and outside the session', async () => {
    const base = DateTime.fromISO(c.date);
    const offDay = (() => {
      let d = today();
      while (isSchoolDay(d)) d = d.minus({ days: 1 });
      return iso(d);
    })();
    for (const date of [
      iso(base.plus({ days: 7 })), // the same weekday next week: in the future
      iso(base.minus({ days: 1 })), // another weekday
      iso(base.minus({ days: 2 })),
      offDay,
      iso(base.minus({ weeks: 53 })), // same weekday, last year's session
    ]) {
      const res = await submit('teacher1', body({ date }));
      expect(res.statusCode, date).toBe(400);
      expect(res.json().error.fields, date).toHaveProperty('date');
    }
  });

  it('refuses students outside the section, duplicates and bad statuses', async () => {
    const first = c.students[0].student_id;
    const outsider = await submit('teacher1', body({ attendance: [{ student_id: c.outsider, attendance_status: 1 }] }));
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().error.fields).toHaveProperty('attendance');
    expect(outsider.json().error.message).toContain(String(c.outsider));

    const dup = await submit(
      'teacher1',
      body({
        attendance: [
          { student_id: first, attendance_status: 1 },
          { student_id: first, attendance_status: 0 },
        ],
      }),
    );
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.fields).toHaveProperty('attendance');

    const bad = await submit('teacher1', body({ attendance: [{ student_id: first, attendance_status: 2 }] }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)[0]).toMatch(/^attendance/);

    const noTime = await submit('teacher1', body({ time: '25:00' }));
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().error.fields).toHaveProperty('time');
    const empty = await submit('teacher1', body({ attendance: [] }));
    expect(empty.statusCode).toBe(400);
  });

  it('nobody else may take attendance', async () => {
    for (const as of ['student1', 'viewer1', 'superadmin']) {
      expect((await submit(as, body())).statusCode, as).toBe(403);
    }
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
    for (const date of [c.pastDate, c.date]) {
      const res = await t.get('admin1', `/api/attendance/summary/all?date=${date}`);
      expect(res.statusCode).toBe(200);
      const got = res.json();
      const want = await expectedSections(date);
      expect(got).toHaveLength(want.length);
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
      if (date === c.pastDate && c.pastDate !== c.date) {
        expect(
          got.every(
            (r: { taken: boolean; taken_periods: number; scheduled_periods: number }) =>
              r.taken && r.taken_periods === r.scheduled_periods,
          ),
        ).toBe(true);
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
    expect(school).toMatchObject({ present: 0, absent: 0, present_rate: null, sections_taken: 0, sections_total: 10 });
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
    });
    expect(res.json().present_rate).toBeCloseTo(Math.round((1000 * present) / (present + absent)) / 10, 5);
  });

  it('the section’s period table lists every routine entry of the weekday', async () => {
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
      left join attendance_takings t on t.routine_id = r.id and t.date = ${c.date}
      where r.section_id = ${c.routine.sectionId} and r.session_id = ${c.sessionId} and r.day_id = ${c.routine.dayId}
      order by p.serial`);
    const res = await t.get(
      'admin1',
      `/api/attendance/summary/section/today?section_id=${c.routine.sectionId}&date=${c.date}`,
    );
    expect(res.statusCode).toBe(200);
    const got = res.json();
    expect(got.map((r: { r_id: number }) => r.r_id)).toEqual(want.map((w) => w.r_id));
    for (const [i, w] of want.entries()) {
      if (w.taking_id == null) expect(got[i]).toMatchObject({ taken: false, time: null, present: null, absent: null });
      else expect(got[i]).toMatchObject({ taken: true, time: w.taken_time, present: w.present, absent: w.absent });
      expect(got[i].all).toBe(c.students.length);
    }
    const mine = got.find((r: { r_id: number }) => r.r_id === c.routine.id);
    expect(mine).toMatchObject({ t_id: c.teacher1, time: '10:52:00', taken: true, period_id: c.routine.periodId }); // the partial resubmission's time
    expect(mine.initial).toMatch(/^[A-Z]{2,4}$/);
    // class_id must agree with the section
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
    const future = (
      await t.get('viewer1', `/api/routine/school/today/sections?school_info_id=${c.school1}&today=${c.futureDate}`)
    ).json();
    expect(future).toHaveLength(10);
    expect(
      future.every(
        (r: { scheduled_periods: number; taken_periods: number }) => r.scheduled_periods === 6 && r.taken_periods === 0,
      ),
    ).toBe(true);
    const day = (await t.get('admin1', `/api/routine/school/today/sections?today=${c.date}`)).json();
    const mine = day.find((r: { section_id: number }) => r.section_id === c.routine.sectionId);
    expect(mine.taken_periods).toBeGreaterThan(0);
    const [off] = [6, 7].map((id) => {
      let d = today();
      while (dayIdOf(d) !== id) d = d.plus({ days: 1 });
      return iso(d);
    });
    expect((await t.get('admin1', `/api/routine/school/today/sections?today=${off}`)).json()).toEqual([]);
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
    const from = iso(today().minus({ days: 29 }));
    const [want] = await expectedHistory(me.id, from, iso(today()));
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
      end_date: iso(today()),
      total: want.total,
      present: want.present,
      absent: want.total - want.present,
    });
    expect(summary.present_rate).toBeCloseTo(Math.round((1000 * want.present) / want.total) / 10, 5);
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
      iso(today().minus({ days: 29 })),
      iso(today()),
      sql`r.subject_id = ${subject_id}`,
    );
    expect(bySubject).toHaveLength(want.total);

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
      `/api/attendance/student/individual?start_date=${c.date}&end_date=${iso(DateTime.fromISO(c.date).minus({ days: 3 }))}`,
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
    const list = (await t.get('teacher1', `/api/attendance/student?routine_id=${c.routine.id}&date=${c.date}`)).json();
    const absent = list.filter((s: { attendance_status: number }) => s.attendance_status === 0);
    expect(absent.length).toBeGreaterThan(0);
    for (const as of ['teacher1', 'admin1']) {
      const res = await t.get(
        as,
        `/api/attendance/section/absent?section_id=${c.routine.sectionId}&routine_id=${c.routine.id}&date=${c.date}`,
      );
      expect(res.statusCode, as).toBe(200);
      const got = res.json();
      expect(got.map((r: { student_id: number }) => r.student_id)).toEqual(
        absent.map((s: { student_id: number }) => s.student_id),
      );
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
      `/api/attendance/section/absent?section_id=${c.routine.sectionId}&routine_id=${c.colleagueRoutine}&date=${c.date}`,
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
