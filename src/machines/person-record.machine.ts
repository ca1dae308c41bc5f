/**
 * One person's record in the admin's people screens (docs/DOMAIN.md, Records): edit it, mark them
 * as left (with a confirmation that says what happens), bring them back.
 *
 *   viewing ─record.edit─> editing ─record.save (required filled)─> saving ─┬─> viewing (notice: saved / moved)
 *      │                     └─record.cancel─> viewing                        └─> editing (error kept, fields named)
 *      ├─record.leave (active)─> leaving ─record.submit (date, reason)─> confirmingLeave ─record.confirm─> deactivating
 *      │                           └─record.cancel─> viewing               └─record.cancel─> leaving
 *      │                                                     deactivating ─┬─> viewing (inactive; notice: deactivated)
 *      │                                                                   └─> leaving (error)
 *      └─record.reactivate (inactive)─> confirmingReactivate ─record.confirm─> reactivating ─> viewing
 *
 * - the form starts from the record the server answered, and what is sent is the whole form
 *   (the add payload's fields, src/machines/person-form.machine.ts `personBody`);
 * - a write succeeds on screen only once the server answered; `savedChanges` (the screen's)
 *   invalidates the lists and the record, so every screen shows it at once;
 * - one idempotency key per write, kept while its outcome is unknown (network or 5xx).
 *
 * Pure: no React, no DOM. I/O through the actors updateRecord, deactivate and reactivate.
 */
import { assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '@/api/client';
import type { PersonKind } from '@/api/people';
import {
  deactivatePerson,
  reactivatePerson,
  updateStudentRecord,
  updateTeacherRecord,
  type Leave,
} from '@/api/people-records';
import type { AddStudentBody, AddTeacherBody } from '@/api/schemas/people';
import type { LeaveReason, RecordMessage, UpdateResponse } from '@/api/schemas/people-records';
import { confirmStates } from './shared/confirm';
import { failureOf, type Failure } from './shared/failure';
import { MISSING_FIELD, missingFields, personBody, type PersonForm } from './person-form.machine';

export interface PersonRecordInput {
  kind: PersonKind;
  id: number;
  name: string;
  /** The record's values as the form shows them (text). */
  form: PersonForm;
  /** The leaving date, null while active. */
  leftOn: string | null;
  /** The school's today (YYYY-MM-DD): the leaving's and the change's default date. */
  today: string;
}

export type LeaveDraft = { date: string; reason: LeaveReason | ''; note: string };

export type RecordNotice = 'saved' | 'moved' | 'deactivated' | 'reactivated';

export interface PersonRecordContext extends PersonRecordInput {
  pristine: PersonForm;
  leave: LeaveDraft;
  error: Failure | null;
  key: string | null;
  notice: RecordNotice | null;
}

export type PersonRecordEvent =
  | { type: 'record.edit' }
  | { type: 'record.field'; field: string; value: string }
  | { type: 'record.save' }
  | { type: 'record.cancel' }
  | { type: 'record.leave' }
  | { type: 'record.leaveField'; field: keyof LeaveDraft; value: string }
  | { type: 'record.submit' }
  | { type: 'record.confirm' }
  | { type: 'record.reactivate' };

/** The update's wire body: the add payload's fields (no session), and the change's date for a student. */
export function updateBody(kind: PersonKind, form: PersonForm): AddStudentBody | AddTeacherBody {
  const body = personBody(kind, form);
  if (kind === 'teacher') return body;
  const { session_id: _session, ...student } = body as AddStudentBody;
  const effective = (form.effective_date ?? '').trim();
  return { ...student, ...(effective ? { effective_date: effective } : {}) } as AddStudentBody;
}

const keyAfter = (error: unknown, key: string | null) => (failureOf(error).retryable ? key : null);

const startLeave = (today: string): LeaveDraft => ({ date: today, reason: '', note: '' });

const confirm = confirmStates<PersonRecordContext, PersonRecordEvent>();

export const personRecordMachine = setup({
  types: {
    context: {} as PersonRecordContext,
    events: {} as PersonRecordEvent,
    input: {} as PersonRecordInput,
  },
  actors: {
    updateRecord: fromPromise<UpdateResponse, { kind: PersonKind; id: number; form: PersonForm; key: string }>(
      ({ input }) =>
        input.kind === 'student'
          ? updateStudentRecord(input.id, updateBody('student', input.form) as never, { idempotencyKey: input.key })
          : updateTeacherRecord(input.id, updateBody('teacher', input.form) as AddTeacherBody, {
              idempotencyKey: input.key,
            }),
    ),
    deactivate: fromPromise<RecordMessage, { kind: PersonKind; id: number; leave: Leave; key: string }>(({ input }) =>
      deactivatePerson(input.kind, input.id, input.leave, { idempotencyKey: input.key }),
    ),
    reactivate: fromPromise<RecordMessage, { kind: PersonKind; id: number; key: string }>(({ input }) =>
      reactivatePerson(input.kind, input.id, { idempotencyKey: input.key }),
    ),
  },
  actions: {
    /** The screen provides this to invalidate the lists and the record. */
    savedChanges: () => {},
  },
  guards: {
    formComplete: ({ context }) => missingFields(context.kind, context.form).length === 0,
    leaveComplete: ({ context }) => !!context.leave.date && !!context.leave.reason,
    active: ({ context }) => context.leftOn === null,
    inactive: ({ context }) => context.leftOn !== null,
  },
}).createMachine({
  id: 'personRecord',
  context: ({ input }) => ({
    ...input,
    form: { ...input.form },
    pristine: { ...input.form },
    leave: startLeave(input.today),
    error: null,
    key: null,
    notice: null,
  }),
  initial: 'viewing',
  states: {
    viewing: {
      tags: ['view'],
      on: {
        'record.edit': { target: 'editing', actions: assign({ error: null, notice: null }) },
        'record.leave': {
          guard: 'active',
          target: 'leaving',
          actions: assign(({ context }) => ({ leave: startLeave(context.today), error: null, notice: null })),
        },
        'record.reactivate': {
          guard: 'inactive',
          target: 'confirmingReactivate',
          actions: assign(() => ({ notice: null, error: null, key: newIdempotencyKey() })),
        },
      },
    },
    editing: {
      tags: ['form'],
      on: {
        'record.field': {
          actions: assign(({ context, event }) => {
            const fields = { ...(context.error?.fields ?? {}) };
            delete fields[event.field];
            return {
              form: { ...context.form, [event.field]: event.value },
              key: null,
              error: context.error && Object.keys(fields).length ? { ...context.error, fields } : null,
            };
          }),
        },
        'record.save': [
          {
            guard: 'formComplete',
            target: 'saving',
            actions: assign(({ context }) => ({ key: context.key ?? newIdempotencyKey() })),
          },
          {
            actions: assign(({ context }) => ({
              error: {
                message: MISSING_FIELD,
                status: 0,
                retryable: false,
                fields: Object.fromEntries(missingFields(context.kind, context.form).map((f) => [f, MISSING_FIELD])),
              },
            })),
          },
        ],
        'record.cancel': {
          target: 'viewing',
          actions: assign(({ context }) => ({ form: context.pristine, error: null, key: null })),
        },
      },
    },
    saving: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'updateRecord',
        src: 'updateRecord',
        input: ({ context }) => ({ kind: context.kind, id: context.id, form: context.form, key: context.key! }),
        onDone: {
          target: 'viewing',
          actions: [
            assign(({ context, event }) => ({
              pristine: context.form,
              error: null,
              key: null,
              notice: event.output.enrolment_changed ? ('moved' as const) : ('saved' as const),
            })),
            'savedChanges',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            error: failureOf(event.error),
            key: keyAfter(event.error, context.key),
          })),
        },
      },
    },
    leaving: {
      tags: ['leave'],
      on: {
        'record.leaveField': {
          actions: assign(({ context, event }) => ({
            leave: { ...context.leave, [event.field]: event.value },
            key: null,
            error: null,
          })),
        },
        'record.submit': [
          {
            guard: 'leaveComplete',
            target: 'confirmingLeave',
            actions: assign(({ context }) => ({ key: context.key ?? newIdempotencyKey() })),
          },
          {
            actions: assign(({ context }) => ({
              error: {
                message: MISSING_FIELD,
                status: 0,
                retryable: false,
                fields: Object.fromEntries(
                  (['date', 'reason'] as const).filter((f) => !context.leave[f]).map((f) => [f, MISSING_FIELD]),
                ),
              },
            })),
          },
        ],
        'record.cancel': { target: 'viewing', actions: assign({ error: null }) },
      },
    },
    ...confirm({
      asking: 'confirmingLeave',
      working: 'deactivating',
      confirm: 'record.confirm',
      cancel: 'record.cancel',
      back: 'leaving',
      onCancel: {},
      actor: 'deactivate',
      input: (context) => ({
        kind: context.kind,
        id: context.id,
        leave: { ...context.leave, reason: context.leave.reason as LeaveReason },
        key: context.key!,
      }),
      done: 'viewing',
      onDone: (context) => ({ leftOn: context.leave.date, key: null, error: null, notice: 'deactivated' as const }),
      notify: ['savedChanges'],
      failed: 'leaving',
      onError: (context, error) => ({ error: failureOf(error), key: keyAfter(error, context.key) }),
      tags: ['leave'],
    }),
    ...confirm({
      asking: 'confirmingReactivate',
      working: 'reactivating',
      confirm: 'record.confirm',
      cancel: 'record.cancel',
      back: 'viewing',
      onCancel: {},
      actor: 'reactivate',
      input: (context) => ({ kind: context.kind, id: context.id, key: context.key! }),
      done: 'viewing',
      onDone: () => ({ leftOn: null, key: null, error: null, notice: 'reactivated' as const }),
      notify: ['savedChanges'],
      onError: (context, error) => ({ error: failureOf(error), key: keyAfter(error, context.key) }),
      tags: ['view'],
    }),
  },
});
