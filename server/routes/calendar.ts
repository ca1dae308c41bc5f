/**
 * The academic calendar (spec part 2, Academic calendar; calls in section 7, messages in section
 * 8). The school admin adds, edits and deletes the school's entries; students and teachers read
 * their own school's calendar, a viewer the chosen school's. Paths keep the spec's "calender".
 * The rules (an entry's range, a holiday entered twice) and the queries are
 * server/services/calendar.ts's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CALENDAR_MESSAGES, CALENDAR_SUCCESS_CODES } from '@/api/schemas/calendar';
import { authOf } from '../auth/guard';
import { schoolOf } from '../auth/tenant';
import { createEntry, deleteEntry, findEntry, listEntries, updateEntry } from '../services/calendar';
import { calendarEndpoints } from '@/api/endpoints/calendar';
import { route } from './define';

export async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // One list, by who reads it: the school the caller may see, filtered and paged.
  for (const endpoint of [calendarEndpoints.school, calendarEndpoints.student, calendarEndpoints.teacher]) {
    route(app, endpoint, {}, async (req) => {
      const { school_info_id, month, type, limit, offset } = req.query;
      return listEntries(db, { schoolId: await schoolOf(req, school_info_id), month, type, limit, offset });
    });
  }

  /** An entry the caller may change: it exists (404) and is of the caller's school (403). */
  const ownEntry = async (req: FastifyRequest, id: number) => {
    const entry = await findEntry(db, id);
    await schoolOf(req, entry.school_info_id);
    return entry;
  };

  route(app, calendarEndpoints.create, {}, async (req) => {
    const body = req.body;
    const schoolId = await schoolOf(req, body.school_info_id);
    if (body.id) {
      const entry = await ownEntry(req, body.id);
      await updateEntry(db, entry, schoolId, body);
      return {
        ok: true as const,
        id: entry.id,
        message: CALENDAR_MESSAGES.updated,
        code: CALENDAR_SUCCESS_CODES.updated,
      };
    }
    const id = await createEntry(db, schoolId, authOf(req).userId, body);
    return { ok: true as const, id, message: CALENDAR_MESSAGES.created, code: CALENDAR_SUCCESS_CODES.created };
  });

  route(app, calendarEndpoints.update, {}, async (req) => {
    const entry = await ownEntry(req, req.query.id);
    await updateEntry(db, entry, entry.school_info_id, req.body);
    return {
      ok: true as const,
      id: entry.id,
      message: CALENDAR_MESSAGES.updatedByUpdateCall,
      code: CALENDAR_SUCCESS_CODES.updated,
    };
  });

  route(app, calendarEndpoints.delete, {}, async (req) => {
    const entry = await ownEntry(req, req.query.id);
    await deleteEntry(db, entry.id);
    return { ok: true as const, message: CALENDAR_MESSAGES.deleted, code: CALENDAR_SUCCESS_CODES.deleted };
  });
}
