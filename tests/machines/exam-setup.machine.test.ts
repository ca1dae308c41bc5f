/**
 * Model-based paths through the exam setup machines. The models are the machines' own
 * configs (`asModel`: each call's outcome is an explicit event); states are told apart by what the
 * admin would see differ (the state, which fields are filled, whether the form could go, the kind
 * of failure). Each path is replayed on a real actor whose call is a deferred fake; at every step
 * the test checks what went out (how many calls, with which body and idempotency key) and what the
 * screen holds (the form kept after a failure, sections and subjects cleared after a save, nothing
 * published before the admin confirmed).
 */
import { createActor, fromPromise, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from '@xstate/graph';
import { ApiError } from '@/api/client';
import {
  examBody,
  examCreateMachine,
  examFormErrors,
  parseMarks,
  type CreateInput,
  type ExamForm,
} from '@/machines/exam-create.machine';
import { examPublicationMachine } from '@/machines/exam-publication.machine';
import { examTypeMachine, type ExamTypeRequest } from '@/machines/exam-type.machine';
import { asModel } from '../helpers/as-model';

type ModelEvent = EventObject & { output?: unknown; error?: unknown };
type Snap = SnapshotFrom<AnyStateMachine>;

const CREATED = {
  ok: true,
  message: 'New exam Created Successfully!!',
  code: 'exams.created',
  rows: [{ id: 1 }, { id: 2 }],
};
const NETWORK = new ApiError(0, 'network', 'Could not reach the server.');
const DUPLICATE = new ApiError(
  409,
  'exams.duplicate',
  'Half Yearly Exam (Sub) of Bangla for section A already exists in this session.',
);

/** A real actor whose `id` call waits for the path to settle it. */
function harness<I>(machine: AnyStateMachine, actorId: string, input?: unknown, extra: object = {}) {
  const calls: I[] = [];
  let pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | null = null;
  const actor = createActor(
    machine.provide({
      actors: {
        [actorId]: fromPromise(({ input: i }: { input: I }) => {
          calls.push(i);
          return new Promise((resolve, reject) => {
            pending = { resolve, reject };
          });
        }),
      },
      ...extra,
    }),
    input === undefined ? {} : { input },
  ).start();
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    const p = pending!;
    pending = null;
    p[how](value);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { actor, calls, settle, isPending: () => pending !== null };
}

const stepName = (path: { steps: { event: EventObject }[] }) =>
  path.steps.map((s) => s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')).join(' → ') || 'start';

describe('exam create machine paths', () => {
  // Which fields are filled (so the traversal can walk towards a complete form; the session comes
  // from the input), then validity, then what the screen shows about a failure.
  const serialize = (s: Snap) => {
    const f = s.context.form as ExamForm;
    const e = s.context.error;
    return [
      JSON.stringify(s.value),
      [
        f.exam_name_id ? 't' : '-',
        f.class_id ? 'c' : '-',
        f.section_ids.length ? 'S' : '-',
        f.subject_ids.length ? 'J' : '-',
        f.full_marks ? 'f' : '-',
        f.converted_marks ? 'v' : '-',
      ].join(''),
      Object.keys(examFormErrors(f)).length === 0 ? 'valid' : 'invalid',
      s.matches('failed') ? (e?.retryable ? 'retryable' : 'refused') : e && !e.cause ? 'form' : '-',
    ].join('|');
  };
  const events = [
    { type: 'exam.choose', field: 'exam_name_id', value: 7 },
    { type: 'exam.choose', field: 'class_id', value: 6 },
    { type: 'exam.pick', field: 'section_ids', values: [11, 12] },
    { type: 'exam.toggle', field: 'subject_ids', value: 21 },
    { type: 'exam.field', field: 'full_marks', value: '100' },
    { type: 'exam.field', field: 'converted_marks', value: '70' },
    { type: 'exam.submit' },
    { type: 'exam.retry' },
    { type: 'xstate.done.actor.create', output: CREATED },
    { type: 'xstate.error.actor.create', error: NETWORK },
    { type: 'xstate.error.actor.create', error: DUPLICATE },
  ];
  const paths = createTestModel(asModel(examCreateMachine), {
    input: { sessionId: 3 },
    events: (() => events) as never,
    serializeState: serialize as never,
  }).getShortestPaths();

  it('reaches saving, saved and both failures', () => {
    const seen = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never)),
    );
    for (const s of ['"saving"', '"saved"'])
      expect(
        [...seen].some((x) => x.startsWith(s)),
        s,
      ).toBe(true);
    expect([...seen].some((x) => x.startsWith('"failed"') && x.endsWith('retryable'))).toBe(true);
    expect([...seen].some((x) => x.startsWith('"failed"') && x.endsWith('refused'))).toBe(true);
    // Submitting an incomplete form says so without a call.
    expect(seen).toContain('"editing"|------|invalid|form');
  });

  for (const path of paths) {
    it(`${serialize(path.state as never)} via ${stepName(path)}`, async () => {
      const h = harness<CreateInput>(
        examCreateMachine,
        'create',
        { sessionId: 3 },
        { actions: { created: () => void created++ } },
      );
      let created = 0;
      let done = 0;
      let lastFailure: unknown = null;
      const keys: string[] = [];
      const send = ({ event }: { event: ModelEvent }) => void h.actor.send(event as never);
      await path.test({
        events: {
          'exam.choose': send,
          'exam.pick': send,
          'exam.toggle': send,
          'exam.field': send,
          'exam.submit': send,
          'exam.retry': send,
          'xstate.done.actor.create': ({ event }: { event: ModelEvent }) => {
            done++;
            return h.settle('resolve', event.output);
          },
          'xstate.error.actor.create': ({ event }: { event: ModelEvent }) => {
            lastFailure = event.error;
            return h.settle('reject', event.error);
          },
        } as never,
        states: {
          '*': () => {
            const s = h.actor.getSnapshot();
            expect(h.isPending()).toBe(s.matches('saving'));
            // Every call carries a valid form: numbers, not text; every section × subject at once.
            for (const sent of h.calls) {
              expect(sent.body).toMatchObject({
                session_id: 3,
                exam_name_id: 7,
                class_id: 6,
                section_ids: [11, 12],
                subject_ids: [21],
                full_marks: 100,
                converted_marks: 70,
                exam_date: null,
              });
              expect(sent.body.teacher_id).toBeUndefined();
            }
            if (s.matches('saving')) {
              const sent = h.calls.at(-1)!;
              expect(sent.body).toEqual(examBody(s.context.form));
              if (!keys.includes(sent.idempotencyKey)) keys.push(sent.idempotencyKey);
            }
            if (s.matches('saved')) {
              // Sections, subjects and class cleared; the session, type and marks kept for the next class.
              expect(s.context.form).toMatchObject({ class_id: 0, section_ids: [], subject_ids: [], session_id: 3 });
              expect(s.context.feedback).toMatchObject({ text: CREATED.message, count: 2 });
              expect(s.context.idempotencyKey).toBeNull();
            }
            if (s.matches('failed')) {
              expect(s.context.form).toEqual(
                expect.objectContaining({ section_ids: [11, 12], subject_ids: [21], full_marks: '100' }),
              );
              expect(s.context.error?.cause).toBe(lastFailure);
              expect(s.can({ type: 'exam.retry' })).toBe(lastFailure === NETWORK);
              expect(s.context.idempotencyKey === null).toBe(lastFailure !== NETWORK);
            }
            if (s.matches('editing') && s.context.error && !s.context.error.cause) {
              expect(Object.keys(s.context.error.fields).length).toBeGreaterThan(0);
            }
            // The list reloads once per save the server confirmed.
            expect(created).toBe(done);
          },
        } as never,
      });
      const retries = path.steps.filter((st) => st.event.type === 'exam.retry').length;
      expect(keys.length).toBe(h.calls.length - retries);
      h.actor.stop();
    });
  }

  it('names each marks problem before sending', () => {
    expect(parseMarks('')).toBe('required');
    expect(parseMarks('abc')).toBe('notNumber');
    expect(parseMarks('-5')).toBe('notNumber');
    expect(parseMarks('0')).toBe('notPositive');
    expect(parseMarks('1000')).toBe('tooBig');
    expect(parseMarks('33.333')).toBe('decimals');
    expect(parseMarks(' 33.5 ')).toBe(33.5);
    const a = createActor(examCreateMachine, { input: { sessionId: 3 } }).start();
    a.send({ type: 'exam.field', field: 'full_marks', value: '50' });
    a.send({ type: 'exam.field', field: 'converted_marks', value: '70' });
    a.send({ type: 'exam.submit' });
    expect(a.getSnapshot().value).toBe('editing');
    expect(a.getSnapshot().context.error?.fields).toMatchObject({
      exam_name_id: 'required',
      class_id: 'required',
      section_ids: 'chooseOne',
      subject_ids: 'chooseOne',
      converted_marks: 'aboveFull',
    });
    // Fixing a field clears its own error only.
    a.send({ type: 'exam.field', field: 'converted_marks', value: '20' });
    expect(a.getSnapshot().context.error?.fields.converted_marks).toBeUndefined();
    expect(a.getSnapshot().context.error?.fields.class_id).toBe('required');
  });

  it('a new class clears the chosen sections and subjects', () => {
    const a = createActor(examCreateMachine, { input: {} }).start();
    a.send({ type: 'exam.choose', field: 'class_id', value: 6 });
    a.send({ type: 'exam.toggle', field: 'section_ids', value: 11 });
    a.send({ type: 'exam.toggle', field: 'subject_ids', value: 21 });
    a.send({ type: 'exam.toggle', field: 'subject_ids', value: 22 });
    a.send({ type: 'exam.toggle', field: 'subject_ids', value: 21 });
    expect(a.getSnapshot().context.form).toMatchObject({ section_ids: [11], subject_ids: [22] });
    a.send({ type: 'exam.choose', field: 'class_id', value: 7 });
    expect(a.getSnapshot().context.form).toMatchObject({ class_id: 7, section_ids: [], subject_ids: [] });
  });
});

