/**
 * Model-based paths through the homework create and submit machines. The model is each machine's
 * own config (`asModel`: the upload's outcome is an explicit event), states told apart by what a
 * user would see differ (the state, whether the form could go, whether a file is chosen, whether
 * the failure offers "Try again"). Each path is replayed on a real actor whose upload is a
 * deferred fake; at every step the test checks what went out (how many uploads, with which body,
 * file and idempotency key) and what the form holds (kept after a failure, cleared after a save,
 * the progress bar while uploading).
 */
import { createActor, fromPromise, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { ApiError } from '@/api/client';
import {
  emptyHomeworkForm,
  homeworkCreateMachine,
  homeworkFormErrors,
  type CreateUploadInput,
} from '@/machines/homework-create.machine';
import { homeworkDeleteMachine } from '@/machines/homework-delete.machine';
import { FILE_REQUIRED, homeworkSubmitMachine, type SubmitUploadInput } from '@/machines/homework-submit.machine';
import { asModel } from '../helpers/as-model';

const TODAY = '2026-11-24';
const DUE = '2026-11-27';
const FILE = new File(['%PDF-1.4 sheet'], 'sheet.pdf', { type: 'application/pdf' });
const CREATED = { ok: true, id: 7, message: 'New homework added successfully!!', code: 'homework.created' };
const SUBMITTED = {
  ok: true,
  id: 9,
  late: false,
  message: 'Homework submitted successfully!!',
  code: 'homework.submitted',
};
const NETWORK = new ApiError(0, 'network', 'Could not reach the server.');
const REFUSED = new ApiError(415, 'upload.bad_type', 'file: must be a PDF…', { file: 'must be a PDF…' });

type ModelEvent = EventObject & { output?: unknown; error?: unknown };
type Snap = SnapshotFrom<AnyStateMachine>;

/** A real actor of `machine` whose upload waits for the path to settle it. */
function harness<I>(machine: AnyStateMachine, input: unknown) {
  const uploads: I[] = [];
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const actor = createActor(
    machine.provide({
      actors: {
        upload: fromPromise(({ input: i }: { input: I }) => {
          uploads.push(i);
          return new Promise((resolve, reject) => {
            pending = { resolve, reject };
          });
        }),
      },
    }),
    { input },
  ).start();
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    const p = pending!;
    pending = null;
    p[how](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, uploads, settle, isPending: () => pending !== null };
}

const keyOf = (i: { idempotencyKey: string }) => i.idempotencyKey;

describe('homework create machine paths', () => {
  const serialize = (s: Snap) =>
    [
      JSON.stringify(s.value),
      // Which fields are filled (so the traversal can walk towards a complete form), then validity.
      (['class_id', 'section_id', 'subject_id', 'topic', 'due_date'] as const)
        .map((k) => (s.context.form[k] ? k[0] : '-'))
        .join(''),
      Object.keys(homeworkFormErrors(s.context.form)).length === 0 ? 'valid' : 'invalid',
      s.context.file ? 'file' : 'nofile',
      s.context.error ? (s.context.error.retryable ? 'retryable' : 'refused') : 'ok',
    ].join('|');
  const events = [
    { type: 'homework.choose', field: 'class_id', value: 6 },
    { type: 'homework.choose', field: 'section_id', value: 11 },
    { type: 'homework.choose', field: 'subject_id', value: 21 },
    { type: 'homework.field', field: 'topic', value: 'Fractions' },
    { type: 'homework.field', field: 'due_date', value: DUE },
    { type: 'homework.file', file: FILE },
    { type: 'homework.submit' },
    { type: 'homework.retry' },
    { type: 'homework.progress', loaded: 5, total: 14 },
    { type: 'xstate.done.actor.upload', output: CREATED },
    { type: 'xstate.error.actor.upload', error: NETWORK },
    { type: 'xstate.error.actor.upload', error: REFUSED },
  ];
  // The model plans; tests replay only paths to states a user tells apart (every machine state
  // with a valid or invalid form, with or without a file, with each kind of failure).
  const testModel = createTestModel(asModel(homeworkCreateMachine), {
    input: { today: TODAY },
    events: (() => events) as never,
    serializeState: serialize as never,
  });
  const paths = testModel.getShortestPaths();

  it('reaches every state, saved and both failures included', () => {
    const seen = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never)),
    );
    for (const s of ['"saved"', '"uploading"'])
      expect(
        [...seen].some((x) => x.startsWith(s)),
        s,
      ).toBe(true);
    expect([...seen].some((x) => x.startsWith('"failed"') && x.endsWith('retryable'))).toBe(true);
    expect([...seen].some((x) => x.startsWith('"failed"') && x.endsWith('refused'))).toBe(true);
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
    it(`${serialize(path.state as never)} via ${name || 'start'}`, async () => {
      const h = harness<CreateUploadInput>(homeworkCreateMachine, { today: TODAY });
      const keysUsed: string[] = [];
      let lastFailure: unknown = null;
      const send = ({ event }: { event: ModelEvent }) => void h.actor.send(event as never);
      await path.test({
        events: {
          'homework.choose': send,
          'homework.field': send,
          'homework.file': send,
          'homework.submit': send,
          'homework.retry': send,
          'homework.progress': send,
          'xstate.done.actor.upload': ({ event }: { event: ModelEvent }) => h.settle('resolve', event.output),
          'xstate.error.actor.upload': ({ event }: { event: ModelEvent }) => {
            lastFailure = event.error;
            return h.settle('reject', event.error);
          },
        } as never,
        states: {
          '*': () => {
            const s = h.actor.getSnapshot();
            // One upload per entry into uploading, and none waiting outside it.
            expect(h.isPending()).toBe(s.matches('uploading'));
            if (s.matches('uploading')) {
              const sent = h.uploads.at(-1)!;
              expect(sent.body).toEqual(s.context.form);
              expect(sent.file).toBe(s.context.file);
              expect(Object.keys(homeworkFormErrors(sent.body as never))).toEqual([]);
              // A retry after an unknown outcome reuses the key; any other submission gets a new one.
              if (!keysUsed.includes(keyOf(sent))) keysUsed.push(keyOf(sent));
              expect(s.context.progress).not.toBeNull();
            }
            if (s.matches('saved')) {
              expect(s.context.form).toEqual(emptyHomeworkForm(TODAY));
              expect(s.context.file).toBeNull();
              expect(s.context.feedback?.text).toBe(CREATED.message);
              expect(s.context.idempotencyKey).toBeNull();
            }
            if (s.matches('failed')) {
              // The form and the file stay as the user left them.
              const sent = h.uploads.at(-1)!;
              expect(s.context.form).toEqual(sent.body);
              expect(s.context.file).toBe(sent.file);
              expect(s.context.error?.cause).toBe(lastFailure);
              expect(s.can({ type: 'homework.retry' })).toBe(lastFailure === NETWORK);
              if (lastFailure === NETWORK) expect(s.context.idempotencyKey).toBe(keyOf(sent));
              else expect(s.context.idempotencyKey).toBeNull();
            }
            if (s.matches('editing') && h.uploads.length === 0 && s.context.error) {
              // Submit with an incomplete form: errors by field, nothing sent.
              expect(Object.keys(s.context.error.fields).length).toBeGreaterThan(0);
            }
          },
        } as never,
      });
      // Retries share a key only with the attempt they repeat.
      const retries = path.steps.filter((st) => st.event.type === 'homework.retry').length;
      expect(keysUsed.length).toBe(h.uploads.length - retries);
      h.actor.stop();
    });
  }

  it('a new class clears the section and subject; a new section the subject', () => {
    const a = createActor(homeworkCreateMachine, { input: { today: TODAY } }).start();
    a.send({ type: 'homework.choose', field: 'class_id', value: 6 });
    a.send({ type: 'homework.choose', field: 'section_id', value: 11 });
    a.send({ type: 'homework.choose', field: 'subject_id', value: 21 });
    a.send({ type: 'homework.choose', field: 'section_id', value: 12 });
    expect(a.getSnapshot().context.form).toMatchObject({ class_id: 6, section_id: 12, subject_id: 0 });
    a.send({ type: 'homework.choose', field: 'subject_id', value: 21 });
    a.send({ type: 'homework.choose', field: 'class_id', value: 7 });
    expect(a.getSnapshot().context.form).toMatchObject({ class_id: 7, section_id: 0, subject_id: 0 });
  });

  it('refuses a due date before the issue date before sending', () => {
    const a = createActor(homeworkCreateMachine, { input: { today: TODAY } }).start();
    for (const e of events.slice(0, 4)) a.send(e as never);
    a.send({ type: 'homework.field', field: 'due_date', value: '2026-11-01' });
    a.send({ type: 'homework.submit' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.error?.fields.due_date).toMatch(/due date/);
  });
});

