/**
 * Fee set-up and invoicing, as routes/fees.ts asks: the school's fee sectors, setting a fee for a
 * class, a section or named students and invoicing every student it covers (POST /api/fee: one
 * transaction, idempotent per sector, session, target and last date), the fee list, a student's
 * invoices and a waiver on one. The ledger's rules are services/fees.ts's (module header),
 * payments services/fee-ledger.ts's.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  FEE_CODES,
  FEE_MESSAGES,
  type feeBody,
  type FeeRow,
  type feeListQuery,
  type schoolPageQuery,
  type sectorBody,
  type waiverBody,
} from '@/api/schemas/fees';
import type { Db, DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  academicSessions,
  classes,
  enrolments,
  feeSectors,
  fees,
  invoiceWaivers,
  invoices,
  sections,
  students,
} from '../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { listedNameBn } from './bangla-names';
import { formatPoisha, invoiceNotFound, lockedInvoices, pageOf, studentInvoices } from './fees';
import { pgErrorOf } from '../db/pg-error';
import { onTheBooks } from './leaving';
import { schoolClock } from './school-time';

// ---------------------------------------------------------------- sectors

/** Adds a payment sector (fee head); a code the school has is 409. */
export async function addSector(db: DbOrTx, schoolId: number, b: z.output<typeof sectorBody>) {
  try {
    const [row] = await db
      .insert(feeSectors)
      .values({
        schoolId,
        sectorCode: b.sector_code,
        sectorName: b.sector_name,
        sectorNameBn: b.sector_name_bn ?? listedNameBn('fee_sectors', b.sector_name),
      })
      .returning({ id: feeSectors.id });
    return { ok: true as const, id: row.id, message: FEE_MESSAGES.sectorCreated, code: FEE_CODES.sectorCreated };
  } catch (err) {
    if (pgErrorOf(err)?.code === '23505') {
      throw new ApiError(409, FEE_CODES.sectorExists, 'This sector code is already used in this school.', {
        sector_code: 'is already used in this school',
      });
    }
    throw err;
  }
}

/** A page of the school's sectors, by code. */
export async function sectorPage(db: DbOrTx, schoolId: number, q: z.output<typeof schoolPageQuery>) {
  const rows = await db
    .select({
      id: feeSectors.id,
      sector_code: feeSectors.sectorCode,
      sector_name: feeSectors.sectorName,
      sector_name_bn: feeSectors.sectorNameBn,
      total: sql<string>`count(*) over ()`,
    })
    .from(feeSectors)
    .where(eq(feeSectors.schoolId, schoolId))
    .orderBy(feeSectors.sectorCode)
    .limit(q.limit)
    .offset(q.offset);
  return pageOf(rows, q.limit, q.offset);
}

// ---------------------------------------------------------------- fees

type FeeInput = z.output<typeof feeBody>;

/** Who a fee covers: the target's scope and columns, and the students' ids. */
async function coveredStudents(tx: DbOrTx, schoolId: number, b: FeeInput) {
  if (b.student_ids?.length) {
    const ids = [...new Set(b.student_ids)];
    const found = await tx
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), inArray(students.id, ids)));
    if (found.length !== ids.length) {
      const known = new Set(found.map((f) => f.id));
      throw badRequest(
        'student_ids',
        `are not students of this school: ${ids
          .filter((i) => !known.has(i))
          .slice(0, 10)
          .join(', ')}`,
      );
    }
    return { scope: 'students' as const, classId: null, sectionId: null, studentIds: ids };
  }
  let classId = b.class_id ?? null;
  if (b.section_id) {
    const [section] = await tx
      .select({ classId: sections.classId })
      .from(sections)
      .where(and(eq(sections.id, b.section_id), eq(sections.schoolId, schoolId)));
    if (!section) {
      throw new ApiError(404, 'not_found', 'Section not found.', {
        section_id: 'is not a section of this school',
      });
    }
    if (classId && classId !== section.classId) throw badRequest('section_id', 'is not a section of that class');
    classId = section.classId;
  } else {
    const [cls] = await tx.select({ id: classes.id }).from(classes).where(eq(classes.id, classId!));
    if (!cls) throw badRequest('class_id', 'is not a class');
  }
  // A class's or section's fee reaches those on the school's books today: not who left
  // (docs/DOMAIN.md, Records). A student named by id is invoiced as named.
  const { today } = await schoolClock(tx, schoolId);
  const enrolled = await tx
    .select({ id: enrolments.studentId })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(
      and(
        eq(enrolments.schoolId, schoolId),
        eq(enrolments.sessionId, b.session_id),
        b.section_id ? eq(enrolments.sectionId, b.section_id) : eq(enrolments.classId, classId!),
        onTheBooks(students.leftOn, today),
      ),
    );
  return {
    scope: b.section_id ? ('section' as const) : ('class' as const),
    classId,
    sectionId: b.section_id ?? null,
    studentIds: enrolled.map((e) => e.id),
  };
}

