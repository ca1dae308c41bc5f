/**
 * Model-based path tests for paying online. The model is the machine's own config with
 * the server's answers as explicit events (the re-check timer dropped: 'pay.check' stands for it) (tests/helpers/as-model.ts);
 * every shortest path is replayed on a real actor whose calls are deferred fakes, checking that an
 * invalid draft sends nothing, a retry keeps the idempotency key, the browser leaves only after
 * the server answered, and an outcome is shown only from the server's record.
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/client';
import type { OnlinePaymentRow, OnlineStartResponse } from '@/api/schemas/online-payments';
import { draftProblems, onlinePaymentMachine, type OnlineDraft } from '@/machines/online-payment.machine';
import { asModel } from '../helpers/as-model';

type AnyEvent = {
  type: string;
  output?: OnlinePaymentRow | OnlineStartResponse;
  error?: unknown;
  draft?: OnlineDraft;
  maxDue?: string;
};
type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

const OVERPAID = new ApiError(409, 'fees.overpayment', 'The amount is more than is due.');
const STARTED: OnlineStartResponse = {
  ok: true,
  token: 'tok_1234567890abcdef',
  checkout_url: '/api/payment/sandbox/checkout?token=tok_1234567890abcdef',
  amount: '1000.25',
  code: 'payments.online_started',
};
const rec = (status: OnlinePaymentRow['status']): OnlinePaymentRow => ({
  token: STARTED.token,
  status,
  wallet: 'bkash',
  amount: '1000.25',
  invoice_ids: [7],
  student_id: 1,
  provider_txn_id: status === 'paid' ? 'SBX1' : null,
  payment_id: status === 'paid' ? 9 : null,
  receipt_no: status === 'paid' ? 'R-000009' : null,
  failure: status === 'failed' ? 'declined' : '',
  test: false,
  created_at: '2026-11-24T10:00:00Z',
});
const GOOD: OnlineDraft = { invoice_ids: [7], amount: ' 1000.25 ', wallet: 'bkash' };
const TOO_MUCH: OnlineDraft = { invoice_ids: [7], amount: '1250.51', wallet: 'bkash' };

describe('draft problems', () => {
  it('names each problem and none for a valid part payment', () => {
    expect(draftProblems(GOOD, '1250.50')).toEqual({});
    expect(draftProblems(TOO_MUCH, '1250.50')).toEqual({ amount: 'amountTooMuch' });
    expect(draftProblems({ ...GOOD, amount: '' }, '1250.50')).toEqual({ amount: 'amountRequired' });
    expect(draftProblems({ ...GOOD, amount: '1.005' }, '1250.50')).toEqual({ amount: 'amountFormat' });
    expect(draftProblems({ ...GOOD, amount: '0' }, '1250.50')).toEqual({ amount: 'amountZero' });
    expect(draftProblems({ ...GOOD, invoice_ids: [] }, '0.00')).toMatchObject({ invoices: 'noInvoices' });
  });
});

for (const startWith of [null, STARTED.token]) {
  describe(`online payment machine paths (${startWith ? 'back from the provider' : 'choosing'})`, () => {
    const events = (s: { value: unknown }): AnyEvent[] => [
      { type: 'pay.submit', draft: GOOD, maxDue: '1250.50' },
      { type: 'pay.submit', draft: TOO_MUCH, maxDue: '1250.50' },
      { type: 'pay.retry' },
      { type: 'pay.edit' },
      { type: 'pay.check' },
      { type: 'pay.again' },
      ...(s.value === 'starting'
        ? [
            { type: 'xstate.done.actor.start', output: STARTED },
            { type: 'xstate.error.actor.start', error: OVERPAID },
          ]
        : []),
      ...(s.value === 'checking'
        ? (['paid', 'cancelled', 'failed', 'pending'] as const).map((st) => ({
            type: 'xstate.done.actor.check',
            output: rec(st),
          }))
        : []),
      ...(s.value === 'checking' ? [{ type: 'xstate.error.actor.check', error: OVERPAID }] : []),
    ];
    const model = createTestModel(asModel(onlinePaymentMachine, { delays: 'drop' }), {
      events: events as never,
      input: { token: startWith },
      serializeState: ((s: { value: unknown; context: { problems: object; checks: number } }) =>
        JSON.stringify([s.value, Object.keys(s.context.problems).length > 0, s.context.checks])) as never,
    });
    const paths = model.getShortestPaths();

    it('reaches its states', () => {
      const reached = new Set(
        paths.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value)),
      );
      const expected = startWith
        ? [
            'cancelled',
            'checkFailed',
            'checking',
            'choosing',
            'failed',
            'paid',
            'pending',
            'redirecting',
            'startFailed',
            'starting',
          ]
        : ['choosing', 'redirecting', 'startFailed', 'starting'];
      for (const s of expected) expect([...reached]).toContain(s);
    });

    for (const path of paths) {
      const name = path.steps.map((s) => (s.event as AnyEvent).type.replace(/^xstate\.|^pay\./, '')).join(' → ');
      it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
        const calls: { id: string; input: Record<string, unknown> }[] = [];
        let pending: Pending | null = null;
        let opened = 0;
        const actorOf = (id: string) =>
          fromPromise(({ input }: { input: Record<string, unknown> }) => {
            calls.push({ id, input: structuredClone(input) });
            return new Promise((resolve, reject) => (pending = { resolve, reject }));
          });
        const actor = createActor(
          onlinePaymentMachine.provide({
            actors: { start: actorOf('start'), check: actorOf('check') } as never,
            actions: { goToCheckout: () => void (opened += 1), forgetToken: () => {} },
            delays: { recheck: 1_000_000 },
          }),
          { input: { token: startWith } },
        ).start();
        let last: AnyEvent = { type: 'init' };
        const send = ({ event }: { event: AnyEvent }) => {
          last = event;
          actor.send(event as never);
        };
        const settle =
          (how: 'resolve' | 'reject') =>
          async ({ event }: { event: AnyEvent }) => {
            last = event;
            const p = pending as Pending | null;
            if (!p) throw new Error('nothing was called');
            pending = null;
            if (how === 'resolve') p.resolve(event.output);
            else p.reject(event.error);
            await new Promise((r) => setTimeout(r, 0));
          };
        const ctx = () => actor.getSnapshot().context;
        await path.test({
          events: {
            'pay.submit': send,
            'pay.retry': send,
            'pay.edit': send,
            'pay.check': send,
            'pay.again': send,
            'xstate.done.actor.start': settle('resolve'),
            'xstate.error.actor.start': settle('reject'),
            'xstate.done.actor.check': settle('resolve'),
            'xstate.error.actor.check': settle('reject'),
          },
          states: {
            choosing: () => {
              expect(opened).toBe(0);
              if (last.draft === TOO_MUCH) expect(ctx().problems).toEqual({ amount: 'amountTooMuch' });
              expect(
                calls.filter((c) => c.id === 'start').every((c) => (c.input.draft as OnlineDraft).amount === '1000.25'),
              ).toBe(true);
            },
            starting: () => {
              const sent = calls.at(-1)!;
              expect(sent.id).toBe('start');
              expect(sent.input.draft).toEqual({ ...GOOD, amount: '1000.25' });
              const keys = new Set(calls.filter((c) => c.id === 'start').map((c) => c.input.key));
              expect(keys.size).toBeLessThanOrEqual(calls.filter((c) => c.id === 'start').length);
              expect(opened).toBe(0);
            },
            startFailed: () => {
              expect(ctx().error).toBe(OVERPAID);
              expect(opened).toBe(0);
            },
            redirecting: () => {
              expect(opened).toBe(1);
              expect(ctx().token).toBe(STARTED.token);
            },
            checking: () => {
              expect(calls.at(-1)).toEqual({ id: 'check', input: { token: STARTED.token } });
            },
            checkFailed: () => expect(ctx().error).toBe(OVERPAID),
            paid: () => expect(ctx().record?.receipt_no).toBe('R-000009'),
            cancelled: () => expect(ctx().record?.status).toBe('cancelled'),
            failed: () => expect(ctx().record?.failure).toBe('declined'),
            pending: () => expect(ctx().record?.status).toBe('pending'),
          },
        } as never);
        actor.stop();
      });
    }
  });
}

it('a retry after a refusal sends the same idempotency key', async () => {
  const keys: string[] = [];
  let fail = true;
  const actor = createActor(
    onlinePaymentMachine.provide({
      actors: {
        start: fromPromise(async ({ input }: { input: { key: string } }) => {
          keys.push(input.key);
          if (fail) throw OVERPAID;
          return STARTED;
        }),
      } as never,
      actions: { goToCheckout: () => {} },
    }),
    { input: {} },
  ).start();
  actor.send({ type: 'pay.submit', draft: GOOD, maxDue: '1250.50' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('startFailed'));
  fail = false;
  actor.send({ type: 'pay.retry' });
  await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('redirecting'));
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBe(keys[1]);
});