describe('exam publication machine paths', () => {
  const OK = { ok: true, message: 'Results published: marks are locked', code: 'exams.published' };
  const REFUSED = new ApiError(409, 'exams.not_published', 'The results of this session are not published.');
  const serialize = (s: Snap) =>
    [
      JSON.stringify(s.value),
      s.context.pending?.action ?? '-',
      s.context.feedback ? 'told' : '-',
      s.context.error ? 'failed' : '-',
    ].join('|');
  const events = [
    { type: 'publication.publish', sessionId: 3, sessionYear: '2026' },
    { type: 'publication.unlock', sessionId: 3, sessionYear: '2026' },
    { type: 'publication.confirm' },
    { type: 'publication.cancel' },
    { type: 'xstate.done.actor.publish', output: OK },
    { type: 'xstate.error.actor.publish', error: NETWORK },
    { type: 'xstate.done.actor.unlock', output: { ...OK, code: 'exams.unlocked' } },
    { type: 'xstate.error.actor.unlock', error: REFUSED },
  ];
  const paths = createTestModel(asModel(examPublicationMachine), {
    events: (() => events) as never,
    serializeState: serialize as never,
  }).getShortestPaths();

  it('reaches publishing and unlocking only through a confirmation', () => {
    const seen = paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never));
    expect(seen).toEqual(
      expect.arrayContaining([
        '"confirming"|publish|-|-',
        '"publishing"|publish|-|-',
        '"unlocking"|unlock|-|-',
        '"idle"|-|told|-',
        '"idle"|-|-|failed',
      ]),
    );
  });

  for (const path of paths) {
    it(`${serialize(path.state as never)} via ${stepName(path)}`, async () => {
      const published: number[] = [];
      const unlocked: number[] = [];
      let changed = 0;
      let done = 0;
      let confirms = 0;
      const pendings: Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }> = {};
      const fake = (into: number[], id: string) =>
        fromPromise<{ message: string; code: string }, { session_id: number }>(({ input }) => {
          into.push(input.session_id);
          return new Promise((resolve, reject) => {
            pendings[id] = { resolve: resolve as (v: unknown) => void, reject };
          });
        });
      const actor = createActor(
        examPublicationMachine.provide({
          actors: { publish: fake(published, 'publish'), unlock: fake(unlocked, 'unlock') },
          actions: { changed: () => void changed++ },
        }),
      ).start();
      const settle = async (id: string, how: 'resolve' | 'reject', v: unknown) => {
        pendings[id][how](v);
        delete pendings[id];
        await new Promise((r) => setTimeout(r, 0));
      };
      const send = ({ event }: { event: ModelEvent }) => void actor.send(event as never);
      await path.test({
        events: {
          'publication.publish': send,
          'publication.unlock': send,
          'publication.confirm': (step: { event: ModelEvent }) => {
            confirms++;
            send(step);
          },
          'publication.cancel': send,
          'xstate.done.actor.publish': ({ event }: { event: ModelEvent }) => (
            done++,
            settle('publish', 'resolve', event.output)
          ),
          'xstate.error.actor.publish': ({ event }: { event: ModelEvent }) => settle('publish', 'reject', event.error),
          'xstate.done.actor.unlock': ({ event }: { event: ModelEvent }) => (
            done++,
            settle('unlock', 'resolve', event.output)
          ),
          'xstate.error.actor.unlock': ({ event }: { event: ModelEvent }) => settle('unlock', 'reject', event.error),
        } as never,
        states: {
          '*': () => {
            const s = actor.getSnapshot();
            // Nothing reaches the students before the admin said yes, and then for that session.
            expect(published.length + unlocked.length).toBe(confirms);
            for (const id of [...published, ...unlocked]) expect(id).toBe(3);
            expect(s.matches('publishing')).toBe(!!pendings.publish);
            expect(s.matches('unlocking')).toBe(!!pendings.unlock);
            if (s.matches('idle')) expect(s.context.pending).toBeNull();
            expect(changed).toBe(done);
          },
        } as never,
      });
      actor.stop();
    });
  }
});

