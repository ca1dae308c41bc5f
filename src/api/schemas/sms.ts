/**
 * The SMS centre's wire contract (docs/DOMAIN.md, "SMS centre"): quotas, top-ups, composing and
 * sending, delivery reports, opt-outs and usage reports. Pure zod, shared by server and client.
 */
import { z } from 'zod';
import { id, pageOf, pageQuery, wholeNumber } from '@/api/schemas/common';

/** What a message is for; a guardian may opt out of each. `general`: written in the SMS centre. */
export const SMS_PURPOSES = ['absence', 'chronic_absence', 'result', 'fee', 'calendar', 'general'] as const;
export const smsPurpose = z.enum(SMS_PURPOSES);
export type SmsPurpose = z.infer<typeof smsPurpose>;
/** The old portal's `type_id` of the usage report: 1-based in SMS_PURPOSES order. */
export const purposeOfTypeId = (typeId: number): SmsPurpose | undefined => SMS_PURPOSES[typeId - 1];

export const SMS_CODES = {
  noRecipients: 'sms.no_recipients',
  badTemplate: 'sms.bad_template',
  badSignature: 'sms.bad_signature',
  noGateway: 'sms.no_gateway',
  noLimit: 'sms.no_limit',
  scheduleInPast: 'sms.schedule_in_past',
} as const;

// ---------------------------------------------------------------- quota

export const smsOkResponse = z.object({ ok: z.literal(true), message: z.string() });

export const createSmsLimitBody = z.object({
  school_id: id('school_id'),
  sms_limit: wholeNumber('sms_limit', { max: 10_000_000 }),
});
export const smsQuotaState = z.object({
  school_id: z.number().int(),
  month: z.string(),
  sms_limit: z.number().int().nullable(),
  used: z.number().int(),
  bought: z.number().int(),
  left: z.number().int().nullable(),
  waiting: z.number().int(),
});
export type SmsQuotaState = z.infer<typeof smsQuotaState>;
export const smsCheckQuery = z.object({ school_id: id('school_id').optional() });
export const smsCountRow = smsQuotaState.extend({ school_name: z.string() });
export const smsCountPage = pageOf(smsCountRow);

// ---------------------------------------------------------------- top-ups

