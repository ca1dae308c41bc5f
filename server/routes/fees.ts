/**
 * Fees and payments (spec part 2, Payments). The school admin keeps the school's fee
 * sectors, sets fees that invoice a class, a section or named students, records payments (with an
 * Idempotency-Key), waivers, refunds and corrections, and reads the reports. A student reads only
 * their own invoices; a viewer reads a linked school's sectors, fees, receipts and reports.
 * The rules live in the services: sectors, fees and invoices in services/fee-invoices.ts, payments,
 * refunds and the ledger list in services/fee-ledger.ts, the reports in services/fee-reports.ts (on
 * the ledger's queries in services/fees.ts); whose invoices a student or guardian reaches in
 * server/auth/scope.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@/api/schemas/common';
import { FEE_CODES, type invoiceQuery } from '@/api/schemas/fees';
import type { z } from 'zod';
import { authOf } from '../auth/guard';
import { schoolOf } from '../auth/tenant';
import { studentOfCaller } from '../auth/scope';
import { ApiError, forbidden } from '../errors';
import {
  addSector,
  feePage as listFees,
  invoicesOf,
  schoolStudentForInvoices,
  sectorPage as listSectors,
  setFee,
  waiveInvoice,
} from '../services/fee-invoices';
import { payAtCounter, paymentPage as listPayments, reversePayment } from '../services/fee-ledger';
import {
  collectionsReport,
  defaultersReport,
  duesReport,
  lateFeesNow,
  monthlyCollections,
} from '../services/fee-reports';
import { feesEndpoints } from '@/api/endpoints/fees';
import { route } from './define';

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
  // The reports read from a standby when one is configured (docs/SCALING.md).
  const readDb = app.readDb;

  // ---------------------------------------------------------------- sectors

  route(
    app,
    feesEndpoints.addSector,
    {
      schema: {
        description: 'Adds a payment sector (fee head) to the school. 409 when the code is taken in this school.',
        response: { 400: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return addSector(db, schoolId, req.body);
    },
  );

  route(
    app,
    feesEndpoints.sectorAll,
    {
      schema: {
        description: 'The school’s payment sectors, by code, paged.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return listSectors(db, schoolId, req.query);
    },
  );

  // ---------------------------------------------------------------- fees

  route(
    app,
    feesEndpoints.fee,
    {
      schema: {
        description:
          'Sets a sector’s fee for a session and a class, a section or named students, and invoices every student ' +
          'it covers, in one transaction. Idempotent: the same sector, session, target and last date is one fee, ' +
          'and posting it again only invoices students who have none yet (409 when the amount differs). ' +
          'dry_run: true only counts the students and writes nothing (code fees.fee_dry_run). ' +
          'Amounts are decimal text in taka ("1250.50").',
        response: { 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return setFee(db, schoolId, authOf(req).userId, req.body);
    },
  );

  route(
    app,
    feesEndpoints.feeAll,
    {
      schema: {
        description: 'The school’s fees (optionally of one session), newest last date first, with invoice counts.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return listFees(db, schoolId, req.query);
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
    return schoolStudentForInvoices(db, await schoolOf(req, q.school_info_id), q);
  };

  const invoiceRead = (endpoint: typeof feesEndpoints.invoiceDue, status: 'due' | 'paid') =>
    route(
      app,
      endpoint,
      {
        // Kept per student and URL until the school's fees change (migration 0026) or its midnight.
        config: { cacheable: true },
        schema: {
          description:
            `A student’s ${status === 'due' ? 'invoices with something still due' : 'fully settled invoices'}, ` +
            'by last date: amount, waived, paid and due as decimal text in taka. A student sees only their own; ' +
            'a school admin names a student (student_id or student_code) of their school.',
          response: { 400: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      async (req) => {
        const who = await invoiceStudent(req, req.query);
        return invoicesOf(db, who, status, req.query);
      },
    );
  invoiceRead(feesEndpoints.invoiceDue, 'due');
  invoiceRead(feesEndpoints.invoicePaid, 'paid');

  route(
    app,
    feesEndpoints.invoiceWaiver,
    {
      schema: {
        description:
          'A waiver or discount on one invoice, with its reason; at most what is still due (409). Requires an ' +
          'Idempotency-Key header (400 naming it when missing): a retry never waives twice.',
        response: { 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      requireIdempotencyKey(req, 'waiver');
      const schoolId = await schoolOf(req);
      return waiveInvoice(db, schoolId, authOf(req).userId, req.body);
    },
  );

  // ---------------------------------------------------------------- payments

  route(
    app,
    feesEndpoints.payment,
    {
      schema: {
        description:
          'Records a payment against one student’s invoices (invoice_ids, or one invoice_id): the amount settles ' +
          'them oldest last date first; partial payments are allowed, more than is due is refused (409). Requires ' +
          'an Idempotency-Key header: a retry gets the same receipt back. Answers the receipt number.',
        response: { 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      requireIdempotencyKey(req, 'payment');
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return payAtCounter(db, schoolId, authOf(req).userId, req.body);
    },
  );

  route(
    app,
    feesEndpoints.paymentReverse,
    {
      schema: {
        description:
          'A refund or a correction of an earlier payment, as a new ledger entry with its own receipt number ' +
          '(the payment itself is never edited). amount defaults to all of the payment not yet reversed; more is 409. ' +
          'Requires an Idempotency-Key header (400 naming it when missing): a retry never reverses twice.',
        response: { 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      requireIdempotencyKey(req, 'refund or correction');
      const schoolId = await schoolOf(req);
      return reversePayment(db, schoolId, authOf(req).userId, req.body);
    },
  );

  route(
    app,
    feesEndpoints.paymentAll,
    {
      schema: {
        description:
          'The school’s ledger entries (payments, refunds, corrections), newest first, optionally one student’s ' +
          '(student_id or student_code). test: true marks a test entry (the payment sandbox’s): no money received.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return listPayments(db, schoolId, req.query);
    },
  );

  // ---------------------------------------------------------------- reports

  route(
    app,
    feesEndpoints.feeReportDues,
    {
      schema: {
        description: 'A session’s invoiced, waived, paid and due amounts by class and section.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return duesReport(readDb, schoolId, req.query);
    },
  );

  route(
    app,
    feesEndpoints.feeReportCollections,
    {
      schema: {
        description: 'Net collections (payments less refunds) by day, in the school’s time zone, and sector.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return collectionsReport(readDb, schoolId, req.query);
    },
  );

  route(
    app,
    feesEndpoints.feeReportCollectionsMonthly,
    {
      schema: {
        description:
          'A session’s net collections (payments less refunds and corrections) per month, in the school’s time ' +
          'zone: every month of the session year, in order, with the total. The collections chart’s data.',
        response: { 400: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return monthlyCollections(readDb, schoolId, req.query.session_id);
    },
  );

  route(
    app,
    feesEndpoints.feeLateFees,
    {
      schema: {
        description:
          'Invoices now the late fees due by the school’s today: for each fee with a late fee past its last date, ' +
          'one late fee invoice per student who still owes. Idempotent (once per fee and student, however often ' +
          'it runs); the housekeeping job does the same every ten minutes.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return lateFeesNow(db, schoolId);
    },
  );

  route(
    app,
    feesEndpoints.feeReportDefaulters,
    {
      schema: {
        description: 'Students of a session with something due past its last date (as of as_of, default today).',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return defaultersReport(readDb, schoolId, req.query);
    },
  );
}
