/**
 * The row scopes, called as a route calls them, on a copy of the demo seeded on a fixed day
 * (tests/helpers/test-db.ts): a guardian's children (server/auth/child.ts) and the student of a
 * student's or guardian's call (`studentOfCaller`, server/auth/scope.ts), a teacher's reach
 * (server/auth/reach.ts) and the school of the caller (server/auth/tenant.ts). The rules built on
 * them, through the routes, are in scope.test.ts. Each row of the tables names the caller, what they ask for, and the
 * answer they get, written out: the record, or the status, code and message of the refusal.
 *
 * The request is what the guard hands a route (server/auth/guard.ts): the caller's session in
 * `auth`, the app's database in `server.db`. The `beforeAll` finds the demo's people by their codes
 * and sets up the cases with plain queries; the scopes are called in the tests alone (a mutant that
 * throws in a `beforeAll` skips the tests, and a skipped test kills nothing: docs/testing.md,
 * "Mutation testing"). The scopes' mutation scores come from this file:
 * `MUTATE_DB=1 MUTATE_TESTS=tests/server/scope-rules.test.ts npm run mutate -- --mutate server/auth/tenant.ts`.
 */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { UserType } from '@/api/permissions';
import type { AuthContext } from '@server/auth/sessions';
import { guardianHasSchool, guardianOfUser, guardianSchools, linkedChild } from '@server/auth/child';
import { studentOfCaller } from '@server/auth/scope';
import { sectionsTaughtBy, teacherReach, teachesSection, teachesStudent } from '@server/auth/reach';
import { schoolOf, sectionOf } from '@server/auth/tenant';
import { attachCache, detachCache, HotCache } from '@server/cache/hot-cache';
import type { Db, DbHandle } from '@server/db/client';
import {
  academicSessions,
  classes,
  enrolments,
  guardians,
  guardianStudents,
  routines,
  sections,
  students,
  teachers,
  users,
  viewerSchools,
} from '@server/db/schema';
import { DEMO_GUARDIAN_PHONE } from '@server/db/seed/demo';
import { ApiError } from '@server/errors';
import { freshDb } from '../helpers/test-db';

let handle: DbHandle;
let db: Db;

/** The demo's people and places this file speaks of, found by their codes. */
const id = {
  school1: 0,
  school2: 0,
  /** student1's record, the demo guardian's first child. */
  student1: 0,
  /** student1's brother or sister in another section of school 1, the guardian's second child. */
  sibling: 0,
  /** A school 1 student who is nobody's child here. */
  stranger: 0,
  /** A school 2 student. */
  school2Pupil: 0,
  guardianRecord: 0,
};
/** Callers by name: the demo's accounts, and two made here. */
const callers = new Map<string, AuthContext>();
type Caller =
  | 'student1'
  | 'teacher1'
  | 'guardian'
  | 'admin1'
  | 'viewer1'
  | 'superadmin'
  /** A student account of school 1 without a student record. */
  | 'recordless student'
  /** A guardian with one child in school 1 (the stranger) and one in school 2. */
  | 'guardian of two schools'
  /** A teacher of school 1 who took over teacher1's classes beyond Six A and Seven A. */
  | 'colleague'
  /**
   * teacher1's session without its school: the database refuses such an account
   * (users_school_by_type), and tenant.ts refuses it too, should one ever get through.
   */
  | 'schoolless teacher'
  /** A session of a user type tenant.ts does not know: admin1's, with type 7. */
  | 'unknown type';

const CODES: Record<Caller, string> = {
  student1: 'student1',
  teacher1: 'teacher1',
  guardian: DEMO_GUARDIAN_PHONE,
  admin1: 'admin1',
  viewer1: 'viewer1',
  superadmin: 'superadmin',
  'recordless student': 'scope_rules_no_record',
  'guardian of two schools': '01710000099',
  colleague: 'scope_rules_colleague',
  'schoolless teacher': 'teacher1',
  'unknown type': 'admin1',
};

const who = (name: Caller): AuthContext => callers.get(name)!;

/** The request as the guard leaves it for the route. */
const requestOf = (auth: AuthContext) => ({ auth, server: { db } }) as unknown as FastifyRequest;

/** What the caller gets: the answer, or the refusal as the error body says it, with its status. */
type Refusal = { status: number; code: string; message: string; fields?: Record<string, string> };
async function outcome<T>(run: () => Promise<T>): Promise<T | Refusal> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError) return { status: err.statusCode, ...err.toBody().error };
    throw err;
  }
}

