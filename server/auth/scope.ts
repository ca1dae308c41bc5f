/**
 * Row-level access: which rows a caller reaches, decided in one place (docs/ARCHITECTURE.md, "A
 * request's path", step 4). The guard (guard.ts) has said who may call an endpoint; a route then
 * asks this module for the rows it names, and gets the row or one refusal per rule. Routes do not
 * branch on user type to decide rows: this module does, once.
 *
 * The layers below it: tenant.ts decides the school a call may touch (`schoolOf`, and `sectionOf`
 * for a section's school); reach.ts says which sections a teacher teaches (docs/DOMAIN.md, "People
 * and who sees what"); child.ts reads a guardian's links to children. Those are queries and
 * school checks; the decisions built on them are here.
 *
 * The caller's own records:
 * - `callerTeacher`: the caller's teacher record, else 403 `no_teacher_record`;
 * - `callerStudent`: the caller's student record, else 403 `no_student_record`;
 * - `callerChildren`: a guardian's linked children (none for anyone else);
 * - `studentOfCaller`: the student a student's or guardian's call is about (their own record, or
 *   the named linked child), null for staff and viewers; `schoolOfCall`: that student's school,
 *   else the school the caller names;
 * - `narrowedToTeacher`: the teacher whose rows a list is narrowed to (a teacher's own), or null
 *   (the school's rows, for everyone else); `sectionsInReach` and `callerReach`: the sections a
 *   teacher's lists and notices stop at (null: the whole school);
 * - `childOfLinks`: the child a guardian's file links name (null for everyone else);
 * - `callerProfileId`: a teacher's or school admin's own profile id (the notice list's `uid`);
 *   `noticeReader`: the student whose notices a student or guardian reads, with the notice
 *   screens' own codes.
 *
 * The rows, each resolved or refused with one code per rule (no such row / another school's row /
 * in the school but not this caller's):
 * - `sectionInScope`: 404 `not_found` / 403 (the school check) / a teacher who does not teach it
 *   in the session: 403 `not_your_section`;
 * - `routineInScope`: 404 `not_found` / 403 (the school check) / another teacher's entry: 403
 *   `attendance.another_teachers_class`; on a date, that day's substitute takes it and its own
 *   teacher does not (403 `attendance.substituted`, or `attendance.on_leave` on approved leave);
 * - `studentInScope`: staff 404 `not_found` / 403 (the school check) / a student naming another:
 *   403 `own_records_only`; a guardian naming a student not linked to them: 403 `not_your_child`;
 * - `guardianInScope` (school admins): 404 `not_found` / 404 `not_found`, the same answer;
 * - `teacherInScope` (whose routine): 404 `not_found` / 403 (the school check) / a teacher naming a
 *   colleague: 403 `forbidden`;
 * - `teacherRowInScope` (homework, online classes, activities, notices, exams, routine entries): the
 *   row is the route's to find (404) / 403 (the school check) / another teacher's: 403 with the
 *   route's own code (`homework.not_own`, `eschool.not_own`, `activity.not_in_charge`,
 *   `notices.not_own`, `exams.not_yours`); `examInScope` is it for an exam's marks;
 * - `resultsStudentInScope` (mark and grade sheets, by student code): 404 `not_found` (no such code
 *   in the school, or not enrolled that session) / a student or guardian: `studentOfCaller`'s
 *   refusals, and 403 `exams.not_published` before the session's results are published / a teacher:
 *   `sectionInScope`'s `results` reach;
 * - `mayReadPayment` (an online payment, a receipt): the school's admin reads their school's, a
 *   student or guardian those `mayPayFor` allows (services/online-payments.ts); the route answers
 *   anything else as unknown (404).
 *
 * The schools and the routine's shortcut:
 * - `schoolOrEverySchool`: null for the super admin naming no school (opening a session, which
 *   every school shares), else the school check's answer;
 * - `schoolsListed`: the schools a school list shows (every one for the super admin, a viewer's
 *   linked ones, the caller's own); `viewerInScope`: whose linked schools (a viewer's own: 403
 *   `forbidden` for another's);
 * - `knownTeacher`: the teacher of a routine read taken without a query where the answer cannot
 *   differ (a teacher's cached record, an admin's named teacher assumed of their school), ahead
 *   of `teacherInScope`.
 *
 * Another school's row: the school check's 403 (tenant.ts: "That school is not yours.", or a
 * viewer's "not linked", a guardian's "none of your children"), which the route-guard test asks
 * of every tenant-scoped route; it says no more than that the id is not the caller's. A guardian
 * is told `not_your_child` for any student not linked to them, whether or not it exists, and an
 * admin naming a guardian by id `not_found` for one not linked to their school, whether or not it
 * exists: neither learns of other schools' rows. A student naming another student, existing or
 * not, is told `own_records_only`.
 *
 * Where routes answered one rule differently before it had one home, the stricter answer stayed:
 * a teacher naming a section when the school has no current session is refused (one route
 * answered an empty list); a student naming a student id that does not exist is 403 (one route
 * answered 404); a guardian naming a school other than the child's is refused (two lists ignored
 * it); an account of the teacher type without a teacher record is refused every teacher's read
 * (the activity list answered it).
 *
 * Table-driven tests: tests/server/scope.test.ts (each rule through the routes that use it) and
 * tests/server/scope-rules.test.ts (the layers below, called directly).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { USER_TYPES } from '@/api/permissions';
import type { SectionRecord, MemberRecord } from '../cache/hot-cache';
import { studentOfUser, teacherOfUser } from '../cache/members';
import type { Db, DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import { enrolments, guardians, guardianStudents, schoolAdmins, students, teachers } from '../db/schema';
import { EXAM_CODES } from '@/api/schemas/exams';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { findRoutine, type RoutineRef } from '../services/attendance';
import { examById, publicationOf, teacherTeaches } from '../services/exams';
import { mayPayFor } from '../services/online-payments';
import { schoolClock, sessionIdForDate } from '../services/school-time';
import { onLeaveOn } from '../services/staff';
import { substituteOf } from '../services/substitutions';
import { linkedChild, type ChildRecord } from './child';
import { authOf } from './guard';
import { sectionsTaughtBy, teacherReach, teachesOrExaminesSection, teachesSection, teachesStudent } from './reach';
import { schoolOf, schoolsInView, sectionOf } from './tenant';

const dbOf = (req: FastifyRequest): Db => req.server.db;
const isTeacher = (req: FastifyRequest) => authOf(req).userType === USER_TYPES.teacher;
const isSchoolAdmin = (req: FastifyRequest) => authOf(req).userType === USER_TYPES.schoolAdmin;

// ---------------------------------------------------------------- refusals

/** An account acting as a teacher without a teacher record (or not a teacher at all). */
export const noTeacherRecord = () => new ApiError(403, 'no_teacher_record', 'Your account has no teacher record.');
/** An account acting as a student without a student record (or not a student at all). */
export const noStudentRecord = () => new ApiError(403, 'no_student_record', 'Your account has no student record.');
/** A student naming another student. */
export const ownRecordsOnly = () => new ApiError(403, 'own_records_only', 'You may only see your own records.');
/** A guardian naming a student not linked to them. */
export const notYourChild = () => new ApiError(403, 'not_your_child', 'That student is not linked to your account.');
/** A teacher naming a section they do not teach in the session concerned. */
export const notYourSection = () => new ApiError(403, 'not_your_section', 'You do not teach that section.');
/** A teacher naming another teacher's routine entry (class). */
export const anotherTeachersClass = () =>
  new ApiError(403, 'attendance.another_teachers_class', 'That class is another teacher’s.');

