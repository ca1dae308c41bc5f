/**
 * The teacher's "set homework" form (/teacherhomework; spec part 2 §Homework, section 4: after
 * creation the form clears and the list reloads).
 *
 *   editing ─homework.submit (form valid)─> uploading ─┬─ done ─> saved (a new, empty form)
 *      ^  └ (form invalid: errors shown, stays)         └─ error ─> failed (the form kept as it was)
 *      └──────── homework.field / homework.file / homework.choose ─── saved, failed
 *   failed ─homework.retry (a failure retrying can fix)─> uploading (same idempotency key)
 *   uploading: homework.progress (from the upload) updates the bar
 *
 * Rules: the class, section and subject come from what the teacher teaches (the screen's options);
 * a new class clears the section and subject, a new section the subject. One idempotency key per
 * submission, kept while its outcome is unknown (network or 5xx) so "Try again" never saves twice,
 * dropped once the server answered. A failure keeps the form and its file as they were.
 *
 * Pure: the upload is the `upload` actor (tests replace it with `.provide()`).
 */
import { assign, fromPromise, setup } from 'xstate';
import { homeworkCreateBody, type HomeworkCreateInput, type HomeworkWriteResponse } from '@/api/schemas/homework';
import { errorStatus, newIdempotencyKey } from '@/api/client';
import { createHomework } from '@/api/homework';
import type { UploadProgress } from '@/api/upload';
import { feedbackOf, type Feedback } from './shared/feedback';

export interface HomeworkForm {
  class_id: number;
  section_id: number;
  subject_id: number;
  topic: string;
  details: string;
  issue_date: string;
  due_date: string;
}

export type HomeworkTextField = 'topic' | 'details' | 'issue_date' | 'due_date';
export type HomeworkChoice = 'class_id' | 'section_id' | 'subject_id';

export interface UploadError {
  message: string;
  /** Wire field -> what is wrong. */
  fields: Record<string, string>;
  retryable: boolean;
  cause?: unknown;
}

/** The server's confirmation as the flow shows it (./shared/feedback.ts). */
export type { Feedback };

export interface HomeworkCreateContext {
  today: string;
  form: HomeworkForm;
  file: File | null;
  progress: UploadProgress | null;
  error: UploadError | null;
  idempotencyKey: string | null;
  feedback: Feedback | null;
}

export type HomeworkCreateEvent =
  | { type: 'homework.field'; field: HomeworkTextField; value: string }
  | { type: 'homework.choose'; field: HomeworkChoice; value: number }
  | { type: 'homework.file'; file: File | null }
  | { type: 'homework.submit' }
  | { type: 'homework.retry' }
  | { type: 'homework.progress'; loaded: number; total: number };

export interface CreateUploadInput {
  body: HomeworkCreateInput;
  file: File | null;
  idempotencyKey: string;
  onProgress: (p: UploadProgress) => void;
}

export function emptyHomeworkForm(today: string): HomeworkForm {
  return { class_id: 0, section_id: 0, subject_id: 0, topic: '', details: '', issue_date: today, due_date: '' };
}

/** What is wrong with the form, by wire field (the shared schema's checks, as the server runs them). */
export function homeworkFormErrors(form: HomeworkForm): Record<string, string> {
  const fields: Record<string, string> = {};
  const parsed = homeworkCreateBody.safeParse(form);
  for (const issue of parsed.success ? [] : parsed.error.issues)
    fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  if (!fields.due_date && !fields.issue_date && form.due_date < form.issue_date) {
    fields.due_date = 'The due date must not be before the issue date.';
  }
  return fields;
}

export function toUploadError(err: unknown): UploadError {
  const status = errorStatus(err);
  const e = err as { message?: string; fields?: Record<string, string> };
  return {
    message: e?.message ?? 'Something went wrong.',
    fields: e?.fields ?? {},
    retryable: status === 0 || status >= 500,
    cause: err,
  };
}

