/**
 * Model-based paths through the setup list machine (src/machines/setup-crud.machine.ts), with the
 * period form (the one with a cross-field rule). The model is the machine's own config (`asModel`:
 * each server answer is an explicit event); each path is replayed on a real actor whose I/O is
 * held by deferred fakes, and every state on the way is checked against literal expectations:
 * which calls went out with what, what each form holds (kept after a refusal), and which message
 * the screen would show (only ever the server's).
 */
import { createActor, fromPromise, type EventObject } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { periodBody } from '@/api/schemas/structure';
import {
  createDirty,
  editDirty,
  schemaCheck,
  setupCrudMachine,
  type SetupForm,
  type SetupSaveInput,
} from '@/machines/setup-crud.machine';
import { asModel } from '../helpers/as-model';

// Everything but the end time filled in, so that one change decides whether the form may go.
const BLANK: SetupForm = { shift_id: '1', period_code: '7th', serial: '7', start_time: '14:00', end_time: '' };
const toBody = (f: SetupForm) => ({
  shift_id: Number(f.shift_id),
  period_code: f.period_code,
  serial: f.serial === '' ? undefined : Number(f.serial),
  start_time: f.start_time,
  end_time: f.end_time,
});
const check = schemaCheck(toBody, periodBody);
const INPUT = { blank: BLANK, check };
const ROW = { id: 9, label: 'Period 1st' };
const ROW_FORM: SetupForm = { shift_id: '1', period_code: '1st', serial: '1', start_time: '10:00', end_time: '10:45' };

const CREATED = { ok: true, code: 'structure.created', message: 'Period 7th created.' };
const DELETED = { ok: true, code: 'structure.deleted', message: 'Period 1st deleted.' };
const OVERLAP = {
  status: 409,
  code: 'structure.period_overlap',
  message: 'These times overlap period 6th (14:15–15:00) of this shift.',
  fields: {
    start_time: 'These times overlap period 6th (14:15–15:00) of this shift.',
    end_time: 'These times overlap period 6th (14:15–15:00) of this shift.',
  },
};
const LOST = { status: 503, code: 'internal', message: 'Something went wrong on our side.' };
const IN_USE = {
  status: 409,
  code: 'structure.in_use',
  message: 'Period 1st cannot be deleted: 30 routine entries use it. Remove or move those first.',
  fields: { routines: '30' },
};

type Snap = ReturnType<ReturnType<typeof start>['actor']['getSnapshot']>;
type ModelEvent = EventObject & Record<string, unknown>;

function start(input: { blank: SetupForm; check: typeof check; keep?: readonly string[] } = INPUT) {
  const calls = { save: [] as SetupSaveInput[], remove: [] as number[], savedChanges: 0 };
  const pending: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }> = {};
  const deferred = (name: string) =>
    new Promise((resolve, reject) => {
      pending[name] = { resolve, reject };
    });
  const actor = createActor(
    setupCrudMachine.provide({
      actors: {
        save: fromPromise(({ input }: { input: SetupSaveInput }) => {
          calls.save.push(input);
          return deferred('save') as never;
        }),
        remove: fromPromise(({ input }: { input: { id: number } }) => {
          calls.remove.push(input.id);
          return deferred('remove') as never;
        }),
      },
      actions: { savedChanges: () => void (calls.savedChanges += 1) },
    }),
    { input },
  ).start();
  const settle = async (name: string, how: 'resolve' | 'reject', value: unknown) => {
    const p = pending[name];
    delete pending[name];
    p[how](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, calls, pending, settle };
}

const FILL = [
  { type: 'setup.change', field: 'period_code', value: '7th' },
  { type: 'setup.change', field: 'serial', value: '7' },
  { type: 'setup.change', field: 'start_time', value: '14:00' },
  { type: 'setup.change', field: 'end_time', value: '15:30' },
];
const events = [
  { type: 'setup.change', field: 'end_time', value: '15:30' },
  { type: 'setup.change', field: 'end_time', value: '09:00' },
  { type: 'setup.submit' },
  { type: 'setup.edit', id: ROW.id, form: ROW_FORM },
  { type: 'setup.cancel' },
  { type: 'setup.delete', row: ROW },
  { type: 'setup.confirm' },
  { type: 'xstate.done.actor.save', output: CREATED },
  { type: 'xstate.error.actor.save', error: OVERLAP },
  { type: 'xstate.error.actor.save', error: LOST },
  { type: 'xstate.done.actor.remove', output: DELETED },
  { type: 'xstate.error.actor.remove', error: IN_USE },
];

