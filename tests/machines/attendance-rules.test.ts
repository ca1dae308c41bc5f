/**
 * The attendance machine's rules as literal scenarios (the generated path tests are
 * attendance.machine.test.ts and attendance-offline.machine.test.ts): loading a day's periods,
 * choosing one, the marks of a new taking and a re-taking, the keyboard (toggles, moves, roll
 * digits), the submission and what it sends, its failures and refusal, the device's queue, and
 * the absence messages; and the pure helpers. Each expectation is a literal value, never the
 * machine's own helpers. Fast enough for a mutation run (docs/testing.md, "Mutation testing").
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createActor } from 'xstate';
import { queuedItems, resetOfflineStoreForTests, setOfflineUser } from '@/offline/store';
import type { AbsentMessagePreview, AbsentMessageResponse, TakeAttendanceResponse } from '@/api/schemas/attendance';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { ApiError } from '@/api/client';
import { server } from '../helpers/msw';
import {
  attendanceList,
  attendanceMachine,
  byRoll,
  DIGIT_PAUSE_MS,
  hasUnsavedMarks,
  initialMarks,
  isRetryable,
  jumpToRoll,
  presentCount,
  type AttendanceEvent,
  type AttendanceInput,
} from '@/machines/attendance.machine';
import {
  EARLIER,
  FRESH,
  INPUT,
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
  student,
  type Run,
} from './attendance-fixtures';

// ---- helpers of the scenarios ----------------------------------------------------------------------

/** The state as the screen would name it: `marking.idle`, `submitted.sent`, `failed`. */
function stateOf(run: Run): string {
  const value = run.actor.getSnapshot().value as string | Record<string, string>;
  if (typeof value === 'string') return value;
  const [[parent, child]] = Object.entries(value);
  return `${parent}.${child}`;
}
const ctx = (run: Run) => run.actor.getSnapshot().context;
const busy = (run: Run) => run.actor.getSnapshot().hasTag('busy');
const send = (run: Run, event: AttendanceEvent) => run.actor.send(event);
const can = (run: Run, event: AttendanceEvent) => run.actor.getSnapshot().can(event);

/** The marks on screen, student by student. */
const marksOf = (run: Run) => ctx(run).marks;

/** A day's periods loaded and a period chosen: its students are on screen. */
async function opened({
  input = INPUT,
  routineId = FRESH.id,
  students = STUDENTS_NEW,
  simulated = true,
}: { input?: AttendanceInput; routineId?: number; students?: typeof STUDENTS_NEW; simulated?: boolean } = {}) {
  const run = startAttendance(input, { simulated });
  const date = input.date ?? input.today;
  await run.settle(
    'loadPeriods',
    'resolve',
    PERIODS.map((p) => ({ ...p, date })),
  );
  send(run, { type: 'attendance.choose', routineId });
  await run.settle('loadStudents', 'resolve', students);
  return run;
}

/** Submitted and confirmed: the request is out. */
async function confirmed(options: Parameters<typeof opened>[0] = {}) {
  const run = await opened(options);
  send(run, { type: 'attendance.submit' });
  send(run, { type: 'attendance.confirm' });
  return run;
}

/** The server's answer to a taking of Arif present and Lima absent (P1, today). */
const SAVED: TakeAttendanceResponse = {
  ok: true,
  message: 'Attendance saved',
  code: 'attendance.saved',
  routine_id: 11,
  date: TODAY,
  time: '08:35:10',
  corrected: false,
  total: 2,
  present: 1,
  absent: 1,
  students: [
    { student_id: 101, full_name: 'Arif Hossain', class_roll_no: 1, attendance_status: 1 },
    { student_id: 112, full_name: 'Lima Akter', class_roll_no: 12, attendance_status: 0 },
  ],
};
const ALL_PRESENT: TakeAttendanceResponse = { ...SAVED, present: 2, absent: 0 };
const PREVIEW: AbsentMessagePreview = {
  absent: 1,
  guardians: 1,
  already: 0,
  no_phone: 0,
  sample: 'Dear guardian, Lima Akter was absent from Mathematics (P1) today.',
  sample_parts: 1,
};
const MESSAGES: AbsentMessageResponse = {
  ok: true,
  message: '1 absence message queued',
  code: 'attendance.messages_queued',
  queued: 1,
  retried: 0,
  already: 0,
  failed: 0,
  cancelled: 0,
  no_phone: 0,
};

/** A submitted taking of today with Lima absent: the absence messages can go. */
async function submitted(options: Parameters<typeof opened>[0] = {}) {
  const run = await opened(options);
  send(run, { type: 'attendance.toggle', studentId: 101 });
  send(run, { type: 'attendance.submit' });
  send(run, { type: 'attendance.confirm' });
  await run.settle('submitAttendance', 'resolve', SAVED);
  return run;
}

afterEach(() => {
  vi.useRealTimers();
});

// ---- loading a day's periods -----------------------------------------------------------------------

