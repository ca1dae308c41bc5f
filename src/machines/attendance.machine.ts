/**
 * Taking attendance (spec part 2: Attendance; sections 4, 5 and 9), the teacher's flow.
 *
 * choosingPeriod ─ loadingPeriods ─┬─> ready ──attendance.choose──> loadingStudents ──> marking
 *   (attendance.date reloads)      ├─> empty (no classes that day)          │ error
 *                                  └─> failed ──attendance.retry──┘         └─> studentsFailed
 * marking ──attendance.submit──> confirming ──attendance.confirm──> submitting ─┬─> submitted
 *    ^  (toggle, all, move, roll digits)  └─attendance.cancel─> marking          ├─> failed (network, 5xx)
 *                                                                                  └─> refused (4xx)
 * failed ──attendance.retry──> submitting (same idempotency key);  failed/refused ──back──> marking
 *
 * Offline (input `offline`): a submit the network fails goes to the device's queue
 * instead of `failed`, with its idempotency key and the moment the teacher confirmed:
 * submitting ──(network)──> queueing ──> queued ──sync.start──> syncing ─┬─> synced   (applied)
 *                               │ (the device refused it)   ^   │         ├─> conflict (the server kept
 *                               └─> failed                  └───┘ retry  │    an admin's or a later taking)
 *                                                         (network again) └─> syncRefused (4xx)
 * The sync events come from src/offline/sync.ts (the queue sends itself); the screen forwards
 * those that carry this submission's key, and the machine checks the key again.
 * submitted: idle ──sendAbsent──> previewing ──> confirmingSend ──confirm──> sending ─┬─> sent
 *              ^──────────────────────cancel──────────┘                               ├─> sendFailed ──retry──> sending
 *                                                                                      └─> sendRefused
 *
 * Rules kept here rather than in the screen:
 * - a new taking starts with every student ABSENT (spec section 4); a re-taking starts from the
 *   saved marks and updates them;
 * - dates are the school's, never after today;
 * - the marks survive a failed submit: retry sends the same list with the same idempotency key
 *   (the server answers the first result instead of saving twice), back lets the teacher change
 *   it; a refusal (validation, 403, 409: e.g. the correction window closed) offers no "Try again",
 *   since sending the same thing again cannot succeed;
 * - absence messages go only for the school's today, after the teacher saw the message as
 *   guardians will read it and how many guardians get it, and confirmed;
 * - roll jump: digits collect into a short buffer that jumps the cursor to the student whose roll
 *   it spells (or the first whose roll starts with it); a digit that no roll continues starts a
 *   new buffer, and a pause (digitPause), a move or a toggle clears it.
 *
 * Pure: no React, no DOM. All I/O goes through the named actors loadPeriods, loadStudents,
 * submitAttendance, loadAbsentPreview and sendAbsentMessage; tests replace them with `.provide()`.
 * `savedChanges` (a no-op here) runs after the server confirmed a save or a send: the screen
 * provides it to invalidate the attendance queries.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type {
  AbsentMessageBody,
  AbsentMessagePreview,
  AbsentMessageResponse,
  AttendanceStatus,
  AttendanceStudentRow,
  TakeAttendanceResponse,
} from '@/api/schemas/attendance';
import { isoDate } from '@/api/schemas/common';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { errorMessage, newIdempotencyKey } from '@/api/client';
import { latinDigits } from '@/i18n/digits';
import { DateTime } from 'luxon';
import { schoolTimeZone } from '@/api/session';
import { enqueue } from '@/offline/store';
import { loadPeriodsKept, loadStudentsKept } from '@/offline/day';
import {
  fetchAbsentMessagePreview,
  sendAbsentMessages,
  takeAttendance,
  type SendAbsentInput,
  type TakeAttendanceInput,
} from '@/api/attendance';
import { isRetryable } from './shared/failure';
import { notSent, queueTags, type QueueTag } from './shared/queue';

/** An instant's clock time (HH:mm:ss) in the school's time zone. */
function clockTimeAt(iso: string): string {
  return DateTime.fromISO(iso).setZone(schoolTimeZone()).toFormat('HH:mm:ss');
}