const valid = (f: SetupForm) => Object.keys(check(f)).length === 0;
function serializeState(state: Snap, event: ModelEvent | undefined, prev?: Snap): string {
  const moved = event && prev && prev.value !== state.value;
  const form = state.matches('editing') || state.matches('updating') ? state.context.editForm : state.context.form;
  return `${String(state.value)} ${valid(form) ? 'valid' : 'invalid'}${
    moved ? ` via ${event.type}${event.error ? ` ${(event.error as { status: number }).status}` : ''}` : ''
  }`;
}

const testModel = createTestModel(asModel(setupCrudMachine), {
  events: () => events as never,
  input: INPUT,
  serializeState: serializeState as never,
});
const paths = testModel.getShortestPaths();

describe('setup list machine paths', () => {
  it('reaches every state', () => {
    const reached = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).map((s) => String(s.value)),
    );
    expect([...reached].sort()).toEqual(['confirmingDelete', 'creating', 'deleting', 'editing', 'ready', 'updating']);
  });

  it('stays a bounded number of paths', () => {
    expect(paths.length).toBeLessThan(200);
  });

  for (const path of paths) {
    const name = path.steps
      .map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace('setup.', ''))
      .join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const h = start();
      let last: ModelEvent = { type: '' };
      let successes = 0;
      let submitted: SetupForm | null = null;
      const track =
        (run: (event: ModelEvent) => unknown) =>
        async ({ event }: { event: ModelEvent }) => {
          last = event;
          if (event.type.startsWith('xstate.done.actor.')) successes += 1;
          await run(event);
        };
      let beforeEdit: SetupForm | null = null;
      const send = track((event) => {
        if (event.type === 'setup.edit') beforeEdit = h.actor.getSnapshot().context.form;
        h.actor.send(event as never);
      });
      await path.test({
        events: {
          'setup.change': send,
          'setup.submit': send,
          'setup.edit': send,
          'setup.cancel': send,
          'setup.delete': send,
          'setup.confirm': send,
          'xstate.done.actor.save': track((event) => h.settle('save', 'resolve', event.output)),
          'xstate.error.actor.save': track((event) => h.settle('save', 'reject', event.error)),
          'xstate.done.actor.remove': track((event) => h.settle('remove', 'resolve', event.output)),
          'xstate.error.actor.remove': track((event) => h.settle('remove', 'reject', event.error)),
        } as never,
        states: {
          ready: () => {
            const s = h.actor.getSnapshot();
            expect(s.hasTag('busy')).toBe(false);
            expect(Object.keys(h.pending)).toEqual([]);
            if (last.type === 'xstate.done.actor.save') {
              const answer = last.output as typeof CREATED;
              expect(s.context.feedback).toMatchObject({ tone: 'success', code: answer.code, text: answer.message });
              // After a create the form is blank again.
              if (h.calls.save.at(-1)!.id === null) expect(s.context.form).toEqual(BLANK);
            }
            if (last.type === 'xstate.error.actor.save') {
              // A refused create keeps what was typed and shows the server's words.
              expect(s.context.form).toEqual(submitted);
              expect(s.context.error?.message).toBe((last.error as { message: string }).message);
              if ((last.error as { status: number }).status === 409)
                expect(s.context.fieldErrors).toEqual(OVERLAP.fields);
            }
            if (last.type === 'xstate.done.actor.remove') {
              expect(s.context.feedback).toMatchObject({ tone: 'success', text: DELETED.message });
            }
            if (last.type === 'xstate.error.actor.remove') {
              expect(s.context.feedback).toMatchObject({ tone: 'error', text: IN_USE.message, fields: IN_USE.fields });
            }
            if (last.type === 'setup.submit') {
              // An invalid form is not sent; it names its fields.
              expect(Object.keys(s.context.fieldErrors).length).toBeGreaterThan(0);
            }
            expect(h.calls.savedChanges).toBe(successes);
          },
          creating: () => {
            const s = h.actor.getSnapshot();
            expect(s.hasTag('busy')).toBe(true);
            const sent = h.calls.save.at(-1)!;
            expect(sent.id).toBeNull();
            expect(sent.form).toEqual(s.context.form);
            expect(valid(sent.form)).toBe(true);
            expect(sent.idempotencyKey).toBeTruthy();
            submitted = s.context.form;
          },
          editing: () => {
            const s = h.actor.getSnapshot();
            expect(s.context.editId).toBe(ROW.id);
            expect(editDirty(s.context)).toBe(last.type === 'setup.change');
            // The create form is untouched by an edit.
            expect(s.context.form).toEqual(beforeEdit);
            if (last.type === 'xstate.error.actor.save') {
              expect(s.context.editError?.message).toBe((last.error as { message: string }).message);
            }
          },
          updating: () => {
            const sent = h.calls.save.at(-1)!;
            expect(sent.id).toBe(ROW.id);
            expect(sent.form).toEqual(ROW_FORM);
          },
          confirmingDelete: () => {
            const s = h.actor.getSnapshot();
            expect(s.context.pendingDelete).toEqual(ROW);
            expect(h.calls.remove).toHaveLength(0);
          },
          deleting: () => {
            expect(h.calls.remove.at(-1)).toBe(ROW.id);
            expect(Object.keys(h.pending)).toEqual(['remove']);
          },
        } as never,
      });
      h.actor.stop();
    });
  }
});

