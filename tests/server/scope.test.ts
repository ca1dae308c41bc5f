/**
 * The row scopes of server/auth/scope.ts, asked through the routes that use them, by the demo's
 * signed-in users: for each rule a table of callers and rows (another section's teacher, another
 * student, another guardian's child, another school's row, the right caller), each with the status
 * and error code written out. The layers below the rules (tenant.ts, reach.ts, child.ts) have their
 * own table in scope-rules.test.ts; who may call each route at all is route-guard.test.ts's.
 *
 * On the named-day copy of the demo (Thursday 3 December 2026, the 2026 session current). The
 * demo's teachers meet every section of their school: here teacher1 keeps only student1's section
 * (routines and exams, every session) and a colleague made here takes the rest, among them the
 * section of student1's brother or sister (the demo guardian's other child). Made here too: a
 * guardian of a school 2 pupil only, and a teacher's and a student's account without a record.
 * Every row is a read, or a write that changes nothing (a link that already exists), so the rows
 * pass in any order.
 */
import { and, asc, eq, ne, notInArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { UserType } from '@/api/permissions';
import { callerChildren, childOfLinks } from '@server/auth/scope';
import type { AuthContext } from '@server/auth/sessions';
import {
  academicSessions,
  enrolments,
  exams,
  guardians,
  guardianStudents,
  homework,
  payments,
  routines,
  students,
  teachers,
  users,
} from '@server/db/schema';
import { DEMO_GUARDIAN_PHONE } from '@server/db/seed/demo';
import { createTestApp, type TestApp } from '../helpers/server';
import { NAMED, onNamedDays } from './attendance-fixtures';

let t: TestApp;

/** The callers by name: their user codes (the demo's, and the accounts made here). */
const ACCOUNTS = {
  teacher1: 'teacher1',
  colleague: 'scope_colleague',
  'teacher without a record': 'scope_no_teacher',
  admin1: 'admin1',
  admin2: 'admin2',
  viewer1: 'viewer1',
  student1: 'student1',
  'student without a record': 'scope_no_student',
  guardian: DEMO_GUARDIAN_PHONE,
  'school 2 guardian': '01710000088',
  superadmin: 'superadmin',
} as const;
type Caller = keyof typeof ACCOUNTS;

/** The rows by name, found or made in beforeAll. */
const ids = {
  school1: 0,
  school2: 0,
  session2026: 0,
  /** student1's record and section (2026): teacher1's. */
  student1: 0,
  student1Code: '',
  ownSection: 0,
  /** The demo guardian's other child, in another section of school 1: the colleague's. */
  sibling: 0,
  siblingCode: '',
  siblingSection: 0,
  /** A school 1 pupil nobody here is a guardian of. */
  stranger: 0,
  school2Pupil: 0,
  school2Section: 0,
  /** teacher1's routine entry in their section, the colleague's in the sibling's, one of school 2. */
  ownRoutine: 0,
  colleagueRoutine: 0,
  school2Routine: 0,
  /** Homework set by teacher1 for their section, by the colleague for the sibling's, one of school 2's. */
  ownHomework: 0,
  colleagueHomework: 0,
  school2Homework: 0,
  demoGuardian: 0,
  school2Guardian: 0,
  teacher1: 0,
  colleague: 0,
  school2Teacher: 0,
  /** An exam of teacher1's subject in their section (2026), one of the colleague's in the sibling's. */
  ownExam: 0,
  colleagueExam: 0,
  /** A payment (ledger entry) of student1’s, of the sibling’s and of the school 2 guardian’s child’s. */
  student1Payment: 0,
  siblingPayment: 0,
  school2Payment: 0,
};

/** An id nobody has. */
const NOBODY = 2_000_000_000;

type Answer = { status: number; code: string | null };
/** What the caller got: the status, and the error's code when refused. */
const answerOf = (res: { statusCode: number; json: () => { error?: { code: string } } }): Answer => ({
  status: res.statusCode,
  code: res.statusCode >= 400 ? res.json().error!.code : null,
});

const get = async (caller: Caller, url: string) => answerOf(await t.get(ACCOUNTS[caller], url));

onNamedDays(NAMED.schoolDay);

beforeAll(async () => {
  t = await createTestApp({}, { namedDays: true });
  const db = t.db;
  const userOf = async (code: string) =>
    (
      await db
        .select({ id: users.id, schoolId: users.schoolId, hash: users.passwordHash })
        .from(users)
        .where(eq(users.userCode, code))
    )[0];
  const teacher1 = await userOf('teacher1');
  ids.school1 = teacher1.schoolId!;
  ids.school2 = (await userOf('admin2')).schoolId!;
  const [session] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.sessionYear, '2026'));
  ids.session2026 = session.id;

  // The accounts made here sign in with the demo's password (teacher1's hash).
  const made = await db
    .insert(users)
    .values([
      { userCode: ACCOUNTS.colleague, userType: 2, passwordHash: teacher1.hash, schoolId: ids.school1 },
      {
        userCode: ACCOUNTS['teacher without a record'],
        userType: 2,
        passwordHash: teacher1.hash,
        schoolId: ids.school1,
      },
      {
        userCode: ACCOUNTS['student without a record'],
        userType: 1,
        passwordHash: teacher1.hash,
        schoolId: ids.school1,
      },
      { userCode: ACCOUNTS['school 2 guardian'], userType: 3, passwordHash: teacher1.hash, schoolId: null },
    ])
    .returning({ id: users.id, code: users.userCode });
  const madeId = (caller: Caller) => made.find((m) => m.code === ACCOUNTS[caller])!.id;

  // The pupils: student1 and the sibling (the demo guardian's two children), a stranger, school 2's.
  const enrolmentOf = async (studentId: number) =>
    (
      await db
        .select({ sectionId: enrolments.sectionId, code: students.studentCode })
        .from(enrolments)
        .innerJoin(students, eq(students.id, enrolments.studentId))
        .where(and(eq(enrolments.studentId, studentId), eq(enrolments.sessionId, ids.session2026)))
    )[0];
  const [s1] = await db
    .select({ id: students.id })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(users.userCode, 'student1'));
  ids.student1 = s1.id;
  const [demoGuardian] = await db
    .select({ id: guardians.id })
    .from(guardians)
    .where(eq(guardians.phone, DEMO_GUARDIAN_PHONE));
  ids.demoGuardian = demoGuardian.id;
  const children = await db
    .select({ id: guardianStudents.studentId })
    .from(guardianStudents)
    .where(eq(guardianStudents.guardianId, demoGuardian.id));
  expect(children.map((c) => c.id)).toContain(ids.student1);
  expect(children).toHaveLength(2);
  ids.sibling = children.find((c) => c.id !== ids.student1)!.id;
  const own = await enrolmentOf(ids.student1);
  const sibling = await enrolmentOf(ids.sibling);
  ids.ownSection = own.sectionId;
  ids.student1Code = own.code;
  ids.siblingSection = sibling.sectionId;
  ids.siblingCode = sibling.code;
  expect(ids.siblingSection).not.toBe(ids.ownSection);
  const [stranger] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.schoolId, ids.school1), notInArray(students.id, [ids.student1, ids.sibling])))
    .orderBy(asc(students.id))
    .limit(1);
  ids.stranger = stranger.id;
  const [pupil2] = await db
    .select({ id: enrolments.studentId, sectionId: enrolments.sectionId })
    .from(enrolments)
    .where(and(eq(enrolments.schoolId, ids.school2), eq(enrolments.sessionId, ids.session2026)))
    .orderBy(asc(enrolments.studentId))
    .limit(1);
  ids.school2Pupil = pupil2.id;
  ids.school2Section = pupil2.sectionId;

  // teacher1 keeps their classes and exams in student1's section; the colleague takes the rest.
  const [t1] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, teacher1.id));
  const [colleague] = await db
    .insert(teachers)
    .values({
      userId: madeId('colleague'),
      schoolId: ids.school1,
      teacherCode: 'SCOPE-T',
      firstName: 'Nasrin',
      initial: 'NSC',
    })
    .returning({ id: teachers.id });
  ids.teacher1 = t1.id;
  ids.colleague = colleague.id;
  const [tch2] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.schoolId, ids.school2)).limit(1);
  ids.school2Teacher = tch2.id;
  const moved = await db
    .update(routines)
    .set({ teacherId: colleague.id })
    .where(and(eq(routines.teacherId, t1.id), ne(routines.sectionId, ids.ownSection)))
    .returning({ id: routines.id, sectionId: routines.sectionId, sessionId: routines.sessionId });
  expect(moved.some((r) => r.sectionId === ids.siblingSection && r.sessionId === ids.session2026)).toBe(true);
  await db
    .update(exams)
    .set({ teacherId: colleague.id })
    .where(and(eq(exams.teacherId, t1.id), ne(exams.sectionId, ids.ownSection)));
  const routineOf = async (teacherId: number, sectionId: number) =>
    (
      await db
        .select({ id: routines.id, classId: routines.classId, subjectId: routines.subjectId })
        .from(routines)
        .where(
          and(
            eq(routines.teacherId, teacherId),
            eq(routines.sectionId, sectionId),
            eq(routines.sessionId, ids.session2026),
          ),
        )
        .orderBy(asc(routines.id))
        .limit(1)
    )[0];
  const ownRoutine = await routineOf(t1.id, ids.ownSection);
  const colleagueRoutine = await routineOf(colleague.id, ids.siblingSection);
  ids.ownRoutine = ownRoutine.id;
  ids.colleagueRoutine = colleagueRoutine.id;
  const [r2] = await db
    .select({ id: routines.id })
    .from(routines)
    .where(and(eq(routines.schoolId, ids.school2), eq(routines.sessionId, ids.session2026)))
    .limit(1);
  ids.school2Routine = r2.id;

  const examOf = async (sectionId: number, subjectId: number) =>
    (
      await db
        .select({ id: exams.id })
        .from(exams)
        .where(
          and(eq(exams.sectionId, sectionId), eq(exams.subjectId, subjectId), eq(exams.sessionId, ids.session2026)),
        )
        .orderBy(asc(exams.id))
        .limit(1)
    )[0].id;
  ids.ownExam = await examOf(ids.ownSection, ownRoutine.subjectId);
  ids.colleagueExam = await examOf(ids.siblingSection, colleagueRoutine.subjectId);
  const paymentOf = async (where: ReturnType<typeof eq>) =>
    (
      await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(where, eq(payments.kind, 'payment')))
        .orderBy(asc(payments.id))
        .limit(1)
    )[0].id;
  ids.student1Payment = await paymentOf(eq(payments.studentId, ids.student1));
  ids.siblingPayment = await paymentOf(eq(payments.studentId, ids.sibling));
  ids.school2Payment = await paymentOf(eq(payments.studentId, ids.school2Pupil));

  // Homework of each teacher for their section, set on Tuesday.
  const setHomework = async (teacherId: number, sectionId: number, r: { classId: number; subjectId: number }) =>
    (
      await db
        .insert(homework)
        .values({
          schoolId: ids.school1,
          sessionId: ids.session2026,
          classId: r.classId,
          sectionId,
          subjectId: r.subjectId,
          teacherId,
          topic: 'Scope rules',
          issueDate: '2026-12-01',
          dueDate: '2026-12-10',
        })
        .returning({ id: homework.id })
    )[0].id;
  ids.ownHomework = await setHomework(t1.id, ids.ownSection, ownRoutine);
  ids.colleagueHomework = await setHomework(colleague.id, ids.siblingSection, colleagueRoutine);
  const [hw2] = await db.select({ id: homework.id }).from(homework).where(eq(homework.schoolId, ids.school2)).limit(1);
  ids.school2Homework = hw2.id;

  // A guardian of a school 2 pupil only.
  const [g2] = await db
    .insert(guardians)
    .values({ userId: madeId('school 2 guardian'), name: 'School Two Parent', phone: ACCOUNTS['school 2 guardian'] })
    .returning({ id: guardians.id });
  ids.school2Guardian = g2.id;
  await db
    .insert(guardianStudents)
    .values({ guardianId: g2.id, studentId: ids.school2Pupil, schoolId: ids.school2, relation: 'mother' });
});

