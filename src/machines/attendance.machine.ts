/**
 * Taking attendance (spec part 2: Attendance; sections 4, 5 and 9), the teacher's flow.
 *
 * choosingPeriod ─ loadingPeriods ─┬─> ready ──attendance.choose──> loadingStudents ──> marking
 *   (attendance.date reloads)      ├─> empty (no classes that day)          │ error
 *                                  └─> failed ──attendance.retry──┘         └─> studentsFailed
 * marking ──attendance.submit──> confirming ──attendance.confirm──> submitting ─┬─> submitted
 *    ^  (toggle, all, move, roll digits)  └─attendance.cancel─> marking          └─> failed
 * failed ──attendance.retry──> submitting;  failed ──attendance.back──> marking (marks kept)
 * submitted: idle ──attendance.sendAbsent──> sending ─┬─> sent
 *                                                     └─> sendFailed ──sendAbsent/retry──> sending
 *
 * Rules kept here rather than in the screen:
 * - a new taking starts with every student ABSENT (spec section 4); a re-taking starts from the
 *   saved marks and updates them;
 * - dates are the school's, never after today;
 * - the marks survive a failed submit: retry sends the same list, back lets the teacher change it;
 * - roll jump: digits collect into a short buffer that jumps the cursor to the student whose roll
 *   it spells (or the first whose roll starts with it); a digit that no roll continues starts a
 *   new buffer, and a pause (digitPause), a move or a toggle clears it.
 *
 * Pure: no React, no DOM. All I/O goes through the named actors loadPeriods, loadStudents,
 * submitAttendance and sendAbsentMessage; tests replace them with `.provide()`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type {
  AbsentMessageBody,
  AbsentMessageResponse,
  AttendanceStatus,
  AttendanceStudentRow,
  TakeAttendanceResponse,
} from '@/api/schemas/attendance';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { errorMessage } from '@/api/client';
import {
  fetchRoutineStudents,
  fetchTeacherPeriods,
  sendAbsentMessages,
  takeAttendance,
  type TakeAttendanceInput,
} from '@/api/attendance';

/** How long a typed roll number waits for its next digit. */
export const DIGIT_PAUSE_MS = 1200;

export interface AttendanceInput {
  teacherId: number;
  /** The school's today (YYYY-MM-DD): the default date and the latest one allowed. */
  today: string;
  /** Start on another (earlier) date. */
  date?: string;
}

export interface AttendanceContext {
  teacherId: number;
  today: string;
  date: string;
  periods: RoutineTodayRow[];
  /** The period being taken. */
  routine: RoutineTodayRow | null;
  /** The section's students, in roll order. */
  students: AttendanceStudentRow[];
  marks: Record<number, AttendanceStatus>;
  /** Index into students of the row the keyboard is on. */
  cursor: number;
  /** Roll digits typed so far. */
  digits: string;
  /** The period was taken before: the marks shown are the saved ones. */
  retaking: boolean;
  result: TakeAttendanceResponse | null;
  absentMessage: AbsentMessageResponse | null;
  /** The last failure, as the server worded it. */
  error: string | null;
}

export type AttendanceEvent =
  | { type: 'attendance.date'; date: string }
  | { type: 'attendance.choose'; routineId: number }
  | { type: 'attendance.toggle'; studentId: number }
  | { type: 'attendance.allPresent' }
  | { type: 'attendance.allAbsent' }
  | { type: 'attendance.move'; delta: number }
  | { type: 'attendance.digit'; digit: string }
  | { type: 'attendance.submit' }
  | { type: 'attendance.confirm' }
  | { type: 'attendance.cancel' }
  | { type: 'attendance.retry' }
  | { type: 'attendance.sendAbsent' }
  | { type: 'attendance.back' };