describe('homework submit machine paths', () => {
  const serialize = (s: Snap) =>
    [
      JSON.stringify(s.value),
      s.context.file ? 'file' : 'nofile',
      s.context.error ? (s.context.error.retryable ? 'retryable' : 'refused') : 'ok',
    ].join('|');
  const events = [
    { type: 'homework.file', file: FILE },
    { type: 'homework.submit' },
    { type: 'homework.retry' },
    { type: 'homework.progress', loaded: 5, total: 14 },
    { type: 'xstate.done.actor.upload', output: SUBMITTED },
    { type: 'xstate.error.actor.upload', error: NETWORK },
    { type: 'xstate.error.actor.upload', error: REFUSED },
  ];
  const testModel = createTestModel(asModel(homeworkSubmitMachine), {
    input: { homeworkId: 42 },
    events: (() => events) as never,
    serializeState: serialize as never,
  });
  const paths = testModel.getShortestPaths();

  it('reaches saved and both failures', () => {
    const seen = paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never));
    expect(seen.some((x) => x.startsWith('"saved"'))).toBe(true);
    expect(seen.some((x) => x.startsWith('"failed"') && x.endsWith('retryable'))).toBe(true);
    expect(seen.some((x) => x.startsWith('"failed"') && x.endsWith('refused'))).toBe(true);
    expect(seen).toContain('"editing"|nofile|refused');
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
    it(`${serialize(path.state as never)} via ${name || 'start'}`, async () => {
      const h = harness<SubmitUploadInput>(homeworkSubmitMachine, { homeworkId: 42 });
      let lastFailure: unknown = null;
      const send = ({ event }: { event: ModelEvent }) => void h.actor.send(event as never);
      await path.test({
        events: {
          'homework.file': send,
          'homework.submit': send,
          'homework.retry': send,
          'homework.progress': send,
          'xstate.done.actor.upload': ({ event }: { event: ModelEvent }) => h.settle('resolve', event.output),
          'xstate.error.actor.upload': ({ event }: { event: ModelEvent }) => {
            lastFailure = event.error;
            return h.settle('reject', event.error);
          },
        } as never,
        states: {
          '*': () => {
            const s = h.actor.getSnapshot();
            expect(h.isPending()).toBe(s.matches('uploading'));
            if (s.matches('uploading')) {
              const sent = h.uploads.at(-1)!;
              expect(sent).toMatchObject({ homeworkId: 42, file: FILE });
            }
            if (s.matches('editing') && !s.context.file && s.context.error) {
              // No file, no upload: the required file is named.
              expect(s.context.error.fields.file).toBe(FILE_REQUIRED);
              expect(h.uploads).toHaveLength(0);
            }
            if (s.matches('failed')) {
              expect(s.context.file).toBe(FILE);
              expect(s.context.error?.cause).toBe(lastFailure);
              expect(s.can({ type: 'homework.retry' })).toBe(lastFailure === NETWORK);
            }
            if (s.matches('saved')) {
              expect(s.status).toBe('done');
              expect(s.context.feedback?.text).toBe(SUBMITTED.message);
            }
          },
        } as never,
      });
      const retries = path.steps.filter((st) => st.event.type === 'homework.retry').length;
      const keys = new Set(h.uploads.map(keyOf));
      expect(keys.size).toBe(h.uploads.length - retries);
      h.actor.stop();
    });
  }
});