afterAll(async () => {
  await t?.close();
});

/** A section by name. */
type Section = 'student1’s section' | 'the sibling’s section' | 'a school 2 section' | 'no such section';
const sectionId = (s: Section) =>
  s === 'student1’s section'
    ? ids.ownSection
    : s === 'the sibling’s section'
      ? ids.siblingSection
      : s === 'a school 2 section'
        ? ids.school2Section
        : NOBODY;

describe('sectionInScope: a section’s students and absentees', () => {
  it.each([
    ['teacher1', 'student1’s section', 200, null],
    // Another section's teacher: the colleague's section is not teacher1's, and the other way round.
    ['teacher1', 'the sibling’s section', 403, 'not_your_section'],
    ['colleague', 'the sibling’s section', 200, null],
    ['colleague', 'student1’s section', 403, 'not_your_section'],
    // The school admin and the viewer reach every section of a school they may see.
    ['admin1', 'the sibling’s section', 200, null],
    ['viewer1', 'a school 2 section', 200, null],
    // Another school's section: the school check.
    ['teacher1', 'a school 2 section', 403, 'forbidden'],
    ['admin1', 'a school 2 section', 403, 'forbidden'],
    ['teacher1', 'no such section', 404, 'not_found'],
  ] as [Caller, Section, number, string | null][])(
    'the section’s students: %s asking for %s: %i %s',
    async (caller, section, status, code) => {
      expect(await get(caller, `/api/student/section?section_id=${sectionId(section)}`)).toEqual({ status, code });
    },
  );

  it.each([
    ['teacher1', 'student1’s section', 200, null],
    ['teacher1', 'the sibling’s section', 403, 'not_your_section'],
    ['admin1', 'the sibling’s section', 200, null],
    ['teacher1', 'a school 2 section', 403, 'forbidden'],
  ] as [Caller, Section, number, string | null][])(
    'the section’s absentees: %s asking for %s: %i %s',
    async (caller, section, status, code) => {
      expect(await get(caller, `/api/attendance/section/absent?section_id=${sectionId(section)}`)).toEqual({
        status,
        code,
      });
    },
  );
});

