/**
 * The school admin's "Create New Exam" form (/newExam; spec part 2 §Exams, section 3 "Exam info",
 * one submit creates the exam for every chosen section × subject, or none.
 *
 *   editing ─exam.submit (form valid)─> saving ─┬─ done ─> saved (sections, subjects cleared)
 *      ^  └ (form invalid: errors by field, nothing sent)  └─ error ─> failed (the form kept)
 *      └──────── exam.choose / exam.toggle / exam.pick / exam.field ─── saved, failed
 *   failed ─exam.retry (only an answer we never got: network, 5xx)─> saving (same idempotency key)
 *
 * Rules: marks are numbers, not free text: full marks and converted marks above 0, at most
 * MARKS_MAX, two decimals at most, converted ≤ full (the shared schema's bounds, checked here
 * before sending so the field is named in the user's language). A new class clears the chosen
 * sections and subjects (they belong to a class). After a save the spec resets the form; the
 * session, exam type, marks and date stay (the next class of the same exam usually has the same),
 * the class, sections, subjects and teacher are cleared. One idempotency key per submission, kept
 * while its outcome is unknown so "Try again" never creates twice.
 *
 * Pure: the call is the `create` actor (tests replace it with `.provide()`); a success runs the
 * `created` action (the screen provides it to reload the list).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, newIdempotencyKey } from '@/api/client';
import { createExams } from '@/api/exams';
import { latinDigits } from '@/i18n/digits';
import { EXAM_CREATE_MAX, MARKS_MAX, type ExamInfoBody } from '@/api/schemas/exams';
import { nextSeq } from './shared/feedback';

export interface ExamForm {
  session_id: number;
  exam_name_id: number;
  class_id: number;
  section_ids: number[];
  subject_ids: number[];
  teacher_id: number;
  /** As typed (the screen's number inputs give text); checked and converted before sending. */
  full_marks: string;
  converted_marks: string;
  /** ISO date or ''. */
  exam_date: string;
}

export type ExamChoice = 'session_id' | 'exam_name_id' | 'class_id' | 'teacher_id';
export type ExamMulti = 'section_ids' | 'subject_ids';
export type ExamTextField = 'full_marks' | 'converted_marks' | 'exam_date';

/** What is wrong with a field, as a code the screen words in the user's language. */
export type ExamFieldProblem =
  'required' | 'chooseOne' | 'notNumber' | 'notPositive' | 'tooBig' | 'decimals' | 'aboveFull' | 'tooMany';

export interface ExamCreateError {
  /** The server's answer (undefined for the form's own check). */
  cause?: unknown;
  /** Field -> a problem code (the form's check) or the server's text (its 400). */
  fields: Record<string, string>;
  retryable: boolean;
}

export interface ExamFeedback {
  code: string;
  text: string;
  /** How many exams the save created. */
  count: number;
  seq: number;
}

export interface ExamCreateContext {
  form: ExamForm;
  error: ExamCreateError | null;
  idempotencyKey: string | null;
  feedback: ExamFeedback | null;
}

export type ExamCreateEvent =
  | { type: 'exam.choose'; field: ExamChoice; value: number }
  | { type: 'exam.toggle'; field: ExamMulti; value: number }
  | { type: 'exam.pick'; field: ExamMulti; values: number[] }
  | { type: 'exam.field'; field: ExamTextField; value: string }
  | { type: 'exam.submit' }
  | { type: 'exam.retry' };

export interface CreateInput {
  body: ExamInfoBody;
  idempotencyKey: string;
}

export interface CreateOutput {
  message: string;
  code: string;
  rows: unknown[];
}

export function emptyExamForm(sessionId = 0): ExamForm {
  return {
    session_id: sessionId,
    exam_name_id: 0,
    class_id: 0,
    section_ids: [],
    subject_ids: [],
    teacher_id: 0,
    full_marks: '',
    converted_marks: '',
    exam_date: '',
  };
}

/** A marks field as a number, or the problem with it. */
export function parseMarks(text: string): number | Exclude<ExamFieldProblem, 'chooseOne' | 'aboveFull' | 'tooMany'> {
  // Bangla digits typed on a Bangla keyboard are the same numbers.
  const trimmed = latinDigits(text).trim();
  if (!trimmed) return 'required';
  if (!/^\d+(\.\d+)?$/.test(trimmed) && !/^\.\d+$/.test(trimmed)) return 'notNumber';
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return 'notNumber';
  if (value <= 0) return 'notPositive';
  if (value > MARKS_MAX) return 'tooBig';
  if (/\.\d{3,}$/.test(trimmed)) return 'decimals';
  return value;
}

/** What is wrong with the form, by wire field; empty when it may go. */
export function examFormErrors(form: ExamForm): Record<string, ExamFieldProblem> {
  const fields: Record<string, ExamFieldProblem> = {};
  if (!form.session_id) fields.session_id = 'required';
  if (!form.exam_name_id) fields.exam_name_id = 'required';
  if (!form.class_id) fields.class_id = 'required';
  if (!form.section_ids.length) fields.section_ids = 'chooseOne';
  if (!form.subject_ids.length) fields.subject_ids = 'chooseOne';
  if (form.section_ids.length * form.subject_ids.length > EXAM_CREATE_MAX) fields.subject_ids = 'tooMany';
  const full = parseMarks(form.full_marks);
  const converted = parseMarks(form.converted_marks);
  if (typeof full !== 'number') fields.full_marks = full;
  if (typeof converted !== 'number') fields.converted_marks = converted;
  else if (typeof full === 'number' && converted > full) fields.converted_marks = 'aboveFull';
  return fields;
}

