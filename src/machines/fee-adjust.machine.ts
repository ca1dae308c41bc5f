/**
 * Waivers, refunds and corrections at the fees desk. Each is a new ledger entry, never an
 * edit: a waiver or discount on one invoice (`POST /api/invoice/waiver`), or a refund or correction
 * of an earlier payment (`POST /api/payment/reverse`), always with a reason. The admin confirms
 * first; the success message is the server's, shown only after it answered. A failed call is
 * retried with the same Idempotency-Key, so a retry never waives or refunds twice.
 *
 *   idle ─adjust.submit─> confirming ─adjust.confirm─> saving ─┬─ done ─> done ─adjust.next─> idle
 *                            └─adjust.cancel─> idle            └─ error ─> failed ─adjust.retry─> saving
 *                                                                               └─adjust.cancel─> idle
 */
import { assign, fromPromise, setup } from 'xstate';
import { reversePayment, waiveInvoice } from '@/api/fees';
import { newIdempotencyKey } from '@/api/client';
import { retryStates } from './shared/retry';

export type AdjustRequest =
  | { what: 'waiver'; invoice_id: number; kind: 'waiver' | 'discount'; amount: string; reason: string }
  | { what: 'reverse'; payment_id: number; kind: 'refund' | 'correction'; amount: string; reason: string };

/** What the server confirmed: its message and, for a reversal, the new entry's receipt number. */
export interface AdjustResult {
  message: string;
  receipt_no: string | null;
}

export interface FeeAdjustContext {
  request: AdjustRequest | null;
  key: string | null;
  result: AdjustResult | null;
  error: unknown;
}

export type FeeAdjustEvent =
  | { type: 'adjust.submit'; request: AdjustRequest }
  | { type: 'adjust.confirm' }
  | { type: 'adjust.cancel' }
  | { type: 'adjust.retry' }
  | { type: 'adjust.next' };

/** The call a request makes: an empty amount on a reversal means all of the payment not yet reversed. */
export async function sendAdjustment(request: AdjustRequest, key: string): Promise<AdjustResult> {
  if (request.what === 'waiver') {
    const { what: _w, ...body } = request;
    const res = await waiveInvoice(body, { idempotencyKey: key });
    return { message: res.message, receipt_no: null };
  }
  const { what: _w, amount, ...rest } = request;
  const res = await reversePayment(amount ? { ...rest, amount } : rest, { idempotencyKey: key });
  return { message: res.message, receipt_no: res.receipt_no };
}

const trimmed = (r: AdjustRequest): AdjustRequest => ({ ...r, amount: r.amount.trim(), reason: r.reason.trim() });

export const feeAdjustMachine = setup({
  types: { context: {} as FeeAdjustContext, events: {} as FeeAdjustEvent },
  actors: {
    adjust: fromPromise<AdjustResult, { request: AdjustRequest; key: string }>(({ input }) =>
      sendAdjustment(input.request, input.key),
    ),
  },
  actions: { adjusted: () => {} },
}).createMachine({
  id: 'feeAdjust',
  context: { request: null, key: null, result: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'adjust.submit': {
          target: 'confirming',
          actions: assign(({ event }) => ({ request: trimmed(event.request), error: null, result: null })),
        },
      },
    },
    confirming: {
      tags: ['confirm'],
      on: {
        'adjust.confirm': { target: 'saving', actions: assign({ key: () => newIdempotencyKey() }) },
        'adjust.cancel': { target: 'idle', actions: assign({ request: null }) },
      },
    },
    ...retryStates<FeeAdjustContext, FeeAdjustEvent>()({
      working: 'saving',
      tags: ['confirm'],
      failed: 'failed',
      actor: 'adjust',
      input: (context) => ({ request: context.request!, key: context.key! }),
      done: 'done',
      onDone: (_, result: AdjustResult) => ({ result }),
      notify: ['adjusted'],
      retry: 'adjust.retry',
      leave: [{ event: 'adjust.cancel', target: 'idle', forget: { request: null, key: null } }],
    }),
    done: {
      on: { 'adjust.next': { target: 'idle', actions: assign({ request: null, key: null, result: null }) } },
    },
  },
});
