/**
 * Model-based paths through the academic calendar machine (src/machines/calendar.machine.ts).
 * The model is the machine's own config (`asModel`: each server answer is an explicit event); its
 * shortest paths reach every state by every transition into it. Each path is replayed on a real
 * actor whose I/O is held by deferred fakes, and every state on the way is checked against literal
 * expectations: which calls went out with what body, what the form holds (kept after a failure),
 * what message the screen would show (only ever the server's own).
 */
import { createActor, fromPromise, type EventObject } from 'xstate';
import { createTestModel } from '@xstate/graph';
import type { CalendarRow } from '@/api/schemas/calendar';
import { calendarMachine, formErrors, isDirty, type SaveInput } from '@/machines/calendar.machine';
import { asModel } from '../helpers/as-model';

const TODAY = '2026-11-24';
const ENTRY: CalendarRow = {
  id: 7,
  school_info_id: 1,
  session_id: 1,
  type: 'exam',
  topics: 'Final examination',
  details: '',
  date: '2026-11-29',
  end_date: '2026-12-10',
};
const SAVED = { ok: true, id: 12, message: 'Academic Calendar saved successfully', code: 'calendar.created' };
const DELETED = { ok: true, message: 'Academic Calendar deleted successfully', code: 'calendar.deleted' };
const REFUSED = {
  status: 400,
  code: 'invalid_input',
  message: 'end_date: The end date must not be before the start date.',
  fields: { end_date: 'The end date must not be before the start date.' },
};
const LOST = { status: 503, code: 'internal', message: 'Something went wrong on our side.' };
const FORBIDDEN = { status: 403, code: 'forbidden', message: 'That school is not yours.' };

type Snap = ReturnType<ReturnType<typeof start>['actor']['getSnapshot']>;
type ModelEvent = EventObject & Record<string, unknown>;

