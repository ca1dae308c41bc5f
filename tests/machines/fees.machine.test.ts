/**
 * Model-based path tests for the fee flows. Each model is the machine's own config with
 * the server's answers as explicit events (tests/helpers/as-model.ts); every shortest path is
 * replayed on a real actor whose calls are deferred fakes, checking what goes out (nothing before
 * a confirmation, the same idempotency key on a retry) and what each state holds (the receipt only
 * after the server answered, the form kept after a refusal).
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type AnyStateMachine } from 'xstate';
import { ApiError } from '@/api/client';
import type { FeeBody, FeeResponse, PaymentResponse, WriteResponse } from '@/api/schemas/fees';
import { feeAdjustMachine, type AdjustRequest, type AdjustResult } from '@/machines/fee-adjust.machine';
import { feePaymentMachine, type PaymentDraft } from '@/machines/fee-payment.machine';
import { feeSectorMachine } from '@/machines/fee-sector.machine';
import { feeSetupMachine } from '@/machines/fee-setup.machine';
import { asModel } from '../helpers/as-model';

type AnyEvent = { type: string; output?: unknown; error?: unknown; field?: string; value?: string };
type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

const OVERPAID = new ApiError(409, 'fees.overpayment', 'The amount is more than is due.', {
  amount: 'must be at most 250.25',
});
const OFFLINE = new ApiError(0, 'network', 'Could not reach the server.');

/** A real actor whose named actors wait for the path to settle them; records each call's input. */
function harness(machine: AnyStateMachine, actorIds: string[], actions: Record<string, () => void>, input?: unknown) {
  const calls: { id: string; input: Record<string, unknown> }[] = [];
  let pending: Pending | null = null;
  const actors = Object.fromEntries(
    actorIds.map((id) => [
      id,
      fromPromise(({ input }: { input: Record<string, unknown> }) => {
        calls.push({ id, input: structuredClone(input) });
        return new Promise((resolve, reject) => (pending = { resolve, reject }));
      }),
    ]),
  );
  const actor = createActor(machine.provide({ actors, actions } as never), { input }).start();
  let last: AnyEvent = { type: 'xstate.init' };
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
  return { actor, calls, send, settle, last: () => last, pending: () => pending };
}

const stepName = (e: AnyEvent) =>
  e.field
    ? `${e.field}=${e.value}`
    : e.error === OFFLINE
      ? 'offline'
      : e.error
        ? 'refused'
        : e.type.replace(/^[a-z]+\.|^xstate\.(done|error)\.actor\./, '');

// ---------------------------------------------------------------- payment

