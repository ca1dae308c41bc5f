/**
 * Model-based tests for deleting a record made by mistake (src/machines/record-delete.machine.ts):
 * every path to every state, replayed against a real actor with a deferred fake `remove`. Nothing
 * is sent before the confirmation; an invoice is asked its reason first and sent with it; a 409
 * `deletes.has_dependents` is kept with its dependents and alternative until dismissed; the list
 * reloads only after the server agreed. Plus literal scenarios of the same rules.
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import { asModel } from '../helpers/as-model';
import { recordDeleteMachine, type RecordDeleteEvent, type RemoveInput } from '@/machines/record-delete.machine';

type Snap = SnapshotFrom<typeof recordDeleteMachine>;
type ModelEvent = EventObject & Record<string, unknown>;
type Sent = RemoveInput;

const REFUSED_BODY = {
  error: {
    code: 'deletes.has_dependents',
    message: 'This student cannot be deleted: it has 12 exam marks and 40 attendance marks; deactivate instead.',
    dependents: { exam_marks: 12, attendance_marks: 40 },
    instead: 'deactivate',
  },
};
const REFUSED = new ApiError(409, 'deletes.has_dependents', REFUSED_BODY.error.message, undefined, REFUSED_BODY);
const FORBIDDEN = new ApiError(403, 'forbidden', 'You do not have access to this.');
const DONE = { ok: true, id: 41, message: 'Student deleted.', code: 'deletes.student' };

const USER_EVENTS: RecordDeleteEvent[] = [
  { type: 'records.delete', kind: 'student', ids: [41], label: 'Rafi Hasan (S-41)' },
  { type: 'records.delete', kind: 'invoice', ids: [77], label: 'Tuition, 1,250.00' },
  { type: 'records.reason', reason: 'Charged twice' },
  { type: 'records.next' },
  { type: 'records.confirm' },
  { type: 'records.cancel' },
  { type: 'records.dismiss' },
];
const EVENTS: ModelEvent[] = [
  ...(USER_EVENTS as ModelEvent[]),
  { type: 'xstate.done.actor.remove', output: DONE },
  { type: 'xstate.error.actor.remove', error: REFUSED },
  { type: 'xstate.error.actor.remove', error: FORBIDDEN },
];

function start() {
  const calls = { remove: [] as Sent[], deleted: 0 };
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const actor = createActor(
    recordDeleteMachine.provide({
      actors: {
        remove: fromPromise<{ message: string; code: string }, Sent>(({ input }) => {
          calls.remove.push(input);
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

describe('record delete machine: every path', () => {
  const model = asModel(recordDeleteMachine);
  const testModel = createTestModel(model, {
    events: EVENTS as never,
    serializeState: ((s: Snap, e: ModelEvent | undefined, prev?: Snap) =>
      JSON.stringify([
        s.value,
        s.context.target?.kind ?? null,
        s.context.reason,
        !!s.context.refusal,
        !!s.context.feedback,
        !!s.context.error,
      ]) + (e && prev && prev.value !== s.value ? ` via ${e.type}` : '')) as never,
  });
  const paths = testModel.getShortestPaths();

  it('reaches every resting state', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual(['confirming', 'deleting', 'givingReason', 'idle', 'refused']);
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace('xstate.', '')).join(' → ');
    it(`${String(path.state.value)} via ${name}`, async () => {
      const run = start();
      let last: ModelEvent | null = null;
      let sentBefore = 0;
      await path.test({
        events: {
          ...Object.fromEntries(
            [...new Set(USER_EVENTS.map((e) => e.type))].map((type) => [
              type,
              ({ event }: { event: ModelEvent }) => {
                last = event;
                if (event.type === 'records.confirm') sentBefore = run.calls.remove.length;
                run.actor.send(event as RecordDeleteEvent);
              },
            ]),
          ),
          'xstate.done.actor.remove': async ({ event }: { event: ModelEvent }) => {
            last = event;
            await run.settle('resolve', event.output);
          },
          'xstate.error.actor.remove': async ({ event }: { event: ModelEvent }) => {
            last = event;
            await run.settle('reject', event.error);
          },
        },
        states: {
          idle: () => {
            const snap = run.actor.getSnapshot();
            expect(snap.matches('idle')).toBe(true);
            expect(snap.context.target).toBeNull();
            if (last?.type === 'xstate.done.actor.remove') {
              expect(snap.context.feedback).toMatchObject({ code: 'deletes.student', text: 'Student deleted.' });
              expect(run.calls.deleted).toBe(snap.context.feedback!.seq);
            }
            if (last?.type === 'xstate.error.actor.remove') expect(snap.context.error).toBe(FORBIDDEN);
            if (last?.type === 'records.cancel') expect(run.calls.remove).toHaveLength(sentBefore);
          },
          givingReason: () => {
            const snap = run.actor.getSnapshot();
            expect(snap.hasTag('reason')).toBe(true);
            expect(snap.context.target).toEqual({ kind: 'invoice', ids: [77], label: 'Tuition, 1,250.00' });
            // Without a reason there is no going on.
            if (snap.context.reason === '') expect(snap.can({ type: 'records.next' })).toBe(false);
          },
          confirming: () => {
            const snap = run.actor.getSnapshot();
            expect(snap.hasTag('confirm')).toBe(true);
            expect(snap.hasTag('busy')).toBe(false);
            sentBefore = run.calls.remove.length;
            if (snap.context.target?.kind === 'invoice') expect(snap.context.reason).toBe('Charged twice');
            else expect(snap.context.target).toEqual({ kind: 'student', ids: [41], label: 'Rafi Hasan (S-41)' });
          },
          deleting: () => {
            const snap = run.actor.getSnapshot();
            expect(snap.hasTag('busy')).toBe(true);
            expect(run.calls.remove).toHaveLength(sentBefore + 1);
            const sent = run.calls.remove.at(-1)!;
            expect(sent).toEqual(
              sent.kind === 'invoice'
                ? { kind: 'invoice', ids: [77], reason: 'Charged twice' }
                : { kind: 'student', ids: [41], reason: '' },
            );
            expect(snap.can({ type: 'records.cancel' })).toBe(false);
          },
          refused: () => {
            const snap = run.actor.getSnapshot();
            expect(snap.hasTag('refused')).toBe(true);
            expect(snap.context.refusal).toMatchObject({
              dependents: { exam_marks: 12, attendance_marks: 40 },
              instead: 'deactivate',
            });
            expect(snap.can({ type: 'records.delete', kind: 'student', ids: [41], label: 'x' })).toBe(false);
          },
        },
      } as never);
      run.actor.stop();
    });
  }
});

describe('record delete machine: the rules, literally', () => {
  it('a refusal names the dependents and the alternative, and is dismissed', async () => {
    const run = start();
    run.actor.send({ type: 'records.delete', kind: 'student', ids: [41], label: 'Rafi Hasan (S-41)' });
    run.actor.send({ type: 'records.confirm' });
    expect(run.calls.remove).toEqual([{ kind: 'student', ids: [41], reason: '' }]);
    await run.settle('reject', REFUSED);
    expect(run.actor.getSnapshot().context.refusal).toEqual({
      dependents: { exam_marks: 12, attendance_marks: 40 },
      instead: 'deactivate',
      target: { kind: 'student', ids: [41], label: 'Rafi Hasan (S-41)' },
    });
    expect(run.calls.deleted).toBe(0);
    run.actor.send({ type: 'records.dismiss' });
    expect(run.actor.getSnapshot().value).toBe('idle');
    expect(run.actor.getSnapshot().context.refusal).toBeNull();
  });

  it('routine entries go together: every id in one call', async () => {
    const run = start();
    run.actor.send({ type: 'records.delete', kind: 'routine', ids: [5, 9, 12], label: 'three entries' });
    run.actor.send({ type: 'records.confirm' });
    expect(run.calls.remove).toEqual([{ kind: 'routine', ids: [5, 9, 12], reason: '' }]);
    await run.settle('resolve', {
      ok: true,
      ids: [5, 9, 12],
      message: 'Routine deleted successfully',
      code: 'deletes.routine',
    });
    expect(run.calls.deleted).toBe(1);
    expect(run.actor.getSnapshot().context.feedback).toEqual({
      code: 'deletes.routine',
      text: 'Routine deleted successfully',
      seq: 1,
    });
  });

  it('an invoice’s reason is trimmed and a blank one does not go on', () => {
    const run = start();
    run.actor.send({ type: 'records.delete', kind: 'invoice', ids: [77], label: 'Tuition' });
    run.actor.send({ type: 'records.reason', reason: '   ' });
    run.actor.send({ type: 'records.next' });
    expect(run.actor.getSnapshot().value).toBe('givingReason');
    run.actor.send({ type: 'records.reason', reason: '  Wrong student ' });
    run.actor.send({ type: 'records.next' });
    run.actor.send({ type: 'records.confirm' });
    expect(run.calls.remove).toEqual([{ kind: 'invoice', ids: [77], reason: 'Wrong student' }]);
  });
});
