/**
 * Model-based paths through the subject registration machine. The model is the machine's own
 * config (`asModel`: each call's outcome is an explicit event), states told apart by what the
 * admin would see differ (the state, whether the tables are loaded, what is ticked, the pending
 * delete). Each path is replayed on a real actor whose calls are deferred fakes; at every step
 * the test checks which calls went out, with which payload, and what the screen would show.
 */
import { createActor, fromPromise, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { ApiError } from '@/api/client';
import type { AdminSearchRow } from '@/api/schemas/people';
import type { RegistrationSubjectRow, SaveSubjectRegistrationInput } from '@/api/schemas/subject-registration';
import type { RegistrationFilters } from '@/api/subject-registration';
import { savePayload, subjectRegistrationMachine } from '@/machines/subject-registration.machine';
import { asModel } from '../helpers/as-model';

const student = (id: number, code: string): AdminSearchRow => ({
  id,
  student_id: id,
  student_code: code,
  full_name: `Student ${code}`,
  mobile_no: '',
  class_roll_no: id,
  class_id: 9,
  class_name: 'Nine',
  section_id: 31,
  section_default_name: 'A',
  group_id: 1,
  division_name: 'Science',
});
const subject = (id: number, name: string, optional = false): RegistrationSubjectRow => ({
  id,
  subject_name: name,
  subject_code: String(100 + id),
  class_id: 9,
  group_id: null,
  division_name: null,
  optional,
});
const TABLES = {
  students: [student(1, 'S-1'), student(2, 'S-2')],
  subjects: [subject(11, 'Bangla'), subject(12, 'English'), subject(13, 'Higher Mathematics', true)],
};
const SAVED = { ok: true, message: 'Subject Registration saved successfully', code: 'subject_registration.saved' };
const DELETED = { ok: true, message: 'Subjcet deleted successfully', code: 'subject_registration.deleted' };
const COMPULSORY = new ApiError(
  400,
  'subject_registration.fourth_is_compulsory',
  'Higher Mathematics is chosen as a compulsory subject, so it cannot also be the 4th subject.',
);
const NETWORK = new ApiError(0, 'network', 'Could not reach the server.');
const FILTERS: RegistrationFilters = { session_id: 5, class_id: 9, group_id: 0, section_id: 31 };

type ModelEvent = EventObject & { output?: unknown; error?: unknown };
type Snap = SnapshotFrom<AnyStateMachine>;

/** A real actor whose three calls wait for the path to settle them. */
function harness() {
  const calls = {
    load: [] as RegistrationFilters[],
    save: [] as SaveSubjectRegistrationInput[],
    remove: [] as unknown[],
  };
  const pending: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null> = {};
  const fake = (name: keyof typeof calls) =>
    fromPromise(({ input }: { input: never }) => {
      (calls[name] as unknown[]).push(input);
      return new Promise((resolve, reject) => {
        pending[name] = { resolve, reject };
      });
    });
  const hooks = { saved: 0, deleted: 0 };
  const actor = createActor(
    subjectRegistrationMachine.provide({
      actors: { load: fake('load') as never, save: fake('save') as never, remove: fake('remove') as never },
      actions: { saved: () => void hooks.saved++, deleted: () => void hooks.deleted++ },
    }),
    { input: { schoolId: 1 } },
  ).start();
  const settle = async (name: string, how: 'resolve' | 'reject', value: unknown) => {
    const p = pending[name]!;
    pending[name] = null;
    p[how](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, calls, settle, hooks, isPending: (name: string) => !!pending[name] };
}

const serialize = (s: Snap) =>
  [
    JSON.stringify(s.value),
    // Which filters are chosen (so the traversal can walk towards a complete set).
    (['session_id', 'class_id', 'section_id'] as const).map((k) => (s.context.filters[k] ? k[1] : '-')).join(''),
    s.context.students.length ? 'tables' : 'empty',
    `st${s.context.selectedStudents.length}`,
    `su${s.context.selectedSubjects.length}`,
    s.context.fourth ? '4th' : 'no4th',
    s.context.error ? 'error' : 'ok',
  ].join('|');

const events = [
  { type: 'filter.change', field: 'session_id', value: 5 },
  { type: 'filter.change', field: 'class_id', value: 9 },
  { type: 'filter.change', field: 'section_id', value: 31 },
  { type: 'registration.search' },
  { type: 'registration.retry' },
  { type: 'toggle.student', id: 1 },
  { type: 'select-all.students' },
  { type: 'toggle.subject', id: 11 },
  { type: 'select-all.subjects' },
  { type: 'toggle.fourth', id: 13 },
  { type: 'registration.edit', id: 70, studentId: 1, subjectIds: [11, 12], fourth: null },
  { type: 'registration.save' },
  { type: 'delete.request', kind: 'subject', id: 70, label: 'S-1 Bangla' },
  { type: 'delete.confirm' },
  { type: 'delete.cancel' },
  { type: 'xstate.done.actor.load', output: TABLES },
  { type: 'xstate.error.actor.load', error: NETWORK },
  { type: 'xstate.done.actor.save', output: SAVED },
  { type: 'xstate.error.actor.save', error: COMPULSORY },
  { type: 'xstate.done.actor.remove', output: DELETED },
  { type: 'xstate.error.actor.remove', error: NETWORK },
];

describe('subject registration machine paths', () => {
  const testModel = createTestModel(asModel(subjectRegistrationMachine), {
    input: { schoolId: 1 },
    events: (() => events) as never,
    serializeState: serialize as never,
  });
  const paths = testModel.getShortestPaths();

  it('reaches loading, selecting, saving, saved, failed, the load failure and every delete state', () => {
    const seen = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never)),
    );
    for (const s of [
      '"loading"',
      '"loadFailed"',
      '"selecting"',
      '"saving"',
      '"saved"',
      '"failed"',
      '"confirming"',
      '"deleting"',
    ])
      expect(
        [...seen].some((x) => x.includes(s)),
        s,
      ).toBe(true);
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
    it(`${serialize(path.state as never)} via ${name || 'start'}`, async () => {
      const h = harness();
      let lastSaveError: unknown = null;
      const send = ({ event }: { event: ModelEvent }) => void h.actor.send(event as never);
      const sendAll = Object.fromEntries(
        events.filter((e) => !e.type.startsWith('xstate.')).map((e) => [e.type, send]),
      );
      await path.test({
        events: {
          ...sendAll,
          'xstate.done.actor.load': ({ event }: { event: ModelEvent }) => h.settle('load', 'resolve', event.output),
          'xstate.error.actor.load': ({ event }: { event: ModelEvent }) => h.settle('load', 'reject', event.error),
          'xstate.done.actor.save': async ({ event }: { event: ModelEvent }) => {
            const sent = h.calls.save.at(-1)!;
            await h.settle('save', 'resolve', event.output);
            // Spec §4: a new registration resets every selection, an edit keeps it.
            const c = h.actor.getSnapshot().context;
            if (sent.id === '') expect([c.selectedStudents, c.selectedSubjects, c.fourth]).toEqual([[], [], null]);
            else expect(c.selectedStudents.length).toBe(sent.studentChecked.length);
          },
          'xstate.error.actor.save': ({ event }: { event: ModelEvent }) => {
            lastSaveError = event.error;
            return h.settle('save', 'reject', event.error);
          },
          'xstate.done.actor.remove': ({ event }: { event: ModelEvent }) => h.settle('remove', 'resolve', event.output),
          'xstate.error.actor.remove': ({ event }: { event: ModelEvent }) => h.settle('remove', 'reject', event.error),
        } as never,
        states: {
          '*': () => {
            const s = h.actor.getSnapshot();
            const c = s.context;
            // One call in flight per busy state, none outside it.
            expect(h.isPending('load')).toBe(s.matches({ registration: 'loading' }));
            expect(h.isPending('save')).toBe(s.matches({ registration: { ready: 'saving' } }));
            expect(h.isPending('remove')).toBe(s.matches({ deletion: 'deleting' }));
            if (s.matches({ registration: 'loading' })) expect(h.calls.load.at(-1)).toEqual(c.filters);
            if (s.matches({ registration: 'filtering' })) {
              // Tables are cleared with a filter change; the search button is only enabled when complete.
              expect(c.students).toEqual([]);
              expect(s.can({ type: 'registration.search' })).toBe(
                c.filters.session_id > 0 && c.filters.class_id > 0 && c.filters.section_id > 0,
              );
            }
            if (s.matches({ registration: 'ready' })) expect(c.students).toEqual(TABLES.students);
            if (s.matches({ registration: { ready: 'saving' } })) {
              const sent = h.calls.save.at(-1)!;
              expect(sent).toEqual(savePayload(c as never));
              expect(sent.studentChecked).toHaveLength(c.selectedStudents.length);
              expect(sent.forthChecked).toHaveLength(c.fourth ? 1 : 0);
              expect(sent.school_info_id).toBe(1);
              expect(sent.id).toBe(c.editId ?? '');
              // Nothing can change what is being saved.
              expect(s.can({ type: 'toggle.student', id: 2 })).toBe(false);
              expect(s.can({ type: 'registration.save' })).toBe(false);
            }
            if (s.matches({ registration: { ready: 'saved' } })) {
              expect(c.editId).toBeNull();
              expect(c.feedback?.text).toBeTruthy();
              expect(h.hooks.saved).toBeGreaterThan(0);
            }
            if (s.matches({ registration: { ready: 'failed' } })) {
              // The server's refusal is kept for the screen, and the ticks stay to correct.
              expect(c.error).toBe(lastSaveError);
              const sent = h.calls.save.at(-1)!;
              expect(sent.studentChecked.length).toBe(c.selectedStudents.length);
            }
            if (s.matches({ deletion: 'confirming' })) {
              expect(c.pendingDelete).toEqual({ kind: 'subject', id: 70, label: 'S-1 Bangla' });
            }
            if (s.matches({ deletion: 'deleting' })) expect(h.calls.remove.at(-1)).toEqual({ kind: 'subject', id: 70 });
            if (s.matches({ deletion: 'idle' })) expect(c.pendingDelete).toBeNull();
          },
        } as never,
      });
      // A delete goes out only after a confirmation: one call per confirm.
      const confirms = path.steps.filter((st) => st.event.type === 'delete.confirm').length;
      expect(h.calls.remove.length).toBe(confirms);
      h.actor.stop();
    });
  }
});

