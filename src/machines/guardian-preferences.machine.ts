/**
 * A guardian's absence-message choice: SMS or none, in Bangla or English, saved with
 * `PUT /api/guardian/preferences`. "Saved" is shown only after the server answered; a refusal
 * keeps the choice so the guardian can retry or change it.
 *
 *   editing ─prefs.save─> saving ─┬─ done ─> saved ─prefs.change─> editing
 *                                 └─ error ─> failed ─prefs.retry─> saving
 *                                                   └─prefs.change─> editing
 */
import { assign, fromPromise, setup } from 'xstate';
import { savePreferences } from '@/api/guardians';
import type { GuardianPreferences } from '@/api/schemas/guardians';
import { retryStates } from './shared/retry';

export interface GuardianPreferencesContext {
  choice: GuardianPreferences;
  error: unknown;
}

export type GuardianPreferencesEvent =
  { type: 'prefs.change'; choice: GuardianPreferences } | { type: 'prefs.save' } | { type: 'prefs.retry' };

export const guardianPreferencesMachine = setup({
  types: {
    context: {} as GuardianPreferencesContext,
    events: {} as GuardianPreferencesEvent,
    input: {} as { choice?: GuardianPreferences } | undefined,
  },
  actors: {
    save: fromPromise<{ message: string }, GuardianPreferences>(({ input }) => savePreferences(input)),
  },
  actions: {
    saved: () => {},
    choose: assign(({ context, event }) => ({
      choice: event.type === 'prefs.change' ? event.choice : context.choice,
      error: null,
    })),
  },
}).createMachine({
  id: 'guardianPreferences',
  // The server's default until the guardian's own choice is known.
  context: ({ input }) => ({ choice: input?.choice ?? { sms: 'sms', language: 'bn' }, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: { 'prefs.change': { actions: 'choose' }, 'prefs.save': 'saving' },
    },
    ...retryStates<GuardianPreferencesContext, GuardianPreferencesEvent>()({
      working: 'saving',
      failed: 'failed',
      actor: 'save',
      input: (context) => context.choice,
      done: 'saved',
      notify: ['saved'],
      retry: 'prefs.retry',
      leave: [{ event: 'prefs.change', target: 'editing', actions: ['choose'] }],
    }),
    saved: { tags: ['saved'], on: { 'prefs.change': { target: 'editing', actions: 'choose' } } },
  },
});
