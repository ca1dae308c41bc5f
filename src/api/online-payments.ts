/**
 * Online fee payment calls (README: Fees and payments), typed with ./schemas/online-payments: ask whether online
 * payment is offered (and whether it is the sandbox's test payments), start a payment through the
 * provider, read the server's record of it, and download a ledger entry's receipt PDF.
 */
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import { urlOf } from '@/api/endpoints/define';
import type {
  OnlineOptions,
  OnlinePaymentRow,
  OnlineStartBody,
  OnlineStartResponse,
} from '@/api/schemas/online-payments';
import { downloadFile } from '@/api/upload';
import { onlinePaymentsEndpoints } from '@/api/endpoints/online-payments';

export const fetchOnlineOptions = (): Promise<OnlineOptions> => request(onlinePaymentsEndpoints.onlineOptions);

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
  return request(onlinePaymentsEndpoints.onlineStart, { body, idempotencyKey: opts.idempotencyKey });
}

export const fetchOnlinePayment = (token: string): Promise<OnlinePaymentRow> =>
  request(onlinePaymentsEndpoints.online, { params: { token } });

/** The receipt PDF of a ledger entry, downloaded with the session's token. */
export const downloadReceipt = (paymentId: number, receiptNo: string) =>
  downloadFile(urlOf(onlinePaymentsEndpoints.receipt, { id: paymentId }), `receipt-${receiptNo}.pdf`);
