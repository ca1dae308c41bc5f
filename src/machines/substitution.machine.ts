/**
 * Assigning a substitute (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): the admin
 * picks a free teacher for a period of an away teacher on a date, is asked, and the server assigns.
 *
 *   idle ─substitution.choose (a period)─> idle (the choice kept per period)
 *   idle ─substitution.assign (a period)─> confirming ─substitution.confirm─> assigning ─┬─ done ─> idle
 *                                              └─substitution.cancel─> idle              └─ error ─> idle
 *
 * Pure: the call is the `assign` actor (tests replace it with `.provide()`); a success runs `saved`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { assignSubstitute } from '@/api/staff';
import type { SubstitutionBody, SubstitutionResponse } from '@/api/schemas/staff';
import { confirmStates } from './shared/confirm';
import { feedbackOf, type Feedback } from './shared/feedback';

export interface PendingSubstitution {
  routineId: number;
  date: string;
  teacherId: number;
  teacherName: string;
  periodName: string;
}

export interface SubstitutionContext {
  /** The teacher chosen for each period (routine id), before assigning. */
  choices: Record<number, number>;
  pending: PendingSubstitution | null;
  feedback: Feedback | null;
  error: unknown;
}

export type SubstitutionEvent =
  | { type: 'substitution.choose'; routineId: number; teacherId: number }
  | ({ type: 'substitution.assign' } & PendingSubstitution)
  | { type: 'substitution.confirm' }
  | { type: 'substitution.cancel' };

export const substitutionMachine = setup({
  types: { context: {} as SubstitutionContext, events: {} as SubstitutionEvent },
  actors: {
    assign: fromPromise<SubstitutionResponse, SubstitutionBody>(({ input }) => assignSubstitute(input)),
  },
  actions: { saved: () => {} },
  guards: { chosen: ({ event }) => event.type === 'substitution.assign' && event.teacherId > 0 },
}).createMachine({
  id: 'substitution',
  context: { choices: {}, pending: null, feedback: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'substitution.choose': {
          actions: assign(({ context, event }) => ({
            choices: { ...context.choices, [event.routineId]: event.teacherId },
          })),
        },
        'substitution.assign': {
          guard: 'chosen',
          target: 'confirming',
          actions: assign(({ event }) => ({
            pending: {
              routineId: event.routineId,
              date: event.date,
              teacherId: event.teacherId,
              teacherName: event.teacherName,
              periodName: event.periodName,
            },
            error: null,
          })),
        },
      },
    },
    ...confirmStates<SubstitutionContext, SubstitutionEvent>()({
      asking: 'confirming',
      working: 'assigning',
      confirm: 'substitution.confirm',
      cancel: 'substitution.cancel',
      back: 'idle',
      onCancel: { pending: null },
      actor: 'assign',
      input: (context) => ({
        routine_id: context.pending!.routineId,
        date: context.pending!.date,
        teacher_id: context.pending!.teacherId,
      }),
      onDone: (context, output: SubstitutionResponse) => {
        const { [output.routine_id]: _done, ...choices } = context.choices;
        return { pending: null, choices, feedback: feedbackOf(context.feedback, output) };
      },
      notify: ['saved'],
      onError: (_, error) => ({ pending: null, error }),
    }),
  },
});
