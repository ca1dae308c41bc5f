/** The two factor endpoints, served by server/routes/two-factor.ts. */
import { get, post, put } from '@/api/endpoints/define';
import {
  schoolTwoFactorParams,
  twoFactorAdminsPage,
  twoFactorAdminsQuery,
  twoFactorCodeBody,
  twoFactorEnabled,
  twoFactorPolicy,
  twoFactorPolicyBody,
  twoFactorResetQuery,
  twoFactorSetup,
  twoFactorSetupBody,
  twoFactorStatus,
} from '@/api/schemas/auth';
import { okBody } from '@/api/schemas/common';

export const twoFactorEndpoints = {
  users2fa: get('/users/2fa', 'users.two-factor', { response: twoFactorStatus }),
  users2faSetup: post('/users/2fa/setup', 'users.two-factor', { body: twoFactorSetupBody, response: twoFactorSetup }),
  users2faEnable: post('/users/2fa/enable', 'users.two-factor', {
    body: twoFactorCodeBody,
    response: twoFactorEnabled,
  }),
  users2faDisable: post('/users/2fa/disable', 'users.two-factor', { body: twoFactorCodeBody, response: okBody }),
  users2faReset: post('/users/2fa/reset', 'users.two-factor-reset', { query: twoFactorResetQuery, response: okBody }),
  schoolInfoTwoFactor: get('/school_info/:id/two_factor', 'school.two-factor-policy', {
    params: schoolTwoFactorParams,
    response: twoFactorPolicy,
  }),
  putSchoolInfoTwoFactor: put('/school_info/:id/two_factor', 'school.two-factor-policy', {
    body: twoFactorPolicyBody,
    params: schoolTwoFactorParams,
    response: twoFactorPolicy,
  }),
  systemTwoFactor: get('/system/two_factor', 'system.two-factor-policy', { response: twoFactorPolicy }),
  putSystemTwoFactor: put('/system/two_factor', 'system.two-factor-policy', {
    body: twoFactorPolicyBody,
    response: twoFactorPolicy,
  }),
  users2faAdmins: get('/users/2fa/admins', 'users.two-factor-reset', {
    query: twoFactorAdminsQuery,
    response: twoFactorAdminsPage,
  }),
};
