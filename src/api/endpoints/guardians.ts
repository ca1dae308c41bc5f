/** The guardians endpoints, served by server/routes/guardians.ts. */
import { get, post, put } from '@/api/endpoints/define';
import {
  guardianChildren,
  guardianCreateBody,
  guardianCreateResponse,
  guardianLinkBody,
  guardianMessage,
  guardianPreferences,
  guardianPreferencesBody,
  guardianUnlinkBody,
  studentGuardianRow,
  studentGuardiansQuery,
} from '@/api/schemas/guardians';
import { z } from 'zod';

export const guardiansEndpoints = {
  create: post('/guardian', 'guardian.write', { body: guardianCreateBody, response: guardianCreateResponse }),
  link: post('/guardian/link', 'guardian.write', { body: guardianLinkBody, response: guardianMessage }),
  unlink: post('/guardian/unlink', 'guardian.write', { body: guardianUnlinkBody, response: guardianMessage }),
  student: get('/guardian/student', 'guardian.list', {
    query: studentGuardiansQuery,
    response: z.array(studentGuardianRow),
  }),
  children: get('/guardian/children', 'guardian.children', { response: guardianChildren }),
  preferences: get('/guardian/preferences', 'guardian.preferences', { response: guardianPreferences }),
  putPreferences: put('/guardian/preferences', 'guardian.preferences', {
    body: guardianPreferencesBody,
    response: guardianMessage,
  }),
};
