/** The health endpoints, served by server/routes/health.ts. */
import { get } from '@/api/endpoints/define';
import { healthy } from '@/api/schemas/health';

export const healthEndpoints = {
  health: get('/health', 'public', { response: healthy }),
};
