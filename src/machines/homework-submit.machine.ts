/**
 * A student's homework submission (/studenthomeworksubmit; spec part 2 §Homework: a file is
 * required; after submission the student goes to the homework list).
 *
 *   editing ─homework.submit (a file chosen)─> uploading ─┬─ done ─> saved (final: the screen
 *      ^  └ (no file: "Choose a file", stays)              │          goes back to the list)
 *      │                                                   └─ error ─> failed (the file kept)
 *      └──────── homework.file ─── failed
 *   failed ─homework.retry (a failure retrying can fix)─> uploading (same idempotency key)
 *   uploading: homework.progress (from the upload) updates the bar
 *
 * Pure: the upload is the `upload` actor (tests replace it with `.provide()`).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { HomeworkSubmitResponse } from '@/api/schemas/homework';
import { newIdempotencyKey } from '@/api/client';
import { submitHomework } from '@/api/homework';
import type { UploadProgress } from '@/api/upload';
import { toUploadError, type Feedback, type UploadError } from './homework-create.machine';
import { feedbackOf } from './shared/feedback';

export const FILE_REQUIRED = 'Choose a file to upload.';

export interface HomeworkSubmitContext {
  homeworkId: number;
  file: File | null;
  progress: UploadProgress | null;
  error: UploadError | null;
  idempotencyKey: string | null;
  feedback: Feedback | null;
}

export type HomeworkSubmitEvent =
  | { type: 'homework.file'; file: File | null }
  | { type: 'homework.submit' }
  | { type: 'homework.retry' }
  | { type: 'homework.progress'; loaded: number; total: number };

export interface SubmitUploadInput {
  homeworkId: number;
  file: File;
  idempotencyKey: string;
  onProgress: (p: UploadProgress) => void;
}

export const homeworkSubmitMachine = setup({
  types: {
    context: {} as HomeworkSubmitContext,
    events: {} as HomeworkSubmitEvent,
    input: {} as { homeworkId: number },
  },
  actors: {
    upload: fromPromise<HomeworkSubmitResponse, SubmitUploadInput>(({ input }) =>
      submitHomework({ homework_id: input.homeworkId }, input.file, {
        idempotencyKey: input.idempotencyKey,
        onProgress: input.onProgress,
      }),
    ),
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
    retryable: ({ context }) => context.error?.retryable === true,
  },
  actions: {
    setFile: assign(({ event }) => (event.type === 'homework.file' ? { file: event.file, error: null } : {})),
    requireFile: assign({ error: { message: FILE_REQUIRED, fields: { file: FILE_REQUIRED }, retryable: false } }),
    startUpload: assign(({ context }) => ({
      idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
      progress: { loaded: 0, total: context.file?.size ?? 0 },
      error: null,
    })),
  },
}).createMachine({
  id: 'homeworkSubmit',
  context: ({ input }) => ({
    homeworkId: input.homeworkId,
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
        'homework.file': { actions: 'setFile' },
        'homework.submit': [
          { guard: 'hasFile', target: 'uploading', actions: 'startUpload' },
          { actions: 'requireFile' },
        ],
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context, self }) => ({
          homeworkId: context.homeworkId,
          file: context.file!,
          idempotencyKey: context.idempotencyKey!,
          onProgress: (p: UploadProgress) => self.send({ type: 'homework.progress', ...p }),
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
        'homework.progress': {
          actions: assign(({ event }) => ({ progress: { loaded: event.loaded, total: event.total } })),
        },
      },
    },
    saved: { type: 'final', tags: ['done'] },
    failed: {
      tags: ['form', 'failed'],
      on: {
        'homework.file': { target: 'editing', actions: 'setFile' },
        'homework.retry': { guard: 'retryable', target: 'uploading', actions: 'startUpload' },
        'homework.submit': { target: 'uploading', actions: 'startUpload' },
      },
    },
  },
});

export type HomeworkSubmitMachine = typeof homeworkSubmitMachine;
