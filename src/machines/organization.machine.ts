/**
 * Organization types (/add-organization): one form that creates a type or, after
 * "Edit" on a row, saves that row; and deleting a row after a confirmation.
 *
 *   editing ─org.submit (both fields)─> saving ─┬─> editing (notice: created/saved, form cleared)
 *      │  ▲                                     └─> editing (error: 409/400 naming the field)
 *      │  └──── org.cancel ─── confirmingDelete ─org.confirm─> deleting ─> editing (notice or 409 "in use")
 *      └─org.delete──────────────┘
 *
 * Success notices only after the server answered ('New Organization Created!'); `savedChanges`
 * (provided by the screen) reloads the list. Pure: I/O through the actors saveOrganization and
 * deleteOrganization.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OrganizationBody, OrganizationRow, SetupMessage } from '@/api/schemas/setup';
import { errorMessage, newIdempotencyKey } from '@/api/client';
import { createOrganization, deleteOrganization, updateOrganization } from '@/api/school-setup';
import { confirmStates } from './shared/confirm';
import { fieldsOf, isRetryable } from './shared/failure';

export interface OrganizationForm {
  Organization_type: string;
  organization_code: string;
}
export const EMPTY_ORGANIZATION: OrganizationForm = { Organization_type: '', organization_code: '' };
export const MISSING_FIELD = 'Fill this in.';

export interface OrganizationError {
  message: string;
  fields: Record<string, string>;
  cause?: unknown;
}

export interface OrganizationContext {
  form: OrganizationForm;
  /** The row being edited; null: the form creates a new type. */
  editingId: number | null;
  /** The row asked to be deleted. */
  target: Pick<OrganizationRow, 'id' | 'Organization_type'> | null;
  error: OrganizationError | null;
  /** The server's success answer, shown until the next change. */
  notice: SetupMessage | null;
  idempotencyKey: string | null;
}

export type OrganizationEvent =
  | { type: 'org.field'; field: keyof OrganizationForm; value: string }
  | { type: 'org.edit'; row: Pick<OrganizationRow, 'id' | 'Organization_type' | 'organization_code'> }
  | { type: 'org.cancel' }
  | { type: 'org.submit' }
  | { type: 'org.delete'; row: Pick<OrganizationRow, 'id' | 'Organization_type'> }
  | { type: 'org.confirm' };

export const organizationMissing = (form: OrganizationForm) =>
  (['Organization_type', 'organization_code'] as const).filter((f) => !form[f].trim());

export const organizationBodyOf = (form: OrganizationForm): OrganizationBody => ({
  Organization_type: form.Organization_type.trim(),
  organization_code: form.organization_code.trim(),
});

const failure = (error: unknown): OrganizationError => ({
  message: errorMessage(error),
  fields: fieldsOf(error),
  cause: error,
});

export const organizationMachine = setup({
  types: {
    context: {} as OrganizationContext,
    events: {} as OrganizationEvent,
  },
  actors: {
    saveOrganization: fromPromise<SetupMessage, { id: number | null; form: OrganizationForm; idempotencyKey: string }>(
      ({ input }) =>
        input.id
          ? updateOrganization(input.id, organizationBodyOf(input.form), input)
          : createOrganization(organizationBodyOf(input.form), input),
    ),
    deleteOrganization: fromPromise<SetupMessage, { id: number }>(({ input }) => deleteOrganization(input.id)),
  },
  actions: {
    /** The screen provides this to reload the list. */
    savedChanges: () => {},
  },
  guards: {
    formComplete: ({ context }) => organizationMissing(context.form).length === 0,
  },
}).createMachine({
  id: 'organization',
  context: {
    form: EMPTY_ORGANIZATION,
    editingId: null,
    target: null,
    error: null,
    notice: null,
    idempotencyKey: null,
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'org.field': {
          actions: assign(({ context, event }) => {
            const fields = { ...(context.error?.fields ?? {}) };
            delete fields[event.field];
            return {
              form: { ...context.form, [event.field]: event.value },
              idempotencyKey: null,
              notice: null,
              error: context.error && Object.keys(fields).length ? { ...context.error, fields } : null,
            };
          }),
        },
        'org.edit': {
          actions: assign(({ event }) => ({
            editingId: event.row.id,
            form: { Organization_type: event.row.Organization_type, organization_code: event.row.organization_code },
            error: null,
            notice: null,
            idempotencyKey: null,
          })),
        },
        'org.cancel': {
          actions: assign({ editingId: null, form: EMPTY_ORGANIZATION, error: null, idempotencyKey: null }),
        },
        'org.submit': [
          {
            guard: 'formComplete',
            target: 'saving',
            actions: assign(({ context }) => ({
              idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
              notice: null,
            })),
          },
          {
            actions: assign(({ context }) => ({
              notice: null,
              error: {
                message: MISSING_FIELD,
                fields: Object.fromEntries(organizationMissing(context.form).map((f) => [f, MISSING_FIELD])),
              },
            })),
          },
        ],
        'org.delete': {
          target: 'confirmingDelete',
          actions: assign(({ event }) => ({ target: event.row, notice: null, error: null })),
        },
      },
    },
    saving: {
      tags: ['busy', 'saving'],
      invoke: {
        id: 'saveOrganization',
        src: 'saveOrganization',
        input: ({ context }) => ({
          id: context.editingId,
          form: context.form,
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ event }) => ({
              notice: event.output,
              form: EMPTY_ORGANIZATION,
              editingId: null,
              error: null,
              idempotencyKey: null,
            })),
            'savedChanges',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            error: failure(event.error),
            idempotencyKey: isRetryable(event.error) ? context.idempotencyKey : null,
          })),
        },
      },
    },
    ...confirmStates<OrganizationContext, OrganizationEvent>()({
      asking: 'confirmingDelete',
      working: 'deleting',
      confirm: 'org.confirm',
      cancel: 'org.cancel',
      back: 'editing',
      onCancel: { target: null },
      actor: 'deleteOrganization',
      input: (context) => ({ id: context.target!.id }),
      onDone: (context, output: SetupMessage) => ({
        notice: output,
        target: null,
        // The row being edited is gone: the form goes back to creating.
        ...(context.editingId === context.target?.id ? { editingId: null, form: EMPTY_ORGANIZATION } : {}),
      }),
      notify: ['savedChanges'],
      onError: (_, error) => ({ error: failure(error), target: null }),
    }),
  },
});
