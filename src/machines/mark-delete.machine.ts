/**
 * Deleting one mark from the teacher's marks sheet (/teachermark; spec part 2 section 7, DELETE
 * /api/exam_marks/{id}, unfinished in the old portal). The row's own mark id travels with the
 * event; nothing is deleted before the teacher confirmed ("Are you sure to delete?").
 *
 *   idle ─marks.delete (a row)─> confirming ─marks.confirm─> deleting ─┬─ done ─> idle (message)
 *                                     └─marks.cancel─> idle            └─ error ─> idle (error)
 *
 * Pure: the call is the `remove` actor (tests replace it with `.provide()`); a success runs
 * `deleted` (the screen provides it to reload the sheet).
 */
import { assign, fromPromise, setup } from 'xstate';
import { deleteMark } from '@/api/exams';
import { confirmStates } from './shared/confirm';
import { nextSeq } from './shared/feedback';

export interface PendingMarkDelete {
  markId: number;
  studentName: string;
  studentCode: string;
}

export interface MarkDeleteContext {
  pending: PendingMarkDelete | null;
  /** The server's confirmation of the last delete; `seq` tells two alike apart. */
  done: { code: string; message: string; seq: number } | null;
  /** The last failure, for the screen to word in the user's language. */
  error: unknown;
}

export type MarkDeleteEvent =
  ({ type: 'marks.delete' } & PendingMarkDelete) | { type: 'marks.confirm' } | { type: 'marks.cancel' };

export const markDeleteMachine = setup({
  types: { context: {} as MarkDeleteContext, events: {} as MarkDeleteEvent, tags: {} as 'busy' | 'confirm' },
  actors: {
    remove: fromPromise<{ message: string; code: string }, { id: number }>(({ input }) => deleteMark(input.id)),
  },
  actions: {
    deleted: () => {},
  },
}).createMachine({
  id: 'markDelete',
  context: { pending: null, done: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'marks.delete': {
          target: 'confirming',
          actions: assign(({ event }) => ({
            pending: { markId: event.markId, studentName: event.studentName, studentCode: event.studentCode },
            error: null,
          })),
        },
      },
    },
    ...confirmStates<MarkDeleteContext, MarkDeleteEvent>()({
      asking: 'confirming',
      working: 'deleting',
      confirm: 'marks.confirm',
      cancel: 'marks.cancel',
      back: 'idle',
      onCancel: { pending: null },
      actor: 'remove',
      input: (context) => ({ id: context.pending!.markId }),
      onDone: (context, output: { message: string; code: string }) => ({
        pending: null,
        done: { code: output.code, message: output.message, seq: nextSeq(context.done) },
      }),
      notify: ['deleted'],
      onError: (_, error) => ({ pending: null, error }),
    }),
  },
});
