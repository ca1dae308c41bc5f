/**
 * The teacher marks one answer of a subject activity (/activitysubmitlist; docs/DOMAIN.md, "Exams
 * and grades", subject activities): a mark from 0 to the activity's full mark, two decimals at most
 * (Bangla digits read), and feedback.
 *
 *   idle ─mark.open (an answer)─> editing ─mark.save (valid)─> saving ─┬─ done ─> idle (`saved`)
 *     ^                             │ └ (invalid: the field named, stays) └─ error ─> failed
 *     └──────── mark.cancel ────────┴──────────────────────────────────────── failed
 *   failed ─mark.retry (a failure retrying can fix) / mark.save─> saving (the key kept while the
 *          last answer was lost); ─mark.edit / mark.field─> editing (what was typed kept)
 *
 * A lost answer (no status, or a 5xx) keeps the idempotency key so "Try again" never saves twice;
 * a refusal (4xx: above the full mark, another teacher's, locked) forgets it.
 *
 * Pure: the save is the `save` actor (tests replace it with `.provide()`).
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  extraCurriculumMarkBody,
  SUBJECT_ACTIVITY_FIELD_MESSAGES,
  type ExtraCurriculumMarkInput,
  type ExtraCurriculumMarkResponse,
} from '@/api/schemas/subject-activities';
import { newIdempotencyKey } from '@/api/client';
import { markActivityAnswer } from '@/api/subject-activities';
import { latinDigits } from '@/i18n/digits';
import { isRetryable, keyAfter } from './shared/failure';
import { feedbackOf, type Feedback } from './shared/feedback';

export type { Feedback };

/** The answer being marked: its submission, the student's name and the activity's full mark. */
export interface MarkTarget {
  submissionId: number;
  studentName: string;
  fullMark: number;
  mark: number | null;
  feedback: string | null;
}

export interface MarkContext {
  target: MarkTarget | null;
  mark: string;
  feedback: string;
  fields: Record<string, string>;
  error: unknown;
  key: string | null;
  saved: Feedback | null;
}

export type MarkEvent =
  | { type: 'mark.open'; target: MarkTarget }
  | { type: 'mark.field'; field: 'mark' | 'feedback'; value: string }
  | { type: 'mark.save' }
  | { type: 'mark.cancel' }
  | { type: 'mark.retry' }
  | { type: 'mark.edit' };

/** The body of the mark as typed, or what is wrong with it, by wire field. */
export function markBodyOf(
  context: Pick<MarkContext, 'target' | 'mark' | 'feedback'>,
): { body: ExtraCurriculumMarkInput } | { fields: Record<string, string> } {
  const text = latinDigits(context.mark.trim());
  const mark = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const body = { submission_id: context.target?.submissionId ?? 0, mark, feedback: context.feedback };
  const parsed = extraCurriculumMarkBody.safeParse(body);
  const fields: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues)
    fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  if (!fields.mark && context.target && mark > context.target.fullMark)
    fields.mark = SUBJECT_ACTIVITY_FIELD_MESSAGES.markAboveFull;
  return Object.keys(fields).length ? { fields } : { body };
}

/** What is wrong with the mark as typed ({} when nothing). */
export function markFieldsOf(context: Pick<MarkContext, 'target' | 'mark' | 'feedback'>): Record<string, string> {
  const r = markBodyOf(context);
  return 'fields' in r ? r.fields : {};
}

/** The body to send (only called once `valid` passed). */
function markOf(context: Pick<MarkContext, 'target' | 'mark' | 'feedback'>): ExtraCurriculumMarkInput {
  const r = markBodyOf(context);
  if ('fields' in r) throw new Error('The mark is not valid.');
  return r.body;
}

export const subjectActivityMarkMachine = setup({
  types: { context: {} as MarkContext, events: {} as MarkEvent },
  actors: {
    save: fromPromise<ExtraCurriculumMarkResponse, { body: ExtraCurriculumMarkInput; key: string }>(({ input }) =>
      markActivityAnswer(input.body, input.key),
    ),
  },
  guards: {
    valid: ({ context }) => 'body' in markBodyOf(context),
    retryable: ({ context }) => isRetryable(context.error),
  },
  actions: {
    /** The server saved the mark: the screen provides it to reload the list. */
    saved: () => {},
  },
}).createMachine({
  id: 'subjectActivityMark',
  context: { target: null, mark: '', feedback: '', fields: {}, error: null, key: null, saved: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'mark.open': {
          target: 'editing',
          actions: assign(({ event }) => ({
            target: event.target,
            mark: event.target.mark === null ? '' : String(event.target.mark),
            feedback: event.target.feedback ?? '',
            fields: {},
            error: null,
            key: null,
          })),
        },
      },
    },
    editing: {
      tags: ['form'],
      on: {
        'mark.field': {
          actions: assign(({ context, event }) => ({
            [event.field]: event.value,
            fields: { ...context.fields, [event.field]: '' },
          })),
        },
        'mark.save': [
          {
            guard: 'valid',
            target: 'saving',
            actions: assign(({ context }) => ({ key: context.key ?? newIdempotencyKey(), fields: {}, error: null })),
          },
          { actions: assign(({ context }) => ({ fields: markFieldsOf(context) })) },
        ],
        'mark.cancel': { target: 'idle', actions: assign({ target: null, fields: {}, error: null }) },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ body: markOf(context), key: context.key! }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              target: null,
              key: null,
              saved: feedbackOf(context.saved, event.output),
            })),
            'saved',
          ],
        },
        onError: {
          target: 'failed',
          actions: assign(({ context, event }) => ({ error: event.error, key: keyAfter(context.key, event.error) })),
        },
      },
    },
    failed: {
      tags: ['form', 'failed'],
      on: {
        'mark.retry': { guard: 'retryable', target: 'saving', actions: assign({ error: null }) },
        // Saving again: the same key while the last answer was lost (keyAfter kept it), else a new one.
        'mark.save': [
          {
            guard: 'valid',
            target: 'saving',
            actions: assign(({ context }) => ({ key: context.key ?? newIdempotencyKey(), fields: {}, error: null })),
          },
          { target: 'editing', actions: assign(({ context }) => ({ fields: markFieldsOf(context), error: null })) },
        ],
        'mark.edit': { target: 'editing', actions: assign({ error: null }) },
        'mark.field': {
          target: 'editing',
          actions: assign(({ event }) => ({ [event.field]: event.value, error: null })),
        },
        'mark.cancel': { target: 'idle', actions: assign({ target: null, fields: {}, error: null }) },
      },
    },
  },
});

export type SubjectActivityMarkMachine = typeof subjectActivityMarkMachine;
