/**
 * Online fee payment calls (README: Fees and payments), typed with ./schemas/online-payments: ask whether online
 * payment is offered (and whether it is the sandbox's test payments), start a payment through the
 * provider, read the server's record of it, and download a ledger entry's receipt PDF.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/api/client';
import {
  onlineOptionsResponse,
  onlinePaymentRow,
  onlineStartResponse,
  type OnlineOptions,
  type OnlinePaymentRow,
  type OnlineStartBody,
  type OnlineStartResponse,
} from '@/api/schemas/online-payments';
import { downloadFile } from '@/api/upload';

export const fetchOnlineOptions = (): Promise<OnlineOptions> =>
  apiGet('/api/payment/online/options', onlineOptionsResponse);

/** The server's configuration: read once per page view, never guessed by the client. */
export const onlineOptionsQuery = () =>
  queryOptions({
    queryKey: ['payments', 'online', 'options'] as const,
    queryFn: fetchOnlineOptions,
    staleTime: 60_000,
  });

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
