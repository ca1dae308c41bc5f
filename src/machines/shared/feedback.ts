/**
 * The server's confirmation of a write, as a flow shows it: its code (worded in the user's
 * language), its own message, and a sequence number so that two alike confirmations in a row are
 * told apart (the screen announces each; docs/ARCHITECTURE.md, "The client": "A write succeeds on
 * screen only after the server confirmed it").
 */

export interface Feedback {
  code: string;
  text: string;
  seq: number;
}

/** The next number after the last feedback's (1 for the first). */
export const nextSeq = (last: { seq: number } | null | undefined): number => (last?.seq ?? 0) + 1;

/** The feedback after `last` for the server's answer. */
export const feedbackOf = (
  last: { seq: number } | null | undefined,
  answer: { code: string; message: string },
): Feedback => ({
  code: answer.code,
  text: answer.message,
  seq: nextSeq(last),
});
