/** GET /api/health's answers (server/routes/health.ts): for probes, nothing of any school. */
import { z } from 'zod';

export const healthy = z.object({ status: z.literal('ok') });
export const unhealthy = z.object({ status: z.literal('unavailable') });