describe('loading the periods of a day', () => {
  it('asks for the teacher’s periods of today, busy until they come, then lists them', async () => {
    const run = startAttendance();
    expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
    expect(busy(run)).toBe(true);
    expect(run.calls.loadPeriods).toEqual([{ teacherId: 41, date: '2026-11-22' }]);
    expect(can(run, { type: 'attendance.choose', routineId: 11 })).toBe(false);
    await run.settle('loadPeriods', 'resolve', PERIODS);
    expect(stateOf(run)).toBe('choosingPeriod.ready');
    expect(busy(run)).toBe(false);
    expect(ctx(run).periods.map((p) => [p.id, p.period_code, p.attendance_taken])).toEqual([
      [11, 'P1', false],
      [12, 'P2', true],
    ]);
    expect(ctx(run).error).toBeNull();
    run.actor.stop();
  });

  it('a day without classes is empty, and nothing can be chosen', async () => {
    const run = startAttendance();
    await run.settle('loadPeriods', 'resolve', []);
    expect(stateOf(run)).toBe('choosingPeriod.empty');
    expect(busy(run)).toBe(false);
    expect(ctx(run).periods).toEqual([]);
    expect(can(run, { type: 'attendance.choose', routineId: 11 })).toBe(false);
    expect(can(run, { type: 'attendance.retry' })).toBe(false);
    run.actor.stop();
  });

  it('a failed load says why, and "Try again" asks again', async () => {
    const run = startAttendance();
    await run.settle('loadPeriods', 'reject', OFFLINE);
    expect(stateOf(run)).toBe('choosingPeriod.failed');
    expect(busy(run)).toBe(false);
    expect(ctx(run).error).toBe('Could not reach the server.');
    expect(ctx(run).errorCode).toBe('network');
    expect(ctx(run).periods).toEqual([]);
    expect(can(run, { type: 'attendance.choose', routineId: 11 })).toBe(false);
    send(run, { type: 'attendance.retry' });
    expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
    expect(ctx(run).error).toBeNull();
    expect(ctx(run).errorCode).toBeNull();
    expect(run.calls.loadPeriods).toEqual([
      { teacherId: 41, date: '2026-11-22' },
      { teacherId: 41, date: '2026-11-22' },
    ]);
    await run.settle('loadPeriods', 'resolve', PERIODS);
    expect(stateOf(run)).toBe('choosingPeriod.ready');
    run.actor.stop();
  });

  it('a failure without words or code reads as the general message, with no code', async () => {
    const run = startAttendance();
    await run.settle('loadPeriods', 'reject', { status: 0, code: 7 });
    expect(ctx(run).error).toBe('Something went wrong. Please try again.');
    expect(ctx(run).errorCode).toBeNull();
    run.actor.stop();
    const other = startAttendance();
    await other.settle('loadPeriods', 'reject', null);
    expect([stateOf(other), ctx(other).error, ctx(other).errorCode]).toEqual([
      'choosingPeriod.failed',
      'Something went wrong. Please try again.',
      null,
    ]);
    other.actor.stop();
    const text = startAttendance();
    await text.settle('loadPeriods', 'reject', 'offline');
    expect([stateOf(text), ctx(text).errorCode]).toEqual(['choosingPeriod.failed', null]);
    text.actor.stop();
  });

  it('another date loads that day’s periods; an earlier day and today are allowed, never after today', async () => {
    const run = startAttendance();
    await run.settle('loadPeriods', 'resolve', PERIODS);
    expect(can(run, { type: 'attendance.date', date: '2026-11-19' })).toBe(true);
    expect(can(run, { type: 'attendance.date', date: '2026-11-22' })).toBe(true);
    expect(can(run, { type: 'attendance.date', date: '2026-11-23' })).toBe(false);
    expect(can(run, { type: 'attendance.date', date: '2027-01-01' })).toBe(false);
    expect(can(run, { type: 'attendance.date', date: '2026-02-30' })).toBe(false);
    expect(can(run, { type: 'attendance.date', date: '19-11-2026' })).toBe(false);
    expect(can(run, { type: 'attendance.date', date: '' })).toBe(false);
    send(run, { type: 'attendance.date', date: '2026-11-23' });
    expect(stateOf(run)).toBe('choosingPeriod.ready');
    expect(ctx(run).date).toBe('2026-11-22');
    send(run, { type: 'attendance.date', date: '2026-11-19' });
    expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
    expect(ctx(run).date).toBe('2026-11-19');
    expect(ctx(run).periods).toEqual([]);
    expect(run.calls.loadPeriods.at(-1)).toEqual({ teacherId: 41, date: '2026-11-19' });
    // A date changed again while loading starts over with that date.
    send(run, { type: 'attendance.date', date: '2026-11-22' });
    expect(run.calls.loadPeriods.at(-1)).toEqual({ teacherId: 41, date: '2026-11-22' });
    expect(run.calls.loadPeriods).toHaveLength(3);
    run.actor.stop();
  });

  it('a date can change from an empty day and from a failed load too', async () => {
    const run = startAttendance();
    await run.settle('loadPeriods', 'resolve', []);
    send(run, { type: 'attendance.date', date: '2026-11-19' });
    expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
    await run.settle('loadPeriods', 'reject', OFFLINE);
    send(run, { type: 'attendance.date', date: '2026-11-22' });
    expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
    expect(ctx(run).error).toBeNull();
    run.actor.stop();
  });

  it('starts on the date asked for when it is a real date up to today, else on today', () => {
    const dateOf = (date: string | undefined) => {
      const run = startAttendance({ ...INPUT, date });
      const d = ctx(run).date;
      const asked = run.calls.loadPeriods[0].date;
      run.actor.stop();
      expect(asked).toBe(d);
      return d;
    };
    expect(dateOf(undefined)).toBe('2026-11-22');
    expect(dateOf('2026-11-19')).toBe('2026-11-19');
    expect(dateOf('2026-11-22')).toBe('2026-11-22');
    expect(dateOf('2026-11-23')).toBe('2026-11-22');
    expect(dateOf('2026-02-30')).toBe('2026-11-22');
    expect(dateOf('')).toBe('2026-11-22');
  });

  it('starts with nothing chosen, nothing marked, and the queue off unless asked for', () => {
    const run = startAttendance();
    expect(ctx(run)).toEqual({
      teacherId: 41,
      today: '2026-11-22',
      date: '2026-11-22',
      periods: [],
      routine: null,
      students: [],
      marks: {},
      cursor: 0,
      digits: '',
      retaking: false,
      result: null,
      preview: null,
      absentMessage: null,
      error: null,
      errorCode: null,
      submitKey: null,
      sendKey: null,
      offline: false,
      takenAt: null,
    });
    run.actor.stop();
    const queueing = startAttendance({ ...INPUT, offline: true });
    expect(queueing.actor.getSnapshot().context.offline).toBe(true);
    queueing.actor.stop();
  });
});

// ---- choosing a period and its students -----------------------------------------------------------

describe('choosing a period', () => {
  it('only a listed period can be chosen; its students are asked for by routine and date', async () => {
    const run = startAttendance();
    await run.settle('loadPeriods', 'resolve', PERIODS);
    expect(can(run, { type: 'attendance.choose', routineId: 999 })).toBe(false);
    send(run, { type: 'attendance.choose', routineId: 999 });
    expect(stateOf(run)).toBe('choosingPeriod.ready');
    send(run, { type: 'attendance.choose', routineId: 12 });
    expect(stateOf(run)).toBe('loadingStudents');
    expect(busy(run)).toBe(true);
    expect(ctx(run).routine?.subject_name).toBe('English');
    expect(run.calls.loadStudents).toEqual([{ routineId: 12, date: '2026-11-22' }]);
    expect(can(run, { type: 'attendance.submit' })).toBe(false);
    run.actor.stop();
  });

  it('a new taking lists the students in roll order, every one ABSENT', async () => {
    const run = await opened();
    expect(stateOf(run)).toBe('marking.idle');
    expect(busy(run)).toBe(false);
    expect(ctx(run).students.map((s) => [s.class_roll_no, s.full_name])).toEqual([
      [1, 'Arif Hossain'],
      [12, 'Lima Akter'],
    ]);
    expect(marksOf(run)).toEqual({ 101: 0, 112: 0 });
    expect(ctx(run).retaking).toBe(false);
    expect(ctx(run).cursor).toBe(0);
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(true);
    run.actor.stop();
  });

  it('a re-taking starts from the saved marks, and has nothing unsaved until one changes', async () => {
    const run = await opened({ routineId: 12, students: STUDENTS_SAVED });
    expect(marksOf(run)).toEqual({ 101: 1, 112: 0 });
    expect(ctx(run).retaking).toBe(true);
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(false);
    send(run, { type: 'attendance.toggle', studentId: 112 });
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(true);
    send(run, { type: 'attendance.toggle', studentId: 112 });
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(false);
    run.actor.stop();
  });

  it('a half-saved list (one student added since) is a re-taking; the new one starts absent', async () => {
    const run = await opened({
      routineId: 12,
      students: [student(112, 12, 'Lima Akter', 1), student(101, 1, 'Arif Hossain', null)],
    });
    expect(ctx(run).retaking).toBe(true);
    expect(marksOf(run)).toEqual({ 101: 0, 112: 1 });
    run.actor.stop();
  });

  it('students that fail to load: the reason, "Try again", or back to the periods', async () => {
    const run = startAttendance();
    await run.settle('loadPeriods', 'resolve', PERIODS);
    send(run, { type: 'attendance.choose', routineId: 11 });
    await run.settle('loadStudents', 'reject', OFFLINE);
    expect(stateOf(run)).toBe('studentsFailed');
    expect(busy(run)).toBe(false);
    expect(ctx(run).error).toBe('Could not reach the server.');
    expect(ctx(run).errorCode).toBe('network');
    expect(can(run, { type: 'attendance.submit' })).toBe(false);
    send(run, { type: 'attendance.retry' });
    expect(stateOf(run)).toBe('loadingStudents');
    expect(ctx(run).error).toBeNull();
    expect(ctx(run).errorCode).toBeNull();
    expect(run.calls.loadStudents).toEqual([
      { routineId: 11, date: '2026-11-22' },
      { routineId: 11, date: '2026-11-22' },
    ]);
    await run.settle('loadStudents', 'reject', WINDOW_CLOSED);
    send(run, { type: 'attendance.back' });
    expect(stateOf(run)).toBe('choosingPeriod.ready');
    expect(ctx(run).routine).toBeNull();
    expect(ctx(run).error).toBeNull();
    expect(ctx(run).errorCode).toBeNull();
    expect(ctx(run).periods.map((p) => p.id)).toEqual([11, 12]);
    // The list was not asked for again: the periods are still the ones shown.
    expect(run.calls.loadPeriods).toHaveLength(1);
    run.actor.stop();
  });

  it('back from the marks returns to the periods with nothing of the period left', async () => {
    const run = await opened();
    send(run, { type: 'attendance.allPresent' });
    send(run, { type: 'attendance.move', delta: 1 });
    send(run, { type: 'attendance.back' });
    expect(stateOf(run)).toBe('choosingPeriod.ready');
    expect(ctx(run).routine).toBeNull();
    expect(ctx(run).students).toEqual([]);
    expect(ctx(run).marks).toEqual({});
    expect(ctx(run).cursor).toBe(0);
    expect(ctx(run).digits).toBe('');
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(false);
    // Choosing another period lists its own students.
    send(run, { type: 'attendance.choose', routineId: 12 });
    expect(ctx(run).students).toEqual([]);
    await run.settle('loadStudents', 'resolve', STUDENTS_SAVED);
    expect(marksOf(run)).toEqual({ 101: 1, 112: 0 });
    run.actor.stop();
  });
});