describe('fee payment machine paths', () => {
  const RECEIPT: PaymentResponse = {
    ok: true,
    payment_id: 5,
    receipt_no: 'R-000005',
    amount: '1000.25',
    allocations: [{ invoice_id: 7, amount: '1000.25', due_after: '250.25' }],
    message: 'Payment recorded: receipt R-000005',
    code: 'fees.payment_recorded',
  };
  const DRAFT: PaymentDraft = { invoice_ids: [7], amount: ' 1000.25 ', method: 'cash', reference: '' };
  const events = (s: { value: unknown }): AnyEvent[] => [
    { type: 'payment.submit', ...DRAFT } as AnyEvent,
    { type: 'payment.confirm' },
    { type: 'payment.cancel' },
    { type: 'payment.retry' },
    { type: 'payment.next' },
    ...(s.value === 'saving'
      ? [
          { type: 'xstate.done.actor.pay', output: RECEIPT },
          { type: 'xstate.error.actor.pay', error: OVERPAID },
          { type: 'xstate.error.actor.pay', error: OFFLINE },
        ]
      : []),
  ];
  const model = createTestModel(asModel(feePaymentMachine), {
    events: events as never,
    serializeState: ((s: { value: unknown; context: { error: unknown } }) =>
      JSON.stringify([s.value, s.context.error === OFFLINE ? 'offline' : s.context.error ? 'refused' : null])) as never,
  });
  const paths = model.getShortestPaths();

  it('reaches every state', () => {
    const reached = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value)),
    );
    expect([...reached].sort()).toEqual(['confirming', 'failed', 'idle', 'receipt', 'saving']);
  });

  for (const path of paths) {
    it(`${String(path.state.value)} via ${path.steps.map((s) => stepName(s.event as AnyEvent)).join(' → ') || 'start'}`, async () => {
      let paid = 0;
      const h = harness(feePaymentMachine, ['pay'], { paid: () => void (paid += 1) });
      const ctx = () => h.actor.getSnapshot().context;
      await path.test({
        events: {
          'payment.submit': h.send,
          'payment.confirm': h.send,
          'payment.cancel': h.send,
          'payment.retry': h.send,
          'payment.next': h.send,
          'xstate.done.actor.pay': h.settle('resolve'),
          'xstate.error.actor.pay': h.settle('reject'),
        },
        states: {
          idle: () => {
            expect(ctx().receipt).toBeNull();
            expect(h.pending()).toBeNull();
          },
          confirming: () => {
            // Asked first: nothing has gone out for this draft.
            expect(h.calls).toEqual([]);
            expect(ctx().draft).toEqual({ ...DRAFT, amount: '1000.25' });
          },
          saving: () => {
            const sent = h.calls.at(-1)!.input as { draft: PaymentDraft; key: string };
            expect(sent.draft).toEqual({ invoice_ids: [7], amount: '1000.25', method: 'cash', reference: '' });
            expect(sent.key).toMatch(/\S/);
            // A retry sends the very same key: the server replays, never records twice.
            expect(new Set(h.calls.map((c) => c.input.key)).size).toBe(1);
            expect(ctx().receipt).toBeNull();
          },
          failed: () => {
            expect(ctx().error).toBe(h.last().error);
            expect(ctx().receipt).toBeNull();
            expect(paid).toBe(0);
          },
          receipt: () => {
            expect(ctx().receipt?.receipt_no).toBe('R-000005');
            expect(paid).toBe(1);
          },
        },
      } as never);
      h.actor.stop();
    });
  }
});

// ---------------------------------------------------------------- fee setup

