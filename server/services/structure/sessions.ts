/**
 * Opening an academic session (a calendar year). Sessions are shared by every school, and classes,
 * sections and periods are not bound to a session, so they carry over as they are. Opened for a
 * school, the default year follows the school's last session with a routine; for no school (the
 * super admin naming none), the newest session. With copy_routines, the school's weekly routine of
 * the latest earlier session is copied into the new one in the same transaction, leaving out the
 * periods of the school's weekly off days (docs/DOMAIN.md, "Structure").
 */
import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { STRUCTURE_CODES, type sessionOpenBody } from '@/api/schemas/structure';
import type { DbOrTx } from '../../db/client';
import { academicSessions, routines } from '../../db/schema';
import { ApiError, badRequest } from '../../errors';
import { todayIn } from '../school-time';

/**
 * Opens the session `b` asks for. `schoolId` is the school the caller acts for, null for every
 * school (server/auth/scope.ts `schoolOrEverySchool`); `timeZone` the server's default, whose year
 * is the last one when the school has no routine yet.
 */
export async function openSession(
  db: DbOrTx,
  schoolId: number | null,
  b: z.output<typeof sessionOpenBody>,
  timeZone: string,
) {
  if (b.copy_routines && schoolId === null)
    throw badRequest('school_info_id', 'Choose the school whose routine is copied.');
  return db.transaction(async (tx) => {
    // One opening at a time: two admins opening the same year wait for each other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('academic_sessions'))`);
    // The school's last session is the newest one it has a routine in (else this year's).
    const [last] =
      schoolId === null
        ? await tx
            .select({ year: academicSessions.sessionYear })
            .from(academicSessions)
            .orderBy(desc(academicSessions.sessionYear))
            .limit(1)
        : await tx
            .select({ year: academicSessions.sessionYear })
            .from(routines)
            .innerJoin(academicSessions, eq(academicSessions.id, routines.sessionId))
            .where(eq(routines.schoolId, schoolId))
            .orderBy(desc(academicSessions.sessionYear))
            .limit(1);
    const lastYear = Number(last?.year ?? todayIn(timeZone).slice(0, 4));
    const year = String(b.session_year ?? lastYear + 1);
    const [existing] = await tx
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(eq(academicSessions.sessionYear, year));
    if (existing && !b.copy_routines)
      throw new ApiError(409, STRUCTURE_CODES.sessionOpen, `Session ${year} is already open.`);
    const session =
      existing ??
      (await tx.insert(academicSessions).values({ sessionYear: year }).returning({ id: academicSessions.id }))[0];

    let copied = 0;
    if (b.copy_routines && schoolId !== null) {
      const [already] = await tx
        .select({ n: count() })
        .from(routines)
        .where(and(eq(routines.schoolId, schoolId), eq(routines.sessionId, session.id)));
      if (already.n > 0)
        throw new ApiError(
          409,
          STRUCTURE_CODES.sessionHasRoutines,
          `Session ${year} already has ${already.n} routine entries for this school; nothing was copied.`,
        );
      // The newest earlier session in which the school has a routine.
      const [source] = await tx
        .select({ id: academicSessions.id })
        .from(routines)
        .innerJoin(academicSessions, eq(academicSessions.id, routines.sessionId))
        .where(and(eq(routines.schoolId, schoolId), lt(academicSessions.sessionYear, year)))
        .orderBy(desc(academicSessions.sessionYear))
        .limit(1);
      if (source) {
        const res = await tx.execute(sql`
          insert into routines (school_id, session_id, shift_id, class_id, section_id, day_id, period_id, subject_id, teacher_id, room)
          select school_id, ${session.id}, shift_id, class_id, section_id, day_id, period_id, subject_id, teacher_id, room
            from routines where school_id = ${schoolId} and session_id = ${source.id}
              -- not the periods of days that are now weekly off days (routines.weekly_off)
              and day_id <> all(coalesce((select weekly_off_days from schools where id = ${schoolId}), '{}'))`);
        copied = (res as unknown as { rowCount?: number }).rowCount ?? 0;
      }
    }
    const message =
      (existing ? `Session ${year} was already open.` : `Session ${year} opened.`) +
      (b.copy_routines ? ` ${copied} routine entries copied from the last session.` : '');
    return {
      ok: true as const,
      code: STRUCTURE_CODES.sessionOpened,
      message,
      session: { id: session.id, session_year: year },
      routines_copied: copied,
    };
  });
}
