/**
 * Deleting a homework from the teacher's list (spec part 2 §5: "Are you sure to delete?"). The
 * row's own id travels with the event (the old portal read it from the list and sent undefined).
 *
 *   idle ─homework.delete (a row)─> confirming ─homework.confirm─> deleting ─┬─ done ─> idle (message)
 *                                        └─homework.cancel─> idle            └─ error ─> idle (error)
 *
 * Pure: the call is the `remove` actor (tests replace it with `.provide()`); a success runs
 * `deleted` (the screen provides it to reload the list).
 */
import { assign, fromPromise, setup } from 'xstate';
import { deleteHomework } from '@/api/homework';
import type { Feedback } from './homework-create.machine';
import { confirmStates } from './shared/confirm';
import { feedbackOf } from './shared/feedback';

export interface PendingDelete {
  id: number;
  topic: string;
  className: string;
  sectionName: string;
}

export interface HomeworkDeleteContext {
  pending: PendingDelete | null;
  feedback: Feedback | null;
  /** The last failure, for the screen to word in the user's language. */
  error: unknown;
}

export type HomeworkDeleteEvent =
  ({ type: 'homework.delete' } & PendingDelete) | { type: 'homework.confirm' } | { type: 'homework.cancel' };

export const homeworkDeleteMachine = setup({
  types: { context: {} as HomeworkDeleteContext, events: {} as HomeworkDeleteEvent },
  actors: {
    remove: fromPromise<{ message: string; code: string }, { id: number }>(({ input }) => deleteHomework(input.id)),
  },
  actions: {
    deleted: () => {},
  },
}).createMachine({
  id: 'homeworkDelete',
  context: { pending: null, feedback: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'homework.delete': {
          target: 'confirming',
          actions: assign(({ event }) => ({
            pending: { id: event.id, topic: event.topic, className: event.className, sectionName: event.sectionName },
            error: null,
          })),
        },
      },
    },
    ...confirmStates<HomeworkDeleteContext, HomeworkDeleteEvent>()({
      asking: 'confirming',
      working: 'deleting',
      confirm: 'homework.confirm',
      cancel: 'homework.cancel',
      back: 'idle',
      onCancel: { pending: null },
      actor: 'remove',
      input: (context) => ({ id: context.pending!.id }),
      onDone: (context, output: { message: string; code: string }) => ({
        pending: null,
        feedback: feedbackOf(context.feedback, output),
      }),
      notify: ['deleted'],
      onError: (_, error) => ({ pending: null, error }),
    }),
  },
});
