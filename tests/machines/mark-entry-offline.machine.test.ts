/**
 * Model-based path tests for the mark entry machine's offline states: with offline on
 * (`offlineMarkEntryMachine`) a save the network fails is queued on the device (queueing → queued)
 * with the moment the teacher saved (`entered_at`) under a key of its own, the queue sends it
 * (syncing) and the server's answer ends it as synced, kept (saved, but some marks someone changed
 * after entered_at stood: the answer's `kept`), conflict (409 exams.locked: the results were
 * published meanwhile) or syncRefused (another 4xx); a network failure during the send puts it
 * back in the queue. The model is the machine's own config
 * (tests/helpers/as-model.ts); each state on a path is checked against literal expectations and
 * the calls the real actor made.
 *
 * The idempotency key is random per run: the model's sync events carry the model's key, and the
 * replay sends them with the real actor's (what the screen forwards). Another key changes nothing.
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { ExamMarkSaved, StudentMarkQuery, StudentMarkRow, StudentMarkSheet } from '@/api/schemas/exams';
import { asModel } from '../helpers/as-model';
import {
  hasUnsavedMarks,
  markEntryMachine,
  offlineMarkEntryMachine,
  type MarkEntryEvent,
  type MarkEntryQuery,
  type QueueMarksInput,
  type SaveMarksInput,
} from '@/machines/mark-entry.machine';

const QUERY: MarkEntryQuery = { session_id: 2, exam_name_id: 33, class_id: 6, section_id: 3, subject_id: 21 };
const ROWS: StudentMarkRow[] = [
  { student_id: 1, student_code: 'S-1', name: 'Arif Hossain', class_roll_no: 1, mark_id: null, marks_obtained: null },
];
const SHEET: StudentMarkSheet = {
  locked: false,
  rows: ROWS,
  exam: {
    id: 501,
    session_id: 2,
    session_year: '2026',
    exam_name_id: 33,
    exam_name: 'Half Yearly',
    kind: 'half_yearly_sub',
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_default_name: 'A',
    subject_id: 21,
    subject_name: 'Mathematics',
    teacher_id: 41,
    initial: 'RK',
    full_marks: 100,
    converted_marks: 100,
    exam_date: '2026-11-24',
  },
};
const SAVED: ExamMarkSaved = {
  ok: true,
  message: '1 students Mark entry successful!!',
  code: 'exams.marks_saved',
  count: 1,
  rows: [{ ...ROWS[0], mark_id: 901, marks_obtained: 77 }],
};
/** The queued save arrived, but the admin had changed the mark after the teacher entered it: 60 stands. */
const KEPT: ExamMarkSaved = {
  ok: true,
  message:
    '0 students Mark entry successful!! 1 marks were changed by someone else after you entered them; their marks stand.',
  code: 'exams.marks_kept',
  count: 0,
  rows: [{ ...ROWS[0], mark_id: 902, marks_obtained: 60 }],
  kept: [1],
};
const OFFLINE = { status: 0, code: 'network', message: 'Could not reach the server.' };
const SERVER_DOWN = { status: 503, code: 'unavailable', message: 'The server is busy.' };
const DISK_FULL = new Error('QuotaExceededError');
const LOCKED_MSG = 'The results of this session are published and marks are locked. The school admin can unlock them.';

type Snap = SnapshotFrom<typeof markEntryMachine>;
type ModelEvent = EventObject & Record<string, unknown>;

function eventsFor(state: Snap): ModelEvent[] {
  const key = state.context.saveKey ?? 'none';
  return [
    { type: 'marks.search', query: QUERY },
    { type: 'xstate.done.actor.loadSheet', output: SHEET },
    { type: 'xstate.error.actor.loadSheet', error: OFFLINE },
    { type: 'xstate.done.actor.saveMarks', output: SAVED },
    { type: 'marks.type', studentId: 1, text: '77' },
    { type: 'marks.review' },
    { type: 'marks.confirm' },
    { type: 'xstate.error.actor.saveMarks', error: OFFLINE },
    { type: 'xstate.done.actor.queueMarks' },
    { type: 'xstate.error.actor.queueMarks', error: DISK_FULL },
    { type: 'marks.sync.start', key },
    { type: 'marks.sync.start', key: 'another-save' },
    { type: 'marks.sync.done', key, result: SAVED },
    { type: 'marks.sync.done', key, result: KEPT },
    { type: 'marks.sync.failed', key, code: 'network', message: OFFLINE.message, retryable: true },
    { type: 'marks.sync.failed', key, code: 'exams.locked', message: LOCKED_MSG, retryable: false },
    { type: 'marks.sync.failed', key, code: 'exams.not_yours', message: 'You do not teach this.', retryable: false },
    { type: 'marks.reopen' },
  ];
}