/**
 * Sets a sector's fee for a session and a target and invoices every student it covers, in one
 * transaction. The same sector, session, target and last date is one fee: posting it again only
 * invoices students who have none yet, and a different amount or late fee is 409. `dry_run` only
 * counts.
 */
export async function setFee(db: Db, schoolId: number, userId: number, b: FeeInput) {
  return db.transaction(async (tx) => {
    const [sector] = await tx
      .select({ id: feeSectors.id })
      .from(feeSectors)
      .where(and(eq(feeSectors.id, b.sector_id), eq(feeSectors.schoolId, schoolId)));
    if (!sector) {
      throw new ApiError(404, 'not_found', 'Sector not found.', { sector_id: 'is not a sector of this school' });
    }
    const [session] = await tx
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(eq(academicSessions.id, b.session_id));
    if (!session) throw badRequest('session_id', 'is not a session');
    const target = await coveredStudents(tx, schoolId, b);
    const lateFee = b.late_fee ?? 0;
    const key = and(
      eq(fees.schoolId, schoolId),
      eq(fees.sectorId, b.sector_id),
      eq(fees.sessionId, b.session_id),
      eq(fees.scope, target.scope),
      target.classId == null ? sql`${fees.classId} is null` : eq(fees.classId, target.classId),
      target.sectionId == null ? sql`${fees.sectionId} is null` : eq(fees.sectionId, target.sectionId),
      eq(fees.lastDate, b.last_date),
    );
    const existingFee = async () => {
      const [f] = await tx
        .select({ id: fees.id, amount: fees.amountPoisha, lateFee: fees.lateFeePoisha })
        .from(fees)
        .where(key);
      if (f && (f.amount !== b.amount || f.lateFee !== lateFee)) {
        throw new ApiError(
          409,
          FEE_CODES.feeAmountDiffers,
          `This fee exists already with amount ${formatPoisha(f.amount)} and late fee ${formatPoisha(f.lateFee)}.`,
          { amount: `is ${formatPoisha(f.amount)} on the existing fee` },
        );
      }
      return f;
    };
    const already = async (feeId: number) =>
      target.studentIds.length
        ? (
            await tx
              .select({ id: invoices.studentId })
              .from(invoices)
              .where(
                and(
                  eq(invoices.feeId, feeId),
                  eq(invoices.kind, 'fee'),
                  inArray(invoices.studentId, target.studentIds),
                ),
              )
          ).length
        : 0;

    if (b.dry_run) {
      const f = await existingFee();
      const existing = f ? await already(f.id) : 0;
      return {
        ok: true as const,
        fee_id: null,
        students: target.studentIds.length,
        created: 0,
        existing,
        message: FEE_MESSAGES.feeDryRun(target.studentIds.length - existing),
        code: FEE_CODES.feeDryRun,
      };
    }
    if (!target.studentIds.length) {
      throw new ApiError(400, FEE_CODES.noStudents, 'No students are enrolled there in that session.', {
        [b.section_id ? 'section_id' : 'class_id']: 'has no students in that session',
      });
    }
    const [inserted] = await tx
      .insert(fees)
      .values({
        schoolId,
        sectorId: b.sector_id,
        sessionId: b.session_id,
        scope: target.scope,
        classId: target.classId,
        sectionId: target.sectionId,
        amountPoisha: b.amount,
        lateFeePoisha: lateFee,
        lastDate: b.last_date,
        createdByUserId: userId,
      })
      .onConflictDoNothing()
      .returning({ id: fees.id });
    const feeId = inserted?.id ?? (await existingFee())!.id;
    const created = await tx
      .insert(invoices)
      .values(target.studentIds.map((studentId) => ({ schoolId, feeId, studentId, amountPoisha: b.amount })))
      .onConflictDoNothing()
      .returning({ id: invoices.id });
    return {
      ok: true as const,
      fee_id: feeId,
      students: target.studentIds.length,
      created: created.length,
      existing: target.studentIds.length - created.length,
      message: FEE_MESSAGES.feeCreated(created.length),
      code: FEE_CODES.feeCreated,
    };
  });
}

