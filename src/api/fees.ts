/**
 * Fees and payments calls, typed with the shared contract in ./schemas/fees, and the
 * TanStack Query factories the /payment screen reads with. Writes are the fee machines' actors;
 * after one succeeds the screen invalidates `feeKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import type {
  CollectionsQuery,
  DefaultersQuery,
  DuesReportQuery,
  FeeBody,
  FeeListQuery,
  FeeResponse,
  InvoiceQuery,
  LateFeesResponse,
  MonthlyQuery,
  PaymentBody,
  PaymentListQuery,
  ReverseBody,
  WaiverBody,
  PaymentResponse,
  SchoolPageQuery,
  SectorBody,
  WriteResponse,
} from '@/api/schemas/fees';
import { feesEndpoints } from '@/api/endpoints/fees';

export const fetchSectors = (q: SchoolPageQuery = {}) => request(feesEndpoints.sectorAll, { query: q });

export function addSector(body: SectorBody, opts: { idempotencyKey?: string } = {}): Promise<WriteResponse> {
  return request(feesEndpoints.addSector, { body, idempotencyKey: opts.idempotencyKey });
}

/** Sets a fee (or, with dry_run, counts the students it would invoice). */
export function postFee(body: FeeBody, opts: { idempotencyKey?: string } = {}): Promise<FeeResponse> {
  return request(feesEndpoints.fee, { body, idempotencyKey: opts.idempotencyKey });
}

export const fetchFees = (q: FeeListQuery = {}) => request(feesEndpoints.feeAll, { query: q });

export const fetchDueInvoices = (q: InvoiceQuery) => request(feesEndpoints.invoiceDue, { query: q });
export const fetchPaidInvoices = (q: InvoiceQuery) => request(feesEndpoints.invoicePaid, { query: q });

/** Records a payment; the key is the flow's, so "Try again" can never record twice. */
export function recordPayment(body: PaymentBody, opts: { idempotencyKey: string }): Promise<PaymentResponse> {
  return request(feesEndpoints.payment, { body, idempotencyKey: opts.idempotencyKey });
}

/** A waiver or discount on one invoice; the key makes a retry safe. */
export function waiveInvoice(body: WaiverBody, opts: { idempotencyKey: string }): Promise<WriteResponse> {
  return request(feesEndpoints.invoiceWaiver, { body, idempotencyKey: opts.idempotencyKey });
}

/** A refund or correction of a payment, as a new ledger entry; the key makes a retry safe. */
export function reversePayment(body: ReverseBody, opts: { idempotencyKey: string }): Promise<PaymentResponse> {
  return request(feesEndpoints.paymentReverse, { body, idempotencyKey: opts.idempotencyKey });
}

/** Invoices the late fees due by today now (the server's housekeeping job does it too). */
export function invoiceLateFees(opts: { idempotencyKey?: string } = {}): Promise<LateFeesResponse> {
  return request(feesEndpoints.feeLateFees, { body: {}, idempotencyKey: opts.idempotencyKey });
}

export const fetchPayments = (q: PaymentListQuery) => request(feesEndpoints.paymentAll, { query: q });
export const fetchMonthlyCollections = (q: MonthlyQuery) =>
  request(feesEndpoints.feeReportCollectionsMonthly, { query: q });

export const fetchDuesReport = (q: DuesReportQuery) => request(feesEndpoints.feeReportDues, { query: q });
export const fetchCollections = (q: CollectionsQuery) => request(feesEndpoints.feeReportCollections, { query: q });
export const fetchDefaulters = (q: DefaultersQuery) => request(feesEndpoints.feeReportDefaulters, { query: q });

export const feeKeys = {
  all: ['fees'] as const,
  sectors: (q: SchoolPageQuery) => ['fees', 'sectors', q] as const,
  fees: (q: FeeListQuery) => ['fees', 'list', q] as const,
  due: (q: InvoiceQuery) => ['fees', 'due', q] as const,
  paid: (q: InvoiceQuery) => ['fees', 'paid', q] as const,
  payments: (q: PaymentListQuery) => ['fees', 'payments', q] as const,
  report: (kind: string, q: unknown) => ['fees', 'report', kind, q] as const,
};

export const sectorsQuery = (q: SchoolPageQuery = {}) =>
  queryOptions({ queryKey: feeKeys.sectors(q), queryFn: () => fetchSectors(q), placeholderData: keepPreviousData });
export const feesQuery = (q: FeeListQuery = {}) =>
  queryOptions({ queryKey: feeKeys.fees(q), queryFn: () => fetchFees(q), placeholderData: keepPreviousData });
export const dueInvoicesQuery = (q: InvoiceQuery) =>
  queryOptions({ queryKey: feeKeys.due(q), queryFn: () => fetchDueInvoices(q) });
export const duesReportQuery = (q: DuesReportQuery) =>
  queryOptions({ queryKey: feeKeys.report('dues', q), queryFn: () => fetchDuesReport(q) });
export const collectionsQuery = (q: CollectionsQuery) =>
  queryOptions({ queryKey: feeKeys.report('collections', q), queryFn: () => fetchCollections(q) });
export const defaultersQuery = (q: DefaultersQuery) =>
  queryOptions({ queryKey: feeKeys.report('defaulters', q), queryFn: () => fetchDefaulters(q) });
export const paymentsQuery = (q: PaymentListQuery) =>
  queryOptions({ queryKey: feeKeys.payments(q), queryFn: () => fetchPayments(q) });
export const monthlyCollectionsQuery = (q: MonthlyQuery) =>
  queryOptions({ queryKey: feeKeys.report('monthly', q), queryFn: () => fetchMonthlyCollections(q) });
