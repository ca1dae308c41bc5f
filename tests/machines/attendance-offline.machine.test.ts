/**
 * Model-based path tests for the attendance machine's offline states: a submit the
 * network fails is queued on the device (queueing → queued), the queue sends it (syncing) and the
 * server's answer ends it as synced, conflict (an admin's correction or a later taking stands) or
 * syncRefused; a network failure during the send puts it back in the queue. The model is the
 * machine's own config (tests/helpers/as-model.ts), started with `offline: true`; each state on a
 * path is checked against literal expectations and the calls the real actor made.
 *
 * The idempotency key is random per run: the model's sync events carry the model's key, and the
 * replay sends them with the real actor's, which is what the screen does (it forwards the events
 * of the submission the machine holds). An event for another key must change nothing.
 */
import { createTestModel } from '@xstate/graph';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import type { AttendanceStudentRow, TakeAttendanceResponse } from '@/api/schemas/attendance';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import type { TakeAttendanceInput } from '@/api/attendance';
import { asModel } from '../helpers/as-model';
import { INPUT as SHARED_INPUT, period, TODAY } from './attendance-fixtures';
import {
  attendanceMachine,
  hasUnsavedMarks,
  type AttendanceEvent,
  type AttendanceInput,
  type QueueSubmissionInput,
} from '@/machines/attendance.machine';

const INPUT: AttendanceInput = { ...SHARED_INPUT, offline: true };
const PERIOD = period({});
const STUDENTS: AttendanceStudentRow[] = [
  {
    student_id: 101,
    student_code: 'S-101',
    full_name: 'Arif Hossain',
    class_roll_no: 1,
    enrolment_id: 1,
    attendance_status: null,
  },
];

const OFFLINE = { status: 0, code: 'network', message: 'Could not reach the server.' };
const DISK_FULL = new Error('QuotaExceededError');

function answer(outcome: TakeAttendanceResponse['outcome']): TakeAttendanceResponse {
  const kept = outcome === 'kept_admin' || outcome === 'kept_later';
  return {
    ok: true,
    message: outcome === 'kept_admin' ? 'The school admin corrected this period meanwhile.' : 'Attendance saved',
    code: `attendance.${outcome}`,
    routine_id: PERIOD.id,
    date: TODAY,
    time: '08:05:00',
    corrected: false,
    total: 1,
    // The server's marks as they stand: kept ones differ from the teacher's (absent).
    present: kept ? 1 : 0,
    absent: kept ? 0 : 1,
    students: [{ student_id: 101, full_name: 'Arif Hossain', class_roll_no: 1, attendance_status: kept ? 1 : 0 }],
    outcome,
  };
}

type Snap = SnapshotFrom<typeof attendanceMachine>;
type ModelEvent = EventObject & Record<string, unknown>;

/** The alphabet: the teacher's few events and every answer of the server, the device and the queue. */
function eventsFor(state: Snap): ModelEvent[] {
  const key = state.context.submitKey ?? 'none';
  return [
    { type: 'xstate.done.actor.loadPeriods', output: [PERIOD] },
    { type: 'attendance.choose', routineId: PERIOD.id },
    { type: 'xstate.done.actor.loadStudents', output: STUDENTS },
    { type: 'attendance.submit' },
    { type: 'attendance.confirm' },
    { type: 'attendance.back' },
    { type: 'attendance.retry' },
    { type: 'xstate.error.actor.submitAttendance', error: OFFLINE },
    { type: 'xstate.done.actor.queueSubmission' },
    { type: 'xstate.error.actor.queueSubmission', error: DISK_FULL },
    { type: 'attendance.sync.start', key },
    { type: 'attendance.sync.start', key: 'another-submission' },
    { type: 'attendance.sync.done', key, result: answer('saved') },
    { type: 'attendance.sync.done', key, result: answer('kept_admin') },
    { type: 'attendance.sync.done', key, result: answer('kept_later') },
    { type: 'attendance.sync.failed', key, code: 'network', message: OFFLINE.message, retryable: true },
    {
      type: 'attendance.sync.failed',
      key,
      code: 'attendance.window_closed',
      message: 'Ask the school admin to correct it.',
      retryable: false,
    },
  ];
}

