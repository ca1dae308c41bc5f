/**
 * A student's answer to a subject activity (/studentactivitysubmit; docs/DOMAIN.md, "Exams and
 * grades", subject activities): text, a file or both; after it is sent the student goes back to
 * the list, as homework's (homework-submit.machine.ts).
 *
 *   editing ─answer.submit (text or a file)─> uploading ─┬─ done ─> saved (final)
 *      ^  └ (neither: "Write an answer or choose a file", stays)  └─ error ─> failed (all kept)
 *      └──────── answer.text / answer.file ─── failed
 *   failed ─answer.retry (a failure retrying can fix)─> uploading (same idempotency key)
 *   uploading: answer.progress (from the upload) updates the bar
 *
 * Whether it is still in time is the server's clock's to say (409 `subject_activities.closed`,
 * shown in the user's language); the screen starts the text from the answer already sent.
 *
 * Pure: the upload is the `upload` actor (tests replace it with `.provide()`).
 */
import { assign, fromPromise, setup } from 'xstate';
import { SUBJECT_ACTIVITY_FIELD_MESSAGES, type SubjectActivityWriteResponse } from '@/api/schemas/subject-activities';
import { newIdempotencyKey } from '@/api/client';
import { submitActivityAnswer } from '@/api/subject-activities';
import type { UploadProgress } from '@/api/upload';
import { toUploadError, type UploadError } from './homework-create.machine';
import { feedbackOf, type Feedback } from './shared/feedback';

export const ANSWER_REQUIRED = SUBJECT_ACTIVITY_FIELD_MESSAGES.answerRequired;

export interface ActivitySubmitContext {
  activityId: number;
  answer: string;
  file: File | null;
  progress: UploadProgress | null;
  error: UploadError | null;
  idempotencyKey: string | null;
  feedback: Feedback | null;
}

export type ActivitySubmitEvent =
  | { type: 'answer.text'; value: string }
  | { type: 'answer.file'; file: File | null }
  | { type: 'answer.submit' }
  | { type: 'answer.retry' }
  | { type: 'answer.progress'; loaded: number; total: number };

export interface AnswerUploadInput {
  activityId: number;
  answer: string;
  file: File | null;
  idempotencyKey: string;
  onProgress: (p: UploadProgress) => void;
}

export const subjectActivitySubmitMachine = setup({
  types: {
    context: {} as ActivitySubmitContext,
    events: {} as ActivitySubmitEvent,
    input: {} as { activityId: number; answer?: string },
  },
  actors: {
    upload: fromPromise<SubjectActivityWriteResponse, AnswerUploadInput>(({ input }) =>
      submitActivityAnswer({ homework_id: input.activityId, answer: input.answer }, input.file, {
        idempotencyKey: input.idempotencyKey,
        onProgress: input.onProgress,
      }),
    ),
  },
  guards: {
    hasAnswer: ({ context }) => context.answer.trim() !== '' || context.file !== null,
    retryable: ({ context }) => context.error?.retryable === true,
  },
  actions: {
    setText: assign(({ event }) => (event.type === 'answer.text' ? { answer: event.value, error: null } : {})),
    setFile: assign(({ event }) => (event.type === 'answer.file' ? { file: event.file, error: null } : {})),
    requireAnswer: assign({
      error: { message: ANSWER_REQUIRED, fields: { answer: ANSWER_REQUIRED }, retryable: false },
    }),
    startUpload: assign(({ context }) => ({
      idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
      progress: { loaded: 0, total: context.file?.size ?? 0 },
      error: null,
    })),
  },
}).createMachine({
  id: 'subjectActivitySubmit',
  context: ({ input }) => ({
    activityId: input.activityId,
    answer: input.answer ?? '',
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
        'answer.text': { actions: 'setText' },
        'answer.file': { actions: 'setFile' },
        'answer.submit': [
          { guard: 'hasAnswer', target: 'uploading', actions: 'startUpload' },
          { actions: 'requireAnswer' },
        ],
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context, self }) => ({
          activityId: context.activityId,
          answer: context.answer.trim(),
          file: context.file,
          idempotencyKey: context.idempotencyKey!,
          onProgress: (p: UploadProgress) => self.send({ type: 'answer.progress', ...p }),
        }),
        onDone: {
          target: 'saved',
          actions: assign(({ context, event }) => ({
            progress: null,
            idempotencyKey: null,
            feedback: feedbackOf(context.feedback, event.output),
          })),
        },
        onError: {
          target: 'failed',
          actions: assign(({ event }) => {
            const error = toUploadError(event.error);
            return { error, progress: null, ...(error.retryable ? {} : { idempotencyKey: null }) };
          }),
        },
      },
      on: {
        'answer.progress': {
          actions: assign(({ event }) => ({ progress: { loaded: event.loaded, total: event.total } })),
        },
      },
    },
    saved: { type: 'final', tags: ['done'] },
    failed: {
      tags: ['form', 'failed'],
      on: {
        'answer.text': { target: 'editing', actions: 'setText' },
        'answer.file': { target: 'editing', actions: 'setFile' },
        'answer.retry': { guard: 'retryable', target: 'uploading', actions: 'startUpload' },
        'answer.submit': [
          { guard: 'hasAnswer', target: 'uploading', actions: 'startUpload' },
          { target: 'editing', actions: 'requireAnswer' },
        ],
      },
    },
  },
});

export type SubjectActivitySubmitMachine = typeof subjectActivitySubmitMachine;
