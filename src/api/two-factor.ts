/** One's own two-factor sign-in (issue 16): state, setup, turning on and off. */
import {
  twoFactorEnabled,
  twoFactorSetup,
  twoFactorStatus,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@/api/schemas/auth';
import { okBody } from '@/api/schemas/common';
import type { z } from 'zod';
import { apiGet, apiPost } from '@/api/client';

export function fetchTwoFactorStatus(): Promise<TwoFactorStatus> {
  return apiGet('/api/users/2fa', twoFactorStatus);
}

export function startTwoFactorSetup(): Promise<TwoFactorSetup> {
  return apiPost('/api/users/2fa/setup', twoFactorSetup);
}

export function enableTwoFactor(code: string): Promise<TwoFactorEnabled> {
  return apiPost('/api/users/2fa/enable', twoFactorEnabled, { body: { code } });
}

export function disableTwoFactor(code: string): Promise<z.infer<typeof okBody>> {
  return apiPost('/api/users/2fa/disable', okBody, { body: { code } });
}