describe('sectionInScope, results: a student’s marks (the teachers of their section that session)', () => {
  type Pupil = 'student1' | 'the sibling';
  it.each([
    ['teacher1', 'student1', 200, null],
    ['teacher1', 'the sibling', 403, 'not_your_section'],
    ['colleague', 'the sibling', 200, null],
    ['admin1', 'the sibling', 200, null],
    // A school 2 admin naming school 1's student code: it is looked for in their own school.
    ['admin2', 'student1', 404, 'not_found'],
  ] as [Caller, Pupil, number, string | null][])(
    '%s asking for %s’s marks: %i %s',
    async (caller, pupil, status, code) => {
      const studentCode = pupil === 'student1' ? ids.student1Code : ids.siblingCode;
      expect(await get(caller, `/api/mark?student_code=${studentCode}&session_id=${ids.session2026}`)).toEqual({
        status,
        code,
      });
    },
  );
});

describe('examInScope: an exam’s mark entry sheet (its subject’s teachers in the section)', () => {
  type Exam = 'teacher1’s exam' | 'the colleague’s exam' | 'no such exam';
  it.each([
    ['teacher1', 'teacher1’s exam', 200, null],
    ['teacher1', 'the colleague’s exam', 403, 'exams.not_yours'],
    ['colleague', 'the colleague’s exam', 200, null],
    ['admin1', 'the colleague’s exam', 200, null],
    ['admin2', 'teacher1’s exam', 403, 'forbidden'],
    ['admin1', 'no such exam', 404, 'not_found'],
  ] as [Caller, Exam, number, string | null][])('%s asking for %s: %i %s', async (caller, exam, status, code) => {
    const id = exam === 'teacher1’s exam' ? ids.ownExam : exam === 'the colleague’s exam' ? ids.colleagueExam : NOBODY;
    expect(await get(caller, `/api/student_mark?exam_info_id=${id}`)).toEqual({ status, code });
  });
});

