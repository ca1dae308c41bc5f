/**
 * The SMS centre (docs/DOMAIN.md, "SMS centre"): composing a message to the guardians of a
 * class, a section or chosen students, previewing who gets it and what it costs, queueing it in
 * the outbox as a campaign (services/messaging.ts sends it: opt-outs, quiet hours and the quota
 * apply there, to every message whoever queued it), delivery reports, and the reports.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { formatPoisha } from '@/api/schemas/fees';
import { SMS_CODES, type SmsAudience, type SmsPreview, type SmsPurpose, SMS_PURPOSES } from '@/api/schemas/sms';
import { formatDate, localDigits } from '@/i18n/format';
import { clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import {
  classes,
  enrolments,
  guardians,
  guardianStudents,
  messageOutbox,
  schools,
  smsCampaigns,
  smsOptOuts,
  students,
} from '../db/schema';
import { ApiError, badRequest } from '../errors';
import { bnOr } from './bangla-names';
import { onTheBooks } from './leaving';
import { MAX_ATTEMPTS, quietUntil, smsParts } from './messaging';
import { studentFullName } from './names';
import { quotaOf } from './sms-quota';

// ---------------------------------------------------------------- templates

/** The built-in templates, in English and Bangla; fields in braces: {name} {class} {date} {amount}. */
export const SMS_TEMPLATES = [
  {
    key: 'meeting',
    en: 'Dear guardian, a guardians meeting of {name} (Class {class}) is on {date}. Please attend.',
    bn: 'অভিভাবক, {name} ({class} শ্রেণি)-এর অভিভাবক সভা {date} তারিখে। অনুগ্রহ করে উপস্থিত থাকুন।',
  },
  {
    key: 'holiday',
    en: 'Dear guardian, the school is closed on {date}. Classes of {name} resume the next school day.',
    bn: 'অভিভাবক, {date} তারিখে বিদ্যালয় বন্ধ থাকবে। {name}-এর ক্লাস পরের কর্মদিবসে চলবে।',
  },
  {
    key: 'fee',
    en: 'Dear guardian, Tk {amount} is due for {name} (Class {class}) by {date}.',
    bn: 'অভিভাবক, {name} ({class} শ্রেণি)-এর {amount} টাকা {date} তারিখের মধ্যে পরিশোধ করুন।',
  },
  {
    key: 'exam',
    en: 'Dear guardian, the exams of {name} (Class {class}) begin on {date}.',
    bn: 'অভিভাবক, {name} ({class} শ্রেণি)-এর পরীক্ষা {date} তারিখে শুরু।',
  },
] as const;

const FIELD = /\{(\w+)\}/g;

/** The template's fields must be known ones (400 naming `template` otherwise). */
export function checkTemplate(template: string): void {
  for (const m of template.matchAll(FIELD)) {
    if (!['name', 'class', 'date', 'amount'].includes(m[1])) {
      throw new ApiError(400, SMS_CODES.badTemplate, `Unknown field {${m[1]}} in the template.`, {
        template: `{${m[1]}} is not a field: use {name}, {class}, {date} or {amount}`,
      });
    }
  }
}

export interface TemplateValues {
  name: string;
  class: string;
  date: string;
  amount: string;
}

/** The template with its fields filled; in Bangla, digits of the date and amount are Bangla. */
export function renderTemplate(template: string, v: TemplateValues): string {
  return template.replace(FIELD, (_, f: keyof TemplateValues) => v[f] ?? '');
}

// ---------------------------------------------------------------- the audience

export interface Caller {
  userId: number;
  /** A teacher reaches only the sections they teach (`teaches`); null: the school admin, any. */
  teaches: ((sectionIds: number[]) => Promise<boolean>) | null;
}

interface Child {
  studentId: number;
  enrolmentId: number;
  sectionId: number;
  name: string;
  className: string;
  classNameBn: string;
}