// ---------------------------------------------------------------- the caller's own records

/** The caller's teacher record (cached per process, server/cache/members.ts); 403 `no_teacher_record` without one. */
export async function callerTeacher(req: FastifyRequest): Promise<MemberRecord> {
  const me = await teacherOfUser(dbOf(req), authOf(req).userId);
  if (!me) throw noTeacherRecord();
  return me;
}

/** The caller's student record (cached per process); 403 `no_student_record` without one. */
export async function callerStudent(req: FastifyRequest): Promise<MemberRecord> {
  const me = await studentOfUser(dbOf(req), authOf(req).userId);
  if (!me) throw noStudentRecord();
  return me;
}

/** A guardian's linked children with each child's school, by student id; none for any other account. */
export async function callerChildren(req: FastifyRequest): Promise<ChildRecord[]> {
  return dbOf(req)
    .select({ id: guardianStudents.studentId, schoolId: guardianStudents.schoolId })
    .from(guardianStudents)
    .innerJoin(guardians, eq(guardians.id, guardianStudents.guardianId))
    .where(eq(guardians.userId, authOf(req).userId))
    .orderBy(guardianStudents.studentId);
}

/**
 * The student a student's or guardian's call is about, or null for any other caller (staff and
 * viewers reach students through their school: `studentInScope`).
 * - a student: their own record (403 `no_student_record` without one); naming another student is
 *   403 `own_records_only`;
 * - a guardian: the named child (`requested`), which must be linked to them: none named is 400
 *   `student_id`, any other student is 403 `not_your_child`.
 */
