/**
 * Model-based paths through the online-class editor and the activity participation/marks
 * machines. The model is each machine's own config (`asModel`: a call's outcome is an explicit
 * event); each path is replayed on a real actor whose calls are deferred fakes, and at every step
 * the test checks what went out (how many calls, with which body and key) and what the screen
 * would hold (the form kept after a failure, the server's message after a success only).
 */
import { createActor, fromPromise, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { ApiError } from '@/api/client';
import type { OnlineClassRow } from '@/api/schemas/eschool';
import { bodyOf, onlineClassEditorMachine, onlineClassErrors } from '@/machines/online-class-editor.machine';
import { activityMarksMachine, bodyOf as marksBody, changedRows } from '@/machines/activity-marks.machine';
import { asModel } from '../helpers/as-model';

const TODAY = '2026-11-24';
const SAVED = { ok: true, id: 5, code: 'eschool.created', message: 'Online class scheduled.' };
const CANCELLED = { ok: true, id: 5, code: 'eschool.cancelled', message: 'Online class cancelled.' };
const NETWORK = new ApiError(0, 'network', 'Could not reach the server.');
const REFUSED = new ApiError(400, 'invalid_input', 'meeting_url: must be https', { meeting_url: 'must be https' });
const ROW: OnlineClassRow = {
  id: 5,
  session_id: 1,
  class_id: 6,
  class_name: 'Six',
  section_id: 11,
  section_default_name: 'A',
  subject_id: 21,
  subject_name: 'Mathematics',
  teacher_id: 3,
  teacher_name: 'Mr. Rahim',
  initial: 'MRH',
  topic: 'Fractions',
  date: '2026-11-25',
  start_time: '16:00',
  starts_at: '2026-11-25T10:00:00Z',
  ends_at: '2026-11-25T10:40:00Z',
  duration_minutes: 40,
  meeting_url: 'https://meet.example.org/x',
  cancelled: false,
  status: 'upcoming',
};

type ModelEvent = EventObject & { output?: unknown; error?: unknown };
type Snap = SnapshotFrom<AnyStateMachine>;

function harness<I>(machine: AnyStateMachine, input: unknown, actorIds: string[]) {
  const calls: { actor: string; input: I }[] = [];
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const actors = Object.fromEntries(
    actorIds.map((id) => [
      id,
      fromPromise(({ input: i }: { input: I }) => {
        calls.push({ actor: id, input: i });
        return new Promise((resolve, reject) => {
          pending = { resolve, reject };
        });
      }),
    ]),
  );
  let savedRuns = 0;
  const actor = createActor(machine.provide({ actors, actions: { saved: () => void (savedRuns += 1) } }), {
    input,
  }).start();
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    const p = pending!;
    pending = null;
    p[how](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, calls, settle, isPending: () => pending !== null, savedRuns: () => savedRuns };
}

describe('online class editor paths', () => {
  const serialize = (s: Snap) =>
    [
      JSON.stringify(s.value),
      Object.keys(onlineClassErrors(s.context.form)).length === 0 ? 'valid' : 'invalid',
      s.context.editId ? 'edit' : 'new',
      s.context.error ? (s.context.error.status === 0 ? 'network' : 'refused') : 'ok',
    ].join('|');
  const events = [
    { type: 'eschool.new' },
    { type: 'eschool.edit', row: ROW },
    { type: 'eschool.field', field: 'option', value: '11|21|3' },
    { type: 'eschool.field', field: 'start_time', value: '16:00' },
    { type: 'eschool.field', field: 'meeting_url', value: 'https://meet.example.org/abc' },
    { type: 'eschool.field', field: 'meeting_url', value: 'http://meet.example.org/abc' },
    { type: 'eschool.submit' },
    { type: 'eschool.close' },
    { type: 'eschool.cancel-class', id: 5, label: 'Mathematics, Six A' },
    { type: 'eschool.confirm' },
    { type: 'eschool.back' },
    { type: 'xstate.done.actor.save', output: SAVED },
    { type: 'xstate.error.actor.save', error: NETWORK },
    { type: 'xstate.error.actor.save', error: REFUSED },
    { type: 'xstate.done.actor.cancelClass', output: CANCELLED },
    { type: 'xstate.error.actor.cancelClass', error: REFUSED },
  ];
  const testModel = createTestModel(asModel(onlineClassEditorMachine), {
    input: { today: TODAY },
    events: (() => events) as never,
    serializeState: serialize as never,
  });
  const paths = testModel.getShortestPaths();

  it('reaches saving, cancelling and both kinds of failure', () => {
    const seen = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never)),
    );
    for (const s of ['"saving"', '"cancelling"', '"confirming"'])
      expect(
        [...seen].some((x) => x.startsWith(s)),
        s,
      ).toBe(true);
    expect([...seen].some((x) => x.startsWith('"editing"') && x.endsWith('network'))).toBe(true);
    expect([...seen].some((x) => x.startsWith('"editing"') && x.endsWith('refused'))).toBe(true);
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
    it(`${serialize(path.state as never)} via ${name || 'start'}`, async () => {
      const h = harness<{ id: number | null; body?: unknown; idempotencyKey?: string }>(
        onlineClassEditorMachine,
        { today: TODAY },
        ['save', 'cancelClass'],
      );
      let lastFailure: unknown = null;
      let justFailed = false;
      let succeeded = 0;
      const send = ({ event }: { event: ModelEvent }) => {
        justFailed = false;
        h.actor.send(event as never);
      };
      await path.test({
        events: {
          ...Object.fromEntries(events.filter((e) => !e.type.startsWith('xstate.')).map((e) => [e.type, send])),
          'xstate.done.actor.save': ({ event }: { event: ModelEvent }) => (
            succeeded++,
            h.settle('resolve', event.output)
          ),
          'xstate.error.actor.save': ({ event }: { event: ModelEvent }) => {
            lastFailure = event.error;
            justFailed = true;
            return h.settle('reject', event.error);
          },
          'xstate.done.actor.cancelClass': ({ event }: { event: ModelEvent }) => (
            succeeded++,
            h.settle('resolve', event.output)
          ),
          'xstate.error.actor.cancelClass': ({ event }: { event: ModelEvent }) => (
            (lastFailure = event.error),
            h.settle('reject', event.error)
          ),
        } as never,
        states: {
          '*': () => {
            const s = h.actor.getSnapshot();
            expect(h.isPending()).toBe(s.matches('saving') || s.matches('cancelling'));
            if (s.matches('saving')) {
              const sent = h.calls.at(-1)!;
              expect(sent.actor).toBe('save');
              // Only a valid form goes, as the body the server takes; edits name their row.
              expect(sent.input.body).toEqual(bodyOf(s.context.form));
              expect(sent.input.id).toBe(s.context.editId);
              expect(sent.input.idempotencyKey).toBeTruthy();
            }
            if (s.matches('cancelling')) {
              expect(h.calls.at(-1)).toEqual({ actor: 'cancelClass', input: { id: 5 } });
            }
            if (s.matches('editing') && s.context.error && justFailed) {
              // A failed save keeps the form; a refusal shows its field; no success message came.
              expect(s.context.error.status).toBe((lastFailure as ApiError).status);
              if (lastFailure === REFUSED) expect(s.context.fieldErrors).toHaveProperty('meeting_url');
              if (lastFailure === NETWORK) expect(s.context.idempotencyKey).toBe(h.calls.at(-1)!.input.idempotencyKey);
            }
            if (s.matches('editing') && !s.context.error && s.context.tried) {
              // Submitting an invalid form sends nothing and names the fields.
              expect(Object.keys(s.context.fieldErrors).length).toBeGreaterThan(0);
            }
            // A success message only after the server answered, and the list reloads with it.
            expect(s.context.feedback?.seq ?? 0).toBe(succeeded);
            expect(h.savedRuns()).toBe(succeeded);
          },
        } as never,
      });
    });
  }
});

