/**
 * Recording a payment at the counter: the chosen due invoices of one student, the
 * amount (partial allowed), cash or a mobile wallet with its transaction id. The admin confirms;
 * the receipt number shows only after the server answered. A failed call is retried with the
 * same idempotency key, so a payment is never recorded twice.
 *
 *   idle ─payment.submit─> confirming ─payment.confirm─> saving ─┬─ done ─> receipt ─payment.next─> idle
 *                              └─payment.cancel─> idle           └─ error ─> failed ─payment.retry─> saving
 *                                                                                 └─payment.cancel─> idle
 */
import { assign, fromPromise, setup } from 'xstate';
import { recordPayment } from '@/api/fees';
import { newIdempotencyKey } from '@/api/client';
import { retryStates } from './shared/retry';
import type { PaymentMethod, PaymentResponse } from '@/api/schemas/fees';

export interface PaymentDraft {
  invoice_ids: number[];
  amount: string;
  method: PaymentMethod;
  reference: string;
}

export interface FeePaymentContext {
  draft: PaymentDraft | null;
  key: string | null;
  receipt: PaymentResponse | null;
  error: unknown;
}

export type FeePaymentEvent =
  | ({ type: 'payment.submit' } & PaymentDraft)
  | { type: 'payment.confirm' }
  | { type: 'payment.cancel' }
  | { type: 'payment.retry' }
  | { type: 'payment.next' };

export const feePaymentMachine = setup({
  types: { context: {} as FeePaymentContext, events: {} as FeePaymentEvent },
  actors: {
    pay: fromPromise<PaymentResponse, { draft: PaymentDraft; key: string }>(({ input }) =>
      recordPayment(input.draft, { idempotencyKey: input.key }),
    ),
  },
  actions: { paid: () => {} },
}).createMachine({
  id: 'feePayment',
  context: { draft: null, key: null, receipt: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'payment.submit': {
          target: 'confirming',
          actions: assign(({ event }) => ({
            draft: {
              invoice_ids: event.invoice_ids,
              amount: event.amount.trim(),
              method: event.method,
              reference: event.reference.trim(),
            },
            error: null,
            receipt: null,
          })),
        },
      },
    },
    confirming: {
      tags: ['confirm'],
      on: {
        'payment.confirm': { target: 'saving', actions: assign({ key: () => newIdempotencyKey() }) },
        'payment.cancel': { target: 'idle', actions: assign({ draft: null }) },
      },
    },
    ...retryStates<FeePaymentContext, FeePaymentEvent>()({
      working: 'saving',
      tags: ['confirm'],
      failed: 'failed',
      actor: 'pay',
      input: (context) => ({ draft: context.draft!, key: context.key! }),
      done: 'receipt',
      onDone: (_, receipt: PaymentResponse) => ({ receipt }),
      notify: ['paid'],
      retry: 'payment.retry',
      leave: [{ event: 'payment.cancel', target: 'idle', forget: { draft: null, key: null } }],
    }),
    receipt: {
      on: { 'payment.next': { target: 'idle', actions: assign({ draft: null, key: null, receipt: null }) } },
    },
  },
});