/** How long a typed roll number waits for its next digit. */
export const DIGIT_PAUSE_MS = 1200;

export interface AttendanceInput {
  teacherId: number;
  /** The school's today (YYYY-MM-DD): the default date and the latest one allowed. */
  today: string;
  /** Start on another (earlier) date. */
  date?: string;
  /** Queue a submission the network fails on the device (the screen; the old tests leave it off). */
  offline?: boolean;
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
  /** What "Send Absent Message" would send, shown for confirmation. */
  preview: AbsentMessagePreview | null;
  absentMessage: AbsentMessageResponse | null;
  /** The last failure, as the server worded it. */
  error: string | null;
  /** Its code (`attendance.window_closed`, `network`, ...): the screen shows it in the user's language. */
  errorCode: string | null;
  /** One key per submission of the marks: "Try again" reuses it, a new submission gets a new one. */
  submitKey: string | null;
  /** Queue submissions the network fails. */
  offline: boolean;
  /** When the teacher confirmed the submission (ISO instant): a queued one's taking time. */
  takenAt: string | null;
  /** One key per confirmed press of "Send Absent Message". */
  sendKey: string | null;
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
  | { type: 'attendance.back' }
  /** The queue (src/offline/sync.ts) started sending the submission with this key. */
  | { type: 'attendance.sync.start'; key: string }
  | { type: 'attendance.sync.done'; key: string; result: TakeAttendanceResponse }
  | { type: 'attendance.sync.failed'; key: string; code: string; message: string; retryable: boolean };

/** What the device's queue keeps of a submission. */
export interface QueueSubmissionInput {
  key: string;
  takenAt: string;
  input: TakeAttendanceInput & { taken_at: string; time: string };
  label: string;
}

export interface LoadPeriodsInput {
  teacherId: number;
  date: string;
}
export interface LoadStudentsInput {
  routineId: number;
  date: string;
}

/** A real calendar date as YYYY-MM-DD, by the wire contract's own rule. */
const isDate = (value: string) => isoDate.safeParse(value).success;

/** A failure worth retrying as it is (./shared/failure.ts): kept exported, the tests name it here. */
export { isRetryable };

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
  // A Bangla keyboard types ০-৯: the same roll numbers.
  digit = latinDigits(digit);
  const rolls = students.map((s) => String(s.class_roll_no));
  const continues = (prefix: string) => rolls.some((r) => r.startsWith(prefix));
  const digits = continues(buffer + digit) ? buffer + digit : digit;
  const exact = rolls.indexOf(digits);
  const cursor = exact >= 0 ? exact : rolls.findIndex((r) => r.startsWith(digits));
  return cursor >= 0 ? { digits, cursor } : null;
}

/** A server or network code to translate the failure by; null when there is none. */
function errorCodeOf(error: unknown): string | null {
  const code = error && typeof error === 'object' && 'code' in error ? (error as { code: unknown }).code : null;
  return typeof code === 'string' ? code : null;
}

const BACK_TO_CLASSES = { target: '#attendance.choosingPeriod.loadingPeriods' } as const;

const clamp = (n: number, max: number) => Math.max(0, Math.min(n, max));

/** What the screen asks of a snapshot (docs/ARCHITECTURE.md, "Adding a flow": tags, not state names). */
export type AttendanceTag =
  | 'busy'
  | 'periods'
  | 'periods.loading'
  | 'periods.ready'
  | 'periods.empty'
  | 'periods.failed'
  | 'students'
  | 'students.failed'
  | 'marking'
  | 'confirm'
  | 'submitting'
  | 'failed'
  | 'refused'
  | 'submitted'
  | 'previewing'
  | 'previewFailed'
  | 'confirmSend'
  | 'sending'
  | 'sendFailed'
  | 'sendRefused'
  | QueueTag;

