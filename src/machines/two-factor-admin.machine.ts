/**
 * Who must use two-factor sign-in, and the super admin's reset of a school admin's.
 *
 *   idle ──policy.set(scope, required)──> saving ──> idle (done: "now required" / "no longer")
 *     │                                     └─(refused)─> idle (error, said)
 *     └──admin.reset(user code, after the screen's confirmation)──> resetting ──> idle (done / error)
 *
 * One write at a time; the screen's buttons ask `state.can(...)`. Pure: the I/O is the named
 * actors, which tests replace; a success runs `saved`, which the screen provides to
 * invalidate the queries.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { TwoFactorPolicy } from '@/api/schemas/auth';
import { resetTwoFactor, setTwoFactorPolicy, type PolicyScope } from '@/api/two-factor';

export type AdminDone =
  { kind: 'policy'; scope: PolicyScope; required: boolean } | { kind: 'reset'; userCode: string; name: string };

export type TwoFactorAdminEvent =
  | { type: 'policy.set'; scope: PolicyScope; required: boolean }
  | { type: 'admin.reset'; userCode: string; name: string };

export interface TwoFactorAdminContext {
  /** The write under way, as asked. */
  pending: TwoFactorAdminEvent | null;
  /** What the server confirmed last (the screen says it). */
  done: AdminDone | null;
  /** The last refusal or failure (translated by the screen). */
  error: unknown;
}

function doneOf(pending: TwoFactorAdminEvent | null): AdminDone | null {
  if (!pending) return null;
  return pending.type === 'policy.set'
    ? { kind: 'policy', scope: pending.scope, required: pending.required }
    : { kind: 'reset', userCode: pending.userCode, name: pending.name };
}

export const twoFactorAdminMachine = setup({
  types: {
    context: {} as TwoFactorAdminContext,
    events: {} as TwoFactorAdminEvent,
    tags: {} as 'busy',
  },
  actors: {
    setPolicy: fromPromise<TwoFactorPolicy, { scope: PolicyScope; required: boolean }>(({ input }) =>
      setTwoFactorPolicy(input.scope, input.required),
    ),
    reset: fromPromise<unknown, { userCode: string }>(({ input }) => resetTwoFactor(input.userCode)),
  },
  /** The server confirmed the change: the screen provides it to reload what it shows. */
  actions: { saved: () => {} },
}).createMachine({
  id: 'twoFactorAdmin',
  context: { pending: null, done: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'policy.set': { target: 'saving', actions: assign({ pending: ({ event }) => event, done: null, error: null }) },
        'admin.reset': {
          target: 'resetting',
          actions: assign({ pending: ({ event }) => event, done: null, error: null }),
        },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'setPolicy',
        src: 'setPolicy',
        input: ({ context }) =>
          context.pending?.type === 'policy.set'
            ? { scope: context.pending.scope, required: context.pending.required }
            : { scope: { kind: 'system' as const }, required: false },
        onDone: {
          target: 'idle',
          actions: [assign(({ context }) => ({ done: doneOf(context.pending), pending: null })), 'saved'],
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => event.error, pending: null }) },
      },
    },
    resetting: {
      tags: 'busy',
      invoke: {
        id: 'reset',
        src: 'reset',
        input: ({ context }) => ({ userCode: context.pending?.type === 'admin.reset' ? context.pending.userCode : '' }),
        onDone: {
          target: 'idle',
          actions: [assign(({ context }) => ({ done: doneOf(context.pending), pending: null })), 'saved'],
        },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => event.error, pending: null }) },
      },
    },
  },
});