describe('fee setup machine paths', () => {
  const COUNT: FeeResponse = {
    ok: true,
    fee_id: null,
    students: 40,
    created: 0,
    existing: 2,
    message: 'Fee saved: 38 invoices generated',
    code: 'fees.fee_created',
  };
  const SAVED: FeeResponse = { ...COUNT, fee_id: 3, created: 38, message: 'Fee saved: 38 invoices generated' };
  const FILL: AnyEvent[] = [
    { type: 'fee.change', field: 'sector_id', value: '4' },
    { type: 'fee.change', field: 'session_id', value: '2' },
    { type: 'fee.change', field: 'class_id', value: '6' },
    { type: 'fee.change', field: 'amount', value: '1250.50' },
    { type: 'fee.change', field: 'last_date', value: '2026-01-31' },
  ];
  const FORM = { sector_id: '4', session_id: '2', class_id: '6', amount: '1250.50', last_date: '2026-01-31' };
  const events = (s: { value: unknown }): AnyEvent[] => [
    { type: 'fee.change', field: 'amount', value: '1250.50' },
    { type: 'fee.change', field: 'amount', value: '1250.505' },
    { type: 'fee.submit' },
    { type: 'fee.confirm' },
    { type: 'fee.cancel' },
    ...(s.value === 'counting'
      ? [
          { type: 'xstate.done.actor.count', output: COUNT },
          { type: 'xstate.error.actor.count', error: OFFLINE },
        ]
      : []),
    ...(s.value === 'saving'
      ? [
          { type: 'xstate.done.actor.save', output: SAVED },
          { type: 'xstate.error.actor.save', error: OFFLINE },
        ]
      : []),
  ];
  const model = createTestModel(asModel(feeSetupMachine), {
    events: events as never,
    input: { form: FORM },
    serializeState: ((s: { value: unknown; context: { form: Record<string, string>; feedback: unknown } }) =>
      JSON.stringify([s.value, s.context.form, !!s.context.feedback])) as never,
  });
  const paths = model.getShortestPaths();

  it('reaches every state', () => {
    const reached = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value)),
    );
    expect([...reached].sort()).toEqual(['confirming', 'counting', 'editing', 'saving']);
  });

  // Only the paths that end somewhere new are replayed (the rest repeat their prefixes).
  for (const path of paths) {
    it(`${String(path.state.value)} via ${path.steps.map((s) => stepName(s.event as AnyEvent)).join(' → ') || 'start'}`, async () => {
      let saved = 0;
      const h = harness(feeSetupMachine, ['count', 'save'], { saved: () => void (saved += 1) }, { form: FORM });
      const ctx = () => h.actor.getSnapshot().context;
      await path.test({
        events: {
          'fee.change': h.send,
          'fee.submit': h.send,
          'fee.confirm': h.send,
          'fee.cancel': h.send,
          'xstate.done.actor.count': h.settle('resolve'),
          'xstate.error.actor.count': h.settle('reject'),
          'xstate.done.actor.save': h.settle('resolve'),
          'xstate.error.actor.save': h.settle('reject'),
        },
        states: {
          editing: () => {
            if (h.last().type === 'fee.submit') expect(h.calls).toEqual([]); // the bad amount never leaves
            if (ctx().feedback) {
              expect(saved).toBe(1);
              expect(ctx().feedback?.created).toBe(38);
              // Sector and session stay for the next fee; the rest clears.
              if (h.last().type === 'xstate.done.actor.save') {
                expect(ctx().form).toMatchObject({ sector_id: '4', session_id: '2', amount: '', class_id: '' });
              }
            } else {
              expect(saved).toBe(0);
            }
          },
          counting: () => {
            const sent = h.calls.at(-1)!;
            expect(sent.id).toBe('count');
            expect(sent.input.body as FeeBody).toEqual({
              sector_id: 4,
              session_id: 2,
              class_id: 6,
              amount: '1250.50',
              last_date: '2026-01-31',
              dry_run: true,
            });
          },
          confirming: () => {
            // Only the dry run went out; the count is there to show.
            expect(h.calls.every((c) => c.id === 'count')).toBe(true);
            expect(ctx().count?.students).toBe(40);
          },
          saving: () => {
            const sent = h.calls.at(-1)!;
            expect(sent.id).toBe('save');
            expect(sent.input.body).not.toHaveProperty('dry_run');
            expect(sent.input.key).toMatch(/\S/);
          },
        },
      } as never);
      h.actor.stop();
    });
  }

  it('an amount with three decimals never leaves the form', () => {
    const h = harness(feeSetupMachine, ['count', 'save'], {});
    for (const e of FILL) h.actor.send(e as never);
    h.actor.send({ type: 'fee.change', field: 'amount', value: '1250.505' });
    h.actor.send({ type: 'fee.submit' });
    expect(h.actor.getSnapshot().value).toBe('editing');
    expect(h.calls).toEqual([]);
  });
});

// ---------------------------------------------------------------- sectors

