/**
 * Automatic messages (docs/DOMAIN.md, "SMS centre"): each a school setting (sms_auto_settings, off
 * until the school admin turns it on) with its own template. They only queue outbox rows, each
 * once (a dedupe key per fact and guardian, `ON CONFLICT DO NOTHING`); the outbox applies opt-outs,
 * quiet hours and the quota when it sends. Fee reminders: `days_before` days before a fee's last
 * date, and once when overdue, for each invoice with something due; a queued reminder whose invoice
 * was settled meanwhile is cancelled. Results: once per student and guardian when the session's
 * results are published (within RESULT_WINDOW_DAYS), with the child's GPA. Calendar: once per entry
 * and guardian, `days_before` days before a holiday, exam, event or meeting; cancelled if the entry
 * is deleted or moved out of reach. Absence and repeated absence are on by default (as before the
 * settings): the outbox cancels their rows when the school turned them off (services/messaging.ts).
 * Run by the housekeeping job (server/plugins/housekeeping.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  SMS_AUTO_FIELDS,
  SMS_AUTO_PURPOSES,
  SMS_CODES,
  type SmsAutoPurpose,
  type SmsAutoSetting,
} from '@/api/schemas/sms';
import { DateTime } from 'luxon';
import { formatPoisha } from '@/api/schemas/fees';
import { formatDate, localDigits } from '@/i18n/format';
import type { Db, DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { messageOutbox, schools, smsAutoSettings } from '../db/schema';
import { ApiError } from '../errors';
import { sectionSheets } from './exams';
import { tabulationOf } from './result-analysis';
import { renderTemplate } from './sms-centre';

export const AUTO_TEMPLATES = {
  fee: {
    en: 'Dear guardian, Tk {amount} is due for {name} by {date}.',
    bn: 'অভিভাবক, {name}-এর {amount} টাকা {date} তারিখের মধ্যে পরিশোধ করুন।',
  },
  result: {
    en: 'Dear guardian, the results of {name} (Class {class}) are published: GPA {gpa} ({grade}).',
    bn: 'অভিভাবক, {name} ({class} শ্রেণি)-এর ফলাফল প্রকাশিত হয়েছে: জিপিএ {gpa} ({grade})।',
  },
  calendar: {
    en: 'Dear guardian, {topic} on {date}.',
    bn: 'অভিভাবক, {date} তারিখে {topic}।',
  },
} as const;

/** Purposes on until the school turns them off (they were sent before the settings existed). */
const ON_BY_DEFAULT: readonly SmsAutoPurpose[] = ['absence', 'chronic_absence'];
/** How long after publishing the results messages may still be queued (turning the setting on late). */
export const RESULT_WINDOW_DAYS = 7;
/** Reason of a calendar message cancelled because its entry was deleted or moved. */
export const CALENDAR_GONE_REASON = 'Cancelled: the calendar entry was changed or deleted.';

const FIELD = /\{(\w+)\}/g;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(FIELD, (whole, f: string) => values[f] ?? whole);

/** The school's automatic messages as the settings screen shows them (every purpose, built-in texts). */
export async function autoSettingsOf(db: DbOrTx, schoolId: number): Promise<SmsAutoSetting[]> {
  const rows = await db.select().from(smsAutoSettings).where(eq(smsAutoSettings.schoolId, schoolId));
  return SMS_AUTO_PURPOSES.map((purpose) => {
    const row = rows.find((r) => r.purpose === purpose);
    const builtIn = purpose in AUTO_TEMPLATES ? AUTO_TEMPLATES[purpose as keyof typeof AUTO_TEMPLATES] : null;
    return {
      purpose,
      enabled: row ? row.enabled : ON_BY_DEFAULT.includes(purpose),
      template_en: row?.templateEn ?? null,
      template_bn: row?.templateBn ?? null,
      days_before: row?.daysBefore ?? 3,
      default_en: builtIn?.en ?? null,
      default_bn: builtIn?.bn ?? null,
    };
  });
}

