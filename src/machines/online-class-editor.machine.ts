/**
 * The online-class editor of /teacher-eschool: schedule a class, change one, or cancel
 * one after "Cancel this online class?".
 *
 *   idle ─eschool.new / eschool.edit (a row)─> editing ─eschool.submit (form valid)─> saving ─┬─ done ─> idle (message)
 *            (form invalid: stays, field errors shown)  └─eschool.close─> idle              └─ error ─> editing (kept, errors)
 *   idle ─eschool.cancel-class (a row)─> confirming ─eschool.confirm─> cancelling ─┬─ done ─> idle (message)
 *                                          └─eschool.back─> idle                    └─ error ─> idle (error)
 *
 * A success message is only the server's, after it answered; `saved` runs after every success
 * (the screen provides it to reload the list). One idempotency key per submission, kept while its
 * outcome is unknown (network, 5xx) so that a retry never schedules twice. Pure: the calls are the
 * `save` and `cancelClass` actors (tests replace them with `.provide()`).
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorStatus, newIdempotencyKey } from '@/api/client';
import { cancelOnlineClass, saveOnlineClass } from '@/api/eschool';
import {
  DURATION_MAX,
  DURATION_MIN,
  isHttpsUrl,
  type OnlineClassInput,
  type OnlineClassRow,
} from '@/api/schemas/eschool';
import { isRetryable } from './shared/failure';
import { confirmStates } from './shared/confirm';

export interface OnlineClassForm {
  /** `section_id|subject_id|teacher_id` of a routine entry (the options list). */
  option: string;
  date: string;
  start_time: string;
  duration_minutes: string;
  meeting_url: string;
  topic: string;
}

export const blankOnlineClass = (date = ''): OnlineClassForm => ({
  option: '',
  date,
  start_time: '',
  duration_minutes: '40',
  meeting_url: '',
  topic: '',
});

export const optionKey = (o: { section_id: number; subject_id: number; teacher_id: number }) =>
  `${o.section_id}|${o.subject_id}|${o.teacher_id}`;

export function formOfRow(r: OnlineClassRow): OnlineClassForm {
  return {
    option: optionKey(r),
    date: r.date,
    start_time: r.start_time,
    duration_minutes: String(r.duration_minutes),
    meeting_url: r.meeting_url,
    topic: r.topic,
  };
}

/** The form's problems by wire field (the codes the screen words), as the server would name them. */
export function onlineClassErrors(f: OnlineClassForm): Record<string, string> {
  const e: Record<string, string> = {};
  if (!f.option) e.subject_id = 'required';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.date)) e.date = 'required';
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(f.start_time)) e.start_time = 'required';
  const d = Number(f.duration_minutes);
  if (!/^\d+$/.test(f.duration_minutes.trim()) || d < DURATION_MIN || d > DURATION_MAX) e.duration_minutes = 'duration';
  if (!f.meeting_url.trim()) e.meeting_url = 'required';
  else if (!isHttpsUrl(f.meeting_url.trim())) e.meeting_url = 'https';
  return e;
}

export function bodyOf(f: OnlineClassForm): OnlineClassInput {
  const [section, subject, teacher] = f.option.split('|').map(Number);
  return {
    section_id: section,
    subject_id: subject,
    teacher_id: teacher,
    date: f.date,
    start_time: f.start_time,
    duration_minutes: Number(f.duration_minutes),
    meeting_url: f.meeting_url.trim(),
    topic: f.topic.trim(),
  };
}

export interface EditorFailure {
  message: string;
  code?: string;
  status: number;
  fields: Record<string, string>;
}

export interface EditorFeedback {
  code: string;
  text: string;
  seq: number;
}

export interface OnlineClassEditorContext {
  form: OnlineClassForm;
  editId: number | null;
  fieldErrors: Record<string, string>;
  /** Only once the user tried to submit: the form's problems are shown. */
  tried: boolean;
  error: EditorFailure | null;
  feedback: EditorFeedback | null;
  pending: { id: number; label: string } | null;
  idempotencyKey: string | null;
  today: string;
}

export type OnlineClassEditorEvent =
  | { type: 'eschool.new' }
  | { type: 'eschool.edit'; row: OnlineClassRow }
  | { type: 'eschool.field'; field: keyof OnlineClassForm; value: string }
  | { type: 'eschool.submit' }
  | { type: 'eschool.close' }
  | { type: 'eschool.cancel-class'; id: number; label: string }
  | { type: 'eschool.confirm' }
  | { type: 'eschool.back' };