describe('mayReadPayment: a ledger entry’s receipt (the school’s admin, the student, a linked guardian)', () => {
  type Payment = 'student1’s payment' | 'the sibling’s payment' | 'a school 2 payment';
  // Another's receipt is answered as an unknown one: it says nothing of other people's payments.
  it.each([
    ['admin1', 'student1’s payment', 200, null],
    ['admin2', 'student1’s payment', 404, 'not_found'],
    ['student1', 'student1’s payment', 200, null],
    ['student1', 'the sibling’s payment', 404, 'not_found'],
    ['guardian', 'the sibling’s payment', 200, null],
    ['school 2 guardian', 'student1’s payment', 404, 'not_found'],
    ['school 2 guardian', 'a school 2 payment', 200, null],
  ] as [Caller, Payment, number, string | null][])('%s asking for %s: %i %s', async (caller, payment, status, code) => {
    const id =
      payment === 'student1’s payment'
        ? ids.student1Payment
        : payment === 'the sibling’s payment'
          ? ids.siblingPayment
          : ids.school2Payment;
    expect(await get(caller, `/api/payment/${id}/receipt?lang=en`)).toEqual({ status, code });
  });
});

type Routine = 'teacher1’s class' | 'the colleague’s class' | 'a school 2 class' | 'no such class';
const routineId = (r: Routine) =>
  r === 'teacher1’s class'
    ? ids.ownRoutine
    : r === 'the colleague’s class'
      ? ids.colleagueRoutine
      : r === 'a school 2 class'
        ? ids.school2Routine
        : NOBODY;