export async function studentOfCaller(req: FastifyRequest, requested?: number | null): Promise<ChildRecord | null> {
  const { userType, userId } = authOf(req);
  if (userType === USER_TYPES.student) {
    const own = await callerStudent(req);
    if (requested && requested !== own.id) throw ownRecordsOnly();
    return own;
  }
  if (userType === USER_TYPES.guardian) {
    if (!requested) throw badRequest('student_id', 'Choose one of your children.');
    const child = await linkedChild(dbOf(req), userId, requested);
    if (!child) throw notYourChild();
    return child;
  }
  return null;
}

/**
 * The school of a call that may be about a student (`own`, studentOfCaller's answer): that
 * student's school, which a school_info_id in the request may not contradict (403, as the school
 * check answers a student naming another school); for staff and viewers, the school they may see
 * and name (tenant.ts).
 */
export async function schoolOfCall(
  req: FastifyRequest,
  own: ChildRecord | null,
  requested?: number | null,
): Promise<number> {
  if (!own) return schoolOf(req, requested);
  if (requested && requested !== own.schoolId) throw forbidden('That school is not yours.');
  return own.schoolId;
}

/**
 * The teacher whose rows a call is narrowed to: the caller's own record when the caller is a
 * teacher (403 `no_teacher_record` without one), null for everyone else, who reach their school's.
 */
export async function narrowedToTeacher(req: FastifyRequest): Promise<MemberRecord | null> {
  return isTeacher(req) ? callerTeacher(req) : null;
}

/**
 * The caller's own profile id, as /api/users/user_id answers it: a teacher's teacher id, a school
 * admin's admin id, null for anyone else (the old client's `uid`, checked against it).
 */
export async function callerProfileId(req: FastifyRequest): Promise<number | null> {
  const { userType, userId } = authOf(req);
  if (userType === USER_TYPES.teacher) return (await teacherOfUser(dbOf(req), userId))?.id ?? null;
  if (userType === USER_TYPES.schoolAdmin) {
    const [a] = await dbOf(req)
      .select({ id: schoolAdmins.id })
      .from(schoolAdmins)
      .where(eq(schoolAdmins.userId, userId));
    return a?.id ?? null;
  }
  return null;
}

/**
 * The student whose notices a call reads: a guardian's named linked child (`studentOfCaller`);
 * anyone else's own student record, refused with the notice screens' own codes (which their
 * tests pin): none is 403 `notices.no_student_record`, naming another student 403
 * `notices.other_student`.
 */
export async function noticeReader(req: FastifyRequest, requested?: number): Promise<ChildRecord> {
  const auth = authOf(req);
  if (auth.userType === USER_TYPES.guardian) return (await studentOfCaller(req, requested))!;
  const me = await studentOfUser(dbOf(req), auth.userId);
  if (!me) throw new ApiError(403, 'notices.no_student_record', 'Your account has no student record.');
  if (requested && requested !== me.id) {
    throw new ApiError(403, 'notices.other_student', 'Those are another student’s notices.');
  }
  return me;
}

// ---------------------------------------------------------------- sections

/** What a section's reach is judged on. */
export interface SectionAsk {
  /** The request's school_info_id, if it names one: it must be the section's school (tenant.ts). */
  schoolInfoId?: number | null;
  /**
   * The session whose routine decides a teacher's reach. Undefined: the session of `date`, else
   * of the school's today. Null: there is none, and a teacher reaches no section.
   */
  sessionId?: number | null;
  /** The day the call is about (YYYY-MM-DD), when `sessionId` is not given. */
  date?: string;
  /**
   * `teaching` (the default): a routine row of the teacher's with the section in the session.
   * `results` (mark and grade sheets): the teacher teaches the section, or an exam of it names
   * them, in the session; or, for an earlier session's results, they do so in the current
   * session, with the section the named `studentId` is in now (else the same section).
   */
  reach?: 'teaching' | 'results';
  /** With `results`: the student whose sheet is asked for. */
  studentId?: number;
  /**
   * The routine entry the call reaches the section through, as `routineInScope` answered it: a
   * substitute that day reaches its section for that period (docs/DOMAIN.md, "Staff attendance,
   * leave and substitutes") though they do not teach it.
   */
  through?: RoutineInScope;
}

