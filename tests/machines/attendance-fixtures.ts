/**
 * The attendance machine's test fixtures, shared by its generated path tests
 * (attendance.machine.test.ts) and its literal scenarios (attendance-rules.test.ts): a teacher's
 * day of two periods (one new, one taken before), two students out of roll order, the server's
 * failures and refusals, and the machine started with deferred fakes for its actors (each call
 * recorded, each settled by the test).
 */
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type {
  AbsentMessageBody,
  AbsentMessagePreview,
  AbsentMessageResponse,
  AttendanceStudentRow,
  TakeAttendanceResponse,
} from '@/api/schemas/attendance';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import type { SendAbsentInput, TakeAttendanceInput } from '@/api/attendance';
import {
  attendanceMachine,
  type AttendanceInput,
  type LoadPeriodsInput,
  type LoadStudentsInput,
  type QueueSubmissionInput,
} from '@/machines/attendance.machine';

export const TODAY = '2026-11-22'; // a Sunday
export const EARLIER = '2026-11-19'; // Thursday
export const FRIDAY = '2026-11-20'; // a weekly off day: the server lists no classes
export const FUTURE = '2026-11-23';
export const INPUT: AttendanceInput = { teacherId: 41, today: TODAY };

export function period(over: Partial<RoutineTodayRow>): RoutineTodayRow {
  return {
    id: 11,
    class_id: 6,
    class_name: 'Six',
    section_id: 3,
    section_default_name: 'A',
    day_id: 1,
    day: 'Sunday',
    period_id: 1,
    period_code: 'P1',
    start_time: '08:00:00',
    end_time: '08:45:00',
    subject_id: 2,
    subject_name: 'Mathematics',
    teacher_id: 41,
    initial: 'RK',
    full_name: 'Rahima Khatun',
    room: '101',
    session_id: 1,
    session_year: '2026',
    shift_id: 1,
    shift_name: 'Morning',
    date: TODAY,
    attendance_taken: false,
    ...over,
  };
}
export const FRESH = period({ id: 11 });
export const TAKEN = period({
  id: 12,
  period_id: 2,
  period_code: 'P2',
  subject_name: 'English',
  attendance_taken: true,
});
export const PERIODS = [FRESH, TAKEN];

export function student(id: number, roll: number, name: string, status: 0 | 1 | null): AttendanceStudentRow {
  return {
    student_id: id,
    student_code: `S-${id}`,
    full_name: name,
    class_roll_no: roll,
    enrolment_id: id + 1000,
    attendance_status: status,
  };
}
// Two students keep the state space small; rolls 1 and 12 make the digit buffer matter ("1" is
// a roll and the start of another). Out of roll order on purpose: the machine sorts by roll.
export const STUDENTS_NEW = [student(112, 12, 'Lima Akter', null), student(101, 1, 'Arif Hossain', null)];
export const STUDENTS_SAVED = [student(112, 12, 'Lima Akter', 0), student(101, 1, 'Arif Hossain', 1)];
export const NAMES: Record<number, [string, number]> = { 101: ['Arif Hossain', 1], 112: ['Lima Akter', 12] };

export const OFFLINE = { status: 0, code: 'network', message: 'Could not reach the server.' };
export const WINDOW_CLOSED = {
  status: 403,
  code: 'attendance.window_closed',
  message: 'Attendance of 19-11-2026 can no longer be changed by a teacher.',
};
export const SMS_DOWN = { status: 500, code: 'internal', message: 'Something went wrong on our side.' };
export const NOT_TODAY = {
  status: 409,
  code: 'attendance.messages_today_only',
  message: 'Absence messages go only for today’s attendance.',
};

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
export type ActorName =
  'loadPeriods' | 'loadStudents' | 'submitAttendance' | 'loadAbsentPreview' | 'sendAbsentMessage' | 'queueSubmission';

/**
 * The machine with deferred fakes for its actors. `simulated`: a SimulatedClock for the digit pause
 * (the path tests); without it the actor uses the real timers, which a test may fake.
 */
export function startAttendance(input: AttendanceInput = INPUT, { simulated = true }: { simulated?: boolean } = {}) {
  const pending: Partial<Record<ActorName, Deferred>> = {};
  const calls = {
    loadPeriods: [] as LoadPeriodsInput[],
    loadStudents: [] as LoadStudentsInput[],
    submitAttendance: [] as TakeAttendanceInput[],
    loadAbsentPreview: [] as AbsentMessageBody[],
    sendAbsentMessage: [] as SendAbsentInput[],
    queueSubmission: [] as QueueSubmissionInput[],
    /** The screen's invalidation after a confirmed save or send. */
    savedChanges: 0,
  };
  const defer = <T>(name: ActorName) =>
    new Promise<T>((resolve, reject) => {
      pending[name] = { resolve: resolve as (v: unknown) => void, reject };
    });
  const machine = attendanceMachine.provide({
    actors: {
      loadPeriods: fromPromise<RoutineTodayRow[], LoadPeriodsInput>(
        ({ input }) => (calls.loadPeriods.push(input), defer('loadPeriods')),
      ),
      loadStudents: fromPromise<AttendanceStudentRow[], LoadStudentsInput>(
        ({ input }) => (calls.loadStudents.push(input), defer('loadStudents')),
      ),
      submitAttendance: fromPromise<TakeAttendanceResponse, TakeAttendanceInput>(
        ({ input }) => (calls.submitAttendance.push(structuredClone(input)), defer('submitAttendance')),
      ),
      loadAbsentPreview: fromPromise<AbsentMessagePreview, AbsentMessageBody>(
        ({ input }) => (calls.loadAbsentPreview.push(input), defer('loadAbsentPreview')),
      ),
      sendAbsentMessage: fromPromise<AbsentMessageResponse, SendAbsentInput>(
        ({ input }) => (calls.sendAbsentMessage.push(input), defer('sendAbsentMessage')),
      ),
      queueSubmission: fromPromise<void, QueueSubmissionInput>(
        ({ input }) => (calls.queueSubmission.push(structuredClone(input)), defer('queueSubmission')),
      ),
    },
    actions: {
      savedChanges: () => {
        calls.savedChanges += 1;
      },
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, simulated ? { input, clock } : { input }).start();

  async function settle(name: ActorName, outcome: 'resolve' | 'reject', value: unknown) {
    const call = pending[name];
    if (!call) throw new Error(`the machine never called ${name}`);
    delete pending[name];
    call[outcome](value);
    await new Promise((r) => setTimeout(r, 0));
  }
  return { actor, calls, pending, settle, clock };
}

export type Run = ReturnType<typeof startAttendance>;
