/**
 * Chronic absence (docs/DOMAIN.md, "Early warnings"): a student below the school's threshold of
 * periods present over its last N school days, or absent on M consecutive school days. The list
 * (GET /api/report/chronic_absence) is computed from the marks on every read; the episodes and
 * their one SMS each are kept by `detectChronicAbsence`, which runs after a roll of the section is
 * saved or corrected (services/attendance-flows.ts `takeAttendance`): only a new mark can put a
 * student on the list, and a correction that takes them off closes the episode and cancels its
 * unsent SMS.
 *
 * School days are the days the school is open: not a weekly off day (school-time.ts), not a
 * calendar holiday (calendar.ts). A day counts for a student when at least one of their periods
 * was taken; absent that day means present in none of them. A school day with nothing taken
 * neither breaks nor lengthens a run.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { CHRONIC_DEFAULTS, type ChronicAbsencePage, type ChronicReason } from '@/api/schemas/reports';
import { localDigits } from '@/i18n/digits';
import type { sectionsInReach } from '../auth/scope';
import type { Db, DbOrTx } from '../db/client';
import {
  attendanceMarks,
  chronicAbsenceEpisodes,
  chronicAbsenceSettings,
  classes,
  enrolments,
  messageOutbox,
  schools,
  sections,
  students,
} from '../db/schema';
import { recordAudit } from './audit';
import { bnOr } from './bangla-names';
import type { HolidayRange } from '../cache/hot-cache';
import { holidayOn, schoolHolidays } from './calendar';
import { guardianPhone, linkedGuardiansFor } from './attendance';
import { onTheBooks } from './leaving';
import { studentFullName } from './names';
import { dayIdOf, schoolClock, sessionIdForDate } from './school-time';

export interface ChronicThresholds {
  /** Percent of periods present below which a student is flagged. */
  threshold: number;
  /** School days looked back over, today included. */
  days: number;
  /** School days absent running that flag a student. */
  consecutive: number;
}

/** The outbox kind of the chronic-absence SMS (one per episode). */
export const CHRONIC_KIND = 'chronic_absence';
/** last_error of a cancelled chronic-absence SMS. */
export const CHRONIC_CANCELLED = 'Cancelled: the attendance was corrected and the student is no longer flagged.';

// ------------------------------------------------------------------ the rules (pure)

/**
 * The last `n` school days up to `today` (included), oldest first: weekly off days and holidays
 * skipped. Looks back at most a year; a school closed every weekday (nobody means it) is open.
 */
export function schoolDaysBack(
  today: string,
  n: number,
  weeklyOffDays: readonly number[],
  holidays: readonly HolidayRange[],
  notBefore?: string,
): string[] {
  const off = weeklyOffDays.length >= 7 ? [] : weeklyOffDays;
  const out: string[] = [];
  let d = DateTime.fromISO(today);
  for (let i = 0; i < 400 && out.length < n; i += 1, d = d.minus({ days: 1 })) {
    const iso = d.toISODate()!;
    if (notBefore && iso < notBefore) break;
    if (off.includes(dayIdOf(iso)) || holidayOn(holidays, iso)) continue;
    out.push(iso);
  }
  return out.reverse();
}

export interface DayMarks {
  date: string;
  marked: number;
  present: number;
}

export interface ChronicVerdict {
  marked: number;
  present: number;
  /** 0-100 with one decimal; null with nothing marked. */
  rate: number | null;
  consecutive: number;
  lastPresentOn: string | null;
  reasons: ChronicReason[];
}

/** One student's verdict from their marks per school day of the window (any order). */
export function chronicVerdict(days: readonly DayMarks[], t: ChronicThresholds): ChronicVerdict {
  const sorted = [...days].filter((d) => d.marked > 0).sort((a, b) => (a.date < b.date ? -1 : 1));
  let marked = 0;
  let present = 0;
  let lastPresentOn: string | null = null;
  for (const d of sorted) {
    marked += d.marked;
    present += d.present;
    if (d.present > 0) lastPresentOn = d.date;
  }
  let consecutive = 0;
  for (let i = sorted.length - 1; i >= 0 && sorted[i].present === 0; i -= 1) consecutive += 1;
  const rate = marked > 0 ? Math.round((1000 * present) / marked) / 10 : null;
  const reasons: ChronicReason[] = [];
  if (rate !== null && rate < t.threshold) reasons.push('rate');
  if (consecutive >= t.consecutive) reasons.push('consecutive');
  return { marked, present, rate, consecutive, lastPresentOn, reasons };
}

