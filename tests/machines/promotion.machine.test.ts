/**
 * Model-based path tests for the promotion flow: the model is the machine's own config
 * with the server's answers as explicit events (tests/helpers/as-model.ts); every shortest path is
 * replayed against a real actor whose call is a deferred fake, checking that nothing is sent before
 * the confirmation, what is sent after it, and what each state holds.
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import type { PromoteBody, PromoteResponse } from '@/api/schemas/promotion';
import { NOBODY_CHOSEN, PROMOTION_REQUIRED, promotionMachine, type PromotionEvent } from '@/machines/promotion.machine';
import { asModel } from '../helpers/as-model';

type AnyEvent = { type: string; output?: unknown; error?: unknown; field?: string; value?: string; id?: number };
type Snap = SnapshotFrom<typeof promotionMachine>;

const DONE: PromoteResponse = {
  ok: true,
  message: '3 students promoted to Seven, section A (2027)',
  promoted: 3,
  to_session_year: '2027',
  to_class_name: 'Seven',
  to_section_name: 'A',
};
const TAKEN = new ApiError(409, 'people.roll_taken', 'Class rolls already taken in Seven A (2027): 2', {
  class_roll_no: 'is already taken',
});
const OFFLINE = new ApiError(0, 'network', 'Could not reach the server.');

const DEFAULTS = { from_session_id: '2', to_session_id: '3' };
const USER: AnyEvent[] = [
  { type: 'promotion.field', field: 'section_id', value: '11' },
  { type: 'promotion.field', field: 'to_section_id', value: '21' },
  { type: 'promotion.students', ids: [101, 102, 103] } as AnyEvent,
  { type: 'promotion.toggle', id: 102 },
  { type: 'promotion.submit' },
  { type: 'promotion.confirm' },
  { type: 'promotion.cancel' },
  { type: 'promotion.again' },
];

describe('promotion machine: every state and transition', () => {
  const model = asModel(promotionMachine);
  const events = (s: Snap): AnyEvent[] => [
    ...USER,
    ...(s.value === 'promoting'
      ? [
          { type: 'xstate.done.actor.promote', output: DONE },
          { type: 'xstate.error.actor.promote', error: TAKEN },
          { type: 'xstate.error.actor.promote', error: OFFLINE },
        ]
      : []),
  ];
  const testModel = createTestModel(model, {
    events: events as never,
    input: { defaults: DEFAULTS },
    serializeState: ((s: Snap) =>
      JSON.stringify([
        s.value,
        s.context.form,
        s.context.students,
        s.context.left,
        Object.keys(s.context.fields).sort(),
        s.context.error?.message ?? null,
      ])) as never,
  });
  const paths = testModel.getShortestPaths().filter((p) => p.steps.length <= 9);

  it('reaches every state', () => {
    const reached = paths.flatMap((p) => [p.state, ...p.steps.map((x) => x.state)]).map((x) => String(x.value));
    expect([...new Set(reached)].sort()).toEqual(['confirming', 'editing', 'promoted', 'promoting']);
  });

  for (const path of paths) {
    const name = path.steps
      .map((s) => {
        const e = s.event as AnyEvent;
        if (e.field) return `${e.field}=${e.value}`;
        if (e.error === OFFLINE) return 'offline';
        if (e.error === TAKEN) return 'roll taken';
        return e.type.replace(/^promotion\.|^xstate\.(done|error)\.actor\./, '');
      })
      .join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const calls: { body: PromoteBody; idempotencyKey: string }[] = [];
      let pending: { resolve: (v: PromoteResponse) => void; reject: (e: unknown) => void } | null = null;
      let refreshed = 0;
      const machine = promotionMachine.provide({
        actors: {
          promote: fromPromise<PromoteResponse, (typeof calls)[number]>(({ input }) => {
            calls.push(structuredClone(input));
            return new Promise((resolve, reject) => (pending = { resolve, reject }));
          }),
        },
        actions: { promoted: () => void (refreshed += 1) },
      });
      const actor = createActor(machine, { input: { defaults: DEFAULTS } }).start();
      const snap = () => actor.getSnapshot();
      let last: AnyEvent = { type: 'xstate.init' };
      const send = ({ event }: { event: AnyEvent }) => {
        last = event;
        actor.send(event as PromotionEvent);
      };
      const settle =
        (kind: 'resolve' | 'reject') =>
        async ({ event }: { event: AnyEvent }) => {
          last = event;
          if (!pending) throw new Error('the machine never called promote');
          const p = pending as { resolve: (v: unknown) => void; reject: (e: unknown) => void };
          pending = null;
          if (kind === 'resolve') p.resolve(event.output);
          else p.reject(event.error);
          await new Promise((r) => setTimeout(r, 0));
        };
      await path.test({
        events: {
          'promotion.field': send,
          'promotion.students': send,
          'promotion.toggle': send,
          'promotion.submit': send,
          'promotion.confirm': send,
          'promotion.cancel': send,
          'promotion.again': send,
          'xstate.done.actor.promote': settle('resolve'),
          'xstate.error.actor.promote': settle('reject'),
        },
        states: {
          editing: () => {
            const c = snap().context;
            expect(refreshed).toBe(0);
            if (last.type === 'promotion.submit') {
              // Incomplete: every missing choice is named and nothing is sent.
              expect(calls).toEqual([]);
              if (!c.form.section_id) expect(c.fields.section_id).toBe(PROMOTION_REQUIRED);
              if (!c.form.to_section_id) expect(c.fields.to_section_id).toBe(PROMOTION_REQUIRED);
            }
            if (last.type === 'xstate.error.actor.promote') {
              expect(c.error?.message).toBe((last.error as ApiError).message);
              if (last.error === TAKEN) {
                expect(c.fields.class_roll_no).toBe('is already taken');
                expect(c.idempotencyKey).toBeNull();
              } else {
                // A lost answer keeps the key: the retry cannot promote twice.
                expect(c.idempotencyKey).toBe(calls.at(-1)!.idempotencyKey);
              }
            }
          },
          confirming: () => {
            // Asking first: nothing has gone out yet in this round.
            expect(pending).toBeNull();
            expect(snap().context.fields).toEqual({});
          },
          promoting: () => {
            const sent = calls.at(-1)!;
            const c = snap().context;
            expect(sent.body).toMatchObject({
              from_session_id: 2,
              section_id: 11,
              to_session_id: 3,
              to_section_id: 21,
            });
            if (c.left.length > 0) {
              expect(sent.body.student_ids).toEqual(c.students.filter((id) => !c.left.includes(id)));
              expect(sent.body.student_ids).not.toContain(102);
            } else {
              expect(sent.body).not.toHaveProperty('student_ids');
            }
            expect(sent.idempotencyKey).toMatch(/\S/);
          },
          promoted: () => {
            expect(refreshed).toBe(1);
            expect(snap().context.result?.message).toBe(DONE.message);
          },
        },
      } as never);
      actor.stop();
    });
  }

  // Two transitions lead back to states the shortest paths already reached, so no path takes them.
  it('cancelling the question sends nothing and keeps the choices; "another" clears the sections', async () => {
    let sent = 0;
    const machine = promotionMachine.provide({
      actors: {
        promote: fromPromise<PromoteResponse, { body: PromoteBody; idempotencyKey: string }>(
          async () => (sent++, DONE),
        ),
      },
    });
    const actor = createActor(machine, { input: { defaults: DEFAULTS } }).start();
    actor.send({ type: 'promotion.field', field: 'section_id', value: '11' });
    actor.send({ type: 'promotion.field', field: 'to_section_id', value: '21' });
    actor.send({ type: 'promotion.submit' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'promotion.cancel' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(sent).toBe(0);
    expect(actor.getSnapshot().context.form).toMatchObject({ section_id: '11', to_section_id: '21' });
    actor.send({ type: 'promotion.submit' });
    actor.send({ type: 'promotion.confirm' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('promoted');
    expect(sent).toBe(1);
    actor.send({ type: 'promotion.again' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.form).toEqual({ ...DEFAULTS, section_id: '', to_section_id: '' });
    actor.stop();
  });

  it('unticking everyone is named and never sent', () => {
    const actor = createActor(promotionMachine, { input: { defaults: DEFAULTS } }).start();
    actor.send({ type: 'promotion.field', field: 'section_id', value: '11' });
    actor.send({ type: 'promotion.field', field: 'to_section_id', value: '21' });
    actor.send({ type: 'promotion.students', ids: [101] });
    actor.send({ type: 'promotion.toggle', id: 101 });
    actor.send({ type: 'promotion.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fields.student_ids).toBe(NOBODY_CHOSEN);
    actor.stop();
  });
});
