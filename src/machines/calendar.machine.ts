/**
 * The school admin's academic calendar (spec part 2, Academic calendar): the list, "Add Calender",
 * the "Update Calender" modal and delete with confirmation.
 *
 *   list ─calendar.add─> adding ──────┐
 *   list ─calendar.edit─> editing ────┤ calendar.submit (form valid) ─> saving ─┬─ done ─> list (the server's message)
 *          (form invalid: stays, field errors shown)                           └─ error ─> failed
 *   failed: the form is kept; calendar.change edits it, calendar.submit tries again (the same
 *           idempotency key while the outcome is unknown), calendar.cancel closes it
 *   adding / editing / failed ─calendar.cancel─> list
 *   list ─calendar.delete─> confirmingDelete ─calendar.confirm─> deleting ─┬─ done ─> list
 *                                  └─calendar.cancel─> list               └─ error ─> list (error shown)
 *
 * Rules kept here rather than in the screen:
 * - the form is checked with the shared request schema before sending: a field error keeps the
 *   form and names the field; nothing goes out;
 * - a success message is only ever the server's, set after it answered; a successful save or
 *   delete runs `savedChanges` (a no-op here: the screen provides it to reload the list);
 * - one idempotency key per submission, kept while its outcome is unknown (network, 5xx), so a
 *   retry after a lost answer never adds twice.
 *
 * Pure: no React, no DOM. I/O goes through the actors `save` and `remove`; tests replace them.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  calendarWriteBody,
  type CalendarDeleteResponse,
  type CalendarRow,
  type CalendarType,
  type CalendarWriteBody,
  type CalendarWriteResponse,
} from '@/api/schemas/calendar';
import { newIdempotencyKey } from '@/api/client';
import { deleteCalendarEntry, saveCalendarEntry } from '@/api/calendar';
import { confirmStates } from './shared/confirm';
import { nextSeq } from './shared/feedback';
import { errorParamsOf, failureOf as sharedFailureOf } from './shared/failure';

export const DELETE_QUESTION = 'Are you sure to delete?';

export interface CalendarForm {
  /** null: a new entry; a number: the entry being edited. */
  id: number | null;
  type: CalendarType;
  topics: string;
  details: string;
  /** YYYY-MM-DD ('' while the field holds no valid date) */
  date: string;
  /** YYYY-MM-DD, '' for a one-day entry. */
  end_date: string;
}

export type CalendarField = 'type' | 'topics' | 'details' | 'date' | 'end_date';

export interface CalendarInput {
  /** The school's today: a new entry's date. */
  today: string;
}

export interface CalendarFeedback {
  tone: 'success' | 'error';
  text: string;
  /** The server's stable code, shown in the user's language. */
  code?: string;
  /** Grows with every message, so the same text twice is still two messages. */
  seq: number;
}

export interface CalendarFailure {
  message: string;
  code?: string;
  status: number;
  fields: Record<string, string>;
  /** What the refusal names (e.g. the holiday already entered), for its sentence in Bangla. */
  params?: Record<string, string | number>;
  /** The network or the server failed: the same submission may work again. */
  retryable: boolean;
}

export interface CalendarContext extends CalendarInput {
  form: CalendarForm;
  /** The form as opened: anything else is unsaved work (the screen's leave guard compares). */
  pristine: CalendarForm;
  /** Wire field -> what is wrong: from the form's own check or the server's 400. */
  fieldErrors: Record<string, string>;
  error: CalendarFailure | null;
  feedback: CalendarFeedback | null;
  pendingDelete: CalendarRow | null;
  idempotencyKey: string | null;
}

export type CalendarEvent =
  | { type: 'calendar.add' }
  | { type: 'calendar.edit'; entry: CalendarRow }
  | { type: 'calendar.change'; field: CalendarField; value: string }
  | { type: 'calendar.submit' }
  | { type: 'calendar.cancel' }
  | { type: 'calendar.delete'; entry: CalendarRow }
  | { type: 'calendar.confirm' };

export interface SaveInput {
  body: CalendarWriteBody;
  idempotencyKey: string;
}

export const emptyForm = (today: string): CalendarForm => ({
  id: null,
  type: 'holiday',
  topics: '',
  details: '',
  date: today,
  end_date: '',
});

export const formOf = (entry: CalendarRow): CalendarForm => ({
  id: entry.id,
  type: entry.type,
  topics: entry.topics,
  details: entry.details,
  date: entry.date,
  end_date: entry.end_date === entry.date ? '' : entry.end_date,
});

export const bodyOf = (form: CalendarForm): CalendarWriteBody => ({
  id: form.id ?? '',
  type: form.type,
  topics: form.topics,
  details: form.details,
  date: form.date,
  end_date: form.end_date,
});

/** Whether the form differs from the one opened (unsaved work). */
export const isDirty = (c: Pick<CalendarContext, 'form' | 'pristine'>) =>
  (Object.keys(c.form) as (keyof CalendarForm)[]).some((k) => c.form[k] !== c.pristine[k]);

