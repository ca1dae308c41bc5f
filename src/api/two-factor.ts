/** One's own two-factor sign-in: state, setup, turning on and off. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  TwoFactorAdminsQuery,
  TwoFactorPolicy,
  TwoFactorEnabled,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@/api/schemas/auth';
import type { okBody } from '@/api/schemas/common';
import type { z } from 'zod';
import { request } from '@/api/client';
import { twoFactorEndpoints } from '@/api/endpoints/two-factor';

export function fetchTwoFactorStatus(): Promise<TwoFactorStatus> {
  return request(twoFactorEndpoints.users2fa);
}

/** Each needs the account's current password (the server checks it like a sign-in). */
export function startTwoFactorSetup(currentPassword: string): Promise<TwoFactorSetup> {
  return request(twoFactorEndpoints.users2faSetup, { body: { current_password: currentPassword } });
}

export function enableTwoFactor(code: string, currentPassword: string): Promise<TwoFactorEnabled> {
  return request(twoFactorEndpoints.users2faEnable, { body: { code, current_password: currentPassword } });
}

export function disableTwoFactor(code: string, currentPassword: string): Promise<z.infer<typeof okBody>> {
  return request(twoFactorEndpoints.users2faDisable, { body: { code, current_password: currentPassword } });
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
      scope.kind === 'school'
        ? request(twoFactorEndpoints.schoolInfoTwoFactor, { params: { id: scope.schoolId } })
        : request(twoFactorEndpoints.systemTwoFactor),
  });

export const twoFactorAdminsQuery = (q: TwoFactorAdminsQuery) =>
  queryOptions({
    queryKey: twoFactorKeys.admins(q),
    queryFn: () => request(twoFactorEndpoints.users2faAdmins, { query: q }),
    placeholderData: keepPreviousData,
  });

/** Where a requirement applies: one school's admins, or the super admins. */
export type PolicyScope = { kind: 'school'; schoolId: number } | { kind: 'system' };

export function setTwoFactorPolicy(scope: PolicyScope, required: boolean): Promise<TwoFactorPolicy> {
  const body = { required };
  return scope.kind === 'school'
    ? request(twoFactorEndpoints.putSchoolInfoTwoFactor, { params: { id: scope.schoolId }, body })
    : request(twoFactorEndpoints.putSystemTwoFactor, { body });
}

export function resetTwoFactor(userCode: string): Promise<z.infer<typeof okBody>> {
  return request(twoFactorEndpoints.users2faReset, { query: { user_code: userCode } });
}