export const homeworkCreateMachine = setup({
  types: {
    context: {} as HomeworkCreateContext,
    events: {} as HomeworkCreateEvent,
    input: {} as { today: string },
  },
  actors: {
    upload: fromPromise<HomeworkWriteResponse, CreateUploadInput>(({ input }) =>
      createHomework(input.body, input.file, { idempotencyKey: input.idempotencyKey, onProgress: input.onProgress }),
    ),
  },
  guards: {
    formValid: ({ context }) => Object.keys(homeworkFormErrors(context.form)).length === 0,
    retryable: ({ context }) => context.error?.retryable === true,
  },
  actions: {
    /** The server saved the homework: the screen provides it to reload the list. */
    saved: () => {},
    setField: assign(({ context, event }) => {
      if (event.type === 'homework.field') return { form: { ...context.form, [event.field]: event.value } };
      if (event.type === 'homework.choose') {
        const form = { ...context.form, [event.field]: event.value };
        if (event.field === 'class_id') Object.assign(form, { section_id: 0, subject_id: 0 });
        if (event.field === 'section_id') form.subject_id = 0;
        return { form };
      }
      if (event.type === 'homework.file') return { file: event.file };
      return {};
    }),
    showFormErrors: assign(({ context }) => ({
      error: { message: '', fields: homeworkFormErrors(context.form), retryable: false },
    })),
    startUpload: assign(({ context }) => ({
      idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
      progress: { loaded: 0, total: context.file?.size ?? 0 },
      error: null,
    })),
  },
}).createMachine({
  id: 'homeworkCreate',
  context: ({ input }) => ({
    today: input.today,
    form: emptyHomeworkForm(input.today),
    file: null,
    progress: null,
    error: null,
    idempotencyKey: null,
    feedback: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'homework.field': { actions: 'setField' },
        'homework.choose': { actions: 'setField' },
        'homework.file': { actions: 'setField' },
        'homework.submit': [
          { guard: 'formValid', target: 'uploading', actions: 'startUpload' },
          { actions: 'showFormErrors' },
        ],
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context, self }) => ({
          body: { ...context.form },
          file: context.file,
          idempotencyKey: context.idempotencyKey!,
          onProgress: (p: UploadProgress) => self.send({ type: 'homework.progress', ...p }),
        }),
        onDone: {
          target: 'saved',
          actions: [
            assign(({ context, event }) => ({
              form: emptyHomeworkForm(context.today),
              file: null,
              progress: null,
              idempotencyKey: null,
              feedback: feedbackOf(context.feedback, event.output),
            })),
            'saved',
          ],
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => {
            const error = toUploadError(event.error);
            // Only an answer we never got may be retried under the same key.
            return { error, progress: null, ...(error.retryable ? {} : { idempotencyKey: null }) };
          }),
        },
      },
      on: {
        'homework.progress': {
          actions: assign(({ event }) => ({ progress: { loaded: event.loaded, total: event.total } })),
        },
      },
    },
    saved: {
      tags: ['form'],
      on: {
        'homework.field': { target: 'editing', actions: 'setField' },
        'homework.choose': { target: 'editing', actions: 'setField' },
        'homework.file': { target: 'editing', actions: 'setField' },
      },
    },
    failed: {
      tags: ['form', 'failed'],
      on: {
        'homework.field': { target: 'editing', actions: 'setField' },
        'homework.choose': { target: 'editing', actions: 'setField' },
        'homework.file': { target: 'editing', actions: 'setField' },
        'homework.retry': { guard: 'retryable', target: 'uploading', actions: 'startUpload' },
        'homework.submit': [
          { guard: 'formValid', target: 'uploading', actions: 'startUpload' },
          { target: 'editing', actions: 'showFormErrors' },
        ],
      },
    },
  },
});

export type HomeworkCreateMachine = typeof homeworkCreateMachine;
