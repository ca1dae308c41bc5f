/**
 * The admin's routine management and the routine reads: create, update (keeping the
 * id), delete, the clash refusals (teacher, section, room; also under concurrent inserts), the
 * history kept for routines with attendance, and every call × user type × own/other school.
 */
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { ROUTINE_MESSAGES } from '@/api/schemas/routines';
import {
  academicSessions,
  attendanceTakings,
  classes,
  periods,
  routines,
  schools,
  schoolTypes,
  sections,
  subjects,
  teachers,
  users,
} from '@server/db/schema';
import { createTestApp, type TestApp } from '../helpers/server';
import { schoolToday } from '../helpers/run-clock';

let t: TestApp;

const FRIDAY = 6;
const SATURDAY = 7;

const S = {} as {
  school1: number;
  school2: number;
  session: number;
  six: number;
  seven: number;
  sixA: number;
  sixB: number;
  sevenA: number;
  sixA2: number;
  shift: number;
  period1: number;
  period2: number;
  period1School2: number;
  subjectSix: number;
  subjectSeven: number;
  subjectSixSchool2: number;
  teacher1: number;
  colleague: number;
  teacher2: number;
  routine2: number;
  takenRoutine: number;
};

async function sectionOf(schoolId: number, classId: number, name: string) {
  const [row] = await t.db
    .select({ id: sections.id, shiftId: sections.shiftId })
    .from(sections)
    .where(and(eq(sections.schoolId, schoolId), eq(sections.classId, classId), eq(sections.sectionDefaultName, name)));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  const schoolOfUser = async (code: string) =>
    (await db.select({ id: users.schoolId }).from(users).where(eq(users.userCode, code)))[0].id!;
  S.school1 = await schoolOfUser('admin1');
  S.school2 = await schoolOfUser('admin2');
  const year = String(schoolToday().year);
  S.session = (await db.select().from(academicSessions)).find((s) => s.sessionYear === year)!.id;
  const cls = await db.select({ id: classes.id, name: classes.className }).from(classes);
  S.six = cls.find((c) => c.name === 'Six')!.id;
  S.seven = cls.find((c) => c.name === 'Seven')!.id;
  const sixA = await sectionOf(S.school1, S.six, 'A');
  S.sixA = sixA.id;
  S.shift = sixA.shiftId;
  S.sixB = (await sectionOf(S.school1, S.six, 'B')).id;
  S.sevenA = (await sectionOf(S.school1, S.seven, 'A')).id;
  S.sixA2 = (await sectionOf(S.school2, S.six, 'A')).id;
  const ps = await db
    .select({ id: periods.id, schoolId: periods.schoolId })
    .from(periods)
    .where(eq(periods.shiftId, S.shift))
    .orderBy(asc(periods.serial));
  const p1 = ps.filter((p) => p.schoolId === S.school1);
  S.period1 = p1[0].id;
  S.period2 = p1[1].id;
  S.period1School2 = ps.find((p) => p.schoolId === S.school2)!.id;
  const subj = await db.select({ id: subjects.id, classId: subjects.classId }).from(subjects);
  S.subjectSix = subj.find((s) => s.classId === S.six)!.id;
  S.subjectSeven = subj.find((s) => s.classId === S.seven)!.id;
  S.subjectSixSchool2 = S.subjectSix;
  const [t1] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  S.teacher1 = t1.id;
  const [col] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(eq(teachers.schoolId, S.school1), ne(teachers.id, S.teacher1)))
    .limit(1);
  S.colleague = col.id;
  const [t2] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.schoolId, S.school2)).limit(1);
  S.teacher2 = t2.id;
  const [r2] = await db.select({ id: routines.id }).from(routines).where(eq(routines.schoolId, S.school2)).limit(1);
  S.routine2 = r2.id;
  const [taken] = await db
    .select({ id: routines.id })
    .from(routines)
    .innerJoin(attendanceTakings, eq(attendanceTakings.routineId, routines.id))
    .where(eq(routines.schoolId, S.school1))
    .limit(1);
  S.takenRoutine = taken.id;
  // This suite writes its routines on Friday and Saturday, slots the demo leaves empty: here the
  // schools are open all week, since a period on a weekly off day is refused (weekly-off-days.test.ts).
  await db.update(schools).set({ weeklyOffDays: [] });
});
afterAll(() => t.close());

