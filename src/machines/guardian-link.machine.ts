/**
 * Linking and unlinking a student's guardians from the student's record.
 *
 *   idle ─guardian.add (name, phone, relation)─> adding ─┬─ done ─> idle (created: user id and
 *     │                                                  │          one-time password, or matched)
 *     │                                                  └─ error ─> idle (error)
 *     └─guardian.unlink (a guardian)─> confirming ─guardian.confirm─> unlinking ─┬─ done ─> idle (told)
 *                                          └─guardian.cancel─> idle              └─ error ─> idle (error)
 *     └─guardian.dismiss─> idle (the one-time password is forgotten: it is shown only until then)
 *
 * Pure: the calls are the `create` and `unlink` actors (tests replace them with `.provide()`); a
 * success runs `changed` (the screen provides it to reload the student's guardians).
 */
import { assign, fromPromise, setup } from 'xstate';
import { createGuardian, unlinkGuardian } from '@/api/guardians';
import type { GuardianCreateResponse, GuardianRelation } from '@/api/schemas/guardians';
import { confirmStates } from './shared/confirm';

export interface GuardianDraft {
  /** The student whose record the admin is on. */
  studentId: number;
  name: string;
  phone: string;
  relation: GuardianRelation;
}

export interface PendingUnlink {
  studentId: number;
  guardianId: number;
  name: string;
}

export interface GuardianLinkContext {
  pending: PendingUnlink | null;
  /** The last add's answer: a new guardian's user id and one-time password, or a match. */
  created: GuardianCreateResponse | null;
  /** Counts confirmed unlinks, so the screen can say so once per success. */
  unlinked: number;
  error: unknown;
}

export type GuardianLinkEvent =
  | ({ type: 'guardian.add' } & GuardianDraft)
  | ({ type: 'guardian.unlink' } & PendingUnlink)
  | { type: 'guardian.confirm' }
  | { type: 'guardian.cancel' }
  | { type: 'guardian.dismiss' };

export const guardianLinkMachine = setup({
  types: {
    context: {} as GuardianLinkContext,
    events: {} as GuardianLinkEvent,
  },
  actors: {
    create: fromPromise<GuardianCreateResponse, GuardianDraft>(({ input }) =>
      createGuardian({
        name: input.name,
        phone: input.phone,
        relation: input.relation,
        student_ids: [input.studentId],
      }),
    ),
    unlink: fromPromise<{ message: string }, { guardianId: number; studentId: number }>(({ input }) =>
      unlinkGuardian({ guardian_id: input.guardianId, student_id: input.studentId }),
    ),
  },
  actions: {
    changed: () => {},
  },
}).createMachine({
  id: 'guardianLink',
  context: { pending: null, created: null, unlinked: 0, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'guardian.dismiss': { actions: assign({ created: null, error: null }) },
        'guardian.add': { target: 'adding', actions: assign({ error: null, created: null }) },
        'guardian.unlink': {
          target: 'confirming',
          actions: assign(({ event }) => ({
            pending: { studentId: event.studentId, guardianId: event.guardianId, name: event.name },
            error: null,
            created: null,
          })),
        },
      },
    },
    adding: {
      tags: ['busy', 'adding'],
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ event }) => {
          const e = event as Extract<GuardianLinkEvent, { type: 'guardian.add' }>;
          return { studentId: e.studentId, name: e.name, phone: e.phone, relation: e.relation };
        },
        onDone: { target: 'idle', actions: [assign({ created: ({ event }) => event.output }), 'changed'] },
        onError: { target: 'idle', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    ...confirmStates<GuardianLinkContext, GuardianLinkEvent>()({
      asking: 'confirming',
      working: 'unlinking',
      confirm: 'guardian.confirm',
      cancel: 'guardian.cancel',
      back: 'idle',
      onCancel: { pending: null },
      actor: 'unlink',
      input: (context) => ({ guardianId: context.pending!.guardianId, studentId: context.pending!.studentId }),
      onDone: (context, _answer: { message: string }) => ({ pending: null, unlinked: context.unlinked + 1 }),
      notify: ['changed'],
      onError: (_, error) => ({ pending: null, error }),
    }),
  },
});
