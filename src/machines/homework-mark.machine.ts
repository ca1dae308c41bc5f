/**
 * Marking one homework answer inline in the teacher's submission list (docs/DOMAIN.md,
 * "Homework marks").
 *
 *   editing ─mark.save (a mark 0..max, two decimals)─> saving ─┬─> saved ("Mark saved") ─mark.*─> editing
 *      ▲                                                        └─> editing (refused, offline: said why)
 *
 * The mark is typed as text (Bangla digits too) and checked here as the server checks it, so a
 * slip is named before anything is sent. What was typed stays through every failure, and while
 * it differs from what the server has the screen asks before leaving. A failure whose outcome is
 * unknown keeps the Idempotency-Key. Pure: I/O through `saveMark`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '@/api/client';
import type { HomeworkMarkResponse } from '@/api/schemas/homework-marks';
import { latinDigits } from '@/i18n/digits';
import { failureOf, keyAfter, type Failure } from './shared/failure';

/** The mark typed, as a number; null when it is not one from 0 to `max` with at most two decimals. */
export function markValue(text: string, max: number): number | null {
  const s = latinDigits(text.trim());
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const n = Number(s);
  return n >= 0 && n <= max ? n : null;
}

export interface MarkDraft {
  mark: string;
  feedback: string;
}

export interface HomeworkMarkInput {
  submissionId: number;
  max: number;
  /** What the server has (empty for none yet). */
  draft: MarkDraft;
}

export interface HomeworkMarkContext extends HomeworkMarkInput {
  saved: MarkDraft;
  problem: 'range' | null;
  failure: Failure | null;
  idempotencyKey: string | null;
}

export type HomeworkMarkEvent =
  { type: 'mark.mark'; value: string } | { type: 'mark.feedback'; value: string } | { type: 'mark.save' };

export interface SaveMarkInput {
  submission_id: number;
  mark: number;
  feedback: string;
  idempotencyKey: string;
}

export const isDirty = (c: Pick<HomeworkMarkContext, 'draft' | 'saved'>) =>
  c.draft.mark.trim() !== c.saved.mark.trim() || c.draft.feedback.trim() !== c.saved.feedback.trim();

export const homeworkMarkMachine = setup({
  types: {
    context: {} as HomeworkMarkContext,
    events: {} as HomeworkMarkEvent,
    input: {} as HomeworkMarkInput,
  },
  actors: {
    saveMark: fromPromise<HomeworkMarkResponse, SaveMarkInput>(() =>
      Promise.reject(new Error('saveMark is provided by the screen')),
    ),
  },
  actions: {
    markSaved: () => {},
  },
  guards: {
    valid: ({ context }) => markValue(context.draft.mark, context.max) !== null,
  },
}).createMachine({
  id: 'homeworkMark',
  context: ({ input }) => ({ ...input, saved: input.draft, problem: null, failure: null, idempotencyKey: null }),
  initial: 'editing',
  on: {
    'mark.mark': {
      target: '.editing',
      actions: assign(({ context, event }) => ({
        draft: { ...context.draft, mark: event.value },
        problem: null,
        idempotencyKey: null,
      })),
    },
    'mark.feedback': {
      target: '.editing',
      actions: assign(({ context, event }) => ({
        draft: { ...context.draft, feedback: event.value },
        idempotencyKey: null,
      })),
    },
    'mark.save': [
      {
        guard: 'valid',
        target: '.saving',
        actions: assign(({ context }) => ({
          problem: null,
          failure: null,
          idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
        })),
      },
      { target: '.editing', actions: assign({ problem: 'range' as const, failure: null }) },
    ],
  },
  states: {
    editing: {},
    saving: {
      tags: ['busy'],
      // What is sent is what the row shows: nothing changes until the answer.
      on: { 'mark.mark': {}, 'mark.feedback': {}, 'mark.save': {} },
      invoke: {
        id: 'saveMark',
        src: 'saveMark',
        input: ({ context }) => ({
          submission_id: context.submissionId,
          mark: markValue(context.draft.mark, context.max)!,
          feedback: context.draft.feedback.trim(),
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: {
          target: 'saved',
          actions: [
            assign(({ event }) => {
              const saved = { mark: String(event.output.mark), feedback: event.output.feedback };
              return { saved, draft: saved, idempotencyKey: null };
            }),
            'markSaved',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const failure = failureOf(event.error);
            return {
              failure,
              problem: failure.fields.mark ? ('range' as const) : null,
              idempotencyKey: keyAfter(context.idempotencyKey, event.error),
            };
          }),
        },
      },
    },
    saved: { tags: ['saved'] },
  },
});
