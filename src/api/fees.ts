/**
 * Fees and payments calls, typed with the shared contract in ./schemas/fees, and the
 * TanStack Query factories the /payment screen reads with. Writes are the fee machines' actors;
 * after one succeeds the screen invalidates `feeKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/api/client';
import {
  collectionsPage,
  defaultersPage,
  duesPage,
  feePage,
  feeResponse,
  invoicePage,
  lateFeesResponse,
  monthlyReport,
  paymentPage,
  paymentResponse,
  sectorPage,
  writeResponse,
  type CollectionsQuery,
  type DefaultersQuery,
  type DuesReportQuery,
  type FeeBody,
  type FeeListQuery,
  type FeeResponse,
  type InvoiceQuery,
  type LateFeesResponse,
  type MonthlyQuery,
  type PaymentBody,
  type PaymentListQuery,
  type ReverseBody,
  type WaiverBody,
  type PaymentResponse,
  type SchoolPageQuery,
  type SectorBody,
  type WriteResponse,
} from '@/api/schemas/fees';

export const fetchSectors = (q: SchoolPageQuery = {}) => apiGet('/api/sector/all', sectorPage, { query: q });

export function addSector(body: SectorBody, opts: { idempotencyKey?: string } = {}): Promise<WriteResponse> {
  return apiPost('/api/add_sector', writeResponse, { body, idempotencyKey: opts.idempotencyKey });
}

/** Sets a fee (or, with dry_run, counts the students it would invoice). */
export function postFee(body: FeeBody, opts: { idempotencyKey?: string } = {}): Promise<FeeResponse> {
  return apiPost('/api/fee', feeResponse, { body, idempotencyKey: opts.idempotencyKey });
}

export const fetchFees = (q: FeeListQuery = {}) => apiGet('/api/fee/all', feePage, { query: q });

export const fetchDueInvoices = (q: InvoiceQuery) => apiGet('/api/invoice/due', invoicePage, { query: q });
export const fetchPaidInvoices = (q: InvoiceQuery) => apiGet('/api/invoice/paid', invoicePage, { query: q });

/** Records a payment; the key is the flow's, so "Try again" can never record twice. */
export function recordPayment(body: PaymentBody, opts: { idempotencyKey: string }): Promise<PaymentResponse> {
  return apiPost('/api/payment', paymentResponse, { body, idempotencyKey: opts.idempotencyKey });
}

/** A waiver or discount on one invoice; the key makes a retry safe. */
export function waiveInvoice(body: WaiverBody, opts: { idempotencyKey: string }): Promise<WriteResponse> {
  return apiPost('/api/invoice/waiver', writeResponse, { body, idempotencyKey: opts.idempotencyKey });
}

/** A refund or correction of a payment, as a new ledger entry; the key makes a retry safe. */
export function reversePayment(body: ReverseBody, opts: { idempotencyKey: string }): Promise<PaymentResponse> {
  return apiPost('/api/payment/reverse', paymentResponse, { body, idempotencyKey: opts.idempotencyKey });
}

/** Invoices the late fees due by today now (the server's housekeeping job does it too). */
export function invoiceLateFees(opts: { idempotencyKey?: string } = {}): Promise<LateFeesResponse> {
  return apiPost('/api/fee/late-fees', lateFeesResponse, { body: {}, idempotencyKey: opts.idempotencyKey });
}

export const fetchPayments = (q: PaymentListQuery) => apiGet('/api/payment/all', paymentPage, { query: q });
export const fetchMonthlyCollections = (q: MonthlyQuery) =>
  apiGet('/api/fee/report/collections/monthly', monthlyReport, { query: q });

export const fetchDuesReport = (q: DuesReportQuery) => apiGet('/api/fee/report/dues', duesPage, { query: q });
export const fetchCollections = (q: CollectionsQuery) =>
  apiGet('/api/fee/report/collections', collectionsPage, { query: q });
export const fetchDefaulters = (q: DefaultersQuery) =>
  apiGet('/api/fee/report/defaulters', defaultersPage, { query: q });

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
