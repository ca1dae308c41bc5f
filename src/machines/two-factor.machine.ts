/**
 * One's own two-factor sign-in, the profile card.
 *
 *   loading ─┬─> off ──start(password)──> starting ──> setup ──code──> enabling ──> showingCodes ──saved──> loading
 *            │    ▲                            │          │ ▲cancel        │ (wrong code: back to setup, said)
 *            │    └────────────────────────────┘(refused) └─┘              │
 *            ├─> on ──disable(code, password, after the screen's confirmation)──> disabling ──> loading ("off")
 *            │    ▲──────────────────────────────────────(wrong code or password, said)──────┘
 *            └─> failed ──retry──> loading
 *
 * Setting up, turning on and turning off need the account's current password (the server checks
 * it like a sign-in): a session alone must not change how the account signs in. The password typed
 * at "start" is kept in this machine's context, in memory only, for the "enable" that follows, and
 * dropped as soon as the setup ends (on, cancelled or refused). The recovery codes live only in the
 * context while shown and are dropped by "saved". Pure: all I/O through the named actors, which
 * tests replace.
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
  /** The current password typed to start the setup, kept (in memory) for turning it on; else null. */
  password: string | null;
}

export type TwoFactorEvent =
  | { type: 'twoFactor.retry' }
  | { type: 'twoFactor.start'; password: string }
  | { type: 'twoFactor.cancel' }
  | { type: 'twoFactor.code'; code: string }
  | { type: 'twoFactor.saved' }
  | { type: 'twoFactor.disable'; code: string; password: string };

export const twoFactorMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
    tags: {} as 'busy' | 'loading' | 'failed' | 'off' | 'setup' | 'codes' | 'on',
  },
  actors: {
    fetchStatus: fromPromise<TwoFactorStatus>(() => fetchTwoFactorStatus()),
    startSetup: fromPromise<TwoFactorSetup, { password: string }>(({ input }) => startTwoFactorSetup(input.password)),
    enable: fromPromise<TwoFactorEnabled, { code: string; password: string }>(({ input }) =>
      enableTwoFactor(input.code, input.password),
    ),
    disable: fromPromise<unknown, { code: string; password: string }>(({ input }) =>
      disableTwoFactor(input.code, input.password),
    ),
  },
  guards: {
    isOn: (_, status: TwoFactorStatus) => status.enabled,
  },
}).createMachine({
  id: 'twoFactor',
  context: { status: null, setup: null, recoveryCodes: null, error: null, turnedOff: false, password: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy', 'loading'],
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
      tags: 'failed',
      on: { 'twoFactor.retry': { target: 'loading', actions: assign({ error: null }) } },
    },
    off: {
      tags: 'off',
      on: {
        'twoFactor.start': {
          target: 'starting',
          actions: assign({ error: null, turnedOff: false, password: ({ event }) => event.password }),
        },
      },
    },
    starting: {
      tags: ['busy', 'off'],
      invoke: {
        id: 'startSetup',
        src: 'startSetup',
        input: ({ context }) => ({ password: context.password ?? '' }),
        onDone: { target: 'setup', actions: assign({ setup: ({ event }) => event.output }) },
        onError: { target: 'off', actions: assign({ error: ({ event }) => event.error, password: null }) },
      },
    },
    setup: {
      tags: 'setup',
      on: {
        'twoFactor.code': { target: 'enabling', actions: assign({ error: null }) },
        'twoFactor.cancel': { target: 'off', actions: assign({ setup: null, error: null, password: null }) },
      },
    },
    enabling: {
      tags: ['busy', 'setup'],
      invoke: {
        id: 'enable',
        src: 'enable',
        input: ({ context, event }) => ({
          code: event.type === 'twoFactor.code' ? event.code : '',
          password: context.password ?? '',
        }),
        onDone: {
          target: 'showingCodes',
          actions: assign({ recoveryCodes: ({ event }) => event.output.recovery_codes, setup: null, password: null }),
        },
        onError: { target: 'setup', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    showingCodes: {
      tags: 'codes',
      on: { 'twoFactor.saved': { target: 'loading', actions: assign({ recoveryCodes: null }) } },
    },
    on: {
      tags: 'on',
      on: { 'twoFactor.disable': { target: 'disabling', actions: assign({ error: null }) } },
    },
    disabling: {
      tags: ['busy', 'on'],
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ event }) =>
          event.type === 'twoFactor.disable'
            ? { code: event.code, password: event.password }
            : { code: '', password: '' },
        onDone: { target: 'loading', actions: assign({ turnedOff: true }) },
        onError: { target: 'on', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
  },
});
