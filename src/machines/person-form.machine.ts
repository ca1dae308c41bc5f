/**
 * Adding one student or teacher: the /add-student and /add-teacher forms.
 *
 *   editing ─person.submit (required fields filled)─> submitting ─┬─> created (one-time password shown once)
 *      ▲                                                            └─> editing (error: 409 naming the field, 400)
 *      └──────────────────────── person.dismiss ── created
 *
 * - an incomplete form is not sent: the missing fields are named;
 * - the success message and the one-time password are only ever the server's, after it answered;
 *   `savedChanges` (provided by the screen) invalidates the lists;
 * - one idempotency key per submission, kept while its outcome is unknown (network or 5xx), so
 *   "Try again" cannot create the person twice;
 * - the form clears after a success (the spec's "forms reset right after submit").
 *
 * Pure: no React, no DOM. I/O goes through the actor addPerson.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AddPersonResponse, AddStudentBody, AddTeacherBody } from '@/api/schemas/people';
import { errorMessage, newIdempotencyKey } from '@/api/client';
import { addStudent, addTeacher, type PersonKind } from '@/api/people';
import { fieldsOf, isRetryable } from './shared/failure';

export type PersonForm = Record<string, string>;

export const REQUIRED_FIELDS: Record<PersonKind, readonly string[]> = {
  student: ['student_code', 'first_name', 'class_id', 'section_id', 'class_roll_no'],
  teacher: ['teacher_code', 'first_name', 'initial'],
};
export const MISSING_FIELD = 'Fill this in.';

export interface PersonFormInput {
  kind: PersonKind;
  /** Values a new form starts with (the current session). */
  defaults?: PersonForm;
}

export interface PersonError {
  message: string;
  fields: Record<string, string>;
  retryable: boolean;
  cause?: unknown;
}

export interface PersonFormContext extends PersonFormInput {
  form: PersonForm;
  pristine: PersonForm;
  error: PersonError | null;
  idempotencyKey: string | null;
  created: AddPersonResponse | null;
}

export type PersonFormEvent =
  | { type: 'person.field'; field: string; value: string }
  | { type: 'person.submit' }
  | { type: 'person.dismiss' }
  | { type: 'person.reset' };

export const missingFields = (kind: PersonKind, form: PersonForm) =>
  REQUIRED_FIELDS[kind].filter((f) => !(form[f] ?? '').trim());

const num = (v: string | undefined) => (v && /^\d+$/.test(v.trim()) ? Number(v.trim()) : undefined);
const str = (v: string | undefined) => (v ?? '').trim();

/** The wire body of a form: ids and the roll as numbers, text trimmed. */
export function personBody(kind: PersonKind, f: PersonForm): AddStudentBody | AddTeacherBody {
  if (kind === 'student') {
    return {
      student_code: str(f.student_code),
      first_name: str(f.first_name),
      middle_name: str(f.middle_name),
      last_name: str(f.last_name),
      mobile_no: str(f.mobile_no),
      email: str(f.email),
      father_name: str(f.father_name),
      father_phone_number: str(f.father_phone_number),
      mother_name: str(f.mother_name),
      mother_phone_number: str(f.mother_phone_number),
      present_address: str(f.present_address),
      permanent_address: str(f.permanent_address),
      dob: str(f.dob),
      blood_group: str(f.blood_group) as AddStudentBody['blood_group'],
      gender_id: num(f.gender_id),
      session_id: num(f.session_id),
      class_id: num(f.class_id) ?? 0,
      section_id: num(f.section_id) ?? 0,
      group_id: num(f.group_id),
      class_roll_no: num(f.class_roll_no) ?? 0,
    };
  }
  return {
    teacher_code: str(f.teacher_code),
    title: str(f.title),
    first_name: str(f.first_name),
    middle_name: str(f.middle_name),
    last_name: str(f.last_name),
    initial: str(f.initial),
    mobile: str(f.mobile),
    email: str(f.email),
    designation: str(f.designation),
    department: str(f.department),
    mpo_status: str(f.mpo_status),
    index_no: str(f.index_no),
    subject_code: str(f.subject_code),
    blood_group: str(f.blood_group) as AddTeacherBody['blood_group'],
    dob: str(f.dob),
  };
}

export const personFormMachine = setup({
  types: {
    context: {} as PersonFormContext,
    events: {} as PersonFormEvent,
    input: {} as PersonFormInput,
  },
  actors: {
    addPerson: fromPromise<AddPersonResponse, { kind: PersonKind; form: PersonForm; idempotencyKey: string }>(
      ({ input }) =>
        input.kind === 'student'
          ? addStudent(personBody('student', input.form) as AddStudentBody, input)
          : addTeacher(personBody('teacher', input.form) as AddTeacherBody, input),
    ),
  },
  actions: {
    /** The screen provides this to invalidate the lists. */
    savedChanges: () => {},
  },
  guards: {
    formComplete: ({ context }) => missingFields(context.kind, context.form).length === 0,
  },
}).createMachine({
  id: 'personForm',
  context: ({ input }) => {
    const form = { ...(input.defaults ?? {}) };
    return { ...input, form, pristine: form, error: null, idempotencyKey: null, created: null };
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'person.field': {
          actions: assign(({ context, event }) => {
            const fields = { ...(context.error?.fields ?? {}) };
            delete fields[event.field];
            return {
              form: { ...context.form, [event.field]: event.value },
              // A changed form is a new submission: its outcome is known again.
              idempotencyKey: null,
              error: context.error && Object.keys(fields).length ? { ...context.error, fields } : null,
            };
          }),
        },
        'person.submit': [
          {
            guard: 'formComplete',
            target: 'submitting',
            actions: assign(({ context }) => ({ idempotencyKey: context.idempotencyKey ?? newIdempotencyKey() })),
          },
          {
            actions: assign(({ context }) => ({
              error: {
                message: MISSING_FIELD,
                fields: Object.fromEntries(missingFields(context.kind, context.form).map((f) => [f, MISSING_FIELD])),
                retryable: false,
              },
            })),
          },
        ],
        'person.reset': {
          actions: assign(({ context }) => ({ form: context.pristine, error: null, idempotencyKey: null })),
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'addPerson',
        src: 'addPerson',
        input: ({ context }) => ({ kind: context.kind, form: context.form, idempotencyKey: context.idempotencyKey! }),
        onDone: {
          target: 'created',
          actions: [
            assign(({ context, event }) => ({
              created: event.output,
              form: context.pristine,
              error: null,
              idempotencyKey: null,
            })),
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
    created: {
      tags: ['created'],
      on: {
        'person.dismiss': { target: 'editing', actions: assign({ created: null }) },
      },
    },
  },
});