export interface LoadPeriodsInput {
  teacherId: number;
  date: string;
}
export interface LoadStudentsInput {
  routineId: number;
  date: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Students in roll order (ties by name, so the order never depends on the server's). */
export function byRoll(students: readonly AttendanceStudentRow[]): AttendanceStudentRow[] {
  return [...students].sort((a, b) => a.class_roll_no - b.class_roll_no || a.full_name.localeCompare(b.full_name));
}

/** Saved marks for a re-taking; absent (0) for everyone not yet marked, as a new taking starts. */
export function initialMarks(students: readonly AttendanceStudentRow[]): Record<number, AttendanceStatus> {
  return Object.fromEntries(students.map((s) => [s.student_id, s.attendance_status ?? 0]));
}

export function presentCount(ctx: Pick<AttendanceContext, 'students' | 'marks'>): number {
  return ctx.students.reduce((n, s) => n + (ctx.marks[s.student_id] === 1 ? 1 : 0), 0);
}

/** The list sent on submit, in roll order. */
export function attendanceList(ctx: Pick<AttendanceContext, 'students' | 'marks'>) {
  return ctx.students.map((s) => ({ student_id: s.student_id, attendance_status: ctx.marks[s.student_id] ?? 0 }));
}

/**
 * Where a typed digit leads: the new buffer and the student it points at, or null when no roll
 * starts with the digit at all (the buffer is then cleared and the cursor stays).
 */
export function jumpToRoll(
  students: readonly AttendanceStudentRow[],
  buffer: string,
  digit: string,
): { digits: string; cursor: number } | null {
  const rolls = students.map((s) => String(s.class_roll_no));
  const continues = (prefix: string) => rolls.some((r) => r.startsWith(prefix));
  const digits = continues(buffer + digit) ? buffer + digit : digit;
  const exact = rolls.indexOf(digits);
  const cursor = exact >= 0 ? exact : rolls.findIndex((r) => r.startsWith(digits));
  return cursor >= 0 ? { digits, cursor } : null;
}

const clamp = (n: number, max: number) => Math.max(0, Math.min(n, max));

export const attendanceMachine = setup({
  types: {
    context: {} as AttendanceContext,
    events: {} as AttendanceEvent,
    input: {} as AttendanceInput,
    tags: {} as 'busy',
  },
  actors: {
    loadPeriods: fromPromise<RoutineTodayRow[], LoadPeriodsInput>(({ input }) => fetchTeacherPeriods(input)),
    loadStudents: fromPromise<AttendanceStudentRow[], LoadStudentsInput>(({ input }) => fetchRoutineStudents(input)),
    submitAttendance: fromPromise<TakeAttendanceResponse, TakeAttendanceInput>(({ input }) => takeAttendance(input)),
    sendAbsentMessage: fromPromise<AbsentMessageResponse, AbsentMessageBody>(({ input }) => sendAbsentMessages(input)),
  },
  delays: {
    digitPause: DIGIT_PAUSE_MS,
  },
  guards: {
    isAllowedDate: ({ context }, params: { date: string }) => isIsoDate(params.date) && params.date <= context.today,
    isKnownPeriod: ({ context }, params: { routineId: number }) =>
      context.periods.some((p) => p.id === params.routineId),
    isKnownStudent: ({ context }, params: { studentId: number }) =>
      context.students.some((s) => s.student_id === params.studentId),
    hasStudents: ({ context }) => context.students.length > 0,
    hasPeriods: (_, periods: RoutineTodayRow[]) => periods.length > 0,
    digitFindsRoll: ({ context }, params: { digit: string }) =>
      /^[0-9]$/.test(params.digit) && jumpToRoll(context.students, context.digits, params.digit) !== null,
    hasAbsentees: ({ context }) => (context.result?.absent ?? 0) > 0,
  },
  actions: {
    clearDigits: assign({ digits: '' }),
  },
}).createMachine({
  id: 'attendance',
  context: ({ input }) => ({
    teacherId: input.teacherId,
    today: input.today,
    date: input.date && isIsoDate(input.date) && input.date <= input.today ? input.date : input.today,
    periods: [],
    routine: null,
    students: [],
    marks: {},
    cursor: 0,
    digits: '',
    retaking: false,
    result: null,
    absentMessage: null,
    error: null,
  }),
  initial: 'choosingPeriod',
  states: {
    choosingPeriod: {
      initial: 'loadingPeriods',
      on: {
        'attendance.date': {
          guard: { type: 'isAllowedDate', params: ({ event }) => ({ date: event.date }) },
          target: '.loadingPeriods',
          reenter: true,
          actions: assign({ date: ({ event }) => event.date }),
        },
      },
      states: {
        loadingPeriods: {
          tags: 'busy',
          // A new list: nothing of an earlier period or date stays behind.
          entry: assign({
            error: null,
            periods: [],
            routine: null,
            students: [],
            marks: {},
            cursor: 0,
            digits: '',
            retaking: false,
            result: null,
            absentMessage: null,
          }),
          invoke: {
            id: 'loadPeriods',
            src: 'loadPeriods',
            input: ({ context }) => ({ teacherId: context.teacherId, date: context.date }),
            onDone: [
              {
                guard: { type: 'hasPeriods', params: ({ event }) => event.output },
                target: 'ready',
                actions: assign({ periods: ({ event }) => event.output }),
              },
              { target: 'empty', actions: assign({ periods: [] }) },
            ],
            onError: {
              target: 'failed',
              actions: assign({ periods: [], error: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
        ready: {
          on: {
            'attendance.choose': {
              guard: { type: 'isKnownPeriod', params: ({ event }) => ({ routineId: event.routineId }) },
              target: '#attendance.loadingStudents',
              actions: assign({
                routine: ({ context, event }) => context.periods.find((p) => p.id === event.routineId) ?? null,
              }),
            },
          },
        },
        empty: {},
        failed: {
          on: { 'attendance.retry': { target: 'loadingPeriods' } },
        },
      },
    },

    loadingStudents: {
      tags: 'busy',
      entry: assign({ error: null, students: [], marks: {}, cursor: 0, digits: '', result: null, absentMessage: null }),
      invoke: {
        id: 'loadStudents',
        src: 'loadStudents',
        input: ({ context }) => ({ routineId: context.routine?.id ?? 0, date: context.date }),
        onDone: {
          target: 'marking',
          actions: assign(({ event }) => {
            const students = byRoll(event.output);
            return {
              students,
              marks: initialMarks(students),
              retaking: students.some((s) => s.attendance_status !== null),
            };
          }),
        },
        onError: {
          target: 'studentsFailed',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },

    studentsFailed: {
      on: {
        'attendance.retry': { target: 'loadingStudents' },
        'attendance.back': { target: 'choosingPeriod.ready', actions: assign({ routine: null, error: null }) },
      },
    },

    marking: {
      initial: 'idle',
      on: {
        'attendance.toggle': {
          guard: { type: 'isKnownStudent', params: ({ event }) => ({ studentId: event.studentId }) },
          target: '.idle',
          actions: assign(({ context, event }) => ({
            marks: { ...context.marks, [event.studentId]: context.marks[event.studentId] === 1 ? 0 : 1 },
            cursor: context.students.findIndex((s) => s.student_id === event.studentId),
            digits: '',
          })),
        },
        'attendance.allPresent': {
          target: '.idle',
          actions: assign(({ context }) => ({
            marks: Object.fromEntries(context.students.map((s) => [s.student_id, 1 as const])),
            digits: '',
          })),
        },
        'attendance.allAbsent': {
          target: '.idle',
          actions: assign(({ context }) => ({
            marks: Object.fromEntries(context.students.map((s) => [s.student_id, 0 as const])),
            digits: '',
          })),
        },
        'attendance.move': {
          guard: 'hasStudents',
          target: '.idle',
          actions: assign(({ context, event }) => ({
            cursor: clamp(context.cursor + Math.trunc(event.delta), context.students.length - 1),
            digits: '',
          })),
        },
        'attendance.digit': [
          {
            guard: { type: 'digitFindsRoll', params: ({ event }) => ({ digit: event.digit }) },
            target: '.typing',
            // Re-entering restarts the pause: the buffer lives as long as digits keep coming.
            reenter: true,
            actions: assign(({ context, event }) => jumpToRoll(context.students, context.digits, event.digit) ?? {}),
          },
          { target: '.idle', actions: 'clearDigits' },
        ],
        'attendance.submit': { guard: 'hasStudents', target: 'confirming', actions: 'clearDigits' },
        'attendance.back': {
          target: 'choosingPeriod.ready',
          actions: assign({ routine: null, students: [], marks: {}, cursor: 0, digits: '' }),
        },
      },
      states: {
        idle: {},
        typing: {
          after: { digitPause: { target: 'idle', actions: 'clearDigits' } },
        },
      },
    },

    confirming: {
      on: {
        'attendance.confirm': { target: 'submitting' },
        'attendance.cancel': { target: 'marking' },
      },
    },

    submitting: {
      tags: 'busy',
      entry: assign({ error: null }),
      invoke: {
        id: 'submitAttendance',
        src: 'submitAttendance',
        input: ({ context }) => ({
          routine_id: context.routine?.id ?? 0,
          date: context.date,
          attendance: attendanceList(context),
        }),
        onDone: {
          target: 'submitted',
          actions: assign(({ context, event }) => ({
            result: event.output,
            periods: context.periods.map((p) => (p.id === context.routine?.id ? { ...p, attendance_taken: true } : p)),
          })),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },

    failed: {
      on: {
        'attendance.retry': { target: 'submitting' },
        'attendance.back': { target: 'marking', actions: assign({ error: null }) },
      },
    },

    submitted: {
      initial: 'idle',
      on: {
        'attendance.back': { target: 'choosingPeriod.loadingPeriods' },
      },
      states: {
        idle: {
          on: { 'attendance.sendAbsent': { guard: 'hasAbsentees', target: 'sending' } },
        },
        sending: {
          tags: 'busy',
          entry: assign({ error: null }),
          invoke: {
            id: 'sendAbsentMessage',
            src: 'sendAbsentMessage',
            input: ({ context }) => ({ routine_id: context.routine?.id ?? 0, date: context.date }),
            onDone: {
              target: 'sent',
              actions: assign({ absentMessage: ({ event }) => event.output }),
            },
            onError: {
              target: 'sendFailed',
              actions: assign({ error: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
        sent: {},
        sendFailed: {
          on: {
            'attendance.sendAbsent': { target: 'sending' },
            'attendance.retry': { target: 'sending' },
          },
        },
      },
    },
  },
});

export type AttendanceMachine = typeof attendanceMachine;
