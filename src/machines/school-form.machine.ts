/**
 * The school form: /add-school creates a school with its admin, the same form in a
 * dialog edits a school (super admin), and /schoolprofile edits a school's contact details.
 *
 *   editing ─school.submit (complete, EIIN of 6 digits)─> submitting ─┬─> saved (create: the admin's
 *      ▲                                                                │    one-time password, once)
 *      │                                                                └─> editing (409/400 naming the field)
 *      └──────────────────────── school.dismiss ── saved
 *
 * - the address is a cascade: choosing a division clears the district and upazila, choosing a
 *   district clears the upazila, so a form never holds an upazila of another district;
 * - an incomplete form is not sent: the missing fields are named; a bad EIIN is named before sending;
 * - success (and the password) only after the server answered; `savedChanges` (provided by the
 *   screen) invalidates the school lists;
 * - one idempotency key per submission, kept while its outcome is unknown (network, 5xx).
 *
 * Pure: no React, no DOM. I/O goes through the actor saveSchool.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SchoolDetailRow } from '@/api/schemas/lookups';
import type { AddSchoolBody, AddSchoolResponse, SchoolContactBody, UpdateSchoolBody } from '@/api/schemas/setup';
import { errorMessage, newIdempotencyKey } from '@/api/client';
import { BD_MOBILE } from '@/api/schemas/people';
import { addSchool, updateSchool, updateSchoolContact } from '@/api/school-setup';
import { fieldsOf, isRetryable } from './shared/failure';

export type SchoolFormMode = 'create' | 'edit' | 'contact';
export type SchoolForm = Record<string, string>;

export const SCHOOL_REQUIRED: Record<SchoolFormMode, readonly string[]> = {
  create: [
    'school_type',
    'eiin',
    'school_name',
    'short_name',
    'division',
    'district',
    'upazilla',
    'admin_code',
    'admin_first_name',
  ],
  edit: ['school_type', 'eiin', 'school_name', 'short_name', 'division', 'district', 'upazilla'],
  contact: [],
};
export const MISSING_FIELD = 'Fill this in.';
export const BAD_EIIN = 'EIIN must be exactly 6 digits.';
export const BAD_PHONE = 'Enter a mobile number like 01712345678.';
export const BAD_EMAIL = 'Enter an e-mail address.';

const PHONE_FIELDS = ['phone', 'head_phone', 'admin_phone'] as const;
const EMAIL_FIELDS = ['email', 'head_email', 'admin_email'] as const;

/** Choosing a place clears the places below it. */
const CASCADE: Record<string, readonly string[]> = { division: ['district', 'upazilla'], district: ['upazilla'] };

export interface SchoolFormInput {
  mode: SchoolFormMode;
  /** The school being edited (edit, contact). */
  schoolId?: number;
  /** Its current values (edit, contact). */
  initial?: SchoolForm;
}

export interface SchoolError {
  message: string;
  fields: Record<string, string>;
  retryable: boolean;
  cause?: unknown;
}

export interface SchoolFormContext extends SchoolFormInput {
  form: SchoolForm;
  pristine: SchoolForm;
  error: SchoolError | null;
  idempotencyKey: string | null;
  created: AddSchoolResponse | null;
  saved: SchoolDetailRow | null;
}

export type SchoolFormEvent =
  | { type: 'school.field'; field: string; value: string }
  | { type: 'school.submit' }
  | { type: 'school.dismiss' }
  | { type: 'school.reset' };

/** What keeps a form from being sent: missing fields, an EIIN that is not 6 digits, a bad phone or e-mail. */
export function schoolProblems(mode: SchoolFormMode, form: SchoolForm): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of SCHOOL_REQUIRED[mode]) if (!(form[f] ?? '').trim()) out[f] = MISSING_FIELD;
  if (mode !== 'contact' && !out.eiin && !/^[0-9]{6}$/.test((form.eiin ?? '').trim())) out.eiin = BAD_EIIN;
  for (const f of PHONE_FIELDS) {
    const v = (form[f] ?? '').replace(/[\s-]/g, '');
    if (v && !BD_MOBILE.test(v)) out[f] = BAD_PHONE;
  }
  for (const f of EMAIL_FIELDS) {
    const v = (form[f] ?? '').trim();
    if (v && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) out[f] = BAD_EMAIL;
  }
  return out;
}

const num = (v: string | undefined) => (v && /^\d+$/.test(v.trim()) ? Number(v.trim()) : 0);
const str = (v: string | undefined) => (v ?? '').trim();

export function contactBody(f: SchoolForm): SchoolContactBody {
  return {
    phone: str(f.phone),
    email: str(f.email),
    head_name: str(f.head_name),
    head_phone: str(f.head_phone),
    head_email: str(f.head_email),
  };
}

