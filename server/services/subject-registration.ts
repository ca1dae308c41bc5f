/**
 * Subject registration: which subjects each student takes in a session, and their 4th
 * (optional) subject. One table, `subject_registrations`, holds both (its `fourth` flag); the
 * database refuses a subject that is both compulsory and the 4th for a student and a second 4th
 * subject, and the checks here say so first, naming the subject, before anything is written.
 *
 * A save is one transaction: every chosen student gets every chosen subject (and the 4th), or
 * nothing is written. The students' existing registrations are locked first, so two saves for
 * the same students run one after the other and the second sees the first's rows.
 */
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SUBJECT_REGISTRATION_CODES as CODES,
  SUBJECT_REGISTRATION_MESSAGES as MESSAGES,
  SUBJECT_REGISTRATION_SUCCESS_CODES as SUCCESS,
  type RegistrationListQuery,
  type saveSubjectRegistrationBody,
  type searchSubjectsQuery,
} from '@/api/schemas/subject-registration';
import type { DbOrTx } from '../db/client';
import {
  academicSessions,
  classes,
  enrolments,
  sections,
  studentGroups,
  students,
  subjectRegistrations,
  subjects,
} from '../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { sessionNamedOrCurrent } from './school-time';
import type { ErrorCode } from '../error-codes';
import { pgErrorOf } from '../db/pg-error';
import { studentFullName } from './names';

/**
 * A refusal naming its field; `names` (subject, student) let the client word it in its own
 * language with the same particulars.
 */
const fail = (status: number, code: ErrorCode, message: string, field: string, names: Record<string, string> = {}) =>
  new ApiError(status, code, message, { [field]: message, ...names });

export interface SaveInput {
  schoolId: number;
  sessionId: number;
  userId: number;
  studentIds: number[];
  subjectIds: number[];
  fourthIds: number[];
  /** Edit: the chosen students' registrations become exactly the chosen ones. */
  replace: boolean;
}

interface Enrolled {
  enrolmentId: number;
  studentId: number;
  studentCode: string;
  classId: number;
  groupId: number | null;
}

interface SubjectInfo {
  id: number;
  name: string;
  classId: number;
  groupId: number | null;
  optional: boolean;
}