/** A page of the school's fees (optionally of one session), newest last date first, with invoice counts. */
export async function feePage(db: DbOrTx, schoolId: number, q: z.output<typeof feeListQuery>) {
  const rows = rowsOf<FeeRow & { amount: string; late_fee: string; total: string }>(
    await db.execute(sql`
    select f.id, f.sector_id, fs.sector_code, fs.sector_name, f.session_id, ses.session_year, f.scope,
           f.class_id, c.class_name, f.section_id, sec.section_default_name,
           f.amount_poisha::text as amount, f.late_fee_poisha::text as late_fee, f.last_date::text as last_date,
           (select count(*)::int from invoices i where i.fee_id = f.id and i.kind = 'fee') as invoices,
           (select count(*)::int from invoices i where i.fee_id = f.id and i.kind = 'late_fee') as late_invoices,
           count(*) over () as total
    from fees f
    join fee_sectors fs on fs.id = f.sector_id
    join academic_sessions ses on ses.id = f.session_id
    left join classes c on c.id = f.class_id
    left join sections sec on sec.id = f.section_id
    where f.school_id = ${schoolId} ${q.session_id ? sql`and f.session_id = ${q.session_id}` : sql``}
    order by f.last_date desc, f.id desc
    limit ${q.limit} offset ${q.offset}`),
  );
  const out = pageOf(rows, q.limit, q.offset);
  return {
    ...out,
    rows: out.rows.map((r) => ({ ...r, amount: formatPoisha(r.amount), late_fee: formatPoisha(r.late_fee) })),
  };
}

// ---------------------------------------------------------------- invoices

/** Whose invoices: a student and their school. */
export interface InvoiceStudent {
  schoolId: number;
  studentId: number;
}

/**
 * The student of the school a staff caller names for their invoices, by id (unknown: 404; another
 * school's: 403) or by code (none here: 404 naming student_code); neither is 400.
 */
export async function schoolStudentForInvoices(
  db: DbOrTx,
  schoolId: number,
  q: { student_id?: number; student_code?: string },
): Promise<InvoiceStudent> {
  if (q.student_id) {
    const [s] = await db.select({ schoolId: students.schoolId }).from(students).where(eq(students.id, q.student_id));
    if (!s) throw notFound('Student');
    if (s.schoolId !== schoolId) throw forbidden('That student is not of your school.');
    return { schoolId, studentId: q.student_id };
  }
  if (q.student_code) {
    const [s] = await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), eq(students.studentCode, q.student_code)));
    if (!s) throw new ApiError(404, 'not_found', 'Student not found.', { student_code: 'is not a student here' });
    return { schoolId, studentId: s.id };
  }
  throw badRequest('student_id', 'Choose a student.');
}

/** A page of a student's invoices with something due, or fully settled, as of the school's today. */
export async function invoicesOf(
  db: DbOrTx,
  who: InvoiceStudent,
  status: 'due' | 'paid',
  q: { limit: number; offset: number },
) {
  const { today, timeZone } = await schoolClock(db, who.schoolId);
  return studentInvoices(db, { ...who, status, today, timeZone, limit: q.limit, offset: q.offset });
}

/** A waiver or discount on one invoice, at most what is still due (409), the invoice locked meanwhile. */
export async function waiveInvoice(db: Db, schoolId: number, userId: number, b: z.output<typeof waiverBody>) {
  return db.transaction(async (tx) => {
    const [inv] = await lockedInvoices(tx, schoolId, [b.invoice_id]);
    if (!inv) throw invoiceNotFound('invoice_id');
    if (BigInt(b.amount) > inv.due) {
      throw new ApiError(409, FEE_CODES.overpayment, `At most ${formatPoisha(inv.due)} is due on this invoice.`, {
        amount: `must be at most ${formatPoisha(inv.due)}`,
      });
    }
    const [row] = await tx
      .insert(invoiceWaivers)
      .values({
        schoolId,
        invoiceId: inv.id,
        kind: b.kind,
        amountPoisha: b.amount,
        reason: b.reason,
        createdByUserId: userId,
      })
      .returning({ id: invoiceWaivers.id });
    return { ok: true as const, id: row.id, message: FEE_MESSAGES.waived, code: FEE_CODES.waived };
  });
}
