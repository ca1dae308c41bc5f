/** The online payments endpoints, served by server/routes/online-payments.ts. */
import { get, post } from '@/api/endpoints/define';
import {
  onlineCallbackBody,
  onlineCallbackResponse,
  onlineOptionsResponse,
  onlinePaymentRow,
  onlineStartBody,
  onlineStartResponse,
  onlineTokenParams,
  receiptParams,
  receiptQuery,
} from '@/api/schemas/online-payments';

export const onlinePaymentsEndpoints = {
  // Asked by the pay screen before it offers a wallet: whoever may start a payment may ask.
  onlineOptions: get('/payment/online/options', 'payment.online-start', { response: onlineOptionsResponse }),
  onlineStart: post('/payment/online/start', 'payment.online-start', {
    body: onlineStartBody,
    response: onlineStartResponse,
  }),
  onlineCallback: post('/payment/online/callback', 'public', {
    body: onlineCallbackBody,
    response: onlineCallbackResponse,
  }),
  online: get('/payment/online/:token', 'payment.online-read', {
    params: onlineTokenParams,
    response: onlinePaymentRow,
  }),
  receipt: get('/payment/:id/receipt', 'payment.receipt', { query: receiptQuery, params: receiptParams }),
};