describe('subject registration machine details', () => {
  const loaded = async () => {
    const h = harness();
    h.actor.send({ type: 'filter.change', field: 'session_id', value: 5 });
    h.actor.send({ type: 'filter.change', field: 'class_id', value: 9 });
    h.actor.send({ type: 'filter.change', field: 'section_id', value: 31 });
    h.actor.send({ type: 'registration.search' });
    await h.settle('load', 'resolve', TABLES);
    return h;
  };

  it('select-all ticks every row, and again none; one box toggles one row', async () => {
    const h = await loaded();
    h.actor.send({ type: 'select-all.students' });
    expect(h.actor.getSnapshot().context.selectedStudents).toEqual([1, 2]);
    h.actor.send({ type: 'toggle.student', id: 2 });
    expect(h.actor.getSnapshot().context.selectedStudents).toEqual([1]);
    h.actor.send({ type: 'select-all.students' });
    expect(h.actor.getSnapshot().context.selectedStudents).toEqual([1, 2]);
    h.actor.send({ type: 'select-all.students' });
    expect(h.actor.getSnapshot().context.selectedStudents).toEqual([]);
  });

  it('one 4th subject: ticking another replaces it, ticking it again clears it', async () => {
    const h = await loaded();
    h.actor.send({ type: 'toggle.fourth', id: 13 });
    h.actor.send({ type: 'toggle.fourth', id: 12 });
    expect(h.actor.getSnapshot().context.fourth).toBe(12);
    h.actor.send({ type: 'toggle.fourth', id: 12 });
    expect(h.actor.getSnapshot().context.fourth).toBeNull();
  });

  it('a new class clears the section and the tables', async () => {
    const h = await loaded();
    h.actor.send({ type: 'toggle.student', id: 1 });
    h.actor.send({ type: 'filter.change', field: 'class_id', value: 10 });
    const c = h.actor.getSnapshot().context;
    expect(c.filters).toEqual({ ...FILTERS, class_id: 10, section_id: 0 });
    expect([c.students, c.selectedStudents]).toEqual([[], []]);
  });

  it('an edit sends the registration id, keeps the ticks after the save and says "Routine updated successfully"', async () => {
    const h = await loaded();
    h.actor.send({ type: 'registration.edit', id: 70, studentId: 1, subjectIds: [11, 12], fourth: 13 });
    h.actor.send({ type: 'registration.save' });
    expect(h.calls.save.at(-1)).toMatchObject({ id: 70, forthChecked: [{ id: 13 }] });
    await h.settle('save', 'resolve', { ok: true, message: 'Routine updated successfully', code: 'x' });
    const c = h.actor.getSnapshot().context;
    expect(c.feedback?.text).toBe('Routine updated successfully');
    expect(c.selectedSubjects).toEqual([11, 12]);
    expect(c.editId).toBeNull();
  });
});
