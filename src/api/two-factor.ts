/** One's own two-factor sign-in: state, setup, turning on and off. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  twoFactorAdminsPage,
  twoFactorPolicy,
  type TwoFactorAdminsQuery,
  type TwoFactorPolicy,
  twoFactorEnabled,
  twoFactorSetup,
  twoFactorStatus,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@/api/schemas/auth';
import { okBody } from '@/api/schemas/common';
import type { z } from 'zod';
import { apiGet, apiPost, apiPut } from '@/api/client';

export function fetchTwoFactorStatus(): Promise<TwoFactorStatus> {
  return apiGet('/api/users/2fa', twoFactorStatus);
}

/** Each needs the account's current password (the server checks it like a sign-in). */
export function startTwoFactorSetup(currentPassword: string): Promise<TwoFactorSetup> {
  return apiPost('/api/users/2fa/setup', twoFactorSetup, { body: { current_password: currentPassword } });
}

export function enableTwoFactor(code: string, currentPassword: string): Promise<TwoFactorEnabled> {
  return apiPost('/api/users/2fa/enable', twoFactorEnabled, { body: { code, current_password: currentPassword } });
}

export function disableTwoFactor(code: string, currentPassword: string): Promise<z.infer<typeof okBody>> {
  return apiPost('/api/users/2fa/disable', okBody, { body: { code, current_password: currentPassword } });
}

// ---------------------------------------------------------------- who must use it; the reset

export const twoFactorKeys = {
  status: ['two-factor', 'status'] as const,
  policy: (scope: PolicyScope) =>
    ['two-factor', 'policy', scope.kind === 'school' ? String(scope.schoolId) : 'system'] as const,
  admins: (q: TwoFactorAdminsQuery) => ['two-factor', 'admins', q] as const,
  all: ['two-factor'] as const,
};

export const twoFactorPolicyQuery = (scope: PolicyScope) =>
  queryOptions({
    queryKey: twoFactorKeys.policy(scope),
    queryFn: () =>
      apiGet(
        scope.kind === 'school' ? `/api/school_info/${scope.schoolId}/two_factor` : '/api/system/two_factor',
        twoFactorPolicy,
      ),
  });

export const twoFactorAdminsQuery = (q: TwoFactorAdminsQuery) =>
  queryOptions({
    queryKey: twoFactorKeys.admins(q),
    queryFn: () => apiGet('/api/users/2fa/admins', twoFactorAdminsPage, { query: q }),
    placeholderData: keepPreviousData,
  });

/** Where a requirement applies: one school's admins, or the super admins. */
export type PolicyScope = { kind: 'school'; schoolId: number } | { kind: 'system' };

export function setTwoFactorPolicy(scope: PolicyScope, required: boolean): Promise<TwoFactorPolicy> {
  const url = scope.kind === 'school' ? `/api/school_info/${scope.schoolId}/two_factor` : '/api/system/two_factor';
  return apiPut(url, twoFactorPolicy, { body: { required } });
}

export function resetTwoFactor(userCode: string): Promise<z.infer<typeof okBody>> {
  return apiPost('/api/users/2fa/reset', okBody, { query: { user_code: userCode } });
}
