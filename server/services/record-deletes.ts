/**
 * Deleting a record made by mistake (docs/DOMAIN.md, "Deleting"). A record goes only when nothing
 * depends on it: otherwise 409 `deletes.has_dependents`, naming each kind of dependent row with its
 * count and what to do instead (deactivate a person; refund a paid invoice). What belongs to the
 * record alone goes with it in the same transaction (a student's enrolments, subject registrations,
 * guardian links, notice deliveries, unpaid invoices and login), under a row lock so that nothing
 * can come to depend on it between the count and the delete; a foreign key that still objects (a
 * row written by a path not counted here) is the same 409. Every delete is audited (who, when,
 * what) in the same transaction (server/services/audit.ts). The caches learn of each delete from
 * the tables' triggers (docs/ARCHITECTURE.md, "Caches").
 *
 * The route finds the record (404 when there is none) and asks the school check for its school
 * (server/auth/tenant.ts: another school's is 403) before calling `deleteRecord`.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DELETE_MESSAGES,
  DELETE_SUCCESS_CODES,
  type DeletableKind,
  type DeletedResponse,
  type Instead,
  type RoutinesDeletedResponse,
} from '@/api/schemas/record-deletes';
import type { Db, DbOrTx, Tx } from '../db/client';
import { pgErrorOf } from '../db/pg-error';
import { rowsOf } from '../db/rows';
import { examTypes, exams, feeSectors, invoices, routines, schools, students, teachers } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { recordAudit } from './audit';

/** The kinds the route finds by `?id=` (routine entries go by `deleteRoutines`). */
export type RecordKind = Exclude<DeletableKind, 'routine'>;

export interface DeletableRecord {
  kind: RecordKind;
  id: number;
  /** The school the record belongs to (the school itself for a school). */
  schoolId: number;
}

export interface Actor {
  userId: number;
}

// ---------------------------------------------------------------- the refusal

const KIND_WORDS: Record<DeletableKind, string> = {
  student: 'student',
  teacher: 'teacher',
  exam: 'exam',
  exam_type: 'exam type',
  fee_head: 'fee head',
  invoice: 'invoice',
  school: 'school',
  routine: 'routine entry',
};

const INSTEAD_WORDS: Record<Instead, string> = {
  deactivate: 'deactivate instead',
  refund: 'refund the payments first',
};

/**
 * 409 `deletes.has_dependents`: the error shape of server/errors.ts with `dependents` (each kind
 * of row with its count) and `instead` beside the code and message.
 */
export class DependentsError extends ApiError<'deletes.has_dependents'> {
  constructor(
    readonly kind: DeletableKind,
    readonly dependents: Record<string, number>,
    readonly instead?: Instead,
  ) {
    super(409, 'deletes.has_dependents', dependentsMessage(kind, dependents, instead));
  }
  override toBody() {
    return {
      error: {
        code: 'deletes.has_dependents' as const,
        message: this.message,
        dependents: this.dependents,
        ...(this.instead ? { instead: this.instead } : {}),
      },
    };
  }
}

