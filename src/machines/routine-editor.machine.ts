/**
 * The school admin's routine editor (spec part 2, Routines): the "Add Class Routine"
 * form, Edit and Delete from the "All Class Routines" table.
 *
 *   editing ─routine.submit (form complete)─> submitting ─┬─> editing (saved: form cleared, message)
 *      │                                                    └─> editing (error kept: 409 clash, 400 field)
 *      ├─routine.edit─> editing (the row in the form; Submit then UPDATES it: the old portal made a new one)
 *      └─routine.delete─> confirmingDelete ─routine.confirm─> deleting ─> editing
 *                                  └─routine.cancel─> editing
 *
 * Rules kept here rather than in the screen:
 * - an incomplete form is not sent: the missing fields are named and Submit stays Submit;
 * - a success message is only ever the server's own, after it answered; a save or delete runs
 *   `savedChanges` (the screen provides it to invalidate its reads);
 * - one idempotency key per submission, kept while its outcome is unknown (network or 5xx);
 * - changing the class clears section and subject; changing the shift clears section and period;
 * - `pristine` is the form as loaded or last cleared: the screen's unsaved-work guard compares.
 *
 * Pure: no React, no DOM. I/O goes through the actors saveRoutine and deleteRoutine.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { RoutineDeleteResponse, RoutineRow, RoutineWriteBody, RoutineWriteResponse } from '@/api/schemas/routines';
import { errorMessage, newIdempotencyKey } from '@/api/client';
import { deleteRoutine, saveRoutine } from '@/api/routines';
import { confirmStates } from './shared/confirm';
import { fieldsOf, isRetryable } from './shared/failure';

export const DELETE_QUESTION = 'Are you sure to delete?';

export const ROUTINE_ID_FIELDS = [
  'session_id',
  'shift_id',
  'class_id',
  'section_id',
  'day_id',
  'period_id',
  'subject_id',
  'teacher_id',
] as const;
export type RoutineIdField = (typeof ROUTINE_ID_FIELDS)[number];
export type RoutineField = RoutineIdField | 'room';

export type RoutineForm = { id: number | null; room: string } & Record<RoutineIdField, number | null>;

export interface RoutineEditorInput {
  /** The admin's school (sent as school_info_id, as the old client did). */
  schoolInfoId: number | null;
  /** The session a new routine starts with (the current one). */
  sessionId: number | null;
  /** The shift a new routine starts with (when the school has one). */
  shiftId: number | null;
}

export interface RoutineFeedback {
  tone: 'success' | 'error';
  text: string;
  /** A success answer's stable code (`routines.created` ...), for the user's language. */
  code?: string;
  /** What failed, for an error: the screen words it in the user's language. */
  error?: unknown;
  seq: number;
}

export interface RoutineSaveError {
  message: string;
  /** Wire field name -> what is wrong with it. */
  fields: Record<string, string>;
  retryable: boolean;
  cause?: unknown;
}

export interface RoutineEditorContext extends RoutineEditorInput {
  form: RoutineForm;
  pristine: RoutineForm;
  error: RoutineSaveError | null;
  idempotencyKey: string | null;
  pendingDelete: { id: number; label: string } | null;
  feedback: RoutineFeedback | null;
}

export type RoutineEditorEvent =
  | { type: 'routine.field'; field: RoutineField; value: string }
  | { type: 'routine.edit'; row: RoutineRow }
  | { type: 'routine.submit' }
  | { type: 'routine.delete'; id: number; label: string }
  | { type: 'routine.confirm' }
  | { type: 'routine.cancel' }
  | { type: 'routine.reset' };

export function emptyRoutineForm(input: Pick<RoutineEditorInput, 'sessionId' | 'shiftId'>): RoutineForm {
  return {
    id: null,
    session_id: input.sessionId,
    shift_id: input.shiftId,
    class_id: null,
    section_id: null,
    day_id: null,
    period_id: null,
    subject_id: null,
    teacher_id: null,
    room: '',
  };
}

export function formOfRow(row: RoutineRow): RoutineForm {
  return {
    id: row.id,
    session_id: row.session_id,
    shift_id: row.shift_id,
    class_id: row.class_id,
    section_id: row.section_id,
    day_id: row.day_id,
    period_id: row.period_id,
    subject_id: row.subject_id,
    teacher_id: row.teacher_id,
    room: row.room,
  };
}

export const sameForm = (a: RoutineForm, b: RoutineForm) => JSON.stringify(a) === JSON.stringify(b);

/** The fields a form still lacks (every one but the room is required). */
export function missingFields(form: RoutineForm): RoutineIdField[] {
  return ROUTINE_ID_FIELDS.filter((f) => !form[f]);
}

export const MISSING_FIELD = 'Choose one.';

function bodyOf(ctx: RoutineEditorContext): RoutineWriteBody {
  const f = ctx.form;
  return {
    id: f.id ?? '',
    school_info_id: ctx.schoolInfoId ?? undefined,
    class_id: f.class_id!,
    section_id: f.section_id!,
    day_id: f.day_id!,
    period_id: f.period_id!,
    subject_id: f.subject_id!,
    teacher_id: f.teacher_id!,
    room: f.room.trim(),
    session_id: f.session_id!,
    shift_id: f.shift_id!,
    // The spec's form default; the server takes the times from the period.
    start: '0:00:00',
    end: '0:00:00',
  };
}