/**
 * A section the caller may work with: it exists (404), its school is the caller's to see (403,
 * tenant.ts), and a teacher teaches it (403 `not_your_section`). School admins, viewers,
 * students and guardians reach any section of a school they may see.
 */
export async function sectionInScope(
  req: FastifyRequest,
  sectionId: number,
  ask: SectionAsk = {},
): Promise<SectionRecord> {
  const section = await sectionOf(req, sectionId, ask.schoolInfoId);
  if (!isTeacher(req)) return section;
  if (ask.through?.bySubstitute && ask.through.sectionId === section.id) return section;
  const db = dbOf(req);
  const { userId } = authOf(req);
  const sessionId =
    ask.sessionId !== undefined
      ? ask.sessionId
      : await sessionIdForDate(db, ask.date ?? (await schoolClock(db, section.schoolId)).today);
  const reached =
    sessionId !== null &&
    (ask.reach === 'results'
      ? await reachesResults(db, userId, section, sessionId, ask.studentId)
      : await teachesSection(db, userId, section.id, sessionId));
  if (!reached) throw notYourSection();
  return section;
}

/** The `results` reach of SectionAsk: the session asked about, else (an earlier one's) the current one. */
async function reachesResults(
  db: DbOrTx,
  userId: number,
  section: SectionRecord,
  sessionId: number,
  studentId: number | undefined,
): Promise<boolean> {
  if (await teachesOrExaminesSection(db, userId, section.id, sessionId)) return true;
  const current = await sessionIdForDate(db, (await schoolClock(db, section.schoolId)).today);
  if (!current || current === sessionId) return false;
  let sectionNow = section.id;
  if (studentId !== undefined) {
    const [now] = await db
      .select({ sectionId: enrolments.sectionId })
      .from(enrolments)
      .where(and(eq(enrolments.studentId, studentId), eq(enrolments.sessionId, current)));
    if (!now) return false;
    sectionNow = now.sectionId;
  }
  return teachesOrExaminesSection(db, userId, sectionNow, current);
}

/**
 * The sections a list of the session is narrowed to: a teacher's taught sections (a subquery of
 * section ids, reach.ts), or null for everyone else (the school's, already held to by the school
 * check).
 */
export function sectionsInReach(req: FastifyRequest, sessionId: number): ReturnType<typeof sectionsTaughtBy> | null {
  return isTeacher(req) ? sectionsTaughtBy(dbOf(req), authOf(req).userId, sessionId) : null;
}

/**
 * Every (session, class, section) a teacher caller teaches, in any session (reach.ts), or null for
 * everyone else, who reach their whole school.
 */
export async function callerReach(req: FastifyRequest) {
  return isTeacher(req) ? teacherReach(dbOf(req), authOf(req).userId) : null;
}

// ---------------------------------------------------------------- routines

/** A routine entry as `routineInScope` answered it: `bySubstitute` when the caller is that day's substitute. */
export type RoutineInScope = RoutineRef & { bySubstitute?: boolean };

/** The routine's own teacher on approved leave that day. */
export const onLeaveThatDay = () =>
  new ApiError(403, 'attendance.on_leave', 'You are on leave that day: this class is not yours to take.');
/** The routine's own teacher when a substitute takes the class that day. */
export const substitutedThatDay = () =>
  new ApiError(403, 'attendance.substituted', 'A substitute takes this class that day.');

/**
 * Whether a teacher takes a routine entry's attendance (docs/DOMAIN.md, "Staff attendance, leave
 * and substitutes"): without a date, their own entries; on a date, the substitute assigned for that
 * date, else the entry's own teacher unless on approved leave that day (403 `attendance.on_leave`);
 * the own teacher of a substituted period is told `attendance.substituted`.
 */
async function takesRoutine(db: DbOrTx, me: MemberRecord, routine: RoutineRef, date: string | undefined) {
  if (date === undefined) return me.id === routine.teacherId;
  const sub = await substituteOf(db, routine.id, date);
  if (sub) {
    if (sub.teacherId === me.id) return true;
    if (me.id === routine.teacherId) throw substitutedThatDay();
    return false;
  }
  if (me.id !== routine.teacherId) return false;
  if (await onLeaveOn(db, me.id, date)) throw onLeaveThatDay();
  return true;
}