/** Checks and writes a save; returns how many rows were written and how many were already there. */
export async function saveRegistrations(db: DbOrTx, input: SaveInput): Promise<{ saved: number; unchanged: number }> {
  const { schoolId, sessionId, studentIds, subjectIds, fourthIds, replace } = input;
  if (studentIds.length === 0) throw fail(400, CODES.nothingChosen, 'Choose at least one student.', 'studentChecked');
  if (!replace && subjectIds.length === 0 && fourthIds.length === 0)
    throw fail(400, CODES.nothingChosen, 'Choose at least one subject or a 4th subject.', 'subjectChecked');
  if (fourthIds.length > 1)
    throw fail(400, CODES.oneFourth, 'A student has at most one 4th subject in a session.', 'forthChecked');

  const allSubjectIds = [...new Set([...subjectIds, ...fourthIds])];
  const subjectRows: SubjectInfo[] = allSubjectIds.length
    ? await db
        .select({
          id: subjects.id,
          name: subjects.subjectName,
          classId: subjects.classId,
          groupId: subjects.groupId,
          optional: subjects.optional,
        })
        .from(subjects)
        .where(inArray(subjects.id, allSubjectIds))
    : [];
  const subjectOf = new Map(subjectRows.map((s) => [s.id, s]));
  const missing = allSubjectIds.find((id) => !subjectOf.has(id));
  if (missing) throw fail(400, 'invalid_input', `Subject ${missing} does not exist.`, 'subjectChecked');

  const fourth = fourthIds.length ? subjectOf.get(fourthIds[0])! : null;
  if (fourth && subjectIds.includes(fourth.id))
    throw fail(
      400,
      CODES.fourthIsCompulsory,
      `${fourth.name} is chosen as a compulsory subject, so it cannot also be the 4th subject.`,
      'forthChecked',
      { subject: fourth.name },
    );
  if (fourth && !fourth.optional)
    throw fail(400, CODES.notOptional, `${fourth.name} cannot be taken as a 4th subject.`, 'forthChecked', {
      subject: fourth.name,
    });

  const enrolled: Enrolled[] = await db
    .select({
      enrolmentId: enrolments.id,
      studentId: enrolments.studentId,
      studentCode: students.studentCode,
      classId: enrolments.classId,
      groupId: enrolments.groupId,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(
      and(
        eq(enrolments.schoolId, schoolId),
        eq(enrolments.sessionId, sessionId),
        inArray(enrolments.studentId, studentIds),
      ),
    );
  if (enrolled.length !== studentIds.length) {
    const found = new Set(enrolled.map((e) => e.studentId));
    const absent = studentIds.filter((id) => !found.has(id));
    throw fail(
      400,
      CODES.notEnrolled,
      `Student ${absent.join(', ')} is not enrolled in this school in that session.`,
      'studentChecked',
    );
  }
  for (const e of enrolled)
    for (const s of subjectRows) {
      if (s.classId !== e.classId)
        throw fail(
          400,
          CODES.wrongClass,
          `${s.name} is not a subject of the class of student ${e.studentCode}.`,
          'subjectChecked',
          { subject: s.name, student: e.studentCode },
        );
      if (s.groupId !== null && s.groupId !== e.groupId)
        throw fail(
          400,
          CODES.wrongGroup,
          `${s.name} is not a subject of the group of student ${e.studentCode}.`,
          'subjectChecked',
          { subject: s.name, student: e.studentCode },
        );
    }

  const enrolmentIds = enrolled.map((e) => e.enrolmentId);
  return db
    .transaction(async (tx) => {
      // Lock the students' enrolments (not only their rows, which may not exist yet): concurrent
      // saves for the same students queue here instead of racing past the checks below.
      await tx
        .select({ id: enrolments.id })
        .from(enrolments)
        .where(inArray(enrolments.id, enrolmentIds))
        .orderBy(asc(enrolments.id))
        .for('update');
      const existing = await tx
        .select({
          id: subjectRegistrations.id,
          enrolmentId: subjectRegistrations.enrolmentId,
          subjectId: subjectRegistrations.subjectId,
          fourth: subjectRegistrations.fourth,
        })
        .from(subjectRegistrations)
        .where(inArray(subjectRegistrations.enrolmentId, enrolmentIds));

      const wanted = enrolled.flatMap((e) => [
        ...subjectIds.map((subjectId) => ({ e, subjectId, fourth: false })),
        ...(fourth ? [{ e, subjectId: fourth.id, fourth: true }] : []),
      ]);
      if (replace) {
        if (existing.length)
          await tx.delete(subjectRegistrations).where(inArray(subjectRegistrations.enrolmentId, enrolmentIds));
      } else {
        const has = new Map(existing.map((r) => [`${r.enrolmentId}|${r.subjectId}`, r]));
        const fourthOf = new Map(existing.filter((r) => r.fourth).map((r) => [r.enrolmentId, r.subjectId]));
        for (const w of wanted) {
          const prior = has.get(`${w.e.enrolmentId}|${w.subjectId}`);
          const name = subjectOf.get(w.subjectId)!.name;
          if (prior && prior.fourth !== w.fourth)
            throw fail(
              400,
              CODES.fourthIsCompulsory,
              w.fourth
                ? `${name} is a compulsory subject of student ${w.e.studentCode}, so it cannot also be their 4th subject.`
                : `${name} is the 4th subject of student ${w.e.studentCode}, so it cannot also be compulsory.`,
              w.fourth ? 'forthChecked' : 'subjectChecked',
              { subject: name, student: w.e.studentCode },
            );
          const otherFourth = w.fourth ? fourthOf.get(w.e.enrolmentId) : undefined;
          if (otherFourth !== undefined && otherFourth !== w.subjectId) {
            const held = await tx
              .select({ name: subjects.subjectName })
              .from(subjects)
              .where(eq(subjects.id, otherFourth));
            throw fail(
              409,
              CODES.fourthTaken,
              `Student ${w.e.studentCode} already has ${held[0]?.name ?? 'a'} 4th subject in this session: delete it first.`,
              'forthChecked',
              { subject: held[0]?.name ?? '', student: w.e.studentCode },
            );
          }
        }
      }
      const rows = wanted.map((w) => ({
        schoolId,
        enrolmentId: w.e.enrolmentId,
        classId: w.e.classId,
        subjectId: w.subjectId,
        fourth: w.fourth,
        createdByUserId: input.userId,
      }));
      const inserted = rows.length
        ? await tx
            .insert(subjectRegistrations)
            .values(rows)
            .onConflictDoNothing({
              target: [subjectRegistrations.enrolmentId, subjectRegistrations.subjectId, subjectRegistrations.schoolId],
            })
            .returning({ id: subjectRegistrations.id })
        : [];
      return { saved: inserted.length, unchanged: rows.length - inserted.length };
    })
    .catch((err: unknown) => {
      const pg = pgErrorOf(err);
      if (pg?.code === '23505' && pg.constraint === 'subject_registrations_one_fourth_uq')
        throw fail(
          409,
          CODES.fourthTaken,
          'A chosen student already has a 4th subject in this session.',
          'forthChecked',
        );
      throw err;
    });
}

/** A school's registrations (compulsory or 4th) under the lists' filters. */
function registrationWhere(schoolId: number, fourth: boolean, q: RegistrationListQuery): SQL[] {
  const where: SQL[] = [eq(subjectRegistrations.schoolId, schoolId), eq(subjectRegistrations.fourth, fourth)];
  if (q.student_id) where.push(eq(enrolments.studentId, q.student_id));
  if (q.session_id) where.push(eq(enrolments.sessionId, q.session_id));
  if (q.class_id) where.push(eq(enrolments.classId, q.class_id));
  if (q.section_id) where.push(eq(enrolments.sectionId, q.section_id));
  if (q.group_id) where.push(eq(enrolments.groupId, q.group_id));
  return where;
}

/** The registrations' list (compulsory or 4th) of a school, filtered and paged. */
export async function registrationPage(
  db: DbOrTx,
  schoolId: number,
  fourth: boolean,
  q: RegistrationListQuery & { limit: number; offset: number },
) {
  const where = registrationWhere(schoolId, fourth, q);
  const rows = await db
    .select({
      id: subjectRegistrations.id,
      session_id: enrolments.sessionId,
      session_year: academicSessions.sessionYear,
      class_name: classes.className,
      division_name: studentGroups.name,
      section_default_name: sections.sectionDefaultName,
      student_id: students.id,
      student_code: students.studentCode,
      full_name: studentFullName(),
      subject_id: subjects.id,
      subject_code: subjects.subjectCode,
      subject_name: subjects.subjectName,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(subjectRegistrations)
    .innerJoin(enrolments, eq(enrolments.id, subjectRegistrations.enrolmentId))
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(academicSessions, eq(academicSessions.id, enrolments.sessionId))
    .innerJoin(classes, eq(classes.id, enrolments.classId))
    .innerJoin(sections, eq(sections.id, enrolments.sectionId))
    .leftJoin(studentGroups, eq(studentGroups.id, enrolments.groupId))
    .innerJoin(subjects, eq(subjects.id, subjectRegistrations.subjectId))
    .where(and(...where))
    .orderBy(
      sql`${academicSessions.sessionYear} desc`,
      asc(classes.sortOrder),
      asc(sections.sectionDefaultName),
      asc(enrolments.classRollNo),
      asc(subjects.subjectCode),
      asc(subjectRegistrations.id),
    )
    .limit(q.limit)
    .offset(q.offset);
  return {
    rows: rows.map(({ total: _t, ...r }) => r),
    total: rows[0]?.total ?? 0,
    limit: q.limit,
    offset: q.offset,
  };
}

/**
 * The details list by student (GET /api/subjectList/students): a page of the enrolments that have
 * registrations (not 4th subjects) under the filters, in the order of `registrationPage`, each
 * with its subjects in subject-code order; `total` counts students, not registrations.
 */
export async function registrationStudentsPage(
  db: DbOrTx,
  schoolId: number,
  q: RegistrationListQuery & { limit: number; offset: number },
) {
  const where = registrationWhere(schoolId, false, q);
  const rows = await db
    .select({
      session_id: enrolments.sessionId,
      session_year: academicSessions.sessionYear,
      class_name: classes.className,
      division_name: studentGroups.name,
      section_default_name: sections.sectionDefaultName,
      student_id: students.id,
      student_code: students.studentCode,
      full_name: studentFullName(),
      class_roll_no: enrolments.classRollNo,
      subjects: sql<
        { id: number; subject_id: number; subject_code: string; subject_name: string }[]
      >`json_agg(json_build_object('id', ${subjectRegistrations.id}, 'subject_id', ${subjects.id}, 'subject_code', ${subjects.subjectCode}, 'subject_name', ${subjects.subjectName}) order by ${subjects.subjectCode}, ${subjectRegistrations.id})`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(subjectRegistrations)
    .innerJoin(enrolments, eq(enrolments.id, subjectRegistrations.enrolmentId))
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(academicSessions, eq(academicSessions.id, enrolments.sessionId))
    .innerJoin(classes, eq(classes.id, enrolments.classId))
    .innerJoin(sections, eq(sections.id, enrolments.sectionId))
    .leftJoin(studentGroups, eq(studentGroups.id, enrolments.groupId))
    .innerJoin(subjects, eq(subjects.id, subjectRegistrations.subjectId))
    .where(and(...where))
    // Every key column of a table whose other columns are read (its primary key is (id, school_id)).
    .groupBy(
      enrolments.id,
      enrolments.schoolId,
      students.id,
      students.schoolId,
      academicSessions.id,
      classes.id,
      sections.id,
      sections.schoolId,
      studentGroups.id,
    )
    .orderBy(
      sql`${academicSessions.sessionYear} desc`,
      asc(classes.sortOrder),
      asc(sections.sectionDefaultName),
      asc(enrolments.classRollNo),
      asc(enrolments.id),
    )
    .limit(q.limit)
    .offset(q.offset);
  return {
    rows: rows.map(({ total: _t, ...r }) => r),
    total: rows[0]?.total ?? 0,
    limit: q.limit,
    offset: q.offset,
  };
}

/** A registration by id: its school and kind, for the deletes and the edit's check. */
export async function registrationById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: subjectRegistrations.id,
      schoolId: subjectRegistrations.schoolId,
      fourth: subjectRegistrations.fourth,
    })
    .from(subjectRegistrations)
    .where(eq(subjectRegistrations.id, id));
  return row ?? null;
}

/**
 * The registrations of a section's students in a session, for the grade sheet: per enrolment,
 * the subjects registered as compulsory and the 4th subject, if any.
 */
export async function sectionRegistrations(db: DbOrTx, sectionId: number, sessionId: number) {
  const rows = await db
    .select({
      enrolmentId: subjectRegistrations.enrolmentId,
      subjectId: subjectRegistrations.subjectId,
      fourth: subjectRegistrations.fourth,
    })
    .from(subjectRegistrations)
    .innerJoin(enrolments, eq(enrolments.id, subjectRegistrations.enrolmentId))
    .where(and(eq(enrolments.sectionId, sectionId), eq(enrolments.sessionId, sessionId)));
  const byEnrolment = new Map<number, { compulsory: Set<number>; fourth: number | null }>();
  for (const r of rows) {
    let e = byEnrolment.get(r.enrolmentId);
    if (!e) byEnrolment.set(r.enrolmentId, (e = { compulsory: new Set(), fourth: null }));
    if (r.fourth) e.fourth = r.subjectId;
    else e.compulsory.add(r.subjectId);
  }
  return byEnrolment;
}

// ---------------------------------------------------------------- the admin's calls

/**
 * GET /api/search/subjects: the subjects of a class (named, or the section's: a section of
 * another school is 403), common ones and the group's electives (every group's without one).
 */
export async function subjectsForRegistration(db: DbOrTx, schoolId: number, q: z.output<typeof searchSubjectsQuery>) {
  let classId = q.class_id;
  if (q.section_id) {
    const [section] = await db
      .select({ schoolId: sections.schoolId, classId: sections.classId })
      .from(sections)
      .where(eq(sections.id, q.section_id));
    if (!section) throw notFound('Section');
    if (section.schoolId !== schoolId) throw forbidden('That section is not in this school.');
    if (classId && classId !== section.classId) throw badRequest('section_id', 'is not a section of that class');
    classId = section.classId;
  }
  if (!classId) throw badRequest('class_id', 'Choose a class or a section.');
  if (q.session_id) await sessionNamedOrCurrent(db, schoolId, q.session_id);
  const where: SQL[] = [eq(subjects.classId, classId)];
  if (q.group_id) where.push(or(isNull(subjects.groupId), eq(subjects.groupId, q.group_id))!);
  return db
    .select({
      id: subjects.id,
      subject_name: subjects.subjectName,
      subject_code: subjects.subjectCode,
      class_id: subjects.classId,
      group_id: subjects.groupId,
      division_name: studentGroups.name,
      optional: subjects.optional,
    })
    .from(subjects)
    .leftJoin(studentGroups, eq(studentGroups.id, subjects.groupId))
    .where(and(...where))
    .orderBy(asc(subjects.optional), asc(subjects.subjectCode));
}

/**
 * POST /api/save/subjectRegistration: adds (no id) or, with the id of a registration of the school
 * (another school's is 403, none 404), replaces the chosen students' registrations.
 */
export async function saveSubjectRegistration(
  db: DbOrTx,
  schoolId: number,
  userId: number,
  b: z.output<typeof saveSubjectRegistrationBody>,
) {
  const sessionId = await sessionNamedOrCurrent(db, schoolId, b.session_id);
  if (b.id) {
    const row = await registrationById(db, b.id);
    if (!row) throw notFound('Subject registration');
    if (row.schoolId !== schoolId) throw forbidden('That registration is not in your school.');
  }
  const result = await saveRegistrations(db, {
    schoolId,
    sessionId,
    userId,
    studentIds: b.studentChecked,
    subjectIds: b.subjectChecked,
    fourthIds: b.forthChecked,
    replace: !!b.id,
  });
  const kind = b.id ? 'updated' : 'saved';
  return { ok: true as const, message: MESSAGES[kind], code: SUCCESS[kind], ...result };
}

/**
 * Delete one registration of the school and kind (`fourth`): another school's is 403, none (or
 * the other kind) 404.
 */
export async function deleteRegistration(db: DbOrTx, schoolId: number, id: number, fourth: boolean) {
  const row = await registrationById(db, id);
  if (!row || row.fourth !== fourth) throw notFound(fourth ? '4th subject registration' : 'Subject registration');
  if (row.schoolId !== schoolId) throw forbidden('That registration is not in your school.');
  await db.delete(subjectRegistrations).where(eq(subjectRegistrations.id, row.id));
  return fourth
    ? { ok: true as const, message: MESSAGES.fourthDeleted, code: SUCCESS.fourthDeleted }
    : { ok: true as const, message: MESSAGES.deleted, code: SUCCESS.deleted };
}