const nextFeedback = (
  ctx: RoutineEditorContext,
  tone: RoutineFeedback['tone'],
  text: string,
  extra: Partial<RoutineFeedback> = {},
): RoutineFeedback => ({ tone, text, seq: (ctx.feedback?.seq ?? 0) + 1, ...extra });

export const routineEditorMachine = setup({
  types: {
    context: {} as RoutineEditorContext,
    events: {} as RoutineEditorEvent,
    input: {} as RoutineEditorInput,
  },
  actors: {
    saveRoutine: fromPromise<RoutineWriteResponse, { body: RoutineWriteBody; idempotencyKey: string }>(({ input }) =>
      saveRoutine(input.body, { idempotencyKey: input.idempotencyKey }),
    ),
    deleteRoutine: fromPromise<RoutineDeleteResponse, { id: number }>(({ input }) => deleteRoutine(input.id)),
  },
  actions: {
    /** The screen provides this to invalidate the reads a save or delete changed. */
    savedChanges: () => {},
  },
  guards: {
    formComplete: ({ context }) => missingFields(context.form).length === 0,
  },
}).createMachine({
  id: 'routineEditor',
  context: ({ input }) => {
    const form = emptyRoutineForm(input);
    return {
      ...input,
      form,
      pristine: form,
      error: null,
      idempotencyKey: null,
      pendingDelete: null,
      feedback: null,
    };
  },
  initial: 'editing',
  states: {
    editing: {
      tags: ['form'],
      on: {
        'routine.field': {
          actions: assign(({ context, event }) => {
            const form = { ...context.form };
            if (event.field === 'room') form.room = event.value;
            else {
              const n = Number(event.value);
              form[event.field] = Number.isInteger(n) && n > 0 ? n : null;
              if (event.field === 'class_id') {
                form.section_id = null;
                form.subject_id = null;
              }
              if (event.field === 'shift_id') {
                form.section_id = null;
                form.period_id = null;
              }
            }
            const fields = { ...(context.error?.fields ?? {}) };
            delete fields[event.field];
            return { form, error: context.error ? { ...context.error, fields } : null };
          }),
        },
        'routine.edit': {
          actions: assign(({ event }) => {
            const form = formOfRow(event.row);
            return { form, pristine: form, error: null, idempotencyKey: null };
          }),
        },
        'routine.reset': {
          actions: assign(({ context }) => {
            const form = emptyRoutineForm(context);
            return { form, pristine: form, error: null, idempotencyKey: null };
          }),
        },
        'routine.submit': [
          {
            guard: 'formComplete',
            target: 'submitting',
            actions: assign(({ context }) => ({
              idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
              error: null,
            })),
          },
          {
            actions: assign(({ context }) => ({
              error: {
                message: MISSING_FIELD,
                fields: Object.fromEntries(missingFields(context.form).map((f) => [f, MISSING_FIELD])),
                retryable: false,
              },
            })),
          },
        ],
        'routine.delete': {
          target: 'confirmingDelete',
          actions: assign(({ event }) => ({ pendingDelete: { id: event.id, label: event.label } })),
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'saveRoutine',
        src: 'saveRoutine',
        input: ({ context }) => ({ body: bodyOf(context), idempotencyKey: context.idempotencyKey! }),
        onDone: {
          target: 'editing',
          actions: [
            assign(({ context, event }) => {
              // A new routine keeps its session, shift, class, section and day: the next entry is
              // most often the same section's next period.
              const next = context.form.id
                ? emptyRoutineForm(context)
                : { ...context.form, period_id: null, subject_id: null, teacher_id: null, room: '' };
              return {
                form: next,
                pristine: next,
                error: null,
                idempotencyKey: null,
                feedback: nextFeedback(context, 'success', event.output.message, { code: event.output.code }),
              };
            }),
            'savedChanges',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const retryable = isRetryable(event.error);
            return {
              error: {
                message: errorMessage(event.error),
                fields: fieldsOf(event.error),
                retryable,
                cause: event.error,
              },
              // The answer is known unless it was lost: a new submission gets a new key.
              idempotencyKey: retryable ? context.idempotencyKey : null,
            };
          }),
        },
      },
    },
    ...confirmStates<RoutineEditorContext, RoutineEditorEvent>()({
      asking: 'confirmingDelete',
      working: 'deleting',
      confirm: 'routine.confirm',
      cancel: 'routine.cancel',
      back: 'editing',
      onCancel: { pendingDelete: null },
      actor: 'deleteRoutine',
      input: (context) => ({ id: context.pendingDelete!.id }),
      onDone: (context, output: RoutineDeleteResponse) => {
        // The routine in the form is gone: the form starts over.
        const gone = context.form.id === context.pendingDelete?.id;
        const form = gone ? emptyRoutineForm(context) : context.form;
        return {
          form,
          pristine: gone ? form : context.pristine,
          pendingDelete: null,
          feedback: nextFeedback(context, 'success', output.message, { code: output.code }),
        };
      },
      notify: ['savedChanges'],
      onError: (context, error) => ({
        pendingDelete: null,
        feedback: nextFeedback(context, 'error', errorMessage(error), { error }),
      }),
    }),
  },
});

export type RoutineEditorMachine = typeof routineEditorMachine;