// ---- marking -----------------------------------------------------------------------------------------

describe('marking', () => {
  it('a toggle flips one student and puts the keyboard on that row', async () => {
    const run = await opened();
    send(run, { type: 'attendance.toggle', studentId: 112 });
    expect(marksOf(run)).toEqual({ 101: 0, 112: 1 });
    expect(ctx(run).cursor).toBe(1);
    send(run, { type: 'attendance.toggle', studentId: 101 });
    expect(marksOf(run)).toEqual({ 101: 1, 112: 1 });
    expect(ctx(run).cursor).toBe(0);
    send(run, { type: 'attendance.toggle', studentId: 112 });
    expect(marksOf(run)).toEqual({ 101: 1, 112: 0 });
    // A student not on the list changes nothing.
    expect(can(run, { type: 'attendance.toggle', studentId: 999 })).toBe(false);
    send(run, { type: 'attendance.toggle', studentId: 999 });
    expect(marksOf(run)).toEqual({ 101: 1, 112: 0 });
    expect(ctx(run).cursor).toBe(1);
    run.actor.stop();
  });

  it('all present and all absent mark the whole list', async () => {
    const run = await opened();
    send(run, { type: 'attendance.allPresent' });
    expect(marksOf(run)).toEqual({ 101: 1, 112: 1 });
    send(run, { type: 'attendance.allAbsent' });
    expect(marksOf(run)).toEqual({ 101: 0, 112: 0 });
    run.actor.stop();
  });

  it('moves go up and down the list, whole rows only, and stop at its ends', async () => {
    const three = [
      student(101, 1, 'Arif Hossain', null),
      student(102, 2, 'Babul Mia', null),
      student(103, 3, 'C', null),
    ];
    const run = await opened({ students: three });
    send(run, { type: 'attendance.move', delta: 1 });
    expect(ctx(run).cursor).toBe(1);
    send(run, { type: 'attendance.move', delta: 1 });
    expect(ctx(run).cursor).toBe(2);
    send(run, { type: 'attendance.move', delta: 1 });
    expect(ctx(run).cursor).toBe(2);
    send(run, { type: 'attendance.move', delta: -1 });
    expect(ctx(run).cursor).toBe(1);
    send(run, { type: 'attendance.move', delta: -5 });
    expect(ctx(run).cursor).toBe(0);
    send(run, { type: 'attendance.move', delta: 1.9 });
    expect(ctx(run).cursor).toBe(1);
    send(run, { type: 'attendance.move', delta: -0.9 });
    expect(ctx(run).cursor).toBe(1);
    send(run, { type: 'attendance.move', delta: 10 });
    expect(ctx(run).cursor).toBe(2);
    run.actor.stop();
  });

  it('a section with no students: no moves, no submit', async () => {
    const run = await opened({ students: [] });
    expect(stateOf(run)).toBe('marking.idle');
    expect(can(run, { type: 'attendance.move', delta: 1 })).toBe(false);
    send(run, { type: 'attendance.move', delta: 1 });
    expect(ctx(run).cursor).toBe(0);
    expect(can(run, { type: 'attendance.submit' })).toBe(false);
    send(run, { type: 'attendance.submit' });
    expect(stateOf(run)).toBe('marking.idle');
    run.actor.stop();
  });
});