async function userOf(userCode: string) {
  const [u] = await db
    .select({ id: users.id, userType: users.userType, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.userCode, userCode));
  return u;
}

beforeAll(async () => {
  handle = await freshDb({ namedDays: true });
  db = handle.db;
  // Made here: a student account whose record is missing, and a guardian of two schools.
  const admin1 = await userOf('admin1');
  const admin2 = await userOf('admin2');
  id.school1 = admin1.schoolId!;
  id.school2 = admin2.schoolId!;
  await db.insert(users).values([
    { userCode: CODES['recordless student'], userType: 1, passwordHash: '', schoolId: id.school1 },
    { userCode: CODES['guardian of two schools'], userType: 3, passwordHash: '', schoolId: null },
    { userCode: CODES.colleague, userType: 2, passwordHash: '', schoolId: id.school1 },
  ]);
  for (const [name, code] of Object.entries(CODES) as [Caller, string][]) {
    const u = await userOf(code);
    callers.set(name, {
      sessionId: 1,
      userId: u.id,
      userType: (name === 'unknown type' ? 7 : u.userType) as UserType,
      userCode: code,
      schoolId: name === 'schoolless teacher' ? null : u.schoolId,
    });
  }
  const [guardian] = await db
    .select({ id: guardians.id })
    .from(guardians)
    .where(eq(guardians.userId, who('guardian').userId));
  id.guardianRecord = guardian.id;
  const [student1] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.userId, who('student1').userId));
  id.student1 = student1.id;
  const children = await db
    .select({ id: guardianStudents.studentId })
    .from(guardianStudents)
    .where(eq(guardianStudents.guardianId, guardian.id));
  expect(children.map((c) => c.id)).toContain(id.student1);
  expect(children).toHaveLength(2);
  id.sibling = children.find((c) => c.id !== id.student1)!.id;
  const [stranger] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, id.school1), notInArray(students.id, [id.student1, id.sibling])))
    .orderBy(asc(students.id))
    .limit(1);
  id.stranger = stranger.id;
  const [pupil] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.schoolId, id.school2))
    .orderBy(asc(students.id))
    .limit(1);
  id.school2Pupil = pupil.id;
  const [twoSchools] = await db
    .insert(guardians)
    .values({ userId: who('guardian of two schools').userId, name: 'Two Schools', phone: '01710000099' })
    .returning({ id: guardians.id });
  await db.insert(guardianStudents).values([
    { guardianId: twoSchools.id, studentId: id.stranger, schoolId: id.school1, relation: 'mother' },
    { guardianId: twoSchools.id, studentId: id.school2Pupil, schoolId: id.school2, relation: 'mother' },
  ]);
  await setUpReach();
  // The demo's viewer reads every school: here school 2 is no longer linked to them.
  await db
    .delete(viewerSchools)
    .where(and(eq(viewerSchools.userId, who('viewer1').userId), eq(viewerSchools.schoolId, id.school2)));
});

afterAll(async () => {
  await handle?.close();
});

/** Students by the names above. */
type Student = 'student1' | 'sibling' | 'stranger' | 'school2Pupil';

describe('scope.ts: the student a student’s or guardian’s call is about', () => {
  const ownRecordsOnly: Refusal = {
    status: 403,
    code: 'own_records_only',
    message: 'You may only see your own records.',
  };
  const notYourChild: Refusal = {
    status: 403,
    code: 'not_your_child',
    message: 'That student is not linked to your account.',
  };
  const chooseAChild: Refusal = {
    status: 400,
    code: 'invalid_input',
    message: 'student_id: Choose one of your children.',
    fields: { student_id: 'Choose one of your children.' },
  };
  /** The answer: a student of school 1 or 2 by name, null (not a student's or guardian's call), or a refusal. */
  type Answer = { student: Student; school: 1 | 2 } | null | Refusal;
  const cases: [Caller, Student | null | undefined, Answer][] = [
    ['student1', undefined, { student: 'student1', school: 1 }],
    ['student1', null, { student: 'student1', school: 1 }],
    ['student1', 'student1', { student: 'student1', school: 1 }],
    ['student1', 'sibling', ownRecordsOnly],
    ['student1', 'stranger', ownRecordsOnly],
    ['student1', 'school2Pupil', ownRecordsOnly],
    [
      'recordless student',
      undefined,
      { status: 403, code: 'no_student_record', message: 'Your account has no student record.' },
    ],
    ['guardian', 'student1', { student: 'student1', school: 1 }],
    ['guardian', 'sibling', { student: 'sibling', school: 1 }],
    ['guardian', 'stranger', notYourChild],
    ['guardian', 'school2Pupil', notYourChild],
    ['guardian', undefined, chooseAChild],
    ['guardian', null, chooseAChild],
    ['guardian of two schools', 'school2Pupil', { student: 'school2Pupil', school: 2 }],
    ['guardian of two schools', 'stranger', { student: 'stranger', school: 1 }],
    ['guardian of two schools', 'student1', notYourChild],
    // Staff and viewers: the route resolves the student within the schools they may see.
    ['teacher1', 'stranger', null],
    ['admin1', 'school2Pupil', null],
    ['viewer1', 'stranger', null],
    ['superadmin', undefined, null],
  ];
  it.each(cases)('%s asking for %s: %j', async (caller, requested, answer) => {
    const expected =
      answer && 'student' in answer
        ? { id: id[answer.student], schoolId: answer.school === 1 ? id.school1 : id.school2 }
        : answer;
    const asked = requested == null ? requested : id[requested];
    expect(await outcome(() => studentOfCaller(requestOf(who(caller)), asked))).toEqual(expected);
  });
});