/** The students on the books of the school's current session in the audience. */
async function childrenOf(db: DbOrTx, schoolId: number, sessionId: number, today: string, audience: SmsAudience) {
  const where: SQL[] = [
    eq(enrolments.schoolId, schoolId),
    eq(enrolments.sessionId, sessionId),
    onTheBooks(students.leftOn, today),
  ];
  if ('section_id' in audience) where.push(eq(enrolments.sectionId, audience.section_id));
  else if ('class_id' in audience) where.push(eq(enrolments.classId, audience.class_id));
  else where.push(inArray(enrolments.studentId, audience.student_ids));
  const rows: Child[] = await db
    .select({
      studentId: enrolments.studentId,
      enrolmentId: enrolments.id,
      sectionId: enrolments.sectionId,
      name: studentFullName(),
      className: classes.className,
      classNameBn: classes.classNameBn,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(classes, eq(classes.id, enrolments.classId))
    .where(and(...where))
    .orderBy(asc(enrolments.sectionId), asc(enrolments.classRollNo));
  if ('student_ids' in audience) {
    const found = new Set(rows.map((r) => r.studentId));
    const missing = audience.student_ids.find((s) => !found.has(s));
    if (missing !== undefined)
      throw badRequest('audience.student_ids', `student ${missing} is not a student of this school now`);
  }
  return rows;
}

interface Recipient {
  guardianId: number;
  phone: string;
  optedOut: boolean;
  children: Child[];
}

/** One recipient per linked guardian of the children (a guardian of two children gets one message). */
async function recipientsOf(db: DbOrTx, children: Child[], purpose: SmsPurpose) {
  if (!children.length) return { recipients: [] as Recipient[], noGuardian: 0 };
  const links = await db
    .select({
      guardianId: guardians.id,
      phone: guardians.phone,
      studentId: guardianStudents.studentId,
      optedOut: sql<boolean>`(${guardians.smsPreference} = 'none' or exists (
        select 1 from ${smsOptOuts} where ${smsOptOuts.guardianId} = ${guardians.id} and ${smsOptOuts.purpose} = ${purpose}))`,
    })
    .from(guardianStudents)
    .innerJoin(guardians, eq(guardians.id, guardianStudents.guardianId))
    .where(
      inArray(
        guardianStudents.studentId,
        children.map((c) => c.studentId),
      ),
    )
    .orderBy(asc(guardians.id));
  const byStudent = new Map(children.map((c) => [c.studentId, c]));
  const byGuardian = new Map<number, Recipient>();
  const linked = new Set<number>();
  for (const l of links) {
    linked.add(l.studentId);
    const r = byGuardian.get(l.guardianId) ?? {
      guardianId: l.guardianId,
      phone: l.phone,
      optedOut: l.optedOut,
      children: [],
    };
    r.children.push(byStudent.get(l.studentId)!);
    byGuardian.set(l.guardianId, r);
  }
  return { recipients: [...byGuardian.values()], noGuardian: children.filter((c) => !linked.has(c.studentId)).length };
}

export interface ComposeInput {
  audience: SmsAudience;
  template: string;
  language: 'en' | 'bn';
  date?: string;
  amount?: string;
  schedule_at?: string;
  urgent: boolean;
}

async function plan(db: DbOrTx, schoolId: number, caller: Caller, b: ComposeInput, pricePoisha: number) {
  checkTemplate(b.template);
  const [school] = await db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  const now = clock.now();
  const today = DateTime.fromMillis(now, { zone: school.timeZone }).toISODate()!;
  const { sessionIdForDate } = await import('./school-time');
  const sessionId = await sessionIdForDate(db, today);
  if (!sessionId)
    throw new ApiError(400, SMS_CODES.noRecipients, 'There is no current session.', { audience: 'no session' });
  const children = await childrenOf(db, schoolId, sessionId, today, b.audience);
  if (caller.teaches) {
    const sections = [...new Set(children.map((c) => c.sectionId))];
    if (sections.length && !(await caller.teaches(sections))) {
      throw new ApiError(403, 'not_your_section', 'You do not teach that section.');
    }
  }
  const { recipients, noGuardian } = await recipientsOf(db, children, 'general');
  const going = recipients.filter((r) => !r.optedOut);
  const lang = b.language;
  const dateText = b.date ? formatDate(b.date, 'd MMMM yyyy', lang) : formatDate(today, 'd MMMM yyyy', lang);
  const amountText = b.amount ? localDigits(b.amount, lang) : '';
  const messages = going.map((r) => ({
    recipient: r,
    body: renderTemplate(b.template, {
      name: r.children.map((c) => c.name).join(lang === 'bn' ? ', ' : ' and '),
      class: localDigits(
        [
          ...new Set(
            r.children.map((c) => (lang === 'bn' ? bnOr('classes', c.classNameBn, c.className) : c.className)),
          ),
        ].join(', '),
        lang,
      ),
      date: dateText,
      amount: amountText,
    }),
  }));
  const partsEach = messages.map((m) => smsParts(m.body));
  const parts = partsEach.reduce((a, p) => a + p.parts, 0);
  const quota = await quotaOf(db, schoolId, school.timeZone, now);
  const sendAt = b.schedule_at ? Date.parse(b.schedule_at) : now;
  const preview: SmsPreview = {
    recipients: messages.length,
    students: children.length,
    no_guardian: noGuardian,
    opted_out: recipients.length - going.length,
    parts,
    parts_each: partsEach.reduce((m, p) => Math.max(m, p.parts), 0) || smsParts(b.template).parts,
    encoding: (partsEach[0] ?? smsParts(b.template)).encoding,
    cost: formatPoisha(BigInt(parts) * BigInt(pricePoisha)),
    sample: messages[0]?.body ?? null,
    left: quota.left,
    fits: quota.left === null || parts <= quota.left,
    quiet_hours: quietUntil(sendAt, school.timeZone, 'general', b.urgent) !== null,
  };
  return { preview, messages, today, sendAt, now };
}

export async function previewCampaign(db: DbOrTx, schoolId: number, caller: Caller, b: ComposeInput, price: number) {
  return (await plan(db, schoolId, caller, b, price)).preview;
}

/** Queue the campaign: one outbox row per guardian; the outbox sends them (services/messaging.ts). */
export async function queueCampaign(db: Db, schoolId: number, caller: Caller, b: ComposeInput, price: number) {
  const p = await plan(db, schoolId, caller, b, price);
  if (b.schedule_at && p.sendAt < p.now - 60_000) {
    throw new ApiError(400, SMS_CODES.scheduleInPast, 'The time to send is past.', { schedule_at: 'is in the past' });
  }
  if (!p.messages.length) {
    throw new ApiError(400, SMS_CODES.noRecipients, 'No guardian of these students can get an SMS.', {
      audience: 'has no guardian who takes SMS',
    });
  }
  const sendAfter = b.schedule_at ? new Date(p.sendAt) : null;
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .insert(smsCampaigns)
      .values({
        schoolId,
        createdByUserId: caller.userId,
        template: b.template,
        language: b.language,
        audience: b.audience,
        recipients: p.messages.length,
        parts: p.preview.parts,
        sendAfter,
        urgent: b.urgent,
      })
      .returning({ id: smsCampaigns.id });
    await tx.insert(messageOutbox).values(
      p.messages.map((m) => ({
        schoolId,
        kind: 'general',
        enrolmentId: m.recipient.children[0].enrolmentId,
        date: p.today,
        phone: m.recipient.phone,
        body: m.body,
        guardianId: m.recipient.guardianId,
        campaignId: campaign.id,
        sendAfter,
        urgent: b.urgent,
        createdByUserId: caller.userId,
      })),
    );
    return { ...p.preview, campaign_id: campaign.id, queued: p.messages.length };
  });
}

