/**
 * Paying due invoices online: the student chooses invoices, an amount (part of the due
 * allowed, more refused before anything is sent) and a wallet; the server records a pending
 * payment and answers the provider's checkout page, where the browser goes. Back from the
 * provider (/payoption?payment=<token>), the outcome shown is the server's record only: paid with
 * its receipt, cancelled, failed, or still pending (checked again a few times, then on request).
 *
 *   choosing ─pay.submit (valid)─> starting ─ done ─> redirecting (the browser leaves)
 *      ▲                              └─ error ─> startFailed ─pay.retry─> starting
 *      │                                              └─pay.edit─> choosing
 *   (input token) checking ─ done ─┬─> paid | cancelled | failed ─pay.again─> choosing
 *                      ▲           └─> pending ─after 2 s (3 times) / pay.check─┐
 *                      └── checkFailed ─pay.check── error ◄──────────────────────┘
 */
import { assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '@/api/client';
import { fetchOnlinePayment, startOnlinePayment } from '@/api/online-payments';
import { moneyProblem, parseTaka } from '@/api/schemas/fees';
import type { OnlinePaymentRow, OnlineStartResponse, Wallet } from '@/api/schemas/online-payments';

export interface OnlineDraft {
  invoice_ids: number[];
  amount: string;
  wallet: Wallet | '';
}

/** What is wrong with a draft (i18n keys under payments.online), given the chosen invoices' due. */
export type DraftProblem = 'noInvoices' | 'amountRequired' | 'amountFormat' | 'amountZero' | 'amountTooMuch';

export function draftProblems(d: OnlineDraft, maxDue: string): Partial<Record<'invoices' | 'amount', DraftProblem>> {
  const out: Partial<Record<'invoices' | 'amount', DraftProblem>> = {};
  if (!d.invoice_ids.length) out.invoices = 'noInvoices';
  const text = d.amount.trim();
  if (!text) out.amount = 'amountRequired';
  else if (moneyProblem(text)) out.amount = 'amountFormat';
  else if (parseTaka(text)! <= 0) out.amount = 'amountZero';
  else if (BigInt(parseTaka(text)!) > BigInt(parseTaka(maxDue) ?? 0)) out.amount = 'amountTooMuch';
  return out;
}

export const CHECKS_BEFORE_ASKING = 3;

export interface OnlinePaymentContext {
  token: string | null;
  draft: OnlineDraft | null;
  problems: ReturnType<typeof draftProblems>;
  key: string | null;
  started: OnlineStartResponse | null;
  record: OnlinePaymentRow | null;
  checks: number;
  error: unknown;
}

export type OnlinePaymentEvent =
  | { type: 'pay.submit'; draft: OnlineDraft; maxDue: string }
  | { type: 'pay.retry' }
  | { type: 'pay.edit' }
  | { type: 'pay.check' }
  | { type: 'pay.again' };

export const onlinePaymentMachine = setup({
  types: {
    context: {} as OnlinePaymentContext,
    events: {} as OnlinePaymentEvent,
    input: {} as { token?: string | null },
  },
  actors: {
    start: fromPromise<OnlineStartResponse, { draft: OnlineDraft; key: string }>(({ input }) =>
      startOnlinePayment(
        { invoice_ids: input.draft.invoice_ids, amount: input.draft.amount, wallet: input.draft.wallet as Wallet },
        { idempotencyKey: input.key },
      ),
    ),
    check: fromPromise<OnlinePaymentRow, { token: string }>(({ input }) => fetchOnlinePayment(input.token)),
  },
  actions: {
    /** The screen sends the browser to the provider's checkout page. */
    goToCheckout: () => {},
    /** The screen drops ?payment= from the address once the payer starts over. */
    forgetToken: () => {},
    reset: assign({ token: null, draft: null, started: null, record: null, checks: 0, error: null, key: null }),
  },
  guards: {
    valid: ({ event }) =>
      event.type === 'pay.submit' && Object.keys(draftProblems(event.draft, event.maxDue)).length === 0,
    isPaid: ({ event }) => (event as unknown as { output: OnlinePaymentRow }).output.status === 'paid',
    isCancelled: ({ event }) => (event as unknown as { output: OnlinePaymentRow }).output.status === 'cancelled',
    isFailed: ({ event }) => (event as unknown as { output: OnlinePaymentRow }).output.status === 'failed',
    mayCheckAgain: ({ context }) => context.checks < CHECKS_BEFORE_ASKING,
  },
  delays: { recheck: 2000 },
}).createMachine({
  id: 'onlinePayment',
  context: ({ input }) => ({
    token: input?.token ?? null,
    draft: null,
    problems: {},
    key: null,
    started: null,
    record: null,
    checks: 0,
    error: null,
  }),
  initial: 'entry',
  states: {
    entry: {
      tags: ['checking'],
      always: [{ target: 'checking', guard: ({ context }) => !!context.token }, { target: 'choosing' }],
    },
    choosing: {
      tags: ['chooser'],
      on: {
        'pay.submit': [
          {
            guard: 'valid',
            target: 'starting',
            actions: assign(({ event }) => ({
              draft: { ...event.draft, amount: event.draft.amount.trim() },
              problems: {},
              key: newIdempotencyKey(),
              error: null,
            })),
          },
          { actions: assign(({ event }) => ({ problems: draftProblems(event.draft, event.maxDue) })) },
        ],
      },
    },
    starting: {
      tags: ['busy', 'chooser'],
      invoke: {
        id: 'start',
        src: 'start',
        input: ({ context }) => ({ draft: context.draft!, key: context.key! }),
        onDone: {
          target: 'redirecting',
          actions: [assign(({ event }) => ({ started: event.output, token: event.output.token })), 'goToCheckout'],
        },
        onError: { target: 'startFailed', actions: assign(({ event }) => ({ error: event.error })) },
      },
    },
    startFailed: {
      tags: ['chooser', 'startFailed'],
      on: {
        'pay.retry': { target: 'starting', actions: assign({ error: null }) },
        'pay.edit': { target: 'choosing', actions: assign({ error: null, key: null }) },
      },
    },
    redirecting: { tags: ['busy', 'chooser'] },
    checking: {
      tags: ['busy', 'checking'],
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({ token: context.token! }),
        onDone: [
          { guard: 'isPaid', target: 'paid', actions: assign(({ event }) => ({ record: event.output })) },
          { guard: 'isCancelled', target: 'cancelled', actions: assign(({ event }) => ({ record: event.output })) },
          { guard: 'isFailed', target: 'failed', actions: assign(({ event }) => ({ record: event.output })) },
          {
            target: 'pending',
            actions: assign(({ event, context }) => ({ record: event.output, checks: context.checks + 1 })),
          },
        ],
        onError: { target: 'checkFailed', actions: assign(({ event }) => ({ error: event.error })) },
      },
    },
    pending: {
      tags: ['pending'],
      after: { recheck: { guard: 'mayCheckAgain', target: 'checking' } },
      on: { 'pay.check': { target: 'checking', actions: assign({ checks: 0 }) } },
    },
    checkFailed: {
      tags: ['checkFailed'],
      on: { 'pay.check': { target: 'checking', actions: assign({ error: null }) } },
    },
    paid: { tags: ['paid'], on: { 'pay.again': { target: 'choosing', actions: ['forgetToken', 'reset'] } } },
    cancelled: { tags: ['cancelled'], on: { 'pay.again': { target: 'choosing', actions: ['forgetToken', 'reset'] } } },
    failed: { tags: ['declined'], on: { 'pay.again': { target: 'choosing', actions: ['forgetToken', 'reset'] } } },
  },
});
