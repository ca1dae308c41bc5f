/**
 * The academic calendar (spec part 2, Academic calendar): a school's holidays, exams, events and
 * meetings, each a date or a date range within one academic session. Writing an entry checks its
 * range (one session, at most RANGE_MAX_DAYS days) and refuses a holiday entered twice (409
 * `calendar.duplicate_holiday`); the route has checked the school first (server/auth/tenant.ts).
 *
 * Holidays close the school, and attendance is the hot path (bench/README.md): the school's
 * holidays are kept in the process cache (hot-cache.ts `holidays`, dropped by the `calendar`
 * notification of migration 0007's trigger), so asking "is this date a holiday?" costs no query
 * on a warm process.
 */
import { and, asc, count, eq, gte, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import {
  CALENDAR_FIELD_MESSAGES,
  RANGE_MAX_DAYS,
  typeOfTopics,
  type CalendarRow,
  type CalendarType,
  type calendarUpdateBody,
} from '@/api/schemas/calendar';
import { cacheOf, type HolidayRange } from '../cache/hot-cache';
import type { Db, DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import { calendarEntries } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { sessionIdForDate } from './school-time';

const holidaysStatement = preparedFor((db: Db) =>
  db
    .select({ start: calendarEntries.startDate, end: calendarEntries.endDate, topics: calendarEntries.topics })
    .from(calendarEntries)
    .where(and(eq(calendarEntries.schoolId, sql.placeholder('schoolId')), eq(calendarEntries.type, 'holiday')))
    .orderBy(asc(calendarEntries.startDate))
    .prepare('calendar_holidays_of_school'),
);

/**
 * A holiday of the school that this one would repeat: one on the same dates, or one of the same
 * name (case aside) on overlapping dates. Other holidays may overlap (Christmas inside the winter
 * vacation); two entries for one holiday only make the calendar wrong to read.
 */
export async function duplicateHoliday(
  db: DbOrTx,
  schoolId: number,
  h: { topics: string; date: string; end: string },
  exceptId?: number,
): Promise<{ id: number; topics: string; start: string; end: string } | null> {
  const [row] = await db
    .select({
      id: calendarEntries.id,
      topics: calendarEntries.topics,
      start: calendarEntries.startDate,
      end: calendarEntries.endDate,
    })
    .from(calendarEntries)
    .where(
      and(
        eq(calendarEntries.schoolId, schoolId),
        eq(calendarEntries.type, 'holiday'),
        exceptId === undefined ? undefined : ne(calendarEntries.id, exceptId),
        or(
          and(eq(calendarEntries.startDate, h.date), eq(calendarEntries.endDate, h.end)),
          and(
            sql`lower(${calendarEntries.topics}) = lower(${h.topics})`,
            lte(calendarEntries.startDate, h.end),
            gte(calendarEntries.endDate, h.date),
          ),
        ),
      ),
    )
    .orderBy(asc(calendarEntries.startDate))
    .limit(1);
  return row ?? null;
}

/** Every holiday of a school (all sessions): from the process cache, else one prepared query. */
export async function schoolHolidays(db: DbOrTx, schoolId: number): Promise<HolidayRange[]> {
  const cache = cacheOf(db);
  if (!cache) {
    return db
      .select({ start: calendarEntries.startDate, end: calendarEntries.endDate, topics: calendarEntries.topics })
      .from(calendarEntries)
      .where(and(eq(calendarEntries.schoolId, schoolId), eq(calendarEntries.type, 'holiday')))
      .orderBy(asc(calendarEntries.startDate));
  }
  return cache.through(cache.holidays, schoolId, () => holidaysStatement(db as Db).execute({ schoolId }));
}

/** The holiday a date falls on, if any. */
export function holidayOn(holidays: readonly HolidayRange[], date: string): HolidayRange | undefined {
  return holidays.find((h) => h.start <= date && date <= h.end);
}

/** The school's holiday on a date (cached), if any. */
export async function schoolHolidayOn(db: DbOrTx, schoolId: number, date: string) {
  return holidayOn(await schoolHolidays(db, schoolId), date);
}

/** The holiday dates (YYYY-MM-DD) of a school between two dates, inclusive: for range filters. */
export function holidayDatesBetween(holidays: readonly HolidayRange[], from: string, to: string): string[] {
  const dates: string[] = [];
  for (const h of holidays) {
    if (h.end < from || h.start > to) continue;
    let d = DateTime.fromISO(h.start < from ? from : h.start);
    const last = h.end > to ? to : h.end;
    while (d.toISODate()! <= last) {
      dates.push(d.toISODate()!);
      d = d.plus({ days: 1 });
    }
  }
  return [...new Set(dates)].sort();
}

// ---------------------------------------------------------------- the list

const rowColumns = {
  id: calendarEntries.id,
  school_info_id: calendarEntries.schoolId,
  session_id: calendarEntries.sessionId,
  type: calendarEntries.type,
  topics: calendarEntries.topics,
  details: calendarEntries.details,
  date: calendarEntries.startDate,
  end_date: calendarEntries.endDate,
};

export const toRow = (r: {
  id: number;
  school_info_id: number;
  session_id: number;
  type: string;
  topics: string;
  details: string;
  date: string;
  end_date: string;
}): CalendarRow => ({ ...r, type: r.type as CalendarType });

export interface CalendarFilter {
  schoolId: number;
  /** YYYY-MM: entries touching that month. */
  month?: string;
  type?: CalendarType;
  limit: number;
  offset: number;
}

/** A page of a school's entries, by first day (then id), with the total for paging. */
export async function listEntries(db: DbOrTx, f: CalendarFilter) {
  const where: SQL[] = [eq(calendarEntries.schoolId, f.schoolId)];
  if (f.month) {
    const first = DateTime.fromISO(`${f.month}-01`);
    where.push(lte(calendarEntries.startDate, first.endOf('month').toISODate()!));
    where.push(gte(calendarEntries.endDate, first.toISODate()!));
  }
  if (f.type) where.push(eq(calendarEntries.type, f.type));
  const condition = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(rowColumns)
      .from(calendarEntries)
      .where(condition)
      .orderBy(asc(calendarEntries.startDate), asc(calendarEntries.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ total: count() }).from(calendarEntries).where(condition),
  ]);
  return { rows: rows.map(toRow), total: Number(total), limit: f.limit, offset: f.offset };
}

