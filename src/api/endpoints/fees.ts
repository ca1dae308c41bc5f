/** The fees endpoints, served by server/routes/fees.ts. */
import { get, post } from '@/api/endpoints/define';
import {
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
} from '@/api/schemas/fees';

export const feesEndpoints = {
  addSector: post('/add_sector', 'fee.sector-write', { body: sectorBody, response: writeResponse }),
  sectorAll: get('/sector/all', 'fee.sectors', { query: schoolPageQuery, response: sectorPage }),
  fee: post('/fee', 'fee.write', { body: feeBody, response: feeResponse }),
  feeAll: get('/fee/all', 'fee.list', { query: feeListQuery, response: feePage }),
  // The two lists of one student's invoices, by what is left to pay.
  invoiceDue: get('/invoice/due', 'invoice.read', { query: invoiceQuery, response: invoicePage }),
  invoicePaid: get('/invoice/paid', 'invoice.read', { query: invoiceQuery, response: invoicePage }),
  invoiceWaiver: post('/invoice/waiver', 'invoice.waiver', { body: waiverBody, response: writeResponse }),
  payment: post('/payment', 'payment.write', { body: paymentBody, response: paymentResponse }),
  paymentReverse: post('/payment/reverse', 'payment.reverse', { body: reverseBody, response: paymentResponse }),
  paymentAll: get('/payment/all', 'payment.list', { query: paymentListQuery, response: paymentPage }),
  feeReportDues: get('/fee/report/dues', 'fee.reports', { query: duesReportQuery, response: duesPage }),
  feeReportCollections: get('/fee/report/collections', 'fee.reports', {
    query: collectionsQuery,
    response: collectionsPage,
  }),
  feeReportCollectionsMonthly: get('/fee/report/collections/monthly', 'fee.reports', {
    query: monthlyQuery,
    response: monthlyReport,
  }),
  feeLateFees: post('/fee/late-fees', 'fee.write', { body: lateFeesBody, response: lateFeesResponse }),
  feeReportDefaulters: get('/fee/report/defaulters', 'fee.reports', {
    query: defaultersQuery,
    response: defaultersPage,
  }),
};
