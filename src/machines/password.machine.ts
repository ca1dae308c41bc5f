/**
 * Changing one's own password (/studentpassword, /teacherpassword, and the forced change after
 * signing in with a one-time password).
 *
 *   editing ─password.submit (valid)─> submitting ─┬─> changed ("password Changed successfully!!")
 *      ▲                                            └─> editing (wrong current password, weak, offline)
 *
 * The new password is checked here as the server checks it (at least 8 characters, not only
 * digits; typed twice alike) so that a slip is named before anything is sent; the server decides.
 * The success message is only ever the server's. `passwordChanged` (provided by the app) clears
 * the session's "must change" mark. Pure: I/O through `changePassword`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { PASSWORD_MIN, type MessageResponse } from '@/api/schemas/people';
import { errorMessage, newIdempotencyKey } from '@/api/client';
import { changePassword } from '@/api/people';
import { keyAfter } from './shared/failure';

export interface PasswordForm {
  current_password: string;
  Pass: string;
  confirm: string;
}

export const PASSWORD_RULES = {
  required: 'Fill this in.',
  weak: `At least ${PASSWORD_MIN} characters, not only digits.`,
  mismatch: 'The two new passwords differ.',
} as const;

export function passwordProblems(f: PasswordForm): Record<string, string> {
  const out: Record<string, string> = {};
  if (!f.current_password) out.current_password = PASSWORD_RULES.required;
  if (f.Pass.length < PASSWORD_MIN || /^\d+$/.test(f.Pass)) out.Pass = PASSWORD_RULES.weak;
  if (f.confirm !== f.Pass) out.confirm = PASSWORD_RULES.mismatch;
  return out;
}

export interface PasswordContext {
  userCode: string;
  form: PasswordForm;
  fields: Record<string, string>;
  error: string | null;
  message: string | null;
  idempotencyKey: string | null;
}

export type PasswordEvent =
  { type: 'password.field'; field: keyof PasswordForm; value: string } | { type: 'password.submit' };

const EMPTY: PasswordForm = { current_password: '', Pass: '', confirm: '' };

export const passwordMachine = setup({
  types: {
    context: {} as PasswordContext,
    events: {} as PasswordEvent,
    input: {} as { userCode: string },
  },
  actors: {
    changePassword: fromPromise<MessageResponse, { userCode: string; form: PasswordForm; idempotencyKey: string }>(
      ({ input }) =>
        changePassword(
          input.userCode,
          { Pass: input.form.Pass, current_password: input.form.current_password },
          { idempotencyKey: input.idempotencyKey },
        ),
    ),
  },
  actions: {
    passwordChanged: () => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(passwordProblems(context.form)).length === 0,
  },
}).createMachine({
  id: 'password',
  context: ({ input }) => ({
    userCode: input.userCode,
    form: EMPTY,
    fields: {},
    error: null,
    message: null,
    idempotencyKey: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'password.field': {
          actions: assign(({ context, event }) => {
            const fields = { ...context.fields };
            delete fields[event.field];
            return { form: { ...context.form, [event.field]: event.value }, fields, idempotencyKey: null };
          }),
        },
        'password.submit': [
          {
            guard: 'valid',
            target: 'submitting',
            actions: assign(({ context }) => ({
              error: null,
              idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
            })),
          },
          { actions: assign(({ context }) => ({ fields: passwordProblems(context.form), error: null })) },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({
          userCode: context.userCode,
          form: context.form,
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: {
          target: 'changed',
          actions: [
            assign(({ event }) => ({ message: event.output.message, form: EMPTY, idempotencyKey: null })),
            'passwordChanged',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const fields = (event.error as { fields?: Record<string, string> }).fields ?? {};
            return {
              error: errorMessage(event.error),
              fields,
              idempotencyKey: keyAfter(context.idempotencyKey, event.error),
            };
          }),
        },
      },
    },
    changed: { type: 'final', tags: ['done'] },
  },
});
