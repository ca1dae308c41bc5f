/**
 * Promotion at the end of a session: a school admin moves a section's students, or some
 * of them, into a class and section of a later session in one all-or-nothing step. The old
 * enrolment is left as it was, so the year's attendance, marks and grade sheet keep pointing at it;
 * the new one takes the student's class roll with it. Nothing is written when any student is
 * already enrolled in the new session or would take a roll that is already someone's there.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorBody } from '@/api/schemas/common';
import { schoolOf } from '../auth/tenant';
import { promoteStudents } from '../services/promotion';
import { promotionEndpoints } from '@/api/endpoints/promotion';
import { route } from './define';

export async function promotionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  route(
    app,
    promotionEndpoints.studentPromote,
    {
      schema: {
        description:
          'Promotes a section’s students of one session (all, or those in student_ids) to a class and section ' +
          'of a later session, keeping each class roll, in one transaction. 409 when a student is already ' +
          'enrolled in that session or a roll is taken there; the old enrolment and its history stay.',
        response: { 400: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const body = req.body;
      const schoolId = await schoolOf(req, body.school_info_id);
      return promoteStudents(app.db, schoolId, body);
    },
  );
}