/**
 * A routine entry (a class: section, subject, period, day) the caller may work with: it exists
 * (404), its school is the caller's to see (403), and a teacher's own (403
 * `attendance.another_teachers_class`); a school admin works on any of the school's. With `on` (a
 * call about the class on a date: taking its attendance, its absentees, its messages; the date
 * defaulting to the school's today), a teacher takes it as `takesRoutine` says: its substitute
 * that day, not its own teacher then.
 */
export async function routineInScope(
  req: FastifyRequest,
  routineId: number,
  on?: { date?: string },
): Promise<RoutineInScope> {
  const db = dbOf(req);
  const routine = await findRoutine(db, routineId);
  if (!routine) throw notFound('Routine');
  let bySubstitute = false;
  await teacherRowInScope(
    req,
    routine.schoolId,
    async (me) => {
      const date = on ? (on.date ?? (await schoolClock(db, routine.schoolId)).today) : undefined;
      const takes = await takesRoutine(db, me, routine, date);
      bySubstitute = takes && me.id !== routine.teacherId;
      return takes;
    },
    anotherTeachersClass,
  );
  return bySubstitute ? { ...routine, bySubstitute } : routine;
}

// ---------------------------------------------------------------- teachers

/**
 * The teacher record a teacher-scoped call is about (a teacher's week or day of the routine): a
 * teacher only themself, named or not (naming a colleague is 403); the school admin and viewers
 * any teacher of a school they may see, which they must name (400 `teacher_id`). An unknown id
 * is 404, another school's teacher the school check's 403.
 */
export async function teacherInScope(req: FastifyRequest, teacherId: number | undefined) {
  const db = dbOf(req);
  const auth = authOf(req);
  let row: { id: number; schoolId: number; userId: number } | undefined;
  if (teacherId) {
    [row] = await db
      .select({ id: teachers.id, schoolId: teachers.schoolId, userId: teachers.userId })
      .from(teachers)
      .where(eq(teachers.id, teacherId));
  } else if (isTeacher(req)) {
    [row] = await db
      .select({ id: teachers.id, schoolId: teachers.schoolId, userId: teachers.userId })
      .from(teachers)
      .where(eq(teachers.userId, auth.userId));
  } else {
    throw badRequest('teacher_id', 'Choose a teacher.');
  }
  if (!row) throw notFound('Teacher');
  await schoolOf(req, row.schoolId);
  if (isTeacher(req) && row.userId !== auth.userId) throw forbidden('That is another teacher’s routine.');
  return row;
}

// ---------------------------------------------------------------- students

const studentStatement = preparedFor((db: Db) =>
  db
    .select({ id: students.id, schoolId: students.schoolId })
    .from(students)
    .where(eq(students.id, sql.placeholder('studentId')))
    .prepare('scope_student_by_id'),
);

/**
 * The student a call names, for any caller: a student's own record or a guardian's linked child
 * (`studentOfCaller`, with its refusals); for staff and viewers, a student of a school they may
 * see: none named is 400 `student_id`, an unknown id 404, another school's 403 (tenant.ts).
 * A teacher reaches the card of any student of the school; what only their own pupils' teachers
 * may see (contact details) is `reachesStudent`'s to say.
 */
export async function studentInScope(req: FastifyRequest, requested?: number | null): Promise<ChildRecord> {
  const own = await studentOfCaller(req, requested);
  if (own) return own;
  if (!requested) throw badRequest('student_id', 'Choose a student.');
  const [row] = await studentStatement(dbOf(req)).execute({ studentId: requested });
  if (!row) throw notFound('Student');
  await schoolOf(req, row.schoolId);
  return row;
}

/**
 * Whether a student the caller may see is within their teaching reach in the session: always for
 * school admins and viewers; for a teacher, a student of a section they teach (reach.ts), never
 * without a session.
 */
export async function reachesStudent(req: FastifyRequest, studentId: number, sessionId: number | null) {
  if (!isTeacher(req)) return true;
  return sessionId !== null && teachesStudent(dbOf(req), authOf(req).userId, studentId, sessionId);
}

/**
 * The child a student's read names in its file links: a guardian's links carry the child's id
 * (`studentId`), which the file route checks against the guardian's links (homework's
 * attachments); null for a student (their own) and for staff, whose links name no one.
 */