export async function entryById(db: DbOrTx, id: number) {
  const [row] = await db.select(rowColumns).from(calendarEntries).where(eq(calendarEntries.id, id));
  return row ? toRow(row) : undefined;
}

/** An entry by id; 404 without one (its school is for the route's school check). */
export async function findEntry(db: DbOrTx, id: number) {
  const entry = await entryById(db, id);
  if (!entry) throw notFound('Calendar entry');
  return entry;
}

/** What an entry says: its type, topics, details and dates. */
export type EntryFields = z.output<typeof calendarUpdateBody>;

/** The session of the range (both ends in one session), and a range of sensible length. */
async function sessionOf(db: DbOrTx, f: EntryFields) {
  const end = f.end_date ?? f.date;
  const sessionId = await sessionIdForDate(db, f.date);
  if (!sessionId) throw badRequest('date', CALENDAR_FIELD_MESSAGES.noSession);
  if (end.slice(0, 4) !== f.date.slice(0, 4)) throw badRequest('end_date', CALENDAR_FIELD_MESSAGES.sameSession);
  if (DateTime.fromISO(end).diff(DateTime.fromISO(f.date), 'days').days >= RANGE_MAX_DAYS) {
    throw badRequest('end_date', `A calendar entry may last at most ${RANGE_MAX_DAYS} days.`);
  }
  return { sessionId, end };
}

/** A holiday entered twice is refused (409), naming the one already there. */
async function refuseDuplicateHoliday(db: DbOrTx, schoolId: number, f: EntryFields, end: string, exceptId?: number) {
  if (f.type !== 'holiday') return;
  const same = await duplicateHoliday(db, schoolId, { topics: f.topics, date: f.date, end }, exceptId);
  if (!same) return;
  const dates = same.start === same.end ? same.start : `${same.start} to ${same.end}`;
  const message = CALENDAR_FIELD_MESSAGES.duplicateHoliday(same.topics, dates);
  throw new ApiError(409, 'calendar.duplicate_holiday', message, { date: message }, { topics: same.topics, dates });
}

/** A new entry of the school, by the user; its id. */
export async function createEntry(db: DbOrTx, schoolId: number, userId: number, given: EntryFields): Promise<number> {
  const f = { ...given, type: given.type ?? typeOfTopics(given.topics) };
  const { sessionId, end } = await sessionOf(db, f);
  await refuseDuplicateHoliday(db, schoolId, f, end);
  const [row] = await db
    .insert(calendarEntries)
    .values({
      schoolId,
      sessionId,
      type: f.type,
      topics: f.topics,
      details: f.details,
      startDate: f.date,
      endDate: end,
      createdByUserId: userId,
    })
    .returning({ id: calendarEntries.id });
  return row.id;
}

/**
 * An edit of `entry` (found by `findEntry`, its school checked) made in `schoolId`, the school
 * the call acts for: an entry of another school is not found there (404).
 */
export async function updateEntry(db: DbOrTx, entry: CalendarRow, schoolId: number, given: EntryFields) {
  if (entry.school_info_id !== schoolId) throw notFound('Calendar entry');
  // The spec's update body has no type: the entry keeps its own.
  const f = { ...given, type: given.type ?? entry.type };
  const { sessionId, end } = await sessionOf(db, f);
  await refuseDuplicateHoliday(db, schoolId, f, end, entry.id);
  await db
    .update(calendarEntries)
    .set({
      sessionId,
      type: f.type,
      topics: f.topics,
      details: f.details,
      startDate: f.date,
      endDate: end,
      updatedAt: new Date(),
    })
    .where(eq(calendarEntries.id, entry.id));
}

/** Deletes an entry; 404 when it is already gone. */
export async function deleteEntry(db: DbOrTx, id: number) {
  const gone = await db.delete(calendarEntries).where(eq(calendarEntries.id, id)).returning({ id: calendarEntries.id });
  if (!gone.length) throw notFound('Calendar entry');
}
