/**
 * Automatic messages (docs/DOMAIN.md, "SMS centre"): each a school setting (sms_auto_settings, off
 * until the school admin turns it on) with its own template. They only queue outbox rows, each
 * once (a dedupe key per fact and guardian, `ON CONFLICT DO NOTHING`); the outbox applies opt-outs,
 * quiet hours and the quota when it sends. Fee reminders: `days_before` days before a fee's last
 * date, and once when overdue, for each invoice with something due; a queued reminder whose invoice
 * was settled meanwhile is cancelled. Run by the housekeeping job (server/plugins/housekeeping.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { formatPoisha } from '@/api/schemas/fees';
import { formatDate, localDigits } from '@/i18n/format';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { messageOutbox, schools, smsAutoSettings } from '../db/schema';
import { renderTemplate } from './sms-centre';

export const AUTO_TEMPLATES = {
  fee: {
    en: 'Dear guardian, Tk {amount} is due for {name} by {date}.',
    bn: 'অভিভাবক, {name}-এর {amount} টাকা {date} তারিখের মধ্যে পরিশোধ করুন।',
  },
} as const;

/** Reason of a reminder cancelled because its invoice was settled before it left. */
export const SETTLED_REASON = 'Cancelled: the invoice was settled.';

/** The invoice's due (amount − waivers − allocations), as SQL on `i`. */
const DUE = sql.raw(`(i.amount_poisha
  - coalesce((select sum(w.amount_poisha) from invoice_waivers w where w.invoice_id = i.id), 0)
  - coalesce((select sum(pa.amount_poisha) from payment_allocations pa where pa.invoice_id = i.id), 0))`);

/** Queue the fee reminders of one school for its `today`; answers how many were queued. */
export async function queueFeeReminders(db: DbOrTx, schoolId: number, today: string): Promise<number> {
  const [setting] = await db
    .select()
    .from(smsAutoSettings)
    .where(and(eq(smsAutoSettings.schoolId, schoolId), eq(smsAutoSettings.purpose, 'fee')));
  await cancelSettledReminders(db, schoolId);
  if (!setting?.enabled) return 0;
  const [school] = await db.select({ lang: schools.smsLanguage }).from(schools).where(eq(schools.id, schoolId));
  const lang = school.lang === 'en' ? 'en' : 'bn';
  const soon = DateTime.fromISO(today).plus({ days: setting.daysBefore }).toISODate()!;
  const rows = rowsOf<{
    invoice_id: number;
    guardian_id: number;
    phone: string;
    name: string;
    last_date: string;
    due: string;
    which: 'due' | 'overdue';
  }>(
    await db.execute(sql`
      select i.id as invoice_id, g.id as guardian_id, g.phone,
             trim(concat_ws(' ', s.first_name, nullif(s.middle_name, ''), nullif(s.last_name, ''))) as name,
             f.last_date::text as last_date, (${DUE})::text as due,
             case when f.last_date < ${today}::date then 'overdue' else 'due' end as which
      from invoices i
      join fees f on f.id = i.fee_id
      join students s on s.id = i.student_id
      join guardian_students gs on gs.student_id = i.student_id
      join guardians g on g.id = gs.guardian_id
      where i.school_id = ${schoolId} and i.kind = 'fee'
        and (f.last_date = ${soon}::date or f.last_date < ${today}::date)
        and ${DUE} > 0`),
  );
  if (!rows.length) return 0;
  const template = (lang === 'en' ? setting.templateEn : setting.templateBn) || AUTO_TEMPLATES.fee[lang];
  const [creator] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from users where user_type = 4 and school_id = ${schoolId} order by id limit 1`),
  );
  if (!creator) return 0;
  const inserted = await db
    .insert(messageOutbox)
    .values(
      rows.map((r) => ({
        schoolId,
        kind: 'fee',
        date: today,
        phone: r.phone,
        guardianId: r.guardian_id,
        body: renderTemplate(template, {
          name: r.name,
          class: '',
          date: formatDate(r.last_date, 'd MMMM yyyy', lang),
          amount: localDigits(formatPoisha(BigInt(r.due)), lang),
        }),
        dedupeKey: `fee_${r.which}:${r.invoice_id}:${r.guardian_id}`,
        createdByUserId: creator.id,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: messageOutbox.id });
  return inserted.length;
}

/** Cancel the queued fee reminders whose invoice has nothing due any more. */
export async function cancelSettledReminders(db: DbOrTx, schoolId: number): Promise<number> {
  const rows = await db
    .update(messageOutbox)
    .set({ status: 'cancelled', lastError: SETTLED_REASON })
    .where(
      and(
        eq(messageOutbox.schoolId, schoolId),
        eq(messageOutbox.kind, 'fee'),
        sql`${messageOutbox.status} in ('queued', 'failed')`,
        sql`left(${messageOutbox.dedupeKey}, 4) = 'fee_'`,
        sql`not exists (select 1 from invoices i where i.id = split_part(${messageOutbox.dedupeKey}, ':', 2)::int and ${DUE} > 0)`,
      ),
    )
    .returning({ id: messageOutbox.id });
  return rows.length;
}

/** Every school's reminders, each on its own today (the housekeeping job). */
export async function runAutomaticMessages(db: DbOrTx, todayOf: (schoolId: number) => Promise<string>) {
  const ids = rowsOf<{ school_id: number }>(
    await db.execute(sql`select school_id from sms_auto_settings where enabled group by school_id`),
  );
  let queued = 0;
  for (const { school_id } of ids) queued += await queueFeeReminders(db, school_id, await todayOf(school_id));
  return queued;
}

/** Turn a purpose on or off with its templates (the school admin's). */
export async function saveAutoSetting(
  db: DbOrTx,
  schoolId: number,
  s: {
    purpose: string;
    enabled: boolean;
    template_en?: string | null;
    template_bn?: string | null;
    days_before?: number;
  },
) {
  const values = {
    enabled: s.enabled,
    templateEn: s.template_en ?? null,
    templateBn: s.template_bn ?? null,
    daysBefore: s.days_before ?? 3,
    updatedAt: new Date(),
  };
  await db
    .insert(smsAutoSettings)
    .values({ schoolId, purpose: s.purpose, ...values })
    .onConflictDoUpdate({ target: [smsAutoSettings.schoolId, smsAutoSettings.purpose], set: values });
}