const stateName = (value: unknown) => String(value);

function serializeState(state: Snap, event: ModelEvent | undefined, prev?: Snap): string {
  const c = state.context;
  const moved = event && prev && stateName(prev.value) !== stateName(state.value);
  return (
    JSON.stringify([
      state.value,
      c.drafts[1] ?? null,
      c.errorCode,
      !!c.saveKey,
      c.sheet?.locked ?? null,
      c.result?.kept ?? null,
    ]) + (moved ? ` via ${event.type} from ${stateName(prev.value)}` : '')
  );
}

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

function start() {
  const pending: Record<string, Deferred> = {};
  const calls = {
    load: [] as StudentMarkQuery[],
    save: [] as SaveMarksInput[],
    queue: [] as QueueMarksInput[],
    saved: 0,
  };
  const defer = <T = never>(name: string) =>
    new Promise<T>((resolve, reject) => {
      pending[name] = { resolve: resolve as (v: unknown) => void, reject };
    });
  const actor = createActor(
    offlineMarkEntryMachine.provide({
      actors: {
        loadSheet: fromPromise<StudentMarkSheet, StudentMarkQuery>(
          ({ input }) => (calls.load.push(input), defer('loadSheet')),
        ),
        saveMarks: fromPromise<ExamMarkSaved, SaveMarksInput>(
          ({ input }) => (calls.save.push(input), defer('saveMarks')),
        ),
        queueMarks: fromPromise<void, QueueMarksInput>(({ input }) => (calls.queue.push(input), defer('queueMarks'))),
      },
      actions: { savedChanges: () => void (calls.saved += 1) },
    }),
  ).start();
  return { actor, calls, pending };
}