describe('routineInScope: the students of a class to take attendance for', () => {
  it.each([
    ['teacher1', 'teacher1’s class', 200, null],
    ['teacher1', 'the colleague’s class', 403, 'attendance.another_teachers_class'],
    ['colleague', 'teacher1’s class', 403, 'attendance.another_teachers_class'],
    ['admin1', 'the colleague’s class', 200, null],
    ['teacher1', 'a school 2 class', 403, 'forbidden'],
    ['admin1', 'a school 2 class', 403, 'forbidden'],
    ['teacher1', 'no such class', 404, 'not_found'],
    ['teacher without a record', 'teacher1’s class', 403, 'no_teacher_record'],
  ] as [Caller, Routine, number, string | null][])('%s asking for %s: %i %s', async (caller, routine, status, code) => {
    expect(await get(caller, `/api/attendance/student?routine_id=${routineId(routine)}`)).toEqual({ status, code });
  });
});

describe('teacherInScope: whose week of the routine', () => {
  type Teacher = 'teacher1' | 'the colleague' | 'a school 2 teacher' | 'no such teacher' | 'nobody named';
  it.each([
    ['teacher1', 'teacher1', 200, null],
    ['teacher1', 'nobody named', 200, null],
    ['teacher1', 'the colleague', 403, 'forbidden'],
    ['admin1', 'the colleague', 200, null],
    ['admin1', 'a school 2 teacher', 403, 'forbidden'],
    ['admin1', 'no such teacher', 404, 'not_found'],
    ['admin1', 'nobody named', 400, 'invalid_input'],
  ] as [Caller, Teacher, number, string | null][])('%s asking for %s: %i %s', async (caller, teacher, status, code) => {
    const id =
      teacher === 'teacher1'
        ? ids.teacher1
        : teacher === 'the colleague'
          ? ids.colleague
          : teacher === 'a school 2 teacher'
            ? ids.school2Teacher
            : teacher === 'no such teacher'
              ? NOBODY
              : null;
    expect(await get(caller, `/api/routine/teacher${id === null ? '' : `?teacher_id=${id}`}`)).toEqual({
      status,
      code,
    });
  });
});

type Student = 'student1' | 'the sibling' | 'the stranger' | 'the school 2 pupil' | 'no such student' | 'nobody named';
const studentParam = (s: Student) => {
  const id =
    s === 'student1'
      ? ids.student1
      : s === 'the sibling'
        ? ids.sibling
        : s === 'the stranger'
          ? ids.stranger
          : s === 'the school 2 pupil'
            ? ids.school2Pupil
            : s === 'no such student'
              ? NOBODY
              : null;
  return id === null ? '' : `?student_id=${id}`;
};

describe('studentInScope: a student’s attendance history', () => {
  it.each([
    // A student: their own, named or not; another student, of their school or another, is refused.
    ['student1', 'nobody named', 200, null],
    ['student1', 'student1', 200, null],
    ['student1', 'the sibling', 403, 'own_records_only'],
    ['student1', 'the school 2 pupil', 403, 'own_records_only'],
    ['student without a record', 'nobody named', 403, 'no_student_record'],
    // A guardian: their linked children; another guardian's child, or nobody's, is refused alike.
    ['guardian', 'student1', 200, null],
    ['guardian', 'the sibling', 200, null],
    ['guardian', 'the stranger', 403, 'not_your_child'],
    ['guardian', 'the school 2 pupil', 403, 'not_your_child'],
    ['guardian', 'no such student', 403, 'not_your_child'],
    ['guardian', 'nobody named', 400, 'invalid_input'],
    ['school 2 guardian', 'the school 2 pupil', 200, null],
    ['school 2 guardian', 'student1', 403, 'not_your_child'],
    // The school admin: any student of the school; another school's is the school check's.
    ['admin1', 'the stranger', 200, null],
    ['admin1', 'the school 2 pupil', 403, 'forbidden'],
    ['admin1', 'no such student', 404, 'not_found'],
    ['admin1', 'nobody named', 400, 'invalid_input'],
    ['viewer1', 'the school 2 pupil', 200, null],
  ] as [Caller, Student, number, string | null][])('%s asking for %s: %i %s', async (caller, student, status, code) => {
    expect(await get(caller, `/api/attendance/student/individual/summary${studentParam(student)}`)).toEqual({
      status,
      code,
    });
  });

  it.each([
    ['teacher1', 'the sibling', 200, null],
    ['teacher1', 'the school 2 pupil', 403, 'forbidden'],
    ['student1', 'student1', 200, null],
    ['student1', 'the sibling', 403, 'own_records_only'],
    ['student1', 'no such student', 403, 'own_records_only'],
  ] as [Caller, Student, number, string | null][])(
    'the profile card: %s asking for %s: %i %s',
    async (caller, student, status, code) => {
      expect(await get(caller, `/api/student/profile${studentParam(student)}`)).toEqual({ status, code });
    },
  );
});