describe('exam type machine paths', () => {
  const ROW = { id: 9, exam_name: 'Monthly Test 4', kind: 'class_test', sort_order: 4 };
  const TAKEN = new ApiError(409, 'conflict', 'The school already has an exam type named Monthly Test 4.', {
    exam_name: 'taken',
  });
  const serialize = (s: Snap) =>
    [
      JSON.stringify(s.value),
      s.context.request?.op ?? '-',
      s.context.saved ? 'saved' : '-',
      s.context.error ? ('problem' in s.context.error ? s.context.error.problem : 'refused') : '-',
    ].join('|');
  const events = [
    { type: 'type.add', kind: 'class_test', name: 'Monthly Test 4' },
    { type: 'type.add', kind: 'class_test', name: '   ' },
    { type: 'type.rename', id: 3, name: 'Half Yearly (Creative)' },
    { type: 'type.rename', id: 3, name: 'x'.repeat(61) },
    { type: 'xstate.done.actor.save', output: ROW },
    { type: 'xstate.error.actor.save', error: TAKEN },
  ];
  const paths = createTestModel(asModel(examTypeMachine), {
    events: (() => events) as never,
    serializeState: serialize as never,
  }).getShortestPaths();

  it('reaches a saved add, a saved rename, a refusal and both name problems', () => {
    const seen = paths.flatMap((p) => [p.state, ...p.steps.map((st) => st.state)]).map((x) => serialize(x as never));
    expect(seen).toEqual(
      expect.arrayContaining([
        '"idle"|add|saved|-',
        '"idle"|rename|saved|-',
        '"idle"|add|-|refused',
        '"idle"|add|-|required',
        '"idle"|rename|-|tooLong',
      ]),
    );
  });

  for (const path of paths) {
    it(`${serialize(path.state as never)} via ${stepName(path)}`, async () => {
      let changed = 0;
      let done = 0;
      const h = harness<ExamTypeRequest>(examTypeMachine, 'save', undefined, {
        actions: { changed: () => void changed++ },
      });
      const send = ({ event }: { event: ModelEvent }) => void h.actor.send(event as never);
      await path.test({
        events: {
          'type.add': send,
          'type.rename': send,
          'xstate.done.actor.save': ({ event }: { event: ModelEvent }) => (done++, h.settle('resolve', event.output)),
          'xstate.error.actor.save': ({ event }: { event: ModelEvent }) => h.settle('reject', event.error),
        } as never,
        states: {
          '*': () => {
            const s = h.actor.getSnapshot();
            expect(h.isPending()).toBe(s.matches('saving'));
            // Only a valid name ever goes out.
            for (const c of h.calls) expect(['Monthly Test 4', 'Half Yearly (Creative)']).toContain(c.name);
            if (s.matches('saving')) expect(h.calls.at(-1)).toEqual(s.context.request);
            expect(changed).toBe(done);
          },
        } as never,
      });
      h.actor.stop();
    });
  }
});
