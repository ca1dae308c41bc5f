/**
 * Model-based tests for the routine editor. The model (tests/helpers/as-model.ts) is the machine's
 * own config with the save and delete outcomes as explicit events; every generated path is replayed
 * against a real actor whose actors are deferred fakes. Each state on the way is checked against
 * literal expectations and the calls the actor made (bodies, idempotency keys, invalidations).
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { ApiError } from '@/api/client';
import type { RoutineDeleteResponse, RoutineRow, RoutineWriteBody, RoutineWriteResponse } from '@/api/schemas/routines';
import {
  routineEditorMachine,
  type RoutineEditorEvent,
  type RoutineEditorInput,
  type RoutineForm,
} from '@/machines/routine-editor.machine';
import { asModel } from '../helpers/as-model';

const INPUT: RoutineEditorInput = { schoolInfoId: 3, sessionId: 2026, shiftId: 1 };

const ROW: RoutineRow = {
  id: 7,
  class_id: 6,
  class_name: 'Six',
  section_id: 61,
  section_default_name: 'A',
  day_id: 1,
  day: 'Sunday',
  period_id: 11,
  period_code: '1',
  start_time: '08:00:00',
  end_time: '08:45:00',
  subject_id: 601,
  subject_name: 'Bangla',
  teacher_id: 41,
  initial: 'ARH',
  full_name: 'Mr. Abdur Rahim',
  room: '101',
  session_id: 2026,
  session_year: '2026',
  shift_id: 1,
  shift_name: 'Day',
};

const CLASH = new ApiError(
  409,
  'routines.teacher_clash',
  'Mr. Abdur Rahim (ARH) already teaches Six B on Sunday, period 1.',
  {
    teacher_id: 'Mr. Abdur Rahim (ARH) already teaches Six B on Sunday, period 1.',
  },
);
const OFFLINE = new ApiError(0, 'network', 'Could not reach the server.');
const HAS_ATTENDANCE = new ApiError(409, 'routines.has_attendance', 'Attendance has been taken for this routine.');

/**
 * What the form requires, written out from the spec ("Add Class Routine": every field but the
 * room): the oracle for which fields an incomplete form names, never the machine's own list.
 */
const REQUIRED = [
  'session_id',
  'shift_id',
  'class_id',
  'section_id',
  'day_id',
  'period_id',
  'subject_id',
  'teacher_id',
] as const;
const unfilled = (form: RoutineForm) => REQUIRED.filter((f) => form[f] === null);

/** A new form: the current session and shift chosen, nothing else. */
const EMPTY: RoutineForm = {
  id: null,
  session_id: 2026,
  shift_id: 1,
  class_id: null,
  section_id: null,
  day_id: null,
  period_id: null,
  subject_id: null,
  teacher_id: null,
  room: '',
};

/** ROW in the form, as Edit puts it there. */
const ROW_FORM: RoutineForm = {
  id: 7,
  session_id: 2026,
  shift_id: 1,
  class_id: 6,
  section_id: 61,
  day_id: 1,
  period_id: 11,
  subject_id: 601,
  teacher_id: 41,
  room: '101',
};

type Snap = SnapshotFrom<typeof routineEditorMachine>;
type ModelEvent = RoutineEditorEvent | { type: string; output?: unknown; error?: unknown };

const FIELD_VALUES = {
  session_id: '2026',
  shift_id: '1',
  class_id: '6',
  section_id: '61',
  day_id: '5',
  period_id: '12',
  subject_id: '601',
  teacher_id: '41',
} as const;

const USER_EVENTS: RoutineEditorEvent[] = [
  ...Object.entries(FIELD_VALUES).map(
    ([field, value]) => ({ type: 'routine.field', field, value }) as RoutineEditorEvent,
  ),
  { type: 'routine.field', field: 'room', value: 'Lab' },
  { type: 'routine.edit', row: ROW },
  { type: 'routine.reset' },
  { type: 'routine.submit' },
  { type: 'routine.delete', id: ROW.id, label: 'Six A · Sunday · 1' },
  { type: 'routine.confirm' },
  { type: 'routine.cancel' },
];

const saved = (id: number | null): RoutineWriteResponse =>
  id
    ? { ok: true, id, message: 'Routine updated successfully', code: 'routines.updated' }
    : { ok: true, id: 90, message: 'routine added successfully!!', code: 'routines.created' };
const DELETED: RoutineDeleteResponse = { ok: true, message: 'Routine deleted successfully', code: 'routines.deleted' };

function eventsFor(state: Snap): ModelEvent[] {
  return [
    ...USER_EVENTS,
    { type: 'xstate.done.actor.saveRoutine', output: saved(state.context.form.id) },
    { type: 'xstate.error.actor.saveRoutine', error: CLASH },
    { type: 'xstate.error.actor.saveRoutine', error: OFFLINE },
    { type: 'xstate.done.actor.deleteRoutine', output: DELETED },
    { type: 'xstate.error.actor.deleteRoutine', error: HAS_ATTENDANCE },
  ];
}

const stateName = (v: unknown) => String(v);

