/**
 * Promoting a section at the end of a session (/add-student).
 *
 *   editing ─promotion.submit (complete)─> confirming ─promotion.confirm─> promoting ─┬─> promoted
 *      ▲  ▲                                    │                                       │
 *      │  └──────────promotion.cancel──────────┘                                       │
 *      └───────────────── refused (already enrolled, roll taken) or offline ───────────┘
 *
 * It moves many students at once, so it always asks first. The section's students are listed with
 * every one ticked; unticking one (a student repeating the year) leaves them out. `student_ids`
 * is sent only when someone is left out, so "everyone" means everyone the server finds. The
 * message shown after is the server's. Pure: I/O through `promote`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { PromoteBody, PromoteResponse } from '@/api/schemas/promotion';
import { errorMessage, newIdempotencyKey } from '@/api/client';
import { promoteStudents } from '@/api/promotion';
import { keyAfter } from './shared/failure';

export interface PromotionForm {
  from_session_id: string;
  section_id: string;
  to_session_id: string;
  to_section_id: string;
}
export type PromotionField = keyof PromotionForm;

export const PROMOTION_REQUIRED = 'Choose one.';
export const NOBODY_CHOSEN = 'Tick at least one student.';

export interface PromotionContext {
  form: PromotionForm;
  /** The section's students as listed (ids), and those unticked. */
  students: number[];
  left: number[];
  fields: Record<string, string>;
  error: { message: string; raw: unknown } | null;
  result: PromoteResponse | null;
  idempotencyKey: string | null;
}

export type PromotionEvent =
  | { type: 'promotion.field'; field: PromotionField; value: string }
  | { type: 'promotion.students'; ids: number[] }
  | { type: 'promotion.toggle'; id: number }
  | { type: 'promotion.submit' }
  | { type: 'promotion.confirm' }
  | { type: 'promotion.cancel' }
  | { type: 'promotion.again' };

export function promotionProblems(c: Pick<PromotionContext, 'form' | 'students' | 'left'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of ['from_session_id', 'section_id', 'to_session_id', 'to_section_id'] as const) {
    if (!c.form[f]) out[f] = PROMOTION_REQUIRED;
  }
  if (c.students.length > 0 && c.left.length >= c.students.length) out.student_ids = NOBODY_CHOSEN;
  return out;
}

export function promotionBody(c: Pick<PromotionContext, 'form' | 'students' | 'left'>): PromoteBody {
  const chosen = c.students.filter((id) => !c.left.includes(id));
  return {
    from_session_id: Number(c.form.from_session_id),
    section_id: Number(c.form.section_id),
    to_session_id: Number(c.form.to_session_id),
    to_section_id: Number(c.form.to_section_id),
    ...(c.left.length > 0 ? { student_ids: chosen } : {}),
  };
}

const EMPTY: PromotionForm = { from_session_id: '', section_id: '', to_session_id: '', to_section_id: '' };

export const promotionMachine = setup({
  types: {
    context: {} as PromotionContext,
    events: {} as PromotionEvent,
    input: {} as { defaults?: Partial<PromotionForm> },
  },
  actors: {
    promote: fromPromise<PromoteResponse, { body: PromoteBody; idempotencyKey: string }>(({ input }) =>
      promoteStudents(input.body, { idempotencyKey: input.idempotencyKey }),
    ),
  },
  actions: {
    /** The app refreshes the lists that show enrolments. */
    promoted: () => {},
  },
  guards: {
    complete: ({ context }) => Object.keys(promotionProblems(context)).length === 0,
  },
}).createMachine({
  id: 'promotion',
  context: ({ input }) => ({
    form: { ...EMPTY, ...input.defaults },
    students: [],
    left: [],
    fields: {},
    error: null,
    result: null,
    idempotencyKey: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'promotion.field': {
          actions: assign(({ context, event }) => {
            const fields = { ...context.fields };
            delete fields[event.field];
            const form = { ...context.form, [event.field]: event.value };
            // Another section or year lists other students: the ticks start again.
            const reset = event.field === 'section_id' || event.field === 'from_session_id';
            return {
              form,
              fields,
              error: null,
              idempotencyKey: null,
              ...(reset ? { students: [], left: [] } : {}),
            };
          }),
        },
        'promotion.students': {
          actions: assign(({ context, event }) => ({
            students: event.ids,
            left: context.left.filter((id) => event.ids.includes(id)),
          })),
        },
        'promotion.toggle': {
          actions: assign(({ context, event }) => {
            const fields = { ...context.fields };
            delete fields.student_ids;
            return {
              fields,
              idempotencyKey: null,
              left: context.left.includes(event.id)
                ? context.left.filter((id) => id !== event.id)
                : [...context.left, event.id],
            };
          }),
        },
        'promotion.submit': [
          { guard: 'complete', target: 'confirming', actions: assign({ fields: {}, error: null }) },
          { actions: assign(({ context }) => ({ fields: promotionProblems(context) })) },
        ],
      },
    },
    confirming: {
      tags: ['confirm'],
      on: {
        'promotion.confirm': {
          target: 'promoting',
          actions: assign(({ context }) => ({ idempotencyKey: context.idempotencyKey ?? newIdempotencyKey() })),
        },
        'promotion.cancel': 'editing',
      },
    },
    promoting: {
      tags: ['busy'],
      invoke: {
        id: 'promote',
        src: 'promote',
        input: ({ context }) => ({ body: promotionBody(context), idempotencyKey: context.idempotencyKey! }),
        onDone: {
          target: 'promoted',
          actions: [assign(({ event }) => ({ result: event.output, idempotencyKey: null })), 'promoted'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            return {
              error: { message: errorMessage(event.error), raw: event.error },
              fields: (event.error as { fields?: Record<string, string> }).fields ?? {},
              // Offline or a server fault: the same key, so a retry cannot promote twice.
              idempotencyKey: keyAfter(context.idempotencyKey, event.error),
            };
          }),
        },
      },
    },
    promoted: {
      tags: ['done'],
      on: {
        'promotion.again': {
          target: 'editing',
          actions: assign(({ context }) => ({
            form: { ...context.form, section_id: '', to_section_id: '' },
            students: [],
            left: [],
            result: null,
          })),
        },
      },
    },
  },
});