export function schoolBody(f: SchoolForm): UpdateSchoolBody {
  return {
    school_type: num(f.school_type),
    eiin: str(f.eiin),
    school_name: str(f.school_name),
    short_name: str(f.short_name),
    division: num(f.division),
    district: num(f.district),
    upazilla: num(f.upazilla),
    address: str(f.address),
    ...contactBody(f),
  };
}

export function addSchoolBody(f: SchoolForm): AddSchoolBody {
  return {
    ...schoolBody(f),
    admin_code: str(f.admin_code),
    admin_first_name: str(f.admin_first_name),
    admin_last_name: str(f.admin_last_name),
    admin_phone: str(f.admin_phone),
    admin_email: str(f.admin_email),
  };
}

/** A school's current values as a form (the edit dialog and the contact form start from them). */
export function schoolToForm(s: SchoolDetailRow): SchoolForm {
  const id = (v: number | null) => (v ? String(v) : '');
  return {
    school_type: String(s.type_id),
    eiin: s.eiin,
    school_name: s.school_name,
    short_name: s.short_name,
    division: id(s.division_id),
    district: id(s.district_id),
    upazilla: id(s.upazila_id),
    address: s.address,
    phone: s.phone,
    email: s.email,
    head_name: s.head_name,
    head_phone: s.head_phone,
    head_email: s.head_email,
  };
}

type SaveInput = { mode: SchoolFormMode; schoolId?: number; form: SchoolForm; idempotencyKey: string };
type SaveOutput = { created: AddSchoolResponse | null; saved: SchoolDetailRow | null };

export const schoolFormMachine = setup({
  types: {
    context: {} as SchoolFormContext,
    events: {} as SchoolFormEvent,
    input: {} as SchoolFormInput,
  },
  actors: {
    saveSchool: fromPromise<SaveOutput, SaveInput>(async ({ input }) => {
      const opts = { idempotencyKey: input.idempotencyKey };
      if (input.mode === 'create') return { created: await addSchool(addSchoolBody(input.form), opts), saved: null };
      const id = input.schoolId ?? 0;
      const saved =
        input.mode === 'edit'
          ? await updateSchool(id, schoolBody(input.form), opts)
          : await updateSchoolContact(id, contactBody(input.form), opts);
      return { created: null, saved };
    }),
  },
  actions: {
    /** The screen provides this to invalidate the school lists. */
    savedChanges: () => {},
  },
  guards: {
    formReady: ({ context }) => Object.keys(schoolProblems(context.mode, context.form)).length === 0,
  },
}).createMachine({
  id: 'schoolForm',
  context: ({ input }) => {
    const form = { ...(input.initial ?? {}) };
    return { ...input, form, pristine: form, error: null, idempotencyKey: null, created: null, saved: null };
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'school.field': {
          actions: assign(({ context, event }) => {
            const cleared = CASCADE[event.field] ?? [];
            const changed = event.value !== context.form[event.field];
            const form = { ...context.form, [event.field]: event.value };
            if (changed) for (const f of cleared) form[f] = '';
            const fields = { ...(context.error?.fields ?? {}) };
            delete fields[event.field];
            return {
              form,
              // A changed form is a new submission: its outcome is known again.
              idempotencyKey: null,
              error: context.error && Object.keys(fields).length ? { ...context.error, fields } : null,
            };
          }),
        },
        'school.submit': [
          {
            guard: 'formReady',
            target: 'submitting',
            actions: assign(({ context }) => ({ idempotencyKey: context.idempotencyKey ?? newIdempotencyKey() })),
          },
          {
            actions: assign(({ context }) => {
              const fields = schoolProblems(context.mode, context.form);
              return { error: { message: Object.values(fields)[0], fields, retryable: false } };
            }),
          },
        ],
        'school.reset': {
          actions: assign(({ context }) => ({ form: context.pristine, error: null, idempotencyKey: null })),
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'saveSchool',
        src: 'saveSchool',
        input: ({ context }) => ({
          mode: context.mode,
          schoolId: context.schoolId,
          form: context.form,
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: {
          target: 'saved',
          actions: [
            assign(({ context, event }) => {
              // A new school clears the form for the next one; an edit keeps what was saved.
              const form = context.mode === 'create' ? context.pristine : context.form;
              return {
                created: event.output.created,
                saved: event.output.saved,
                form,
                pristine: form,
                error: null,
                idempotencyKey: null,
              };
            }),
            'savedChanges',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => ({
            error: {
              message: errorMessage(event.error),
              fields: fieldsOf(event.error),
              retryable: isRetryable(event.error),
              cause: event.error,
            },
            idempotencyKey: isRetryable(event.error) ? context.idempotencyKey : null,
          })),
        },
      },
    },
    saved: {
      tags: ['saved'],
      on: {
        // The one-time password is shown until dismissed, and then nowhere any more.
        'school.dismiss': { target: 'editing', actions: assign({ created: null }) },
      },
    },
  },
});
