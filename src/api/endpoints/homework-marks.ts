/** A teacher's mark on a homework answer (docs/DOMAIN.md, "Homework marks"), served by server/routes/homework-marks.ts. */
import { post } from '@/api/endpoints/define';
import { homeworkMarkBody, homeworkMarkResponse } from '@/api/schemas/homework-marks';

export const homeworkMarksEndpoints = {
  update: post('/homework_mark/update', 'homework.mark', { body: homeworkMarkBody, response: homeworkMarkResponse }),
};
