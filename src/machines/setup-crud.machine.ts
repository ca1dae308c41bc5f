/**
 * One setup list with its form (classes, sections, subjects, periods): the create form
 * above the list, the edit dialog, and delete after "Are you sure to delete?".
 *
 *   ready ─setup.submit (form valid)─> creating ─┬─ done ─> ready (form cleared but `keep`, the server's message)
 *     (form invalid: stays, field errors shown)   └─ error ─> ready (form kept, the errors shown)
 *   ready ─setup.edit─> editing ─setup.submit (valid)─> updating ─┬─ done ─> ready (message)
 *                        └─setup.cancel─> ready                    └─ error ─> editing (errors shown)
 *   ready ─setup.delete─> confirmingDelete ─setup.confirm─> deleting ─┬─ done ─> ready (message)
 *                          └─setup.cancel─> ready                      └─ error ─> ready (the 409 shown)
 *
 * The create form and the edit form are separate: opening an edit never loses what is typed in the
 * create form. A success message is only the server's, after it answered; `savedChanges` runs
 * after every successful write (the screen provides it to reload lists). One idempotency key per
 * submission, kept while its outcome is unknown (network, 5xx) so a retry never adds twice.
 *
 * Generic over the entity: the input names the blank form and the check; the screen provides the
 * `save` and `remove` actors for its entity. Pure: no React, no DOM.
 */
import { assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '@/api/client';
import { confirmStates } from './shared/confirm';
import { failureOf as sharedFailureOf } from './shared/failure';

/** A form's fields as the inputs hold them (strings; the screen turns them into a body). */
export type SetupForm = Record<string, string>;

export interface SetupRowRef {
  id: number;
  /** How the row is named in the confirmation ("Section A of Six"). */
  label: string;
}

export interface SetupInput {
  blank: SetupForm;
  /** The form's problems by wire field (empty: it may go), as the server would name them. */
  check: (form: SetupForm) => Record<string, string>;
  /**
   * Fields a create leaves as chosen for the next one (a section's class and shift: the sections
   * of one class are added one after another); the others are cleared.
   */
  keep?: readonly string[];
}

export interface SetupFailure {
  message: string;
  code?: string;
  status: number;
  fields: Record<string, string>;
  retryable: boolean;
}

export interface SetupFeedback {
  tone: 'success' | 'error';
  text: string;
  code?: string;
  /** The refusal's details (a 409 in_use: counts by table), for the translation. */
  fields?: Record<string, string>;
  seq: number;
}

export interface SetupContext extends SetupInput {
  form: SetupForm;
  fieldErrors: Record<string, string>;
  error: SetupFailure | null;
  editId: number | null;
  editForm: SetupForm;
  editPristine: SetupForm;
  editErrors: Record<string, string>;
  editError: SetupFailure | null;
  pendingDelete: SetupRowRef | null;
  feedback: SetupFeedback | null;
  idempotencyKey: string | null;
}

export type SetupEvent =
  | { type: 'setup.change'; field: string; value: string }
  | { type: 'setup.submit' }
  | { type: 'setup.edit'; id: number; form: SetupForm }
  | { type: 'setup.cancel' }
  | { type: 'setup.delete'; row: SetupRowRef }
  | { type: 'setup.confirm' };

export interface SetupSaveInput {
  /** null: create; a number: edit that row. */
  id: number | null;
  form: SetupForm;
  idempotencyKey: string;
}

export interface SetupAnswer {
  message: string;
  code?: string;
}

/** A failed call as the setup screens keep it (./shared/failure.ts). */
export const failureOf: (error: unknown) => SetupFailure = sharedFailureOf;

/** Whether the edit dialog's form differs from the row it opened (unsaved work). */
export const editDirty = (c: Pick<SetupContext, 'editForm' | 'editPristine'>) =>
  Object.keys(c.editForm).some((k) => c.editForm[k] !== c.editPristine[k]);

/** Whether the create form holds anything typed (unsaved work). */
export const createDirty = (c: Pick<SetupContext, 'form' | 'blank'>) =>
  Object.keys(c.form).some((k) => c.form[k] !== c.blank[k]);

const without = (errors: Record<string, string>, field: string) => {
  const { [field]: _fixed, ...rest } = errors;
  void _fixed;
  return rest;
};

/** The create form after a create: blank, but for the fields the next one keeps. */
const afterCreate = (c: SetupContext): SetupForm => {
  const form = { ...c.blank };
  for (const field of c.keep ?? []) if (field in c.form) form[field] = c.form[field];
  return form;
};

const nextSeq = (c: SetupContext) => (c.feedback?.seq ?? 0) + 1;
/** The server's own words after a save or delete it confirmed. */
const saved = (c: SetupContext, output: { message: string; code?: string }) => ({
  tone: 'success' as const,
  text: output.message,
  code: output.code,
  seq: nextSeq(c),
});

export const setupCrudMachine = setup({
  types: {
    context: {} as SetupContext,
    events: {} as SetupEvent,
    input: {} as SetupInput,
  },
  actors: {
    save: fromPromise<SetupAnswer, SetupSaveInput>(async () => {
      throw new Error('setup-crud: provide a save actor');
    }),
    remove: fromPromise<SetupAnswer, { id: number }>(async () => {
      throw new Error('setup-crud: provide a remove actor');
    }),
  },
  actions: {
    savedChanges: () => {},
  },
  guards: {
    createValid: ({ context }) => Object.keys(context.check(context.form)).length === 0,
    editValid: ({ context }) => Object.keys(context.check(context.editForm)).length === 0,
  },
}).createMachine({
  id: 'setupCrud',
  context: ({ input }) => ({
    ...input,
    form: { ...input.blank },
    fieldErrors: {},
    error: null,
    editId: null,
    editForm: { ...input.blank },
    editPristine: { ...input.blank },
    editErrors: {},
    editError: null,
    pendingDelete: null,
    feedback: null,
    idempotencyKey: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      tags: ['list'],
      on: {
        'setup.change': {
          actions: assign(({ context, event }) => ({
            form: { ...context.form, [event.field]: event.value },
            fieldErrors: without(context.fieldErrors, event.field),
          })),
        },
        'setup.submit': [
          { guard: 'createValid', target: 'creating' },
          { actions: assign(({ context }) => ({ fieldErrors: context.check(context.form), error: null })) },
        ],
        'setup.edit': {
          target: 'editing',
          actions: assign(({ event }) => ({
            editId: event.id,
            editForm: { ...event.form },
            editPristine: { ...event.form },
            editErrors: {},
            editError: null,
            idempotencyKey: null,
          })),
        },
        'setup.delete': {
          target: 'confirmingDelete',
          actions: assign(({ event }) => ({ pendingDelete: event.row })),
        },
      },
    },
    creating: {
      tags: ['list', 'busy'],
      entry: assign(({ context }) => ({
        idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
        error: null,
        fieldErrors: {},
      })),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ id: null, form: context.form, idempotencyKey: context.idempotencyKey! }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              idempotencyKey: null,
              form: afterCreate(context),
              feedback: saved(context, event.output),
            })),
            'savedChanges',
          ],
        },
        onError: {
          target: 'ready',
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
    editing: {
      tags: ['edit'],
      on: {
        'setup.change': {
          actions: assign(({ context, event }) => ({
            editForm: { ...context.editForm, [event.field]: event.value },
            editErrors: without(context.editErrors, event.field),
          })),
        },
        'setup.submit': [
          { guard: 'editValid', target: 'updating' },
          { actions: assign(({ context }) => ({ editErrors: context.check(context.editForm), editError: null })) },
        ],
        'setup.cancel': {
          target: 'ready',
          actions: assign({ editId: null, editErrors: {}, editError: null, idempotencyKey: null }),
        },
      },
    },
    updating: {
      tags: ['edit', 'busy'],
      entry: assign(({ context }) => ({
        idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
        editError: null,
        editErrors: {},
      })),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          id: context.editId,
          form: context.editForm,
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: {
          target: 'ready',
          actions: [
            assign(({ context, event }) => ({
              idempotencyKey: null,
              editId: null,
              feedback: saved(context, event.output),
            })),
            'savedChanges',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const error = failureOf(event.error);
            return {
              editError: error,
              editErrors: error.fields,
              idempotencyKey: error.retryable ? context.idempotencyKey : null,
            };
          }),
        },
      },
    },
    ...confirmStates<SetupContext, SetupEvent>()({
      asking: 'confirmingDelete',
      working: 'deleting',
      tags: ['list'],
      confirm: 'setup.confirm',
      cancel: 'setup.cancel',
      back: 'ready',
      onCancel: { pendingDelete: null },
      actor: 'remove',
      input: (context) => ({ id: context.pendingDelete!.id }),
      onDone: (context, output: SetupAnswer) => ({ pendingDelete: null, feedback: saved(context, output) }),
      notify: ['savedChanges'],
      onError: (context, cause) => {
        const error = failureOf(cause);
        return {
          pendingDelete: null,
          feedback: {
            tone: 'error' as const,
            text: error.message,
            code: error.code,
            fields: error.fields,
            seq: nextSeq(context),
          },
        };
      },
    }),
  },
});

/** Checks a form with a request schema: the first problem of each field, by wire field. */
export function schemaCheck(
  toBody: (form: SetupForm) => unknown,
  schema: {
    safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
): (form: SetupForm) => Record<string, string> {
  return (form) => {
    const parsed = schema.safeParse(toBody(form));
    if (parsed.success || !parsed.error) return {};
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      errors[field] ??= issue.message;
    }
    return errors;
  };
}
