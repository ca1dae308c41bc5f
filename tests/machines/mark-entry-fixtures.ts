/**
 * The mark entry machine's test fixtures, shared by its generated path tests
 * (mark-entry.machine.test.ts) and its literal scenarios (mark-entry-rules.test.ts): a sheet of two
 * students (one with no mark, one with 12 of 20), the server's refusals, and the machine started
 * with deferred fakes for its actors (each call recorded, each settled by the test).
 */
import { createActor, fromPromise } from 'xstate';
import type { ExamMarkSaved, MarkValue, StudentMarkQuery, StudentMarkRow, StudentMarkSheet } from '@/api/schemas/exams';
import {
  markEntryMachine,
  offlineMarkEntryMachine,
  type MarkEntryQuery,
  type QueueMarksInput,
  type SaveMarksInput,
} from '@/machines/mark-entry.machine';

export const QUERY: MarkEntryQuery = { session_id: 2, exam_name_id: 33, class_id: 6, section_id: 3, subject_id: 21 };

export function row(id: number, roll: number, name: string, mark: MarkValue): StudentMarkRow {
  return {
    student_id: id,
    student_code: `S-${roll}`,
    name,
    class_roll_no: roll,
    mark_id: mark === null ? null : 900 + id,
    marks_obtained: mark,
  };
}
export const ROWS = [row(1, 1, 'Arif Hossain', null), row(2, 2, 'Babul Mia', 12)];
export const EXAM: StudentMarkSheet['exam'] = {
  id: 501,
  session_id: 2,
  session_year: '2026',
  exam_name_id: 33,
  exam_name: 'Monthly Class Test 3',
  kind: 'class_test',
  class_id: 6,
  class_name: 'Six',
  section_id: 3,
  section_default_name: 'A',
  subject_id: 21,
  subject_name: 'Mathematics',
  teacher_id: 41,
  initial: 'RK',
  full_marks: 20,
  converted_marks: 20,
  exam_date: '2026-11-24',
};
export const SHEET: StudentMarkSheet = { exam: EXAM, locked: false, rows: ROWS };
export const LOCKED_SHEET: StudentMarkSheet = { ...SHEET, locked: true };

export const OFFLINE = { status: 0, code: 'network', message: 'Could not reach the server.' };
export const REFUSED = {
  status: 400,
  code: 'invalid_input',
  message: 'mark_update.0.mark_obtained: The mark of S-1 must be at most 10 (the full marks).',
  fields: { 'mark_update.0.mark_obtained': 'The mark of S-1 must be at most 10 (the full marks).' },
};
export const LOCKED = {
  status: 409,
  code: 'exams.locked',
  message: 'The results of this session are published and marks are locked. The school admin can unlock them.',
};
export const NOT_YOURS = {
  status: 403,
  code: 'exams.not_yours',
  message: 'You do not teach this subject to this section.',
};

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
export type ActorName = 'loadSheet' | 'saveMarks' | 'queueMarks';

/** `offline`: the machine the screen uses when the device can keep data (a lost save is queued). */
export function startMarkEntry({ offline = false }: { offline?: boolean } = {}) {
  const pending: Partial<Record<ActorName, Deferred>> = {};
  const calls = {
    loadSheet: [] as StudentMarkQuery[],
    saveMarks: [] as SaveMarksInput[],
    queueMarks: [] as QueueMarksInput[],
    savedChanges: 0,
  };
  const defer = <T>(name: ActorName) =>
    new Promise<T>((resolve, reject) => {
      pending[name] = { resolve: resolve as (v: unknown) => void, reject };
    });
  const machine = (offline ? offlineMarkEntryMachine : markEntryMachine).provide({
    actors: {
      loadSheet: fromPromise<StudentMarkSheet, StudentMarkQuery>(
        ({ input }) => (calls.loadSheet.push(input), defer('loadSheet')),
      ),
      saveMarks: fromPromise<ExamMarkSaved, SaveMarksInput>(
        ({ input }) => (calls.saveMarks.push(structuredClone(input)), defer('saveMarks')),
      ),
      queueMarks: fromPromise<void, QueueMarksInput>(
        ({ input }) => (calls.queueMarks.push(structuredClone(input)), defer('queueMarks')),
      ),
    },
    actions: {
      savedChanges: () => {
        calls.savedChanges += 1;
      },
    },
  });
  const actor = createActor(machine).start();
  async function settle(name: ActorName, outcome: 'resolve' | 'reject', value: unknown) {
    const call = pending[name];
    if (!call) throw new Error(`the machine never called ${name}`);
    delete pending[name];
    call[outcome](value);
    await new Promise((r) => setTimeout(r, 0));
  }
  return { actor, calls, pending, settle };
}

export type Run = ReturnType<typeof startMarkEntry>;

export const stateName = (value: unknown) => String(value);