describe('studentOfCaller and schoolOfCall: a list about a student (online classes)', () => {
  type School = 'no school named' | 'school 1' | 'school 2';
  it.each([
    ['student1', 'nobody named', 'no school named', 200, null],
    ['student1', 'nobody named', 'school 1', 200, null],
    ['student1', 'nobody named', 'school 2', 403, 'forbidden'],
    ['student1', 'the sibling', 'no school named', 403, 'own_records_only'],
    ['student without a record', 'nobody named', 'no school named', 403, 'no_student_record'],
    ['guardian', 'the sibling', 'no school named', 200, null],
    ['guardian', 'the sibling', 'school 2', 403, 'forbidden'],
    ['guardian', 'the stranger', 'no school named', 403, 'not_your_child'],
    ['school 2 guardian', 'the school 2 pupil', 'no school named', 200, null],
    // Staff: the school they name, or their own.
    ['teacher1', 'nobody named', 'no school named', 200, null],
    ['admin1', 'nobody named', 'school 2', 403, 'forbidden'],
  ] as [Caller, Student, School, number, string | null][])(
    '%s asking for %s in %s: %i %s',
    async (caller, student, school, status, code) => {
      const params = new URLSearchParams(studentParam(student).replace('?', ''));
      if (school !== 'no school named')
        params.set('school_info_id', String(school === 'school 1' ? ids.school1 : ids.school2));
      expect(await get(caller, `/api/eschool/classes?${params}`)).toEqual({ status, code });
    },
  );
});

describe('guardianInScope: a school admin names a guardian by id', () => {
  type Guardian = 'the demo guardian' | 'the school 2 guardian' | 'no such guardian';
  it.each([
    // Linking again a link that is there (student1's father): changes nothing.
    ['admin1', 'the demo guardian', 'student1', 200, null],
    // Another school's guardian, or nobody: the same 404.
    ['admin1', 'the school 2 guardian', 'the stranger', 404, 'not_found'],
    ['admin1', 'no such guardian', 'the stranger', 404, 'not_found'],
    ['admin2', 'the demo guardian', 'the school 2 pupil', 404, 'not_found'],
  ] as [Caller, Guardian, Student, number, string | null][])(
    '%s linking %s to %s: %i %s',
    async (caller, guardian, student, status, code) => {
      const guardianId =
        guardian === 'the demo guardian'
          ? ids.demoGuardian
          : guardian === 'the school 2 guardian'
            ? ids.school2Guardian
            : NOBODY;
      const studentId =
        student === 'student1' ? ids.student1 : student === 'the stranger' ? ids.stranger : ids.school2Pupil;
      const res = await t.post(ACCOUNTS[caller], '/api/guardian/link', {
        guardian_id: guardianId,
        student_id: studentId,
        relation: 'father',
      });
      expect(answerOf(res)).toEqual({ status, code });
    },
  );

  it('the links are as they were', async () => {
    const links = await t.db
      .select({ guardianId: guardianStudents.guardianId, studentId: guardianStudents.studentId })
      .from(guardianStudents)
      .where(eq(guardianStudents.studentId, ids.stranger));
    expect(links).toEqual([]);
  });
});

type Homework = 'teacher1’s homework' | 'the colleague’s homework' | 'school 2’s homework';
const homeworkId = (h: Homework) =>
  h === 'teacher1’s homework'
    ? ids.ownHomework
    : h === 'the colleague’s homework'
      ? ids.colleagueHomework
      : ids.school2Homework;

