/**
 * Records (docs/DOMAIN.md, Records), as routes/people-records.ts asks, for a student or teacher
 * the scope module allowed:
 * - the edit: the add payload's fields; a change of section or roll in the current session is an
 *   enrolment change dated `effective_date` (the enrolment row keeps attendance and marks and
 *   takes the new section and roll; `enrolment_changes` keeps what it was, from when, and who);
 * - leaving (deactivation) and coming back: `left_on`, `left_reason`, `left_note` on the record,
 *   the account disabled (no sign-in, its sessions ended); rolls, routines and lists leave the
 *   person out from that date, and their history stays;
 * - the transfer certificate and testimonial's numbers: one per student and kind, from the
 *   school's own sequence of that kind, kept when the paper is issued again.
 * Every change is written to the security trail (services/audit.ts) in the same transaction, with
 * who, and the fields before and after.
 */
import { and, asc, desc, eq, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { normaliseMobile } from '@/api/schemas/people';
import {
  RECORDS_SUCCESS_CODES,
  type CertificateKind,
  type deactivateStudentBody,
  type LeaveReason,
  type StudentRecord,
  type TeacherRecord,
  type updateStudentBody,
  type updateTeacherBody,
} from '@/api/schemas/people-records';
import { revokeOtherSessions } from '../auth/sessions';
import type { Db, DbOrTx } from '../db/client';
import { pgErrorOf } from '../db/pg-error';
import {
  academicSessions,
  certificateCounters,
  certificates,
  classes,
  divisions,
  districts,
  enrolmentChanges,
  enrolments,
  schools,
  sections,
  shifts,
  studentGroups,
  students,
  teachers,
  upazilas,
  users,
} from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { recordAudit } from './audit';
import { certificateNo, certificatePdf } from './certificate-pdf';
import { conflictError, CONSTRAINT_FIELDS } from './people';
import { schoolClock, sessionIdForDate } from './school-time';

/** Who acts, in which school (the scope module's answer). */
export interface RecordActor {
  userId: number;
  schoolId: number;
}

const phoneOrEmpty = (v: string) => (v ? (normaliseMobile(v) ?? v) : '');

/** A unique violation from a concurrent write, as the 409 the checks would have given. */
function asConflict(err: unknown): never {
  const pg = pgErrorOf(err);
  const field = pg?.code === '23505' && pg.constraint ? CONSTRAINT_FIELDS[pg.constraint] : undefined;
  if (field) throw conflictError({ index: 0, field, message: 'is already taken' });
  throw err;
}

/** The fields of `after` that differ from `before`, each side of them (the audit row's facts). */
function changesOf(before: Record<string, unknown>, after: Record<string, unknown>) {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if ((before[key] ?? null) !== (after[key] ?? null)) {
      was[key] = before[key] ?? null;
      now[key] = after[key] ?? null;
    }
  }
  return { before: was, after: now };
}

const schoolToday = async (db: DbOrTx, schoolId: number) => (await schoolClock(db, schoolId)).today;

/** A date no later than the school's today, else 400 `records.future_date` naming the field. */
function notAfterToday(field: string, date: string, today: string) {
  if (date > today) {
    throw new ApiError(400, 'records.future_date', `${field}: must not be after the school’s today (${today})`, {
      [field]: `must not be after ${today}`,
    });
  }
}

/** Another account holding the code, e-mail or phone (the person's own aside): 409 naming the field. */
async function accountTaken(
  db: DbOrTx,
  ownUserId: number,
  keys: {
    codeField: string;
    code: string | null;
    emailField: string;
    email: string;
    phoneField: string;
    phone: string;
  },
) {
  const checks: { field: string; where: ReturnType<typeof sql> }[] = [];
  if (keys.code) checks.push({ field: keys.codeField, where: sql`lower(${users.userCode}) = lower(${keys.code})` });
  if (keys.email) checks.push({ field: keys.emailField, where: sql`lower(${users.email}) = lower(${keys.email})` });
  if (keys.phone) checks.push({ field: keys.phoneField, where: sql`${users.phone} = ${keys.phone}` });
  for (const c of checks) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(ne(users.id, ownUserId), c.where))
      .limit(1);
    if (row) throw conflictError({ index: 0, field: c.field, message: 'is already taken' });
  }
}

// ---------------------------------------------------------------- reading a record

const leavingOf = (r: { leftOn: string | null; leftReason: LeaveReason | null; leftNote: string }) =>
  r.leftOn && r.leftReason ? { date: r.leftOn, reason: r.leftReason, note: r.leftNote } : null;