describe('activity participation and marks paths', () => {
  const BASE = [{ studentId: 1, name: 'Ayesha', code: 'S1', role: 'Speaker', marks: '15' }];
  const serialize = (s: Snap) =>
    [
      JSON.stringify(s.value),
      s.context.rows.map((r: { studentId: number; marks: string }) => `${r.studentId}:${r.marks}`).join(','),
      s.context.removed.join(','),
      s.context.error ? 'error' : 'ok',
      Object.keys(s.context.rowErrors).length ? 'rowErrors' : '',
      changedRows(s.context).length ? 'dirty' : 'clean',
    ].join('|');
  const events = [
    { type: 'marks.load', rows: BASE },
    { type: 'marks.add', row: { studentId: 2, name: 'Rafi', code: 'S2' } },
    { type: 'marks.set', studentId: 2, field: 'marks', value: '18.5' },
    { type: 'marks.set', studentId: 2, field: 'marks', value: '25' },
    { type: 'marks.remove', studentId: 1 },
    { type: 'marks.save' },
    {
      type: 'xstate.done.actor.save',
      output: { ok: true, id: 9, code: 'activity.participants_saved', message: 'Saved.' },
    },
    { type: 'xstate.error.actor.save', error: NETWORK },
  ];
  const testModel = createTestModel(asModel(activityMarksMachine), {
    input: { activityId: 9, fullMarks: 20 },
    events: (() => events) as never,
    serializeState: serialize as never,
  });
  const paths = testModel.getShortestPaths().filter((p) => p.steps.length <= 6);

  it('plans paths through saving', () => {
    expect(paths.some((p) => p.steps.some((s) => s.event.type === 'xstate.done.actor.save'))).toBe(true);
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
    it(`${serialize(path.state as never)} via ${name || 'start'}`, async () => {
      const h = harness<{ id: number; body: ReturnType<typeof marksBody>; idempotencyKey: string }>(
        activityMarksMachine,
        { activityId: 9, fullMarks: 20 },
        ['save'],
      );
      let succeeded = 0;
      const send = ({ event }: { event: ModelEvent }) => void h.actor.send(event as never);
      await path.test({
        events: {
          'marks.load': send,
          'marks.add': send,
          'marks.set': send,
          'marks.remove': send,
          'marks.save': send,
          'xstate.done.actor.save': ({ event }: { event: ModelEvent }) => (
            succeeded++,
            h.settle('resolve', event.output)
          ),
          'xstate.error.actor.save': ({ event }: { event: ModelEvent }) => h.settle('reject', event.error),
        } as never,
        states: {
          '*': () => {
            const s = h.actor.getSnapshot();
            expect(h.isPending()).toBe(s.matches('saving'));
            if (s.matches('saving')) {
              const sent = h.calls.at(-1)!.input;
              expect(sent.id).toBe(9);
              expect(sent.body).toEqual(marksBody(s.context));
              // Never a mark above the full marks, never an unchanged row.
              for (const p of sent.body.participants ?? [])
                expect(p.marks === null || (p.marks as number) <= 20).toBe(true);
              expect((sent.body.participants ?? []).some((p) => p.student_id === 1 && p.marks === 15)).toBe(false);
            }
            const over = s.context.rows.some((r: { marks: string }) => r.marks === '25');
            if (over && s.matches('editing') && Object.keys(s.context.rowErrors).length) {
              expect(s.context.rowErrors[2]).toBe('over');
            }
            expect(s.context.feedback?.seq ?? 0).toBe(succeeded);
            expect(h.savedRuns()).toBe(succeeded);
            if (s.matches('editing') && s.context.error) expect(s.context.error.status).toBe(0);
          },
        } as never,
      });
    });
  }
});
