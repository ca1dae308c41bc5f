/** The payment sandbox endpoints, served by server/routes/payment-sandbox.ts. */
import { get, post } from '@/api/endpoints/define';

export const paymentSandboxEndpoints = {
  sandboxCheckout: get('/payment/sandbox/checkout', 'public'),
  postSandboxCheckout: post('/payment/sandbox/checkout', 'public'),
};