type WriteResult = { code: string; message: string };

const failureOf = (error: unknown): EditorFailure => {
  const e = error as { message?: string; code?: string; fields?: Record<string, string> };
  return {
    message: e?.message ?? 'Something went wrong.',
    code: e?.code,
    status: errorStatus(error),
    fields: e?.fields ?? {},
  };
};
/** Unknown outcome (no answer, or the server failed): the same key goes with the retry. */
const outcomeUnknown = isRetryable;
const next = (fb: EditorFeedback | null, out: WriteResult): EditorFeedback => ({
  code: out.code,
  text: out.message,
  seq: (fb?.seq ?? 0) + 1,
});

export const onlineClassEditorMachine = setup({
  types: {
    context: {} as OnlineClassEditorContext,
    events: {} as OnlineClassEditorEvent,
    input: {} as { today: string },
  },
  actors: {
    save: fromPromise<WriteResult, { id: number | null; body: OnlineClassInput; idempotencyKey: string }>(({ input }) =>
      saveOnlineClass(input),
    ),
    cancelClass: fromPromise<WriteResult, { id: number }>(({ input }) => cancelOnlineClass(input.id)),
  },
  actions: {
    saved: () => {},
  },
  guards: {
    valid: ({ context }) => Object.keys(onlineClassErrors(context.form)).length === 0,
  },
}).createMachine({
  id: 'onlineClassEditor',
  context: ({ input }) => ({
    form: blankOnlineClass(input.today),
    editId: null,
    fieldErrors: {},
    tried: false,
    error: null,
    feedback: null,
    pending: null,
    idempotencyKey: null,
    today: input.today,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'eschool.new': {
          target: 'editing',
          actions: assign(({ context }) => ({
            form: blankOnlineClass(context.today),
            editId: null,
            fieldErrors: {},
            tried: false,
            error: null,
            idempotencyKey: null,
          })),
        },
        'eschool.edit': {
          target: 'editing',
          actions: assign(({ event }) => ({
            form: formOfRow(event.row),
            editId: event.row.id,
            fieldErrors: {},
            tried: false,
            error: null,
            idempotencyKey: null,
          })),
        },
        'eschool.cancel-class': {
          target: 'confirming',
          actions: assign(({ event }) => ({ pending: { id: event.id, label: event.label }, error: null })),
        },
      },
    },
    editing: {
      tags: ['form'],
      on: {
        'eschool.field': {
          actions: assign(({ context, event }) => {
            const form = { ...context.form, [event.field]: event.value };
            // A changed form is a new submission: a new key.
            return { form, idempotencyKey: null, fieldErrors: context.tried ? onlineClassErrors(form) : {} };
          }),
        },
        'eschool.submit': [
          {
            guard: 'valid',
            target: 'saving',
            actions: assign(({ context }) => ({
              fieldErrors: {},
              error: null,
              idempotencyKey: context.idempotencyKey ?? newIdempotencyKey(),
            })),
          },
          { actions: assign(({ context }) => ({ tried: true, fieldErrors: onlineClassErrors(context.form) })) },
        ],
        'eschool.close': { target: 'idle', actions: assign({ error: null, fieldErrors: {}, editId: null }) },
      },
    },
    saving: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          id: context.editId,
          body: bodyOf(context.form),
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context, event }) => ({
              feedback: next(context.feedback, event.output),
              editId: null,
              idempotencyKey: null,
              tried: false,
            })),
            'saved',
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const error = failureOf(event.error);
            return {
              error,
              fieldErrors: error.fields,
              idempotencyKey: outcomeUnknown(event.error) ? context.idempotencyKey : null,
            };
          }),
        },
      },
    },
    ...confirmStates<OnlineClassEditorContext, OnlineClassEditorEvent>()({
      asking: 'confirming',
      working: 'cancelling',
      confirm: 'eschool.confirm',
      cancel: 'eschool.back',
      back: 'idle',
      onCancel: { pending: null },
      actor: 'cancelClass',
      input: (context) => ({ id: context.pending!.id }),
      onDone: (context, output: WriteResult) => ({ pending: null, feedback: next(context.feedback, output) }),
      notify: ['saved'],
      onError: (_, error) => ({ pending: null, error: failureOf(error) }),
    }),
  },
});
