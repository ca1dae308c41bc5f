/**
 * Deleting a record made by mistake from an admin's list (docs/DOMAIN.md, "Deleting"): a student,
 * a teacher, an exam, an exam type, a fee head, an invoice (cancelled, with a reason), a school, or
 * the routine entries chosen. Nothing is deleted before the admin confirmed, in a dialog that says
 * what will go; a refusal (409 `deletes.has_dependents`) is kept with what depends on the record
 * and the alternative, for the screen to show until dismissed.
 *
 *   idle ─records.delete─┬─ (an invoice) ─> giving reason ─records.next (a reason)─┐
 *                        └────────────────────────────────────────────────────────> confirming
 *   confirming ─records.confirm─> deleting ─┬─ done ─> idle (done, `deleted`)
 *        └─records.cancel─> idle             └─ error ─> failed ─┬─ a refusal ─> refused ─records.dismiss─> idle
 *                                                                └─ otherwise ─> idle (error)
 *
 * Pure: the call is the `remove` actor (tests replace it with `.provide()`); a success runs
 * `deleted` (the screen provides it through useFlow to read its list again).
 */
import { assign, fromPromise, setup } from 'xstate';
import { deleteRecords, refusalOf, type Refusal } from '@/api/record-deletes';
import type { DeletableKind } from '@/api/schemas/record-deletes';
import { confirmStates } from './shared/confirm';
import { feedbackOf, type Feedback } from './shared/feedback';

export interface DeleteTarget {
  kind: DeletableKind;
  /** One record's id (several only for routine entries). */
  ids: number[];
  /** What the dialog names: the student's name and code, the exam, the entries chosen. */
  label: string;
}

export interface RecordDeleteContext {
  target: DeleteTarget | null;
  /** An invoice's cancellation reason, as typed. */
  reason: string;
  /** The last refusal: what depends on the record and what to do instead. */
  refusal: (Refusal & { target: DeleteTarget }) | null;
  feedback: Feedback | null;
  /** The last other failure, for the screen to word in the user's language. */
  error: unknown;
}

export type RecordDeleteEvent =
  | ({ type: 'records.delete' } & DeleteTarget)
  | { type: 'records.reason'; reason: string }
  | { type: 'records.next' }
  | { type: 'records.confirm' }
  | { type: 'records.cancel' }
  | { type: 'records.dismiss' };

export interface RemoveInput {
  kind: DeletableKind;
  ids: number[];
  reason: string;
}

export const recordDeleteMachine = setup({
  types: {
    context: {} as RecordDeleteContext,
    events: {} as RecordDeleteEvent,
    tags: {} as 'busy' | 'confirm' | 'reason' | 'refused',
  },
  actors: {
    remove: fromPromise<{ message: string; code: string }, RemoveInput>(({ input }) =>
      deleteRecords(input.kind, input.ids, input.reason),
    ),
  },
  actions: {
    deleted: () => {},
  },
  guards: {
    needsReason: ({ event }) => event.type === 'records.delete' && event.kind === 'invoice',
    hasReason: ({ context }) => context.reason.trim().length > 0,
    isRefusal: ({ context }) => context.refusal !== null,
  },
}).createMachine({
  id: 'recordDelete',
  context: { target: null, reason: '', refusal: null, feedback: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'records.delete': [
          {
            guard: 'needsReason',
            target: 'givingReason',
            actions: assign(({ event }) => ({
              target: { kind: event.kind, ids: [...event.ids], label: event.label },
              reason: '',
              refusal: null,
              error: null,
            })),
          },
          {
            target: 'confirming',
            actions: assign(({ event }) => ({
              target: { kind: event.kind, ids: [...event.ids], label: event.label },
              reason: '',
              refusal: null,
              error: null,
            })),
          },
        ],
      },
    },
    givingReason: {
      tags: ['reason'],
      on: {
        'records.reason': { actions: assign(({ event }) => ({ reason: event.reason })) },
        'records.next': { guard: 'hasReason', target: 'confirming' },
        'records.cancel': { target: 'idle', actions: assign({ target: null, reason: '' }) },
      },
    },
    ...confirmStates<RecordDeleteContext, RecordDeleteEvent>()({
      asking: 'confirming',
      working: 'deleting',
      confirm: 'records.confirm',
      cancel: 'records.cancel',
      back: 'idle',
      onCancel: { target: null, reason: '' },
      actor: 'remove',
      input: (context): RemoveInput => ({
        kind: context.target!.kind,
        ids: context.target!.ids,
        reason: context.reason.trim(),
      }),
      onDone: (context, output: { message: string; code: string }) => ({
        target: null,
        reason: '',
        feedback: feedbackOf(context.feedback, output),
      }),
      notify: ['deleted'],
      failed: 'failed',
      onError: (context, error) => {
        const refusal = refusalOf(error);
        return refusal
          ? { refusal: { ...refusal, target: context.target! }, target: null, reason: '', error: null }
          : { target: null, reason: '', error };
      },
    }),
    failed: {
      always: [{ guard: 'isRefusal', target: 'refused' }, { target: 'idle' }],
    },
    refused: {
      tags: ['refused'],
      on: {
        'records.dismiss': { target: 'idle', actions: assign({ refusal: null }) },
      },
    },
  },
});
