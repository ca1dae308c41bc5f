/**
 * A homework answer's mark and feedback on the wire (docs/DOMAIN.md, "Homework marks"):
 * `POST /api/homework_mark/update { submission_id, mark, feedback }`. The mark is a number from 0
 * to the homework's full mark (100: homework carries no full mark of its own) with up to two
 * decimals; the feedback is optional text.
 */
import { z } from 'zod';
import { id } from './common';

export const HOMEWORK_MARK_MAX = 100;
export const FEEDBACK_MAX = 1000;

export const HOMEWORK_MARK_MESSAGES = {
  saved: 'Mark saved',
  range: (max: number) => `must be a number from 0 to ${max}`,
  decimals: 'may have at most two decimals',
} as const;

export const HOMEWORK_MARK_SUCCESS_CODES = { saved: 'homework.mark_saved' } as const;

export const homeworkMarkBody = z.strictObject({
  submission_id: id('submission_id'),
  mark: z
    .number({ error: `mark ${HOMEWORK_MARK_MESSAGES.range(HOMEWORK_MARK_MAX)}` })
    .min(0, `mark ${HOMEWORK_MARK_MESSAGES.range(HOMEWORK_MARK_MAX)}`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `mark ${HOMEWORK_MARK_MESSAGES.decimals}`),
  feedback: z
    .string({ error: 'feedback must be text' })
    .trim()
    .max(FEEDBACK_MAX, `feedback must be at most ${FEEDBACK_MAX} characters`)
    .optional()
    .default(''),
});
export type HomeworkMarkInput = z.input<typeof homeworkMarkBody>;

export const homeworkMarkResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  code: z.string(),
  submission_id: z.number(),
  mark: z.number(),
  feedback: z.string(),
  marked_at: z.string(),
  /** The homework's full mark the mark is out of. */
  full_mark: z.number(),
});
export type HomeworkMarkResponse = z.infer<typeof homeworkMarkResponse>;

/** What the answers of the submission list and the student's homework carry about a mark. */
export const markFields = {
  mark: z.number().nullable().default(null),
  feedback: z.string().nullable().default(null),
  marked_at: z.string().nullable().default(null),
};