describe('child.ts: a guardian’s links', () => {
  it('the guardian record of a guardian account; none for any other account', async () => {
    expect(await guardianOfUser(db, who('guardian').userId)).toBe(id.guardianRecord);
    expect(await guardianOfUser(db, who('student1').userId)).toBeNull();
    expect(await guardianOfUser(db, who('teacher1').userId)).toBeNull();
  });

  it('a linked child with the child’s school; nothing for anyone else’s child', async () => {
    expect(await linkedChild(db, who('guardian').userId, id.sibling)).toEqual({ id: id.sibling, schoolId: id.school1 });
    expect(await linkedChild(db, who('guardian').userId, id.stranger)).toBeNull();
    expect(await linkedChild(db, who('guardian of two schools').userId, id.school2Pupil)).toEqual({
      id: id.school2Pupil,
      schoolId: id.school2,
    });
  });

  it('the schools of their children, each once', async () => {
    // Two children, both in school 1: one school.
    expect(await guardianSchools(db, who('guardian').userId)).toEqual([id.school1]);
    expect((await guardianSchools(db, who('guardian of two schools').userId)).sort((a, b) => a - b)).toEqual(
      [id.school1, id.school2].sort((a, b) => a - b),
    );
    expect(await guardianSchools(db, who('student1').userId)).toEqual([]);
  });

  it.each([
    ['guardian', 1, true],
    ['guardian', 2, false],
    ['guardian of two schools', 1, true],
    ['guardian of two schools', 2, true],
    ['student1', 1, false],
    ['teacher1', 1, false],
  ] as [Caller, 1 | 2, boolean][])('%s has a child in school %s: %s', async (caller, school, has) => {
    expect(await guardianHasSchool(db, who(caller).userId, school === 1 ? id.school1 : id.school2)).toBe(has);
  });
});

/**
 * The teachers' years: the demo's teachers meet every section of their school in the session of
 * its routine (2026). Here teacher1 keeps Six A and Seven A; their other classes go to a colleague.
 * The demo's previous session (2025) has enrolments (every pupil in the section they are in now)
 * and a copy of the 2026 routine (server/db/seed/exams.ts): here teacher1's 2025 classes went to
 * the colleague too, all but one period of Six B.
 */
const reach = {
  session2026: 0,
  session2025: 0,
  /** School 1's sections by "class section" ("Six A"), and school 2's Six A. */
  section: new Map<string, number>(),
  /** The class of each of those sections. */
  classOf: new Map<number, number>(),
  school2SixA: 0,
  /** The first pupil by roll of school 1's Six A and Six B (2026), and of school 2's Six A. */
  sixAPupil: 0,
  sixBPupil: 0,
  school2Pupil: 0,
  /** Names of sessions, classes and sections by id, to write answers out in words. */
  names: { session: new Map<number, string>(), class: new Map<number, string>(), section: new Map<number, string>() },
};