/** Set the school's thresholds (one row per school), audited with what they were. */
export async function saveChronicThresholds(
  db: Db,
  schoolId: number,
  userId: number,
  next: ChronicThresholds,
): Promise<ChronicThresholds> {
  return db.transaction(async (tx) => {
    const before = await chronicThresholds(tx, schoolId);
    const row = { thresholdPercent: next.threshold, windowDays: next.days, consecutiveDays: next.consecutive };
    await tx
      .insert(chronicAbsenceSettings)
      .values({ schoolId, ...row })
      .onConflictDoUpdate({ target: chronicAbsenceSettings.schoolId, set: row });
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'school.chronic_absence_settings',
      schoolId,
      detail: { before, after: next },
    });
    return next;
  });
}

// ------------------------------------------------------------------ reads

/** The school's thresholds: its settings row, else the defaults; each asked value wins. */
export async function chronicThresholds(
  db: DbOrTx,
  schoolId: number,
  asked: Partial<ChronicThresholds> = {},
): Promise<ChronicThresholds> {
  const [row] = await db
    .select({
      threshold: chronicAbsenceSettings.thresholdPercent,
      days: chronicAbsenceSettings.windowDays,
      consecutive: chronicAbsenceSettings.consecutiveDays,
    })
    .from(chronicAbsenceSettings)
    .where(eq(chronicAbsenceSettings.schoolId, schoolId));
  const base = row ?? CHRONIC_DEFAULTS;
  return {
    threshold: asked.threshold ?? base.threshold,
    days: asked.days ?? base.days,
    consecutive: asked.consecutive ?? base.consecutive,
  };
}

interface Window {
  schoolId: number;
  sessionId: number | null;
  today: string;
  dates: string[];
}

async function windowOf(db: DbOrTx, schoolId: number, days: number): Promise<Window> {
  const clock = await schoolClock(db, schoolId);
  const sessionId = await sessionIdForDate(db, clock.today);
  // The session is the calendar year (school-time.ts): the window stops at its first day.
  const dates = schoolDaysBack(
    clock.today,
    days,
    clock.weeklyOffDays,
    await schoolHolidays(db, schoolId),
    `${clock.today.slice(0, 4)}-01-01`,
  );
  return { schoolId, sessionId, today: clock.today, dates };
}

interface Flagged {
  enrolmentId: number;
  verdict: ChronicVerdict;
}

/** Each enrolment's marks per day of the window, judged; only the flagged are returned. */
async function flaggedIn(db: DbOrTx, w: Window, t: ChronicThresholds, where: SQL[]): Promise<Flagged[]> {
  if (!w.sessionId || !w.dates.length) return [];
  const rows = await db
    .select({
      enrolmentId: attendanceMarks.enrolmentId,
      date: attendanceMarks.date,
      marked: sql<number>`count(*)::int`,
      present: sql<number>`(count(*) filter (where ${attendanceMarks.status} = 1))::int`,
    })
    .from(attendanceMarks)
    .innerJoin(enrolments, eq(enrolments.id, attendanceMarks.enrolmentId))
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(
      and(
        eq(attendanceMarks.schoolId, w.schoolId),
        eq(enrolments.sessionId, w.sessionId),
        sql`${attendanceMarks.date} = any(${sql.param(w.dates)}::date[])`,
        onTheBooks(students.leftOn, w.today),
        ...where,
      ),
    )
    .groupBy(attendanceMarks.enrolmentId, attendanceMarks.date);
  const byEnrolment = new Map<number, DayMarks[]>();
  for (const r of rows) {
    const list = byEnrolment.get(r.enrolmentId) ?? [];
    list.push({ date: r.date, marked: r.marked, present: r.present });
    byEnrolment.set(r.enrolmentId, list);
  }
  const out: Flagged[] = [];
  for (const [enrolmentId, days] of byEnrolment) {
    const verdict = chronicVerdict(days, t);
    if (verdict.reasons.length) out.push({ enrolmentId, verdict });
  }
  return out;
}