const stateName = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}.${stateName(v)}`)
        .join('.');

function serializeState(state: Snap, event: ModelEvent | undefined, prev?: Snap): string {
  const c = state.context;
  const moved = event && prev && stateName(prev.value) !== stateName(state.value);
  return (
    JSON.stringify([state.value, c.routine?.id ?? null, c.result?.outcome ?? null, c.error, !!c.submitKey]) +
    (moved
      ? ` via ${event.type}${event.type.includes('sync.done') ? (event.result as TakeAttendanceResponse).outcome : ''} from ${stateName(prev.value)}`
      : '')
  );
}

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

function start() {
  const pending: Record<string, Deferred> = {};
  const calls = { submit: [] as TakeAttendanceInput[], queue: [] as QueueSubmissionInput[], saved: 0 };
  const defer = <T = never>(name: string) =>
    new Promise<T>((resolve, reject) => {
      pending[name] = { resolve: resolve as (v: unknown) => void, reject };
    });
  const actor = createActor(
    attendanceMachine.provide({
      actors: {
        loadPeriods: fromPromise(() => defer<RoutineTodayRow[]>('loadPeriods')),
        loadStudents: fromPromise(() => defer<AttendanceStudentRow[]>('loadStudents')),
        submitAttendance: fromPromise<TakeAttendanceResponse, TakeAttendanceInput>(
          ({ input }) => (calls.submit.push(input), defer('submitAttendance')),
        ),
        queueSubmission: fromPromise<void, QueueSubmissionInput>(
          ({ input }) => (calls.queue.push(input), defer('queueSubmission')),
        ),
      },
      actions: { savedChanges: () => void (calls.saved += 1) },
    }),
    { input: INPUT },
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
    // The screen forwards the queue's events with the key they carry: the real one.
    const key = event.key === 'another-submission' ? event.key : real().context.submitKey;
    actor.send((event.type.startsWith('attendance.sync') ? { ...event, key } : event) as AttendanceEvent);
  };
  const isIn = (name: string) => expect(stateName(real().value)).toBe(name);
  const savedOnce = () => expect(calls.saved).toBe(1);
  const queuedItem = () => {
    const q = calls.queue.at(-1)!;
    const c = real().context;
    // Queued under the key the machine then holds, with the moment the teacher confirmed.
    expect(q.key).toBe(c.submitKey);
    // A key of its own: the queued body (with taken_at) is another request than the lost send.
    expect(q.key).not.toBe(calls.submit.at(-1)!.idempotencyKey);
    expect(q.takenAt).toBe(c.takenAt);
    expect(q.input).toEqual({
      routine_id: PERIOD.id,
      date: TODAY,
      attendance: [{ student_id: 101, attendance_status: 0 }],
      taken_at: c.takenAt,
      time: expect.stringMatching(/^\d\d:\d\d:\d\d$/),
    });
    expect(q.label).toContain('P1 · Mathematics');
  };
  return {
    events: {
      'xstate.done.actor.loadPeriods': settle('loadPeriods', 'resolve'),
      'xstate.done.actor.loadStudents': settle('loadStudents', 'resolve'),
      'xstate.error.actor.submitAttendance': settle('submitAttendance', 'reject'),
      'xstate.done.actor.queueSubmission': settle('queueSubmission', 'resolve'),
      'xstate.error.actor.queueSubmission': settle('queueSubmission', 'reject'),
      'attendance.choose': send,
      'attendance.submit': send,
      'attendance.confirm': send,
      'attendance.back': send,
      'attendance.retry': send,
      'attendance.cancel': send,
      'attendance.sync.start': send,
      'attendance.sync.done': send,
      'attendance.sync.failed': send,
    },
    states: {
      'choosingPeriod.loadingPeriods': () => isIn('choosingPeriod.loadingPeriods'),
      'choosingPeriod.ready': () => isIn('choosingPeriod.ready'),
      loadingStudents: () => isIn('loadingStudents'),
      'marking.idle': () => {
        isIn('marking.idle');
        expect(hasUnsavedMarks(real())).toBe(true);
      },
      confirming: () => isIn('confirming'),
      submitting: () => {
        isIn('submitting');
        expect(calls.submit.at(-1)).toMatchObject({ routine_id: PERIOD.id, idempotencyKey: real().context.submitKey });
      },
      queueing: () => {
        isIn('queueing');
        expect(real().hasTag('busy')).toBe(true);
        queuedItem();
      },
      queued: () => {
        isIn('queued');
        // "Saved on this phone": nothing unsaved to warn about, nothing invalidated yet.
        expect(hasUnsavedMarks(real())).toBe(false);
        expect(real().hasTag('busy')).toBe(false);
        expect(calls.saved).toBe(0);
        expect(real().context.error).toBe(last.type === 'attendance.sync.failed' ? OFFLINE.message : null);
        // Another submission's news changes nothing.
        expect(real().can({ type: 'attendance.sync.start', key: 'another-submission' })).toBe(false);
        expect(calls.submit).toHaveLength(1);
      },
      syncing: () => {
        isIn('syncing');
        expect(real().hasTag('busy')).toBe(true);
        expect(calls.submit).toHaveLength(1);
      },
      synced: () => {
        isIn('synced');
        expect(real().context.result?.outcome).toBe('saved');
        expect(real().context.result?.absent).toBe(1);
        savedOnce();
      },
      conflict: () => {
        isIn('conflict');
        const outcome = real().context.result?.outcome;
        expect(outcome).toBe((last.result as TakeAttendanceResponse).outcome);
        expect(['kept_admin', 'kept_later']).toContain(outcome);
        // The marks shown are the server's, not the teacher's queued ones.
        expect(real().context.result?.present).toBe(1);
        savedOnce();
      },
      syncRefused: () => {
        isIn('syncRefused');
        expect(real().context.errorCode).toBe('attendance.window_closed');
        expect(calls.saved).toBe(0);
      },
      failed: () => {
        isIn('failed');
        // The device could not keep it: "Try again" resends with the same key.
        expect(last.type).toBe('xstate.error.actor.queueSubmission');
        expect(real().can({ type: 'attendance.retry' })).toBe(true);
      },
    },
  };
}

const OFFLINE_STATES = ['queueing', 'queued', 'syncing', 'synced', 'conflict', 'syncRefused'];

describe('attendance machine offline: shortest paths through the queue', () => {
  const model = asModel(attendanceMachine);
  const testModel = createTestModel(model, {
    events: eventsFor as never,
    input: INPUT,
    serializeState: serializeState as never,
  });
  const paths = testModel
    .getShortestPaths()
    .filter(
      (p) =>
        p.steps.some((s) => OFFLINE_STATES.includes(stateName((s.state as Snap).value))) ||
        OFFLINE_STATES.includes(stateName((p.state as Snap).value)),
    );

  it('reaches every offline state, and each way into it', () => {
    const into = new Set<string>();
    for (const p of paths) {
      p.steps.forEach((step, i) => {
        const to = stateName((step.state as Snap).value);
        if (i > 0 && OFFLINE_STATES.includes(to)) {
          const from = stateName((p.steps[i - 1].state as Snap).value);
          if (from !== to) into.add(`${from}→${to}`);
        }
      });
    }
    expect([...into].sort()).toEqual(
      [
        'submitting→queueing',
        'queueing→queued',
        'queued→syncing',
        'syncing→queued',
        'queued→synced',
        'syncing→synced',
        'queued→conflict',
        'syncing→conflict',
        'queued→syncRefused',
        'syncing→syncRefused',
      ].sort(),
    );
  });

  for (const path of paths) {
    const events = path.steps.map((s) => s.event.type.replace(/^(xstate\.|attendance\.)/, '')).slice(1);
    it(`${stateName((path.state as Snap).value)} via ${events.join(' → ')}`, async () => {
      const run = start();
      await path.test(replay(run) as never);
      run.actor.stop();
    });
  }
});
