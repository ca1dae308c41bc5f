/**
 * The teacher's "set an activity" form (/teacheractivity; docs/DOMAIN.md, "Exams and grades",
 * subject activities): as homework's (homework-create.machine.ts), after creation the form clears
 * and the list reloads.
 *
 *   editing ─activity.submit (form valid)─> uploading ─┬─ done ─> saved (a new, empty form)
 *      ^  └ (form invalid: errors shown, stays)         └─ error ─> failed (the form kept as it was)
 *      └──────── activity.field / activity.file / activity.choose ─── saved, failed
 *   failed ─activity.retry (a failure retrying can fix)─> uploading (same idempotency key)
 *   uploading: activity.progress (from the upload) updates the bar
 *
 * Rules: the class, section and subject come from what the teacher teaches; a new class clears the
 * section and subject, a new section the subject. Times are the school's local date and time as a
 * datetime-local input gives them (`2026-11-25T10:00`); the due time must be after the start. One
 * idempotency key per submission, kept while its outcome is unknown (network or 5xx), dropped once
 * the server answered. A failure keeps the form and its file as they were.
 *
 * Pure: the upload is the `upload` actor (tests replace it with `.provide()`).
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  SUBJECT_ACTIVITY_FIELD_MESSAGES,
  subjectActivityCreateBody,
  type SubjectActivityCreateInput,
  type SubjectActivityWriteResponse,
} from '@/api/schemas/subject-activities';
import { newIdempotencyKey } from '@/api/client';
import { createSubjectActivity } from '@/api/subject-activities';
import { latinDigits } from '@/i18n/digits';
import type { UploadProgress } from '@/api/upload';
import { toUploadError, type UploadError } from './homework-create.machine';
import { feedbackOf, type Feedback } from './shared/feedback';

export type { Feedback, UploadError };

export interface ActivityForm {
  class_id: number;
  section_id: number;
  subject_id: number;
  title: string;
  questions: string;
  starts_at: string;
  due_at: string;
  /** As typed (Bangla digits too): sent as a whole number. */
  full_mark: string;
}

export type ActivityTextField = 'title' | 'questions' | 'starts_at' | 'due_at' | 'full_mark';
export type ActivityChoice = 'class_id' | 'section_id' | 'subject_id';

export interface ActivityCreateContext {
  form: ActivityForm;
  file: File | null;
  progress: UploadProgress | null;
  error: UploadError | null;
  idempotencyKey: string | null;
  feedback: Feedback | null;
}

export type ActivityCreateEvent =
  | { type: 'activity.field'; field: ActivityTextField; value: string }
  | { type: 'activity.choose'; field: ActivityChoice; value: number }
  | { type: 'activity.file'; file: File | null }
  | { type: 'activity.submit' }
  | { type: 'activity.retry' }
  | { type: 'activity.progress'; loaded: number; total: number };

export interface ActivityUploadInput {
  body: SubjectActivityCreateInput;
  file: File | null;
  idempotencyKey: string;
  onProgress: (p: UploadProgress) => void;
}

export const emptyActivityForm = (): ActivityForm => ({
  class_id: 0,
  section_id: 0,
  subject_id: 0,
  title: '',
  questions: '',
  starts_at: '',
  due_at: '',
  full_mark: '',
});

/** The body the form sends: the full mark as a number (Bangla digits read), the rest as typed. */
export function activityBodyOf(form: ActivityForm): SubjectActivityCreateInput {
  const mark = latinDigits(form.full_mark.trim());
  return { ...form, full_mark: /^\d+$/.test(mark) ? Number(mark) : Number.NaN };
}

/** What is wrong with the form, by wire field (the shared schema's checks, as the server runs them). */
export function activityFormErrors(form: ActivityForm): Record<string, string> {
  const fields: Record<string, string> = {};
  const parsed = subjectActivityCreateBody.safeParse(activityBodyOf(form));
  for (const issue of parsed.success ? [] : parsed.error.issues)
    fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  // Both local times of one school compare as text (YYYY-MM-DDTHH:mm).
  if (!fields.starts_at && !fields.due_at && form.due_at <= form.starts_at)
    fields.due_at = SUBJECT_ACTIVITY_FIELD_MESSAGES.dueBeforeStart;
  return fields;
}

export const subjectActivityCreateMachine = setup({
  types: {
    context: {} as ActivityCreateContext,
    events: {} as ActivityCreateEvent,
  },
  actors: {
    upload: fromPromise<SubjectActivityWriteResponse, ActivityUploadInput>(({ input }) =>
      createSubjectActivity(input.body, input.file, {
        idempotencyKey: input.idempotencyKey,
        onProgress: input.onProgress,
      }),
    ),
  },
  guards: {
    formValid: ({ context }) => Object.keys(activityFormErrors(context.form)).length === 0,
    retryable: ({ context }) => context.error?.retryable === true,
  },
  actions: {
    /** The server saved the activity: the screen provides it to reload the list. */
    saved: () => {},
    setField: assign(({ context, event }) => {
      if (event.type === 'activity.field') return { form: { ...context.form, [event.field]: event.value } };
      if (event.type === 'activity.choose') {
        const form = { ...context.form, [event.field]: event.value };
        if (event.field === 'class_id') Object.assign(form, { section_id: 0, subject_id: 0 });
        if (event.field === 'section_id') form.subject_id = 0;
        return { form };
      }
      if (event.type === 'activity.file') return { file: event.file };
      return {};
    }),
    showFormErrors: assign(({ context }) => ({
      error: { message: '', fields: activityFormErrors(context.form), retryable: false },
    })),
    startUpload: assign(({ context }) => ({
      idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
      progress: { loaded: 0, total: context.file?.size ?? 0 },
      error: null,
    })),
  },
}).createMachine({
  id: 'subjectActivityCreate',
  context: {
    form: emptyActivityForm(),
    file: null,
    progress: null,
    error: null,
    idempotencyKey: null,
    feedback: null,
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'activity.field': { actions: 'setField' },
        'activity.choose': { actions: 'setField' },
        'activity.file': { actions: 'setField' },
        'activity.submit': [
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
          body: activityBodyOf(context.form),
          file: context.file,
          idempotencyKey: context.idempotencyKey!,
          onProgress: (p: UploadProgress) => self.send({ type: 'activity.progress', ...p }),
        }),
        onDone: {
          target: 'saved',
          actions: [
            assign(({ context, event }) => ({
              form: emptyActivityForm(),
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
        'activity.progress': {
          actions: assign(({ event }) => ({ progress: { loaded: event.loaded, total: event.total } })),
        },
      },
    },
    saved: {
      tags: ['form'],
      on: {
        'activity.field': { target: 'editing', actions: 'setField' },
        'activity.choose': { target: 'editing', actions: 'setField' },
        'activity.file': { target: 'editing', actions: 'setField' },
      },
    },
    failed: {
      tags: ['form', 'failed'],
      on: {
        'activity.field': { target: 'editing', actions: 'setField' },
        'activity.choose': { target: 'editing', actions: 'setField' },
        'activity.file': { target: 'editing', actions: 'setField' },
        'activity.retry': { guard: 'retryable', target: 'uploading', actions: 'startUpload' },
        'activity.submit': [
          { guard: 'formValid', target: 'uploading', actions: 'startUpload' },
          { target: 'editing', actions: 'showFormErrors' },
        ],
      },
    },
  },
});

export type SubjectActivityCreateMachine = typeof subjectActivityCreateMachine;