export function childOfLinks(req: FastifyRequest, studentId: number): number | null {
  return authOf(req).userType === USER_TYPES.guardian ? studentId : null;
}

// ---------------------------------------------------------------- guardians

/**
 * A guardian a school admin names by id: one linked to a student of the admin's school (a
 * sibling's guardian). Any other id, another school's guardian or none at all, is the same 404,
 * so that ids say nothing of other schools (a parent known elsewhere is matched by phone instead,
 * services/guardians.ts). `db` is the transaction the caller works in, if any.
 */
export async function guardianInScope(
  req: FastifyRequest,
  guardianId: number,
  db: DbOrTx = dbOf(req),
): Promise<{ id: number; userId: number }> {
  const schoolId = await schoolOf(req);
  const [row] = await db
    .select({ id: guardians.id, userId: guardians.userId })
    .from(guardianStudents)
    .innerJoin(guardians, eq(guardians.id, guardianStudents.guardianId))
    .where(and(eq(guardianStudents.guardianId, guardianId), eq(guardianStudents.schoolId, schoolId)))
    .limit(1);
  if (!row) throw notFound('Guardian');
  return row;
}

// ---------------------------------------------------------------- a teacher's own rows

/**
 * A row of a school that belongs to a teacher (a routine entry, homework, an online class, an
 * activity in their charge, an exam they mark): the caller must see the school (403, tenant.ts),
 * and a teacher must be the row's (`owns`), else `notOwn()`: each kind of row keeps its own code.
 * School admins and viewers reach every such row of their school.
 */
export async function teacherRowInScope(
  req: FastifyRequest,
  schoolId: number,
  owns: (me: MemberRecord) => boolean | Promise<boolean>,
  notOwn: () => ApiError,
): Promise<void> {
  await schoolOf(req, schoolId);
  if (!isTeacher(req)) return;
  if (!(await owns(await callerTeacher(req)))) throw notOwn();
}

// ---------------------------------------------------------------- exams and results

/**
 * An exam the caller may enter marks for: 404 unknown, 403 another school or, for a teacher, not
 * theirs (403 `exams.not_yours`: they teach its subject to its section, or the exam names them).
 */
export async function examInScope(req: FastifyRequest, examId: number) {
  const db = dbOf(req);
  const exam = await examById(db, examId);
  if (!exam) throw notFound('Exam');
  await teacherRowInScope(
    req,
    exam.school_id,
    (me) => teacherTeaches(db, me.id, exam),
    () => new ApiError(403, EXAM_CODES.notYours, 'You do not teach this subject to this section.'),
  );
  return exam;
}

/**
 * The student a mark or grade sheet is about, and the caller's right to see it: a student only
 * themself and a guardian a linked child, and only published results; a teacher students of a
 * section they teach or examine that session (or, for an earlier session, now); the admin their
 * school's; a viewer a linked school's (naming it). Unknown code: 404.
 */
/** A school's student by code, with their enrolment of a session (null: none): every grade sheet asks. */
const studentByCodeStatement = preparedFor((db) =>
  db
    .select({
      studentId: students.id,
      userId: students.userId,
      enrolmentId: enrolments.id,
      sectionId: enrolments.sectionId,
    })
    .from(students)
    .leftJoin(
      enrolments,
      and(eq(enrolments.studentId, students.id), eq(enrolments.sessionId, sql.placeholder('sessionId'))),
    )
    .where(and(eq(students.schoolId, sql.placeholder('schoolId')), eq(students.studentCode, sql.placeholder('code'))))
    .prepare('scope_results_student_by_code'),
);

export async function resultsStudentInScope(
  req: FastifyRequest,
  q: { student_code: string; session_id: number; school_info_id?: number },
) {
  const db = dbOf(req);
  const schoolId = await schoolOf(req, q.school_info_id);
  const [row] = await studentByCodeStatement(db).execute({
    schoolId,
    code: q.student_code,
    sessionId: q.session_id,
  });
  if (!row) throw notFound('Student');
  // A student's or guardian's call: their own record or a linked child's (null for staff, whom
  // the school above holds), and only once published.
  const own = await studentOfCaller(req, row.studentId);
  if (row.enrolmentId === null || row.sectionId === null) throw notFound('Enrolment in that session');
  await sectionInScope(req, row.sectionId, { sessionId: q.session_id, reach: 'results', studentId: row.studentId });
  const publication = await publicationOf(db, schoolId, q.session_id);
  if (own && !publication.published)
    throw new ApiError(403, EXAM_CODES.notPublished, 'The results of this session are not published yet.');
  return { ...row, enrolmentId: row.enrolmentId, sectionId: row.sectionId, schoolId, publication };
}