describe('setup list machine: named cases', () => {
  it('end before start is caught before sending, on end_time', () => {
    const h = start();
    for (const e of FILL) h.actor.send(e as never);
    h.actor.send({ type: 'setup.change', field: 'end_time', value: '09:00' });
    h.actor.send({ type: 'setup.submit' });
    expect(h.actor.getSnapshot().context.fieldErrors).toHaveProperty('end_time');
    expect(h.calls.save).toHaveLength(0);
  });

  it('what is typed in the create form survives opening and cancelling an edit', () => {
    const h = start();
    h.actor.send({ type: 'setup.change', field: 'period_code', value: '8th' });
    expect(createDirty(h.actor.getSnapshot().context)).toBe(true);
    h.actor.send({ type: 'setup.edit', id: ROW.id, form: ROW_FORM });
    h.actor.send({ type: 'setup.change', field: 'period_code', value: 'First' });
    expect(editDirty(h.actor.getSnapshot().context)).toBe(true);
    h.actor.send({ type: 'setup.cancel' });
    expect(h.actor.getSnapshot().context.form.period_code).toBe('8th');
  });

  it('a retry after a lost answer sends the same idempotency key; after a 409 a new one', async () => {
    const h = start();
    for (const e of FILL) h.actor.send(e as never);
    h.actor.send({ type: 'setup.submit' });
    await h.settle('save', 'reject', LOST);
    h.actor.send({ type: 'setup.submit' });
    expect(h.calls.save[1].idempotencyKey).toBe(h.calls.save[0].idempotencyKey);
    await h.settle('save', 'reject', OVERLAP);
    h.actor.send({ type: 'setup.submit' });
    expect(h.calls.save[2].idempotencyKey).not.toBe(h.calls.save[1].idempotencyKey);
  });
});

describe('a create keeps what the next one shares', () => {
  const EMPTY: SetupForm = { shift_id: '', period_code: '', serial: '', start_time: '', end_time: '' };
  it('with `keep`, the chosen shift stays after a create and the rest is cleared; after a refusal all stays', async () => {
    const h = start({ ...INPUT, blank: EMPTY, keep: ['shift_id'] });
    h.actor.send({ type: 'setup.change', field: 'shift_id', value: '2' });
    for (const e of FILL) h.actor.send(e as never);
    h.actor.send({ type: 'setup.submit' });
    await h.settle('save', 'reject', OVERLAP);
    expect(h.actor.getSnapshot().context.form).toEqual({
      shift_id: '2',
      period_code: '7th',
      serial: '7',
      start_time: '14:00',
      end_time: '15:30',
    });
    h.actor.send({ type: 'setup.change', field: 'start_time', value: '15:30' });
    h.actor.send({ type: 'setup.change', field: 'end_time', value: '16:15' });
    h.actor.send({ type: 'setup.submit' });
    await h.settle('save', 'resolve', CREATED);
    expect(h.actor.getSnapshot().context.form).toEqual({
      shift_id: '2',
      period_code: '',
      serial: '',
      start_time: '',
      end_time: '',
    });
  });

  it('without `keep`, a create clears the form to its blank', async () => {
    const h = start({ ...INPUT, blank: EMPTY });
    h.actor.send({ type: 'setup.change', field: 'shift_id', value: '2' });
    for (const e of FILL) h.actor.send(e as never);
    h.actor.send({ type: 'setup.submit' });
    await h.settle('save', 'resolve', CREATED);
    expect(h.actor.getSnapshot().context.form).toEqual({
      shift_id: '',
      period_code: '',
      serial: '',
      start_time: '',
      end_time: '',
    });
  });
});
