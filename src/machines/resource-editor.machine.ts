/**
 * The school admin's editor of one kind of resource (library books, e-books, important
 * links): add or edit in a dialog, delete after a confirmation.
 *
 *   idle ─resource.add / resource.edit─> editing ─resource.submit (valid)─> saving ─┬─ done ─> idle (the server's message)
 *            (invalid: stays, field errors shown)  └─resource.cancel─> idle             └─ error ─> editing (errors shown)
 *   idle ─resource.delete─> confirmingDelete ─resource.confirm─> deleting ─┬─ done ─> idle (message)
 *                            └─resource.cancel─> idle                      └─ error ─> idle (the refusal shown, e.g. 409 on loan)
 *
 * A file (an e-book's) rides beside the text form: `check` sees both, so a new e-book without one
 * is stopped before any call. One idempotency key per submission, kept while its outcome is
 * unknown (network, 5xx) so a retry never adds twice. Generic over the entity: the screen provides
 * `save` and `remove`, and `savedChanges` to reload its lists. Pure: no React, no DOM.
 */
import { assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '@/api/client';
import { failureOf, type SetupFailure as Failure } from './setup-crud.machine';
import { confirmStates } from './shared/confirm';

export type ResourceForm = Record<string, string>;

export interface ResourceEditorInput {
  blank: ResourceForm;
  /** The form's problems by wire field (empty: it may go); `id` null for a new one. */
  check: (form: ResourceForm, file: File | null, id: number | null) => Record<string, string>;
}

export interface ResourceFeedback {
  tone: 'success' | 'error';
  text: string;
  code?: string;
  seq: number;
}

export interface ResourceEditorContext extends ResourceEditorInput {
  editId: number | null;
  form: ResourceForm;
  pristine: ResourceForm;
  file: File | null;
  fieldErrors: Record<string, string>;
  error: Failure | null;
  pendingDelete: { id: number; label: string } | null;
  feedback: ResourceFeedback | null;
  idempotencyKey: string | null;
}

export type ResourceEditorEvent =
  | { type: 'resource.add' }
  | { type: 'resource.edit'; id: number; form: ResourceForm }
  | { type: 'resource.change'; field: string; value: string }
  | { type: 'resource.file'; file: File | null }
  | { type: 'resource.submit' }
  | { type: 'resource.cancel' }
  | { type: 'resource.delete'; row: { id: number; label: string } }
  | { type: 'resource.confirm' };

export interface ResourceSaveInput {
  id: number | null;
  form: ResourceForm;
  file: File | null;
  idempotencyKey: string;
}

export interface ResourceAnswer {
  message: string;
  code?: string;
}

/** Whether the dialog holds unsaved work. */
export const resourceDirty = (c: Pick<ResourceEditorContext, 'form' | 'pristine' | 'file'>) =>
  c.file !== null || Object.keys(c.form).some((k) => c.form[k] !== c.pristine[k]);

const nextSeq = (c: ResourceEditorContext) => (c.feedback?.seq ?? 0) + 1;

export const resourceEditorMachine = setup({
  types: {
    context: {} as ResourceEditorContext,
    events: {} as ResourceEditorEvent,
    input: {} as ResourceEditorInput,
  },
  actors: {
    save: fromPromise<ResourceAnswer, ResourceSaveInput>(async () => {
      throw new Error('resource-editor: provide a save actor');
    }),
    remove: fromPromise<ResourceAnswer, { id: number }>(async () => {
      throw new Error('resource-editor: provide a remove actor');
    }),
  },
  actions: {
    savedChanges: () => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(context.check(context.form, context.file, context.editId)).length === 0,
  },
}).createMachine({
  id: 'resourceEditor',
  context: ({ input }) => ({
    ...input,
    editId: null,
    form: { ...input.blank },
    pristine: { ...input.blank },
    file: null,
    fieldErrors: {},
    error: null,
    pendingDelete: null,
    feedback: null,
    idempotencyKey: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      tags: ['list'],
      on: {
        'resource.add': {
          target: 'editing',
          actions: assign(({ context }) => ({
            editId: null,
            form: { ...context.blank },
            pristine: { ...context.blank },
            file: null,
            fieldErrors: {},
            error: null,
            idempotencyKey: null,
          })),
        },
        'resource.edit': {
          target: 'editing',
          actions: assign(({ event }) => ({
            editId: event.id,
            form: { ...event.form },
            pristine: { ...event.form },
            file: null,
            fieldErrors: {},
            error: null,
            idempotencyKey: null,
          })),
        },
        'resource.delete': {
          target: 'confirmingDelete',
          actions: assign(({ event }) => ({ pendingDelete: event.row })),
        },
      },
    },
    editing: {
      tags: ['dialog'],
      on: {
        'resource.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _fixed, ...rest } = context.fieldErrors;
            void _fixed;
            return { form: { ...context.form, [event.field]: event.value }, fieldErrors: rest };
          }),
        },
        'resource.file': {
          actions: assign(({ context, event }) => {
            const { file: _fixed, ...rest } = context.fieldErrors;
            void _fixed;
            return { file: event.file, fieldErrors: rest };
          }),
        },
        'resource.submit': [
          { guard: 'valid', target: 'saving' },
          {
            actions: assign(({ context }) => ({
              fieldErrors: context.check(context.form, context.file, context.editId),
              error: null,
            })),
          },
        ],
        'resource.cancel': { target: 'idle', actions: assign({ fieldErrors: {}, error: null, file: null }) },
      },
    },
    saving: {
      tags: ['dialog', 'busy'],
      entry: assign(({ context }) => ({
        idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
        error: null,
        fieldErrors: {},
      })),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          id: context.editId,
          form: context.form,
          file: context.file,
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              idempotencyKey: null,
              file: null,
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
          target: 'editing',
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
    ...confirmStates<ResourceEditorContext, ResourceEditorEvent>()({
      asking: 'confirmingDelete',
      working: 'deleting',
      tags: ['list'],
      confirm: 'resource.confirm',
      cancel: 'resource.cancel',
      back: 'idle',
      onCancel: { pendingDelete: null },
      actor: 'remove',
      input: (context) => ({ id: context.pendingDelete!.id }),
      onDone: (context, output: ResourceAnswer) => ({
        pendingDelete: null,
        feedback: { tone: 'success' as const, text: output.message, code: output.code, seq: nextSeq(context) },
      }),
      notify: ['savedChanges'],
      onError: (context, cause) => {
        const error = failureOf(cause);
        return {
          pendingDelete: null,
          feedback: { tone: 'error' as const, text: error.message, code: error.code, seq: nextSeq(context) },
        };
      },
    }),
  },
});
