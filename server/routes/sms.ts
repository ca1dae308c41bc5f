/**
 * The SMS centre (docs/DOMAIN.md, "SMS centre"): the super admin's monthly limits and the
 * gateway's balance; a school's quota check, top-ups and usage report; composing, previewing and
 * sending to guardians; the gateway's delivery reports; a guardian's opt-outs. The rules live in
 * services/sms-centre.ts, sms-quota.ts, sms-topups.ts and messaging.ts (the outbox).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@/api/schemas/common';
import { ONLINE_CODES } from '@/api/schemas/online-payments';
import { purposeOfTypeId, SMS_CODES, type SmsAudience } from '@/api/schemas/sms';
import { smsEndpoints } from '@/api/endpoints/sms';
import { clock } from '../clock';
import { authOf } from '../auth/guard';
import { teachesSection } from '../auth/reach';
import { narrowedToTeacher, sectionInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { ApiError, notFound } from '../errors';
import { recordAudit } from '../services/audit';
import { adapterFromConfig, deliveriesSettled, deliverPending, type DeliveryAdapter } from '../services/messaging';
import { paymentProviderOf } from '../services/payment-provider';
import { schoolClock, sessionIdForDate } from '../services/school-time';
import {
  applyDeliveryReport,
  classExists,
  countReport,
  countReportCsv,
  countReportXlsx,
  listCampaigns,
  listMessages,
  optOutsOf,
  previewCampaign,
  queueCampaign,
  saveOptOuts,
  SMS_TEMPLATES,
  type Caller,
} from '../services/sms-centre';
import { autoSettingsOf, saveAutoSettings } from '../services/sms-automatic';
import { quotaOf, quotaOfSchools, saveMonthlyLimit } from '../services/sms-quota';
import { verifyTwilioSignature, type TwilioAdapter } from '../services/sms-twilio';
import { startTopup, topupsOf } from '../services/sms-topups';
import { attachmentHeader } from '../storage/files';
import { route } from './define';

export async function smsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  let adapter: DeliveryAdapter | null = null;
  const adapterOf = () => (adapter ??= adapterFromConfig(app.config, app.log));
  app.addHook('onClose', () => deliveriesSettled(db));

  // Twilio's delivery reports are form-encoded. Scoped to this plugin.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_req, raw: string, done) => done(null, Object.fromEntries(new URLSearchParams(raw))),
  );

  const quotaFor = async (schoolId: number) => {
    const { timeZone } = await schoolClock(db, schoolId);
    return quotaOf(db, schoolId, timeZone, clock.now());
  };

  /** The caller as the compose rules see them: a teacher reaches their own sections only. */
  const callerOf = async (req: Parameters<typeof authOf>[0], schoolId: number): Promise<Caller> => {
    const { userId } = authOf(req);
    if (!(await narrowedToTeacher(req))) return { userId, teaches: null };
    const sessionId = await sessionIdForDate(db, (await schoolClock(db, schoolId)).today);
    return {
      userId,
      teaches: async (sectionIds) => {
        if (!sessionId) return false;
        for (const s of sectionIds) if (!(await teachesSection(db, userId, s, sessionId))) return false;
        return true;
      },
    };
  };
  /**
   * The audience's school is the caller's: a section of another school is 403 (sectionInScope,
   * which also holds a teacher to the sections they teach), a class must exist.
   */
  const audienceInScope = async (req: Parameters<typeof authOf>[0], audience: SmsAudience) => {
    if ('section_id' in audience) await sectionInScope(req, audience.section_id);
    if ('class_id' in audience) {
      if (!(await classExists(db, audience.class_id))) throw notFound('Class');
    }
  };

  /** A teacher lists their own messages and campaigns; the school admin everyone's. */
  const ownOnly = async (req: Parameters<typeof authOf>[0]) =>
    (await narrowedToTeacher(req)) ? authOf(req).userId : undefined;

  route(
    app,
    smsEndpoints.createSmsLimit,
    { schema: { description: 'Set a school’s monthly SMS limit (in SMS parts); bought SMS stay. Audited.' } },
    async (req) => {
      const { school_id, sms_limit } = req.body;
      const schoolId = await schoolOf(req, school_id);
      await saveMonthlyLimit(db, schoolId, sms_limit, authOf(req).userId);
      return { ok: true as const, message: 'SMS limit saved.' };
    },
  );

  route(
    app,
    smsEndpoints.smsCountAll,
    { schema: { description: 'Every school’s SMS limit, use this month, bought SMS and what is left (paged).' } },
    async (req) => {
      const { limit, offset } = req.query;
      const { rows, total } = await quotaOfSchools(db, clock.now(), { limit, offset });
      return { rows, total, limit, offset };
    },
  );

  route(
    app,
    smsEndpoints.smsCheck,
    {
      schema: {
        description:
          'What a school has left this month: limit − used + bought (null: no limit set), and how many messages ' +
          'wait for more. A school admin asks about their own school, the super admin names school_id.',
      },
    },
    async (req) => quotaFor(await schoolOf(req, req.query.school_id)),
  );

  route(
    app,
    smsEndpoints.sslRequest,
    {
      schema: {
        description:
          'Buy SMS: records a pending top-up and answers the payment provider’s checkout URL. Only the provider’s ' +
          'verified callback credits the SMS, once (POST /api/payment/online/callback); a test provider’s (the ' +
          'sandbox’s) credits nothing. 409 without a provider, or for a school with no limit set.',
        response: { 409: errorBody },
      },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_id);
      const provider = paymentProviderOf(app.config);
      if (!provider) {
        throw new ApiError(409, ONLINE_CODES.unavailable, 'Online payment is not offered by this server.');
      }
      if ((await quotaFor(schoolId)).sms_limit === null) {
        throw new ApiError(409, SMS_CODES.noLimit, 'This school has no SMS limit: there is nothing to buy.');
      }
      const started = await startTopup(db, provider, {
        schoolId,
        parts: b.sms_quantity,
        pricePoisha: app.config.SMS_PART_PRICE_POISHA,
        wallet: b.wallet,
        userId: authOf(req).userId,
      });
      return {
        ok: true as const,
        token: started.token,
        checkout_url: started.checkoutUrl,
        amount: started.amount,
        sms_quantity: b.sms_quantity,
        test: provider.test,
      };
    },
  );

  route(
    app,
    smsEndpoints.schoolWiseInvoice,
    { schema: { description: 'A school’s SMS top-ups, newest first (paged).' } },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_id);
      return topupsOf(db, schoolId, req.query);
    },
  );

  route(
    app,
    smsEndpoints.countReport,
    {
      schema: {
        description:
          'SMS usage by month and purpose (type_id 1-6: absence, chronic absence, result, fee, calendar, general): ' +
          'messages, parts, delivered, failed. format=csv or xlsx downloads it.',
      },
    },
    async (req, reply) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      const report = await countReport(db, schoolId, q.type_id ? purposeOfTypeId(q.type_id) : undefined);
      if (q.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', attachmentHeader(`sms-usage-${schoolId}.csv`))
          .send(countReportCsv(report.rows) as never);
      }
      if (q.format === 'xlsx') {
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', attachmentHeader(`sms-usage-${schoolId}.xlsx`))
          .send((await countReportXlsx(report.rows)) as never);
      }
      return report;
    },
  );

  route(app, smsEndpoints.templates, {}, async () => SMS_TEMPLATES.map((t) => ({ ...t })));

  route(
    app,
    smsEndpoints.preview,
    {
      schema: {
        description:
          'What sending would do, without sending: guardians who get it (one each, opted-out ones left out), ' +
          'SMS parts, cost, a sample text, whether it fits the quota and falls in quiet hours.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      await audienceInScope(req, req.body.audience);
      return previewCampaign(db, schoolId, await callerOf(req, schoolId), req.body, app.config.SMS_PART_PRICE_POISHA);
    },
  );

  route(
    app,
    smsEndpoints.send,
    {
      schema: {
        description:
          'Queue a message to the guardians of a section, a class or chosen students (a teacher: their sections ' +
          'only) after the preview (confirm: true). The outbox sends it: opt-outs, quiet hours (21:00-08:00 unless ' +
          'urgent), a schedule and the school’s quota apply. Audited.',
        response: { 400: errorBody, 403: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      await audienceInScope(req, req.body.audience);
      const queued = await queueCampaign(
        db,
        schoolId,
        await callerOf(req, schoolId),
        req.body,
        app.config.SMS_PART_PRICE_POISHA,
      );
      await recordAudit(db, {
        actorUserId: authOf(req).userId,
        action: 'sms.send',
        schoolId,
        detail: { campaign_id: queued.campaign_id, recipients: queued.recipients, parts: queued.parts },
      });
      // Sent after answering (as the absence messages are); what is scheduled waits for its time.
      deliverPending(db, adapterOf(), { campaignId: queued.campaign_id, limit: 2000 }).catch((err: unknown) =>
        req.log.error({ err }, 'SMS campaign delivery failed'),
      );
      return queued;
    },
  );

  route(app, smsEndpoints.messages, {}, async (req) => {
    const schoolId = await schoolOf(req);
    return listMessages(db, schoolId, { ...req.query, createdBy: await ownOnly(req) });
  });

  route(app, smsEndpoints.campaigns, {}, async (req) => {
    const schoolId = await schoolOf(req);
    return listCampaigns(db, schoolId, { ...req.query, createdBy: await ownOnly(req) });
  });

  route(
    app,
    smsEndpoints.settings,
    {
      schema: {
        description:
          'The school’s automatic messages: each purpose on or off with its template (null: the built-in one) and, ' +
          'for fee reminders and calendar messages, how many days before.',
      },
    },
    async (req) => ({ settings: await autoSettingsOf(db, await schoolOf(req)) }),
  );

  route(
    app,
    smsEndpoints.putSettings,
    {
      schema: {
        description:
          'Save automatic messages (the purposes named; others unchanged). A template may use only its purpose’s ' +
          'fields (400 naming it). Turning a purpose off cancels its queued messages when they are claimed. Audited.',
        response: { 400: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      await saveAutoSettings(db, schoolId, req.body.settings);
      await recordAudit(db, {
        actorUserId: authOf(req).userId,
        action: 'sms.settings',
        schoolId,
        detail: { settings: req.body.settings.map((s) => ({ purpose: s.purpose, enabled: s.enabled })) },
      });
      return { ok: true as const, message: 'Automatic messages saved.' };
    },
  );

  route(
    app,
    smsEndpoints.balance,
    { schema: { description: 'The SMS gateway account’s balance (SMS_ADAPTER=twilio); null for other adapters.' } },
    async () => {
      const a = adapterOf();
      if (a.name !== 'twilio') return { adapter: a.name, currency: null, balance: null };
      const b = await (a as TwilioAdapter).balance();
      return { adapter: a.name, currency: b.currency, balance: b.balance };
    },
  );

  route(
    app,
    smsEndpoints.twilioDelivery,
    {
      schema: {
        description:
          'Twilio’s delivery report (StatusCallback; no sign-in: the X-Twilio-Signature HMAC-SHA1 over ' +
          'SMS_STATUS_CALLBACK_URL and the sorted form parameters is its credential). A bad signature is 403 and ' +
          'changes nothing; a repeat changes nothing (changed: false).',
        response: { 403: errorBody, 404: errorBody },
      },
    },
    async (req) => {
      const cfg = app.config;
      if (cfg.SMS_ADAPTER !== 'twilio' || !cfg.SMS_STATUS_CALLBACK_URL) {
        throw new ApiError(404, SMS_CODES.noGateway, 'This server takes no Twilio delivery reports.');
      }
      const raw = (req.body ?? {}) as Record<string, unknown>;
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') params[k] = v;
      const signature = req.headers['x-twilio-signature'];
      if (
        !verifyTwilioSignature(
          cfg.TWILIO_AUTH_TOKEN,
          cfg.SMS_STATUS_CALLBACK_URL,
          params,
          typeof signature === 'string' ? signature : undefined,
        ) ||
        params.AccountSid !== cfg.TWILIO_ACCOUNT_SID
      ) {
        req.log.warn('Twilio delivery report with a bad signature');
        throw new ApiError(403, SMS_CODES.badSignature, 'The delivery report’s signature does not verify.');
      }
      const sid = params.MessageSid ?? params.SmsSid;
      if (!sid) throw notFound('Message');
      const done = await applyDeliveryReport(db, {
        providerMessageId: sid,
        status: params.MessageStatus ?? params.SmsStatus ?? '',
        errorCode: params.ErrorCode,
      });
      if (done.schoolId !== null) app.hotCache.dropSchools([done.schoolId]);
      return { ok: true as const, changed: done.changed };
    },
  );

  route(app, smsEndpoints.optOuts, {}, async (req) => optOutsOf(db, authOf(req).userId));

  route(
    app,
    smsEndpoints.putOptOuts,
    {
      schema: {
        description:
          'The purposes of SMS the guardian wants none of (absence, chronic_absence, result, fee, calendar, ' +
          'general); honoured for every message, also those already queued.',
      },
    },
    async (req) => {
      await saveOptOuts(db, authOf(req).userId, req.body.opted_out);
      return { ok: true as const, message: 'SMS choices saved.' };
    },
  );
}