async function setUpReach() {
  const [s2026] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.sessionYear, '2026'));
  reach.session2026 = s2026.id;
  const [s2025] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.sessionYear, '2025'));
  reach.session2025 = s2025.id;
  reach.names.session.set(s2026.id, '2026').set(s2025.id, '2025');
  const sectionRows = await db
    .select({
      id: sections.id,
      schoolId: sections.schoolId,
      name: sections.sectionDefaultName,
      class: classes.className,
      classId: classes.id,
    })
    .from(sections)
    .innerJoin(classes, eq(classes.id, sections.classId))
    .where(inArray(sections.schoolId, [id.school1, id.school2]));
  for (const r of sectionRows) {
    reach.classOf.set(r.id, r.classId);
    reach.names.class.set(r.classId, r.class);
    reach.names.section.set(r.id, r.name);
    if (r.schoolId === id.school1) reach.section.set(`${r.class} ${r.name}`, r.id);
    else if (r.class === 'Six' && r.name === 'A') reach.school2SixA = r.id;
  }
  const firstPupil = async (sectionId: number) => {
    const [e] = await db
      .select({ id: enrolments.studentId })
      .from(enrolments)
      .where(and(eq(enrolments.sectionId, sectionId), eq(enrolments.sessionId, reach.session2026)))
      .orderBy(asc(enrolments.classRollNo))
      .limit(1);
    return e.id;
  };
  reach.sixAPupil = await firstPupil(reach.section.get('Six A')!);
  reach.sixBPupil = await firstPupil(reach.section.get('Six B')!);
  reach.school2Pupil = await firstPupil(reach.school2SixA);

  const [t1] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(eq(teachers.userId, who('teacher1').userId));
  const [colleague] = await db
    .insert(teachers)
    .values({
      userId: who('colleague').userId,
      schoolId: id.school1,
      teacherCode: 'SCOPE-T2',
      firstName: 'Nasrin',
      initial: 'NA',
    })
    .returning({ id: teachers.id });
  const kept = [reach.section.get('Six A')!, reach.section.get('Seven A')!];
  const moved = await db
    .update(routines)
    .set({ teacherId: colleague.id })
    .where(
      and(
        eq(routines.teacherId, t1.id),
        eq(routines.sessionId, reach.session2026),
        notInArray(routines.sectionId, kept),
      ),
    )
    .returning();
  // The demo's teachers meet every section: teacher1 had classes in all ten of school 1.
  expect(new Set(moved.map((r) => r.sectionId)).size).toBe(8);
  const sixB = moved.find((r) => r.sectionId === reach.section.get('Six B'))!;
  // 2025: the colleague's too, then that one Six B period (the seed's copy of it) back to teacher1.
  await db
    .update(routines)
    .set({ teacherId: colleague.id })
    .where(and(eq(routines.teacherId, t1.id), eq(routines.sessionId, reach.session2025)));
  const back = await db
    .update(routines)
    .set({ teacherId: t1.id })
    .where(
      and(
        eq(routines.sessionId, reach.session2025),
        eq(routines.sectionId, sixB.sectionId),
        eq(routines.dayId, sixB.dayId),
        eq(routines.periodId, sixB.periodId),
      ),
    )
    .returning();
  expect(back).toHaveLength(1);
}

type Year = '2025' | '2026';
const sessionOf = (year: Year) => (year === '2026' ? reach.session2026 : reach.session2025);
/** A section by name: school 1's "Six A" ..., or school 2's Six A. */
const sectionNamed = (name: string) => (name === 'school 2 Six A' ? reach.school2SixA : reach.section.get(name)!);
type Pupil = 'Six A pupil' | 'Six B pupil' | 'school 2 pupil';
const pupilNamed = (p: Pupil) =>
  p === 'Six A pupil' ? reach.sixAPupil : p === 'Six B pupil' ? reach.sixBPupil : reach.school2Pupil;

