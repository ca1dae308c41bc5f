/**
 * Publishing a session's results, or unlocking its marks for correction (/create-exam).
 * Publishing shows the results to every student of the school and locks the session's marks, so
 * it is asked first; unlocking reopens the marks (results stay published) and is asked too.
 *
 *   idle ─publication.publish / publication.unlock (a session)─> confirming
 *   confirming ─publication.confirm─> saving ─┬─ done ─> idle (feedback, `changed`)
 *        └─publication.cancel─> idle          └─ error ─> idle (error kept for the screen)
 *
 * Pure: the calls are the `publish` and `unlock` actors (tests replace them with `.provide()`);
 * a success runs `changed` (the screen provides it to reload the publication state and lists).
 */
import { assign, fromPromise, setup } from 'xstate';
import { publishResults, unlockMarks } from '@/api/exams';
import { feedbackOf } from './shared/feedback';

export type PublicationAction = 'publish' | 'unlock';

export interface PendingPublication {
  action: PublicationAction;
  sessionId: number;
  sessionYear: string;
}

export interface PublicationFeedback {
  code: string;
  text: string;
  seq: number;
}

export interface PublicationContext {
  pending: PendingPublication | null;
  feedback: PublicationFeedback | null;
  error: unknown;
}

export type PublicationEvent =
  | { type: 'publication.publish'; sessionId: number; sessionYear: string }
  | { type: 'publication.unlock'; sessionId: number; sessionYear: string }
  | { type: 'publication.confirm' }
  | { type: 'publication.cancel' };

interface Answer {
  message: string;
  code: string;
}

export const examPublicationMachine = setup({
  types: { context: {} as PublicationContext, events: {} as PublicationEvent },
  actors: {
    publish: fromPromise<Answer, { session_id: number }>(({ input }) => publishResults(input)),
    unlock: fromPromise<Answer, { session_id: number }>(({ input }) => unlockMarks(input)),
  },
  guards: {
    isPublish: ({ context }) => context.pending?.action === 'publish',
  },
  actions: {
    changed: () => {},
  },
}).createMachine({
  id: 'examPublication',
  context: { pending: null, feedback: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'publication.publish': {
          target: 'confirming',
          actions: assign(({ event }) => ({
            pending: { action: 'publish' as const, sessionId: event.sessionId, sessionYear: event.sessionYear },
            error: null,
          })),
        },
        'publication.unlock': {
          target: 'confirming',
          actions: assign(({ event }) => ({
            pending: { action: 'unlock' as const, sessionId: event.sessionId, sessionYear: event.sessionYear },
            error: null,
          })),
        },
      },
    },
    confirming: {
      tags: ['confirm'],
      on: {
        'publication.confirm': [{ guard: 'isPublish', target: 'publishing' }, { target: 'unlocking' }],
        'publication.cancel': { target: 'idle', actions: assign({ pending: null }) },
      },
    },
    publishing: {
      tags: ['busy', 'confirm'],
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => ({ session_id: context.pending!.sessionId }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              pending: null,
              feedback: feedbackOf(context.feedback, event.output),
            })),
            'changed',
          ],
        },
        onError: { target: 'idle', actions: assign(({ event }) => ({ pending: null, error: event.error })) },
      },
    },
    unlocking: {
      tags: ['busy', 'confirm'],
      invoke: {
        id: 'unlock',
        src: 'unlock',
        input: ({ context }) => ({ session_id: context.pending!.sessionId }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              pending: null,
              feedback: feedbackOf(context.feedback, event.output),
            })),
            'changed',
          ],
        },
        onError: { target: 'idle', actions: assign(({ event }) => ({ pending: null, error: event.error })) },
      },
    },
  },
});