// ---------------------------------------------------------------- payments

/**
 * Whether the caller may read a payment of a student of a school (an online payment's record, a
 * ledger entry's receipt): the school's admin by the school (tenant.ts), anyone else as
 * services/online-payments.ts `mayPayFor` says (the student, a linked guardian). The routes answer
 * a refusal as they answer an unknown row, so it says nothing of others' payments.
 */
export async function mayReadPayment(req: FastifyRequest, schoolId: number, studentId: number): Promise<boolean> {
  if (isSchoolAdmin(req)) return (await schoolOf(req)) === schoolId;
  return mayPayFor(dbOf(req), authOf(req), studentId);
}

// ---------------------------------------------------------------- schools

/**
 * The school a call acts for when the super admin may act for every school at once (opening an
 * academic session, which all schools share): null for the super admin naming no school; for
 * anyone else, and the super admin naming one, the school check's answer (tenant.ts).
 */
export async function schoolOrEverySchool(req: FastifyRequest, requested?: number | null): Promise<number | null> {
  if (authOf(req).userType === USER_TYPES.superAdmin && !requested) return null;
  return schoolOf(req, requested);
}

/**
 * The schools a school list shows the caller (tenant.ts `schoolsInView`): 'all' for the super
 * admin, a viewer's linked schools, else the caller's own school (none without one).
 */
export async function schoolsListed(req: FastifyRequest): Promise<number[] | 'all'> {
  return schoolsInView(dbOf(req), req);
}

/**
 * The viewer whose linked schools a call reads: a viewer only their own (naming another is 403
 * `forbidden`), the super admin any viewer, named by user id (else their own, which has none).
 */
export function viewerInScope(req: FastifyRequest, viewerUserId: number | undefined): number {
  const auth = authOf(req);
  const viewerId = viewerUserId ?? auth.userId;
  if (auth.userType === USER_TYPES.viewer && viewerId !== auth.userId) throw forbidden();
  return viewerId;
}

/**
 * The teacher of a teacher-scoped routine read, without a query where it can be: a teacher asking
 * about themself (the cached record, `certain`), or a school admin naming a teacher (assumed of the
 * admin's school: the read is limited to that school, and only an empty answer asks
 * `teacherInScope` why). Undefined: resolve with `teacherInScope`, which decides; this only spares
 * the hot read a query when the answer cannot differ.
 */
export async function knownTeacher(
  req: FastifyRequest,
  teacherId: number | undefined,
): Promise<{ id: number; schoolId: number; certain: boolean } | undefined> {
  const auth = authOf(req);
  if (auth.userType === USER_TYPES.teacher) {
    const own = await teacherOfUser(dbOf(req), auth.userId);
    if (own && (!teacherId || teacherId === own.id) && own.schoolId === auth.schoolId) {
      return { id: own.id, schoolId: own.schoolId, certain: true };
    }
    return undefined;
  }
  if (teacherId && auth.userType === USER_TYPES.schoolAdmin && auth.schoolId != null) {
    return { id: teacherId, schoolId: auth.schoolId, certain: false };
  }
  return undefined;
}

// ---------------------------------------------------------------- profile photos

/**
 * Whose profile photo the caller may see (docs/DOMAIN.md, "Profiles"): their own; a teacher or
 * school admin, anyone's of their own school (another school's is the school check's 403); a
 * guardian, a linked child's (403 `not_your_child`). Anyone else's is 403 `own_records_only`.
 */
export async function photoOwnerInScope(
  req: FastifyRequest,
  owner: { userId: number; schoolId: number | null; studentId: number | null },
): Promise<void> {
  const { userId, userType } = authOf(req);
  if (owner.userId === userId) return;
  if (userType === USER_TYPES.guardian) {
    if (owner.studentId === null) throw ownRecordsOnly();
    await studentOfCaller(req, owner.studentId);
    return;
  }
  if (userType !== USER_TYPES.teacher && userType !== USER_TYPES.schoolAdmin) throw ownRecordsOnly();
  if (owner.schoolId === null) throw ownRecordsOnly();
  await schoolOf(req, owner.schoolId);
}
