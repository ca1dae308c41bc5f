/**
 * One's own two-factor sign-in (issue 16), the profile card.
 *
 *   loading ─┬─> off ──start──> starting ──> setup ──code──> enabling ──> showingCodes ──saved──> loading
 *            │    ▲                 │          │ ▲cancel        │ (wrong code: back to setup, said)
 *            │    └─────────────────┘(failed)  └─┘              │
 *            ├─> on ──disable(code, after the screen's confirmation)──> disabling ──> loading ("off")
 *            │    ▲─────────────────────────────────(wrong code, said)──────────┘
 *            └─> failed ──retry──> loading
 *
 * The recovery codes live only in this machine's context while shown and are dropped by "saved".
 * Pure: all I/O through the named actors, which tests replace.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '@/api/schemas/auth';
import { disableTwoFactor, enableTwoFactor, fetchTwoFactorStatus, startTwoFactorSetup } from '@/api/two-factor';

export interface TwoFactorContext {
  status: TwoFactorStatus | null;
  setup: TwoFactorSetup | null;
  recoveryCodes: string[] | null;
  /** The last refusal or failure, as the API client raised it (translated by the screen). */
  error: unknown;
  /** Set after the server confirmed turning it off. */
  turnedOff: boolean;
}

export type TwoFactorEvent =
  | { type: 'twoFactor.retry' }
  | { type: 'twoFactor.start' }
  | { type: 'twoFactor.cancel' }
  | { type: 'twoFactor.code'; code: string }
  | { type: 'twoFactor.saved' }
  | { type: 'twoFactor.disable'; code: string };

export const twoFactorMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
    tags: {} as 'busy',
  },
  actors: {
    fetchStatus: fromPromise<TwoFactorStatus>(() => fetchTwoFactorStatus()),
    startSetup: fromPromise<TwoFactorSetup>(() => startTwoFactorSetup()),
    enable: fromPromise<TwoFactorEnabled, { code: string }>(({ input }) => enableTwoFactor(input.code)),
    disable: fromPromise<unknown, { code: string }>(({ input }) => disableTwoFactor(input.code)),
  },
  guards: {
    isOn: (_, status: TwoFactorStatus) => status.enabled,
  },
}).createMachine({
  id: 'twoFactor',
  context: { status: null, setup: null, recoveryCodes: null, error: null, turnedOff: false },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'fetchStatus',
        src: 'fetchStatus',
        onDone: [
          {
            guard: { type: 'isOn', params: ({ event }) => event.output },
            target: 'on',
            actions: assign({ status: ({ event }) => event.output, setup: null }),
          },
          { target: 'off', actions: assign({ status: ({ event }) => event.output, setup: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    failed: {
      on: { 'twoFactor.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    off: {
      on: { 'twoFactor.start': { target: 'starting', actions: assign({ error: null, turnedOff: false }) } },
    },
    starting: {
      tags: 'busy',
      invoke: {
        id: 'startSetup',
        src: 'startSetup',
        onDone: { target: 'setup', actions: assign({ setup: ({ event }) => event.output }) },
        onError: { target: 'off', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    setup: {
      on: {
        'twoFactor.code': { target: 'enabling', actions: assign({ error: null }) },
        'twoFactor.cancel': { target: 'off', actions: assign({ setup: null, error: null }) },
      },
    },
    enabling: {
      tags: 'busy',
      invoke: {
        id: 'enable',
        src: 'enable',
        input: ({ event }) => ({ code: event.type === 'twoFactor.code' ? event.code : '' }),
        onDone: {
          target: 'showingCodes',
          actions: assign({ recoveryCodes: ({ event }) => event.output.recovery_codes, setup: null }),
        },
        onError: { target: 'setup', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    showingCodes: {
      on: { 'twoFactor.saved': { target: 'loading', actions: assign({ recoveryCodes: null }) } },
    },
    on: {
      on: { 'twoFactor.disable': { target: 'disabling', actions: assign({ error: null }) } },
    },
    disabling: {
      tags: 'busy',
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ event }) => ({ code: event.type === 'twoFactor.disable' ? event.code : '' }),
        onDone: { target: 'loading', actions: assign({ turnedOff: true }) },
        onError: { target: 'on', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
  },
});
