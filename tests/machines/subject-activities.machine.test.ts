/**
 * Model-based paths through the subject activity machines (create, submit, mark; docs/DOMAIN.md,
 * "Exams and grades", subject activities). The model is each machine's own config (`asModel`: a
 * server answer is an explicit event); states are told apart by what a user would see. Each path is
 * replayed on a real actor whose call is a deferred fake, and at every step the test checks what
 * went out (how many calls, with which body, written out here, and which idempotency key) and what
 * the form holds (kept after a failure, cleared after a save).
 */
import { createActor, fromPromise, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { ApiError } from '@/api/client';
import { subjectActivityCreateMachine, type ActivityUploadInput } from '@/machines/subject-activity-create.machine';
import { subjectActivitySubmitMachine, type AnswerUploadInput } from '@/machines/subject-activity-submit.machine';
import { subjectActivityMarkMachine } from '@/machines/subject-activity-mark.machine';
import { asModel } from '../helpers/as-model';

const FILE = new File(['%PDF-1.4 sheet'], 'sheet.pdf', { type: 'application/pdf' });
const CREATED = { ok: true, id: 7, message: 'New activity added successfully!!', code: 'subject_activities.created' };
const SUBMITTED = {
  ok: true,
  id: 9,
  message: 'Activity answer submitted successfully!!',
  code: 'subject_activities.submitted',
};
const MARKED = {
  ok: true,
  submission_id: 31,
  mark: 8.5,
  feedback: 'Good',
  message: 'Activity mark saved.',
  code: 'subject_activities.marked',
};
const NETWORK = new ApiError(0, 'network', 'Could not reach the server.');
const REFUSED = new ApiError(409, 'subject_activities.closed', 'The due time has passed: answers are no longer taken.');

type ModelEvent = EventObject & { output?: unknown; error?: unknown };
type Snap = SnapshotFrom<AnyStateMachine>;

/** A real actor of `machine` whose call (`actorName`) waits for the path to settle it. */
function harness<I>(machine: AnyStateMachine, input: unknown, actorName = 'upload') {
  const calls: I[] = [];
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const actor = createActor(
    machine.provide({
      actors: {
        [actorName]: fromPromise(({ input: i }: { input: I }) => {
          calls.push(i);
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
  return { actor, calls, settle, isPending: () => pending !== null };
}

const nameOf = (steps: { event: EventObject }[]) =>
  steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ') || 'start';

describe('subject activity create machine paths', () => {
  /** The body the complete form below sends, written out. */
  const BODY = {
    class_id: 6,
    section_id: 11,
    subject_id: 21,
    title: 'Water cycle',
    questions: '',
    starts_at: '2026-11-25T10:00',
    due_at: '2026-11-25T12:00',
    full_mark: 10,
  };
  const EMPTY = {
    class_id: 0,
    section_id: 0,
    subject_id: 0,
    title: '',
    questions: '',
    starts_at: '',
    due_at: '',
    full_mark: '',
  };
  const serialize = (s: Snap) =>
    [
      JSON.stringify(s.value),
      (['class_id', 'section_id', 'subject_id', 'title', 'starts_at', 'due_at', 'full_mark'] as const)
        .map((k) => (s.context.form[k] ? k[0] : '-'))
        .join(''),
      s.context.file ? 'file' : 'nofile',
      s.context.error ? (s.context.error.retryable ? 'retryable' : 'refused') : 'ok',
    ].join('|');
  const events = [
    { type: 'activity.choose', field: 'class_id', value: 6 },
    { type: 'activity.choose', field: 'section_id', value: 11 },
    { type: 'activity.choose', field: 'subject_id', value: 21 },
    { type: 'activity.field', field: 'title', value: 'Water cycle' },
    { type: 'activity.field', field: 'starts_at', value: '2026-11-25T10:00' },
    { type: 'activity.field', field: 'due_at', value: '2026-11-25T12:00' },
    // Bangla digits, as a Bangla keyboard types them: ১০ is 10.
    { type: 'activity.field', field: 'full_mark', value: '১০' },
    { type: 'activity.file', file: FILE },
    { type: 'activity.submit' },
    { type: 'activity.retry' },
    { type: 'xstate.done.actor.upload', output: CREATED },
    { type: 'xstate.error.actor.upload', error: NETWORK },
    { type: 'xstate.error.actor.upload', error: REFUSED },
  ];
  const paths = createTestModel(asModel(subjectActivityCreateMachine), {
    events: (() => events) as never,
    serializeState: serialize as never,
  }).getShortestPaths();

  it('reaches saved, uploading and both failures', () => {
    const seen = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never)),
    );
    expect([...seen].some((x) => x.startsWith('"saved"'))).toBe(true);
    expect([...seen].some((x) => x.startsWith('"uploading"'))).toBe(true);
    expect([...seen].some((x) => x.startsWith('"failed"') && x.endsWith('retryable'))).toBe(true);
    expect([...seen].some((x) => x.startsWith('"failed"') && x.endsWith('refused'))).toBe(true);
  });

  for (const path of paths) {
    it(`${serialize(path.state as never)} via ${nameOf(path.steps)}`, async () => {
      const h = harness<ActivityUploadInput>(subjectActivityCreateMachine, undefined);
      const keys: string[] = [];
      let lastFailure: unknown = null;
      const send = ({ event }: { event: ModelEvent }) => void h.actor.send(event as never);
      await path.test({
        events: {
          'activity.choose': send,
          'activity.field': send,
          'activity.file': send,
          'activity.submit': send,
          'activity.retry': send,
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
              const sent = h.calls.at(-1)!;
              // Only the complete form goes out, as written above.
              expect(sent.body).toEqual(BODY);
              expect(sent.file).toBe(s.context.file);
              if (!keys.includes(sent.idempotencyKey)) keys.push(sent.idempotencyKey);
            }
            if (s.matches('saved')) {
              expect(s.context.form).toEqual(EMPTY);
              expect(s.context.file).toBeNull();
              expect(s.context.feedback?.code).toBe('subject_activities.created');
              expect(s.context.idempotencyKey).toBeNull();
            }
            if (s.matches('failed')) {
              const sent = h.calls.at(-1)!;
              expect(s.context.form.title).toBe('Water cycle');
              expect(s.context.file).toBe(sent.file);
              expect(s.can({ type: 'activity.retry' })).toBe(lastFailure === NETWORK);
              expect(s.context.idempotencyKey).toBe(lastFailure === NETWORK ? sent.idempotencyKey : null);
            }
            if (s.matches('editing') && h.calls.length === 0 && s.context.error) {
              expect(Object.keys(s.context.error.fields).length).toBeGreaterThan(0);
            }
          },
        } as never,
      });
      const retries = path.steps.filter((st) => st.event.type === 'activity.retry').length;
      expect(keys.length).toBe(h.calls.length - retries);
      h.actor.stop();
    });
  }

  it('names the fields of an incomplete form and sends nothing', () => {
    const a = createActor(subjectActivityCreateMachine).start();
    a.send({ type: 'activity.submit' });
    expect(Object.keys(a.getSnapshot().context.error!.fields).sort()).toEqual([
      'class_id',
      'due_at',
      'full_mark',
      'section_id',
      'starts_at',
      'subject_id',
      'title',
    ]);
  });

  it('refuses a due time not after the start, and a full mark of 0, before sending', () => {
    const a = createActor(subjectActivityCreateMachine).start();
    for (const e of events.slice(0, 7)) a.send(e as never);
    a.send({ type: 'activity.field', field: 'due_at', value: '2026-11-25T10:00' });
    a.send({ type: 'activity.field', field: 'full_mark', value: '0' });
    a.send({ type: 'activity.submit' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.error?.fields).toEqual({
      due_at: 'The due time must be after the start time.',
      full_mark: 'full_mark must be at least 1',
    });
  });

  it('a new class clears the section and subject; a new section the subject', () => {
    const a = createActor(subjectActivityCreateMachine).start();
    for (const e of events.slice(0, 3)) a.send(e as never);
    a.send({ type: 'activity.choose', field: 'section_id', value: 12 });
    expect(a.getSnapshot().context.form).toMatchObject({ class_id: 6, section_id: 12, subject_id: 0 });
    a.send({ type: 'activity.choose', field: 'class_id', value: 7 });
    expect(a.getSnapshot().context.form).toMatchObject({ class_id: 7, section_id: 0, subject_id: 0 });
  });
});

describe('subject activity submit machine paths', () => {
  const serialize = (s: Snap) =>
    [
      JSON.stringify(s.value),
      s.context.answer ? 'text' : 'notext',
      s.context.file ? 'file' : 'nofile',
      s.context.error ? (s.context.error.retryable ? 'retryable' : 'refused') : 'ok',
    ].join('|');
  const events = [
    { type: 'answer.text', value: 'Evaporation.' },
    { type: 'answer.text', value: '' },
    { type: 'answer.file', file: FILE },
    { type: 'answer.submit' },
    { type: 'answer.retry' },
    { type: 'xstate.done.actor.upload', output: SUBMITTED },
    { type: 'xstate.error.actor.upload', error: NETWORK },
    { type: 'xstate.error.actor.upload', error: REFUSED },
  ];
  const paths = createTestModel(asModel(subjectActivitySubmitMachine), {
    input: { activityId: 42 },
    events: (() => events) as never,
    serializeState: serialize as never,
  }).getShortestPaths();

  it('reaches saved, both failures, and the refusal of an empty answer', () => {
    const seen = paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never));
    expect(seen.some((x) => x.startsWith('"saved"'))).toBe(true);
    expect(seen.some((x) => x.startsWith('"failed"') && x.endsWith('retryable'))).toBe(true);
    expect(seen.some((x) => x.startsWith('"failed"') && x.endsWith('refused'))).toBe(true);
    expect(seen).toContain('"editing"|notext|nofile|refused');
  });

  for (const path of paths) {
    it(`${serialize(path.state as never)} via ${nameOf(path.steps)}`, async () => {
      const h = harness<AnswerUploadInput>(subjectActivitySubmitMachine, { activityId: 42 });
      let lastFailure: unknown = null;
      const send = ({ event }: { event: ModelEvent }) => void h.actor.send(event as never);
      await path.test({
        events: {
          'answer.text': send,
          'answer.file': send,
          'answer.submit': send,
          'answer.retry': send,
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
              const sent = h.calls.at(-1)!;
              expect(sent.activityId).toBe(42);
              expect(['Evaporation.', '']).toContain(sent.answer);
              // Never nothing at all: text or a file.
              expect(sent.answer !== '' || sent.file !== null).toBe(true);
              expect(sent.file).toBe(s.context.file);
            }
            if (s.matches('saved')) expect(s.context.feedback?.code).toBe('subject_activities.submitted');
            if (s.matches('failed')) {
              const sent = h.calls.at(-1)!;
              expect(s.context.file).toBe(sent.file);
              expect(s.can({ type: 'answer.retry' })).toBe(lastFailure === NETWORK);
            }
            if (s.context.error && h.calls.length === 0) {
              expect(s.context.error.fields).toEqual({ answer: 'Write an answer or choose a file.' });
            }
          },
        } as never,
      });
      h.actor.stop();
    });
  }

  it('starts from the answer already sent', () => {
    const a = createActor(subjectActivitySubmitMachine, { input: { activityId: 5, answer: 'First try' } }).start();
    expect(a.getSnapshot().context.answer).toBe('First try');
  });
});