// ---------------------------------------------------------------- delivery reports

/**
 * Apply a gateway's delivery report to the message it names (by the gateway's id). Idempotent: a
 * report moves a 'sent' message to 'delivered' or 'failed' once; a repeat, a late 'sent' or a
 * report of a message already final changes nothing. A failed delivery is final (no retry: the
 * gateway charged it), with the gateway's reason.
 */
export async function applyDeliveryReport(
  db: DbOrTx,
  r: { providerMessageId: string; status: string; errorCode?: string },
): Promise<{ changed: boolean; schoolId: number | null }> {
  const delivered = r.status === 'delivered';
  const failed = r.status === 'undelivered' || r.status === 'failed';
  if (!delivered && !failed) return { changed: false, schoolId: null };
  const rows = await db
    .update(messageOutbox)
    .set(
      delivered
        ? { status: 'delivered', deliveredAt: sql`now()` }
        : {
            status: 'failed',
            attempts: MAX_ATTEMPTS,
            lastError: `Not delivered: the gateway reported ${r.status}${r.errorCode ? ` (error ${r.errorCode})` : ''}.`,
          },
    )
    .where(and(eq(messageOutbox.providerMessageId, r.providerMessageId), eq(messageOutbox.status, 'sent')))
    .returning({ schoolId: messageOutbox.schoolId });
  return { changed: rows.length > 0, schoolId: rows[0]?.schoolId ?? null };
}

