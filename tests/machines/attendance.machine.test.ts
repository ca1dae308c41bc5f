/**
 * Model-based tests for the attendance machine. The model (tests/helpers/as-model.ts) is the
 * machine's own config with each invocation's outcomes (xstate.done.actor.* /
 * xstate.error.actor.*) and the roll-digit pause (xstate.after.digitPause) turned into explicit
 * events, because @xstate/graph traverses pure transitions only. Every generated path is replayed
 * against a real actor whose actors are deferred fakes and whose clock is simulated. The model
 * only supplies the paths: each state on the way is checked against literal expectations and the
 * calls the actor made (inputs, idempotency keys, invalidations), never against the model.
 *
 * The traversal tells states apart by their whole context (lists shortened to what varies); two
 * students and a small alphabet of events keep the number of paths bounded while every state and
 * every transition of the machine is still taken. The fixtures and the deferred fakes are
 * attendance-fixtures.ts (shared with attendance-rules.test.ts, the literal scenarios and the pure
 * helpers).
 */
import { createTestModel } from '@xstate/graph';
import { getInitialSnapshot, getNextSnapshot, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import type { AbsentMessagePreview, AbsentMessageResponse, TakeAttendanceResponse } from '@/api/schemas/attendance';
import { asModel } from '../helpers/as-model';
import {
  attendanceList,
  attendanceMachine,
  DIGIT_PAUSE_MS,
  hasUnsavedMarks,
  presentCount,
  type AttendanceContext,
  type AttendanceEvent,
} from '@/machines/attendance.machine';
import {
  FRESH,
  FRIDAY,
  FUTURE,
  EARLIER,
  INPUT,
  NAMES,
  NOT_TODAY,
  OFFLINE,
  PERIODS,
  SMS_DOWN,
  STUDENTS_NEW,
  STUDENTS_SAVED,
  TAKEN,
  TODAY,
  WINDOW_CLOSED,
  startAttendance,
  type ActorName,
  type Run,
} from './attendance-fixtures';

/** What the server answers for a submit: the marks sent, counted. */
function resultFor(ctx: AttendanceContext): TakeAttendanceResponse {
  const list = attendanceList(ctx);
  const present = list.filter((e) => e.attendance_status === 1).length;
  return {
    ok: true,
    message: 'Attendance saved',
    code: 'attendance.saved',
    routine_id: ctx.routine?.id ?? 0,
    date: ctx.date,
    time: '10:05:00',
    corrected: false,
    total: list.length,
    present,
    absent: list.length - present,
    students: list.map((e) => ({
      student_id: e.student_id,
      full_name: NAMES[e.student_id][0],
      class_roll_no: NAMES[e.student_id][1],
      attendance_status: e.attendance_status,
    })),
  };
}

function messageFor(ctx: AttendanceContext): AbsentMessageResponse {
  const absent = ctx.result?.absent ?? 0;
  return {
    ok: true,
    message: `${absent} absence messages queued`,
    code: 'attendance.messages_queued',
    queued: absent,
    retried: 0,
    already: 0,
    failed: 0,
    cancelled: 0,
    no_phone: 0,
  };
}

function previewFor(ctx: AttendanceContext): AbsentMessagePreview {
  const absent = ctx.result?.absent ?? 0;
  return {
    absent,
    guardians: absent,
    already: 0,
    no_phone: 0,
    sample: 'Dear guardian, Lima Akter was absent.',
    sample_parts: 1,
  };
}

// ---- the model --------------------------------------------------------------------------------

type Snap = SnapshotFrom<typeof attendanceMachine>;
type ModelEvent = EventObject & Record<string, unknown>;

// Earlier dates take the same paths as today (the named variants below use one); leaving them out
// of the traversal halves the number of paths.
const USER_EVENTS: AttendanceEvent[] = [
  { type: 'attendance.date', date: TODAY },
  { type: 'attendance.date', date: FRIDAY },
  { type: 'attendance.date', date: FUTURE },
  { type: 'attendance.choose', routineId: FRESH.id },
  { type: 'attendance.choose', routineId: TAKEN.id },
  { type: 'attendance.choose', routineId: 999 },
  { type: 'attendance.toggle', studentId: 112 },
  { type: 'attendance.allPresent' },
  { type: 'attendance.allAbsent' },
  { type: 'attendance.move', delta: 1 },
  { type: 'attendance.move', delta: -1 },
  { type: 'attendance.digit', digit: '1' },
  { type: 'attendance.digit', digit: '2' },
  { type: 'attendance.submit' },
  { type: 'attendance.confirm' },
  { type: 'attendance.cancel' },
  { type: 'attendance.retry' },
  { type: 'attendance.sendAbsent' },
  { type: 'attendance.back' },
];

/** What can happen in each state: the teacher's events plus every server answer we model. */
function eventsFor(state: Snap): ModelEvent[] {
  const ctx = state.context;
  return [
    ...(USER_EVENTS as ModelEvent[]),
    {
      type: 'xstate.done.actor.loadPeriods',
      output: ctx.date === FRIDAY ? [] : PERIODS.map((p) => ({ ...p, date: ctx.date })),
    },
    { type: 'xstate.error.actor.loadPeriods', error: OFFLINE },
    { type: 'xstate.done.actor.loadStudents', output: ctx.routine?.id === TAKEN.id ? STUDENTS_SAVED : STUDENTS_NEW },
    { type: 'xstate.error.actor.loadStudents', error: OFFLINE },
    { type: 'xstate.done.actor.submitAttendance', output: resultFor(ctx) },
    // A refusal (4xx) and a failure the network or server caused (status 0, 5xx) part ways.
    { type: 'xstate.error.actor.submitAttendance', error: WINDOW_CLOSED },
    { type: 'xstate.error.actor.submitAttendance', error: OFFLINE },
    { type: 'xstate.done.actor.loadAbsentPreview', output: previewFor(ctx) },
    { type: 'xstate.error.actor.loadAbsentPreview', error: OFFLINE },
    { type: 'xstate.done.actor.sendAbsentMessage', output: messageFor(ctx) },
    { type: 'xstate.error.actor.sendAbsentMessage', error: SMS_DOWN },
    { type: 'xstate.error.actor.sendAbsentMessage', error: NOT_TODAY },
    { type: 'xstate.after.digitPause' },
  ];
}

function stateName(value: unknown): string {
  return typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}.${stateName(v)}`)
        .join(',');
}

/**
 * A state as the traversal tells it apart: the state value and the whole context, with the lists
 * shortened to what varies (ids, flags, counts). Concrete, so every path replays exactly.
 */
function concrete(s: Snap): string {
  const c = s.context;
  return JSON.stringify([
    s.value,
    c.date,
    c.periods.map((p) => `${p.id}${p.attendance_taken ? '✓' : ''}`),
    c.routine?.id ?? null,
    c.students.map((st) => st.student_id),
    c.marks,
    c.cursor,
    c.digits,
    c.retaking,
    c.result ? [c.result.routine_id, c.result.date, c.result.present, c.result.absent] : null,
    c.preview?.guardians ?? null,
    c.absentMessage?.queued ?? null,
    c.error,
  ]);
}

/**
 * As createTestModel does by default, a state reached by a transition that changes the state
 * value is told apart also by that transition (event and source), so the shortest paths take
 * every such transition; transitions within a state change the context and so show anyway.
 */
function serializeState(state: Snap, event: ModelEvent | undefined, prev?: Snap): string {
  const moved = event && prev && stateName(prev.value) !== stateName(state.value);
  return concrete(state) + (moved ? ` via ${event.type} from ${stateName(prev.value)}` : '');
}

function replay(run: Run) {
  const { actor, calls, pending, settle, clock } = run;
  const real = () => actor.getSnapshot();
  let lastEvent = 'xstate.init';
  let lastError: unknown = null;
  /** The real actor is in the named state (a literal, not the model's snapshot). */
  const isIn = (state: string) => {
    const [parent, child] = state.split('.');
    expect(real().matches((child ? { [parent]: child } : parent) as never), `in ${state}`).toBe(true);
  };
  // savedChanges runs once per confirmed save or send, never for anything else.
  let savesSeen = 0;
  const invalidatedOnce = () => {
    expect(calls.savedChanges).toBe(savesSeen + 1);
    savesSeen = calls.savedChanges;
  };
  const notInvalidated = () => expect(calls.savedChanges).toBe(savesSeen);
  // How many sends had gone out when the teacher last pressed "Send Absent Message".
  let sendsBeforePress = 0;
  const send = ({ event }: { event: ModelEvent }) => {
    lastEvent = event.type;
    if (event.type === 'attendance.sendAbsent') sendsBeforePress = calls.sendAbsentMessage.length;
    actor.send(event as AttendanceEvent);
  };
  const outcome =
    (name: ActorName, kind: 'resolve' | 'reject') =>
    async ({ event }: { event: ModelEvent }) => {
      lastEvent = event.type;
      lastError = kind === 'reject' ? event.error : null;
      await settle(name, kind, kind === 'resolve' ? event.output : event.error);
    };
  const notBusy = () => expect(real().hasTag('busy')).toBe(false);
  const marksAreAList = () => {
    const c = real().context;
    expect(c.students.map((s) => s.class_roll_no)).toEqual([1, 12]);
    expect(Object.keys(c.marks).map(Number).sort()).toEqual([101, 112]);
    expect(c.retaking).toBe(c.routine?.id === TAKEN.id);
  };
  const marking = () => {
    notInvalidated();
    const c = real().context;
    // A new taking is unsaved from the start; a re-taking once a mark differs from the saved one.
    expect(hasUnsavedMarks(real())).toBe(!c.retaking || c.marks[101] !== 1 || c.marks[112] !== 0);
    notBusy();
    marksAreAList();
    expect(real().can({ type: 'attendance.submit' })).toBe(true);
    expect(real().can({ type: 'attendance.toggle', studentId: 999 })).toBe(false);
    expect(real().can({ type: 'attendance.confirm' })).toBe(false);
    expect(c.cursor).toBeGreaterThanOrEqual(0);
    expect(c.cursor).toBeLessThan(2);
    if (lastEvent === 'xstate.done.actor.loadStudents') {
      // A new taking starts with everyone absent; a re-taking with the saved marks.
      expect(c.marks).toEqual(c.routine?.id === TAKEN.id ? { 101: 1, 112: 0 } : { 101: 0, 112: 0 });
      expect(c.cursor).toBe(0);
    }
    if (lastEvent === 'attendance.allPresent') expect(presentCount(c)).toBe(2);
    if (lastEvent === 'attendance.allAbsent') expect(presentCount(c)).toBe(0);
  };
  return {
    events: {
      ...Object.fromEntries(USER_EVENTS.map((e) => [e.type, send])),
      'xstate.done.actor.loadPeriods': outcome('loadPeriods', 'resolve'),
      'xstate.error.actor.loadPeriods': outcome('loadPeriods', 'reject'),
      'xstate.done.actor.loadStudents': outcome('loadStudents', 'resolve'),
      'xstate.error.actor.loadStudents': outcome('loadStudents', 'reject'),
      'xstate.done.actor.submitAttendance': outcome('submitAttendance', 'resolve'),
      'xstate.error.actor.submitAttendance': outcome('submitAttendance', 'reject'),
      'xstate.done.actor.loadAbsentPreview': outcome('loadAbsentPreview', 'resolve'),
      'xstate.error.actor.loadAbsentPreview': outcome('loadAbsentPreview', 'reject'),
      'xstate.done.actor.sendAbsentMessage': outcome('sendAbsentMessage', 'resolve'),
      'xstate.error.actor.sendAbsentMessage': outcome('sendAbsentMessage', 'reject'),
      'xstate.after.digitPause': ({ event }: { event: ModelEvent }) => {
        lastEvent = event.type;
        clock.increment(DIGIT_PAUSE_MS);
      },
    },
    states: {
      'choosingPeriod.loadingPeriods': () => {
        isIn('choosingPeriod.loadingPeriods');
        const c = real().context;
        expect(real().hasTag('busy')).toBe(true);
        expect(calls.loadPeriods.at(-1)).toEqual({ teacherId: 41, date: c.date });
        expect(pending.loadPeriods).toBeDefined();
        expect(c.routine).toBeNull();
        expect(c.error).toBeNull();
        expect(real().can({ type: 'attendance.choose', routineId: FRESH.id })).toBe(false);
        expect(real().can({ type: 'attendance.date', date: EARLIER })).toBe(true);
      },
      'choosingPeriod.ready': () => {
        isIn('choosingPeriod.ready');
        const c = real().context;
        notBusy();
        expect(c.date).not.toBe(FRIDAY);
        expect(c.periods.map((p) => [p.id, p.date, p.attendance_taken])).toEqual([
          [FRESH.id, c.date, false],
          [TAKEN.id, c.date, true],
        ]);
        expect(real().can({ type: 'attendance.choose', routineId: FRESH.id })).toBe(true);
        expect(real().can({ type: 'attendance.choose', routineId: 999 })).toBe(false);
        expect(real().can({ type: 'attendance.date', date: FUTURE })).toBe(false);
        expect(real().can({ type: 'attendance.date', date: 'not a date' })).toBe(false);
        expect(real().can({ type: 'attendance.submit' })).toBe(false);
      },
      'choosingPeriod.empty': () => {
        isIn('choosingPeriod.empty');
        notBusy();
        expect(real().context.date).toBe(FRIDAY);
        expect(real().context.periods).toEqual([]);
        expect(real().can({ type: 'attendance.choose', routineId: FRESH.id })).toBe(false);
        expect(real().can({ type: 'attendance.date', date: TODAY })).toBe(true);
      },
      'choosingPeriod.failed': () => {
        isIn('choosingPeriod.failed');
        notBusy();
        expect(real().context.error).toBe(OFFLINE.message);
        expect(real().can({ type: 'attendance.retry' })).toBe(true);
        expect(real().can({ type: 'attendance.choose', routineId: FRESH.id })).toBe(false);
      },
      loadingStudents: () => {
        isIn('loadingStudents');
        const c = real().context;
        expect(real().hasTag('busy')).toBe(true);
        expect([FRESH.id, TAKEN.id]).toContain(c.routine?.id);
        expect(calls.loadStudents.at(-1)).toEqual({ routineId: c.routine!.id, date: c.date });
        expect(c.students).toEqual([]);
        expect(c.result).toBeNull();
      },
      studentsFailed: () => {
        isIn('studentsFailed');
        notBusy();
        expect(real().context.error).toBe(OFFLINE.message);
        expect(real().can({ type: 'attendance.retry' })).toBe(true);
        expect(real().can({ type: 'attendance.back' })).toBe(true);
        expect(real().can({ type: 'attendance.submit' })).toBe(false);
      },
      'marking.idle': () => {
        isIn('marking.idle');
        marking();
        expect(real().context.digits).toBe('');
      },
      'marking.typing': () => {
        isIn('marking.typing');
        marking();
        const c = real().context;
        expect(c.digits).not.toBe('');
        // The cursor is on the student the digits spell (or the first whose roll starts with them).
        expect(String(c.students[c.cursor].class_roll_no).startsWith(c.digits)).toBe(true);
      },
      confirming: () => {
        isIn('confirming');
        notBusy();
        marksAreAList();
        expect(real().context.digits).toBe('');
        expect(real().can({ type: 'attendance.confirm' })).toBe(true);
        expect(real().can({ type: 'attendance.cancel' })).toBe(true);
        expect(real().can({ type: 'attendance.toggle', studentId: 101 })).toBe(false);
      },
      submitting: () => {
        isIn('submitting');
        const c = real().context;
        expect(real().hasTag('busy')).toBe(true);
        const sent = calls.submitAttendance.at(-1)!;
        expect(sent).toEqual({
          routine_id: c.routine!.id,
          date: c.date,
          attendance: [101, 112].map((id) => ({ student_id: id, attendance_status: c.marks[id] })),
          idempotencyKey: expect.stringMatching(/\S/),
        });
        const before = calls.submitAttendance.at(-2);
        // "Try again" sends exactly what the failed attempt sent, under the same key, so the
        // server can answer the first result instead of saving twice; a new confirm is a new key.
        if (lastEvent === 'attendance.retry') expect(sent).toEqual(before);
        else if (before) expect(sent.idempotencyKey).not.toBe(before.idempotencyKey);
        expect(real().can({ type: 'attendance.toggle', studentId: 101 })).toBe(false);
        expect(hasUnsavedMarks(real())).toBe(!c.retaking || c.marks[101] !== 1 || c.marks[112] !== 0);
        notInvalidated();
      },
      failed: () => {
        isIn('failed');
        notBusy();
        marksAreAList();
        const c = real().context;
        expect(lastError).toEqual(OFFLINE);
        expect(c.error).toBe(OFFLINE.message);
        expect(c.result).toBeNull();
        // The marks are kept: still exactly what was sent.
        expect(attendanceList(c)).toEqual(calls.submitAttendance.at(-1)!.attendance);
        expect(real().can({ type: 'attendance.retry' })).toBe(true);
        expect(real().can({ type: 'attendance.back' })).toBe(true);
        notInvalidated();
      },
      refused: () => {
        isIn('refused');
        notBusy();
        marksAreAList();
        const c = real().context;
        expect(c.error).toBe(WINDOW_CLOSED.message);
        expect(attendanceList(c)).toEqual(calls.submitAttendance.at(-1)!.attendance);
        // Sending the same marks again cannot succeed: no "Try again", only back to the marks.
        expect(real().can({ type: 'attendance.retry' })).toBe(false);
        expect(real().can({ type: 'attendance.back' })).toBe(true);
        notInvalidated();
      },
      'submitted.idle': () => {
        isIn('submitted.idle');
        notBusy();
        const c = real().context;
        expect(c.result).toEqual(resultFor(c));
        expect(c.periods.find((p) => p.id === c.routine!.id)?.attendance_taken).toBe(true);
        expect(real().can({ type: 'attendance.sendAbsent' })).toBe(c.result!.absent > 0 && c.date === TODAY);
        expect(hasUnsavedMarks(real())).toBe(false);
        if (lastEvent === 'xstate.done.actor.submitAttendance') invalidatedOnce();
        else notInvalidated();
      },
      'submitted.previewing': () => {
        isIn('submitted.previewing');
        const c = real().context;
        expect(real().hasTag('busy')).toBe(true);
        expect(c.result!.absent).toBeGreaterThan(0);
        expect(calls.loadAbsentPreview.at(-1)).toEqual({ routine_id: c.routine!.id, date: TODAY });
        // Nothing is sent before the teacher saw the message and confirmed.
        expect(calls.sendAbsentMessage).toHaveLength(sendsBeforePress);
      },
      'submitted.previewFailed': () => {
        isIn('submitted.previewFailed');
        notBusy();
        expect(real().context.error).toBe(OFFLINE.message);
        expect(real().can({ type: 'attendance.retry' })).toBe(true);
        expect(real().can({ type: 'attendance.cancel' })).toBe(true);
        expect(calls.sendAbsentMessage).toHaveLength(sendsBeforePress);
      },
      'submitted.confirmingSend': () => {
        isIn('submitted.confirmingSend');
        notBusy();
        const c = real().context;
        expect(c.preview).toEqual(previewFor(c));
        expect(calls.sendAbsentMessage).toHaveLength(sendsBeforePress);
        expect(real().can({ type: 'attendance.confirm' })).toBe(true);
        expect(real().can({ type: 'attendance.cancel' })).toBe(true);
      },
      'submitted.sending': () => {
        isIn('submitted.sending');
        const c = real().context;
        expect(real().hasTag('busy')).toBe(true);
        expect(c.result!.absent).toBeGreaterThan(0);
        const sent = calls.sendAbsentMessage.at(-1)!;
        expect(sent).toEqual({ routine_id: c.routine!.id, date: TODAY, idempotencyKey: expect.stringMatching(/\S/) });
        if (lastEvent === 'attendance.retry') expect(sent).toEqual(calls.sendAbsentMessage.at(-2));
      },
      'submitted.sent': () => {
        isIn('submitted.sent');
        notBusy();
        const c = real().context;
        expect(c.absentMessage).toEqual(messageFor(c));
        expect(real().can({ type: 'attendance.sendAbsent' })).toBe(false);
        expect(real().can({ type: 'attendance.back' })).toBe(true);
        invalidatedOnce();
      },
      'submitted.sendFailed': () => {
        isIn('submitted.sendFailed');
        notBusy();
        expect(real().context.error).toBe(SMS_DOWN.message);
        expect(real().context.result).not.toBeNull();
        expect(real().can({ type: 'attendance.retry' })).toBe(true);
        notInvalidated();
      },
      'submitted.sendRefused': () => {
        isIn('submitted.sendRefused');
        notBusy();
        expect(real().context.error).toBe(NOT_TODAY.message);
        expect(real().can({ type: 'attendance.retry' })).toBe(false);
        expect(real().can({ type: 'attendance.sendAbsent' })).toBe(false);
        expect(real().can({ type: 'attendance.back' })).toBe(true);
        notInvalidated();
      },
    },
  };
}

// ---- generated path tests ---------------------------------------------------------------------

const model = asModel(attendanceMachine);

const LEAF_STATES = [
  'choosingPeriod.loadingPeriods',
  'choosingPeriod.ready',
  'choosingPeriod.empty',
  'choosingPeriod.failed',
  'loadingStudents',
  'studentsFailed',
  'marking.idle',
  'marking.typing',
  'confirming',
  'submitting',
  'failed',
  'refused',
  'submitted.idle',
  'submitted.previewing',
  'submitted.previewFailed',
  'submitted.confirmingSend',
  'submitted.sending',
  'submitted.sent',
  'submitted.sendFailed',
  'submitted.sendRefused',
];

function nameOf(path: { steps: Array<{ event: ModelEvent }>; state: Snap }): string {
  const short = (e: ModelEvent) => {
    const outcome = /^xstate\.(done|error|after)\.(?:actor\.)?(\w+)$/.exec(e.type);
    if (outcome) return `${outcome[2]}${outcome[1] === 'done' ? '✓' : outcome[1] === 'error' ? '✗' : '⏱'}`;
    const { type, ...rest } = e;
    const arg = Object.values(rest)[0];
    return `${type.replace('attendance.', '')}${arg === undefined ? '' : `(${String(arg)})`}`;
  };
  const events = path.steps.map((step) => short(step.event)).filter((e) => e !== 'xstate.init');
  return `${stateName(path.state.value)} via ${events.join(' → ') || 'start'}`;
}

/** Every transition of the model, as "leaf state|event" (a parent's transitions count for each child). */
function definedTransitions(machine: AnyStateMachine): Set<string> {
  const out = new Set<string>();
  const visit = (node: AnyStateMachine['root'], inherited: string[]) => {
    const all = [...inherited, ...Object.keys(node.on)];
    const children = Object.values(node.states);
    if (children.length === 0) for (const e of all) out.add(`${node.path.join('.')}|${e}`);
    for (const child of children) visit(child, all);
  };
  visit(machine.root, []);
  return out;
}

describe('attendance machine: shortest paths to every state and transition', () => {
  const testModel = createTestModel(model, {
    events: eventsFor as never,
    input: INPUT,
    serializeState: serializeState as never,
  });
  const paths = testModel.getShortestPaths();

  it('visits every state of the machine', () => {
    const reached = new Set(
      paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).map((s) => stateName(s.value)),
    );
    expect([...reached].sort()).toEqual([...LEAF_STATES].sort());
  });

  it('takes every transition the machine defines', () => {
    const taken = new Set<string>();
    for (const p of paths) {
      p.steps.forEach((step, i) => {
        if (i === 0) return;
        const from = p.steps[i - 1].state as Snap;
        taken.add(`${stateName(from.value)}|${step.event.type}`);
      });
    }
    // The offline states are reached only with `offline: true`: their own path tests
    // are in attendance-offline.machine.test.ts.
    const offlineOnly = /^(queueing|queued|syncing|synced|conflict|syncRefused)\|/;
    const defined = [...definedTransitions(model)].filter((t) => !offlineOnly.test(t));
    // 20 leaf states; their own, their parents' and the modelled actor and delay transitions.
    expect(defined.length).toBe(51);
    expect(defined.filter((t) => !taken.has(t))).toEqual([]);
  });

  it('stays a bounded number of paths', () => {
    expect(paths.length).toBeLessThan(300);
  });

  for (const path of paths) {
    it(nameOf(path as never), async () => {
      const run = startAttendance();
      await path.test(replay(run) as never);
      run.actor.stop();
    });
  }
});

// ---- the variants, spelled out --------------------------------------------------------------------

describe('attendance machine: named variants', () => {
  const testModel = createTestModel(model, {
    events: eventsFor as never,
    input: INPUT,
    serializeState: serializeState as never,
  });
  const variants: Array<[string, ModelEvent[]]> = [
    [
      'a new taking: all present but one, submitted, absence messages sent',
      [
        { type: 'xstate.done.actor.loadPeriods', output: PERIODS },
        { type: 'attendance.choose', routineId: FRESH.id },
        { type: 'xstate.done.actor.loadStudents', output: STUDENTS_NEW },
        { type: 'attendance.allPresent' },
        { type: 'attendance.digit', digit: '1' },
        { type: 'attendance.digit', digit: '2' },
        { type: 'attendance.toggle', studentId: 112 },
        { type: 'attendance.submit' },
        { type: 'attendance.confirm' },
        { type: 'xstate.done.actor.submitAttendance', output: 'computed' },
        { type: 'attendance.sendAbsent' },
        { type: 'xstate.done.actor.loadAbsentPreview', output: 'computed' },
        { type: 'attendance.confirm' },
        { type: 'xstate.done.actor.sendAbsentMessage', output: 'computed' },
      ],
    ],
    [
      'absence messages: a gateway failure is retried under the same key',
      [
        { type: 'xstate.done.actor.loadPeriods', output: PERIODS },
        { type: 'attendance.choose', routineId: FRESH.id },
        { type: 'xstate.done.actor.loadStudents', output: STUDENTS_NEW },
        { type: 'attendance.submit' },
        { type: 'attendance.confirm' },
        { type: 'xstate.done.actor.submitAttendance', output: 'computed' },
        { type: 'attendance.sendAbsent' },
        { type: 'xstate.done.actor.loadAbsentPreview', output: 'computed' },
        { type: 'attendance.confirm' },
        { type: 'xstate.error.actor.sendAbsentMessage', error: SMS_DOWN },
        { type: 'attendance.retry' },
        { type: 'xstate.done.actor.sendAbsentMessage', output: 'computed' },
      ],
    ],
    [
      'a submit the network loses is retried with the same marks and key, and succeeds',
      [
        { type: 'xstate.done.actor.loadPeriods', output: PERIODS },
        { type: 'attendance.choose', routineId: FRESH.id },
        { type: 'xstate.done.actor.loadStudents', output: STUDENTS_NEW },
        { type: 'attendance.toggle', studentId: 112 },
        { type: 'attendance.submit' },
        { type: 'attendance.confirm' },
        { type: 'xstate.error.actor.submitAttendance', error: OFFLINE },
        { type: 'attendance.retry' },
        { type: 'xstate.done.actor.submitAttendance', output: 'computed' },
      ],
    ],
    [
      'a refused submit, back to the list with the marks kept, changed and submitted again',
      [
        { type: 'xstate.done.actor.loadPeriods', output: PERIODS },
        { type: 'attendance.choose', routineId: TAKEN.id },
        { type: 'xstate.done.actor.loadStudents', output: STUDENTS_SAVED },
        { type: 'attendance.submit' },
        { type: 'attendance.confirm' },
        { type: 'xstate.error.actor.submitAttendance', error: WINDOW_CLOSED },
        { type: 'attendance.back' },
        { type: 'attendance.toggle', studentId: 112 },
        { type: 'attendance.submit' },
        { type: 'attendance.confirm' },
        { type: 'xstate.done.actor.submitAttendance', output: 'computed' },
      ],
    ],
    [
      'an empty day (Friday), then back to today',
      [
        { type: 'xstate.done.actor.loadPeriods', output: PERIODS },
        { type: 'attendance.date', date: FRIDAY },
        { type: 'xstate.done.actor.loadPeriods', output: [] },
        { type: 'attendance.date', date: TODAY },
        { type: 'xstate.done.actor.loadPeriods', output: PERIODS },
      ],
    ],
  ];

  for (const [name, script] of variants) {
    it(name, async () => {
      // Outputs marked 'computed' are what the fake server answers in the state reached. The
      // path is built step by step from the model.
      let snap = getInitialSnapshot(model, INPUT) as Snap;
      const steps: Array<{ state: Snap; event: ModelEvent }> = [{ state: snap, event: { type: 'xstate.init' } }];
      for (const e of script) {
        const event = e.output === 'computed' ? eventsFor(snap).find((c) => c.type === e.type)! : e;
        const next = getNextSnapshot(model, snap, event as never) as Snap;
        expect(next, `${event.type} changes nothing in ${stateName(snap.value)}`).not.toBe(snap);
        steps.push({ state: next, event });
        snap = next;
      }
      const path = { state: snap, steps, weight: steps.length };
      const run = startAttendance();
      await testModel.testPath(path as never, replay(run) as never);
      run.actor.stop();
    });
  }
});
