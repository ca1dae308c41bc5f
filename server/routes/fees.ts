/**
 * Fees and payments (spec part 2, Payments). The school admin keeps the school's fee
 * sectors, sets fees that invoice a class, a section or named students, records payments (with an
 * Idempotency-Key), waivers, refunds and corrections, and reads the reports. A student reads only
 * their own invoices; a viewer reads a linked school's sectors, fees, receipts and reports.
 * The ledger rules live in services/fees.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { clock } from '../clock';
import { errorBody } from '@/api/schemas/common';
import {
  FEE_CODES,
  FEE_MESSAGES,
  collectionsPage,
  collectionsQuery,
  defaultersPage,
  defaultersQuery,
  duesPage,
  duesReportQuery,
  feeBody,
  feeListQuery,
  feePage,
  feeResponse,
  invoicePage,
  invoiceQuery,
  lateFeesBody,
  lateFeesResponse,
  monthlyQuery,
  monthlyReport,
  paymentBody,
  paymentListQuery,
  paymentPage,
  paymentResponse,
  reverseBody,
  schoolPageQuery,
  sectorBody,
  sectorPage,
  waiverBody,
  writeResponse,
  type FeeRow,
  type PaymentRow,
} from '@/api/schemas/fees';
import type { z } from 'zod';
import { authOf } from '../auth/guard';
import { schoolOf } from '../auth/tenant';
import { studentOfCaller } from '../auth/scope';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  academicSessions,
  classes,
  enrolments,
  feeSectors,
  fees,
  invoiceWaivers,
  invoices,
  paymentAllocations,
  payments,
  sections,
  students,
} from '../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import {
  collectionsByDaySector,
  collectionsByMonth,
  defaulters,
  duesByClassSection,
  formatPoisha,
  generateLateFees,
  invoiceNotFound,
  lockedInvoices,
  nextReceiptNo,
  studentInvoices,
} from '../services/fees';
import { allocationsOut, recordPayment } from '../services/fee-ledger';
import { listedNameBn } from '../services/bangla-names';
import { pgErrorOf } from '../services/routines';
import { schoolClock } from '../services/school-time';

const page = <T extends { total?: unknown }>(rows: T[], limit: number, offset: number) => ({
  rows: rows.map(({ total: _t, ...r }) => r),
  total: rows.length ? Number(rows[0].total) : 0,
  limit,
  offset,
});

/** Money writes need an Idempotency-Key (the idempotency plugin replays a retry): 400 naming the header. */
function requireIdempotencyKey(req: FastifyRequest, what: string) {
  if (!req.headers['idempotency-key']) {
    throw new ApiError(400, FEE_CODES.idempotencyRequired, `Idempotency-Key: send a key with every ${what}.`, {
      'Idempotency-Key': `is required for a ${what}`,
    });
  }
}

