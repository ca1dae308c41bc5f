/**
 * Homework marks (docs/DOMAIN.md, "Homework marks"): the homework's own teacher marks a submitted
 * answer; another teacher, even of the school, is 403 `homework.not_own`, another school's the
 * school check's 403. The rules are in services/homework-marks.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { homeworkMarksEndpoints } from '@/api/endpoints/homework-marks';
import { authOf } from '../auth/guard';
import { teacherRowInScope } from '../auth/scope';
import { ApiError } from '../errors';
import { saveHomeworkMark, submissionToMark } from '../services/homework-marks';
import { route } from './define';

const notOwn = () => new ApiError(403, 'homework.not_own', 'That is another teacher’s homework.');

export async function homeworkMarkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  route(
    app,
    homeworkMarksEndpoints.update,
    {
      schema: {
        description:
          'The homework’s teacher marks a submitted answer: mark 0..100 (two decimals at most) and feedback. ' +
          'Saving again replaces both; every change is audited with its before and after.',
      },
    },
    async (req) => {
      const target = await submissionToMark(db, req.body.submission_id);
      await teacherRowInScope(req, target.schoolId, (me) => me.id === target.teacherId, notOwn);
      return saveHomeworkMark(db, authOf(req).userId, target, req.body);
    },
  );
}