/** A routine body for school 1's Six A (override any field). */
const body = (over: Record<string, unknown> = {}) => ({
  id: '',
  class_id: S.six,
  section_id: S.sixA,
  day_id: FRIDAY,
  period_id: S.period1,
  subject_id: S.subjectSix,
  teacher_id: S.teacher1,
  room: '',
  school_info_id: S.school1,
  session_id: S.session,
  shift_id: S.shift,
  start: '0:00:00',
  end: '0:00:00',
  ...over,
});

const routineCount = async () => (await t.db.select({ n: count() }).from(routines))[0].n;

describe('POST /api/routine/all', () => {
  it('creates a routine with the spec’s message; start and end come from the period', async () => {
    const res = await t.post('admin1', '/api/routine/all', body({ room: 'R-101' }));
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json();
    expect(out.message).toBe('routine added successfully!!');
    expect(out.code).toBe('routines.created');
    const list = (await t.get('admin1', `/api/routine/school/filter?school_info_id=${S.school1}`)).json();
    // Newest first: the new routine heads the list.
    expect(list.rows[0].id).toBe(out.id);
    expect(list.rows[0].room).toBe('R-101');
    expect(list.rows[0].start_time).not.toBe('0:00:00');
    await t.post('admin1', `/api/routine/delete?id=${out.id}`);
  });

  it('refuses the same teacher, section or room in one slot with a 409 naming the clash', async () => {
    const first = await t.post('admin1', '/api/routine/all', body({ room: 'R-201', day_id: SATURDAY }));
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().id;
    const [teacher] = await t.db
      .select({ initial: teachers.initial })
      .from(teachers)
      .where(eq(teachers.id, S.teacher1));

    const sameTeacher = await t.post(
      'admin1',
      '/api/routine/all',
      body({ day_id: SATURDAY, section_id: S.sixB, room: 'R-202' }),
    );
    expect(sameTeacher.statusCode).toBe(409);
    expect(sameTeacher.json().error.code).toBe('routines.teacher_clash');
    expect(sameTeacher.json().error.message).toContain(teacher.initial);
    expect(sameTeacher.json().error.fields).toHaveProperty('teacher_id');
    expect(sameTeacher.json().error.params).toMatchObject({ initial: teacher.initial, day: 'Saturday' });

    const sameSection = await t.post(
      'admin1',
      '/api/routine/all',
      body({ day_id: SATURDAY, teacher_id: S.colleague, room: 'R-203' }),
    );
    expect(sameSection.statusCode).toBe(409);
    expect(sameSection.json().error.code).toBe('routines.section_clash');
    expect(sameSection.json().error.message).toContain('Six A');

    const sameRoom = await t.post(
      'admin1',
      '/api/routine/all',
      body({ day_id: SATURDAY, section_id: S.sixB, teacher_id: S.colleague, room: 'R-201' }),
    );
    expect(sameRoom.statusCode).toBe(409);
    expect(sameRoom.json().error.code).toBe('routines.room_clash');
    expect(sameRoom.json().error.message).toContain('Room R-201');

    // No room named: nothing to clash on.
    const noRoom = await t.post(
      'admin1',
      '/api/routine/all',
      body({ day_id: SATURDAY, section_id: S.sixB, teacher_id: S.colleague, room: '' }),
    );
    expect(noRoom.statusCode, noRoom.body).toBe(200);
    // The same slot in another period is free.
    const otherPeriod = await t.post(
      'admin1',
      '/api/routine/all',
      body({ day_id: SATURDAY, period_id: S.period2, room: 'R-201' }),
    );
    expect(otherPeriod.statusCode, otherPeriod.body).toBe(200);
    for (const r of [id, noRoom.json().id, otherPeriod.json().id])
      await t.post('admin1', `/api/routine/delete?id=${r}`);
  });

  it('the database refuses a room clash the check did not see', async () => {
    const first = await t.post('admin1', '/api/routine/all', body({ room: 'Lab-9' }));
    expect(first.statusCode).toBe(200);
    await expect(
      t.db.insert(routines).values({
        schoolId: S.school1,
        sessionId: S.session,
        shiftId: S.shift,
        classId: S.six,
        sectionId: S.sixB,
        dayId: FRIDAY,
        periodId: S.period1,
        subjectId: S.subjectSix,
        teacherId: S.colleague,
        room: 'Lab-9',
      }),
    ).rejects.toThrow();
    await t.post('admin1', `/api/routine/delete?id=${first.json().id}`);
  });

  it('two concurrent identical inserts: one row and one 409', async () => {
    const before = await routineCount();
    const payload = body({ period_id: S.period2, room: 'R-301' });
    const [a, b] = await Promise.all([
      t.post('admin1', '/api/routine/all', payload),
      t.post('admin1', '/api/routine/all', payload),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    // Both passed the check before either inserted: the constraint refused the second, and the
    // 409 still names what it clashed with.
    expect(refused.json().error.code).toMatch(/^routines\.(teacher|section|room)_clash$/);
    expect(refused.json().error.message).toMatch(/Six A|R-301/);
    expect(await routineCount()).toBe(before + 1);
    const made = (a.statusCode === 200 ? a : b).json().id;
    await t.post('admin1', `/api/routine/delete?id=${made}`);
  });

  it('with an id it updates that routine, keeping its id', async () => {
    const made = (await t.post('admin1', '/api/routine/all', body({ room: 'R-401' }))).json().id;
    const before = await routineCount();
    const res = await t.post('admin1', '/api/routine/all', body({ id: made, room: 'R-402', teacher_id: S.colleague }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: made, message: ROUTINE_MESSAGES.updated, code: 'routines.updated' });
    expect(await routineCount()).toBe(before);
    const [row] = await t.db.select().from(routines).where(eq(routines.id, made));
    expect(row).toMatchObject({ room: 'R-402', teacherId: S.colleague });
    // Saving it unchanged clashes with nothing (not even itself).
    expect(
      (await t.post('admin1', '/api/routine/all', body({ id: made, room: 'R-402', teacher_id: S.colleague })))
        .statusCode,
    ).toBe(200);
    await t.post('admin1', `/api/routine/delete?id=${made}`);
  });

  it('an update into an occupied slot is a 409 and changes nothing', async () => {
    const made = (await t.post('admin1', '/api/routine/all', body({ room: '' }))).json().id;
    // Sunday period 1 of Six A is taken by the demo routine.
    const res = await t.post('admin1', '/api/routine/all', body({ id: made, day_id: 1 }));
    expect(res.statusCode).toBe(409);
    const [row] = await t.db.select().from(routines).where(eq(routines.id, made));
    expect(row.dayId).toBe(FRIDAY);
    await t.post('admin1', `/api/routine/delete?id=${made}`);
  });

  it('refuses parts that do not fit, naming the field', async () => {
    const wrongClass = await t.post('admin1', '/api/routine/all', body({ section_id: S.sevenA }));
    expect(wrongClass.statusCode).toBe(400);
    expect(wrongClass.json().error.fields).toHaveProperty('section_id');
    const wrongSubject = await t.post('admin1', '/api/routine/all', body({ subject_id: S.subjectSeven }));
    expect(wrongSubject.statusCode).toBe(400);
    expect(wrongSubject.json().error.fields).toHaveProperty('subject_id');
    const missing = await t.post('admin1', '/api/routine/all', { ...body(), teacher_id: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('teacher_id');
    const textId = await t.post('admin1', '/api/routine/all', body({ day_id: '6' }));
    expect(textId.statusCode).toBe(400);
  });

  it('a school admin cannot write into another school', async () => {
    const before = await routineCount();
    expect((await t.post('admin1', '/api/routine/all', body({ school_info_id: S.school2 }))).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/routine/all', body({ section_id: S.sixA2 }))).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/routine/all', body({ teacher_id: S.teacher2 }))).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/routine/all', body({ period_id: S.period1School2 }))).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/routine/all', body({ id: S.routine2 }))).statusCode).toBe(403);
    expect((await t.post('admin1', '/api/routine/all', body({ id: 99_999_999 }))).statusCode).toBe(404);
    expect(await routineCount()).toBe(before);
  });

  it('only school admins write routines', async () => {
    for (const who of ['teacher1', 'student1', 'viewer1', 'superadmin']) {
      const res = await t.post(who, '/api/routine/all', body());
      expect(res.statusCode, who).toBe(403);
    }
    expect((await t.post(null, '/api/routine/all', body())).statusCode).toBe(401);
  });

  it('a routine with attendance keeps its slot; its teacher and room may change', async () => {
    const [r] = await t.db.select().from(routines).where(eq(routines.id, S.takenRoutine));
    const same = {
      id: r.id,
      class_id: r.classId,
      section_id: r.sectionId,
      day_id: r.dayId,
      period_id: r.periodId,
      subject_id: r.subjectId,
      teacher_id: r.teacherId,
      session_id: r.sessionId,
      shift_id: r.shiftId,
      school_info_id: S.school1,
    };
    const moved = await t.post('admin1', '/api/routine/all', { ...same, day_id: FRIDAY, room: r.room });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.code).toBe('routines.has_attendance_move');
    const renamed = await t.post('admin1', '/api/routine/all', { ...same, room: 'Renamed room' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().id).toBe(r.id);
    await t.post('admin1', '/api/routine/all', { ...same, room: r.room });
  });
});

