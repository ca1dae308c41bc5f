/**
 * Extra-curricular activities (/student-activity). The school admin keeps a session's
 * activities and names a teacher in charge; participation and marks are recorded by the admin or
 * that teacher (a school expects the club's or sport's own teacher to assess it; other teachers
 * and viewers read). A student reads their own. Marks feed the grade sheet's Extra Curriculum 5%
 * (services/grades.ts). The rules and queries live in server/services/activities.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACTIVITY_FIELD_MESSAGES } from '@/api/schemas/activities';
import { can } from '@/api/permissions';
import { authOf } from '../auth/guard';
import { narrowedToTeacher, studentInScope, teacherRowInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { ApiError } from '../errors';
import {
  activitiesPage,
  activityRecord,
  addActivity,
  deleteActivity,
  editActivity,
  participantsPage,
  saveParticipants,
  studentActivities,
} from '../services/activities';
import { activitiesEndpoints } from '@/api/endpoints/activities';
import { route } from './define';

export async function activityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  route(
    app,
    activitiesEndpoints.list,
    {
      schema: {
        description:
          "A school's activities in a session (default: the current one), by name, paged, with how many " +
          'take part and how many are marked, and whether the caller may record them.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      // Who may record an activity: the permission table says who records at all, the scope whose
      // (a teacher the activities in their charge; the school admin every one of the school's).
      const records = can(authOf(req).userType, 'activity.participants-write');
      return activitiesPage(db, schoolId, req.query, records, () => narrowedToTeacher(req));
    },
  );

  route(app, activitiesEndpoints.create, {}, async (req) => {
    const schoolId = await schoolOf(req, req.body.school_info_id ?? undefined);
    return addActivity(db, schoolId, req.body);
  });

  route(app, activitiesEndpoints.update, {}, async (req) => {
    const rec = await activityRecord(db, req.params.id);
    const schoolId = await schoolOf(req, rec.schoolId);
    return editActivity(db, schoolId, rec, req.body);
  });

  route(app, activitiesEndpoints.delete, {}, async (req) => {
    const rec = await activityRecord(db, req.params.id);
    await schoolOf(req, rec.schoolId);
    return deleteActivity(db, rec);
  });

  route(
    app,
    activitiesEndpoints.participants,
    {
      schema: {
        description: "An activity's participants by class, section and roll, paged, with their role and marks.",
      },
    },
    async (req) => {
      const rec = await activityRecord(db, req.params.id);
      await schoolOf(req, rec.schoolId);
      return participantsPage(db, rec, req.query);
    },
  );

  route(
    app,
    activitiesEndpoints.postParticipants,
    {
      schema: {
        description:
          'Adds or updates participants (by student: role and marks, null = not assessed yet) and takes ' +
          'the `remove` students off, in one transaction. The school admin or the teacher in charge.',
      },
    },
    async (req) => {
      const rec = await activityRecord(db, req.params.id);
      // The school admin, or the teacher in charge (server/auth/scope.ts).
      await teacherRowInScope(
        req,
        rec.schoolId,
        (me) => me.id === rec.teacherId,
        () => new ApiError(403, 'activity.not_in_charge', ACTIVITY_FIELD_MESSAGES.notInCharge),
      );
      return saveParticipants(db, rec, req.body);
    },
  );

  route(
    app,
    activitiesEndpoints.mine,
    {
      config: { cacheable: true },
      schema: {
        description:
          "A student's own activities (a guardian's linked child's: student_id) in a session (default: the current one, else their latest " +
          'enrolment), with their role, marks, and the Extra Curriculum part (out of 5) they make.',
      },
    },
    async (req) => {
      // A student's own, a guardian's linked child's (student_id): server/auth/scope.ts.
      const me = await studentInScope(req, req.query.student_id);
      return studentActivities(db, me, req.query);
    },
  );
}
