/**
 * Guardians: the school admin creates guardians and links or unlinks them from a
 * student's record; a guardian lists their children and chooses language and SMS. What a guardian
 * may read about a child is decided by server/auth/child.ts on each child-scoped route.
 *
 * Guardians have no school, so an admin reaches one only through their own school: by id, only a
 * guardian already linked to a student of the school (`guardianInScope`, server/auth/scope.ts); a
 * parent known elsewhere, by typing their
 * phone (matched and linked, the other school's name and e-mail for them never answered). Every
 * creation, match, link and unlink is a row of the security trail (services/audit.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  guardianChildren,
  guardianCreateBody,
  guardianCreateResponse,
  guardianLinkBody,
  guardianMessage,
  guardianPreferences,
  guardianPreferencesBody,
  guardianUnlinkBody,
  studentGuardianRow,
  studentGuardiansQuery,
} from '@/api/schemas/guardians';
import { z } from 'zod';
import { authOf } from '../auth/guard';
import { guardianInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { guardians, users } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { recordAudit } from '../services/audit';
import {
  childrenOfGuardian,
  findOrCreateGuardian,
  guardiansOfStudent,
  linkStudents,
  studentsOfSchool,
  unlinkStudent,
} from '../services/guardians';

export async function guardianRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.post(
    '/guardian',
    {
      config: { action: 'guardian.write' },
      schema: {
        description:
          'Create a guardian (user id = the phone, a one-time initial_password answered once) and link them to ' +
          'students of your school; a guardian with that phone already is matched and linked instead.',
        body: guardianCreateBody,
        response: { 200: guardianCreateResponse },
      },
    },
    async (req) => {
      const b = req.body;
      const actor = { userId: authOf(req).userId };
      const schoolId = await schoolOf(req);
      const children = await studentsOfSchool(db, schoolId, b.student_ids);
      const found = await db.transaction(async (tx) => {
        const g = await findOrCreateGuardian(tx, { name: b.name, phone: b.phone, email: b.email });
        await recordAudit(tx, {
          actorUserId: actor.userId,
          action: g.matched ? 'guardian.match' : 'guardian.create',
          subjectUserId: g.userId,
          schoolId,
          detail: { guardian_id: g.guardianId, student_ids: children.map((c) => c.id), relation: b.relation },
        });
        await linkStudents(tx, { id: g.guardianId, userId: g.userId }, children, b.relation, actor);
        return g;
      });
      // A match answers only what the admin typed and that the account is now linked: the name
      // and e-mail on record may be another school's.
      return {
        guardian_id: found.guardianId,
        user_code: found.userCode,
        initial_password: found.initialPassword,
        matched: found.matched,
        message: found.matched ? 'Guardian found by phone and linked.' : 'Guardian created and linked.',
      };
    },
  );

  app.post(
    '/guardian/link',
    {
      config: { action: 'guardian.write' },
      schema: {
        description:
          'Link a guardian already linked to a student of your school (a sibling’s) to another student of it. ' +
          'Any other guardian id is 404, as one that does not exist: link a parent known elsewhere by their phone ' +
          'with POST /api/guardian.',
        body: guardianLinkBody,
        response: { 200: guardianMessage },
      },
    },
    async (req) => {
      const b = req.body;
      const actor = { userId: authOf(req).userId };
      const schoolId = await schoolOf(req);
      const children = await studentsOfSchool(db, schoolId, [b.student_id]);
      await db.transaction(async (tx) => {
        const g = await guardianInScope(req, b.guardian_id, tx);
        await linkStudents(tx, g, children, b.relation, actor);
      });
      return { message: 'Guardian linked.' };
    },
  );

  app.post(
    '/guardian/unlink',
    {
      config: { action: 'guardian.write' },
      schema: { body: guardianUnlinkBody, response: { 200: guardianMessage } },
    },
    async (req) => {
      const b = req.body;
      const actor = { userId: authOf(req).userId };
      const schoolId = await schoolOf(req);
      await studentsOfSchool(db, schoolId, [b.student_id]);
      await guardianInScope(req, b.guardian_id);
      const unlinked = await db.transaction((tx) => unlinkStudent(tx, schoolId, b.guardian_id, b.student_id, actor));
      if (!unlinked) throw new ApiError(404, 'guardians.not_linked', 'That guardian is not linked to this student.');
      return { message: 'Guardian unlinked.' };
    },
  );

  app.get(
    '/guardian/student',
    {
      config: { action: 'guardian.list' },
      schema: { querystring: studentGuardiansQuery, response: { 200: z.array(studentGuardianRow) } },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      await studentsOfSchool(db, schoolId, [req.query.student_id]);
      return guardiansOfStudent(db, schoolId, req.query.student_id);
    },
  );

  app.get(
    '/guardian/children',
    {
      config: { action: 'guardian.children', cacheable: true },
      schema: { response: { 200: guardianChildren } },
    },
    async (req) => childrenOfGuardian(db, authOf(req).userId),
  );

  app.get(
    '/guardian/preferences',
    {
      config: { action: 'guardian.preferences' },
      schema: { response: { 200: guardianPreferences } },
    },
    async (req) => {
      const auth = authOf(req);
      const [row] = await db
        .select({ sms: guardians.smsPreference, language: users.language })
        .from(users)
        .leftJoin(guardians, eq(guardians.userId, users.id))
        .where(eq(users.id, auth.userId));
      if (!row) throw notFound('guardian');
      return {
        sms: row.sms === 'none' ? ('none' as const) : ('sms' as const),
        language: row.language === 'en' ? ('en' as const) : ('bn' as const),
      };
    },
  );

  app.put(
    '/guardian/preferences',
    {
      config: { action: 'guardian.preferences' },
      schema: { body: guardianPreferencesBody, response: { 200: guardianMessage } },
    },
    async (req) => {
      const auth = authOf(req);
      await db.transaction(async (tx) => {
        await tx.update(guardians).set({ smsPreference: req.body.sms }).where(eq(guardians.userId, auth.userId));
        await tx.update(users).set({ language: req.body.language }).where(eq(users.id, auth.userId));
      });
      return { message: 'Preferences saved.' };
    },
  );
}