describe('the roll-number jump', () => {
  const ROLLS = [
    student(1, 1, 'A', null),
    student(2, 2, 'B', null),
    student(3, 3, 'C', null),
    student(12, 12, 'L', null),
    student(30, 30, 'X', null),
  ];

  it('digits collect into a buffer that puts the keyboard on the roll they spell', async () => {
    const run = await opened({ students: ROLLS });
    send(run, { type: 'attendance.digit', digit: '1' });
    expect(stateOf(run)).toBe('marking.typing');
    expect(ctx(run).digits).toBe('1');
    expect(ctx(run).cursor).toBe(0);
    send(run, { type: 'attendance.digit', digit: '2' });
    expect(ctx(run).digits).toBe('12');
    expect(ctx(run).cursor).toBe(3);
    // No roll continues "12" with 3: a new buffer, roll 3.
    send(run, { type: 'attendance.digit', digit: '3' });
    expect(ctx(run).digits).toBe('3');
    expect(ctx(run).cursor).toBe(2);
    send(run, { type: 'attendance.digit', digit: '0' });
    expect(ctx(run).digits).toBe('30');
    expect(ctx(run).cursor).toBe(4);
    run.actor.stop();
  });

  it('a digit no roll starts with, or a key that is not one digit, clears the buffer and stays', async () => {
    const run = await opened({ students: ROLLS });
    send(run, { type: 'attendance.digit', digit: '3' });
    send(run, { type: 'attendance.digit', digit: '9' });
    expect(stateOf(run)).toBe('marking.idle');
    expect(ctx(run).digits).toBe('');
    expect(ctx(run).cursor).toBe(2);
    for (const key of ['x', '12', '', '1a', 'a1']) {
      send(run, { type: 'attendance.digit', digit: '1' });
      send(run, { type: 'attendance.digit', digit: key });
      expect([key, stateOf(run), ctx(run).digits, ctx(run).cursor]).toEqual([key, 'marking.idle', '', 0]);
    }
    run.actor.stop();
  });

  it('a move or a toggle clears the buffer', async () => {
    const run = await opened({ students: ROLLS });
    send(run, { type: 'attendance.digit', digit: '1' });
    send(run, { type: 'attendance.move', delta: 1 });
    expect(stateOf(run)).toBe('marking.idle');
    expect(ctx(run).digits).toBe('');
    expect(ctx(run).cursor).toBe(1);
    send(run, { type: 'attendance.digit', digit: '1' });
    send(run, { type: 'attendance.toggle', studentId: 3 });
    expect(stateOf(run)).toBe('marking.idle');
    expect(ctx(run).digits).toBe('');
    // After the toggle "2" is a new buffer: roll 2, not 12.
    send(run, { type: 'attendance.digit', digit: '2' });
    expect(ctx(run).cursor).toBe(1);
    send(run, { type: 'attendance.digit', digit: '1' });
    send(run, { type: 'attendance.allPresent' });
    expect(ctx(run).digits).toBe('');
    expect(stateOf(run)).toBe('marking.idle');
    send(run, { type: 'attendance.digit', digit: '1' });
    send(run, { type: 'attendance.allAbsent' });
    expect(ctx(run).digits).toBe('');
    expect(stateOf(run)).toBe('marking.idle');
    send(run, { type: 'attendance.digit', digit: '1' });
    send(run, { type: 'attendance.submit' });
    expect(ctx(run).digits).toBe('');
    run.actor.stop();
  });

  it('a pause of 1.2 s clears the buffer; each digit restarts the pause', async () => {
    const run = await opened({ students: ROLLS, simulated: false });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    expect(DIGIT_PAUSE_MS).toBe(1200);
    send(run, { type: 'attendance.digit', digit: '1' });
    vi.advanceTimersByTime(1000);
    send(run, { type: 'attendance.digit', digit: '2' });
    vi.advanceTimersByTime(1000);
    // 2 s after the first digit, 1 s after the second: still one buffer.
    expect(stateOf(run)).toBe('marking.typing');
    expect(ctx(run).digits).toBe('12');
    vi.advanceTimersByTime(199);
    expect(ctx(run).digits).toBe('12');
    vi.advanceTimersByTime(1);
    expect(stateOf(run)).toBe('marking.idle');
    expect(ctx(run).digits).toBe('');
    // The cursor stays where the digits led.
    expect(ctx(run).cursor).toBe(3);
    send(run, { type: 'attendance.digit', digit: '2' });
    expect(ctx(run).cursor).toBe(1);
    run.actor.stop();
  });
});

// ---- submitting --------------------------------------------------------------------------------------