describe('reach.ts: the sections a teacher teaches', () => {
  it.each([
    ['teacher1', 'Six A', '2026', true],
    ['teacher1', 'Seven A', '2026', true],
    ['teacher1', 'Six B', '2026', false],
    ['teacher1', 'Ten B', '2026', false],
    ['colleague', 'Six B', '2026', true],
    ['colleague', 'Six A', '2026', false],
    ['teacher1', 'Six B', '2025', true],
    ['teacher1', 'Six A', '2025', false],
    ['teacher1', 'school 2 Six A', '2026', false],
    ['admin1', 'Six A', '2026', false],
  ] as [Caller, string, Year, boolean][])('%s teaches %s in %s: %s', async (caller, section, year, taught) => {
    expect(await teachesSection(db, who(caller).userId, sectionNamed(section), sessionOf(year))).toBe(taught);
  });

  it.each([
    ['teacher1', 'Six A pupil', '2026', true],
    ['teacher1', 'Six B pupil', '2026', false],
    ['colleague', 'Six B pupil', '2026', true],
    ['colleague', 'Six A pupil', '2026', false],
    ['teacher1', 'Six B pupil', '2025', true],
    // Six A is not theirs in 2025, and the pupil was not enrolled then.
    ['teacher1', 'Six A pupil', '2025', false],
    ['teacher1', 'school 2 pupil', '2026', false],
    ['admin1', 'Six A pupil', '2026', false],
  ] as [Caller, Pupil, Year, boolean][])('%s teaches the %s in %s: %s', async (caller, pupil, year, taught) => {
    expect(await teachesStudent(db, who(caller).userId, pupilNamed(pupil), sessionOf(year))).toBe(taught);
  });

  it('the sections of a session, one row per routine period', async () => {
    const rows = await sectionsTaughtBy(db, who('teacher1').userId, reach.session2025);
    expect(rows).toEqual([{ sectionId: reach.section.get('Six B') }]);
  });

  const inWords = (rows: { session_id: number; class_id: number; section_id: number }[]) =>
    rows.map(
      (r) =>
        `${reach.names.session.get(r.session_id)} ${reach.names.class.get(r.class_id)} ${reach.names.section.get(r.section_id)}`,
    );

  it('every session, class and section a teacher teaches, each once, by session, class and section', async () => {
    expect(inWords(await teacherReach(db, who('teacher1').userId))).toEqual([
      '2025 Six B',
      '2026 Six A',
      '2026 Seven A',
    ]);
    expect(inWords(await teacherReach(db, who('colleague').userId))).toEqual([
      '2025 Six A',
      '2025 Six B',
      '2025 Seven A',
      '2025 Seven B',
      '2025 Eight A',
      '2025 Eight B',
      '2025 Nine A',
      '2025 Nine B',
      '2025 Ten A',
      '2025 Ten B',
      '2026 Six B',
      '2026 Seven B',
      '2026 Eight A',
      '2026 Eight B',
      '2026 Nine A',
      '2026 Nine B',
      '2026 Ten A',
      '2026 Ten B',
    ]);
    expect(await teacherReach(db, who('admin1').userId)).toEqual([]);
  });
});

