/**
 * Model-based tests for deleting a mark from the teacher's marks sheet: every path to every state,
 * replayed against a real actor with a deferred fake `remove`; nothing is deleted before the
 * confirmation, the row's own mark id is sent, and the list reloads only after the server agreed.
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { asModel } from '../helpers/as-model';
import { markDeleteMachine, type MarkDeleteEvent } from '@/machines/mark-delete.machine';

type Snap = SnapshotFrom<typeof markDeleteMachine>;
type ModelEvent = EventObject & Record<string, unknown>;

const LOCKED = { status: 409, code: 'exams.locked', message: 'Marks are locked.' };
const DONE = { ok: true, message: 'Mark deleted successfully', code: 'exams.mark_deleted' };

const USER_EVENTS: MarkDeleteEvent[] = [
  { type: 'marks.delete', markId: 902, studentName: 'Babul Mia', studentCode: 'S-2' },
  { type: 'marks.confirm' },
  { type: 'marks.cancel' },
];
const EVENTS: ModelEvent[] = [
  ...(USER_EVENTS as ModelEvent[]),
  { type: 'xstate.done.actor.remove', output: DONE },
  { type: 'xstate.error.actor.remove', error: LOCKED },
];

function start() {
  const calls = { remove: [] as number[], deleted: 0 };
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const actor = createActor(
    markDeleteMachine.provide({
      actors: {
        remove: fromPromise<{ message: string; code: string }, { id: number }>(({ input }) => {
          calls.remove.push(input.id);
          return new Promise((resolve, reject) => {
            pending = { resolve: resolve as (v: unknown) => void, reject };
          });
        }),
      },
      actions: { deleted: () => void (calls.deleted += 1) },
    }),
  ).start();
  return {
    actor,
    calls,
    async settle(kind: 'resolve' | 'reject', value: unknown) {
      const p = pending!;
      pending = null;
      p[kind](value);
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe('mark delete machine: every path', () => {
  const model = asModel(markDeleteMachine);
  const testModel = createTestModel(model, {
    events: EVENTS as never,
    // Bounded: whether a delete was confirmed or failed, not how many; each move between states
    // told apart by its event, so every transition is taken.
    serializeState: ((s: Snap, e: ModelEvent | undefined, prev?: Snap) =>
      JSON.stringify([s.value, s.context.pending?.markId ?? null, !!s.context.done, !!s.context.error]) +
      (e && prev && prev.value !== s.value ? ` via ${e.type}` : '')) as never,
  });
  const paths = testModel.getShortestPaths();

  it('reaches every state', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual(['confirming', 'deleting', 'idle']);
  });

  for (const path of paths) {
    it(`${String(path.state.value)} via ${path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ')}`, async () => {
      const run = start();
      let last = '';
      let deletesAtConfirm = 0;
      await path.test({
        events: {
          ...Object.fromEntries(
            USER_EVENTS.map((e) => [
              e.type,
              ({ event }: { event: ModelEvent }) => {
                last = event.type;
                run.actor.send(event as MarkDeleteEvent);
              },
            ]),
          ),
          'xstate.done.actor.remove': async ({ event }: { event: ModelEvent }) => {
            last = event.type;
            await run.settle('resolve', event.output);
          },
          'xstate.error.actor.remove': async ({ event }: { event: ModelEvent }) => {
            last = event.type;
            await run.settle('reject', event.error);
          },
        },
        states: {
          idle: () => {
            const c = run.actor.getSnapshot().context;
            expect(run.actor.getSnapshot().matches('idle')).toBe(true);
            expect(c.pending).toBeNull();
            if (last === 'xstate.done.actor.remove') {
              expect(c.done).toMatchObject({ code: 'exams.mark_deleted', message: 'Mark deleted successfully' });
              expect(run.calls.deleted).toBe(c.done!.seq);
            }
            if (last === 'xstate.error.actor.remove') expect(c.error).toEqual(LOCKED);
            if (last === 'marks.cancel') expect(run.calls.remove).toHaveLength(deletesAtConfirm);
          },
          confirming: () => {
            expect(run.actor.getSnapshot().matches('confirming')).toBe(true);
            expect(run.actor.getSnapshot().context.pending).toEqual({
              markId: 902,
              studentName: 'Babul Mia',
              studentCode: 'S-2',
            });
            // Asking sends nothing.
            deletesAtConfirm = run.calls.remove.length;
            expect(run.calls.remove.every((id) => id === 902)).toBe(true);
          },
          deleting: () => {
            expect(run.actor.getSnapshot().hasTag('busy')).toBe(true);
            expect(run.calls.remove.at(-1)).toBe(902);
            expect(run.calls.remove).toHaveLength(deletesAtConfirm + 1);
            expect(run.actor.getSnapshot().can({ type: 'marks.cancel' })).toBe(false);
          },
        },
      } as never);
      run.actor.stop();
    });
  }
});