describe('fee sector machine paths', () => {
  const SAVED: WriteResponse = {
    ok: true,
    id: 1,
    message: 'New Sector saved successfully',
    code: 'fees.sector_created',
  };
  const TAKEN = new ApiError(409, 'fees.sector_exists', 'This sector code is already used in this school.', {
    sector_code: 'is already used in this school',
  });
  const events = (s: { value: unknown }): AnyEvent[] => [
    { type: 'sector.change', field: 'sector_code', value: 'TUI' },
    { type: 'sector.change', field: 'sector_name', value: 'Tuition' },
    { type: 'sector.submit' },
    ...(s.value === 'saving'
      ? [
          { type: 'xstate.done.actor.save', output: SAVED },
          { type: 'xstate.error.actor.save', error: TAKEN },
          { type: 'xstate.error.actor.save', error: OFFLINE },
        ]
      : []),
  ];
  const model = createTestModel(asModel(feeSectorMachine), {
    events: events as never,
    serializeState: ((s: { value: unknown; context: { form: unknown; feedback: unknown; error: unknown } }) =>
      JSON.stringify([
        s.value,
        s.context.form,
        !!s.context.feedback,
        stepName({ type: '', error: s.context.error }),
      ])) as never,
  });
  for (const path of model.getShortestPaths()) {
    it(`${String(path.state.value)} via ${path.steps.map((s) => stepName(s.event as AnyEvent)).join(' → ') || 'start'}`, async () => {
      let saved = 0;
      const h = harness(feeSectorMachine, ['save'], { saved: () => void (saved += 1) });
      const ctx = () => h.actor.getSnapshot().context;
      await path.test({
        events: {
          'sector.change': h.send,
          'sector.submit': h.send,
          'xstate.done.actor.save': h.settle('resolve'),
          'xstate.error.actor.save': h.settle('reject'),
        },
        states: {
          idle: () => {
            if (h.last().type === 'sector.submit') expect(h.calls).toEqual([]); // incomplete: nothing sent
            if (h.last().type === 'fee.submit') expect(h.calls).toEqual([]); // the bad amount never leaves
            if (h.last().type === 'xstate.done.actor.save') {
              expect(saved).toBe(h.calls.length);
              expect(ctx().form).toEqual({ sector_code: '', sector_name: '', sector_name_bn: '' });
            }
            if (h.last().type === 'xstate.error.actor.save') {
              expect(ctx().error).toBe(h.last().error);
              expect(ctx().form).toEqual({ sector_code: 'TUI', sector_name: 'Tuition', sector_name_bn: '' });
              // A lost answer keeps the key for the next try; a refusal forgets it.
              expect(ctx().key).toBe(h.last().error === OFFLINE ? h.calls.at(-1)!.input.key : null);
            }
          },
          saving: () => {
            expect(h.calls.at(-1)!.input.form).toEqual({
              sector_code: 'TUI',
              sector_name: 'Tuition',
              sector_name_bn: '',
            });
            expect(h.calls.at(-1)!.input.key).toMatch(/\S/);
          },
        },
      } as never);
      h.actor.stop();
    });
  }

  it('submitting again after a lost answer sends the same key; after a refusal a new one', async () => {
    const h = harness(feeSectorMachine, ['save'], {});
    const fill = () => {
      h.actor.send({ type: 'sector.change', field: 'sector_code', value: 'TUI' });
      h.actor.send({ type: 'sector.change', field: 'sector_name', value: 'Tuition' });
    };
    fill();
    h.send({ event: { type: 'sector.submit' } });
    await h.settle('reject')({ event: { type: 'xstate.error.actor.save', error: OFFLINE } });
    h.send({ event: { type: 'sector.submit' } });
    await h.settle('reject')({ event: { type: 'xstate.error.actor.save', error: TAKEN } });
    h.send({ event: { type: 'sector.submit' } });
    const keys = h.calls.map((c) => c.input.key);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});

// ---------------------------------------------------------------- waivers, refunds, corrections

describe.each([
  {
    name: 'waiver',
    request: { what: 'waiver', invoice_id: 7, kind: 'discount', amount: ' 250.50 ', reason: ' Sibling ' },
    result: { message: 'Waiver saved', receipt_no: null },
  },
  {
    name: 'refund',
    request: { what: 'reverse', payment_id: 5, kind: 'refund', amount: '', reason: 'Paid twice' },
    result: { message: 'Entry recorded: receipt R-000009', receipt_no: 'R-000009' },
  },
] as { name: string; request: AdjustRequest; result: AdjustResult }[])('fee adjust machine paths ($name)', (c) => {
  const REFUSED = new ApiError(409, 'fees.overpayment', 'At most 250.25 is due on this invoice.', {
    amount: 'must be at most 250.25',
  });
  const events = (s: { value: unknown }): AnyEvent[] => [
    { type: 'adjust.submit', request: c.request } as AnyEvent,
    { type: 'adjust.confirm' },
    { type: 'adjust.cancel' },
    { type: 'adjust.retry' },
    { type: 'adjust.next' },
    ...(s.value === 'saving'
      ? [
          { type: 'xstate.done.actor.adjust', output: c.result },
          { type: 'xstate.error.actor.adjust', error: REFUSED },
          { type: 'xstate.error.actor.adjust', error: OFFLINE },
        ]
      : []),
  ];
  const model = createTestModel(asModel(feeAdjustMachine), {
    events: events as never,
    serializeState: ((s: { value: unknown; context: { error: unknown } }) =>
      JSON.stringify([s.value, s.context.error === OFFLINE ? 'offline' : s.context.error ? 'refused' : null])) as never,
  });
  const paths = model.getShortestPaths();
  const sentRequest = { ...c.request, amount: c.request.amount.trim(), reason: c.request.reason.trim() };

  it('reaches every state', () => {
    const reached = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value)),
    );
    expect([...reached].sort()).toEqual(['confirming', 'done', 'failed', 'idle', 'saving']);
  });

  it('a retry after a failure sends the same Idempotency-Key, then shows the server’s answer', async () => {
    let adjusted = 0;
    const h = harness(feeAdjustMachine, ['adjust'], { adjusted: () => void (adjusted += 1) });
    h.send({ event: { type: 'adjust.submit', request: c.request } as AnyEvent });
    h.send({ event: { type: 'adjust.confirm' } });
    await h.settle('reject')({ event: { type: 'xstate.error.actor.adjust', error: OFFLINE } });
    expect(h.actor.getSnapshot().value).toBe('failed');
    h.send({ event: { type: 'adjust.retry' } });
    await h.settle('resolve')({ event: { type: 'xstate.done.actor.adjust', output: c.result } });
    expect(h.calls).toHaveLength(2);
    expect(h.calls[1].input.key).toBe(h.calls[0].input.key);
    expect(h.actor.getSnapshot().context.result).toEqual(c.result);
    expect(adjusted).toBe(1);
    // The next adjustment gets a new key.
    h.send({ event: { type: 'adjust.next' } });
    h.send({ event: { type: 'adjust.submit', request: c.request } as AnyEvent });
    h.send({ event: { type: 'adjust.confirm' } });
    expect(h.calls[2].input.key).not.toBe(h.calls[0].input.key);
    h.actor.stop();
  });

  for (const path of paths) {
    it(`${String(path.state.value)} via ${path.steps.map((s) => stepName(s.event as AnyEvent)).join(' → ') || 'start'}`, async () => {
      let adjusted = 0;
      const h = harness(feeAdjustMachine, ['adjust'], { adjusted: () => void (adjusted += 1) });
      const ctx = () => h.actor.getSnapshot().context;
      await path.test({
        events: {
          'adjust.submit': h.send,
          'adjust.confirm': h.send,
          'adjust.cancel': h.send,
          'adjust.retry': h.send,
          'adjust.next': h.send,
          'xstate.done.actor.adjust': h.settle('resolve'),
          'xstate.error.actor.adjust': h.settle('reject'),
        },
        states: {
          idle: () => {
            expect(ctx().result).toBeNull();
            expect(h.pending()).toBeNull();
          },
          confirming: () => {
            // Asked first: nothing has gone out, and the reason travels trimmed.
            expect(h.calls).toEqual([]);
            expect(ctx().request).toEqual(sentRequest);
          },
          saving: () => {
            const sent = h.calls.at(-1)!.input as { request: AdjustRequest; key: string };
            expect(sent.request).toEqual(sentRequest);
            expect(sent.key).toMatch(/\S/);
            // A retry sends the very same key: the server replays, never waives or refunds twice.
            expect(new Set(h.calls.map((x) => x.input.key)).size).toBe(1);
            expect(ctx().result).toBeNull();
          },
          failed: () => {
            expect(ctx().error).toBe(h.last().error);
            expect(ctx().result).toBeNull();
            expect(adjusted).toBe(0);
            // The entry is kept for a retry with its key.
            expect(ctx().request).toEqual(sentRequest);
          },
          done: () => {
            expect(ctx().result).toEqual(c.result);
            expect(adjusted).toBe(1);
          },
        },
      } as never);
      h.actor.stop();
    });
  }
});