function start() {
  const calls = { save: [] as SaveInput[], remove: [] as number[], savedChanges: 0 };
  const pending: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }> = {};
  const deferred = (name: string) =>
    new Promise((resolve, reject) => {
      pending[name] = { resolve, reject };
    });
  const actor = createActor(
    calendarMachine.provide({
      actors: {
        save: fromPromise(({ input }: { input: SaveInput }) => {
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
    { input: { today: TODAY } },
  ).start();
  const settle = async (name: string, how: 'resolve' | 'reject', value: unknown) => {
    const p = pending[name];
    delete pending[name];
    p[how](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, calls, pending, settle };
}

const model = asModel(calendarMachine);
const events = [
  { type: 'calendar.add' },
  { type: 'calendar.edit', entry: ENTRY },
  { type: 'calendar.delete', entry: ENTRY },
  { type: 'calendar.change', field: 'topics', value: '' },
  { type: 'calendar.change', field: 'topics', value: 'Victory Day' },
  { type: 'calendar.submit' },
  { type: 'calendar.cancel' },
  { type: 'calendar.confirm' },
  { type: 'xstate.done.actor.save', output: SAVED },
  { type: 'xstate.error.actor.save', error: REFUSED },
  { type: 'xstate.error.actor.save', error: LOST },
  { type: 'xstate.done.actor.remove', output: DELETED },
  { type: 'xstate.error.actor.remove', error: FORBIDDEN },
];

const valid = (s: Snap) => Object.keys(formErrors(s.context.form)).length === 0;
/** A state is its value, whether its form may go, and (on a move) how it was reached. */
function serializeState(state: Snap, event: ModelEvent | undefined, prev?: Snap): string {
  const moved = event && prev && prev.value !== state.value;
  return `${String(state.value)} ${valid(state) ? 'valid' : 'invalid'} ${state.context.form.id ?? 'new'}${
    moved
      ? ` via ${event.type}${event.error ? ` ${(event.error as { status: number }).status}` : ''} from ${String(prev.value)}`
      : ''
  }`;
}

const testModel = createTestModel(model, {
  events: () => events as never,
  input: { today: TODAY },
  serializeState: serializeState as never,
});
const paths = testModel.getShortestPaths();

describe('calendar machine paths', () => {
  it('reaches every state', () => {
    const reached = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).map((s) => String(s.value)),
    );
    expect([...reached].sort()).toEqual([
      'adding',
      'confirmingDelete',
      'deleting',
      'editing',
      'failed',
      'list',
      'saving',
    ]);
  });

  it('stays a bounded number of paths', () => {
    expect(paths.length).toBeLessThan(200);
  });

  for (const path of paths) {
    const name = path.steps
      .map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace('calendar.', ''))
      .join(' → ');
    it(`${String(path.state.value)} via ${name || 'start'}`, async () => {
      const h = start();
      /** The event replayed last, and how many successes the server has answered so far. */
      let last: ModelEvent = { type: '' };
      let successes = 0;
      const track =
        (run: (event: ModelEvent) => unknown) =>
        async ({ event }: { event: ModelEvent }) => {
          last = event;
          if (event.type.startsWith('xstate.done.actor.')) successes += 1;
          await run(event);
        };
      const send = track((event) => h.actor.send(event as never));
      const lastEvent = () => last;
      /** The form as it was when the last save went out. */
      let submitted: unknown = null;
      await path.test({
        events: {
          'calendar.add': send,
          'calendar.edit': send,
          'calendar.delete': send,
          'calendar.change': send,
          'calendar.submit': send,
          'calendar.cancel': send,
          'calendar.confirm': send,
          'xstate.done.actor.save': track((event) => h.settle('save', 'resolve', event.output)),
          'xstate.error.actor.save': track((event) => h.settle('save', 'reject', event.error)),
          'xstate.done.actor.remove': track((event) => h.settle('remove', 'resolve', event.output)),
          'xstate.error.actor.remove': track((event) => h.settle('remove', 'reject', event.error)),
        } as never,
        states: {
          list: () => {
            const s = h.actor.getSnapshot();
            expect(s.value).toBe('list');
            expect(s.hasTag('form')).toBe(false);
            expect(Object.keys(h.pending)).toEqual([]);
            if (last.type === 'xstate.done.actor.save') {
              expect(s.context.feedback).toMatchObject({ tone: 'success', text: SAVED.message, code: SAVED.code });
            }
            if (last.type === 'xstate.done.actor.remove') {
              expect(s.context.feedback).toMatchObject({ tone: 'success', text: DELETED.message });
            }
            if (last.type === 'xstate.error.actor.remove') {
              expect(s.context.feedback).toMatchObject({ tone: 'error', text: FORBIDDEN.message });
            }
            // The list reloads after each success, and only then.
            expect(h.calls.savedChanges).toBe(successes);
          },
          adding: () => {
            const s = h.actor.getSnapshot();
            expect(s.context.form.id).toBeNull();
            expect(s.context.form.date).toBe(TODAY);
            expect(s.can({ type: 'calendar.submit' })).toBe(true);
            // Unsaved work (the leave guard) only once something was typed.
            expect(isDirty(s.context)).toBe(last.type === 'calendar.change' && last.value !== '');
          },
          editing: () => {
            const s = h.actor.getSnapshot();
            expect(s.context.form).toMatchObject({
              id: ENTRY.id,
              type: 'exam',
              date: ENTRY.date,
              end_date: ENTRY.end_date,
            });
            expect(isDirty(s.context)).toBe(last.type === 'calendar.change');
          },
          saving: () => {
            const s = h.actor.getSnapshot();
            expect(s.hasTag('busy')).toBe(true);
            expect(Object.keys(h.pending)).toEqual(['save']);
            const sent = h.calls.save.at(-1)!;
            // What goes out is what the form holds: an empty id adds, a set id updates.
            expect(sent.body).toMatchObject({ id: s.context.form.id ?? '', topics: s.context.form.topics });
            expect(sent.body.topics).not.toBe('');
            expect(sent.idempotencyKey).toBeTruthy();
            submitted = s.context.form;
          },
          failed: () => {
            const s = h.actor.getSnapshot();
            expect(s.hasTag('form')).toBe(true);
            expect(s.context.error).not.toBeNull();
            // The form is kept as it was sent (unless the user changed it since).
            if (lastEvent().type.startsWith('xstate.error.actor.save')) expect(s.context.form).toEqual(submitted);
            if (
              lastEvent().type === 'xstate.error.actor.save' &&
              (lastEvent().error as { status: number }).status === 400
            ) {
              expect(s.context.fieldErrors).toEqual(REFUSED.fields);
            }
          },
          confirmingDelete: () => {
            const s = h.actor.getSnapshot();
            expect(s.context.pendingDelete).toEqual(ENTRY);
            expect(h.calls.remove).toHaveLength(0);
          },
          deleting: () => {
            expect(h.calls.remove.at(-1)).toBe(ENTRY.id);
            expect(Object.keys(h.pending)).toEqual(['remove']);
          },
        } as never,
      });
      h.actor.stop();
    });
  }
});

describe('calendar machine: named cases', () => {
  it('an invalid form is not sent and names its field', async () => {
    const h = start();
    h.actor.send({ type: 'calendar.add' });
    h.actor.send({ type: 'calendar.submit' });
    expect(h.actor.getSnapshot().value).toBe('adding');
    expect(h.actor.getSnapshot().context.fieldErrors).toHaveProperty('topics');
    h.actor.send({ type: 'calendar.change', field: 'topics', value: 'Sports day' });
    h.actor.send({ type: 'calendar.change', field: 'end_date', value: '2026-01-01' });
    h.actor.send({ type: 'calendar.submit' });
    expect(h.actor.getSnapshot().context.fieldErrors).toHaveProperty('end_date');
    expect(h.calls.save).toHaveLength(0);
  });

  it('a retry after a lost answer sends the same idempotency key; after a 400 a new one', async () => {
    const h = start();
    h.actor.send({ type: 'calendar.add' });
    h.actor.send({ type: 'calendar.change', field: 'topics', value: 'Sports day' });
    h.actor.send({ type: 'calendar.submit' });
    await h.settle('save', 'reject', LOST);
    h.actor.send({ type: 'calendar.submit' });
    expect(h.calls.save[1].idempotencyKey).toBe(h.calls.save[0].idempotencyKey);
    await h.settle('save', 'reject', REFUSED);
    h.actor.send({ type: 'calendar.submit' });
    expect(h.calls.save[2].idempotencyKey).not.toBe(h.calls.save[1].idempotencyKey);
    await h.settle('save', 'resolve', SAVED);
    expect(h.actor.getSnapshot().value).toBe('list');
  });
});
