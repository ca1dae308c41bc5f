/** The promotion endpoints, served by server/routes/promotion.ts. */
import { post } from '@/api/endpoints/define';
import { promoteBody, promoteResponse } from '@/api/schemas/promotion';

export const promotionEndpoints = {
  studentPromote: post('/student/promote', 'student.promote', { body: promoteBody, response: promoteResponse }),
};