/** The student's current session (the school's today's), or null when no session holds today. */
async function currentSession(db: DbOrTx, schoolId: number) {
  return sessionIdForDate(db, await schoolToday(db, schoolId));
}

/** The enrolment the edit changes: the current session's, else the latest. */
async function enrolmentToEdit(db: DbOrTx, studentId: number, schoolId: number) {
  const sessionId = await currentSession(db, schoolId);
  const rows = await db
    .select()
    .from(enrolments)
    .innerJoin(academicSessions, eq(academicSessions.id, enrolments.sessionId))
    .where(and(eq(enrolments.studentId, studentId), eq(enrolments.schoolId, schoolId)))
    .orderBy(desc(academicSessions.sessionYear));
  return (rows.find((r) => r.enrolments.sessionId === sessionId) ?? rows[0])?.enrolments ?? null;
}

/** GET /api/student/record: the edit form's values, the leaving and the dated changes. */
export async function studentRecordOf(db: DbOrTx, studentId: number): Promise<StudentRecord> {
  const [s] = await db.select().from(students).where(eq(students.id, studentId));
  if (!s) throw notFound('Student');
  const e = await enrolmentToEdit(db, s.id, s.schoolId);
  const changes = e
    ? await db
        .select()
        .from(enrolmentChanges)
        .where(eq(enrolmentChanges.enrolmentId, e.id))
        .orderBy(asc(enrolmentChanges.effectiveOn), asc(enrolmentChanges.id))
    : [];
  return {
    id: s.id,
    student_code: s.studentCode,
    first_name: s.firstName,
    middle_name: s.middleName,
    last_name: s.lastName,
    mobile_no: s.mobileNo,
    email: s.email,
    present_address: s.presentAddress,
    permanent_address: s.permanentAddress,
    father_name: s.fatherName,
    father_phone_number: s.fatherPhoneNumber,
    mother_name: s.motherName,
    mother_phone_number: s.motherPhoneNumber,
    dob: s.dob ?? '',
    blood_group: s.bloodGroup,
    gender_id: s.genderId,
    division_id: s.divisionId,
    enrolment: e
      ? {
          session_id: e.sessionId,
          shift_id: e.shiftId,
          class_id: e.classId,
          section_id: e.sectionId,
          group_id: e.groupId,
          class_roll_no: e.classRollNo,
        }
      : null,
    left: leavingOf(s),
    changes: changes.map((c) => ({
      effective_on: c.effectiveOn,
      from_class_id: c.fromClassId,
      from_section_id: c.fromSectionId,
      from_roll_no: c.fromRollNo,
      to_class_id: c.toClassId,
      to_section_id: c.toSectionId,
      to_roll_no: c.toRollNo,
    })),
  };
}

/** GET /api/teacher/record: the edit form's values and the leaving. */
export async function teacherRecordOf(db: DbOrTx, teacherId: number): Promise<TeacherRecord> {
  const [t] = await db.select().from(teachers).where(eq(teachers.id, teacherId));
  if (!t) throw notFound('Teacher');
  return {
    id: t.id,
    teacher_code: t.teacherCode,
    title: t.title,
    first_name: t.firstName,
    middle_name: t.middleName,
    last_name: t.lastName,
    mobile: t.mobile,
    initial: t.initial,
    designation: t.designation,
    department: t.department,
    mpo_status: t.mpoStatus,
    index_no: t.indexNo,
    blood_group: t.bloodGroup,
    email: t.email,
    dob: t.dob ?? '',
    subject_code: t.subjectCode,
    left: leavingOf(t),
  };
}

// ---------------------------------------------------------------- the edit

/**
 * POST /api/student/update. The section must be the school's and the class's (400 naming
 * section_id), a roll taken in the section is 409 naming class_roll_no, a code, e-mail or mobile
 * of another account 409 naming it. A new section, class or roll is a dated enrolment change.
 */