export const sslRequestBody = z.object({
  school_id: id('school_id').optional(),
  sms_quantity: wholeNumber('sms_quantity', { min: 100, max: 1_000_000 }),
  wallet: z.enum(['bkash', 'nagad', 'rocket']).default('bkash'),
});
export const sslRequestResponse = z.object({
  ok: z.literal(true),
  token: z.string(),
  checkout_url: z.string(),
  amount: z.string(),
  sms_quantity: z.number().int(),
  /** A test provider's (the sandbox's) top-up: its "paid" credits nothing. */
  test: z.boolean(),
});
export const schoolInvoiceQuery = z.object({ ...pageQuery.shape, school_id: id('school_id').optional() });
export const smsTopupRow = z.object({
  id: z.number().int(),
  token: z.string(),
  sms_quantity: z.number().int(),
  amount: z.string(),
  status: z.enum(['pending', 'paid', 'cancelled', 'failed']),
  test: z.boolean(),
  provider: z.string(),
  provider_txn_id: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export const smsTopupPage = pageOf(smsTopupRow);

// ---------------------------------------------------------------- compose and send

export const smsAudience = z.union([
  z.object({ section_id: id('audience.section_id') }).strict(),
  z.object({ class_id: id('audience.class_id') }).strict(),
  z.object({ student_ids: z.array(id('audience.student_ids')).min(1).max(2000) }).strict(),
]);
export type SmsAudience = z.infer<typeof smsAudience>;

/** The fields a template may use: {name} {class} {date} {amount}. */
export const SMS_FIELDS = ['name', 'class', 'date', 'amount'] as const;

export const smsComposeBody = z.object({
  audience: smsAudience,
  /** The text with fields in braces; at most 1000 characters. */
  template: z.string().trim().min(1, 'template is required').max(1000, 'template must be at most 1000 characters'),
  language: z.enum(['en', 'bn']),
  /** The {date} and {amount} fields' values (name and class are each child's own). */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
    .optional(),
  amount: z.string().max(20).optional(),
  /** An ISO instant to send at; absent: now. */
  schedule_at: z.iso.datetime({ offset: true, error: 'schedule_at must be an ISO date-time' }).optional(),
  /** Ignore quiet hours (21:00-08:00 school time). */
  urgent: z.boolean().default(false),
});
export const smsSendBody = smsComposeBody.extend({
  /** The sender saw the preview and confirmed: required (a message to many people). */
  confirm: z.literal(true, { error: 'confirm must be true (preview first)' }),
});
export const smsPreviewResponse = z.object({
  recipients: z.number().int(),
  students: z.number().int(),
  no_guardian: z.number().int(),
  opted_out: z.number().int(),
  parts: z.number().int(),
  parts_each: z.number().int(),
  encoding: z.enum(['gsm7', 'ucs2']),
  cost: z.string(),
  sample: z.string().nullable(),
  left: z.number().int().nullable(),
  fits: z.boolean(),
  quiet_hours: z.boolean(),
});
export type SmsPreview = z.infer<typeof smsPreviewResponse>;
export const smsSendResponse = smsPreviewResponse.extend({ campaign_id: z.number().int(), queued: z.number().int() });

export const smsTemplate = z.object({ key: z.string(), en: z.string(), bn: z.string() });
export const smsTemplatesResponse = z.array(smsTemplate);

// ---------------------------------------------------------------- reports

export const smsMessageStatus = z.enum(['queued', 'sent', 'delivered', 'failed', 'cancelled']);
export const smsMessagesQuery = z.object({
  ...pageQuery.shape,
  campaign_id: id('campaign_id').optional(),
  status: smsMessageStatus.optional(),
  kind: smsPurpose.optional(),
});
export const smsMessageRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  phone: z.string(),
  body: z.string(),
  status: smsMessageStatus,
  waiting: z.string().nullable(),
  parts: z.number().int(),
  attempts: z.number().int(),
  reason: z.string().nullable(),
  campaign_id: z.number().int().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export const smsMessagesPage = pageOf(smsMessageRow);

export const smsCampaignsQuery = z.object({ ...pageQuery.shape });
export const smsCampaignRow = z.object({
  id: z.number().int(),
  template: z.string(),
  language: z.string(),
  recipients: z.number().int(),
  parts: z.number().int(),
  created_at: z.string(),
  send_after: z.string().nullable(),
  queued: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});
export const smsCampaignsPage = pageOf(smsCampaignRow);

export const countReportQuery = z.object({
  school_info_id: id('school_info_id').optional(),
  type_id: wholeNumber('type_id', { min: 1, max: SMS_PURPOSES.length }).optional(),
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
});
export const countReportRow = z.object({
  month: z.string(),
  purpose: z.string(),
  messages: z.number().int(),
  parts: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
});
export const countReportResponse = z.object({ school_id: z.number().int(), rows: z.array(countReportRow) });

// ---------------------------------------------------------------- automatic messages

/** The messages the school sends by itself, each a setting (services/sms-automatic.ts). */
export const SMS_AUTO_PURPOSES = ['absence', 'result', 'fee', 'calendar', 'chronic_absence'] as const;
export const smsAutoPurpose = z.enum(SMS_AUTO_PURPOSES);
export type SmsAutoPurpose = z.infer<typeof smsAutoPurpose>;
/**
 * The fields each automatic message's template may use; absence and repeated absence keep the
 * attendance's own texts (only on or off).
 */
export const SMS_AUTO_FIELDS: Record<SmsAutoPurpose, readonly string[]> = {
  absence: [],
  chronic_absence: [],
  result: ['name', 'class', 'gpa', 'grade'],
  fee: ['name', 'date', 'amount'],
  calendar: ['topic', 'date'],
};
export const smsAutoSetting = z.object({
  purpose: smsAutoPurpose,
  enabled: z.boolean(),
  /** The school's own text; null: the built-in one (`default_en`, `default_bn`). */
  template_en: z.string().nullable(),
  template_bn: z.string().nullable(),
  /** Fee reminders and calendar messages: how many days before. */
  days_before: z.number().int(),
  default_en: z.string().nullable(),
  default_bn: z.string().nullable(),
});
export type SmsAutoSetting = z.infer<typeof smsAutoSetting>;
export const smsSettingsResponse = z.object({ settings: z.array(smsAutoSetting) });
const autoTemplate = (label: string) =>
  z
    .string()
    .trim()
    .max(1000, `${label} must be at most 1000 characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
export const smsSettingsBody = z.object({
  settings: z
    .array(
      z
        .object({
          purpose: smsAutoPurpose,
          enabled: z.boolean(),
          template_en: autoTemplate('template_en'),
          template_bn: autoTemplate('template_bn'),
          days_before: wholeNumber('days_before', { min: 0, max: 30 }).optional(),
        })
        .strict(),
    )
    .min(1)
    .max(SMS_AUTO_PURPOSES.length),
});
export type SmsSettingsBody = z.input<typeof smsSettingsBody>;

// ---------------------------------------------------------------- opt-outs and gateway

export const smsOptOutsResponse = z.object({ opted_out: z.array(smsPurpose) });
export const smsOptOutsBody = z.object({ opted_out: z.array(smsPurpose).max(SMS_PURPOSES.length) });

export const smsBalanceResponse = z.object({
  adapter: z.string(),
  currency: z.string().nullable(),
  balance: z.string().nullable(),
});
export const smsDeliveryResponse = z.object({ ok: z.literal(true), changed: z.boolean() });
