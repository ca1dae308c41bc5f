/**
 * Everyone's own profile (docs/DOMAIN.md, "Profiles"): each user type saves theirs at its own
 * path (the student's, `POST /api/student/profile_update`, is in people-admin.ts with the spec's
 * other people calls) and reads it at `GET /api/profile/me`. The rules are in services/profiles.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profilesEndpoints } from '@/api/endpoints/profiles';
import { authOf } from '../auth/guard';
import { readMyProfile, updateAccountProfile, updateTeacherProfile } from '../services/profiles';
import { route } from './define';

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const zone = app.config.TZ_DEFAULT;

  route(
    app,
    profilesEndpoints.me,
    { schema: { description: 'The caller’s own profile, as its form shows it.' } },
    (req) => readMyProfile(db, authOf(req)),
  );

  route(
    app,
    profilesEndpoints.teacherUpdate,
    { schema: { description: 'A teacher saves their own profile (record and account). Answers "Profile updated".' } },
    (req) => updateTeacherProfile(db, authOf(req), req.body, zone),
  );

  route(
    app,
    profilesEndpoints.schoolAdminUpdate,
    { schema: { description: 'A school admin saves their own profile. Answers "Profile updated".' } },
    (req) => updateAccountProfile(db, authOf(req), req.body, zone),
  );

  route(
    app,
    profilesEndpoints.superAdminUpdate,
    { schema: { description: 'The super admin saves their own profile. Answers "Profile updated".' } },
    (req) => updateAccountProfile(db, authOf(req), req.body, zone),
  );

  route(
    app,
    profilesEndpoints.viewerUpdate,
    {
      // A viewer's own profile is no school record: read-only accounts may save it.
      config: { readOnlySafe: true },
      schema: { description: 'A viewer (administrator) saves their own profile. Answers "Profile updated".' },
    },
    (req) => updateAccountProfile(db, authOf(req), req.body, zone),
  );
}
