/**
 * Saving one's own profile (/myprofile, docs/DOMAIN.md, "Profiles").
 *
 *   editing ─profile.submit (valid)─> saving ─┬─> saved ("Profile updated") ─profile.field─> editing
 *      ▲                                       └─> editing (refused: the fields named; offline)
 *
 * The fields are checked here as the server checks them (a Bangladeshi mobile, an e-mail, a date
 * of birth before today, a blood group of the eight, a first name that is there and no name a
 * spreadsheet would run) so that a slip is named before anything is sent; the server decides.
 * "Profile updated" shows only after the server said so, and until the next change. What was
 * typed is kept through every failure; a failure whose outcome is unknown keeps its
 * Idempotency-Key. Problems are codes (`PROFILE_PROBLEMS`): the screen words them in the user's
 * language. Pure: I/O through `saveProfile`; `profileSaved` (the screen's) refreshes the session.
 */
import { assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '@/api/client';
import { BD_MOBILE } from '@/api/schemas/people';
import { BLOOD_GROUPS, type ProfileUpdateResponse } from '@/api/schemas/profiles';
import type { ProfileForm } from '@/api/profiles';
import { failureOf, keyAfter, type Failure } from './shared/failure';

export const PROFILE_PROBLEMS = ['required', 'mobile', 'email', 'dob', 'bloodGroup', 'formula', 'taken'] as const;
export type ProfileProblem = (typeof PROFILE_PROBLEMS)[number];

const NAME_FIELDS = ['first_name', 'middle_name', 'last_name'] as const;

/** What is wrong with the form, field by field (only the fields this user saves). */
export function profileProblems(
  form: ProfileForm,
  fields: readonly (keyof ProfileForm)[],
  today: string,
): Partial<Record<keyof ProfileForm, ProfileProblem>> {
  const out: Partial<Record<keyof ProfileForm, ProfileProblem>> = {};
  const has = (f: keyof ProfileForm) => fields.includes(f);
  for (const f of NAME_FIELDS) if (has(f) && /^[=+\-@]/.test(form[f].trim())) out[f] = 'formula';
  if (has('first_name') && !form.first_name.trim()) out.first_name = 'required';
  if (has('mobile') && form.mobile.trim() && !BD_MOBILE.test(form.mobile.trim().replace(/[\s-]/g, ''))) {
    out.mobile = 'mobile';
  }
  if (has('email') && form.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email.trim())) out.email = 'email';
  if (
    has('dob') &&
    form.dob &&
    (!/^\d{4}-\d{2}-\d{2}$/.test(form.dob) || form.dob >= today || form.dob < '1900-01-01')
  ) {
    out.dob = 'dob';
  }
  if (has('blood_group') && form.blood_group && !(BLOOD_GROUPS as readonly string[]).includes(form.blood_group)) {
    out.blood_group = 'bloodGroup';
  }
  return out;
}

/** The server's field complaints as problem codes (its words are English; the screen's are not). */
export function problemsOfServer(fields: Record<string, string>): Partial<Record<keyof ProfileForm, ProfileProblem>> {
  const out: Partial<Record<keyof ProfileForm, ProfileProblem>> = {};
  const byField: Record<string, ProfileProblem> = {
    first_name: 'required',
    middle_name: 'formula',
    last_name: 'formula',
    mobile: 'mobile',
    email: 'email',
    dob: 'dob',
    blood_group: 'bloodGroup',
  };
  for (const [field, message] of Object.entries(fields)) {
    const code = /taken/.test(message) ? 'taken' : byField[field];
    if (code) out[field as keyof ProfileForm] = code;
  }
  return out;
}

export const sameForm = (a: ProfileForm, b: ProfileForm) =>
  (Object.keys(a) as (keyof ProfileForm)[]).every((k) => a[k] === b[k]);

export interface ProfileFormInput {
  form: ProfileForm;
  /** The fields this user type saves (src/api/profiles.ts, fieldsFor). */
  fields: readonly (keyof ProfileForm)[];
  /** The school's today (YYYY-MM-DD): a date of birth must be before it. */
  today: string;
}

export interface ProfileFormContext extends ProfileFormInput {
  /** What the server has: the form differs from it while there is unsaved work. */
  saved: ProfileForm;
  problems: Partial<Record<keyof ProfileForm, ProfileProblem>>;
  failure: Failure | null;
  idempotencyKey: string | null;
}

export type ProfileFormEvent =
  { type: 'profile.field'; field: keyof ProfileForm; value: string } | { type: 'profile.submit' };

export const profileFormMachine = setup({
  types: {
    context: {} as ProfileFormContext,
    events: {} as ProfileFormEvent,
    input: {} as ProfileFormInput,
  },
  actors: {
    saveProfile: fromPromise<ProfileUpdateResponse, { form: ProfileForm; idempotencyKey: string }>(() =>
      Promise.reject(new Error('saveProfile is provided by the screen')),
    ),
  },
  actions: {
    profileSaved: () => {},
    edit: assign(({ context, event }) => {
      if (event.type !== 'profile.field') return {};
      const problems = { ...context.problems };
      delete problems[event.field];
      return { form: { ...context.form, [event.field]: event.value }, problems, idempotencyKey: null };
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(profileProblems(context.form, context.fields, context.today)).length === 0,
  },
}).createMachine({
  id: 'profileForm',
  context: ({ input }) => ({
    ...input,
    saved: input.form,
    problems: {},
    failure: null,
    idempotencyKey: null,
  }),
  initial: 'editing',
  on: {
    'profile.field': { target: '.editing', actions: 'edit' },
    'profile.submit': [
      {
        guard: 'valid',
        target: '.saving',
        actions: assign(({ context }) => ({
          failure: null,
          problems: {},
          idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
        })),
      },
      {
        target: '.editing',
        actions: assign(({ context }) => ({
          problems: profileProblems(context.form, context.fields, context.today),
          failure: null,
        })),
      },
    ],
  },
  states: {
    editing: { tags: ['form'] },
    saving: {
      tags: ['busy'],
      // Nothing changes while the save is out: what is sent is what the form shows.
      on: { 'profile.field': {}, 'profile.submit': {} },
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({ form: context.form, idempotencyKey: context.idempotencyKey! }),
        onDone: {
          target: 'saved',
          actions: [assign(({ context }) => ({ saved: context.form, idempotencyKey: null })), 'profileSaved'],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const failure = failureOf(event.error);
            return {
              failure,
              problems: problemsOfServer(failure.fields),
              idempotencyKey: keyAfter(context.idempotencyKey, event.error),
            };
          }),
        },
      },
    },
    saved: { tags: ['form', 'saved'] },
  },
});