describe('subject activity mark machine paths', () => {
  const TARGET = { submissionId: 31, studentName: 'Rahim', fullMark: 10, mark: null, feedback: null };
  const serialize = (s: Snap) =>
    [
      JSON.stringify(s.value),
      s.context.mark || '-',
      Object.values(s.context.fields as Record<string, string>).some(Boolean) ? 'fields' : 'nofields',
      s.context.error ? (s.context.error === NETWORK ? 'retryable' : 'refused') : 'ok',
    ].join('|');
  const events = [
    { type: 'mark.open', target: TARGET },
    { type: 'mark.field', field: 'mark', value: '৮.৫' },
    { type: 'mark.field', field: 'mark', value: '11' },
    { type: 'mark.field', field: 'feedback', value: 'Good' },
    { type: 'mark.save' },
    { type: 'mark.cancel' },
    { type: 'mark.retry' },
    { type: 'mark.edit' },
    { type: 'xstate.done.actor.save', output: MARKED },
    { type: 'xstate.error.actor.save', error: NETWORK },
    { type: 'xstate.error.actor.save', error: REFUSED },
  ];
  const paths = createTestModel(asModel(subjectActivityMarkMachine), {
    events: (() => events) as never,
    serializeState: serialize as never,
  }).getShortestPaths();

  it('reaches a saved mark, both failures and a refused mark above the full mark', () => {
    const seen = paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never));
    expect(seen.some((x) => x.startsWith('"saving"'))).toBe(true);
    expect(seen.some((x) => x.startsWith('"failed"') && x.endsWith('retryable'))).toBe(true);
    expect(seen.some((x) => x.startsWith('"failed"') && x.endsWith('refused'))).toBe(true);
    expect(seen).toContain('"editing"|11|fields|ok');
  });

  for (const path of paths) {
    it(`${serialize(path.state as never)} via ${nameOf(path.steps)}`, async () => {
      const h = harness<{ body: unknown; key: string }>(subjectActivityMarkMachine, undefined, 'save');
      const keys: string[] = [];
      let lastFailure: unknown = null;
      let saves = 0;
      const send = ({ event }: { event: ModelEvent }) => void h.actor.send(event as never);
      await path.test({
        events: {
          'mark.open': send,
          'mark.field': send,
          'mark.save': send,
          'mark.cancel': send,
          'mark.retry': send,
          'mark.edit': send,
          'xstate.done.actor.save': ({ event }: { event: ModelEvent }) => {
            saves += 1;
            return h.settle('resolve', event.output);
          },
          'xstate.error.actor.save': ({ event }: { event: ModelEvent }) => {
            lastFailure = event.error;
            return h.settle('reject', event.error);
          },
        } as never,
        states: {
          '*': () => {
            const s = h.actor.getSnapshot();
            expect(h.isPending()).toBe(s.matches('saving'));
            if (s.matches('saving')) {
              const sent = h.calls.at(-1)!;
              // Only 8.5 (typed in Bangla digits) of 10 goes out; 11 is above the full mark.
              expect(sent.body).toEqual({ submission_id: 31, mark: 8.5, feedback: s.context.feedback });
              if (!keys.includes(sent.key)) keys.push(sent.key);
            }
            if (s.matches('failed')) {
              expect(s.context.mark).toBe('৮.৫');
              expect(s.can({ type: 'mark.retry' })).toBe(lastFailure === NETWORK);
              expect(s.context.key).toBe(lastFailure === NETWORK ? h.calls.at(-1)!.key : null);
            }
            if (s.matches('idle') && saves > 0 && h.calls.length > 0)
              expect(s.context.saved?.code).toBe('subject_activities.marked');
            if (s.matches('editing') && s.context.mark === '11' && Object.values(s.context.fields).some(Boolean))
              expect(s.context.fields.mark).toBe('The mark must not be more than the full mark.');
          },
        } as never,
      });
      // A retry, or a save again after a lost answer, reuses the key of the attempt it repeats.
      expect(keys.length).toBeLessThanOrEqual(h.calls.length);
      h.actor.stop();
    });
  }
});
