/**
 * A guardian's SMS choice: SMS or none, in Bangla or English, saved with
 * `PUT /api/guardian/preferences`, and the purposes they want none of (`opted_out`, saved with
 * `PUT /api/guardian/sms-opt-outs`; docs/DOMAIN.md, "SMS centre"). "Saved" is shown only after the server answered; a refusal
 * keeps the choice so the guardian can retry or change it.
 *
 *   editing ─prefs.save─> saving ─┬─ done ─> saved ─prefs.change─> editing
 *                                 └─ error ─> failed ─prefs.retry─> saving
 *                                                   └─prefs.change─> editing
 */
import { assign, fromPromise, setup } from 'xstate';
import { saveSmsChoice, type GuardianSmsChoice } from '@/api/guardians';
import { retryStates } from './shared/retry';

export interface GuardianSmsChoiceContext {
  choice: GuardianSmsChoice;
  error: unknown;
}

export type GuardianSmsChoiceEvent =
  { type: 'prefs.change'; choice: GuardianSmsChoice } | { type: 'prefs.save' } | { type: 'prefs.retry' };

export const guardianPreferencesMachine = setup({
  types: {
    context: {} as GuardianSmsChoiceContext,
    events: {} as GuardianSmsChoiceEvent,
    input: {} as { choice?: GuardianSmsChoice } | undefined,
  },
  actors: {
    save: fromPromise<{ message: string }, GuardianSmsChoice>(({ input }) => saveSmsChoice(input)),
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
    ...retryStates<GuardianSmsChoiceContext, GuardianSmsChoiceEvent>()({
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