describe('submitting', () => {
  it('asks first; cancel goes back to the marks as they were', async () => {
    const run = await opened();
    send(run, { type: 'attendance.toggle', studentId: 112 });
    send(run, { type: 'attendance.submit' });
    expect(stateOf(run)).toBe('confirming');
    expect(busy(run)).toBe(false);
    expect(can(run, { type: 'attendance.toggle', studentId: 101 })).toBe(false);
    expect(run.calls.submitAttendance).toEqual([]);
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(true);
    send(run, { type: 'attendance.cancel' });
    expect(stateOf(run)).toBe('marking.idle');
    expect(marksOf(run)).toEqual({ 101: 0, 112: 1 });
    expect(run.calls.submitAttendance).toEqual([]);
    run.actor.stop();
  });

  it('confirmed, sends the marks in roll order with the date and a new key, busy until answered', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T02:35:10Z'));
    const run = await confirmed();
    expect(stateOf(run)).toBe('submitting');
    expect(busy(run)).toBe(true);
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(true);
    expect(run.calls.submitAttendance).toEqual([
      {
        routine_id: 11,
        date: '2026-11-22',
        attendance: [
          { student_id: 101, attendance_status: 0 },
          { student_id: 112, attendance_status: 0 },
        ],
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(ctx(run).submitKey).toBe(run.calls.submitAttendance[0].idempotencyKey);
    expect(ctx(run).takenAt).toBe('2026-11-22T02:35:10.000Z');
    run.actor.stop();
  });

  it('an earlier date is sent as that date', async () => {
    const run = await confirmed({ input: { ...INPUT, date: '2026-11-19' }, routineId: 12, students: STUDENTS_SAVED });
    expect(run.calls.submitAttendance[0]).toMatchObject({
      routine_id: 12,
      date: '2026-11-19',
      attendance: [
        { student_id: 101, attendance_status: 1 },
        { student_id: 112, attendance_status: 0 },
      ],
    });
    run.actor.stop();
  });

  it('saved: the result is shown, the period is marked taken, the screen refreshes once', async () => {
    const run = await submitted();
    expect(stateOf(run)).toBe('submitted.idle');
    expect(busy(run)).toBe(false);
    expect(ctx(run).result).toEqual(SAVED);
    expect(ctx(run).periods.map((p) => [p.id, p.attendance_taken])).toEqual([
      [11, true],
      [12, true],
    ]);
    expect(run.calls.savedChanges).toBe(1);
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(false);
    expect(can(run, { type: 'attendance.toggle', studentId: 101 })).toBe(false);
    run.actor.stop();
  });

  it('saving one period leaves the other periods’ ticks as they were', async () => {
    const run = startAttendance();
    await run.settle('loadPeriods', 'resolve', [FRESH, period2()]);
    send(run, { type: 'attendance.choose', routineId: 13 });
    await run.settle('loadStudents', 'resolve', STUDENTS_NEW);
    send(run, { type: 'attendance.submit' });
    send(run, { type: 'attendance.confirm' });
    await run.settle('submitAttendance', 'resolve', { ...SAVED, routine_id: 13 });
    expect(ctx(run).periods.map((p) => [p.id, p.attendance_taken])).toEqual([
      [11, false],
      [13, true],
    ]);
    run.actor.stop();
  });

  it('back from the result reloads the day with nothing of the taking left', async () => {
    const run = await submitted();
    send(run, { type: 'attendance.back' });
    expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
    expect(run.calls.loadPeriods).toHaveLength(2);
    const c = ctx(run);
    expect([c.routine, c.students, c.marks, c.result, c.retaking, c.cursor, c.digits]).toEqual([
      null,
      [],
      {},
      null,
      false,
      0,
      '',
    ]);
    run.actor.stop();
  });

  it('a network failure keeps the marks; "Try again" sends the same list under the same key', async () => {
    const run = await opened();
    send(run, { type: 'attendance.toggle', studentId: 101 });
    send(run, { type: 'attendance.submit' });
    send(run, { type: 'attendance.confirm' });
    await run.settle('submitAttendance', 'reject', new ApiError(0, 'network', 'Could not reach the server.'));
    expect(stateOf(run)).toBe('failed');
    expect(busy(run)).toBe(false);
    expect(ctx(run).error).toBe('Could not reach the server.');
    expect(ctx(run).errorCode).toBe('network');
    expect(ctx(run).result).toBeNull();
    expect(marksOf(run)).toEqual({ 101: 1, 112: 0 });
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(true);
    expect(run.calls.savedChanges).toBe(0);
    send(run, { type: 'attendance.retry' });
    expect(stateOf(run)).toBe('submitting');
    expect(ctx(run).error).toBeNull();
    expect(ctx(run).errorCode).toBeNull();
    const [first, again] = run.calls.submitAttendance;
    expect(again).toEqual(first);
    expect(again.attendance).toEqual([
      { student_id: 101, attendance_status: 1 },
      { student_id: 112, attendance_status: 0 },
    ]);
    await run.settle('submitAttendance', 'resolve', SAVED);
    expect(stateOf(run)).toBe('submitted.idle');
    expect(run.calls.savedChanges).toBe(1);
    run.actor.stop();
  });

  it('a server failure (5xx) can be tried again; back lets the teacher change the marks and send anew', async () => {
    const run = await confirmed();
    await run.settle('submitAttendance', 'reject', SMS_DOWN);
    expect(stateOf(run)).toBe('failed');
    expect(ctx(run).error).toBe('Something went wrong on our side.');
    expect(ctx(run).errorCode).toBe('internal');
    expect(can(run, { type: 'attendance.retry' })).toBe(true);
    send(run, { type: 'attendance.back' });
    expect(stateOf(run)).toBe('marking.idle');
    expect(ctx(run).error).toBeNull();
    expect(ctx(run).errorCode).toBeNull();
    send(run, { type: 'attendance.toggle', studentId: 112 });
    send(run, { type: 'attendance.submit' });
    send(run, { type: 'attendance.confirm' });
    const [first, second] = run.calls.submitAttendance;
    expect(second.attendance).toEqual([
      { student_id: 101, attendance_status: 0 },
      { student_id: 112, attendance_status: 1 },
    ]);
    // A new submission: a new key.
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    run.actor.stop();
  });

  it('a refusal (4xx) offers no "Try again", only back to the marks', async () => {
    const run = await confirmed();
    await run.settle('submitAttendance', 'reject', WINDOW_CLOSED);
    expect(stateOf(run)).toBe('refused');
    expect(busy(run)).toBe(false);
    expect(ctx(run).error).toBe('Attendance of 19-11-2026 can no longer be changed by a teacher.');
    expect(ctx(run).errorCode).toBe('attendance.window_closed');
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(true);
    expect(can(run, { type: 'attendance.retry' })).toBe(false);
    send(run, { type: 'attendance.retry' });
    expect(run.calls.submitAttendance).toHaveLength(1);
    send(run, { type: 'attendance.back' });
    expect(stateOf(run)).toBe('marking.idle');
    expect(ctx(run).error).toBeNull();
    expect(ctx(run).errorCode).toBeNull();
    expect(marksOf(run)).toEqual({ 101: 0, 112: 0 });
    run.actor.stop();
  });

  it('a 499 is a refusal, a 500 a failure; online, a lost network is a failure, not the queue', async () => {
    const refused = await confirmed();
    await refused.settle('submitAttendance', 'reject', { status: 499, code: 'x', message: 'Client closed.' });
    expect(stateOf(refused)).toBe('refused');
    refused.actor.stop();
    const failed = await confirmed();
    await failed.settle('submitAttendance', 'reject', { status: 500, code: 'x', message: 'Down.' });
    expect(stateOf(failed)).toBe('failed');
    failed.actor.stop();
    const online = await confirmed();
    await online.settle('submitAttendance', 'reject', OFFLINE);
    expect(stateOf(online)).toBe('failed');
    expect(online.calls.queueSubmission).toEqual([]);
    online.actor.stop();
  });
});

function period2(): RoutineTodayRow {
  return { ...TAKEN, id: 13, period_code: 'P3', attendance_taken: false };
}

// ---- the device's queue ---------------------------------------------------------------------------

describe('offline: the device’s queue', () => {
  const OFFLINE_INPUT: AttendanceInput = { ...INPUT, offline: true };
  /** A taking confirmed at 08:35:10 in Dhaka whose send the network lost. */
  async function queueing() {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T02:35:10Z'));
    const run = await opened({ input: OFFLINE_INPUT });
    send(run, { type: 'attendance.toggle', studentId: 101 });
    send(run, { type: 'attendance.submit' });
    send(run, { type: 'attendance.confirm' });
    vi.setSystemTime(new Date('2026-11-22T02:36:00Z'));
    await run.settle('submitAttendance', 'reject', OFFLINE);
    return run;
  }
  async function queued() {
    const run = await queueing();
    await run.settle('queueSubmission', 'resolve', undefined);
    return run;
  }
  const answer = (outcome: TakeAttendanceResponse['outcome']): TakeAttendanceResponse => ({ ...SAVED, outcome });

  it('a lost send is kept on the device under a key of its own, with the time the teacher confirmed', async () => {
    const run = await queueing();
    expect(stateOf(run)).toBe('queueing');
    expect(busy(run)).toBe(true);
    const lostKey = run.calls.submitAttendance[0].idempotencyKey;
    expect(run.calls.queueSubmission).toEqual([
      {
        key: ctx(run).submitKey,
        takenAt: '2026-11-22T02:35:10.000Z',
        input: {
          routine_id: 11,
          date: '2026-11-22',
          attendance: [
            { student_id: 101, attendance_status: 1 },
            { student_id: 112, attendance_status: 0 },
          ],
          taken_at: '2026-11-22T02:35:10.000Z',
          time: '08:35:10',
        },
        label: 'P1 · Mathematics · Six A, 2026-11-22',
      },
    ]);
    expect(ctx(run).submitKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(ctx(run).submitKey).not.toBe(lostKey);
    run.actor.stop();
  });

  it('queued: saved on this phone, nothing unsaved, nothing refreshed yet, no error shown', async () => {
    const run = await queued();
    expect(stateOf(run)).toBe('queued');
    expect(busy(run)).toBe(false);
    expect(ctx(run).error).toBeNull();
    expect(ctx(run).errorCode).toBeNull();
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(false);
    expect(run.calls.savedChanges).toBe(0);
    run.actor.stop();
  });

  it('the device could not keep it: failed, and "Try again" sends it online under the queue’s key', async () => {
    const run = await queueing();
    const queueKey = ctx(run).submitKey;
    await run.settle('queueSubmission', 'reject', new Error('QuotaExceededError'));
    expect(stateOf(run)).toBe('failed');
    send(run, { type: 'attendance.retry' });
    expect(stateOf(run)).toBe('submitting');
    expect(run.calls.submitAttendance).toHaveLength(2);
    expect(run.calls.submitAttendance[1].idempotencyKey).toBe(queueKey);
    run.actor.stop();
  });

  it('offline, a server failure (5xx) is not queued', async () => {
    const run = await opened({ input: OFFLINE_INPUT });
    send(run, { type: 'attendance.submit' });
    send(run, { type: 'attendance.confirm' });
    await run.settle('submitAttendance', 'reject', SMS_DOWN);
    expect(stateOf(run)).toBe('failed');
    expect(run.calls.queueSubmission).toEqual([]);
    run.actor.stop();
  });

  it('only the news of this submission’s key moves it: sync.start with another key changes nothing', async () => {
    const run = await queued();
    const key = ctx(run).submitKey!;
    for (const event of [
      { type: 'attendance.sync.start', key: 'another-submission' },
      { type: 'attendance.sync.done', key: 'another-submission', result: answer('saved') },
      { type: 'attendance.sync.done', key: 'another-submission', result: answer('kept_admin') },
      { type: 'attendance.sync.failed', key: 'another-submission', code: 'network', message: 'x', retryable: true },
      { type: 'attendance.sync.failed', key: 'another-submission', code: 'refused', message: 'x', retryable: false },
    ] as AttendanceEvent[]) {
      expect([event.type, can(run, event)]).toEqual([event.type, false]);
      send(run, event);
      expect(stateOf(run)).toBe('queued');
    }
    expect(ctx(run).error).toBeNull();
    expect(ctx(run).result).toBeNull();
    send(run, { type: 'attendance.sync.start', key });
    expect(stateOf(run)).toBe('syncing');
    expect(busy(run)).toBe(true);
    send(run, { type: 'attendance.sync.done', key: 'another-submission', result: answer('saved') });
    expect(stateOf(run)).toBe('syncing');
    run.actor.stop();
  });

  for (const from of ['queued', 'syncing'] as const) {
    describe(`from ${from}`, () => {
      async function at() {
        const run = await queued();
        if (from === 'syncing') send(run, { type: 'attendance.sync.start', key: ctx(run).submitKey! });
        expect(stateOf(run)).toBe(from);
        return run;
      }

      it('applied: synced, with the server’s answer, refreshed once', async () => {
        const run = await at();
        send(run, { type: 'attendance.sync.done', key: ctx(run).submitKey!, result: answer('saved') });
        expect(stateOf(run)).toBe('synced');
        expect(busy(run)).toBe(false);
        expect(ctx(run).result).toEqual({ ...SAVED, outcome: 'saved' });
        expect(run.calls.savedChanges).toBe(1);
        send(run, { type: 'attendance.back' });
        expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
        run.actor.stop();
      });

      it('a network failure sends it back to the queue with the reason; a later send still lands', async () => {
        const run = await at();
        const key = ctx(run).submitKey!;
        send(run, { type: 'attendance.sync.failed', key, code: 'network', message: 'Offline again.', retryable: true });
        expect(stateOf(run)).toBe('queued');
        expect(ctx(run).error).toBe('Offline again.');
        expect(ctx(run).errorCode).toBe('network');
        // From queued the answer may come without a start (the queue's news of the send was lost).
        if (from === 'syncing') send(run, { type: 'attendance.sync.start', key });
        send(run, { type: 'attendance.sync.done', key, result: answer('duplicate') });
        expect(stateOf(run)).toBe('synced');
        expect(ctx(run).error).toBeNull();
        expect(ctx(run).errorCode).toBeNull();
        run.actor.stop();
      });

      for (const outcome of ['kept_admin', 'kept_later'] as const) {
        it(`the server kept another save (${outcome}): conflict, the server’s marks shown`, async () => {
          const run = await at();
          const kept = { ...answer(outcome), present: 2, absent: 0 };
          send(run, { type: 'attendance.sync.done', key: ctx(run).submitKey!, result: kept });
          expect(stateOf(run)).toBe('conflict');
          expect(ctx(run).result?.outcome).toBe(outcome);
          expect(ctx(run).result?.present).toBe(2);
          expect(run.calls.savedChanges).toBe(1);
          send(run, { type: 'attendance.back' });
          expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
          run.actor.stop();
        });
      }

      it('refused (e.g. too late): syncRefused with the reason, nothing refreshed', async () => {
        const run = await at();
        send(run, {
          type: 'attendance.sync.failed',
          key: ctx(run).submitKey!,
          code: 'attendance.window_closed',
          message: 'Ask the school admin to correct it.',
          retryable: false,
        });
        expect(stateOf(run)).toBe('syncRefused');
        expect(ctx(run).error).toBe('Ask the school admin to correct it.');
        expect(ctx(run).errorCode).toBe('attendance.window_closed');
        expect(run.calls.savedChanges).toBe(0);
        send(run, { type: 'attendance.back' });
        expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
        run.actor.stop();
      });

      it('leaving is safe: back to the periods', async () => {
        const run = await at();
        send(run, { type: 'attendance.back' });
        expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
        expect(run.calls.loadPeriods).toHaveLength(2);
        run.actor.stop();
      });
    });
  }
});

// ---- absence messages ----------------------------------------------------------------------------

describe('absence messages', () => {
  it('for today with absentees: previewed, confirmed, sent with a new key, refreshed once', async () => {
    const run = await submitted();
    expect(can(run, { type: 'attendance.sendAbsent' })).toBe(true);
    send(run, { type: 'attendance.sendAbsent' });
    expect(stateOf(run)).toBe('submitted.previewing');
    expect(busy(run)).toBe(true);
    expect(run.calls.loadAbsentPreview).toEqual([{ routine_id: 11, date: '2026-11-22' }]);
    await run.settle('loadAbsentPreview', 'resolve', PREVIEW);
    expect(stateOf(run)).toBe('submitted.confirmingSend');
    expect(busy(run)).toBe(false);
    expect(ctx(run).preview).toEqual(PREVIEW);
    // Nothing leaves before "Send".
    expect(run.calls.sendAbsentMessage).toEqual([]);
    send(run, { type: 'attendance.confirm' });
    expect(stateOf(run)).toBe('submitted.sending');
    expect(busy(run)).toBe(true);
    expect(run.calls.sendAbsentMessage).toEqual([
      { routine_id: 11, date: '2026-11-22', idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(run.calls.sendAbsentMessage[0].idempotencyKey).not.toBe(run.calls.submitAttendance[0].idempotencyKey);
    await run.settle('sendAbsentMessage', 'resolve', MESSAGES);
    expect(stateOf(run)).toBe('submitted.sent');
    expect(busy(run)).toBe(false);
    expect(ctx(run).absentMessage).toEqual(MESSAGES);
    expect(run.calls.savedChanges).toBe(2);
    expect(can(run, { type: 'attendance.sendAbsent' })).toBe(false);
    send(run, { type: 'attendance.back' });
    expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
    expect(ctx(run).absentMessage).toBeNull();
    expect(ctx(run).preview).toBeNull();
    run.actor.stop();
  });

  it('not for an earlier day, and not when nobody is absent', async () => {
    const earlier = await submitted({ input: { ...INPUT, date: EARLIER } });
    expect(ctx(earlier).date).toBe('2026-11-19');
    expect(can(earlier, { type: 'attendance.sendAbsent' })).toBe(false);
    send(earlier, { type: 'attendance.sendAbsent' });
    expect(stateOf(earlier)).toBe('submitted.idle');
    expect(earlier.calls.loadAbsentPreview).toEqual([]);
    earlier.actor.stop();
    const run = await confirmed();
    await run.settle('submitAttendance', 'resolve', ALL_PRESENT);
    expect(can(run, { type: 'attendance.sendAbsent' })).toBe(false);
    run.actor.stop();
  });

  it('cancel at the confirmation sends nothing and can be asked again', async () => {
    const run = await submitted();
    send(run, { type: 'attendance.sendAbsent' });
    await run.settle('loadAbsentPreview', 'resolve', PREVIEW);
    expect(can(run, { type: 'attendance.back' })).toBe(false);
    send(run, { type: 'attendance.cancel' });
    expect(stateOf(run)).toBe('submitted.idle');
    expect(run.calls.sendAbsentMessage).toEqual([]);
    send(run, { type: 'attendance.sendAbsent' });
    expect(stateOf(run)).toBe('submitted.previewing');
    // The old preview is not shown while the new one loads.
    expect(ctx(run).preview).toBeNull();
    expect(run.calls.loadAbsentPreview).toHaveLength(2);
    run.actor.stop();
  });

  it('a preview that fails: the reason, "Try again", or cancel', async () => {
    const run = await submitted();
    send(run, { type: 'attendance.sendAbsent' });
    await run.settle('loadAbsentPreview', 'reject', OFFLINE);
    expect(stateOf(run)).toBe('submitted.previewFailed');
    expect(busy(run)).toBe(false);
    expect(ctx(run).error).toBe('Could not reach the server.');
    expect(ctx(run).errorCode).toBe('network');
    send(run, { type: 'attendance.retry' });
    expect(stateOf(run)).toBe('submitted.previewing');
    expect(ctx(run).error).toBeNull();
    expect(ctx(run).errorCode).toBeNull();
    await run.settle('loadAbsentPreview', 'reject', OFFLINE);
    send(run, { type: 'attendance.cancel' });
    expect(stateOf(run)).toBe('submitted.idle');
    expect(ctx(run).error).toBeNull();
    expect(ctx(run).errorCode).toBeNull();
    send(run, { type: 'attendance.sendAbsent' });
    await run.settle('loadAbsentPreview', 'reject', OFFLINE);
    send(run, { type: 'attendance.back' });
    expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
    run.actor.stop();
  });

  it('a gateway failure (5xx): sendFailed, and "Try again" sends under the same key', async () => {
    const run = await submitted();
    send(run, { type: 'attendance.sendAbsent' });
    await run.settle('loadAbsentPreview', 'resolve', PREVIEW);
    send(run, { type: 'attendance.confirm' });
    await run.settle('sendAbsentMessage', 'reject', SMS_DOWN);
    expect(stateOf(run)).toBe('submitted.sendFailed');
    expect(busy(run)).toBe(false);
    expect(ctx(run).error).toBe('Something went wrong on our side.');
    expect(ctx(run).errorCode).toBe('internal');
    expect(run.calls.savedChanges).toBe(1);
    send(run, { type: 'attendance.retry' });
    expect(stateOf(run)).toBe('submitted.sending');
    expect(ctx(run).error).toBeNull();
    expect(ctx(run).errorCode).toBeNull();
    const [first, again] = run.calls.sendAbsentMessage;
    expect(again).toEqual(first);
    await run.settle('sendAbsentMessage', 'reject', SMS_DOWN);
    send(run, { type: 'attendance.back' });
    expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
    run.actor.stop();
  });

  it('refused (4xx): sendRefused, no "Try again"', async () => {
    const run = await submitted();
    send(run, { type: 'attendance.sendAbsent' });
    await run.settle('loadAbsentPreview', 'resolve', PREVIEW);
    send(run, { type: 'attendance.confirm' });
    await run.settle('sendAbsentMessage', 'reject', NOT_TODAY);
    expect(stateOf(run)).toBe('submitted.sendRefused');
    expect(ctx(run).error).toBe('Absence messages go only for today’s attendance.');
    expect(ctx(run).errorCode).toBe('attendance.messages_today_only');
    expect(can(run, { type: 'attendance.retry' })).toBe(false);
    expect(run.calls.savedChanges).toBe(1);
    send(run, { type: 'attendance.back' });
    expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
    run.actor.stop();
  });

  it('back while the preview loads or the messages go returns to the periods', async () => {
    const run = await submitted();
    send(run, { type: 'attendance.sendAbsent' });
    send(run, { type: 'attendance.back' });
    expect(stateOf(run)).toBe('choosingPeriod.loadingPeriods');
    run.actor.stop();
    const sending = await submitted();
    send(sending, { type: 'attendance.sendAbsent' });
    await sending.settle('loadAbsentPreview', 'resolve', PREVIEW);
    send(sending, { type: 'attendance.confirm' });
    send(sending, { type: 'attendance.back' });
    expect(stateOf(sending)).toBe('choosingPeriod.loadingPeriods');
    sending.actor.stop();
  });
});

// ---- the pure helpers -----------------------------------------------------------------------------

describe('the pure helpers', () => {
  it('isRetryable: the network (0) and the server (5xx) are worth retrying, a 4xx is not', () => {
    expect(isRetryable({ status: 0 })).toBe(true);
    expect(isRetryable(new Error('lost'))).toBe(true);
    expect(isRetryable({ status: 500 })).toBe(true);
    expect(isRetryable({ status: 503 })).toBe(true);
    expect(isRetryable({ status: 499 })).toBe(false);
    expect(isRetryable({ status: 400 })).toBe(false);
    expect(isRetryable({ status: 409 })).toBe(false);
    expect(isRetryable({ status: 1 })).toBe(false);
  });

  it('byRoll: roll order, ties by name, the list given left as it was', () => {
    const given = [student(3, 2, 'Zia', null), student(1, 10, 'Arif', null), student(2, 2, 'Babul', null)];
    expect(byRoll(given).map((s) => s.student_id)).toEqual([2, 3, 1]);
    expect(given.map((s) => s.student_id)).toEqual([3, 1, 2]);
  });

  it('initialMarks: the saved marks, absent for anyone not yet marked', () => {
    expect(initialMarks([student(1, 1, 'A', 1), student(2, 2, 'B', 0), student(3, 3, 'C', null)])).toEqual({
      1: 1,
      2: 0,
      3: 0,
    });
  });

  it('presentCount and attendanceList: the marks of the listed students, unmarked ones absent', () => {
    const students = [student(1, 1, 'A', null), student(2, 2, 'B', null), student(3, 3, 'C', null)];
    const marks = { 1: 1 as const, 2: 0 as const, 9: 1 as const };
    expect(presentCount({ students, marks })).toBe(1);
    expect(presentCount({ students, marks: { 1: 1, 2: 1, 3: 1 } })).toBe(3);
    expect(attendanceList({ students, marks })).toEqual([
      { student_id: 1, attendance_status: 1 },
      { student_id: 2, attendance_status: 0 },
      { student_id: 3, attendance_status: 0 },
    ]);
  });

  it('jumpToRoll: the roll the digits spell, or the first that starts with them; a new buffer when none continues', () => {
    const rolls = [
      student(1, 1, 'A', null),
      student(2, 2, 'B', null),
      student(3, 3, 'C', null),
      student(12, 12, 'L', null),
      student(30, 30, 'X', null),
    ];
    expect(jumpToRoll(rolls, '', '1')).toEqual({ digits: '1', cursor: 0 });
    expect(jumpToRoll(rolls, '1', '2')).toEqual({ digits: '12', cursor: 3 });
    expect(jumpToRoll(rolls, '12', '3')).toEqual({ digits: '3', cursor: 2 });
    expect(jumpToRoll(rolls, '3', '0')).toEqual({ digits: '30', cursor: 4 });
    expect(jumpToRoll(rolls, '', '0')).toBeNull();
    expect(jumpToRoll(rolls, '', '9')).toBeNull();
    expect(jumpToRoll(rolls, '1', '9')).toBeNull();
    // A Bangla keyboard's digits are the same rolls.
    expect(jumpToRoll(rolls, '1', '২')).toEqual({ digits: '12', cursor: 3 });
    expect(jumpToRoll(rolls, '', '৩')).toEqual({ digits: '3', cursor: 2 });
    // No exact roll: the first whose roll starts with the digits.
    const tens = [student(5, 5, 'E', null), student(40, 40, 'P', null), student(41, 41, 'Q', null)];
    expect(jumpToRoll(tens, '', '4')).toEqual({ digits: '4', cursor: 1 });
    // "23" ends roll 123 but starts none: a new buffer, roll 3.
    const ends = [student(2, 2, 'B', null), student(123, 123, 'K', null), student(3, 3, 'C', null)];
    expect(jumpToRoll(ends, '2', '3')).toEqual({ digits: '3', cursor: 2 });
    // An exact roll wins over an earlier one that starts with it.
    const odd = [student(10, 10, 'J', null), student(1, 1, 'A', null)];
    expect(jumpToRoll(odd, '', '1')).toEqual({ digits: '1', cursor: 1 });
  });

  it('hasUnsavedMarks: nothing unsaved while the periods load or after the students failed', async () => {
    const run = startAttendance();
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(false);
    await run.settle('loadPeriods', 'resolve', PERIODS);
    send(run, { type: 'attendance.choose', routineId: 11 });
    expect(hasUnsavedMarks(run.actor.getSnapshot())).toBe(false);
    run.actor.stop();
  });
});

// ---- the machine's own actors, through the mock server ------------------------------------------------

describe('through the API (the mock server) with the machine’s own actors', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetOfflineStoreForTests();
  });
  afterEach(() => {
    setOfflineUser(null);
    resetOfflineStoreForTests();
  });

  /** The API the machine's actors call: each request kept as the path, query, body and key. */
  function api({ takeFails = false }: { takeFails?: boolean } = {}) {
    const requests: { method: string; url: string; body: unknown; key: string | null }[] = [];
    const keep = async (request: Request) => {
      const url = new URL(request.url);
      requests.push({
        method: request.method,
        url: url.pathname + url.search,
        body: request.method === 'GET' ? null : await request.json(),
        key: request.headers.get('idempotency-key'),
      });
    };
    server.use(
      http.get('/api/routine/teacher/today', async ({ request }) => (await keep(request), HttpResponse.json(PERIODS))),
      http.get(
        '/api/attendance/student',
        async ({ request }) => (await keep(request), HttpResponse.json(STUDENTS_NEW)),
      ),
      http.post('/api/attendance/student', async ({ request }) =>
        takeFails ? HttpResponse.error() : (await keep(request), HttpResponse.json(SAVED)),
      ),
      http.get(
        '/api/attendance/absent-message',
        async ({ request }) => (await keep(request), HttpResponse.json(PREVIEW)),
      ),
      http.post(
        '/api/attendance/absent-message',
        async ({ request }) => (await keep(request), HttpResponse.json(MESSAGES)),
      ),
    );
    return requests;
  }

  it('loads, submits with the school’s clock time and the key, and sends the absence messages', async () => {
    const requests = api();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T02:35:10Z'));
    const actor = createActor(attendanceMachine, { input: INPUT }).start();
    const state = () => String(JSON.stringify(actor.getSnapshot().value));
    await waitFor(() => expect(state()).toBe('{"choosingPeriod":"ready"}'));
    actor.send({ type: 'attendance.choose', routineId: 11 });
    await waitFor(() => expect(state()).toBe('{"marking":"idle"}'));
    actor.send({ type: 'attendance.toggle', studentId: 101 });
    actor.send({ type: 'attendance.submit' });
    actor.send({ type: 'attendance.confirm' });
    await waitFor(() => expect(state()).toBe('{"submitted":"idle"}'));
    const submitKey = actor.getSnapshot().context.submitKey;
    actor.send({ type: 'attendance.sendAbsent' });
    await waitFor(() => expect(state()).toBe('{"submitted":"confirmingSend"}'));
    actor.send({ type: 'attendance.confirm' });
    await waitFor(() => expect(state()).toBe('{"submitted":"sent"}'));
    const sendKey = actor.getSnapshot().context.sendKey;
    expect(submitKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sendKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(requests).toEqual([
      { method: 'GET', url: '/api/routine/teacher/today?teacher_id=41&today=2026-11-22', body: null, key: null },
      { method: 'GET', url: '/api/attendance/student?routine_id=11&date=2026-11-22', body: null, key: null },
      {
        method: 'POST',
        url: '/api/attendance/student',
        body: {
          date: '2026-11-22',
          time: '08:35:10',
          routine_id: 11,
          attendance: [
            { student_id: 101, attendance_status: 1 },
            { student_id: 112, attendance_status: 0 },
          ],
        },
        key: submitKey,
      },
      { method: 'GET', url: '/api/attendance/absent-message?routine_id=11&date=2026-11-22', body: null, key: null },
      {
        method: 'POST',
        url: '/api/attendance/absent-message',
        body: { routine_id: 11, date: '2026-11-22' },
        key: sendKey,
      },
    ]);
    expect(actor.getSnapshot().context.absentMessage).toEqual(MESSAGES);
    actor.stop();
  });

  it('offline, a lost send is kept in the device’s queue as an attendance item', async () => {
    api({ takeFails: true });
    setOfflineUser('7');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T02:35:10Z'));
    const actor = createActor(attendanceMachine, { input: { ...INPUT, offline: true } }).start();
    const state = () => String(JSON.stringify(actor.getSnapshot().value));
    await waitFor(() => expect(state()).toBe('{"choosingPeriod":"ready"}'));
    actor.send({ type: 'attendance.choose', routineId: 11 });
    await waitFor(() => expect(state()).toBe('{"marking":"idle"}'));
    actor.send({ type: 'attendance.submit' });
    actor.send({ type: 'attendance.confirm' });
    await waitFor(() => expect(state()).toBe('"queued"'));
    const items = await queuedItems();
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'attendance',
        key: actor.getSnapshot().context.submitKey,
        takenAt: '2026-11-22T02:35:10.000Z',
        label: 'P1 · Mathematics · Six A, 2026-11-22',
        input: {
          routine_id: 11,
          date: '2026-11-22',
          attendance: [
            { student_id: 101, attendance_status: 0 },
            { student_id: 112, attendance_status: 0 },
          ],
          taken_at: '2026-11-22T02:35:10.000Z',
          time: '08:35:10',
        },
      }),
    ]);
    actor.stop();
  });
});