/** "This student has 12 exam marks and 1 payment; deactivate instead." */
export function dependentsMessage(kind: DeletableKind, dependents: Record<string, number>, instead?: Instead): string {
  const parts = Object.entries(dependents).map(([name, n]) => `${n} ${name.replace(/_/g, ' ')}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
  return `This ${KIND_WORDS[kind]} cannot be deleted: it has ${list}${instead ? `; ${INSTEAD_WORDS[instead]}` : ''}.`;
}

/** Only the counts that are not zero; numbers as PostgreSQL's bigint counts arrive (text). */
export function nonZero(counts: Record<string, string | number | null>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, n] of Object.entries(counts)) if (Number(n) > 0) out[name] = Number(n);
  return out;
}

/** Counts of `select count(*)` statements, in one round trip: `{ exam_marks: sql`...` }`. */
async function countAll(tx: DbOrTx, counts: Record<string, SQL>): Promise<Record<string, number>> {
  const columns = sql.join(
    Object.entries(counts).map(([name, q]) => sql`(${q}) as ${sql.identifier(name)}`),
    sql`, `,
  );
  const [row] = rowsOf<Record<string, string>>(await tx.execute(sql`select ${columns}`));
  return nonZero(row);
}

/** A foreign key that still objects (a dependent not counted here) is the same refusal. */
function asDependents(kind: DeletableKind, instead?: Instead) {
  return (err: unknown): never => {
    if (pgErrorOf(err)?.code === '23503') throw new DependentsError(kind, { other_records: 1 }, instead);
    throw err;
  };
}

// ---------------------------------------------------------------- finding the record

const TABLE_OF = {
  student: { table: students, id: students.id, school: students.schoolId, what: 'Student' },
  teacher: { table: teachers, id: teachers.id, school: teachers.schoolId, what: 'Teacher' },
  exam: { table: exams, id: exams.id, school: exams.schoolId, what: 'Exam' },
  exam_type: { table: examTypes, id: examTypes.id, school: examTypes.schoolId, what: 'Exam type' },
  fee_head: { table: feeSectors, id: feeSectors.id, school: feeSectors.schoolId, what: 'Fee head' },
  invoice: { table: invoices, id: invoices.id, school: invoices.schoolId, what: 'Invoice' },
  school: { table: schools, id: schools.id, school: schools.id, what: 'School' },
} as const;

/** The record and its school, for the route's school check; 404 when there is none. */
export async function findDeletable(db: DbOrTx, kind: RecordKind, id: number): Promise<DeletableRecord> {
  const t = TABLE_OF[kind];
  const [row] = await db.select({ schoolId: t.school }).from(t.table).where(eq(t.id, id)).limit(1);
  if (!row) throw notFound(t.what);
  return { kind, id, schoolId: row.schoolId };
}

// ---------------------------------------------------------------- each kind

/** Locks the row (`for update`) so nothing comes to depend on it meanwhile; false when it is gone. */
async function locked(tx: Tx, kind: RecordKind, id: number): Promise<boolean> {
  const t = TABLE_OF[kind];
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`select ${sql.identifier('id')} from ${t.table} where ${t.id} = ${id} for update`),
  );
  return rows.length > 0;
}

async function deleteStudent(tx: Tx, id: number, schoolId: number) {
  const dependents = await countAll(tx, {
    exam_marks: sql`select count(*) from exam_marks m join enrolments e on e.id = m.enrolment_id where e.student_id = ${id}`,
    attendance_marks: sql`select count(*) from attendance_marks m join enrolments e on e.id = m.enrolment_id where e.student_id = ${id}`,
    payments: sql`select count(*) from payments where student_id = ${id}`,
    online_payments: sql`select count(*) from online_payments where student_id = ${id}`,
    invoice_waivers: sql`select count(*) from invoice_waivers w join invoices i on i.id = w.invoice_id where i.student_id = ${id}`,
    homework_submissions: sql`select count(*) from homework_submissions where student_id = ${id}`,
    library_loans: sql`select count(*) from library_loans where student_id = ${id}`,
    activity_marks: sql`select count(*) from activity_participants p join enrolments e on e.id = p.enrolment_id where e.student_id = ${id}`,
    absence_messages: sql`select count(*) from message_outbox o join enrolments e on e.id = o.enrolment_id where e.student_id = ${id}`,
  });
  if (Object.keys(dependents).length) throw new DependentsError('student', dependents, 'deactivate');
  const [stu] = await tx
    .select({ userId: students.userId, code: students.studentCode, first: students.firstName, last: students.lastName })
    .from(students)
    .where(eq(students.id, id));
  // What was the student's alone: their enrolments (and with them the subject registrations),
  // the notices sent to them, the unpaid invoices made for them, the guardian links (cascade),
  // the record and the login (its sessions, codes and keys cascade).
  const removed = rowsOf<Record<string, string>>(
    await tx.execute(sql`
      with reads as (delete from notice_reads where student_id = ${id} returning 1),
           recipients as (delete from notice_recipients where student_id = ${id} returning 1),
           unpaid as (delete from invoices where student_id = ${id} returning 1),
           regs as (delete from subject_registrations where enrolment_id in (select id from enrolments where student_id = ${id}) returning 1),
           links as (select count(*) as n from guardian_students where student_id = ${id})
      select (select count(*) from reads) as notice_reads, (select count(*) from recipients) as notices,
             (select count(*) from unpaid) as invoices, (select count(*) from regs) as subject_registrations,
             (select n from links) as guardian_links`),
  )[0];
  const enrolled = await tx.execute(sql`delete from enrolments where student_id = ${id} returning id`);
  await tx.execute(sql`delete from students where id = ${id}`);
  await tx.execute(sql`delete from users where id = ${stu.userId}`);
  return {
    student_code: stu.code,
    name: `${stu.first} ${stu.last}`.trim(),
    user_id: stu.userId,
    school_id: schoolId,
    removed: { enrolments: rowsOf(enrolled).length, ...nonZero(removed) },
  };
}

async function deleteTeacher(tx: Tx, id: number, schoolId: number) {
  const [t] = await tx
    .select({ userId: teachers.userId, code: teachers.teacherCode, first: teachers.firstName, last: teachers.lastName })
    .from(teachers)
    .where(eq(teachers.id, id));
  const dependents = await countAll(tx, {
    routines: sql`select count(*) from routines where teacher_id = ${id}`,
    exams: sql`select count(*) from exams where teacher_id = ${id}`,
    homework: sql`select count(*) from homework where teacher_id = ${id}`,
    activities: sql`select count(*) from activities where teacher_id = ${id}`,
    online_classes: sql`select count(*) from online_classes where teacher_id = ${id}`,
    attendance_takings: sql`select count(*) from attendance_takings where taken_by_user_id = ${t.userId} or corrected_by_user_id = ${t.userId}`,
    exam_marks: sql`select count(*) from exam_marks where entered_by_user_id = ${t.userId}`,
    notices: sql`select count(*) from notices where creator_user_id = ${t.userId}`,
  });
  if (Object.keys(dependents).length) throw new DependentsError('teacher', dependents, 'deactivate');
  await tx.execute(sql`delete from teachers where id = ${id}`);
  await tx.execute(sql`delete from users where id = ${t.userId}`);
  return { teacher_code: t.code, name: `${t.first} ${t.last}`.trim(), user_id: t.userId, school_id: schoolId };
}

async function deleteExam(tx: Tx, id: number, schoolId: number) {
  const dependents = await countAll(tx, {
    exam_marks: sql`select count(*) from exam_marks where exam_id = ${id}`,
  });
  if (Object.keys(dependents).length) throw new DependentsError('exam', dependents);
  const [gone] = await tx.delete(exams).where(eq(exams.id, id)).returning({
    typeId: exams.examTypeId,
    sessionId: exams.sessionId,
    sectionId: exams.sectionId,
    subjectId: exams.subjectId,
  });
  return {
    exam_type_id: gone.typeId,
    session_id: gone.sessionId,
    section_id: gone.sectionId,
    subject_id: gone.subjectId,
    school_id: schoolId,
  };
}

async function deleteExamType(tx: Tx, id: number, schoolId: number) {
  const dependents = await countAll(tx, {
    exams: sql`select count(*) from exams where exam_type_id = ${id}`,
  });
  if (Object.keys(dependents).length) throw new DependentsError('exam_type', dependents);
  const [gone] = await tx.delete(examTypes).where(eq(examTypes.id, id)).returning({ name: examTypes.examName });
  return { exam_name: gone.name, school_id: schoolId };
}

async function deleteFeeHead(tx: Tx, id: number, schoolId: number) {
  const dependents = await countAll(tx, {
    fees: sql`select count(*) from fees where sector_id = ${id}`,
    invoices: sql`select count(*) from invoices i join fees f on f.id = i.fee_id where f.sector_id = ${id}`,
  });
  if (Object.keys(dependents).length) throw new DependentsError('fee_head', dependents);
  const [gone] = await tx
    .delete(feeSectors)
    .where(eq(feeSectors.id, id))
    .returning({ code: feeSectors.sectorCode, name: feeSectors.sectorName });
  return { sector_code: gone.code, sector_name: gone.name, school_id: schoolId };
}

async function cancelInvoice(tx: Tx, id: number, schoolId: number, reason: string) {
  const dependents = await countAll(tx, {
    payments: sql`select count(distinct payment_id) from payment_allocations where invoice_id = ${id}`,
  });
  if (Object.keys(dependents).length) throw new DependentsError('invoice', dependents, 'refund');
  // An online payment still waiting for this invoice would pay for nothing: it is cancelled too.
  await tx.execute(
    sql`update online_payments set status = 'cancelled' where status = 'pending' and ${id} = any(invoice_ids)`,
  );
  const waivers = await tx.execute(sql`delete from invoice_waivers where invoice_id = ${id} returning id`);
  const [gone] = await tx.delete(invoices).where(eq(invoices.id, id)).returning({
    studentId: invoices.studentId,
    feeId: invoices.feeId,
    amount: invoices.amountPoisha,
    kind: invoices.kind,
  });
  return {
    reason,
    student_id: gone.studentId,
    fee_id: gone.feeId,
    amount_poisha: gone.amount,
    invoice_kind: gone.kind,
    waivers_removed: rowsOf(waivers).length,
    school_id: schoolId,
  };
}

/** What a school holds that a new school does not: any of it keeps the school. */
const SCHOOL_DEPENDENTS = [
  'students',
  'teachers',
  'sections',
  'periods',
  'routines',
  'enrolments',
  'exam_types',
  'exams',
  'fee_sectors',
  'fees',
  'payments',
  'notices',
  'calendar_entries',
  'homework',
  'library_books',
  'ebooks',
  'important_links',
  'activities',
  'online_classes',
] as const;

async function deleteSchool(tx: Tx, id: number) {
  const dependents = await countAll(
    tx,
    Object.fromEntries(
      SCHOOL_DEPENDENTS.map((t) => [t, sql`select count(*) from ${sql.identifier(t)} where school_id = ${id}`]),
    ),
  );
  if (Object.keys(dependents).length) throw new DependentsError('school', dependents);
  const [s] = await tx.select({ eiin: schools.eiin, name: schools.schoolName }).from(schools).where(eq(schools.id, id));
  // A school nobody uses yet: its admins' accounts, viewers' links and its trail go with it.
  const admins = rowsOf<{ user_id: number }>(
    await tx.execute(sql`delete from school_admins where school_id = ${id} returning user_id`),
  );
  await tx.execute(sql`delete from fee_receipt_counters where school_id = ${id}`);
  await tx.execute(sql`delete from security_audit where school_id = ${id}`);
  await tx.execute(sql`delete from users where school_id = ${id}`);
  await tx.execute(sql`delete from schools where id = ${id}`);
  return { eiin: s.eiin, school_name: s.name, school_id: id, admin_accounts_removed: admins.length };
}

// ---------------------------------------------------------------- the entry points

/**
 * Deletes the record (found by `findDeletable`, its school checked by the route) or refuses with
 * 409 naming its dependents; audited as `delete.<kind>` (an invoice: `invoice.cancel`, with the
 * reason). A record gone meanwhile is 404.
 */
export async function deleteRecord(
  db: Db,
  record: DeletableRecord,
  actor: Actor,
  opts: { reason?: string } = {},
): Promise<DeletedResponse> {
  const { kind, id, schoolId } = record;
  const reason = opts.reason?.trim() ?? '';
  if (kind === 'invoice' && !reason) throw badRequest('reason', 'Give the reason for cancelling the invoice.');
  const instead: Instead | undefined =
    kind === 'student' || kind === 'teacher' ? 'deactivate' : kind === 'invoice' ? 'refund' : undefined;
  await db
    .transaction(async (tx) => {
      if (!(await locked(tx, kind, id))) throw notFound(TABLE_OF[kind].what);
      const detail = await (kind === 'student'
        ? deleteStudent(tx, id, schoolId)
        : kind === 'teacher'
          ? deleteTeacher(tx, id, schoolId)
          : kind === 'exam'
            ? deleteExam(tx, id, schoolId)
            : kind === 'exam_type'
              ? deleteExamType(tx, id, schoolId)
              : kind === 'fee_head'
                ? deleteFeeHead(tx, id, schoolId)
                : kind === 'invoice'
                  ? cancelInvoice(tx, id, schoolId, reason)
                  : deleteSchool(tx, id));
      // The school's trail keeps the row, except a deleted school's (its trail goes with it):
      // that one is the installation's. The subject is in `detail`: the account is gone.
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: kind === 'invoice' ? 'invoice.cancel' : `delete.${kind}`,
        schoolId: kind === 'school' ? null : schoolId,
        detail: { id, ...detail },
      });
    })
    .catch(asDependents(kind, instead));
  return { ok: true, id, message: DELETE_MESSAGES[kind], code: DELETE_SUCCESS_CODES[kind] };
}

/** The routine entries named, with their schools, for the route's school check; 404 naming any missing. */
export async function findRoutines(db: DbOrTx, ids: readonly number[]): Promise<{ schoolIds: number[] }> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: routines.id, schoolId: routines.schoolId })
    .from(routines)
    .where(inArray(routines.id, unique));
  if (rows.length < unique.length) {
    const found = new Set(rows.map((r) => r.id));
    throw notFound(`Routine ${unique.filter((i) => !found.has(i)).join(', ')}`);
  }
  return { schoolIds: [...new Set(rows.map((r) => r.schoolId))] };
}

/**
 * Deletes every routine entry named, of one school, or none: 409 naming the attendance taken in
 * any of them (docs/DOMAIN.md, "Deleting"). Audited once, with every id.
 */
export async function deleteRoutines(
  db: Db,
  schoolId: number,
  ids: readonly number[],
  actor: Actor,
): Promise<RoutinesDeletedResponse> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const idArray = sql`${`{${unique.join(',')}}`}::int[]`;
  await db
    .transaction(async (tx) => {
      const held = rowsOf<{ id: number }>(
        await tx.execute(
          sql`select id from routines where id = any(${idArray}) and school_id = ${schoolId} order by id for update`,
        ),
      );
      if (held.length < unique.length) throw notFound('Routine');
      const dependents = await countAll(tx, {
        attendance_takings: sql`select count(*) from attendance_takings where routine_id = any(${idArray})`,
        absence_messages: sql`select count(*) from message_outbox where routine_id = any(${idArray})`,
      });
      if (Object.keys(dependents).length) throw new DependentsError('routine', dependents);
      await tx.delete(routines).where(and(inArray(routines.id, unique), eq(routines.schoolId, schoolId)));
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'delete.routines',
        schoolId,
        detail: { ids: unique, school_id: schoolId },
      });
    })
    .catch(asDependents('routine'));
  return { ok: true, ids: unique, message: DELETE_MESSAGES.routine, code: DELETE_SUCCESS_CODES.routine };
}