export const attendanceMachine = setup({
  types: {
    context: {} as AttendanceContext,
    events: {} as AttendanceEvent,
    input: {} as AttendanceInput,
    tags: {} as AttendanceTag,
  },
  actors: {
    // Through the device's copy of the teacher's day: with no network, the last one read.
    loadPeriods: fromPromise<RoutineTodayRow[], LoadPeriodsInput>(({ input }) => loadPeriodsKept(input)),
    loadStudents: fromPromise<AttendanceStudentRow[], LoadStudentsInput>(({ input }) => loadStudentsKept(input)),
    submitAttendance: fromPromise<TakeAttendanceResponse, TakeAttendanceInput>(({ input }) => takeAttendance(input)),
    loadAbsentPreview: fromPromise<AbsentMessagePreview, AbsentMessageBody>(({ input }) =>
      fetchAbsentMessagePreview(input),
    ),
    sendAbsentMessage: fromPromise<AbsentMessageResponse, SendAbsentInput>(({ input }) => sendAbsentMessages(input)),
    queueSubmission: fromPromise<void, QueueSubmissionInput>(({ input }) => enqueue({ ...input, kind: 'attendance' })),
  },
  delays: {
    digitPause: DIGIT_PAUSE_MS,
  },
  guards: {
    isAllowedDate: ({ context }, params: { date: string }) => isDate(params.date) && params.date <= context.today,
    isKnownPeriod: ({ context }, params: { routineId: number }) =>
      context.periods.some((p) => p.id === params.routineId),
    isKnownStudent: ({ context }, params: { studentId: number }) =>
      context.students.some((s) => s.student_id === params.studentId),
    hasStudents: ({ context }) => context.students.length > 0,
    hasPeriods: (_, periods: RoutineTodayRow[]) => periods.length > 0,
    digitFindsRoll: ({ context }, params: { digit: string }) =>
      /^[0-9]$/.test(params.digit) && jumpToRoll(context.students, context.digits, params.digit) !== null,
    hasAbsentees: ({ context }) => (context.result?.absent ?? 0) > 0,
    /** Absence messages go only for the school's today (the server refuses other dates too). */
    canMessage: ({ context }) => (context.result?.absent ?? 0) > 0 && context.date === context.today,
    isRetryable: (_, params: { error: unknown }) => isRetryable(params.error),
    /** Offline mode and the network (not the server) failed: the device keeps it. */
    canQueue: ({ context }, params: { error: unknown }) => context.offline && notSent(params.error),
    isThisSubmission: ({ context }, params: { key: string }) => params.key === context.submitKey,
    /** The server kept an admin's correction or a later taking instead of this one. */
    isConflict: ({ context }, params: { key: string; result: TakeAttendanceResponse }) =>
      params.key === context.submitKey &&
      (params.result.outcome === 'kept_admin' || params.result.outcome === 'kept_later'),
    isRetryableSync: ({ context }, params: { key: string; retryable: boolean }) =>
      params.key === context.submitKey && params.retryable,
  },
  actions: {
    clearDigits: assign({ digits: '' }),
    /** The screen provides it: invalidate what the server just changed. */
    savedChanges: () => {},
  },
}).createMachine({
  id: 'attendance',
  context: ({ input }) => ({
    teacherId: input.teacherId,
    today: input.today,
    date: input.date && isDate(input.date) && input.date <= input.today ? input.date : input.today,
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
    offline: input.offline === true,
    takenAt: null,
  }),
  initial: 'choosingPeriod',
  states: {
    choosingPeriod: {
      tags: 'periods',
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
          tags: ['busy', 'periods.loading'],
          // A new list: nothing of an earlier period or date stays behind.
          entry: assign({
            error: null,
            errorCode: null,
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
              actions: assign({
                periods: [],
                error: ({ event }) => errorMessage(event.error),
                errorCode: ({ event }) => errorCodeOf(event.error),
              }),
            },
          },
        },
        ready: {
          tags: 'periods.ready',
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
        empty: { tags: 'periods.empty' },
        failed: {
          tags: 'periods.failed',
          on: { 'attendance.retry': { target: 'loadingPeriods' } },
        },
      },
    },

    loadingStudents: {
      tags: ['busy', 'students'],
      entry: assign({
        error: null,
        errorCode: null,
        students: [],
        marks: {},
        cursor: 0,
        digits: '',
        result: null,
        preview: null,
        absentMessage: null,
      }),
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
          actions: assign({
            error: ({ event }) => errorMessage(event.error),
            errorCode: ({ event }) => errorCodeOf(event.error),
          }),
        },
      },
    },

    studentsFailed: {
      tags: ['students', 'students.failed'],
      on: {
        'attendance.retry': { target: 'loadingStudents' },
        'attendance.back': {
          target: 'choosingPeriod.ready',
          actions: assign({ routine: null, error: null, errorCode: null }),
        },
      },
    },

    marking: {
      tags: 'marking',
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
      tags: 'confirm',
      on: {
        // A new submission: a new idempotency key, kept by "Try again".
        'attendance.confirm': {
          target: 'submitting',
          actions: assign({ submitKey: () => newIdempotencyKey(), takenAt: () => new Date().toISOString() }),
        },
        'attendance.cancel': { target: 'marking' },
      },
    },

    submitting: {
      tags: ['busy', 'submitting'],
      entry: assign({ error: null, errorCode: null }),
      invoke: {
        id: 'submitAttendance',
        src: 'submitAttendance',
        input: ({ context }) => ({
          routine_id: context.routine?.id ?? 0,
          date: context.date,
          attendance: attendanceList(context),
          idempotencyKey: context.submitKey ?? '',
        }),
        onDone: {
          target: 'submitted',
          actions: [
            assign(({ context, event }) => ({
              result: event.output,
              periods: context.periods.map((p) =>
                p.id === context.routine?.id ? { ...p, attendance_taken: true } : p,
              ),
            })),
            'savedChanges',
          ],
        },
        onError: [
          {
            guard: { type: 'canQueue', params: ({ event }) => ({ error: event.error }) },
            target: 'queueing',
          },
          {
            guard: { type: 'isRetryable', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: assign({
              error: ({ event }) => errorMessage(event.error),
              errorCode: ({ event }) => errorCodeOf(event.error),
            }),
          },
          {
            target: 'refused',
            actions: assign({
              error: ({ event }) => errorMessage(event.error),
              errorCode: ({ event }) => errorCodeOf(event.error),
            }),
          },
        ],
      },
    },

    /**
     * The network failed: the submission goes to the device's queue with its taking time and a key
     * of its own. The queued request carries `taken_at`, so it is another request than the lost one,
     * and the server refuses a key reused with another body (422): had the lost one arrived, the
     * queued copy is a second submission of the same marks, which changes nothing.
     */
    queueing: {
      tags: ['busy', ...queueTags('queueing')],
      entry: assign({ submitKey: () => newIdempotencyKey() }),
      invoke: {
        id: 'queueSubmission',
        src: 'queueSubmission',
        input: ({ context }) => {
          const takenAt = context.takenAt ?? new Date().toISOString();
          const routine = context.routine;
          return {
            key: context.submitKey ?? '',
            takenAt,
            input: {
              routine_id: routine?.id ?? 0,
              date: context.date,
              attendance: attendanceList(context),
              taken_at: takenAt,
              time: clockTimeAt(takenAt),
            },
            label: routine
              ? `${routine.period_code} · ${routine.subject_name} · ${routine.class_name} ${routine.section_default_name}, ${context.date}`
              : context.date,
          };
        },
        onDone: { target: 'queued', actions: assign({ error: null, errorCode: null }) },
        // The device could not keep it either: "Try again" sends it online under the queue's key.
        onError: { target: 'failed' },
      },
    },

    /** "Saved on this phone, will send when online". Leaving is safe: the queue keeps it. */
    queued: {
      tags: queueTags('queued'),
      on: {
        'attendance.sync.start': {
          guard: { type: 'isThisSubmission', params: ({ event }) => event },
          target: 'syncing',
        },
        'attendance.sync.done': [
          {
            guard: {
              type: 'isConflict',
              params: ({ event }: { event: { key: string; result: TakeAttendanceResponse } }) => event,
            },
            target: 'conflict',
            actions: [assign({ result: ({ event }) => event.result }), 'savedChanges'],
          },
          {
            guard: { type: 'isThisSubmission', params: ({ event }: { event: { key: string } }) => event },
            target: 'synced',
            actions: [assign({ result: ({ event }) => event.result, error: null, errorCode: null }), 'savedChanges'],
          },
        ],
        'attendance.sync.failed': [
          {
            guard: {
              type: 'isRetryableSync',
              params: ({ event }: { event: { key: string; retryable: boolean } }) => event,
            },
            target: 'queued',
            actions: assign({ error: ({ event }) => event.message, errorCode: ({ event }) => event.code }),
          },
          {
            guard: { type: 'isThisSubmission', params: ({ event }: { event: { key: string } }) => event },
            target: 'syncRefused',
            actions: assign({ error: ({ event }) => event.message, errorCode: ({ event }) => event.code }),
          },
        ],
        'attendance.back': BACK_TO_CLASSES,
      },
    },

    syncing: {
      tags: ['busy', ...queueTags('syncing')],
      on: {
        'attendance.sync.done': [
          {
            guard: {
              type: 'isConflict',
              params: ({ event }: { event: { key: string; result: TakeAttendanceResponse } }) => event,
            },
            target: 'conflict',
            actions: [assign({ result: ({ event }) => event.result }), 'savedChanges'],
          },
          {
            guard: { type: 'isThisSubmission', params: ({ event }: { event: { key: string } }) => event },
            target: 'synced',
            actions: [assign({ result: ({ event }) => event.result, error: null, errorCode: null }), 'savedChanges'],
          },
        ],
        'attendance.sync.failed': [
          {
            guard: {
              type: 'isRetryableSync',
              params: ({ event }: { event: { key: string; retryable: boolean } }) => event,
            },
            target: 'queued',
            actions: assign({ error: ({ event }) => event.message, errorCode: ({ event }) => event.code }),
          },
          {
            guard: { type: 'isThisSubmission', params: ({ event }: { event: { key: string } }) => event },
            target: 'syncRefused',
            actions: assign({ error: ({ event }) => event.message, errorCode: ({ event }) => event.code }),
          },
        ],
        'attendance.back': BACK_TO_CLASSES,
      },
    },

    /** The queued submission reached the server and was applied. */
    synced: {
      tags: queueTags('synced'),
      on: { 'attendance.back': BACK_TO_CLASSES },
    },

    /** The server kept someone else's save (an admin's correction, or a later taking): the teacher sees whose. */
    conflict: {
      tags: queueTags('conflict'),
      on: { 'attendance.back': BACK_TO_CLASSES },
    },

    /** The server refused the queued submission (e.g. too late): the admin can still correct it. */
    syncRefused: {
      tags: queueTags('syncRefused'),
      on: { 'attendance.back': BACK_TO_CLASSES },
    },

    /** The network or the server failed: the same submission may be tried again. */
    failed: {
      tags: 'failed',
      on: {
        'attendance.retry': { target: 'submitting' },
        'attendance.back': { target: 'marking', actions: assign({ error: null, errorCode: null }) },
      },
    },

    /** The server refused the marks (validation, permission, the correction window): change them or leave. */
    refused: {
      tags: 'refused',
      on: {
        'attendance.back': { target: 'marking', actions: assign({ error: null, errorCode: null }) },
      },
    },

    // Back to the classes from every part of the result except the open send confirmation (a
    // dialog: Send or Cancel first).
    submitted: {
      tags: 'submitted',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'attendance.sendAbsent': { guard: 'canMessage', target: 'previewing' },
            'attendance.back': BACK_TO_CLASSES,
          },
        },
        previewing: {
          tags: ['busy', 'previewing'],
          on: { 'attendance.back': BACK_TO_CLASSES },
          entry: assign({ error: null, errorCode: null, preview: null }),
          invoke: {
            id: 'loadAbsentPreview',
            src: 'loadAbsentPreview',
            input: ({ context }) => ({ routine_id: context.routine?.id ?? 0, date: context.date }),
            onDone: { target: 'confirmingSend', actions: assign({ preview: ({ event }) => event.output }) },
            onError: {
              target: 'previewFailed',
              actions: assign({
                error: ({ event }) => errorMessage(event.error),
                errorCode: ({ event }) => errorCodeOf(event.error),
              }),
            },
          },
        },
        previewFailed: {
          tags: 'previewFailed',
          on: {
            'attendance.back': BACK_TO_CLASSES,
            'attendance.retry': { target: 'previewing' },
            'attendance.cancel': { target: 'idle', actions: assign({ error: null, errorCode: null }) },
          },
        },
        /** The message as guardians will read it and how many get it: nothing leaves before "Send". */
        confirmingSend: {
          tags: 'confirmSend',
          on: {
            'attendance.confirm': { target: 'sending', actions: assign({ sendKey: () => newIdempotencyKey() }) },
            'attendance.cancel': { target: 'idle' },
          },
        },
        sending: {
          tags: ['busy', 'sending'],
          on: { 'attendance.back': BACK_TO_CLASSES },
          entry: assign({ error: null, errorCode: null }),
          invoke: {
            id: 'sendAbsentMessage',
            src: 'sendAbsentMessage',
            input: ({ context }) => ({
              routine_id: context.routine?.id ?? 0,
              date: context.date,
              idempotencyKey: context.sendKey ?? '',
            }),
            onDone: {
              target: 'sent',
              actions: [assign({ absentMessage: ({ event }) => event.output }), 'savedChanges'],
            },
            onError: [
              {
                guard: { type: 'isRetryable', params: ({ event }) => ({ error: event.error }) },
                target: 'sendFailed',
                actions: assign({
                  error: ({ event }) => errorMessage(event.error),
                  errorCode: ({ event }) => errorCodeOf(event.error),
                }),
              },
              {
                target: 'sendRefused',
                actions: assign({
                  error: ({ event }) => errorMessage(event.error),
                  errorCode: ({ event }) => errorCodeOf(event.error),
                }),
              },
            ],
          },
        },
        sent: { on: { 'attendance.back': BACK_TO_CLASSES } },
        /** Not sent for a network or server failure: "Try again" sends with the same key. */
        sendFailed: {
          tags: 'sendFailed',
          on: { 'attendance.retry': { target: 'sending' }, 'attendance.back': BACK_TO_CLASSES },
        },
        /** The server refused (e.g. not today's attendance): nothing to retry. */
        sendRefused: { tags: 'sendRefused', on: { 'attendance.back': BACK_TO_CLASSES } },
      },
    },
  },
});

export type AttendanceMachine = typeof attendanceMachine;

/**
 * Marks on screen that the server does not have: a period not taken yet (its marks are all new),
 * or a re-taking whose marks differ from the saved ones; only while the marks are worked on.
 */
export function hasUnsavedMarks(snapshot: SnapshotFrom<AttendanceMachine>): boolean {
  const working = (['marking', 'confirming', 'submitting', 'failed', 'refused'] as const).some((s) =>
    snapshot.matches(s),
  );
  const { students, marks } = snapshot.context;
  return working && students.some((s) => s.attendance_status !== marks[s.student_id]);
}