export async function updateStudent(
  db: Db,
  actor: RecordActor,
  studentId: number,
  b: z.output<typeof updateStudentBody>,
) {
  const [s] = await db.select().from(students).where(eq(students.id, studentId));
  if (!s) throw notFound('Student');
  const today = await schoolToday(db, actor.schoolId);
  const effectiveOn = b.effective_date ?? today;
  notAfterToday('effective_date', effectiveOn, today);
  const [section] = await db
    .select({ id: sections.id, classId: sections.classId, shiftId: sections.shiftId })
    .from(sections)
    .where(and(eq(sections.id, b.section_id), eq(sections.schoolId, actor.schoolId)));
  if (!section) throw badRequest('section_id', 'is not a section of this school');
  if (section.classId !== b.class_id) throw badRequest('section_id', 'is not a section of that class');
  if (b.shift_id && b.shift_id !== section.shiftId) throw badRequest('shift_id', 'is not the section’s shift');
  if (b.group_id) {
    const [g] = await db.select({ id: studentGroups.id }).from(studentGroups).where(eq(studentGroups.id, b.group_id));
    if (!g) throw badRequest('group_id', 'is not a group');
  }
  const e = await enrolmentToEdit(db, s.id, actor.schoolId);
  if (!e) throw badRequest('section_id', 'the student has no enrolment to change: enrol them first');
  const [account] = await db.select().from(users).where(eq(users.id, s.userId));
  const codeChanged = b.student_code.toLowerCase() !== s.studentCode.toLowerCase();
  if (codeChanged) {
    const [other] = await db
      .select({ id: students.id })
      .from(students)
      .where(
        and(
          eq(students.schoolId, actor.schoolId),
          ne(students.id, s.id),
          sql`lower(${students.studentCode}) = lower(${b.student_code})`,
        ),
      );
    if (other) throw conflictError({ index: 0, field: 'student_code', message: 'is already taken' });
  }
  const mobile = phoneOrEmpty(b.mobile_no);
  // The account's own code follows the record's when it was the record's (a demo account may differ).
  const followsCode = codeChanged && account?.userCode.toLowerCase() === s.studentCode.toLowerCase();
  await accountTaken(db, s.userId, {
    codeField: 'student_code',
    code: followsCode ? b.student_code : null,
    emailField: 'email',
    email: b.email,
    phoneField: 'mobile_no',
    phone: mobile,
  });
  const moved = section.id !== e.sectionId || section.classId !== e.classId || b.class_roll_no !== e.classRollNo;
  if (moved) {
    const [taken] = await db
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(
        and(
          eq(enrolments.sectionId, section.id),
          eq(enrolments.sessionId, e.sessionId),
          eq(enrolments.classRollNo, b.class_roll_no),
          ne(enrolments.id, e.id),
        ),
      );
    if (taken) {
      throw conflictError({
        index: 0,
        field: 'class_roll_no',
        message: `roll ${b.class_roll_no} is already taken in that section`,
      });
    }
  }
  const record = {
    studentCode: b.student_code,
    firstName: b.first_name,
    middleName: b.middle_name,
    lastName: b.last_name,
    mobileNo: mobile,
    email: b.email,
    genderId: b.gender_id ?? null,
    divisionId: b.division_id ?? null,
    presentAddress: b.present_address,
    permanentAddress: b.permanent_address,
    fatherName: b.father_name,
    fatherPhoneNumber: phoneOrEmpty(b.father_phone_number),
    motherName: b.mother_name,
    motherPhoneNumber: phoneOrEmpty(b.mother_phone_number),
    dob: b.dob || null,
    bloodGroup: b.blood_group,
  };
  const placement = {
    shiftId: section.shiftId,
    classId: section.classId,
    sectionId: section.id,
    groupId: b.group_id ?? null,
    classRollNo: b.class_roll_no,
  };
  const recordDiff = changesOf(s, record);
  const placementDiff = changesOf(e, placement);
  await db
    .transaction(async (tx) => {
      await tx.update(students).set(record).where(eq(students.id, s.id));
      await tx
        .update(users)
        .set({
          firstName: b.first_name.slice(0, 80),
          lastName: b.last_name.slice(0, 80),
          email: b.email || null,
          phone: mobile || null,
          ...(followsCode ? { userCode: b.student_code } : {}),
        })
        .where(eq(users.id, s.userId));
      if (Object.keys(placementDiff.after).length) {
        await tx.update(enrolments).set(placement).where(eq(enrolments.id, e.id));
      }
      if (moved) {
        await tx.insert(enrolmentChanges).values({
          schoolId: actor.schoolId,
          enrolmentId: e.id,
          effectiveOn,
          fromClassId: e.classId,
          fromSectionId: e.sectionId,
          fromRollNo: e.classRollNo,
          toClassId: section.classId,
          toSectionId: section.id,
          toRollNo: b.class_roll_no,
          actorUserId: actor.userId,
        });
      }
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'records.student_update',
        subjectUserId: s.userId,
        schoolId: actor.schoolId,
        detail: {
          student_id: s.id,
          before: { ...recordDiff.before, ...placementDiff.before },
          after: { ...recordDiff.after, ...placementDiff.after },
          ...(moved ? { enrolment_id: e.id, effective_on: effectiveOn } : {}),
        },
      });
    })
    .catch(asConflict);
  return {
    ok: true as const,
    message: 'The student’s record was saved.',
    code: RECORDS_SUCCESS_CODES.studentUpdated,
    id: s.id,
    enrolment_changed: moved,
  };
}