/** A template may use only its purpose's fields (400 naming the setting's field otherwise). */
export function checkAutoTemplate(purpose: SmsAutoPurpose, template: string | null, field: string): void {
  if (!template) return;
  const allowed = SMS_AUTO_FIELDS[purpose];
  for (const m of template.matchAll(FIELD)) {
    if (!allowed.includes(m[1])) {
      const use = allowed.length ? allowed.map((f) => `{${f}}`).join(', ') : 'no field';
      throw new ApiError(400, SMS_CODES.badTemplate, `Unknown field {${m[1]}} in the template.`, {
        [field]: `{${m[1]}} is not a field here: use ${use}`,
      });
    }
  }
}

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

/** Every school's automatic messages, each on its own today (the housekeeping job). */
export async function runAutomaticMessages(db: DbOrTx, todayOf: (schoolId: number) => Promise<string>) {
  const ids = rowsOf<{ school_id: number }>(
    await db.execute(sql`select school_id from sms_auto_settings where enabled group by school_id`),
  );
  let queued = 0;
  for (const { school_id } of ids) {
    const today = await todayOf(school_id);
    queued += await queueFeeReminders(db, school_id, today);
    queued += await queueResultMessages(db, school_id, today);
    queued += await queueCalendarMessages(db, school_id, today);
  }
  return queued;
}

