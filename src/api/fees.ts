/**
 * Fees and payments calls (issue 14), typed with the shared contract in ./schemas/fees, and the
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
  type PaymentBody,
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
