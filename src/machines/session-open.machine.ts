/**
 * Opening the next academic session, after a confirmation:
 *
 *   idle ─session.toggleCopy─> idle (copy the last routine or not)
 *   idle ─session.open─> confirming ─session.confirm─> opening ─┬─ done ─> idle (the server's message)
 *                         └─session.cancel─> idle               └─ error ─> idle (the refusal shown)
 *
 * One idempotency key per confirmation, kept while the outcome is unknown (network, 5xx), so a
 * retry never opens or copies twice. Pure: the `open` actor does the call; tests replace it.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SessionOpenAnswer } from '@/api/schemas/structure';
import { newIdempotencyKey } from '@/api/client';
import { failureOf, type SetupFailure } from './setup-crud.machine';

export interface SessionOpenContext {
  copyRoutines: boolean;
  result: SessionOpenAnswer | null;
  error: SetupFailure | null;
  idempotencyKey: string | null;
  seq: number;
}

export type SessionOpenEvent =
  { type: 'session.toggleCopy' } | { type: 'session.open' } | { type: 'session.confirm' } | { type: 'session.cancel' };

export interface SessionOpenInput {
  copyRoutines: boolean;
  idempotencyKey: string;
}

export const sessionOpenMachine = setup({
  types: { context: {} as SessionOpenContext, events: {} as SessionOpenEvent },
  actors: {
    open: fromPromise<SessionOpenAnswer, SessionOpenInput>(async () => {
      throw new Error('session-open: provide an open actor');
    }),
  },
  actions: { opened: () => {} },
}).createMachine({
  id: 'sessionOpen',
  context: { copyRoutines: true, result: null, error: null, idempotencyKey: null, seq: 0 },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'session.toggleCopy': { actions: assign(({ context }) => ({ copyRoutines: !context.copyRoutines })) },
        'session.open': 'confirming',
      },
    },
    confirming: {
      tags: ['confirm'],
      on: {
        'session.confirm': 'opening',
        'session.cancel': 'idle',
      },
    },
    opening: {
      tags: ['busy', 'confirm'],
      entry: assign(({ context }) => ({ idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(), error: null })),
      invoke: {
        id: 'open',
        src: 'open',
        input: ({ context }) => ({ copyRoutines: context.copyRoutines, idempotencyKey: context.idempotencyKey! }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({ result: event.output, idempotencyKey: null, seq: context.seq + 1 })),
            'opened',
          ],
        },
        onError: {
          target: 'idle',
          actions: assign(({ context, event }) => {
            const error = failureOf(event.error);
            return {
              error,
              result: null,
              idempotencyKey: error.retryable ? context.idempotencyKey : null,
              seq: context.seq + 1,
            };
          }),
        },
      },
    },
  },
});