/**
 * GET /api/report/chronic_absence: the flagged students of a school (or of one section, or of a
 * teacher's sections), lowest rate first, then the longest run, then class, section and roll.
 */
export async function chronicAbsenceList(
  db: DbOrTx,
  opts: {
    schoolId: number;
    sectionId?: number;
    asked: Partial<ChronicThresholds>;
    reach: (sessionId: number) => ReturnType<typeof sectionsInReach>;
    limit: number;
    offset: number;
  },
): Promise<ChronicAbsencePage> {
  const t = await chronicThresholds(db, opts.schoolId, opts.asked);
  const w = await windowOf(db, opts.schoolId, t.days);
  const page: ChronicAbsencePage = {
    rows: [],
    total: 0,
    limit: opts.limit,
    offset: opts.offset,
    ...t,
    from: w.dates[0] ?? null,
    to: w.dates[w.dates.length - 1] ?? null,
  };
  if (!w.sessionId) return page;
  const where: SQL[] = [];
  if (opts.sectionId) where.push(eq(enrolments.sectionId, opts.sectionId));
  const taught = opts.reach(w.sessionId);
  if (taught) where.push(inArray(enrolments.sectionId, taught));
  const flagged = await flaggedIn(db, w, t, where);
  if (!flagged.length) return page;
  const ids = flagged.map((f) => f.enrolmentId);
  const people = await db
    .select({
      enrolmentId: enrolments.id,
      studentId: enrolments.studentId,
      studentCode: students.studentCode,
      name: studentFullName(),
      className: classes.className,
      classOrder: classes.id,
      sectionId: enrolments.sectionId,
      sectionName: sections.sectionDefaultName,
      roll: enrolments.classRollNo,
      startedOn: chronicAbsenceEpisodes.startedOn,
      messageStatus: messageOutbox.status,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(classes, eq(classes.id, enrolments.classId))
    .innerJoin(sections, eq(sections.id, enrolments.sectionId))
    .leftJoin(
      chronicAbsenceEpisodes,
      and(eq(chronicAbsenceEpisodes.enrolmentId, enrolments.id), isNull(chronicAbsenceEpisodes.endedOn)),
    )
    .leftJoin(messageOutbox, eq(messageOutbox.id, chronicAbsenceEpisodes.messageId))
    .where(inArray(enrolments.id, ids));
  const who = new Map(people.map((p) => [p.enrolmentId, p]));
  const rows = flagged
    .flatMap((f) => {
      const p = who.get(f.enrolmentId);
      return p ? [{ f, p }] : [];
    })
    .sort(
      (a, b) =>
        (a.f.verdict.rate ?? 0) - (b.f.verdict.rate ?? 0) ||
        b.f.verdict.consecutive - a.f.verdict.consecutive ||
        a.p.classOrder - b.p.classOrder ||
        a.p.sectionName.localeCompare(b.p.sectionName) ||
        a.p.roll - b.p.roll,
    );
  page.total = rows.length;
  page.rows = rows.slice(opts.offset, opts.offset + opts.limit).map(({ f, p }) => ({
    enrolment_id: p.enrolmentId,
    student_id: p.studentId,
    student_code: p.studentCode,
    name: p.name,
    class_name: p.className,
    section_id: p.sectionId,
    section_default_name: p.sectionName,
    class_roll_no: p.roll,
    periods_marked: f.verdict.marked,
    periods_present: f.verdict.present,
    rate: f.verdict.rate ?? 0,
    consecutive_absent_days: f.verdict.consecutive,
    last_present_on: f.verdict.lastPresentOn,
    reasons: f.verdict.reasons,
    episode_started_on: p.startedOn ?? null,
    message_status: p.messageStatus ?? null,
  }));
  return page;
}

// ------------------------------------------------------------------ detection and the SMS

export function chronicText(
  m: {
    studentName: string;
    className: string;
    classNameBn?: string;
    sectionName: string;
    roll: number;
    rate: number;
    days: number;
    consecutive: number;
    reasons: readonly ChronicReason[];
    schoolShortName: string;
  },
  lang: 'en' | 'bn',
): string {
  const running = m.reasons.includes('consecutive');
  if (lang === 'bn') {
    const d = (n: number | string) => localDigits(String(n), 'bn');
    return (
      `অভিভাবক, ${m.studentName} (${bnOr('classes', m.classNameBn, m.className)} ${m.sectionName}, রোল ${d(m.roll)}) ` +
      `গত ${d(m.days)} স্কুল দিবসে ${d(m.rate)}% ক্লাসে উপস্থিত` +
      (running ? `, টানা ${d(m.consecutive)} দিন অনুপস্থিত` : '') +
      `। অনুগ্রহ করে বিদ্যালয়ে যোগাযোগ করুন। -${m.schoolShortName}`
    );
  }
  return (
    `Dear guardian, ${m.studentName} (Class ${m.className}, Section ${m.sectionName}, Roll ${m.roll}) ` +
    `attended ${m.rate}% of periods over the last ${m.days} school days` +
    (running ? ` and has been absent ${m.consecutive} school days running` : '') +
    `. Please contact the school. - ${m.schoolShortName}`
  );
}

export interface DetectionResult {
  opened: number;
  closed: number;
  queued: number;
  cancelled: number;
}

/**
 * Keep the episodes of a section's students (the whole school's without `sectionId`) in step with
 * their marks: open one for each student newly flagged, with one SMS to the guardians queued in
 * the outbox (kind 'chronic_absence'; the SMS centre's opt-outs and quotas apply there), and close
 * the open one of each student no longer flagged, cancelling its SMS if it has not left. Safe to
 * run any number of times: one open episode per enrolment (a unique index), one SMS per episode.
 */
export async function detectChronicAbsence(
  db: DbOrTx,
  opts: { schoolId: number; sectionId?: number; userId: number },
): Promise<DetectionResult> {
  const result: DetectionResult = { opened: 0, closed: 0, queued: 0, cancelled: 0 };
  const t = await chronicThresholds(db, opts.schoolId);
  const w = await windowOf(db, opts.schoolId, t.days);
  if (!w.sessionId) return result;
  const inSection = opts.sectionId ? [eq(enrolments.sectionId, opts.sectionId)] : [];
  const flagged = await flaggedIn(db, w, t, inSection);
  const flaggedIds = new Set(flagged.map((f) => f.enrolmentId));
  const open = await db
    .select({
      id: chronicAbsenceEpisodes.id,
      enrolmentId: chronicAbsenceEpisodes.enrolmentId,
      messageId: chronicAbsenceEpisodes.messageId,
    })
    .from(chronicAbsenceEpisodes)
    .innerJoin(enrolments, eq(enrolments.id, chronicAbsenceEpisodes.enrolmentId))
    .where(
      and(
        eq(chronicAbsenceEpisodes.schoolId, opts.schoolId),
        isNull(chronicAbsenceEpisodes.endedOn),
        eq(enrolments.sessionId, w.sessionId),
        ...inSection,
      ),
    );
  const openIds = new Set(open.map((e) => e.enrolmentId));

  // Closing: the student is off the list (a correction, or old absences left the window).
  const ending = open.filter((e) => !flaggedIds.has(e.enrolmentId));
  if (ending.length) {
    await db
      .update(chronicAbsenceEpisodes)
      .set({ endedOn: w.today })
      .where(
        inArray(
          chronicAbsenceEpisodes.id,
          ending.map((e) => e.id),
        ),
      );
    result.closed = ending.length;
    const messageIds = ending.flatMap((e) => (e.messageId ? [e.messageId] : []));
    if (messageIds.length) {
      const cancelled = await db
        .update(messageOutbox)
        .set({ status: 'cancelled', lastError: CHRONIC_CANCELLED })
        .where(and(inArray(messageOutbox.id, messageIds), inArray(messageOutbox.status, ['queued', 'failed'])))
        .returning({ id: messageOutbox.id });
      result.cancelled = cancelled.length;
    }
  }

  // Opening: newly flagged students.
  const starting = flagged.filter((f) => !openIds.has(f.enrolmentId));
  if (!starting.length) return result;
  const created = await db
    .insert(chronicAbsenceEpisodes)
    .values(starting.map((f) => ({ schoolId: opts.schoolId, enrolmentId: f.enrolmentId, startedOn: w.today })))
    .onConflictDoNothing()
    .returning({ id: chronicAbsenceEpisodes.id, enrolmentId: chronicAbsenceEpisodes.enrolmentId });
  result.opened = created.length;
  if (!created.length) return result;
  const verdicts = new Map(starting.map((f) => [f.enrolmentId, f.verdict]));
  const createdIds = created.map((c) => c.enrolmentId);
  const people = await db
    .select({
      enrolmentId: enrolments.id,
      studentId: enrolments.studentId,
      studentName: studentFullName(),
      roll: enrolments.classRollNo,
      mobileNo: students.mobileNo,
      fatherPhoneNumber: students.fatherPhoneNumber,
      motherPhoneNumber: students.motherPhoneNumber,
      className: classes.className,
      classNameBn: classes.classNameBn,
      sectionName: sections.sectionDefaultName,
      schoolShortName: schools.shortName,
      smsLanguage: schools.smsLanguage,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(classes, eq(classes.id, enrolments.classId))
    .innerJoin(sections, eq(sections.id, enrolments.sectionId))
    .innerJoin(schools, eq(schools.id, enrolments.schoolId))
    .where(inArray(enrolments.id, createdIds));
  // The outbox names a period: the latest one each student was marked absent in.
  const latestAbsence = await db
    .selectDistinctOn([attendanceMarks.enrolmentId], {
      enrolmentId: attendanceMarks.enrolmentId,
      routineId: attendanceMarks.routineId,
    })
    .from(attendanceMarks)
    .where(and(inArray(attendanceMarks.enrolmentId, createdIds), eq(attendanceMarks.status, 0)))
    .orderBy(attendanceMarks.enrolmentId, desc(attendanceMarks.date), desc(attendanceMarks.routineId));
  const routineOf = new Map(latestAbsence.map((r) => [r.enrolmentId, r.routineId]));
  const linked = await linkedGuardiansFor(
    db,
    people.map((p) => p.studentId),
  );
  const messages = people.flatMap((p) => {
    const v = verdicts.get(p.enrolmentId);
    const routineId = routineOf.get(p.enrolmentId);
    if (!v || !routineId) return [];
    // The absence SMS's choice of number and language (services/attendance.ts).
    const guardians = linked.get(p.studentId);
    const chosen = guardians?.find((g) => g.sms === 'sms');
    const phone = guardians ? (chosen?.phone ?? null) : guardianPhone(p);
    if (!phone) return [];
    const schoolLanguage = p.smsLanguage === 'en' ? 'en' : 'bn';
    const language = chosen?.language === 'en' || chosen?.language === 'bn' ? chosen.language : schoolLanguage;
    const body = chronicText(
      { ...p, rate: v.rate ?? 0, days: t.days, consecutive: v.consecutive, reasons: v.reasons },
      language,
    );
    return [
      {
        schoolId: opts.schoolId,
        kind: CHRONIC_KIND,
        enrolmentId: p.enrolmentId,
        routineId,
        // With the enrolment, the episode's first day is the message's key: one per episode.
        date: w.today,
        phone,
        body: body.slice(0, 1000),
        createdByUserId: opts.userId,
      },
    ];
  });
  if (!messages.length) return result;
  const queued = await db
    .insert(messageOutbox)
    .values(messages)
    .onConflictDoUpdate({
      target: [
        messageOutbox.kind,
        messageOutbox.enrolmentId,
        messageOutbox.routineId,
        messageOutbox.date,
        messageOutbox.schoolId,
      ],
      // A cancelled SMS of the same day's episode is queued again; a sent one stays sent.
      set: { status: 'queued', attempts: 0, lastError: null, phone: sql`excluded.phone`, body: sql`excluded.body` },
      setWhere: eq(messageOutbox.status, 'cancelled'),
    })
    .returning({ id: messageOutbox.id, enrolmentId: messageOutbox.enrolmentId });
  result.queued = queued.length;
  const episodeOf = new Map(created.map((c) => [c.enrolmentId, c.id]));
  const links = queued.flatMap((q) => {
    const episodeId = q.enrolmentId === null ? undefined : episodeOf.get(q.enrolmentId);
    return episodeId ? [{ episodeId, messageId: q.id }] : [];
  });
  if (links.length)
    await db.execute(sql`update ${chronicAbsenceEpisodes} set message_id = v.message_id
      from (select unnest(${sql.param(links.map((l) => l.episodeId))}::int[]) as episode_id,
                   unnest(${sql.param(links.map((l) => l.messageId))}::int[]) as message_id) v
      where ${chronicAbsenceEpisodes.id} = v.episode_id`);
  return result;
}
