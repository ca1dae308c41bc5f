/**
 * Composing an SMS to guardians (docs/DOMAIN.md, "SMS centre"): the audience (a section, a whole
 * class, chosen students; a teacher only the sections they teach: the server holds them to it), a
 * template in Bangla or English with its fields, an optional time to send; the server's preview
 * (recipients, parts, cost, quiet hours, whether the quota holds it); then, because it reaches
 * many people, a confirmation before anything is sent (docs/ARCHITECTURE.md, "Every screen").
 *
 *   editing ─sms.preview─> previewing ─┬─ done ─> previewed ─sms.send─> confirming ─sms.confirm─> sending
 *      ^  (sms.edit anywhere but        └─ error ─> editing                 └─sms.cancel─> previewed   │
 *      │   sending: the preview is stale)                                                           │
 *      └──── sms.new <── sent <── done ─────────────────────────────────────────────────────────────┤
 *                        failed <── error ──────────────────────────────────────────────────────────┘
 *                          ├─sms.retry─> sending (the same Idempotency-Key: sent at most once)
 *                          └─sms.edit─> editing (the draft kept)
 *
 * "Sent" only after the server confirmed the campaign was queued. Pure: the calls are the
 * `preview` and `send` actors (tests replace them with `.provide()`); a send runs `saved` (the
 * screen's useFlow invalidates the SMS keys).
 */
import { assign, fromPromise, setup } from 'xstate';
import { newIdempotencyKey } from '@/api/client';
import type { SmsPreview } from '@/api/schemas/sms';
import { previewSms, sendSms, type SmsComposeBody } from '@/api/sms';
import { keyAfter } from './shared/failure';
import { retryStates } from './shared/retry';

export type AudienceKind = 'section' | 'class' | 'students';

export interface SmsDraft {
  audience: AudienceKind;
  sectionId: number | null;
  classId: number | null;
  studentIds: number[];
  language: 'bn' | 'en';
  template: string;
  /** The {date} field's value (YYYY-MM-DD), the {amount} field's. */
  date: string;
  amount: string;
  /** When to send, as an ISO instant with offset; '' = now. */
  scheduleAt: string;
  urgent: boolean;
}

export const EMPTY_DRAFT: SmsDraft = {
  audience: 'section',
  sectionId: null,
  classId: null,
  studentIds: [],
  language: 'bn',
  template: '',
  date: '',
  amount: '',
  scheduleAt: '',
  urgent: false,
};

export interface SmsSent extends SmsPreview {
  campaign_id: number;
  queued: number;
}

export interface SmsComposeContext {
  draft: SmsDraft;
  preview: SmsPreview | null;
  sent: SmsSent | null;
  error: unknown;
  /** The send's Idempotency-Key, kept while its outcome is unknown (./shared/failure.ts). */
  key: string | null;
}

export type SmsComposeEvent =
  | { type: 'sms.edit'; patch: Partial<SmsDraft> }
  | { type: 'sms.preview' }
  | { type: 'sms.send' }
  | { type: 'sms.confirm' }
  | { type: 'sms.cancel' }
  | { type: 'sms.retry' }
  | { type: 'sms.new' };

/** Whom the draft reaches, as the server's `audience`; null while none is chosen. */
export function audienceOf(d: SmsDraft): SmsComposeBody['audience'] | null {
  if (d.audience === 'section') return d.sectionId ? { section_id: d.sectionId } : null;
  if (d.audience === 'class') return d.classId ? { class_id: d.classId } : null;
  return d.studentIds.length ? { student_ids: d.studentIds } : null;
}

/** The draft as the preview and send bodies have it (fields left empty are left out). */
export function bodyOf(d: SmsDraft): SmsComposeBody {
  return {
    audience: audienceOf(d)!,
    template: d.template.trim(),
    language: d.language,
    ...(d.date ? { date: d.date } : {}),
    ...(d.amount.trim() ? { amount: d.amount.trim() } : {}),
    ...(d.scheduleAt ? { schedule_at: d.scheduleAt } : {}),
    urgent: d.urgent,
  };
}

/** What is still missing before a preview can be asked for. */
export function missingOf(d: SmsDraft): ('audience' | 'template')[] {
  return [...(audienceOf(d) ? [] : ['audience' as const]), ...(d.template.trim() ? [] : ['template' as const])];
}

export const smsComposeMachine = setup({
  types: { context: {} as SmsComposeContext, events: {} as SmsComposeEvent },
  actors: {
    preview: fromPromise<SmsPreview, SmsComposeBody>(({ input }) => previewSms(input)),
    send: fromPromise<SmsSent, { body: SmsComposeBody; key: string }>(({ input }) =>
      sendSms({ ...input.body, confirm: true }, input.key),
    ),
  },
  actions: {
    saved: () => {},
    /** A change to the draft: the preview (and any send's key) no longer stands for it. */
    applyEdit: assign(({ context, event }) =>
      event.type === 'sms.edit'
        ? { draft: { ...context.draft, ...event.patch }, preview: null, error: null, key: null }
        : {},
    ),
  },
  guards: {
    complete: ({ context }) => missingOf(context.draft).length === 0,
    reachesSomeone: ({ context }) => (context.preview?.recipients ?? 0) > 0,
  },
}).createMachine({
  id: 'smsCompose',
  context: { draft: EMPTY_DRAFT, preview: null, sent: null, error: null, key: null },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'sms.edit': { actions: 'applyEdit' },
        'sms.preview': { guard: 'complete', target: 'previewing', actions: assign({ error: null }) },
      },
    },
    previewing: {
      tags: ['busy', 'editing'],
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => bodyOf(context.draft),
        onDone: { target: 'previewed', actions: assign(({ event }) => ({ preview: event.output })) },
        onError: { target: 'editing', actions: assign(({ event }) => ({ error: event.error })) },
      },
    },
    previewed: {
      tags: ['editing', 'previewed'],
      on: {
        'sms.edit': { target: 'editing', actions: 'applyEdit' },
        'sms.preview': { guard: 'complete', target: 'previewing' },
        'sms.send': {
          guard: 'reachesSomeone',
          target: 'confirming',
          actions: assign(({ context }) => ({ key: context.key ?? newIdempotencyKey() })),
        },
      },
    },
    confirming: {
      tags: ['confirm', 'previewed'],
      on: {
        'sms.confirm': 'sending',
        'sms.cancel': 'previewed',
      },
    },
    ...retryStates<SmsComposeContext, SmsComposeEvent>()({
      working: 'sending',
      tags: ['confirm', 'previewed'],
      failed: 'failed',
      actor: 'send',
      input: (context) => ({ body: bodyOf(context.draft), key: context.key ?? newIdempotencyKey() }),
      done: 'sent',
      onDone: (_, output: SmsSent) => ({ sent: output, error: null }),
      notify: ['saved'],
      onError: (context, error) => ({ error, key: keyAfter(context.key, error) }),
      retry: 'sms.retry',
      onRetry: { error: null },
      leave: [{ event: 'sms.edit', target: 'editing', actions: ['applyEdit'] }],
    }),
    sent: {
      tags: ['sent'],
      on: {
        'sms.new': {
          target: 'editing',
          actions: assign(({ context }) => ({
            // A new message to the same people in the same language: the audience stays.
            draft: { ...context.draft, template: '', date: '', amount: '', scheduleAt: '', urgent: false },
            preview: null,
            sent: null,
            error: null,
            key: null,
          })),
        },
      },
    },
  },
});
