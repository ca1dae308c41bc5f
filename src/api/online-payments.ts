/**
 * Online fee payment calls (issue 14), typed with ./schemas/online-payments: start a payment
 * through the provider, read the server's record of it, and download a ledger entry's receipt PDF.
 */
import { apiGet, apiPost } from '@/api/client';
import {
  onlinePaymentRow,
  onlineStartResponse,
  type OnlinePaymentRow,
  type OnlineStartBody,
  type OnlineStartResponse,
} from '@/api/schemas/online-payments';
import { downloadFile } from '@/api/upload';

export function startOnlinePayment(
  body: OnlineStartBody,
  opts: { idempotencyKey?: string } = {},
): Promise<OnlineStartResponse> {
  return apiPost('/api/payment/online/start', onlineStartResponse, { body, idempotencyKey: opts.idempotencyKey });
}

export const fetchOnlinePayment = (token: string): Promise<OnlinePaymentRow> =>
  apiGet(`/api/payment/online/${encodeURIComponent(token)}`, onlinePaymentRow);

/** The receipt PDF of a ledger entry, downloaded with the session's token. */
export const downloadReceipt = (paymentId: number, receiptNo: string) =>
  downloadFile(`/api/payment/${paymentId}/receipt`, `receipt-${receiptNo}.pdf`);
