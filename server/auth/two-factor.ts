/**
 * Two-factor sign-in: TOTP codes (RFC 6238: 30-second steps, 6 digits, SHA-1, as every
 * authenticator app reads an otpauth:// URI) from otplib, and one-time recovery codes.
 *
 * - A code is accepted one step either side of now (clocks on phones drift), and only if its
 *   step is later than the last one accepted for the account: a code seen once cannot be replayed.
 * - Recovery codes are ten random 10-character codes shown once when two-factor is turned on; only
 *   their SHA-256 hashes are stored (they are random, not chosen by people, so a fast hash is
 *   enough), and each works once.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { DbOrTx } from '../db/client';
import { USER_TYPES } from '@/api/permissions';
import { recoveryCodes, users } from '../db/schema';

export const TOTP_PERIOD = 30;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Pathshala';
/** Crockford-like: no 0/O or 1/I/L to misread from paper. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const newTotpSecret = () => generateSecret();

export const otpauthUri = (secret: string, label: string) =>
  generateURI({ issuer: ISSUER, label, secret, period: TOTP_PERIOD, digits: 6 });

/**
 * The step of a code valid at `epoch` (seconds; now by default) or one step either side, after
 * `afterStep`; null when it is not one.
 */
export async function totpStep(
  secret: string,
  code: string,
  afterStep: number | null,
  epoch?: number,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    period: TOTP_PERIOD,
    epochTolerance: TOTP_PERIOD,
    ...(epoch != null ? { epoch } : {}),
    ...(afterStep != null ? { afterTimeStep: afterStep } : {}),
  });
  // A TOTP result carries the step it matched (the union type also covers HOTP's).
  const step = result.valid ? (result as { timeStep?: number }).timeStep : undefined;
  return typeof step === 'number' ? step : null;
}

export const normaliseRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');
const hashRecoveryCode = (code: string) => createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Replaces the account's recovery codes with these (hashed). */
export async function storeRecoveryCodes(db: DbOrTx, userId: number, codes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })));
}

/** Uses a recovery code: true once per code, false for an unknown or used one. */
export async function useRecoveryCode(db: DbOrTx, userId: number, code: string): Promise<boolean> {
  if (normaliseRecoveryCode(code).length !== 10) return false;
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/**
 * Whether the account of the `users` row in the query must still set up two-factor sign-in: a
 * school admin of a school that requires it (`schools.require_two_factor`, set by the school admin
 * or the super admin), or a super admin while the installation requires it for super admins
 * (`system_settings.super_admin_two_factor`, set by a super admin). One expression for the session
 * lookup and the sign-in answer, so the guard and the client never disagree.
 */
export const twoFactorSetupRequired = sql<boolean>`(${sql.raw('"users"."totp_secret"')} is null and (
  (${sql.raw('"users"."user_type"')} = ${sql.raw(String(USER_TYPES.schoolAdmin))} and coalesce(
    (select s.require_two_factor from schools s where s.id = ${sql.raw('"users"."school_id"')}), false))
  or (${sql.raw('"users"."user_type"')} = ${sql.raw(String(USER_TYPES.superAdmin))} and coalesce(
    (select ss.super_admin_two_factor from system_settings ss where ss.id = 1), false))))`;

/**
 * Checks a second factor for a signed-in-by-password account: a TOTP code (recording its step, so
 * the same code is refused next time, also by a concurrent request) or a recovery code.
 */
export async function checkSecondFactor(
  db: DbOrTx,
  user: { id: number; totpSecret: string; totpLastStep: number | null },
  code: string,
): Promise<boolean> {
  const trimmed = code.trim();
  const step = await totpStep(user.totpSecret, trimmed, user.totpLastStep);
  if (step != null) {
    const claimed = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return claimed.length === 1;
  }
  return useRecoveryCode(db, user.id, trimmed);
}

/** How many unused recovery codes the account has left. */
export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
