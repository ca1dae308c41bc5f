/**
 * The school admin's library loans: issue a copy of a book to a student until a due
 * date, and record a loan's return after a confirmation.
 *
 *   idle ─loan.issue(book)─> issuing ─loan.submit (valid)─> sending ─┬─ done ─> idle (the server's message)
 *          (invalid: stays, errors shown)  └─loan.cancel─> idle       └─ error ─> issuing (errors; a 409
 *                                                                        "every copy is out" shown)
 *   idle ─loan.return(loan)─> confirmingReturn ─loan.confirm─> returning ─┬─ done ─> idle (message)
 *                              └─loan.cancel─> idle                         └─ error ─> idle (refusal shown)
 *
 * The server decides whether a copy is left (two desks issuing the last copy at once: one wins);
 * this flow only shows what it answered. One idempotency key per submission, kept while the
 * outcome is unknown. `savedChanges` runs after each confirmed write. Pure: no React, no DOM.
 */
import { assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '@/api/client';
import { failureOf, type SetupFailure as Failure } from './setup-crud.machine';

export interface LoanForm {
  student_code: string;
  due_date: string;
}

export interface LoanInput {
  /** The form's problems by wire field; `today` bounds the due date. */
  check: (form: LoanForm) => Record<string, string>;
  /** The due date a new loan starts with (two weeks on, say). */
  defaultDue: string;
}

export interface LoanFeedback {
  tone: 'success' | 'error';
  text: string;
  code?: string;
  seq: number;
}

export interface LoanContext extends LoanInput {
  book: { id: number; title: string } | null;
  form: LoanForm;
  fieldErrors: Record<string, string>;
  error: Failure | null;
  pendingReturn: { id: number; label: string } | null;
  feedback: LoanFeedback | null;
  idempotencyKey: string | null;
}

export type LoanEvent =
  | { type: 'loan.issue'; book: { id: number; title: string } }
  | { type: 'loan.change'; field: keyof LoanForm; value: string }
  | { type: 'loan.submit' }
  | { type: 'loan.cancel' }
  | { type: 'loan.return'; loan: { id: number; label: string } }
  | { type: 'loan.confirm' };

export interface IssueInput {
  bookId: number;
  form: LoanForm;
  idempotencyKey: string;
}

export interface LoanAnswer {
  message: string;
  code?: string;
}

const nextSeq = (c: LoanContext) => (c.feedback?.seq ?? 0) + 1;

export const libraryLoanMachine = setup({
  types: { context: {} as LoanContext, events: {} as LoanEvent, input: {} as LoanInput },
  actors: {
    issue: fromPromise<LoanAnswer, IssueInput>(async () => {
      throw new Error('library-loan: provide an issue actor');
    }),
    giveBack: fromPromise<LoanAnswer, { id: number; idempotencyKey: string }>(async () => {
      throw new Error('library-loan: provide a giveBack actor');
    }),
  },
  actions: { savedChanges: () => {} },
  guards: { valid: ({ context }) => Object.keys(context.check(context.form)).length === 0 },
}).createMachine({
  id: 'libraryLoan',
  context: ({ input }) => ({
    ...input,
    book: null,
    form: { student_code: '', due_date: input.defaultDue },
    fieldErrors: {},
    error: null,
    pendingReturn: null,
    feedback: null,
    idempotencyKey: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'loan.issue': {
          target: 'issuing',
          actions: assign(({ context, event }) => ({
            book: event.book,
            form: { student_code: '', due_date: context.defaultDue },
            fieldErrors: {},
            error: null,
            idempotencyKey: null,
          })),
        },
        'loan.return': {
          target: 'confirmingReturn',
          actions: assign(({ event }) => ({ pendingReturn: event.loan, idempotencyKey: null })),
        },
      },
    },
    issuing: {
      tags: ['dialog'],
      on: {
        'loan.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _fixed, ...rest } = context.fieldErrors;
            void _fixed;
            return { form: { ...context.form, [event.field]: event.value }, fieldErrors: rest };
          }),
        },
        'loan.submit': [
          { guard: 'valid', target: 'sending' },
          { actions: assign(({ context }) => ({ fieldErrors: context.check(context.form), error: null })) },
        ],
        'loan.cancel': { target: 'idle', actions: assign({ book: null, fieldErrors: {}, error: null }) },
      },
    },
    sending: {
      tags: ['dialog', 'busy'],
      entry: assign(({ context }) => ({
        idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
        error: null,
        fieldErrors: {},
      })),
      invoke: {
        id: 'issue',
        src: 'issue',
        input: ({ context }) => ({
          bookId: context.book!.id,
          form: context.form,
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              idempotencyKey: null,
              book: null,
              feedback: {
                tone: 'success' as const,
                text: event.output.message,
                code: event.output.code,
                seq: nextSeq(context),
              },
            })),
            'savedChanges',
          ],
        },
        onError: {
          target: 'issuing',
          actions: assign(({ context, event }) => {
            const error = failureOf(event.error);
            return {
              error,
              fieldErrors: error.fields,
              idempotencyKey: error.retryable ? context.idempotencyKey : null,
            };
          }),
        },
      },
    },
    confirmingReturn: {
      tags: ['confirm'],
      on: {
        'loan.confirm': 'returning',
        'loan.cancel': { target: 'idle', actions: assign({ pendingReturn: null }) },
      },
    },
    returning: {
      tags: ['busy', 'confirm'],
      entry: assign(({ context }) => ({ idempotencyKey: context.idempotencyKey ?? newIdempotencyKey() })),
      invoke: {
        id: 'giveBack',
        src: 'giveBack',
        input: ({ context }) => ({ id: context.pendingReturn!.id, idempotencyKey: context.idempotencyKey! }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              pendingReturn: null,
              idempotencyKey: null,
              feedback: {
                tone: 'success' as const,
                text: event.output.message,
                code: event.output.code,
                seq: nextSeq(context),
              },
            })),
            'savedChanges',
          ],
        },
        onError: {
          target: 'idle',
          actions: assign(({ context, event }) => {
            const error = failureOf(event.error);
            return {
              pendingReturn: null,
              idempotencyKey: null,
              feedback: { tone: 'error' as const, text: error.message, code: error.code, seq: nextSeq(context) },
            };
          }),
        },
      },
    },
  },
});