/** POST /api/teacher/update: the add payload's fields; codes, initials, e-mails and mobiles stay unique. */
export async function updateTeacher(
  db: Db,
  actor: RecordActor,
  teacherId: number,
  b: z.output<typeof updateTeacherBody>,
) {
  const [t] = await db.select().from(teachers).where(eq(teachers.id, teacherId));
  if (!t) throw notFound('Teacher');
  const [account] = await db.select().from(users).where(eq(users.id, t.userId));
  const codeChanged = b.teacher_code.toLowerCase() !== t.teacherCode.toLowerCase();
  const [other] = await db
    .select({ code: teachers.teacherCode, initial: teachers.initial })
    .from(teachers)
    .where(
      and(
        eq(teachers.schoolId, actor.schoolId),
        ne(teachers.id, t.id),
        or(sql`lower(${teachers.teacherCode}) = lower(${b.teacher_code})`, eq(teachers.initial, b.initial)),
      ),
    )
    .limit(1);
  if (other) {
    const field = other.code.toLowerCase() === b.teacher_code.toLowerCase() ? 'teacher_code' : 'initial';
    throw conflictError({ index: 0, field, message: 'is already taken' });
  }
  const mobile = phoneOrEmpty(b.mobile);
  const followsCode = codeChanged && account?.userCode.toLowerCase() === t.teacherCode.toLowerCase();
  await accountTaken(db, t.userId, {
    codeField: 'teacher_code',
    code: followsCode ? b.teacher_code : null,
    emailField: 'email',
    email: b.email,
    phoneField: 'mobile',
    phone: mobile,
  });
  const record = {
    teacherCode: b.teacher_code,
    title: b.title,
    firstName: b.first_name,
    middleName: b.middle_name,
    lastName: b.last_name,
    mobile,
    initial: b.initial,
    designation: b.designation,
    department: b.department,
    mpoStatus: b.mpo_status,
    indexNo: b.index_no,
    bloodGroup: b.blood_group,
    email: b.email,
    dob: b.dob || null,
    subjectCode: b.subject_code,
  };
  const diff = changesOf(t, record);
  await db
    .transaction(async (tx) => {
      await tx.update(teachers).set(record).where(eq(teachers.id, t.id));
      await tx
        .update(users)
        .set({
          firstName: b.first_name.slice(0, 80),
          lastName: b.last_name.slice(0, 80),
          email: b.email || null,
          phone: mobile || null,
          ...(followsCode ? { userCode: b.teacher_code } : {}),
        })
        .where(eq(users.id, t.userId));
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'records.teacher_update',
        subjectUserId: t.userId,
        schoolId: actor.schoolId,
        detail: { teacher_id: t.id, ...diff },
      });
    })
    .catch(asConflict);
  return {
    ok: true as const,
    message: 'The teacher’s record was saved.',
    code: RECORDS_SUCCESS_CODES.teacherUpdated,
    id: t.id,
    enrolment_changed: false,
  };
}

// ---------------------------------------------------------------- leaving and coming back

type Person = 'student' | 'teacher';
const TABLE = { student: students, teacher: teachers } as const;

async function personRow(db: DbOrTx, kind: Person, id: number) {
  const table = TABLE[kind];
  const [row] = await db
    .select({
      id: table.id,
      userId: table.userId,
      schoolId: table.schoolId,
      leftOn: table.leftOn,
      leftReason: table.leftReason,
      leftNote: table.leftNote,
    })
    .from(table)
    .where(eq(table.id, id));
  if (!row) throw notFound(kind === 'student' ? 'Student' : 'Teacher');
  return row;
}

/**
 * POST /api/student/deactivate and /api/teacher/deactivate: the person leaves from `date` (not
 * after the school's today): the record says when and why, the account is disabled and every
 * session of it ends. Their history (attendance, marks, payments) is kept. Leaving twice is 409.
 */