describe('teacherRowInScope and the student of a call: homework', () => {
  it.each([
    ['teacher1', 'teacher1’s homework', 200, null],
    ['teacher1', 'the colleague’s homework', 403, 'homework.not_own'],
    ['admin1', 'the colleague’s homework', 200, null],
    ['viewer1', 'teacher1’s homework', 200, null],
    ['teacher1', 'school 2’s homework', 403, 'forbidden'],
    ['admin1', 'school 2’s homework', 403, 'forbidden'],
    ['teacher without a record', 'teacher1’s homework', 403, 'no_teacher_record'],
  ] as [Caller, Homework, number, string | null][])(
    'who submitted: %s asking for %s: %i %s',
    async (caller, hw, status, code) => {
      expect(await get(caller, `/api/homework/teacher/submitlist?home_work_id=${homeworkId(hw)}`)).toEqual({
        status,
        code,
      });
    },
  );

  it.each([
    ['student1', 'teacher1’s homework', 'nobody named', 200, null],
    // Another section's homework is not for them.
    ['student1', 'the colleague’s homework', 'nobody named', 403, 'homework.not_for_you'],
    ['student1', 'teacher1’s homework', 'the sibling', 403, 'own_records_only'],
    ['guardian', 'the colleague’s homework', 'the sibling', 200, null],
    ['guardian', 'the colleague’s homework', 'student1', 403, 'homework.not_for_you'],
    ['guardian', 'teacher1’s homework', 'the stranger', 403, 'not_your_child'],
    ['guardian', 'school 2’s homework', 'student1', 403, 'forbidden'],
    ['student1', 'school 2’s homework', 'nobody named', 403, 'forbidden'],
  ] as [Caller, Homework, Student, number, string | null][])(
    'one homework: %s asking for %s for %s: %i %s',
    async (caller, hw, student, status, code) => {
      const forWhom = studentParam(student).replace('?', '&');
      expect(await get(caller, `/api/homework/student/id?homework_id=${homeworkId(hw)}${forWhom}`)).toEqual({
        status,
        code,
      });
    },
  );
});

describe('schools: which a list shows, whose links, every school at once', () => {
  /** The schools of /school_info/all as the caller sees them: school 1, school 2, both (and perhaps more). */
  type Schools = 'school 1' | 'school 2' | 'schools 1 and 2' | 'none';
  const listed = (ids_: number[]): Schools => {
    const one = ids_.includes(ids.school1);
    const two = ids_.includes(ids.school2);
    return one && two ? 'schools 1 and 2' : one ? 'school 1' : two ? 'school 2' : 'none';
  };

  it.each([
    // schoolsListed: the super admin every school, a viewer the linked ones, anyone else their own.
    ['superadmin', 'schools 1 and 2'],
    ['viewer1', 'schools 1 and 2'],
    ['admin1', 'school 1'],
    ['admin2', 'school 2'],
    ['teacher1', 'school 1'],
    ['student1', 'school 1'],
  ] as [Caller, Schools][])('the school list of %s: %s', async (caller, schools) => {
    const res = await t.get(ACCOUNTS[caller], '/api/school_info/all?limit=200');
    expect(res.statusCode).toBe(200);
    expect(listed((res.json() as { id: number }[]).map((r) => r.id))).toBe(schools);
  });

  it.each([
    // viewerInScope: a viewer their own links only; the super admin any viewer's.
    ['viewer1', 'their own', 200, null],
    ['viewer1', 'another user’s', 403, 'forbidden'],
    ['superadmin', 'viewer1’s', 200, null],
  ] as [Caller, string, number, string | null][])(
    'a viewer’s linked schools: %s asking for %s: %i %s',
    async (caller, whose, status, code) => {
      const userId = async (code_: string) =>
        (await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, code_)))[0].id;
      const adminId =
        whose === 'their own' ? '' : `?admin_id=${await userId(whose === 'viewer1’s' ? 'viewer1' : 'admin1')}`;
      expect(await get(caller, `/api/school_info${adminId}`)).toEqual({ status, code });
    },
  );

  it.each([
    // schoolOrEverySchool: the super admin naming no school acts for every school (the 2026 session,
    // open already, is refused without a change); copying a routine needs a school.
    ['superadmin', 'no school', {}, 409, 'structure.session_already_open'],
    ['superadmin', 'no school', { copy_routines: true }, 400, 'invalid_input'],
    ['superadmin', 'school 2', {}, 409, 'structure.session_already_open'],
    ['admin1', 'no school', {}, 409, 'structure.session_already_open'],
    ['admin1', 'school 2', {}, 403, 'forbidden'],
  ] as [Caller, 'no school' | 'school 2', object, number, string][])(
    'opening the 2026 session: %s naming %s %o: %i %s',
    async (caller, school, extra, status, code) => {
      const body = { session_year: 2026, ...extra, ...(school === 'school 2' && { school_info_id: ids.school2 }) };
      expect(answerOf(await t.post(ACCOUNTS[caller], '/api/setup/sessions', body))).toEqual({ status, code });
    },
  );
});