describe('POST /api/routine/delete', () => {
  it('deletes a routine with the spec’s message', async () => {
    const made = (await t.post('admin1', '/api/routine/all', body())).json().id;
    const res = await t.post('admin1', `/api/routine/delete?id=${made}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Routine deleted successfully', code: 'routines.deleted' });
    expect(await t.db.select().from(routines).where(eq(routines.id, made))).toHaveLength(0);
    expect((await t.post('admin1', `/api/routine/delete?id=${made}`)).statusCode).toBe(404);
  });

  it('refuses a routine with attendance taken and keeps its history', async () => {
    const takings = async () =>
      (
        await t.db.select({ n: count() }).from(attendanceTakings).where(eq(attendanceTakings.routineId, S.takenRoutine))
      )[0].n;
    const before = await takings();
    expect(before).toBeGreaterThan(0);
    const res = await t.post('admin1', `/api/routine/delete?id=${S.takenRoutine}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('routines.has_attendance');
    expect(res.json().error.message).toMatch(/attendance/i);
    expect(await t.db.select().from(routines).where(eq(routines.id, S.takenRoutine))).toHaveLength(1);
    expect(await takings()).toBe(before);
  });

  it('refuses another school’s routine and every other user type', async () => {
    expect((await t.post('admin1', `/api/routine/delete?id=${S.routine2}`)).statusCode).toBe(403);
    for (const who of ['teacher1', 'student1', 'viewer1', 'superadmin']) {
      expect((await t.post(who, `/api/routine/delete?id=${S.routine2}`)).statusCode, who).toBe(403);
    }
    expect(await t.db.select().from(routines).where(eq(routines.id, S.routine2))).toHaveLength(1);
  });
});

describe('GET /api/routine/school/filter', () => {
  it('pages a school’s routines newest session first, then newest first, with filters', async () => {
    const res = await t.get('admin1', '/api/routine/school/filter?limit=5');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.rows).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    const ids = page.rows.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const next = (await t.get('admin1', '/api/routine/school/filter?limit=5&offset=5')).json();
    expect(next.rows[0].id).toBeLessThan(ids[4]);
    // The demo keeps last year's routine too (its attendance needs it): it comes after this year's,
    // though its rows were added later.
    const last = (await t.get('admin1', `/api/routine/school/filter?limit=1&offset=${page.total - 1}`)).json();
    const year = Number(page.rows[0].session_year);
    expect(page.rows.map((r: { session_year: string }) => r.session_year)).toEqual(Array(5).fill(String(year)));
    expect(last.rows[0].session_year).toBe(String(year - 1));
    // Past the last page: no rows, and still the list's whole count (the pager says "0 of N").
    const beyond = (await t.get('admin1', `/api/routine/school/filter?limit=5&offset=${page.total + 10}`)).json();
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(page.total);
    const sixA = (await t.get('admin1', `/api/routine/school/filter?section_id=${S.sixA}&day_id=1&limit=200`)).json();
    expect(sixA.total).toBeGreaterThan(0);
    expect(
      sixA.rows.every((r: { section_id: number; day_id: number }) => r.section_id === S.sixA && r.day_id === 1),
    ).toBe(true);
    const byTeacher = (await t.get('admin1', `/api/routine/school/filter?teacher_id=${S.teacher1}&limit=200`)).json();
    expect(byTeacher.rows.every((r: { teacher_id: number }) => r.teacher_id === S.teacher1)).toBe(true);
  });

  it('own school only; viewers name a linked school; others are refused', async () => {
    expect((await t.get('admin1', `/api/routine/school/filter?school_info_id=${S.school2}`)).statusCode).toBe(403);
    const viewer = await t.get('viewer1', `/api/routine/school/filter?school_info_id=${S.school2}`);
    expect(viewer.statusCode).toBe(200);
    expect(viewer.json().rows.every((r: { section_id: number }) => r.section_id !== S.sixA)).toBe(true);
    expect((await t.get('viewer1', '/api/routine/school/filter')).statusCode).toBe(400);
    // A school not linked to the viewer: refused on both reads.
    const [type] = await t.db.select({ id: schoolTypes.id }).from(schoolTypes).limit(1);
    const [unlinked] = await t.db
      .insert(schools)
      .values({ eiin: '998001', schoolName: 'Unlinked Routine School', shortName: 'URS', schoolTypeId: type.id })
      .returning({ id: schools.id });
    for (const url of ['/api/routine/school/filter', '/api/routine/admin-search']) {
      expect((await t.get('viewer1', `${url}?school_info_id=${unlinked.id}`)).statusCode, url).toBe(403);
    }
    for (const who of ['teacher1', 'student1', 'superadmin']) {
      expect((await t.get(who, '/api/routine/school/filter')).statusCode, who).toBe(403);
    }
  });
});