// ---------------------------------------------------------------- lists and reports

export async function listMessages(
  db: DbOrTx,
  schoolId: number,
  q: { limit: number; offset: number; campaign_id?: number; status?: string; kind?: string; createdBy?: number },
) {
  const where: SQL[] = [eq(messageOutbox.schoolId, schoolId)];
  if (q.campaign_id) where.push(eq(messageOutbox.campaignId, q.campaign_id));
  if (q.status) where.push(eq(messageOutbox.status, q.status));
  if (q.kind) where.push(eq(messageOutbox.kind, q.kind));
  if (q.createdBy) where.push(eq(messageOutbox.createdByUserId, q.createdBy));
  const [{ total }] = await db
    .select({ total: count() })
    .from(messageOutbox)
    .where(and(...where));
  const rows = await db
    .select()
    .from(messageOutbox)
    .where(and(...where))
    .orderBy(desc(messageOutbox.id))
    .limit(q.limit)
    .offset(q.offset);
  return {
    total: Number(total),
    limit: q.limit,
    offset: q.offset,
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      phone: r.phone,
      body: r.body,
      status: r.status as 'queued',
      waiting: r.waiting,
      parts: r.parts || smsParts(r.body).parts,
      attempts: r.attempts,
      reason: r.lastError,
      campaign_id: r.campaignId,
      created_at: r.createdAt.toISOString(),
      sent_at: r.sentAt ? r.sentAt.toISOString() : null,
      delivered_at: r.deliveredAt ? r.deliveredAt.toISOString() : null,
    })),
  };
}

export async function listCampaigns(
  db: DbOrTx,
  schoolId: number,
  q: { limit: number; offset: number; createdBy?: number },
) {
  const where: SQL[] = [eq(smsCampaigns.schoolId, schoolId)];
  if (q.createdBy) where.push(eq(smsCampaigns.createdByUserId, q.createdBy));
  const [{ total }] = await db
    .select({ total: count() })
    .from(smsCampaigns)
    .where(and(...where));
  const rows = await db
    .select({
      id: smsCampaigns.id,
      template: smsCampaigns.template,
      language: smsCampaigns.language,
      recipients: smsCampaigns.recipients,
      parts: smsCampaigns.parts,
      createdAt: smsCampaigns.createdAt,
      sendAfter: smsCampaigns.sendAfter,
    })
    .from(smsCampaigns)
    .where(and(...where))
    .orderBy(desc(smsCampaigns.id))
    .limit(q.limit)
    .offset(q.offset);
  const counts = rows.length
    ? await db
        .select({ campaignId: messageOutbox.campaignId, status: messageOutbox.status, n: sql<number>`count(*)::int` })
        .from(messageOutbox)
        .where(
          inArray(
            messageOutbox.campaignId,
            rows.map((r) => r.id),
          ),
        )
        .groupBy(messageOutbox.campaignId, messageOutbox.status)
    : [];
  const of = (id: number, status: string) =>
    Number(counts.find((c) => c.campaignId === id && c.status === status)?.n ?? 0);
  return {
    total: Number(total),
    limit: q.limit,
    offset: q.offset,
    rows: rows.map((r) => ({
      id: r.id,
      template: r.template,
      language: r.language,
      recipients: r.recipients,
      parts: r.parts,
      created_at: r.createdAt.toISOString(),
      send_after: r.sendAfter ? r.sendAfter.toISOString() : null,
      queued: of(r.id, 'queued'),
      sent: of(r.id, 'sent'),
      delivered: of(r.id, 'delivered'),
      failed: of(r.id, 'failed'),
      cancelled: of(r.id, 'cancelled'),
    })),
  };
}

