/**
 * Setting a fee: sector, session, class or section, amount, last date and late fee.
 * Invoicing reaches many students, so the flow first asks the server how many (a dry run) and
 * shows that number in a confirmation; only "Generate" writes, with one idempotency key.
 *
 *   editing ─fee.submit (complete)─> counting ─┬─ done ─> confirming ─fee.confirm─> saving ─┬─ done ─> editing (message, `saved`)
 *                                              └─ error ─> editing     └─fee.cancel─> editing └─ error ─> editing (kept)
 */
import { assign, fromPromise, setup } from 'xstate';
import { postFee } from '@/api/fees';
import { newIdempotencyKey } from '@/api/client';
import { moneyProblem, type FeeBody, type FeeResponse } from '@/api/schemas/fees';
import type { Feedback } from './fee-sector.machine';
import { nextSeq } from './shared/feedback';

export interface FeeForm {
  sector_id: string;
  session_id: string;
  class_id: string;
  section_id: string;
  amount: string;
  last_date: string;
  late_fee: string;
}
export type FeeField = keyof FeeForm;
export const emptyFeeForm: FeeForm = {
  sector_id: '',
  session_id: '',
  class_id: '',
  section_id: '',
  amount: '',
  last_date: '',
  late_fee: '',
};

/** Field problems the form can see before asking the server (codes the screen words). */
export function feeFormErrors(f: FeeForm): Partial<Record<FeeField, 'required' | 'money'>> {
  const e: Partial<Record<FeeField, 'required' | 'money'>> = {};
  for (const k of ['sector_id', 'session_id', 'class_id', 'amount', 'last_date'] as const) if (!f[k]) e[k] = 'required';
  if (f.amount && moneyProblem(f.amount)) e.amount = 'money';
  if (f.late_fee && moneyProblem(f.late_fee)) e.late_fee = 'money';
  return e;
}

export function feeBodyOf(f: FeeForm, dryRun: boolean): FeeBody {
  return {
    sector_id: Number(f.sector_id),
    session_id: Number(f.session_id),
    ...(f.section_id ? { section_id: Number(f.section_id) } : { class_id: Number(f.class_id) }),
    amount: f.amount.trim(),
    ...(f.late_fee.trim() ? { late_fee: f.late_fee.trim() } : {}),
    last_date: f.last_date,
    ...(dryRun ? { dry_run: true } : {}),
  };
}

export interface FeeSetupContext {
  form: FeeForm;
  /** The dry run's answer: how many students, how many already invoiced. */
  count: FeeResponse | null;
  key: string | null;
  feedback: (Feedback & { created: number }) | null;
  error: unknown;
}

export type FeeSetupEvent =
  | { type: 'fee.change'; field: FeeField; value: string }
  | { type: 'fee.submit' }
  | { type: 'fee.confirm' }
  | { type: 'fee.cancel' };

export const feeSetupMachine = setup({
  types: {
    context: {} as FeeSetupContext,
    events: {} as FeeSetupEvent,
    input: {} as { form?: Partial<FeeForm> } | undefined,
  },
  actors: {
    count: fromPromise<FeeResponse, { body: FeeBody }>(({ input }) => postFee(input.body)),
    save: fromPromise<FeeResponse, { body: FeeBody; key: string }>(({ input }) =>
      postFee(input.body, { idempotencyKey: input.key }),
    ),
  },
  actions: { saved: () => {} },
  guards: { complete: ({ context }) => Object.keys(feeFormErrors(context.form)).length === 0 },
}).createMachine({
  id: 'feeSetup',
  context: ({ input }) => ({
    form: { ...emptyFeeForm, ...input?.form },
    count: null,
    key: null,
    feedback: null,
    error: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'fee.change': {
          actions: assign(({ context, event }) => {
            const form = { ...context.form, [event.field]: event.value };
            // A section belongs to its class: changing the class forgets the section.
            if (event.field === 'class_id') form.section_id = '';
            return { form };
          }),
        },
        'fee.submit': { guard: 'complete', target: 'counting', actions: assign({ error: null }) },
      },
    },
    counting: {
      tags: ['busy', 'counting'],
      invoke: {
        id: 'count',
        src: 'count',
        input: ({ context }) => ({ body: feeBodyOf(context.form, true) }),
        onDone: { target: 'confirming', actions: assign(({ event }) => ({ count: event.output })) },
        onError: { target: 'editing', actions: assign(({ event }) => ({ error: event.error })) },
      },
    },
    confirming: {
      tags: ['confirm'],
      on: {
        'fee.confirm': { target: 'saving', actions: assign({ key: () => newIdempotencyKey() }) },
        'fee.cancel': { target: 'editing', actions: assign({ count: null }) },
      },
    },
    saving: {
      tags: ['busy', 'confirm'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ body: feeBodyOf(context.form, false), key: context.key! }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => ({
              form: { ...emptyFeeForm, session_id: context.form.session_id, sector_id: context.form.sector_id },
              count: null,
              key: null,
              feedback: {
                code: event.output.code,
                text: event.output.message,
                seq: nextSeq(context.feedback),
                created: event.output.created,
              },
            })),
            'saved',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ error: event.error, count: null, key: null })),
        },
      },
    },
  },
});
