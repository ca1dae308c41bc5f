/**
 * The academic calendar (spec part 2, Academic calendar; calls in section 7, messages in section
 * 8). The school admin adds, edits and deletes the school's entries; students and teachers read
 * their own school's calendar, a viewer the chosen school's. Paths keep the spec's "calender".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  CALENDAR_FIELD_MESSAGES,
  CALENDAR_MESSAGES,
  CALENDAR_SUCCESS_CODES,
  RANGE_MAX_DAYS,
  calendarDeleteResponse,
  calendarIdQuery,
  calendarListQuery,
  calendarPage,
  calendarUpdateBody,
  calendarWriteBody,
  calendarWriteResponse,
} from '@/api/schemas/calendar';
import type { z } from 'zod';
import { authOf } from '../auth/guard';
import { schoolOf } from '../auth/tenant';
import { calendarEntries } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { duplicateHoliday, entryById, listEntries } from '../services/calendar';
import { sessionIdForDate } from '../services/school-time';

type Fields = z.output<typeof calendarUpdateBody>;

export async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** The list any reader asks for: the school the caller may see, filtered and paged. */
  const list = async (req: FastifyRequest, q: z.output<typeof calendarListQuery>) => {
    const schoolId = await schoolOf(req, q.school_info_id);
    return listEntries(db, { schoolId, month: q.month, type: q.type, limit: q.limit, offset: q.offset });
  };

  const readRoute = (url: string, action: 'calendar.school' | 'calendar.student' | 'calendar.teacher') =>
    app.get(
      url,
      { config: { action }, schema: { querystring: calendarListQuery, response: { 200: calendarPage } } },
      async (req) => list(req, req.query),
    );
  readRoute('/calender', 'calendar.school');
  readRoute('/calender/student', 'calendar.student');
  readRoute('/calender/teacher', 'calendar.teacher');

  /** The session of the range (both ends in one session), and a range of sensible length. */
  const sessionOf = async (f: Fields) => {
    const end = f.end_date ?? f.date;
    const sessionId = await sessionIdForDate(db, f.date);
    if (!sessionId) throw badRequest('date', CALENDAR_FIELD_MESSAGES.noSession);
    if (end.slice(0, 4) !== f.date.slice(0, 4)) throw badRequest('end_date', CALENDAR_FIELD_MESSAGES.sameSession);
    if (DateTime.fromISO(end).diff(DateTime.fromISO(f.date), 'days').days >= RANGE_MAX_DAYS) {
      throw badRequest('end_date', `A calendar entry may last at most ${RANGE_MAX_DAYS} days.`);
    }
    return { sessionId, end };
  };

  /** A holiday entered twice is refused (409), naming the one already there. */
  const refuseDuplicateHoliday = async (schoolId: number, f: Fields, end: string, exceptId?: number) => {
    if (f.type !== 'holiday') return;
    const same = await duplicateHoliday(db, schoolId, { topics: f.topics, date: f.date, end }, exceptId);
    if (!same) return;
    const dates = same.start === same.end ? same.start : `${same.start} to ${same.end}`;
    const message = CALENDAR_FIELD_MESSAGES.duplicateHoliday(same.topics, dates);
    throw new ApiError(409, 'calendar.duplicate_holiday', message, { date: message }, { topics: same.topics, dates });
  };

  /** An entry the caller may change: it exists (404) and is of the caller's school (403). */
  const ownEntry = async (req: FastifyRequest, id: number) => {
    const entry = await entryById(db, id);
    if (!entry) throw notFound('Calendar entry');
    await schoolOf(req, entry.school_info_id);
    return entry;
  };

  const update = async (id: number, schoolId: number, f: Fields) => {
    const { sessionId, end } = await sessionOf(f);
    await refuseDuplicateHoliday(schoolId, f, end, id);
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
      .where(eq(calendarEntries.id, id));
  };

  app.post(
    '/calender',
    {
      config: { action: 'calendar.write' },
      schema: { body: calendarWriteBody, response: { 200: calendarWriteResponse } },
    },
    async (req) => {
      const body = req.body;
      const schoolId = await schoolOf(req, body.school_info_id);
      if (body.id) {
        const entry = await ownEntry(req, body.id);
        if (entry.school_info_id !== schoolId) throw notFound('Calendar entry');
        await update(entry.id, schoolId, body);
        return {
          ok: true as const,
          id: entry.id,
          message: CALENDAR_MESSAGES.updated,
          code: CALENDAR_SUCCESS_CODES.updated,
        };
      }
      const { sessionId, end } = await sessionOf(body);
      await refuseDuplicateHoliday(schoolId, body, end);
      const [row] = await db
        .insert(calendarEntries)
        .values({
          schoolId,
          sessionId,
          type: body.type,
          topics: body.topics,
          details: body.details,
          startDate: body.date,
          endDate: end,
          createdByUserId: authOf(req).userId,
        })
        .returning({ id: calendarEntries.id });
      return {
        ok: true as const,
        id: row.id,
        message: CALENDAR_MESSAGES.created,
        code: CALENDAR_SUCCESS_CODES.created,
      };
    },
  );

  app.post(
    '/calender/update',
    {
      config: { action: 'calendar.write' },
      schema: { querystring: calendarIdQuery, body: calendarUpdateBody, response: { 200: calendarWriteResponse } },
    },
    async (req) => {
      const entry = await ownEntry(req, req.query.id);
      await update(entry.id, entry.school_info_id, req.body);
      return {
        ok: true as const,
        id: entry.id,
        message: CALENDAR_MESSAGES.updatedByUpdateCall,
        code: CALENDAR_SUCCESS_CODES.updated,
      };
    },
  );

  app.post(
    '/calender/delete',
    {
      config: { action: 'calendar.delete' },
      schema: { querystring: calendarIdQuery, response: { 200: calendarDeleteResponse } },
    },
    async (req) => {
      const entry = await ownEntry(req, req.query.id);
      const gone = await db
        .delete(calendarEntries)
        .where(eq(calendarEntries.id, entry.id))
        .returning({ id: calendarEntries.id });
      if (!gone.length) throw notFound('Calendar entry');
      return { ok: true as const, message: CALENDAR_MESSAGES.deleted, code: CALENDAR_SUCCESS_CODES.deleted };
    },
  );
}
