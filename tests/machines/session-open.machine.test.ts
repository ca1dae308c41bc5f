/**
 * Model-based paths through opening the next session (src/machines/session-open.machine.ts): the
 * call goes out only after the confirmation, with the copy choice as it stands, and the answer or
 * the refusal is what the screen shows.
 */
import { createActor, fromPromise, type EventObject } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { sessionOpenMachine, type SessionOpenInput } from '@/machines/session-open.machine';
import { asModel } from '../helpers/as-model';

const OPENED = {
  ok: true,
  code: 'structure.session_opened',
  message: 'Session 2027 opened. 412 routine entries copied from the last session.',
  session: { id: 4, session_year: '2027' },
  routines_copied: 412,
};
const HAS = {
  status: 409,
  code: 'structure.session_has_routines',
  message: 'Session 2027 already has 412 routine entries for this school; nothing was copied.',
};
const LOST = { status: 503, code: 'internal', message: 'Something went wrong on our side.' };

type ModelEvent = EventObject & Record<string, unknown>;

function start() {
  const calls: SessionOpenInput[] = [];
  let opened = 0;
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const actor = createActor(
    sessionOpenMachine.provide({
      actors: {
        open: fromPromise(({ input }: { input: SessionOpenInput }) => {
          calls.push(input);
          return new Promise((resolve, reject) => (pending = { resolve, reject })) as never;
        }),
      },
      actions: { opened: () => void (opened += 1) },
    }),
  ).start();
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    const p = pending!;
    pending = null;
    p[how](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, calls, settle, opened: () => opened, pending: () => pending };
}

const events = [
  { type: 'session.toggleCopy' },
  { type: 'session.open' },
  { type: 'session.confirm' },
  { type: 'session.cancel' },
  { type: 'xstate.done.actor.open', output: OPENED },
  { type: 'xstate.error.actor.open', error: HAS },
  { type: 'xstate.error.actor.open', error: LOST },
];

const testModel = createTestModel(asModel(sessionOpenMachine), {
  events: () => events as never,
  serializeState: ((s: { value: unknown; context: { copyRoutines: boolean } }) =>
    `${String(s.value)} ${s.context.copyRoutines}`) as never,
});
const paths = testModel.getShortestPaths();

describe('session opening paths', () => {
  it('reaches every state', () => {
    const reached = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).map((s) => String(s.value)),
    );
    expect([...reached].sort()).toEqual(['confirming', 'idle', 'opening']);
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const h = start();
      let last: ModelEvent = { type: '' };
      let copy = true;
      let successes = 0;
      const send = async ({ event }: { event: ModelEvent }) => {
        last = event;
        if (event.type === 'session.toggleCopy') copy = !copy;
        h.actor.send(event as never);
      };
      await path.test({
        events: {
          'session.toggleCopy': send,
          'session.open': send,
          'session.confirm': send,
          'session.cancel': send,
          'xstate.done.actor.open': async ({ event }: { event: ModelEvent }) => {
            last = event;
            successes += 1;
            await h.settle('resolve', event.output);
          },
          'xstate.error.actor.open': async ({ event }: { event: ModelEvent }) => {
            last = event;
            await h.settle('reject', event.error);
          },
        } as never,
        states: {
          idle: () => {
            const s = h.actor.getSnapshot();
            expect(s.context.copyRoutines).toBe(copy);
            expect(h.pending()).toBeNull();
            expect(h.opened()).toBe(successes);
            if (last.type === 'xstate.done.actor.open') expect(s.context.result?.message).toBe(OPENED.message);
            if (last.type === 'xstate.error.actor.open')
              expect(s.context.error?.message).toBe((last.error as { message: string }).message);
            if (last.type === 'session.cancel') expect(h.calls).toHaveLength(0);
          },
          confirming: () => {
            // Nothing goes out before the confirmation.
            expect(h.calls).toHaveLength(0);
          },
          opening: () => {
            const s = h.actor.getSnapshot();
            expect(s.hasTag('busy')).toBe(true);
            expect(h.calls.at(-1)).toMatchObject({ copyRoutines: copy, idempotencyKey: expect.any(String) });
          },
        } as never,
      });
      h.actor.stop();
    });
  }
});

it('a retry after a lost answer sends the same key; after a refusal a new one', async () => {
  const h = start();
  h.actor.send({ type: 'session.open' });
  h.actor.send({ type: 'session.confirm' });
  await h.settle('reject', LOST);
  h.actor.send({ type: 'session.open' });
  h.actor.send({ type: 'session.confirm' });
  expect(h.calls[1].idempotencyKey).toBe(h.calls[0].idempotencyKey);
  await h.settle('reject', HAS);
  h.actor.send({ type: 'session.open' });
  h.actor.send({ type: 'session.confirm' });
  expect(h.calls[2].idempotencyKey).not.toBe(h.calls[1].idempotencyKey);
});