/**
 * Usage by purpose and month (GET /api/sms/count_report): messages that left (sent, delivered,
 * or failed after the gateway took them) and the parts charged, per month of their sending in the
 * school's time zone.
 */
export async function countReport(db: DbOrTx, schoolId: number, purpose?: SmsPurpose) {
  const [school] = await db.select({ timeZone: schools.timeZone }).from(schools).where(eq(schools.id, schoolId));
  const month = sql<string>`to_char(${messageOutbox.sentAt} at time zone ${school.timeZone}, 'YYYY-MM')`;
  const where: SQL[] = [eq(messageOutbox.schoolId, schoolId), sql`${messageOutbox.sentAt} is not null`];
  if (purpose) where.push(eq(messageOutbox.kind, purpose));
  const rows = await db
    .select({
      month,
      purpose: messageOutbox.kind,
      messages: sql<number>`count(*)::int`,
      parts: sql<number>`coalesce(sum(${messageOutbox.parts}), 0)::int`,
      delivered: sql<number>`count(*) filter (where ${messageOutbox.status} = 'delivered')::int`,
      failed: sql<number>`count(*) filter (where ${messageOutbox.status} = 'failed')::int`,
    })
    .from(messageOutbox)
    .where(and(...where))
    // By position: the month's time zone is a parameter, so the expression is not repeated.
    .groupBy(sql`1`, sql`2`)
    .orderBy(sql`1 desc`, sql`2`);
  return {
    school_id: schoolId,
    rows: rows.map((r) => ({ ...r, messages: Number(r.messages), parts: Number(r.parts) })),
  };
}

const CSV_HEAD = ['month', 'purpose', 'messages', 'parts', 'delivered', 'failed'] as const;

export function countReportCsv(rows: Awaited<ReturnType<typeof countReport>>['rows']): string {
  const lines = [CSV_HEAD.join(',')];
  for (const r of rows) lines.push(CSV_HEAD.map((k) => String(r[k])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export async function countReportXlsx(rows: Awaited<ReturnType<typeof countReport>>['rows']): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('SMS usage');
  sheet.columns = CSV_HEAD.map((k) => ({ header: k, key: k, width: 14 }));
  for (const r of rows) sheet.addRow(r);
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await book.xlsx.writeBuffer());
}

// ---------------------------------------------------------------- opt-outs

export async function optOutsOf(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ purpose: smsOptOuts.purpose })
    .from(smsOptOuts)
    .innerJoin(guardians, eq(guardians.id, smsOptOuts.guardianId))
    .where(eq(guardians.userId, userId))
    .orderBy(asc(smsOptOuts.purpose));
  return { opted_out: rows.map((r) => r.purpose as SmsPurpose).filter((p) => SMS_PURPOSES.includes(p)) };
}

/** Replace the guardian's opt-outs; their queued messages of those purposes are cancelled when claimed. */
export async function saveOptOuts(db: Db, userId: number, purposes: readonly SmsPurpose[]) {
  await db.transaction(async (tx) => {
    const [g] = await tx.select({ id: guardians.id }).from(guardians).where(eq(guardians.userId, userId));
    if (!g) throw new ApiError(404, 'not_found', 'Guardian not found.');
    await tx.delete(smsOptOuts).where(eq(smsOptOuts.guardianId, g.id));
    const unique = [...new Set(purposes)];
    if (unique.length) await tx.insert(smsOptOuts).values(unique.map((purpose) => ({ guardianId: g.id, purpose })));
  });
}

/** Whether a class exists (classes are shared by every school). */
export async function classExists(db: DbOrTx, classId: number): Promise<boolean> {
  const [found] = await db.select({ id: classes.id }).from(classes).where(eq(classes.id, classId));
  return !!found;
}