export async function feeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // ---------------------------------------------------------------- sectors

  app.post(
    '/add_sector',
    {
      config: { action: 'fee.sector-write' },
      schema: {
        description: 'Adds a payment sector (fee head) to the school. 409 when the code is taken in this school.',
        body: sectorBody,
        response: { 200: writeResponse, 400: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      try {
        const [row] = await db
          .insert(feeSectors)
          .values({
            schoolId,
            sectorCode: req.body.sector_code,
            sectorName: req.body.sector_name,
            sectorNameBn: req.body.sector_name_bn ?? listedNameBn('fee_sectors', req.body.sector_name),
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
    },
  );

  app.get(
    '/sector/all',
    {
      config: { action: 'fee.sectors' },
      schema: {
        description: 'The school’s payment sectors, by code, paged.',
        querystring: schoolPageQuery,
        response: { 200: sectorPage },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
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
      return page(rows, q.limit, q.offset);
    },
  );

  // ---------------------------------------------------------------- fees

  type FeeInput = z.output<typeof feeBody>;

  /** Who a fee covers: the target's scope and columns, and the students' ids. */
  const coveredStudents = async (tx: DbOrTx, schoolId: number, b: FeeInput) => {
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
    const enrolled = await tx
      .select({ id: enrolments.studentId })
      .from(enrolments)
      .where(
        and(
          eq(enrolments.schoolId, schoolId),
          eq(enrolments.sessionId, b.session_id),
          b.section_id ? eq(enrolments.sectionId, b.section_id) : eq(enrolments.classId, classId!),
        ),
      );
    return {
      scope: b.section_id ? ('section' as const) : ('class' as const),
      classId,
      sectionId: b.section_id ?? null,
      studentIds: enrolled.map((e) => e.id),
    };
  };

  app.post(
    '/fee',
    {
      config: { action: 'fee.write' },
      schema: {
        description:
          'Sets a sector’s fee for a session and a class, a section or named students, and invoices every student ' +
          'it covers, in one transaction. Idempotent: the same sector, session, target and last date is one fee, ' +
          'and posting it again only invoices students who have none yet (409 when the amount differs). ' +
          'dry_run: true only counts the students and writes nothing (code fees.fee_dry_run). ' +
          'Amounts are decimal text in taka ("1250.50").',
        body: feeBody,
        response: { 200: feeResponse, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
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
            createdByUserId: authOf(req).userId,
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
    },
  );

  app.get(
    '/fee/all',
    {
      config: { action: 'fee.list' },
      schema: {
        description: 'The school’s fees (optionally of one session), newest last date first, with invoice counts.',
        querystring: feeListQuery,
        response: { 200: feePage },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
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
      const out = page(rows, q.limit, q.offset);
      return {
        ...out,
        rows: out.rows.map((r) => ({ ...r, amount: formatPoisha(r.amount), late_fee: formatPoisha(r.late_fee) })),
      };
    },
  );

  // ---------------------------------------------------------------- invoices

  /**
   * The student whose invoices are asked for: a student only themselves, a guardian a linked
   * child, named by id (server/auth/scope.ts); an admin one of their school, by id or code.
   */
  const invoiceStudent = async (req: FastifyRequest, q: z.output<typeof invoiceQuery>) => {
    const own = await studentOfCaller(req, q.student_id);
    if (own) {
      if (q.student_code) throw forbidden('Name the student by student_id.');
      return { schoolId: own.schoolId, studentId: own.id };
    }
    const schoolId = await schoolOf(req, q.school_info_id);
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
  };

  const invoiceRead = (url: string, status: 'due' | 'paid') =>
    app.get(
      url,
      {
        // Kept per student and URL until the school's fees change (migration 0026) or its midnight.
        config: { action: 'invoice.read', cacheable: true },
        schema: {
          description:
            `A student’s ${status === 'due' ? 'invoices with something still due' : 'fully settled invoices'}, ` +
            'by last date: amount, waived, paid and due as decimal text in taka. A student sees only their own; ' +
            'a school admin names a student (student_id or student_code) of their school.',
          querystring: invoiceQuery,
          response: { 200: invoicePage, 400: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      async (req) => {
        const q = req.query;
        const who = await invoiceStudent(req, q);
        const { today, timeZone } = await schoolClock(db, who.schoolId);
        return studentInvoices(db, { ...who, status, today, timeZone, limit: q.limit, offset: q.offset });
      },
    );
  invoiceRead('/invoice/due', 'due');
  invoiceRead('/invoice/paid', 'paid');

  app.post(
    '/invoice/waiver',
    {
      config: { action: 'invoice.waiver' },
      schema: {
        description:
          'A waiver or discount on one invoice, with its reason; at most what is still due (409). Requires an ' +
          'Idempotency-Key header (400 naming it when missing): a retry never waives twice.',
        body: waiverBody,
        response: { 200: writeResponse, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      requireIdempotencyKey(req, 'waiver');
      const b = req.body;
      const schoolId = await schoolOf(req);
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
            createdByUserId: authOf(req).userId,
          })
          .returning({ id: invoiceWaivers.id });
        return { ok: true as const, id: row.id, message: FEE_MESSAGES.waived, code: FEE_CODES.waived };
      });
    },
  );

  // ---------------------------------------------------------------- payments

  app.post(
    '/payment',
    {
      config: { action: 'payment.write' },
      schema: {
        description:
          'Records a payment against one student’s invoices (invoice_ids, or one invoice_id): the amount settles ' +
          'them oldest last date first; partial payments are allowed, more than is due is refused (409). Requires ' +
          'an Idempotency-Key header: a retry gets the same receipt back. Answers the receipt number.',
        body: paymentBody,
        response: { 200: paymentResponse, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      requireIdempotencyKey(req, 'payment');
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      const ids = [...new Set([...(b.invoice_ids ?? []), ...(b.invoice_id ? [b.invoice_id] : [])])];
      return db.transaction(async (tx) => {
        const paid = await recordPayment(tx, {
          schoolId,
          invoiceIds: ids,
          invoiceField: b.invoice_id ? 'invoice_id' : 'invoice_ids',
          amount: BigInt(b.amount),
          method: b.method,
          reference: b.reference,
          receivedByUserId: authOf(req).userId,
        });
        return {
          ok: true as const,
          payment_id: paid.paymentId,
          receipt_no: paid.receiptNo,
          amount: formatPoisha(b.amount),
          allocations: allocationsOut(paid.parts),
          message: FEE_MESSAGES.paymentRecorded(paid.receiptNo),
          code: FEE_CODES.paymentRecorded,
        };
      });
    },
  );

  app.post(
    '/payment/reverse',
    {
      config: { action: 'payment.reverse' },
      schema: {
        description:
          'A refund or a correction of an earlier payment, as a new ledger entry with its own receipt number ' +
          '(the payment itself is never edited). amount defaults to all of the payment not yet reversed; more is 409. ' +
          'Requires an Idempotency-Key header (400 naming it when missing): a retry never reverses twice.',
        body: reverseBody,
        response: { 200: paymentResponse, 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      requireIdempotencyKey(req, 'refund or correction');
      const b = req.body;
      const schoolId = await schoolOf(req);
      return db.transaction(async (tx) => {
        const [original] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.id, b.payment_id), eq(payments.schoolId, schoolId), eq(payments.kind, 'payment')))
          .for('update');
        if (!original) {
          throw new ApiError(404, 'not_found', 'Payment not found.', { payment_id: 'is not a payment of this school' });
        }
        if (original.isTest) {
          // It took no money and settled nothing (services/fee-ledger.ts): there is nothing to give back.
          throw new ApiError(
            409,
            FEE_CODES.testPayment,
            `Receipt ${original.receiptNo} is a test payment: no money was received, so nothing can be refunded or corrected.`,
            { payment_id: 'is a test payment' },
          );
        }
        // What of the payment is still on each invoice: its allocations less earlier reversals.
        const net = rowsOf<{ invoice_id: number; last_date: string; net: string }>(
          await tx.execute(sql`select pa.invoice_id, f.last_date::text as last_date, sum(pa.amount_poisha)::text as net
              from payment_allocations pa
              join payments p on p.id = pa.payment_id
              join invoices i on i.id = pa.invoice_id
              join fees f on f.id = i.fee_id
              where p.school_id = ${schoolId} and (p.id = ${original.id} or p.reverses_payment_id = ${original.id})
              group by pa.invoice_id, f.last_date
              having sum(pa.amount_poisha) > 0`),
        );
        await lockedInvoices(
          tx,
          schoolId,
          net.map((n) => n.invoice_id),
        );
        const left = net.reduce((s, n) => s + BigInt(n.net), 0n);
        const amount = b.amount !== undefined ? BigInt(b.amount) : left;
        if (left === 0n || amount > left) {
          throw new ApiError(
            409,
            FEE_CODES.nothingToReverse,
            `At most ${formatPoisha(left)} of receipt ${original.receiptNo} may still be reversed.`,
            { amount: `must be at most ${formatPoisha(left)}` },
          );
        }
        // Take it back from the newest invoices first: the oldest stay settled longest.
        const parts: { invoiceId: number; amount: bigint }[] = [];
        let rest = amount;
        for (const n of [...net].sort(
          (x, y) => y.last_date.localeCompare(x.last_date) || y.invoice_id - x.invoice_id,
        )) {
          if (rest === 0n) break;
          const take = BigInt(n.net) < rest ? BigInt(n.net) : rest;
          parts.push({ invoiceId: n.invoice_id, amount: take });
          rest -= take;
        }
        const receiptNo = await nextReceiptNo(tx, schoolId);
        const [entry] = await tx
          .insert(payments)
          .values({
            schoolId,
            studentId: original.studentId,
            receiptNo,
            kind: b.kind,
            method: original.method,
            reference: original.reference,
            amountPoisha: -Number(amount),
            reversesPaymentId: original.id,
            reason: b.reason,
            receivedByUserId: authOf(req).userId,
            createdAt: new Date(clock.now()),
          })
          .returning({ id: payments.id });
        await tx.insert(paymentAllocations).values(
          parts.map((p) => ({
            schoolId,
            paymentId: entry.id,
            invoiceId: p.invoiceId,
            amountPoisha: -Number(p.amount),
          })),
        );
        const after = await lockedInvoices(
          tx,
          schoolId,
          parts.map((p) => p.invoiceId),
        );
        const dueOf = new Map(after.map((a) => [a.id, a.due]));
        return {
          ok: true as const,
          payment_id: entry.id,
          receipt_no: receiptNo,
          amount: formatPoisha(-amount),
          allocations: parts.map((p) => ({
            invoice_id: p.invoiceId,
            amount: formatPoisha(-p.amount),
            due_after: formatPoisha(dueOf.get(p.invoiceId) ?? 0n),
          })),
          message: FEE_MESSAGES.reversed(receiptNo),
          code: FEE_CODES.reversed,
        };
      });
    },
  );

  app.get(
    '/payment/all',
    {
      config: { action: 'payment.list' },
      schema: {
        description:
          'The school’s ledger entries (payments, refunds, corrections), newest first, optionally one student’s ' +
          '(student_id or student_code). test: true marks a test entry (the payment sandbox’s): no money received.',
        querystring: paymentListQuery,
        response: { 200: paymentPage },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      const rows = rowsOf<PaymentRow & { amount: string; total: string }>(
        await db.execute(sql`
        select p.id, p.receipt_no, p.kind, p.method, p.reference, p.amount_poisha::text as amount,
               p.reverses_payment_id, p.reason, p.student_id, s.student_code, concat_ws(' ', s.first_name, nullif(s.middle_name, ''), nullif(s.last_name, '')) as full_name,
               p.is_test as test,
               to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
               count(*) over () as total
        from payments p join students s on s.id = p.student_id
        where p.school_id = ${schoolId} ${q.student_id ? sql`and p.student_id = ${q.student_id}` : sql``}
          ${q.student_code ? sql`and s.student_code = ${q.student_code}` : sql``}
        order by p.id desc
        limit ${q.limit} offset ${q.offset}`),
      );
      const out = page(rows, q.limit, q.offset);
      return { ...out, rows: out.rows.map((r) => ({ ...r, amount: formatPoisha(r.amount) })) };
    },
  );

  // ---------------------------------------------------------------- reports

  app.get(
    '/fee/report/dues',
    {
      config: { action: 'fee.reports' },
      schema: {
        description: 'A session’s invoiced, waived, paid and due amounts by class and section.',
        querystring: duesReportQuery,
        response: { 200: duesPage },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      return duesByClassSection(db, { schoolId, sessionId: q.session_id, limit: q.limit, offset: q.offset });
    },
  );

  app.get(
    '/fee/report/collections',
    {
      config: { action: 'fee.reports' },
      schema: {
        description: 'Net collections (payments less refunds) by day, in the school’s time zone, and sector.',
        querystring: collectionsQuery,
        response: { 200: collectionsPage },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      const { timeZone } = await schoolClock(db, schoolId);
      return collectionsByDaySector(db, {
        schoolId,
        timeZone,
        from: q.from,
        to: q.to,
        limit: q.limit,
        offset: q.offset,
      });
    },
  );

  app.get(
    '/fee/report/collections/monthly',
    {
      config: { action: 'fee.reports' },
      schema: {
        description:
          'A session’s net collections (payments less refunds and corrections) per month, in the school’s time ' +
          'zone: every month of the session year, in order, with the total. The collections chart’s data.',
        querystring: monthlyQuery,
        response: { 200: monthlyReport, 400: errorBody },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      const [session] = await db
        .select({ year: academicSessions.sessionYear })
        .from(academicSessions)
        .where(eq(academicSessions.id, q.session_id));
      if (!session) throw badRequest('session_id', 'is not a session');
      const { timeZone } = await schoolClock(db, schoolId);
      return collectionsByMonth(db, { schoolId, timeZone, sessionYear: session.year.slice(0, 4) });
    },
  );

  app.post(
    '/fee/late-fees',
    {
      config: { action: 'fee.write' },
      schema: {
        description:
          'Invoices now the late fees due by the school’s today: for each fee with a late fee past its last date, ' +
          'one late fee invoice per student who still owes. Idempotent (once per fee and student, however often ' +
          'it runs); the housekeeping job does the same every ten minutes.',
        body: lateFeesBody,
        response: { 200: lateFeesResponse },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      const { today } = await schoolClock(db, schoolId);
      const created = await db.transaction((tx) => generateLateFees(tx, { schoolId, today }));
      return { ok: true as const, created, message: FEE_MESSAGES.lateFees(created), code: FEE_CODES.lateFees };
    },
  );

  app.get(
    '/fee/report/defaulters',
    {
      config: { action: 'fee.reports' },
      schema: {
        description: 'Students of a session with something due past its last date (as of as_of, default today).',
        querystring: defaultersQuery,
        response: { 200: defaultersPage },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      const asOf = q.as_of ?? (await schoolClock(db, schoolId)).today;
      return defaulters(db, { schoolId, sessionId: q.session_id, asOf, limit: q.limit, offset: q.offset });
    },
  );
}