/** The wire body of a valid form: every section × subject in one call. */
export function examBody(form: ExamForm): ExamInfoBody {
  return {
    session_id: form.session_id,
    exam_name_id: form.exam_name_id,
    class_id: form.class_id,
    section_ids: [...form.section_ids],
    subject_ids: [...form.subject_ids],
    ...(form.teacher_id ? { teacher_id: form.teacher_id } : {}),
    full_marks: Number(latinDigits(form.full_marks).trim()),
    converted_marks: Number(latinDigits(form.converted_marks).trim()),
    exam_date: form.exam_date || null,
  };
}

function toError(err: unknown): ExamCreateError {
  const status = errorStatus(err);
  const e = err as { fields?: Record<string, string> };
  return { cause: err, fields: e?.fields ?? {}, retryable: status === 0 || status >= 500 };
}

const toggled = (list: number[], value: number) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

export const examCreateMachine = setup({
  types: {
    context: {} as ExamCreateContext,
    events: {} as ExamCreateEvent,
    input: {} as { sessionId?: number },
  },
  actors: {
    create: fromPromise<CreateOutput, CreateInput>(({ input }) =>
      createExams(input.body, { idempotencyKey: input.idempotencyKey }),
    ),
  },
  guards: {
    formValid: ({ context }) => Object.keys(examFormErrors(context.form)).length === 0,
    retryable: ({ context }) => context.error?.retryable === true,
  },
  actions: {
    edit: assign(({ context, event }) => {
      const form = { ...context.form };
      if (event.type === 'exam.choose') {
        form[event.field] = event.value;
        if (event.field === 'class_id' && event.value !== context.form.class_id) {
          form.section_ids = [];
          form.subject_ids = [];
        }
      } else if (event.type === 'exam.toggle') {
        form[event.field] = toggled(form[event.field], event.value);
      } else if (event.type === 'exam.pick') {
        form[event.field] = [...new Set(event.values)];
      } else if (event.type === 'exam.field') {
        form[event.field] = event.value;
      }
      // An edited field's error goes; the others stay until the next submit.
      const fields = { ...(context.error?.fields ?? {}) };
      if ('field' in event) delete fields[event.field];
      const error = context.error ? { ...context.error, fields } : null;
      // The form's own check, fully answered, leaves nothing to show.
      return { form, error: error && error.cause === undefined && !Object.keys(fields).length ? null : error };
    }),
    showFormErrors: assign(({ context }) => ({
      error: { fields: examFormErrors(context.form), retryable: false },
    })),
    startSave: assign(({ context }) => ({
      idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
      error: null,
    })),
    created: () => {},
  },
}).createMachine({
  id: 'examCreate',
  context: ({ input }) => ({
    form: emptyExamForm(input.sessionId ?? 0),
    error: null,
    idempotencyKey: null,
    feedback: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'exam.choose': { actions: 'edit' },
        'exam.toggle': { actions: 'edit' },
        'exam.pick': { actions: 'edit' },
        'exam.field': { actions: 'edit' },
        'exam.submit': [{ guard: 'formValid', target: 'saving', actions: 'startSave' }, { actions: 'showFormErrors' }],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ body: examBody(context.form), idempotencyKey: context.idempotencyKey! }),
        onDone: {
          target: 'saved',
          actions: [
            assign(({ context, event }) => ({
              form: {
                ...context.form,
                class_id: 0,
                section_ids: [],
                subject_ids: [],
                teacher_id: 0,
              },
              idempotencyKey: null,
              feedback: {
                code: event.output.code,
                text: event.output.message,
                count: event.output.rows.length,
                seq: nextSeq(context.feedback),
              },
            })),
            'created',
          ],
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => {
            const error = toError(event.error);
            // Only an answer we never got may be retried under the same key.
            return { error, ...(error.retryable ? {} : { idempotencyKey: null }) };
          }),
        },
      },
    },
    saved: {
      tags: ['form'],
      on: {
        'exam.choose': { target: 'editing', actions: 'edit' },
        'exam.toggle': { target: 'editing', actions: 'edit' },
        'exam.pick': { target: 'editing', actions: 'edit' },
        'exam.field': { target: 'editing', actions: 'edit' },
        'exam.submit': [
          { guard: 'formValid', target: 'saving', actions: 'startSave' },
          { target: 'editing', actions: 'showFormErrors' },
        ],
      },
    },
    failed: {
      tags: ['form', 'failed'],
      on: {
        'exam.choose': { target: 'editing', actions: 'edit' },
        'exam.toggle': { target: 'editing', actions: 'edit' },
        'exam.pick': { target: 'editing', actions: 'edit' },
        'exam.field': { target: 'editing', actions: 'edit' },
        'exam.retry': { guard: 'retryable', target: 'saving', actions: 'startSave' },
        'exam.submit': [
          { guard: 'formValid', target: 'saving', actions: 'startSave' },
          { target: 'editing', actions: 'showFormErrors' },
        ],
      },
    },
  },
});

export type ExamCreateMachine = typeof examCreateMachine;
