/** Promotion at the end of a session: one call, through src/machines/promotion.machine.ts. */
import { request } from '@/api/client';
import type { PromoteBody, PromoteResponse } from '@/api/schemas/promotion';
import { promotionEndpoints } from '@/api/endpoints/promotion';

export function promoteStudents(body: PromoteBody, opts: { idempotencyKey: string }): Promise<PromoteResponse> {
  return request(promotionEndpoints.studentPromote, { body, idempotencyKey: opts.idempotencyKey });
}