describe('GET /api/routine/admin-search', () => {
  it('a viewer searches a school’s week by teacher, class, section and day', async () => {
    const res = await t.get(
      'viewer1',
      `/api/routine/admin-search?school_info_id=${S.school1}&teacher_id=${S.teacher1}`,
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as { teacher_id: number; day_id: number; initial: string; start_time: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.teacher_id === S.teacher1)).toBe(true);
    const daysInOrder = rows.map((r) => r.day_id);
    expect(daysInOrder).toEqual([...daysInOrder].sort((a, b) => a - b));
    expect(rows[0].initial).toBeTruthy();
    const q = `school_info_id=${S.school1}&class_id=${S.six}&section_id=${S.sixA}&day_id=2&session_id=${S.session}`;
    const narrow = (await t.get('viewer1', `/api/routine/admin-search?${q}`)).json();
    expect(narrow.rows.length).toBeGreaterThan(0);
    expect(
      narrow.rows.every((r: { section_id: number; day_id: number }) => r.section_id === S.sixA && r.day_id === 2),
    ).toBe(true);
  });

  it('the admin searches only their school; teachers and students may not', async () => {
    expect((await t.get('admin1', `/api/routine/admin-search?section_id=${S.sixA}`)).statusCode).toBe(200);
    expect((await t.get('admin1', `/api/routine/admin-search?school_info_id=${S.school2}`)).statusCode).toBe(403);
    // Another school's section through one's own school: nothing of it comes back.
    const leak = (await t.get('admin1', `/api/routine/admin-search?section_id=${S.sixA2}`)).json();
    expect(leak.rows).toHaveLength(0);
    for (const who of ['teacher1', 'student1', 'superadmin']) {
      expect((await t.get(who, `/api/routine/admin-search?school_info_id=${S.school1}`)).statusCode, who).toBe(403);
    }
  });
});

describe('viewer reads of a teacher’s week', () => {
  it('a viewer reads a linked school’s teacher list and a teacher’s week', async () => {
    const list = await t.get('viewer1', `/api/teacher/filter?school_info_id=${S.school1}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().some((x: { id: number }) => x.id === S.teacher1)).toBe(true);
    const week = await t.get('viewer1', `/api/routine/teacher?teacher_id=${S.teacher1}`);
    expect(week.statusCode).toBe(200);
    expect(week.json().length).toBeGreaterThan(0);
  });
});
