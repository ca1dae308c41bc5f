/**
 * Participation and marks of one activity (/student-activity): the school admin or the
 * teacher in charge adds students, sets each one's role and marks (out of the activity's full
 * marks; empty = taking part, not assessed yet), takes students off, and saves it all at once.
 *
 *   editing ─marks.save (changes, all valid)─> saving ─┬─ done ─> editing (saved rows are the new base, message)
 *     (invalid: stays, the rows' errors shown)         └─ error ─> editing (changes kept, the server's error)
 *   editing ─marks.load (the server's rows)─> editing (changes of students still listed are kept)
 *
 * Pure: the call is the `save` actor (tests replace it with `.provide()`); `saved` runs after a
 * success (the screen provides it to reload the list and the grade sheets' caches).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, newIdempotencyKey } from '@/api/client';
import { saveParticipants } from '@/api/eschool';
import type { ParticipantsInput } from '@/api/schemas/activities';
import { feedbackOf } from './shared/feedback';

export interface MarkRow {
  studentId: number;
  name: string;
  code: string;
  /** As typed. */
  role: string;
  marks: string;
}

export interface ActivityMarksContext {
  activityId: number;
  fullMarks: number;
  /** What the server has (by student). */
  base: Record<number, MarkRow>;
  /** What is on screen (by student), in the order added. */
  rows: MarkRow[];
  removed: number[];
  rowErrors: Record<number, string>;
  error: { message: string; code?: string; status: number; fields: Record<string, string> } | null;
  feedback: { code: string; text: string; seq: number } | null;
  idempotencyKey: string | null;
}

export type ActivityMarksEvent =
  | { type: 'marks.load'; rows: MarkRow[] }
  | { type: 'marks.add'; row: Omit<MarkRow, 'role' | 'marks'> }
  | { type: 'marks.set'; studentId: number; field: 'role' | 'marks'; value: string }
  | { type: 'marks.remove'; studentId: number }
  | { type: 'marks.save' };

/** 'marks' when the text is not a mark from 0 to full marks with at most two decimals. */
export function markProblem(text: string, fullMarks: number): string | null {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return 'format';
  if (Number(t) > fullMarks) return 'over';
  return null;
}

export function changedRows(ctx: Pick<ActivityMarksContext, 'base' | 'rows'>): MarkRow[] {
  return ctx.rows.filter((r) => {
    const b = ctx.base[r.studentId];
    return !b || b.role.trim() !== r.role.trim() || b.marks.trim() !== r.marks.trim();
  });
}

export function bodyOf(ctx: Pick<ActivityMarksContext, 'base' | 'rows' | 'removed'>): ParticipantsInput {
  return {
    participants: changedRows(ctx).map((r) => ({
      student_id: r.studentId,
      role: r.role.trim(),
      marks: r.marks.trim() === '' ? null : Number(r.marks.trim()),
    })),
    remove: ctx.removed,
  };
}

const errorsOf = (ctx: ActivityMarksContext) =>
  Object.fromEntries(
    ctx.rows.flatMap((r) => {
      const p = markProblem(r.marks, ctx.fullMarks);
      return p ? [[r.studentId, p]] : [];
    }),
  ) as Record<number, string>;

export const activityMarksMachine = setup({
  types: {
    context: {} as ActivityMarksContext,
    events: {} as ActivityMarksEvent,
    input: {} as { activityId: number; fullMarks: number },
  },
  actors: {
    save: fromPromise<
      { code: string; message: string },
      { id: number; body: ParticipantsInput; idempotencyKey: string }
    >(({ input }) => saveParticipants(input)),
  },
  actions: { saved: () => {} },
  guards: {
    canSave: ({ context }) =>
      (changedRows(context).length > 0 || context.removed.length > 0) && Object.keys(errorsOf(context)).length === 0,
  },
}).createMachine({
  id: 'activityMarks',
  context: ({ input }) => ({
    activityId: input.activityId,
    fullMarks: input.fullMarks,
    base: {},
    rows: [],
    removed: [],
    rowErrors: {},
    error: null,
    feedback: null,
    idempotencyKey: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'marks.load': {
          actions: assign(({ context, event }) => {
            const base = Object.fromEntries(event.rows.map((r) => [r.studentId, r]));
            const edited = new Map(changedRows(context).map((r) => [r.studentId, r]));
            const listed = event.rows
              .filter((r) => !context.removed.includes(r.studentId))
              .map((r) => edited.get(r.studentId) ?? r);
            const added = [...edited.values()].filter((r) => !base[r.studentId]);
            return { base, rows: [...listed, ...added] };
          }),
        },
        'marks.add': {
          guard: ({ context, event }) => !context.rows.some((r) => r.studentId === event.row.studentId),
          actions: assign(({ context, event }) => ({
            rows: [...context.rows, { ...event.row, role: '', marks: '' }],
            removed: context.removed.filter((id) => id !== event.row.studentId),
            idempotencyKey: null,
          })),
        },
        'marks.set': {
          actions: assign(({ context, event }) => {
            const rows = context.rows.map((r) =>
              r.studentId === event.studentId ? { ...r, [event.field]: event.value } : r,
            );
            const rowErrors = { ...context.rowErrors };
            delete rowErrors[event.studentId];
            return { rows, rowErrors, idempotencyKey: null };
          }),
        },
        'marks.remove': {
          guard: ({ context, event }) => context.rows.some((r) => r.studentId === event.studentId),
          actions: assign(({ context, event }) => ({
            rows: context.rows.filter((r) => r.studentId !== event.studentId),
            removed: context.base[event.studentId] ? [...context.removed, event.studentId] : context.removed,
            idempotencyKey: null,
          })),
        },
        'marks.save': [
          {
            guard: 'canSave',
            target: 'saving',
            actions: assign(({ context }) => ({
              error: null,
              rowErrors: {},
              idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
            })),
          },
          { actions: assign(({ context }) => ({ rowErrors: errorsOf(context) })) },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          id: context.activityId,
          body: bodyOf(context),
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => ({
              base: Object.fromEntries(context.rows.map((r) => [r.studentId, r])),
              removed: [],
              idempotencyKey: null,
              feedback: feedbackOf(context.feedback, event.output),
            })),
            'saved',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const e = event.error as { message?: string; code?: string; fields?: Record<string, string> };
            const status = errorStatus(event.error);
            return {
              error: { message: e?.message ?? 'Something went wrong.', code: e?.code, status, fields: e?.fields ?? {} },
              // no answer or a server failure: the same key goes with the retry
              idempotencyKey: status === 0 || status >= 500 ? context.idempotencyKey : null,
            };
          }),
        },
      },
    },
  },
});
