/**
 * The academic calendar: every call × user type × own/other school, validation, and
 * what a holiday does to attendance (refused; not a school day in the summaries and histories).
 * Runs on named days, as attendance.test.ts does: the demo seeded on Thursday 3 December 2026 and
 * the server's clock on that morning (attendance-fixtures.ts, NAMED), so `year` is 2026.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  academicSessions,
  attendanceMarks,
  calendarEntries,
  enrolments,
  periods,
  routines,
  students,
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
  schoolDayBefore,
  schoolToday,
} from './attendance-fixtures';

let t: TestApp;
let school1: number;
let school2: number;
let year: number;
let today: string;
let offDays: number[];

const add = (as: string, body: Record<string, unknown>) => t.post(as, '/api/calender', body);
const entry = (over: Record<string, unknown> = {}) => ({
  id: '',
  type: 'event',
  topics: 'Cultural programme',
  date: `${year}-03-05`,
  ...over,
});
const rowsOf = async (as: string, url: string) => {
  const res = await t.get(as, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    rows: { id: number; topics: string; type: string; date: string; end_date: string }[];
    total: number;
  };
};
/** Insert an entry of `school` directly (the admin's own calls are tested separately). */
const insertEntry = async (school: number, over: Partial<typeof calendarEntries.$inferInsert> = {}) => {
  const [session] = (
    (await t.db.execute(sql`select id from academic_sessions where session_year = ${String(year)}`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const [row] = await t.db
    .insert(calendarEntries)
    .values({
      schoolId: school,
      sessionId: session.id,
      type: 'event',
      topics: 'Inserted',
      startDate: `${year}-04-02`,
      endDate: `${year}-04-02`,
      ...over,
    })
    .returning({ id: calendarEntries.id });
  return row.id;
};

onNamedDays(NAMED.schoolDay);
beforeAll(async () => {
  t = await createTestApp({}, { namedDays: true });
  offDays = await openToday(t);
  const schoolOf = async (code: string) =>
    (await t.db.select({ school: users.schoolId }).from(users).where(eq(users.userCode, code)))[0].school!;
  school1 = await schoolOf('admin1');
  school2 = await schoolOf('admin2');
  today = iso(schoolToday());
  year = schoolToday().year;
});
afterAll(() => t.close());

describe('the admin adds, edits and deletes', () => {
  it('adds with an empty id, with the spec’s message, and the entry is listed', async () => {
    const res = await add('admin1', entry({ topics: 'Spring concert', details: 'In the hall' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      message: 'Academic Calendar saved successfully',
      code: 'calendar.created',
    });
    const list = await rowsOf('admin1', `/api/calender?month=${year}-03&type=event`);
    const row = list.rows.find((r) => r.id === res.json().id)!;
    expect(row).toMatchObject({
      topics: 'Spring concert',
      type: 'event',
      date: `${year}-03-05`,
      end_date: `${year}-03-05`,
    });
  });

  it('a set id updates that entry (never a new one)', async () => {
    const { id } = (await add('admin1', entry({ topics: 'Before' }))).json();
    const before = await t.db.$count(calendarEntries);
    const res = await add('admin1', entry({ id, topics: 'After', type: 'meeting', end_date: `${year}-03-06` }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, message: 'Academic Calendar updated successfully' });
    expect(await t.db.$count(calendarEntries)).toBe(before);
    const [row] = await t.db.select().from(calendarEntries).where(eq(calendarEntries.id, id));
    expect(row).toMatchObject({ topics: 'After', type: 'meeting', endDate: `${year}-03-06` });
  });

  it('/api/calender/update?id= updates with "Calender updated successfully!!"', async () => {
    const { id } = (await add('admin1', entry())).json();
    const res = await t.post('admin1', `/api/calender/update?id=${id}`, {
      date: `${year}-03-08`,
      topics: 'Moved',
      type: 'exam',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Calender updated successfully!!');
    const [row] = await t.db.select().from(calendarEntries).where(eq(calendarEntries.id, id));
    expect(row).toMatchObject({ topics: 'Moved', type: 'exam', startDate: `${year}-03-08`, endDate: `${year}-03-08` });
  });

  it('deletes with "Academic Calendar deleted successfully"; a second delete is 404', async () => {
    const { id } = (await add('admin1', entry())).json();
    const res = await t.post('admin1', `/api/calender/delete?id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Academic Calendar deleted successfully');
    expect((await t.post('admin1', `/api/calender/delete?id=${id}`)).statusCode).toBe(404);
  });

  it('refuses another school: its entries cannot be changed or deleted, nor entries added to it', async () => {
    const foreign = await insertEntry(school2, { topics: 'Theirs' });
    expect((await add('admin1', entry({ id: foreign, topics: 'Mine now' }))).statusCode).toBe(403);
    expect(
      (
        await t.post('admin1', `/api/calender/update?id=${foreign}`, {
          date: `${year}-04-03`,
          topics: 'x',
          type: 'event',
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.post('admin1', `/api/calender/delete?id=${foreign}`)).statusCode).toBe(403);
    expect((await add('admin1', entry({ school_info_id: school2 }))).statusCode).toBe(403);
    const [row] = await t.db.select().from(calendarEntries).where(eq(calendarEntries.id, foreign));
    expect(row.topics).toBe('Theirs');
  });

  it('students, teachers and viewers may not write', async () => {
    const id = await insertEntry(school1);
    for (const who of ['student1', 'teacher1', 'viewer1']) {
      expect((await add(who, entry())).statusCode, who).toBe(403);
      expect((await t.post(who, `/api/calender/delete?id=${id}`)).statusCode, who).toBe(403);
      expect(
        (await t.post(who, `/api/calender/update?id=${id}`, { date: `${year}-04-03`, topics: 'x', type: 'event' }))
          .statusCode,
        who,
      ).toBe(403);
    }
    expect(await t.db.$count(calendarEntries, eq(calendarEntries.id, id))).toBe(1);
  });
});

describe('a holiday entered twice', () => {
  it('is refused with 409 naming the one already there; another holiday may overlap, and an event may share the day', async () => {
    const first = await add('admin1', entry({ type: 'holiday', topics: 'Founders Day', date: `${year}-05-10` }));
    expect(first.statusCode, first.body).toBe(200);
    const before = await t.db.$count(calendarEntries);
    const refusal = {
      code: 'calendar.duplicate_holiday',
      message: `This holiday is already in the calendar: “Founders Day” (${year}-05-10).`,
      fields: { date: `This holiday is already in the calendar: “Founders Day” (${year}-05-10).` },
      params: { topics: 'Founders Day', dates: `${year}-05-10` },
    };
    // The same holiday again, under another name on the same day, or the same name across it.
    for (const again of [
      entry({ type: 'holiday', topics: 'Founders Day', date: `${year}-05-10` }),
      entry({ type: 'holiday', topics: 'School foundation', date: `${year}-05-10` }),
      entry({ type: 'holiday', topics: 'founders day', date: `${year}-05-09`, end_date: `${year}-05-11` }),
    ]) {
      const res = await add('admin1', again);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toEqual(refusal);
    }
    expect(await t.db.$count(calendarEntries)).toBe(before);

    // Another holiday inside a longer one, and an event on the holiday, are not the same entry.
    const vacation = await add(
      'admin1',
      entry({ type: 'holiday', topics: 'Summer vacation', date: `${year}-06-01`, end_date: `${year}-06-20` }),
    );
    expect(vacation.statusCode, vacation.body).toBe(200);
    expect((await add('admin1', entry({ type: 'holiday', topics: 'Eid day', date: `${year}-06-10` }))).statusCode).toBe(
      200,
    );
    expect(
      (await add('admin1', entry({ type: 'event', topics: 'Founders Day', date: `${year}-05-10` }))).statusCode,
    ).toBe(200);
    // Another school's calendar is its own.
    expect(
      (await add('admin2', entry({ type: 'holiday', topics: 'Founders Day', date: `${year}-05-10` }))).statusCode,
    ).toBe(200);

    // Saving the holiday itself again is no duplicate; moving another onto it is.
    const { id } = first.json();
    expect(
      (
        await add(
          'admin1',
          entry({ id, type: 'holiday', topics: 'Founders Day', date: `${year}-05-10`, details: 'Closed' }),
        )
      ).statusCode,
    ).toBe(200);
    const moved = await t.post('admin1', `/api/calender/update?id=${vacation.json().id}`, {
      type: 'holiday',
      topics: 'Summer vacation',
      date: `${year}-05-10`,
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().error.code).toBe('calendar.duplicate_holiday');
  });
});

describe('validation: 400 naming the field', () => {
  it.each([
    ['type', { type: 'party' }],
    ['type', { type: 3 }],
    ['end_date', { end_date: '2000-01-01' }],
    ['date', { date: `${2026}-02-30` }],
    ['date', { date: '05/03/2026' }],
    ['topics', { topics: '   ' }],
    ['end_date', { end_date: 'tomorrow' }],
  ])('%s: %j', async (field, over) => {
    const res = await add('admin1', entry(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
  });

  it('a range must stay within the session (year) and be of sensible length', async () => {
    const across = await add('admin1', entry({ date: `${year}-12-30`, end_date: `${year + 1}-01-02` }));
    expect(across.statusCode).toBe(400);
    expect(across.json().error.fields).toHaveProperty('end_date');
    const long = await add('admin1', entry({ date: `${year}-01-01`, end_date: `${year}-12-31` }));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toHaveProperty('end_date');
  });

  it('a year without an academic session is refused on date', async () => {
    const res = await add('admin1', entry({ date: '1999-05-05' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('date');
  });

  it('the database refuses an end before the start, and an unknown type, whoever writes', async () => {
    await expect(insertEntry(school1, { startDate: `${year}-05-05`, endDate: `${year}-05-04` })).rejects.toThrow();
    await expect(insertEntry(school1, { type: 'party' })).rejects.toThrow();
  });
});

describe('reads', () => {
  let own: number;
  let foreign: number;
  beforeAll(async () => {
    own = await insertEntry(school1, { topics: 'Own read', startDate: `${year}-08-03`, endDate: `${year}-08-04` });
    foreign = await insertEntry(school2, {
      topics: 'Foreign read',
      startDate: `${year}-08-03`,
      endDate: `${year}-08-03`,
    });
  });

  it.each([
    ['student1', '/api/calender/student'],
    ['teacher1', '/api/calender/teacher'],
    ['admin1', '/api/calender'],
  ])('%s reads its own school at %s, and is refused the other school', async (who, url) => {
    const list = await rowsOf(who, `${url}?month=${year}-08`);
    const ids = list.rows.map((r) => r.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(foreign);
    expect((await t.get(who, `${url}?school_info_id=${school2}`)).statusCode).toBe(403);
  });

  it('each read is for its own user type only', async () => {
    expect((await t.get('teacher1', '/api/calender/student')).statusCode).toBe(403);
    expect((await t.get('student1', '/api/calender/teacher')).statusCode).toBe(403);
    expect((await t.get('student1', '/api/calender')).statusCode).toBe(403);
    expect((await t.get('viewer1', '/api/calender/student')).statusCode).toBe(403);
  });

  it('a viewer reads the chosen (linked) school and must name one', async () => {
    const list = await rowsOf('viewer1', `/api/calender?school_info_id=${school2}&month=${year}-08`);
    expect(list.rows.map((r) => r.id)).toContain(foreign);
    expect(list.rows.map((r) => r.id)).not.toContain(own);
    const none = await t.get('viewer1', '/api/calender');
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toHaveProperty('school_info_id');
  });

  it('a month lists the entries touching it (a range across months too); a type filters; pages count all', async () => {
    const across = await insertEntry(school1, {
      topics: 'Across',
      startDate: `${year}-09-28`,
      endDate: `${year}-10-02`,
    });
    expect((await rowsOf('admin1', `/api/calender?month=${year}-10`)).rows.map((r) => r.id)).toContain(across);
    expect((await rowsOf('admin1', `/api/calender?month=${year}-09`)).rows.map((r) => r.id)).toContain(across);
    expect((await rowsOf('admin1', `/api/calender?month=${year}-11&type=holiday`)).rows.map((r) => r.id)).not.toContain(
      across,
    );
    const holidays = await rowsOf('admin1', `/api/calender?type=holiday&limit=2`);
    expect(holidays.rows).toHaveLength(2);
    expect(holidays.rows.every((r) => r.type === 'holiday')).toBe(true);
    const [{ n }] = (
      (await t.db.execute(
        sql`select count(*)::int as n from calendar_entries where school_id = ${school1} and type = 'holiday'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(holidays.total).toBe(n);
    const badMonth = await t.get('admin1', '/api/calender?month=2026-13');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().error.fields).toHaveProperty('month');
    const badType = await t.get('admin1', '/api/calender?type=party');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error.fields).toHaveProperty('type');
  });

  it('the demo seed took no attendance on its holidays', async () => {
    const [{ n }] = (
      (await t.db.execute(sql`select count(*)::int as n from attendance_takings t
        join routines r on r.id = t.routine_id
        join calendar_entries c on c.school_id = r.school_id and c.type = 'holiday'
          and t.date between c.start_date and c.end_date`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n).toBe(0);
  });

  it('the demo seed has the national holidays and the exams', async () => {
    const list = await rowsOf('student1', `/api/calender/student?limit=200`);
    const topics = list.rows.map((r) => `${r.type} ${r.date}`);
    expect(topics).toContain(`holiday ${year}-02-21`);
    expect(topics).toContain(`holiday ${year}-12-16`);
    expect(list.rows.some((r) => r.type === 'exam' && r.topics === 'Final examination')).toBe(true);
    expect(list.rows.some((r) => r.type === 'holiday' && r.end_date > r.date)).toBe(true);
  });
});

describe('holidays count', () => {
  let teacherId: number;
  let sessionId: number;
  beforeAll(async () => {
    const [tch] = await t.db
      .select({ id: teachers.id })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(users.userCode, 'teacher1'));
    teacherId = tch.id;
    sessionId = (await t.get('teacher1', '/api/session')).json().find((s: { current: boolean }) => s.current).id;
  });
  const teacherRoutineOn = async (date: string) => {
    const [r] = await t.db
      .select({ id: routines.id, sectionId: routines.sectionId })
      .from(routines)
      .innerJoin(periods, eq(periods.id, routines.periodId))
      .where(
        and(
          eq(routines.teacherId, teacherId),
          eq(routines.dayId, dayIdOf(DateTime.fromISO(date))),
          eq(routines.sessionId, sessionId),
        ),
      )
      .orderBy(asc(periods.serial))
      .limit(1);
    return r;
  };
  const holiday = async (date: string, topics = 'Unplanned holiday') => {
    const res = await add('admin1', { id: '', type: 'holiday', topics, date });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };
  const remove = (id: number) => t.post('admin1', `/api/calender/delete?id=${id}`);

  it('attendance cannot be taken on a holiday (409 naming the date and the holiday); after deleting it, it can', async () => {
    const routine = await teacherRoutineOn(today);
    await resetTaking(t, routine.id, today);
    const list = await listOf(t, 'teacher1', routine.id, today);
    const body = {
      date: today,
      time: '10:00:00',
      routine_id: routine.id,
      attendance: list.map((s) => ({ student_id: s.student_id, attendance_status: 1 })),
    };
    // Read the day first so that the cache holds the school's holidays: the addition must reach it.
    expect((await t.get('admin1', `/api/attendance/summary/school?date=${today}`)).statusCode).toBe(200);
    const id = await holiday(today, 'Flood closure');
    const refused = await t.post('teacher1', '/api/attendance/student', body);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('attendance.holiday');
    expect(refused.json().error.message).toContain('Flood closure');
    expect(refused.json().error.fields).toHaveProperty('date');
    // The admin is refused too.
    expect((await t.post('admin1', '/api/attendance/student', body)).statusCode).toBe(409);
    // The teacher's period list for the day is empty: nothing is due.
    expect((await t.get('teacher1', `/api/routine/teacher/today?today=${today}`)).json()).toEqual([]);
    await remove(id);
    const ok = await t.post('teacher1', '/api/attendance/student', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.get('teacher1', `/api/routine/teacher/today?today=${today}`)).json().length).toBeGreaterThan(0);
  });

  it('the school’s summaries do not count a holiday as a school day (nothing is due or not taken)', async () => {
    const before = (await t.get('admin1', `/api/attendance/summary/school?date=${today}`)).json();
    expect(before.sections_total).toBeGreaterThan(0);
    expect(before.holiday ?? null).toBeNull();
    const id = await holiday(today, 'Election day');
    const day = (await t.get('admin1', `/api/attendance/summary/school?date=${today}`)).json();
    expect(day).toMatchObject({ holiday: 'Election day', sections_total: 0 });
    const sections = (await t.get('admin1', `/api/attendance/summary/all?date=${today}`)).json();
    expect(sections.length).toBeGreaterThan(0);
    expect(sections.every((s: { scheduled_periods: number }) => s.scheduled_periods === 0)).toBe(true);
    expect((await t.get('admin1', `/api/routine/school/today/sections?today=${today}`)).json()).toEqual([]);
    const routine = await teacherRoutineOn(today);
    expect(
      (
        await t.get('admin1', `/api/attendance/summary/section/today?section_id=${routine.sectionId}&date=${today}`)
      ).json(),
    ).toEqual([]);
    await remove(id);
    expect((await t.get('admin1', `/api/attendance/summary/school?date=${today}`)).json().sections_total).toBe(
      before.sections_total,
    );
  });

  it('a student’s history and summary leave out a day declared a holiday after it was taken', async () => {
    const past = iso(schoolDayBefore(schoolToday(), offDays));
    const [stu] = await t.db
      .select({ id: students.id, enrolment: enrolments.id })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .innerJoin(enrolments, eq(enrolments.studentId, students.id))
      // The enrolment of the date's session (the demo also has last year's).
      .innerJoin(academicSessions, eq(academicSessions.id, enrolments.sessionId))
      .where(and(eq(users.userCode, 'student1'), eq(academicSessions.sessionYear, past.slice(0, 4))));
    const onPast = await t.db.$count(
      attendanceMarks,
      and(eq(attendanceMarks.enrolmentId, stu.enrolment), eq(attendanceMarks.date, past)),
    );
    expect(onPast).toBeGreaterThan(0);
    const range = `start_date=${past}&end_date=${past}`;
    const wide = `start_date=${iso(DateTime.fromISO(past).minus({ days: 10 }))}&end_date=${past}`;
    const summary = (await t.get('student1', `/api/attendance/student/individual/summary?${wide}`)).json();
    expect((await t.get('student1', `/api/attendance/student/individual?${range}`)).json()).toHaveLength(onPast);
    const id = await holiday(past, 'Declared afterwards');
    const after = (await t.get('student1', `/api/attendance/student/individual/summary?${wide}`)).json();
    expect(after.total).toBe(summary.total - onPast);
    expect((await t.get('student1', `/api/attendance/student/individual?${range}`)).json()).toEqual([]);
    // The admin's view of the student agrees.
    const adminView = (
      await t.get('admin1', `/api/attendance/student/individual/summary?student_id=${stu.id}&${wide}`)
    ).json();
    expect(adminView.total).toBe(after.total);
    await remove(id);
    expect((await t.get('student1', `/api/attendance/student/individual/summary?${wide}`)).json().total).toBe(
      summary.total,
    );
  });
});