/** What tells states apart: the state, whether the form edits a routine, how much it lacks, the outcome. */
function serialize(s: Snap): string {
  const c = s.context;
  return JSON.stringify([
    s.value,
    c.form.id,
    unfilled(c.form).length,
    c.form.room,
    JSON.stringify(c.form) === JSON.stringify(c.pristine),
    c.error ? [Object.keys(c.error.fields).length, c.error.retryable] : null,
    c.idempotencyKey !== null,
    c.pendingDelete?.id ?? null,
    c.feedback?.tone ?? null,
  ]);
}

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

function start(input: RoutineEditorInput = INPUT) {
  const pending: Partial<Record<'saveRoutine' | 'deleteRoutine', Deferred>> = {};
  const calls = {
    save: [] as { body: RoutineWriteBody; idempotencyKey: string }[],
    delete: [] as number[],
    savedChanges: 0,
  };
  const defer = (name: 'saveRoutine' | 'deleteRoutine') =>
    new Promise<never>((resolve, reject) => {
      pending[name] = { resolve: resolve as (v: unknown) => void, reject };
    });
  const machine = routineEditorMachine.provide({
    actors: {
      saveRoutine: fromPromise<RoutineWriteResponse, { body: RoutineWriteBody; idempotencyKey: string }>(
        ({ input }) => (calls.save.push(structuredClone(input)), defer('saveRoutine')),
      ),
      deleteRoutine: fromPromise<RoutineDeleteResponse, { id: number }>(
        ({ input }) => (calls.delete.push(input.id), defer('deleteRoutine')),
      ),
    },
    actions: {
      savedChanges: () => {
        calls.savedChanges += 1;
      },
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, pending, calls };
}

function replay(run: ReturnType<typeof start>) {
  const { actor, pending, calls } = run;
  const real = () => actor.getSnapshot();
  let last: ModelEvent = { type: 'xstate.init' };
  let formBefore = real().context.form;
  let savesBefore = 0;
  let keyBefore: string | null = null;
  const send = ({ event }: { event: ModelEvent }) => {
    formBefore = real().context.form;
    savesBefore = calls.save.length;
    keyBefore = real().context.idempotencyKey;
    last = event;
    actor.send(event as RoutineEditorEvent);
  };
  const outcome =
    (name: 'saveRoutine' | 'deleteRoutine', kind: 'resolve' | 'reject') =>
    async ({ event }: { event: ModelEvent }) => {
      formBefore = real().context.form;
      keyBefore = real().context.idempotencyKey;
      savesBefore = calls.savedChanges;
      last = event;
      const call = pending[name];
      if (!call) throw new Error(`the machine never called ${name}`);
      delete pending[name];
      call[kind](kind === 'resolve' ? (event as { output: unknown }).output : (event as { error: unknown }).error);
      await new Promise((r) => setTimeout(r, 0));
    };
  return {
    events: {
      ...Object.fromEntries(USER_EVENTS.map((e) => [e.type, send])),
      'xstate.done.actor.saveRoutine': outcome('saveRoutine', 'resolve'),
      'xstate.error.actor.saveRoutine': outcome('saveRoutine', 'reject'),
      'xstate.done.actor.deleteRoutine': outcome('deleteRoutine', 'resolve'),
      'xstate.error.actor.deleteRoutine': outcome('deleteRoutine', 'reject'),
    },
    states: {
      editing: () => {
        expect(real().matches('editing')).toBe(true);
        expect(real().hasTag('busy')).toBe(false);
        expect(real().can({ type: 'routine.submit' })).toBe(true);
        expect(real().can({ type: 'routine.confirm' })).toBe(false);
        const c = real().context;
        expect(c.pendingDelete).toBeNull();
        if (last.type === 'routine.edit') {
          // The row is in the form, with its id: Submit will update it.
          expect(c.form).toEqual(ROW_FORM);
          expect(c.pristine).toEqual(c.form);
        }
        if (last.type === 'routine.reset') expect(c.form).toEqual(EMPTY);
        if (last.type === 'routine.field') {
          const e = last as Extract<RoutineEditorEvent, { type: 'routine.field' }>;
          expect(String(c.form[e.field])).toBe(e.value);
          if (e.field === 'class_id' && formBefore.class_id !== 6) {
            expect(c.form.section_id).toBeNull();
            expect(c.form.subject_id).toBeNull();
          }
        }
        if (last.type === 'routine.submit') {
          // Incomplete: nothing went out and the missing fields are named.
          expect(calls.save.length).toBe(savesBefore);
          expect(Object.keys(c.error!.fields).sort()).toEqual([...unfilled(c.form)].sort());
          expect(Object.values(c.error!.fields).every((m) => m === 'Choose one.')).toBe(true);
        }
        if (last.type === 'xstate.done.actor.saveRoutine') {
          const out = (last as { output: RoutineWriteResponse }).output;
          expect(calls.savedChanges).toBe(savesBefore + 1);
          expect(c.feedback).toMatchObject({ tone: 'success', text: out.message, code: out.code });
          expect(c.error).toBeNull();
          expect(c.idempotencyKey).toBeNull();
          expect(c.form.id).toBeNull();
          expect(c.pristine).toEqual(c.form);
          if (formBefore.id === null) {
            // The next entry keeps the section and day, and needs a new period, subject and teacher.
            expect(c.form.section_id).toBe(formBefore.section_id);
            expect(c.form.day_id).toBe(formBefore.day_id);
            expect(c.form.period_id).toBeNull();
          } else expect(c.form).toEqual(EMPTY);
        }
        if (last.type === 'xstate.error.actor.saveRoutine') {
          const err = (last as { error: ApiError }).error;
          expect(calls.savedChanges).toBe(savesBefore);
          expect(c.form).toEqual(formBefore);
          expect(c.error!.message).toBe(err.message);
          if (err === CLASH) {
            expect(c.error!.fields.teacher_id).toContain('ARH');
            expect(c.error!.retryable).toBe(false);
            expect(c.idempotencyKey).toBeNull();
          } else {
            // The answer was lost: the retry sends the same key.
            expect(c.error!.retryable).toBe(true);
            expect(c.idempotencyKey).toBe(keyBefore);
          }
        }
        if (last.type === 'xstate.done.actor.deleteRoutine') {
          expect(calls.savedChanges).toBe(savesBefore + 1);
          expect(c.feedback).toMatchObject({ tone: 'success', text: 'Routine deleted successfully' });
          if (formBefore.id === ROW.id) expect(c.form).toEqual(EMPTY);
          else expect(c.form).toEqual(formBefore);
        }
        if (last.type === 'xstate.error.actor.deleteRoutine') {
          expect(calls.savedChanges).toBe(savesBefore);
          expect(c.feedback).toMatchObject({ tone: 'error', text: HAS_ATTENDANCE.message });
          expect(c.form).toEqual(formBefore);
        }
      },
      submitting: () => {
        expect(real().hasTag('busy')).toBe(true);
        expect(real().can({ type: 'routine.submit' })).toBe(false);
        const c = real().context;
        const sent = calls.save.at(-1)!;
        expect(calls.save.length).toBe(savesBefore + 1);
        expect(sent.idempotencyKey).toBe(c.idempotencyKey);
        if (keyBefore) expect(sent.idempotencyKey).toBe(keyBefore);
        expect(sent.body).toMatchObject({
          id: c.form.id ?? '',
          school_info_id: 3,
          session_id: c.form.session_id,
          shift_id: c.form.shift_id,
          class_id: c.form.class_id,
          section_id: c.form.section_id,
          day_id: c.form.day_id,
          period_id: c.form.period_id,
          subject_id: c.form.subject_id,
          teacher_id: c.form.teacher_id,
          room: c.form.room,
          start: '0:00:00',
          end: '0:00:00',
        });
        // Only a complete form goes out: every required field chosen.
        expect(unfilled(c.form)).toEqual([]);
      },
      confirmingDelete: () => {
        expect(real().hasTag('confirm')).toBe(true);
        expect(real().context.pendingDelete?.id).toBe(ROW.id);
        expect(real().can({ type: 'routine.submit' })).toBe(false);
        expect(pending.deleteRoutine).toBeUndefined();
      },
      deleting: () => {
        expect(real().hasTag('busy')).toBe(true);
        expect(calls.delete.at(-1)).toBe(ROW.id);
      },
    },
  };
}

describe('routine editor: shortest paths to every state and transition', () => {
  const model = asModel(routineEditorMachine);
  const testModel = createTestModel(model, {
    events: eventsFor as never,
    input: INPUT,
    // Reset and cancel may lead back to a state seen before: told apart by the event, their paths
    // are taken too.
    serializeState: ((s: Snap, e?: ModelEvent) =>
      serialize(s) + (e && ['routine.reset', 'routine.cancel'].includes(e.type) ? ` via ${e.type}` : '')) as never,
  });
  const paths = testModel.getShortestPaths();

  it('visits every state', () => {
    const reached = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).map((s) => stateName(s.value)),
    );
    expect([...reached].sort()).toEqual(['confirmingDelete', 'deleting', 'editing', 'submitting']);
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set<string>();
    for (const p of paths) {
      p.steps.forEach((step, i) => {
        if (i === 0) return;
        taken.add(`${stateName(p.steps[i - 1].state.value)}|${step.event.type}`);
      });
    }
    const defined: string[] = [];
    for (const [name, node] of Object.entries(model.root.states)) {
      for (const e of Object.keys(node.on)) defined.push(`${name}|${e}`);
    }
    expect(defined.filter((t) => !taken.has(t))).toEqual([]);
  });

  it('stays a bounded number of paths', () => {
    expect(paths.length).toBeLessThan(2000);
  });

  // Every path is replayed; the longest ones (filling the form field by field) are the flows.
  for (const path of paths.filter((p) => p.state.value !== 'editing' || p.steps.length <= 12)) {
    const events = path.steps
      .map((s) => s.event.type.replace(/^routine\.|^xstate\.(done|error)\.actor\./, ''))
      .join(' → ');
    it(`${stateName(path.state.value)} via ${events}`, async () => {
      const run = start();
      await path.test(replay(run) as never);
      run.actor.stop();
    });
  }
});
