/**
 * Guardians: the school admin creates guardians and links or unlinks them from a
 * student's record; a guardian lists their children and chooses language and SMS. What a guardian
 * may read about a child is decided by server/auth/child.ts on each child-scoped route.
 *
 * Guardians have no school, so an admin reaches one only through their own school: by id, only a
 * guardian already linked to a student of the school (`guardianInScope`, server/auth/scope.ts); a
 * parent known elsewhere, by typing their
 * phone (matched and linked, the other school's name and e-mail for them never answered). Every
 * creation, match, link and unlink is a row of the security trail (services/audit.ts). The rules
 * and queries live in server/services/guardians.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { authOf } from '../auth/guard';
import { guardianInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import type { DbOrTx } from '../db/client';
import {
  addGuardian,
  childrenOfGuardian,
  guardianPreferencesOf,
  guardiansOfSchoolStudent,
  linkGuardian,
  saveGuardianPreferences,
  unlinkGuardian,
} from '../services/guardians';
import { guardiansEndpoints } from '@/api/endpoints/guardians';
import { route } from './define';

export async function guardianRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  route(
    app,
    guardiansEndpoints.create,
    {
      schema: {
        description:
          'Create a guardian (user id = the phone, a one-time initial_password answered once) and link them to ' +
          'students of your school; a guardian with that phone already is matched and linked instead.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      return addGuardian(db, schoolId, req.body, { userId: authOf(req).userId });
    },
  );

  route(
    app,
    guardiansEndpoints.link,
    {
      schema: {
        description:
          'Link a guardian already linked to a student of your school (a sibling’s) to another student of it. ' +
          'Any other guardian id is 404, as one that does not exist: link a parent known elsewhere by their phone ' +
          'with POST /api/guardian.',
      },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req);
      const guardian = (tx: DbOrTx) => guardianInScope(req, b.guardian_id, tx);
      await linkGuardian(db, schoolId, b.student_id, b.relation, guardian, { userId: authOf(req).userId });
      return { message: 'Guardian linked.' };
    },
  );

  route(app, guardiansEndpoints.unlink, {}, async (req) => {
    const b = req.body;
    const schoolId = await schoolOf(req);
    const guardian = (tx: DbOrTx) => guardianInScope(req, b.guardian_id, tx);
    await unlinkGuardian(db, schoolId, b.guardian_id, b.student_id, guardian, { userId: authOf(req).userId });
    return { message: 'Guardian unlinked.' };
  });

  route(app, guardiansEndpoints.student, {}, async (req) => {
    const schoolId = await schoolOf(req, req.query.school_info_id);
    return guardiansOfSchoolStudent(db, schoolId, req.query.student_id);
  });

  route(
    app,
    guardiansEndpoints.children,
    {
      config: { cacheable: true },
    },
    async (req) => childrenOfGuardian(db, authOf(req).userId),
  );

  route(app, guardiansEndpoints.preferences, {}, async (req) => guardianPreferencesOf(db, authOf(req).userId));

  route(app, guardiansEndpoints.putPreferences, {}, async (req) => {
    await saveGuardianPreferences(db, authOf(req).userId, req.body);
    return { message: 'Preferences saved.' };
  });
}