/** The school's setting of a purpose (enabled, its template in the school's SMS language), or null when off. */
async function settingOn(db: DbOrTx, schoolId: number, purpose: 'result' | 'calendar') {
  const [setting] = await db
    .select()
    .from(smsAutoSettings)
    .where(and(eq(smsAutoSettings.schoolId, schoolId), eq(smsAutoSettings.purpose, purpose)));
  if (!setting?.enabled) return null;
  const [school] = await db.select({ lang: schools.smsLanguage }).from(schools).where(eq(schools.id, schoolId));
  const lang: 'en' | 'bn' = school.lang === 'en' ? 'en' : 'bn';
  const template = (lang === 'en' ? setting.templateEn : setting.templateBn) || AUTO_TEMPLATES[purpose][lang];
  const [creator] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from users where user_type = 4 and school_id = ${schoolId} order by id limit 1`),
  );
  return creator ? { lang, template, daysBefore: setting.daysBefore, creatorId: creator.id } : null;
}

/**
 * Results published: one message per student and guardian of a session whose results the school
 * published in the last RESULT_WINDOW_DAYS, with the child's GPA and grade (the tabulation's, as
 * the grade sheets compute them). Once: a later publication (after an unlock) sends nothing again.
 */
export async function queueResultMessages(db: DbOrTx, schoolId: number, today: string): Promise<number> {
  const on = await settingOn(db, schoolId, 'result');
  if (!on) return 0;
  const since = DateTime.fromISO(today).minus({ days: RESULT_WINDOW_DAYS }).toISODate()!;
  const sessions = rowsOf<{ session_id: number }>(
    await db.execute(sql`
      select session_id from result_publications
      where school_id = ${schoolId} and published and published_at >= ${since}::date`),
  );
  let queued = 0;
  for (const { session_id } of sessions) {
    const sectionIds = rowsOf<{ section_id: number }>(
      await db.execute(sql`
        select distinct section_id from enrolments where school_id = ${schoolId} and session_id = ${session_id}`),
    );
    for (const { section_id } of sectionIds) {
      const sheets = await sectionSheets(db, section_id, session_id);
      if (!sheets || !sheets.students.length) continue;
      const sheet = tabulationOf(sheets, section_id);
      const byStudent = new Map(sheet.rows.map((r) => [r.student_id, r]));
      const links = rowsOf<{ student_id: number; guardian_id: number; phone: string }>(
        await db.execute(sql`
          select gs.student_id, g.id as guardian_id, g.phone
          from guardian_students gs join guardians g on g.id = gs.guardian_id
          where gs.student_id = any(${sql.param([...byStudent.keys()])}::int[])`),
      );
      if (!links.length) continue;
      const className = localDigits(sheet.class_name, on.lang);
      const inserted = await db
        .insert(messageOutbox)
        .values(
          links.map((l) => {
            const r = byStudent.get(l.student_id)!;
            return {
              schoolId,
              kind: 'result',
              date: today,
              phone: l.phone,
              guardianId: l.guardian_id,
              body: fill(on.template, {
                name: r.name,
                class: className,
                gpa: localDigits(r.gpa.toFixed(2), on.lang),
                grade: r.grade,
              }),
              dedupeKey: `result:${session_id}:${l.student_id}:${l.guardian_id}`,
              createdByUserId: on.creatorId,
            };
          }),
        )
        .onConflictDoNothing()
        .returning({ id: messageOutbox.id });
      queued += inserted.length;
    }
  }
  return queued;
}

const CALENDAR_TYPES = ['holiday', 'exam', 'event', 'meeting'];

/**
 * Holidays and events: one message per calendar entry and guardian (of the students enrolled in
 * the entry's session), once the entry is `days_before` days away or nearer. A queued one whose
 * entry was deleted or moved into the past is cancelled.
 */
export async function queueCalendarMessages(db: DbOrTx, schoolId: number, today: string): Promise<number> {
  await db.execute(sql`
    update message_outbox m set status = 'cancelled', last_error = ${CALENDAR_GONE_REASON}
    where m.school_id = ${schoolId} and m.kind = 'calendar' and m.status in ('queued', 'failed')
      and left(m.dedupe_key, 9) = 'calendar:'
      and not exists (select 1 from calendar_entries e
        where e.id = split_part(m.dedupe_key, ':', 2)::int and e.start_date >= ${today}::date)`);
  const on = await settingOn(db, schoolId, 'calendar');
  if (!on) return 0;
  const until = DateTime.fromISO(today).plus({ days: on.daysBefore }).toISODate()!;
  const rows = rowsOf<{ entry_id: number; topics: string; start_date: string; guardian_id: number; phone: string }>(
    await db.execute(sql`
      select distinct on (e.id, g.id) e.id as entry_id, e.topics, e.start_date::text as start_date,
             g.id as guardian_id, g.phone
      from calendar_entries e
      join enrolments en on en.school_id = e.school_id and en.session_id = e.session_id
      join students s on s.id = en.student_id and (s.left_on is null or s.left_on > ${today}::date)
      join guardian_students gs on gs.student_id = en.student_id
      join guardians g on g.id = gs.guardian_id
      where e.school_id = ${schoolId} and e.type = any(${sql.param(CALENDAR_TYPES)}::text[])
        and e.start_date > ${today}::date and e.start_date <= ${until}::date
      order by e.id, g.id`),
  );
  if (!rows.length) return 0;
  const inserted = await db
    .insert(messageOutbox)
    .values(
      rows.map((r) => ({
        schoolId,
        kind: 'calendar',
        date: today,
        phone: r.phone,
        guardianId: r.guardian_id,
        body: fill(on.template, { topic: r.topics, date: formatDate(r.start_date, 'd MMMM yyyy', on.lang) }),
        dedupeKey: `calendar:${r.entry_id}:${r.guardian_id}`,
        createdByUserId: on.creatorId,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: messageOutbox.id });
  return inserted.length;
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

/**
 * Save several purposes' settings at once (the settings screen's). Every template is checked
 * first: one using a field its purpose lacks is a 400 naming it (`settings.N.template_xx`), and
 * nothing is saved.
 */
export async function saveAutoSettings(
  db: Db,
  schoolId: number,
  settings: readonly {
    purpose: SmsAutoPurpose;
    enabled: boolean;
    template_en?: string | null;
    template_bn?: string | null;
    days_before?: number;
  }[],
) {
  settings.forEach((s, i) => {
    checkAutoTemplate(s.purpose, s.template_en ?? null, `settings.${i}.template_en`);
    checkAutoTemplate(s.purpose, s.template_bn ?? null, `settings.${i}.template_bn`);
  });
  await db.transaction(async (tx) => {
    for (const s of settings) await saveAutoSetting(tx, schoolId, s);
  });
}