function replay(run: ReturnType<typeof start>) {
  const { actor, calls, pending } = run;
  const real = () => actor.getSnapshot();
  let last: ModelEvent = { type: 'xstate.init' };
  const settle =
    (name: string, how: 'resolve' | 'reject') =>
    async ({ event }: { event: ModelEvent }) => {
      last = event;
      const p = pending[name];
      expect(p, `${name} was called`).toBeDefined();
      delete pending[name];
      p[how](how === 'resolve' ? event.output : event.error);
      await new Promise((r) => setTimeout(r, 0));
    };
  const send = ({ event }: { event: ModelEvent }) => {
    last = event;
    const key = event.key === 'another-save' ? event.key : real().context.saveKey;
    actor.send((event.type.startsWith('marks.sync') ? { ...event, key } : event) as MarkEntryEvent);
  };
  const isIn = (name: string) => expect(stateName(real().value)).toBe(name);
  const queuedItem = () => {
    const q = calls.queue.at(-1)!;
    // Queued under a key of its own (the body differs from the lost one's: it carries entered_at),
    // which the sync events then carry; the exam, its subject, the changed marks, and the moment
    // the teacher pressed "Save" as entered_at.
    expect(q.key).toBe(real().context.saveKey);
    expect(q.key).toMatch(/\S{8,}/);
    expect(q.key).not.toBe(calls.save.at(-1)!.idempotencyKey);
    expect(q.input).toEqual({
      exam_info_id: 501,
      subject_id: 21,
      mark_update: [{ student_id: 1, mark_obtained: 77 }],
      entered_at: q.takenAt,
    });
    expect(calls.save.at(-1)).not.toHaveProperty('entered_at');
    expect(q.label).toBe('Half Yearly · Mathematics · Six A');
    expect(q.takenAt).toBe(real().context.enteredAt);
    expect(Date.parse(q.takenAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.now() - Date.parse(q.takenAt)).toBeLessThan(60_000);
  };
  return {
    events: {
      'xstate.done.actor.loadSheet': settle('loadSheet', 'resolve'),
      'xstate.error.actor.loadSheet': settle('loadSheet', 'reject'),
      'xstate.done.actor.saveMarks': settle('saveMarks', 'resolve'),
      'xstate.error.actor.saveMarks': settle('saveMarks', 'reject'),
      'xstate.done.actor.queueMarks': settle('queueMarks', 'resolve'),
      'xstate.error.actor.queueMarks': settle('queueMarks', 'reject'),
      'marks.search': send,
      'marks.type': send,
      'marks.review': send,
      'marks.confirm': send,
      'marks.reopen': send,
      ...Object.fromEntries(
        ['clear', 'focus', 'next', 'enter', 'prev', 'undo', 'cancel', 'retry', 'back', 'edit'].map((e) => [
          `marks.${e}`,
          send,
        ]),
      ),
      'marks.sync.start': send,
      'marks.sync.done': send,
      'marks.sync.failed': send,
    },
    states: {
      filtering: () => isIn('filtering'),
      loading: () => {
        isIn('loading');
        expect(calls.load.at(-1)).toEqual(QUERY);
      },
      entering: () => isIn('entering'),
      reviewing: () => isIn('reviewing'),
      saving: () => {
        isIn('saving');
        expect(calls.save.at(-1)!.mark_update).toEqual([{ student_id: 1, mark_obtained: 77 }]);
      },
      queueing: () => {
        isIn('queueing');
        expect(real().hasTag('busy')).toBe(true);
        queuedItem();
      },
      queued: () => {
        isIn('queued');
        // "Saved on this phone": nothing unsaved to warn about, nothing invalidated, sent once.
        expect(hasUnsavedMarks(real())).toBe(false);
        expect(real().hasTag('busy')).toBe(false);
        expect(calls.saved).toBe(0);
        expect(calls.save).toHaveLength(1);
        expect(real().context.error).toBe(last.type === 'marks.sync.failed' ? OFFLINE.message : null);
        expect(real().can({ type: 'marks.sync.start', key: 'another-save' })).toBe(false);
      },
      syncing: () => {
        isIn('syncing');
        expect(real().hasTag('busy')).toBe(true);
        expect(calls.save).toHaveLength(1);
      },
      synced: () => {
        isIn('synced');
        // The sheet holds the server's marks; the screens' data refreshed once.
        expect(real().context.sheet!.rows[0].marks_obtained).toBe(77);
        expect(real().context.drafts[1]).toBe('77');
        expect(real().context.result?.count).toBe(1);
        expect(real().context.result?.kept ?? []).toEqual([]);
        expect(calls.saved).toBe(1);
        expect(real().can({ type: 'marks.edit' })).toBe(true);
      },
      kept: () => {
        isIn('kept');
        // Not "saved": the newer mark stands, the sheet shows it, the student is named as kept.
        expect(real().context.result?.kept).toEqual([1]);
        expect(real().context.sheet!.rows[0].marks_obtained).toBe(60);
        expect(real().context.drafts[1]).toBe('60');
        expect(calls.saved).toBe(1);
        expect(hasUnsavedMarks(real())).toBe(false);
        expect(real().can({ type: 'marks.edit' })).toBe(true);
        expect(real().can({ type: 'marks.reopen' })).toBe(false);
      },
      conflict: () => {
        isIn('conflict');
        expect(real().context.errorCode).toBe('exams.locked');
        expect(real().context.sheet!.locked).toBe(true);
        expect(calls.saved).toBe(0);
        expect(real().can({ type: 'marks.reopen' })).toBe(true);
      },
      syncRefused: () => {
        isIn('syncRefused');
        expect(real().context.errorCode).toBe('exams.not_yours');
        expect(calls.saved).toBe(0);
        expect(real().can({ type: 'marks.reopen' })).toBe(true);
      },
      failed: () => {
        isIn('failed');
        // The device could not keep it: "Try again" resends with the same key.
        expect(last.type).toBe('xstate.error.actor.queueMarks');
        expect(real().can({ type: 'marks.retry' })).toBe(true);
      },
      locked: () => isIn('locked'),
      loadFailed: () => isIn('loadFailed'),
      saved: () => isIn('saved'),
    },
  };
}

const OFFLINE_STATES = ['queueing', 'queued', 'syncing', 'synced', 'kept', 'conflict', 'syncRefused'];

describe('mark entry machine offline: shortest paths through the queue', () => {
  const model = asModel(offlineMarkEntryMachine);
  const testModel = createTestModel(model, { events: eventsFor as never, serializeState: serializeState as never });
  const paths = testModel
    .getShortestPaths()
    .filter(
      (p) =>
        p.steps.some((s) => OFFLINE_STATES.includes(stateName((s.state as Snap).value))) ||
        OFFLINE_STATES.includes(stateName((p.state as Snap).value)),
    );

  it('reaches every offline state, each way into it, and the ways out to the sheet', () => {
    const into = new Set<string>();
    for (const p of paths) {
      p.steps.forEach((step, i) => {
        if (i === 0) return;
        const to = stateName((step.state as Snap).value);
        const from = stateName((p.steps[i - 1].state as Snap).value);
        if (from !== to && (OFFLINE_STATES.includes(to) || OFFLINE_STATES.includes(from))) into.add(`${from}→${to}`);
      });
    }
    expect([...into].sort()).toEqual(
      [
        'saving→queueing',
        'queueing→queued',
        'queueing→failed',
        'queued→syncing',
        'syncing→queued',
        'queued→synced',
        'syncing→synced',
        'queued→kept',
        'syncing→kept',
        'kept→entering',
        'kept→loading',
        'kept→filtering',
        'queued→conflict',
        'syncing→conflict',
        'queued→syncRefused',
        'syncing→syncRefused',
        'conflict→loading',
        'syncRefused→loading',
        'queued→loading',
        'syncing→loading',
        'synced→loading',
        'synced→entering',
        'queued→filtering',
        'syncing→filtering',
        'synced→filtering',
        'conflict→filtering',
        'syncRefused→filtering',
      ].sort(),
    );
  });

  for (const path of paths) {
    const events = path.steps.map((s) => s.event.type.replace(/^(xstate\.|marks\.)/, '')).slice(1);
    it(`${stateName((path.state as Snap).value)} via ${events.join(' → ')}`, async () => {
      const run = start();
      await path.test(replay(run) as never);
      run.actor.stop();
    });
  }
});

describe('mark entry machine with offline off', () => {
  it('a save the network fails is not queued: "Try again" as before', async () => {
    const queued: QueueMarksInput[] = [];
    const actor = createActor(
      markEntryMachine.provide({
        actors: {
          loadSheet: fromPromise(async () => SHEET),
          saveMarks: fromPromise<ExamMarkSaved, SaveMarksInput>(() => Promise.reject(OFFLINE)),
          queueMarks: fromPromise<void, QueueMarksInput>(async ({ input }) => void queued.push(input)),
        },
      }),
    ).start();
    actor.send({ type: 'marks.search', query: QUERY });
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'marks.type', studentId: 1, text: '77' });
    actor.send({ type: 'marks.review' });
    actor.send({ type: 'marks.confirm' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(queued).toEqual([]);
    // A server failure is not queued with offline on either.
    const on = createActor(
      offlineMarkEntryMachine.provide({
        actors: {
          loadSheet: fromPromise(async () => SHEET),
          saveMarks: fromPromise<ExamMarkSaved, SaveMarksInput>(() => Promise.reject(SERVER_DOWN)),
          queueMarks: fromPromise<void, QueueMarksInput>(async ({ input }) => void queued.push(input)),
        },
      }),
    ).start();
    on.send({ type: 'marks.search', query: QUERY });
    await new Promise((r) => setTimeout(r, 0));
    on.send({ type: 'marks.type', studentId: 1, text: '77' });
    on.send({ type: 'marks.review' });
    on.send({ type: 'marks.confirm' });
    await new Promise((r) => setTimeout(r, 0));
    expect(on.getSnapshot().value).toBe('failed');
    expect(queued).toEqual([]);
  });
});