export async function deactivatePerson(
  db: Db,
  actor: RecordActor,
  kind: Person,
  id: number,
  b: Pick<z.output<typeof deactivateStudentBody>, 'date' | 'reason' | 'note'>,
) {
  const row = await personRow(db, kind, id);
  if (row.leftOn) {
    throw new ApiError(409, 'records.already_inactive', `Already inactive since ${row.leftOn}.`);
  }
  notAfterToday('date', b.date, await schoolToday(db, actor.schoolId));
  const table = TABLE[kind];
  await db.transaction(async (tx) => {
    await tx.update(table).set({ leftOn: b.date, leftReason: b.reason, leftNote: b.note }).where(eq(table.id, row.id));
    await tx.update(users).set({ status: 'disabled' }).where(eq(users.id, row.userId));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: `records.${kind}_deactivate`,
      subjectUserId: row.userId,
      schoolId: actor.schoolId,
      detail: {
        [`${kind}_id`]: row.id,
        before: { left_on: null, status: 'active' },
        after: { left_on: b.date, left_reason: b.reason, left_note: b.note, status: 'disabled' },
      },
    });
  });
  // Sessions opened before the leaving must not outlive it (server/auth/sessions.ts).
  await revokeOtherSessions(db, row.userId, null);
  return { ok: true as const, message: 'Marked as left.', code: RECORDS_SUCCESS_CODES.deactivated };
}

/** POST /api/student/reactivate and /api/teacher/reactivate: back on the books, the account enabled. */
export async function reactivatePerson(db: Db, actor: RecordActor, kind: Person, id: number) {
  const row = await personRow(db, kind, id);
  if (!row.leftOn) throw new ApiError(409, 'records.not_inactive', 'Not inactive: nothing to undo.');
  const table = TABLE[kind];
  await db.transaction(async (tx) => {
    await tx.update(table).set({ leftOn: null, leftReason: null, leftNote: '' }).where(eq(table.id, row.id));
    await tx.update(users).set({ status: 'active' }).where(eq(users.id, row.userId));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: `records.${kind}_reactivate`,
      subjectUserId: row.userId,
      schoolId: actor.schoolId,
      detail: {
        [`${kind}_id`]: row.id,
        before: { left_on: row.leftOn, left_reason: row.leftReason, left_note: row.leftNote, status: 'disabled' },
        after: { left_on: null, status: 'active' },
      },
    });
  });
  return { ok: true as const, message: 'Back on the school’s books.', code: RECORDS_SUCCESS_CODES.reactivated };
}

// ---------------------------------------------------------------- certificates

/**
 * The student's number for a kind of certificate: the one given at the first issue, or the
 * school's next of that kind (in the same transaction, the student's row locked, so that two
 * first issues at once share one number and the sequence has no gaps). The first issue is audited.
 */