describe('homework delete machine paths', () => {
  const ROW = { id: 8, topic: 'Poems', className: 'Six', sectionName: 'A' };
  const DELETED = { ok: true, message: 'Deleted  successfully!!', code: 'homework.deleted' };
  const GONE = new ApiError(409, 'homework.has_submissions', 'Students have already submitted this homework.');
  const events = [
    { type: 'homework.delete', ...ROW },
    { type: 'homework.confirm' },
    { type: 'homework.cancel' },
    { type: 'xstate.done.actor.remove', output: DELETED },
    { type: 'xstate.error.actor.remove', error: GONE },
  ];
  const serialize = (s: Snap) =>
    [JSON.stringify(s.value), s.context.feedback ? 'told' : '-', s.context.error ? 'failed' : '-'].join('|');
  const paths = createTestModel(asModel(homeworkDeleteMachine), {
    events: (() => events) as never,
    serializeState: serialize as never,
  }).getShortestPaths();

  it('reaches a confirmed delete, a cancelled one and a refused one', () => {
    const seen = paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never));
    expect(seen).toEqual(
      expect.arrayContaining(['"confirming"|-|-', '"deleting"|-|-', '"idle"|told|-', '"idle"|-|failed']),
    );
  });

  for (const path of paths) {
    const name = path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ');
    it(`${serialize(path.state as never)} via ${name || 'start'}`, async () => {
      const removed: number[] = [];
      let reloads = 0;
      let done = 0;
      let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
      const actor = createActor(
        homeworkDeleteMachine.provide({
          actors: {
            remove: fromPromise(({ input }: { input: { id: number } }) => {
              removed.push(input.id);
              return new Promise((resolve, reject) => {
                pending = { resolve, reject };
              }) as never;
            }),
          },
          actions: { deleted: () => void reloads++ },
        }),
      ).start();
      const settle = async (how: 'resolve' | 'reject', v: unknown) => {
        const p = pending!;
        pending = null;
        p[how](v);
        await new Promise((r) => setTimeout(r, 0));
      };
      const send = ({ event }: { event: ModelEvent }) => void actor.send(event as never);
      await path.test({
        events: {
          'homework.delete': send,
          'homework.confirm': send,
          'homework.cancel': send,
          'xstate.done.actor.remove': ({ event }: { event: ModelEvent }) => {
            done++;
            return settle('resolve', event.output);
          },
          'xstate.error.actor.remove': ({ event }: { event: ModelEvent }) => settle('reject', event.error),
        } as never,
        states: {
          '*': () => {
            const s = actor.getSnapshot();
            const confirms = path.steps.filter((st) => st.event.type === 'homework.confirm').length;
            // Nothing is deleted before "Are you sure to delete?" is answered yes, and then that row's id.
            expect(removed.length).toBeLessThanOrEqual(confirms);
            for (const id of removed) expect(id).toBe(ROW.id);
            if (s.matches('confirming')) expect(s.context.pending).toEqual(ROW);
            if (s.matches('idle')) expect(s.context.pending).toBeNull();
            // The list reloads once per delete the server confirmed, never after a refusal.
            expect(reloads).toBe(done);
          },
        } as never,
      });
      actor.stop();
    });
  }
});
