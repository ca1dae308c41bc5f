/**
 * Leave (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): a teacher's request, and the
 * school admin's decision on one.
 *
 * The request:
 *   editing ─leave.submit─> submitting ─┬─ done ─> editing (the form cleared, the server's word)
 *      ^ leave.edit                      └─ error ─> editing (what was typed kept, the error)
 *
 * The decision (asked first: it reaches the teacher and the allowance):
 *   idle ─leave.approve / leave.refuse (a row)─> confirming ─leave.confirm─> deciding ─┬─ done ─> idle
 *                       (leave.note types the note)  └─leave.cancel─> idle            └─ error ─> idle
 *
 * Pure: the calls are the `send` and `decide` actors (tests replace them with `.provide()`); a
 * success runs `saved` (the screen's useFlow invalidates the staff keys).
 */
import { assign, fromPromise, setup } from 'xstate';
import { decideLeave, requestLeave } from '@/api/staff';
import type { LeaveBody, LeaveType, LeaveWriteResponse } from '@/api/schemas/staff';
import { confirmStates } from './shared/confirm';
import { feedbackOf, type Feedback } from './shared/feedback';

export interface LeaveForm {
  leave_type: LeaveType;
  start_date: string;
  end_date: string;
  reason: string;
}

export const EMPTY_LEAVE_FORM: LeaveForm = { leave_type: 'casual', start_date: '', end_date: '', reason: '' };

export interface LeaveRequestContext {
  form: LeaveForm;
  feedback: Feedback | null;
  error: unknown;
}

export type LeaveRequestEvent = { type: 'leave.edit'; patch: Partial<LeaveForm> } | { type: 'leave.submit' };

const bodyOf = (form: LeaveForm): LeaveBody => ({
  leave_type: form.leave_type,
  start_date: form.start_date,
  end_date: form.end_date || undefined,
  reason: form.reason,
});

export const leaveRequestMachine = setup({
  types: { context: {} as LeaveRequestContext, events: {} as LeaveRequestEvent },
  actors: {
    send: fromPromise<LeaveWriteResponse, LeaveBody>(({ input }) => requestLeave(input)),
  },
  actions: { saved: () => {} },
  guards: {
    complete: ({ context }) => !!context.form.start_date && !!context.form.reason.trim(),
  },
}).createMachine({
  id: 'leaveRequest',
  context: { form: EMPTY_LEAVE_FORM, feedback: null, error: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'leave.edit': { actions: assign(({ context, event }) => ({ form: { ...context.form, ...event.patch } })) },
        'leave.submit': { guard: 'complete', target: 'submitting', actions: assign({ error: null }) },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => bodyOf(context.form),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => ({
              form: EMPTY_LEAVE_FORM,
              feedback: feedbackOf(context.feedback, event.output),
            })),
            'saved',
          ],
        },
        onError: { target: 'editing', actions: assign(({ event }) => ({ error: event.error })) },
      },
    },
  },
});

export interface PendingDecision {
  id: number;
  name: string;
  days: number;
  status: 'approved' | 'refused';
}

export interface LeaveDecisionContext {
  pending: PendingDecision | null;
  note: string;
  feedback: Feedback | null;
  error: unknown;
}

export type LeaveDecisionEvent =
  | ({ type: 'leave.approve' } & Omit<PendingDecision, 'status'>)
  | ({ type: 'leave.refuse' } & Omit<PendingDecision, 'status'>)
  | { type: 'leave.note'; note: string }
  | { type: 'leave.confirm' }
  | { type: 'leave.cancel' };

export const leaveDecisionMachine = setup({
  types: { context: {} as LeaveDecisionContext, events: {} as LeaveDecisionEvent },
  actors: {
    decide: fromPromise<LeaveWriteResponse, { id: number; status: 'approved' | 'refused'; note: string }>(({ input }) =>
      decideLeave(input),
    ),
  },
  actions: { saved: () => {} },
}).createMachine({
  id: 'leaveDecision',
  context: { pending: null, note: '', feedback: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'leave.approve': {
          target: 'confirming',
          actions: assign(({ event }) => ({
            pending: { id: event.id, name: event.name, days: event.days, status: 'approved' as const },
            note: '',
            error: null,
          })),
        },
        'leave.refuse': {
          target: 'confirming',
          actions: assign(({ event }) => ({
            pending: { id: event.id, name: event.name, days: event.days, status: 'refused' as const },
            note: '',
            error: null,
          })),
        },
      },
    },
    ...confirmStates<LeaveDecisionContext, LeaveDecisionEvent>()({
      asking: 'confirming',
      working: 'deciding',
      confirm: 'leave.confirm',
      cancel: 'leave.cancel',
      back: 'idle',
      onCancel: { pending: null, note: '' },
      actor: 'decide',
      input: (context) => ({ id: context.pending!.id, status: context.pending!.status, note: context.note }),
      onDone: (context, output: LeaveWriteResponse) => ({
        pending: null,
        note: '',
        feedback: feedbackOf(context.feedback, output),
      }),
      notify: ['saved'],
      onError: (_, error) => ({ pending: null, error }),
    }),
  },
  on: {
    'leave.note': { actions: assign(({ event }) => ({ note: event.note })) },
  },
});