export async function certificateNumber(
  db: Db,
  actor: RecordActor,
  studentId: number,
  kind: CertificateKind,
): Promise<{ serialNo: number; issuedOn: string }> {
  const today = await schoolToday(db, actor.schoolId);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from students where id = ${studentId} for update`);
    const [had] = await tx
      .select({ serialNo: certificates.serialNo, issuedOn: certificates.issuedOn })
      .from(certificates)
      .where(and(eq(certificates.studentId, studentId), eq(certificates.kind, kind)));
    if (had) return had;
    const [counter] = await tx
      .insert(certificateCounters)
      .values({ schoolId: actor.schoolId, kind, lastNo: 1 })
      .onConflictDoUpdate({
        target: [certificateCounters.schoolId, certificateCounters.kind],
        set: { lastNo: sql`${certificateCounters.lastNo} + 1` },
      })
      .returning({ lastNo: certificateCounters.lastNo });
    await tx.insert(certificates).values({
      schoolId: actor.schoolId,
      studentId,
      kind,
      serialNo: counter.lastNo,
      issuedOn: today,
      issuedBy: actor.userId,
    });
    const [who] = await tx.select({ userId: students.userId }).from(students).where(eq(students.id, studentId));
    await recordAudit(tx, {
      actorUserId: actor.userId,
      action: `records.certificate_${kind}`,
      subjectUserId: who?.userId ?? null,
      schoolId: actor.schoolId,
      detail: { student_id: studentId, kind, serial_no: counter.lastNo, issued_on: today },
    });
    return { serialNo: counter.lastNo, issuedOn: today };
  });
}

/** What a certificate prints, both languages' names where the school has them. */
export interface CertificateFacts {
  schoolName: string;
  eiin: string;
  address: { en: string; bn: string };
  phone: string;
  headName: string;
  studentName: string;
  studentCode: string;
  fatherName: string;
  motherName: string;
  dob: string | null;
  className: { en: string; bn: string };
  sectionName: string;
  shiftName: { en: string; bn: string };
  roll: number | null;
  sessionYear: string;
  /** The first session the student was enrolled in at this school. */
  firstSessionYear: string;
  left: { date: string; reason: LeaveReason; note: string } | null;
}

/** The facts of a student's certificate (the latest enrolment's class, section, roll and session). */
export async function certificateFacts(db: DbOrTx, studentId: number): Promise<CertificateFacts> {
  const [row] = await db
    .select({ s: students, sc: schools, dv: divisions, dt: districts, up: upazilas })
    .from(students)
    .innerJoin(schools, eq(schools.id, students.schoolId))
    .leftJoin(divisions, eq(divisions.id, schools.divisionId))
    .leftJoin(districts, eq(districts.id, schools.districtId))
    .leftJoin(upazilas, eq(upazilas.id, schools.upazilaId))
    .where(eq(students.id, studentId));
  if (!row) throw notFound('Student');
  const placed = await db
    .select({
      e: enrolments,
      year: academicSessions.sessionYear,
      className: classes.className,
      classNameBn: classes.classNameBn,
      sectionName: sections.sectionDefaultName,
      shiftName: shifts.name,
      shiftNameBn: shifts.nameBn,
    })
    .from(enrolments)
    .innerJoin(academicSessions, eq(academicSessions.id, enrolments.sessionId))
    .innerJoin(classes, eq(classes.id, enrolments.classId))
    .innerJoin(sections, eq(sections.id, enrolments.sectionId))
    .innerJoin(shifts, eq(shifts.id, enrolments.shiftId))
    .where(eq(enrolments.studentId, studentId))
    .orderBy(desc(academicSessions.sessionYear));
  const latest = placed[0];
  const { s, sc, dv, dt, up } = row;
  const parts = (street: string, names: (string | null | undefined)[]) =>
    [street, ...names].filter((p): p is string => !!p).join(', ');
  return {
    schoolName: sc.schoolName,
    eiin: sc.eiin,
    address: {
      en: parts(sc.street, [up?.name ?? sc.upazilla, dt?.name ?? sc.district, dv?.name]),
      bn: parts(sc.street, [up?.nameBn || up?.name || sc.upazilla, dt?.nameBn || dt?.name || sc.district, dv?.nameBn]),
    },
    phone: sc.phone,
    headName: sc.headName,
    studentName: [s.firstName, s.middleName, s.lastName].filter(Boolean).join(' '),
    studentCode: s.studentCode,
    fatherName: s.fatherName,
    motherName: s.motherName,
    dob: s.dob,
    className: { en: latest?.className ?? '', bn: latest?.classNameBn || latest?.className || '' },
    sectionName: latest?.sectionName ?? '',
    shiftName: { en: latest?.shiftName ?? '', bn: latest?.shiftNameBn || latest?.shiftName || '' },
    roll: latest?.e.classRollNo ?? null,
    sessionYear: latest?.year ?? '',
    firstSessionYear: placed[placed.length - 1]?.year ?? '',
    left: leavingOf(s),
  };
}

/**
 * GET /api/student/transfer_certificate and /testimonial: the paper as a PDF, numbered (the
 * number given at the first issue stays). A transfer certificate is for a student who has left
 * (409 `records.not_inactive` before): it says when and why.
 */
export async function certificateFile(
  db: Db,
  actor: RecordActor,
  studentId: number,
  kind: CertificateKind,
  lang: 'en' | 'bn',
): Promise<{ pdf: Buffer; fileName: string }> {
  const facts = await certificateFacts(db, studentId);
  if (kind === 'tc' && !facts.left) {
    throw new ApiError(
      409,
      'records.not_inactive',
      'A transfer certificate is for a student who has left: mark them as left first.',
    );
  }
  const { serialNo, issuedOn } = await certificateNumber(db, actor, studentId, kind);
  const printedOn = await schoolToday(db, actor.schoolId);
  const pdf = await certificatePdf({ kind, facts, serialNo, issuedOn, printedOn }, lang);
  const code = facts.studentCode.replace(/[^A-Za-z0-9.-]/g, '') || 'student';
  return { pdf, fileName: `${certificateNo(kind, serialNo, issuedOn)}-${code}.pdf` };
}