describe('knownTeacher: a teacher’s day of the routine, without a query where it can be', () => {
  type Teacher = 'teacher1' | 'the colleague' | 'a school 2 teacher' | 'nobody named';
  it.each([
    ['teacher1', 'nobody named', 200, null],
    ['teacher1', 'teacher1', 200, null],
    ['teacher1', 'the colleague', 403, 'forbidden'],
    ['admin1', 'the colleague', 200, null],
    // The admin's assumed school is not the teacher's: teacherInScope says why.
    ['admin1', 'a school 2 teacher', 403, 'forbidden'],
    ['admin1', 'nobody named', 400, 'invalid_input'],
  ] as [Caller, Teacher, number, string | null][])('%s asking for %s: %i %s', async (caller, teacher, status, code) => {
    const id =
      teacher === 'teacher1'
        ? ids.teacher1
        : teacher === 'the colleague'
          ? ids.colleague
          : teacher === 'a school 2 teacher'
            ? ids.school2Teacher
            : null;
    expect(await get(caller, `/api/routine/teacher/today${id === null ? '' : `?teacher_id=${id}`}`)).toEqual({
      status,
      code,
    });
  });
});

describe('callerTeacher and callerStudent: one refusal for an account without its record', () => {
  it.each([
    ['teacher1', '/api/homework/teacher/individual', 200, null],
    ['teacher without a record', '/api/homework/teacher/individual', 403, 'no_teacher_record'],
    ['teacher without a record', '/api/exam_info', 403, 'no_teacher_record'],
    ['teacher without a record', '/api/activities', 403, 'no_teacher_record'],
    ['teacher without a record', '/api/eschool/options', 403, 'no_teacher_record'],
    ['student1', '/api/activities/mine', 200, null],
    ['student without a record', '/api/activities/mine', 403, 'no_student_record'],
    ['student without a record', '/api/homework/student', 403, 'no_student_record'],
  ] as [Caller, string, number, string | null][])('%s calling %s: %i %s', async (caller, url, status, code) => {
    expect(await get(caller, url)).toEqual({ status, code });
  });
});

/** The request as the guard leaves it for a route: the caller's session and the app's database. */
const requestOf = async (caller: Caller) => {
  const [u] = await t.db
    .select({ id: users.id, userType: users.userType, schoolId: users.schoolId })
    .from(users)
    .where(eq(users.userCode, ACCOUNTS[caller]));
  const auth: AuthContext = {
    sessionId: 1,
    userId: u.id,
    userType: u.userType as UserType,
    userCode: ACCOUNTS[caller],
    schoolId: u.schoolId,
  };
  return { auth, server: { db: t.db } } as unknown as FastifyRequest;
};

describe('callerChildren: a guardian’s linked children', () => {
  it('the demo guardian: student1 and the sibling, of school 1', async () => {
    const expected = [
      { id: ids.student1, schoolId: ids.school1 },
      { id: ids.sibling, schoolId: ids.school1 },
    ].sort((a, b) => a.id - b.id);
    expect(await callerChildren(await requestOf('guardian'))).toEqual(expected);
  });

  it('the school 2 guardian: their one child, of school 2', async () => {
    expect(await callerChildren(await requestOf('school 2 guardian'))).toEqual([
      { id: ids.school2Pupil, schoolId: ids.school2 },
    ]);
  });

  it('anyone else: none', async () => {
    expect(await callerChildren(await requestOf('teacher1'))).toEqual([]);
    expect(await callerChildren(await requestOf('student1'))).toEqual([]);
  });
});

describe('childOfLinks: the child a student’s read names in its file links', () => {
  it.each([
    ['guardian', true],
    ['school 2 guardian', true],
    ['student1', false],
    ['teacher1', false],
    ['admin1', false],
    ['viewer1', false],
  ] as [Caller, boolean][])('%s: the child named %s', async (caller, names) => {
    expect(childOfLinks(await requestOf(caller), ids.student1)).toBe(names ? ids.student1 : null);
  });
});