/** The form's problems by wire field, as the server would name them (empty: the form may go). */
export function formErrors(form: CalendarForm): Record<string, string> {
  const parsed = calendarWriteBody.safeParse(bodyOf(form));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

const failureOf = (error: unknown): CalendarFailure => ({ ...sharedFailureOf(error), params: errorParamsOf(error) });

export const calendarMachine = setup({
  types: {
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
    input: {} as CalendarInput,
  },
  actors: {
    save: fromPromise<CalendarWriteResponse, SaveInput>(({ input }) =>
      saveCalendarEntry(input.body, { idempotencyKey: input.idempotencyKey }),
    ),
    remove: fromPromise<CalendarDeleteResponse, { id: number }>(({ input }) => deleteCalendarEntry(input.id)),
  },
  actions: {
    savedChanges: () => {},
    change: assign(({ context, event }) => {
      assertEvent(event, 'calendar.change');
      const form = { ...context.form, [event.field]: event.value };
      // A field the user fixed no longer shows its complaint.
      const { [event.field]: _fixed, ...fieldErrors } = context.fieldErrors;
      void _fixed;
      return { form, fieldErrors };
    }),
    checkForm: assign(({ context }) => ({ fieldErrors: formErrors(context.form) })),
  },
  guards: {
    formValid: ({ context }) => Object.keys(formErrors(context.form)).length === 0,
  },
}).createMachine({
  id: 'calendar',
  context: ({ input }) => ({
    ...input,
    form: emptyForm(input.today),
    pristine: emptyForm(input.today),
    fieldErrors: {},
    error: null,
    feedback: null,
    pendingDelete: null,
    idempotencyKey: null,
  }),
  initial: 'list',
  states: {
    list: {
      tags: ['list'],
      on: {
        'calendar.add': {
          target: 'adding',
          actions: assign(({ context }) => ({
            form: emptyForm(context.today),
            pristine: emptyForm(context.today),
            fieldErrors: {},
            error: null,
            idempotencyKey: null,
          })),
        },
        'calendar.edit': {
          target: 'editing',
          actions: assign(({ event }) => ({
            form: formOf(event.entry),
            pristine: formOf(event.entry),
            fieldErrors: {},
            error: null,
            idempotencyKey: null,
          })),
        },
        'calendar.delete': {
          target: 'confirmingDelete',
          actions: assign(({ event }) => ({ pendingDelete: event.entry })),
        },
      },
    },
    adding: {
      tags: ['form'],
      on: {
        'calendar.change': { actions: 'change' },
        'calendar.submit': [{ guard: 'formValid', target: 'saving' }, { actions: 'checkForm' }],
        'calendar.cancel': 'list',
      },
    },
    editing: {
      tags: ['form'],
      on: {
        'calendar.change': { actions: 'change' },
        'calendar.submit': [{ guard: 'formValid', target: 'saving' }, { actions: 'checkForm' }],
        'calendar.cancel': 'list',
      },
    },
    saving: {
      tags: ['form', 'busy'],
      entry: assign(({ context }) => ({
        idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
        error: null,
        fieldErrors: {},
      })),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ body: bodyOf(context.form), idempotencyKey: context.idempotencyKey! }),
        onDone: {
          target: 'list',
          actions: [
            assign(({ context, event }) => ({
              idempotencyKey: null,
              form: emptyForm(context.today),
              feedback: {
                tone: 'success' as const,
                text: event.output.message,
                code: event.output.code,
                seq: nextSeq(context.feedback),
              },
            })),
            'savedChanges',
          ],
        },
        onError: {
          target: 'failed',
          actions: assign(({ context, event }) => {
            const error = failureOf(event.error);
            // The server answered for sure (a 4xx): a new submission gets a new key.
            return {
              error,
              fieldErrors: error.fields,
              idempotencyKey: error.retryable ? context.idempotencyKey : null,
            };
          }),
        },
      },
    },
    failed: {
      tags: ['form'],
      on: {
        'calendar.change': { actions: 'change' },
        'calendar.submit': [{ guard: 'formValid', target: 'saving' }, { actions: 'checkForm' }],
        'calendar.cancel': { target: 'list', actions: assign({ error: null, fieldErrors: {}, idempotencyKey: null }) },
      },
    },
    ...confirmStates<CalendarContext, CalendarEvent>()({
      asking: 'confirmingDelete',
      working: 'deleting',
      tags: ['list'],
      confirm: 'calendar.confirm',
      cancel: 'calendar.cancel',
      back: 'list',
      onCancel: { pendingDelete: null },
      actor: 'remove',
      input: (context) => ({ id: context.pendingDelete!.id }),
      onDone: (context, output: CalendarDeleteResponse) => ({
        pendingDelete: null,
        feedback: { tone: 'success' as const, text: output.message, code: output.code, seq: nextSeq(context.feedback) },
      }),
      notify: ['savedChanges'],
      onError: (context, cause) => {
        const error = failureOf(cause);
        return {
          pendingDelete: null,
          feedback: { tone: 'error' as const, text: error.message, code: error.code, seq: nextSeq(context.feedback) },
        };
      },
    }),
  },
});
