/** Promotion at the end of a session: one call, through src/machines/promotion.machine.ts. */
import { apiPost } from '@/api/client';
import { promoteResponse, type PromoteBody, type PromoteResponse } from '@/api/schemas/promotion';

export function promoteStudents(body: PromoteBody, opts: { idempotencyKey: string }): Promise<PromoteResponse> {
  return apiPost('/api/student/promote', promoteResponse, { body, idempotencyKey: opts.idempotencyKey });
}