describe('tenant.ts: the school a call is about', () => {
  const notYours: Refusal = { status: 403, code: 'forbidden', message: 'That school is not yours.' };
  const noAccess: Refusal = { status: 403, code: 'forbidden', message: 'You do not have access to this.' };
  const chooseASchool: Refusal = {
    status: 400,
    code: 'invalid_input',
    message: 'school_info_id: Choose a school.',
    fields: { school_info_id: 'Choose a school.' },
  };
  const notLinked: Refusal = { status: 403, code: 'forbidden', message: 'That school is not linked to your account.' };
  const noChildThere: Refusal = { status: 403, code: 'forbidden', message: 'None of your children is in that school.' };
  const noSuchSchool: Refusal = { status: 404, code: 'not_found', message: 'School not found.' };
  /** A school id nobody has. */
  const NO_SUCH_SCHOOL = 999_999;
  type School = 'school 1' | 'school 2' | 'no such school';
  const schoolId = (s: School) => (s === 'school 1' ? id.school1 : s === 'school 2' ? id.school2 : NO_SUCH_SCHOOL);

  it.each([
    // Students, teachers and school admins: their own school, named or not; another is refused.
    ['student1', undefined, 'school 1'],
    ['student1', null, 'school 1'],
    ['student1', 'school 1', 'school 1'],
    ['student1', 'school 2', notYours],
    ['teacher1', 'school 1', 'school 1'],
    ['teacher1', 'school 2', notYours],
    ['admin1', undefined, 'school 1'],
    ['admin1', 'school 2', notYours],
    ['admin1', 'no such school', notYours],
    ['schoolless teacher', undefined, noAccess],
    ['schoolless teacher', 'school 1', noAccess],
    // Viewers: a school linked to them, which they must name.
    ['viewer1', undefined, chooseASchool],
    ['viewer1', 'school 1', 'school 1'],
    ['viewer1', 'school 2', notLinked],
    ['viewer1', 'no such school', notLinked],
    // Guardians: a school where one of their children is.
    ['guardian', undefined, chooseASchool],
    ['guardian', 'school 1', 'school 1'],
    ['guardian', 'school 2', noChildThere],
    ['guardian of two schools', 'school 2', 'school 2'],
    // The super admin: any school there is.
    ['superadmin', undefined, chooseASchool],
    ['superadmin', 'school 1', 'school 1'],
    ['superadmin', 'school 2', 'school 2'],
    ['superadmin', 'no such school', noSuchSchool],
    // A user type tenant.ts does not know (one added to the permission table and not here).
    ['unknown type', 'school 1', noAccess],
  ] as [Caller, School | null | undefined, School | Refusal][])(
    '%s naming %s: %j',
    async (caller, requested, answer) => {
      const asked = requested == null ? requested : schoolId(requested);
      const expected = typeof answer === 'string' ? schoolId(answer) : answer;
      expect(await outcome(() => schoolOf(requestOf(who(caller)), asked))).toEqual(expected);
    },
  );

  const sectionNotFound: Refusal = { status: 404, code: 'not_found', message: 'Section not found.' };
  const notThisSchool: Refusal = { status: 403, code: 'forbidden', message: 'That section is not in this school.' };
  /** A section id nobody has. */
  const NO_SUCH_SECTION = 999_999;
  type Section = 'Six A' | 'Six B' | 'school 2 Six A' | 'no such section';
  const sectionId = (s: Section) => (s === 'no such section' ? NO_SUCH_SECTION : sectionNamed(s));
  const record = (s: Section) => {
    const sid = sectionId(s);
    return { id: sid, schoolId: s === 'school 2 Six A' ? id.school2 : id.school1, classId: reach.classOf.get(sid) };
  };

  it.each([
    ['teacher1', 'Six A', undefined, 'Six A'],
    ['teacher1', 'Six A', 'school 1', 'Six A'],
    ['teacher1', 'Six A', 'school 2', notThisSchool],
    ['teacher1', 'school 2 Six A', undefined, notYours],
    ['teacher1', 'school 2 Six A', 'school 2', notYours],
    ['teacher1', 'no such section', undefined, sectionNotFound],
    ['admin1', 'Six B', undefined, 'Six B'],
    ['viewer1', 'Six A', undefined, 'Six A'],
    ['viewer1', 'school 2 Six A', undefined, notLinked],
    ['guardian', 'Six B', undefined, 'Six B'],
    ['guardian', 'school 2 Six A', undefined, noChildThere],
    ['superadmin', 'school 2 Six A', undefined, 'school 2 Six A'],
    ['superadmin', 'no such section', 'school 1', sectionNotFound],
  ] as [Caller, Section, School | undefined, Section | Refusal][])(
    '%s asking for section %s of %s: %j',
    async (caller, section, school, answer) => {
      const expected = typeof answer === 'string' ? record(answer) : answer;
      const asked = school === undefined ? undefined : schoolId(school);
      expect(await outcome(() => sectionOf(requestOf(who(caller)), sectionId(section), asked))).toEqual(expected);
    },
  );

  it('with the process’s cache: a section is read once, and one not found is found once it is made', async () => {
    const cache = new HotCache(handle.url);
    await cache.start();
    attachCache(db, cache);
    try {
      const asAdmin = requestOf(who('admin1'));
      expect(await sectionOf(asAdmin, sectionNamed('Seven B'))).toEqual({
        id: sectionNamed('Seven B'),
        schoolId: id.school1,
        classId: reach.classOf.get(sectionNamed('Seven B')),
      });
      expect(await sectionOf(asAdmin, sectionNamed('Seven B'))).toEqual({
        id: sectionNamed('Seven B'),
        schoolId: id.school1,
        classId: reach.classOf.get(sectionNamed('Seven B')),
      });
      // The second answer came from memory.
      expect({ hits: cache.stats.hits, misses: cache.stats.misses }).toEqual({ hits: 1, misses: 1 });

      // A section not found is not kept: asked again, it is looked for again.
      const NEW_SECTION = 900_001;
      expect(await outcome(() => sectionOf(asAdmin, NEW_SECTION))).toEqual(sectionNotFound);
      expect(await outcome(() => sectionOf(asAdmin, NEW_SECTION))).toEqual(sectionNotFound);
      expect({ hits: cache.stats.hits, misses: cache.stats.misses }).toEqual({ hits: 1, misses: 3 });
      const [sixA] = await db
        .select()
        .from(sections)
        .where(eq(sections.id, sectionNamed('Six A')));
      // Made now, it is found at once.
      await db.insert(sections).values({ ...sixA, id: NEW_SECTION, sectionDefaultName: 'Z' });
      await cache.sync();
      expect(await sectionOf(asAdmin, NEW_SECTION)).toEqual({
        id: NEW_SECTION,
        schoolId: id.school1,
        classId: sixA.classId,
      });
    } finally {
      detachCache(db, cache);
      await cache.close();
    }
  });
});
