/**
 * Choosing the language while signed in: the server saves the choice first, then the app
 * switches (loading Bangla's catalogue and font the first time), without a reload. The client
 * never shows a choice the server refused: a failure keeps the current language and its error is
 * kept for the screen to show (the server's message).
 *
 * idle ──language.choose──> saving ──(saved)──> applying ──> idle (saved: the new language)
 *                             └──(refused / offline)──> idle (error; language unchanged)
 *
 * Pure: the I/O is the named actors (save, apply); tests `.provide()` fakes.
 */
import { assign, fromPromise, setup } from 'xstate';
import { saveLanguage } from '@/api/session';
import type { LanguageResponse } from '@/api/schemas/auth';
import { setLanguage, type Language } from '@/i18n/i18n';

export interface LanguageContext {
  /** The language being saved and applied. */
  pending: Language | null;
  /** The last language the server confirmed (null before any). */
  saved: Language | null;
  /** Why the last choice failed (an ApiError: the screen shows its message). */
  error: unknown;
}

export type LanguageEvent = { type: 'language.choose'; language: Language };

export const languageMachine = setup({
  types: { context: {} as LanguageContext, events: {} as LanguageEvent, tags: {} as 'busy' },
  actors: {
    save: fromPromise<LanguageResponse, { language: Language }>(({ input }) => saveLanguage(input)),
    apply: fromPromise<void, { language: Language }>(({ input }) => setLanguage(input.language)),
  },
}).createMachine({
  id: 'language',
  context: { pending: null, saved: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'language.choose': {
          target: 'saving',
          actions: assign({ pending: ({ event }) => event.language, error: null }),
        },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ language: context.pending ?? 'en' }),
        onDone: { target: 'applying' },
        onError: { target: 'idle', actions: assign({ pending: null, error: ({ event }) => event.error }) },
      },
    },
    applying: {
      tags: 'busy',
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context }) => ({ language: context.pending ?? 'en' }),
        onDone: { target: 'idle', actions: assign({ saved: ({ context }) => context.pending, pending: null }) },
        // Saved, but the catalogue could not be loaded (offline): the next sign-in applies it.
        onError: { target: 'idle', actions: assign({ pending: null, error: ({ event }) => event.error }) },
      },
    },
  },
});

export type LanguageMachine = typeof languageMachine;
