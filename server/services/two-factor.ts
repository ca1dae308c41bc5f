/**
 * Two-factor sign-in, one's own and who must use it (routes/two-factor.ts); the codes themselves
 * are server/auth/two-factor.ts.
 *
 * Setting up, turning on and turning off also need the account's current password (a session
 * alone, a phone left signed in, must not change how the account signs in), checked through the
 * sign-in limiter like a sign-in; a change signs out the account's other sessions.
 *
 * Who must use it: a school's requirement remembers who set it. The super admin's is lifted only
 * by a super admin; a school admin may set one and lift one a school admin set. Every change of a
 * requirement is in the security audit (services/audit.ts).
 */
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { twoFactorAdminsQuery } from '@/api/schemas/auth';
import { SUPER_ADMIN, USER_TYPES } from '@/api/permissions';
import { verifyPassword } from '../auth/passwords';
import { AddressLimited, type LoginAttempt, type LoginLimiter } from '../auth/rate-limit';
import { revokeOtherSessions } from '../auth/sessions';
import {
  checkSecondFactor,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  recoveryCodesLeft,
  storeRecoveryCodes,
  totpStep,
} from '../auth/two-factor';
import { cacheOf } from '../cache/hot-cache';
import type { Db } from '../db/client';
import { authSessions, recoveryCodes, schools, systemSettings, users } from '../db/schema';
import { ApiError, notFound, tooMany } from '../errors';
import type { ErrorCode } from '../error-codes';
import { recordAudit } from './audit';

/** A refused code names the field, with a code of its own so the client says it in the user's language. */
const wrongCode = (code: ErrorCode, message: string) => new ApiError(400, code, `code: ${message}`, { code: message });
const WRONG_CODE = 'That code is not right. Enter the current code from the app.';
const OWN_FIRST = 'Turn on two-factor sign-in for your own account first.';
const WRONG_PASSWORD = 'That is not your current password.';
const SUPER_ADMINS_REQUIREMENT =
  'The super admin requires two-factor sign-in for this school: only the super admin can lift it.';

/**
 * Waits (at most a second) until this process has applied the cache notifications of a change just
 * committed: the account's own next request must see that it no longer has to set up a second
 * factor, or a school admin must now (the triggers of migration 0019 announce both).
 */
async function settle(db: Db) {
  const cache = cacheOf(db);
  if (cache) await Promise.race([cache.sync(), new Promise((r) => setTimeout(r, 1_000).unref())]);
}

/** Who set a school's requirement, by the user type of who sets it now. */
type RequiredBy = 'super_admin' | 'school_admin';
const requiredByOf = (userType: number): RequiredBy => (userType === SUPER_ADMIN ? 'super_admin' : 'school_admin');

/**
 * Whether `userType` may change a school's requirement as it stands: a super admin always; a school
 * admin unless it is the super admin's (they may still require it again: nothing changes then).
 */
export const mayChangeRequirement = (userType: number, setBy: RequiredBy | null) =>
  userType === SUPER_ADMIN || setBy !== 'super_admin';

/** The caller of one's own two-factor calls: the signed-in account, its session and address. */
export interface OwnCall {
  userId: number;
  sessionId: number;
  /** The caller's address, for the sign-in limiter's per-address bound. */
  ip: string;
}

/** The signed-in account's sign-in fields (404 when it is gone). */
async function me(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      userCode: users.userCode,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpPendingSecret: users.totpPendingSecret,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw notFound('User');
  return row;
}

/**
 * Checks the current password as a sign-in would: through the limiter (the account's and the
 * address's budget, shared with sign-in), a wrong one counted as a failed sign-in and refused
 * with 400 naming current_password. Answers the attempt, for the caller to settle once it knows
 * whether the rest (a code) was right too.
 */
async function confirmPassword(
  limiter: LoginLimiter,
  ip: string,
  user: { id: number; passwordHash: string },
  password: string,
): Promise<LoginAttempt> {
  let attempt: LoginAttempt;
  try {
    attempt = await limiter.begin(`user:${user.id}`, ip);
  } catch (err) {
    if (!(err instanceof AddressLimited)) throw err;
    throw tooMany(`Too many failed sign-ins. Try again in ${Math.ceil(err.retryAfter / 60)} minute(s).`);
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    await limiter.failed(attempt);
    throw new ApiError(400, 'two_factor.wrong_password', `current_password: ${WRONG_PASSWORD}`, {
      current_password: WRONG_PASSWORD,
    });
  }
  return attempt;
}

/** Whether a school's or the installation's requirement applies to the account (had it no second factor). */
async function requiredOf(db: Db, userId: number) {
  const [row] = await db
    .select({
      required: sql<boolean>`(${users.userType} = ${USER_TYPES.schoolAdmin} and coalesce(${schools.requireTwoFactor}, false))
        or (${users.userType} = ${USER_TYPES.superAdmin} and coalesce(${systemSettings.superAdminTwoFactor}, false))`,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(systemSettings, eq(systemSettings.id, 1))
    .where(eq(users.id, userId));
  return row?.required === true;
}

// ---------------------------------------------------------------- one's own

/** Whether the account signs in with a second factor, one set up and not yet on, a requirement, the codes left. */
export async function twoFactorStatusOf(db: Db, userId: number) {
  const user = await me(db, userId);
  return {
    enabled: user.totpSecret != null,
    pending: user.totpPendingSecret != null,
    required: await requiredOf(db, user.id),
    recovery_codes_left: user.totpSecret ? await recoveryCodesLeft(db, user.id) : 0,
  };
}

const alreadyOn = () =>
  new ApiError(409, 'two_factor.already_on', 'Two-factor sign-in is already on. Turn it off first.');

/** A new pending secret and its otpauth:// URI, after the current password; 409 when it is on already. */
export async function setUpTwoFactor(db: Db, limiter: LoginLimiter, call: OwnCall, password: string) {
  const user = await me(db, call.userId);
  const attempt = await confirmPassword(limiter, call.ip, user, password);
  await limiter.succeeded(attempt);
  if (user.totpSecret) throw alreadyOn();
  const secret = newTotpSecret();
  await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
  return { secret, otpauth_uri: otpauthUri(secret, user.userCode) };
}

/**
 * Turn the pending secret on with a first code and the current password: the recovery codes
 * (answered once) stored with it in one transaction, the account's other sessions ended.
 */
export async function enableTwoFactor(
  db: Db,
  limiter: LoginLimiter,
  call: OwnCall,
  body: { code: string; current_password: string },
) {
  const user = await me(db, call.userId);
  const attempt = await confirmPassword(limiter, call.ip, user, body.current_password);
  await limiter.succeeded(attempt);
  if (user.totpSecret) throw alreadyOn();
  if (!user.totpPendingSecret) throw wrongCode('two_factor.setup_first', 'Set up two-factor sign-in first.');
  const step = await totpStep(user.totpPendingSecret, body.code, null);
  if (step == null) throw wrongCode('two_factor.wrong_code', WRONG_CODE);
  const codes = newRecoveryCodes();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
      .where(eq(users.id, user.id));
    await storeRecoveryCodes(tx, user.id, codes);
  });
  await revokeOtherSessions(db, user.id, call.sessionId);
  await settle(db);
  return { ok: true as const, message: 'Two-factor sign-in is on.', recovery_codes: codes };
}

/**
 * Turn one's own second factor off with the current password and a code (a wrong one counts as
 * a failed sign-in); refused (409) while a requirement applies. The other sessions end.
 */
export async function disableTwoFactor(
  db: Db,
  limiter: LoginLimiter,
  call: OwnCall,
  body: { code: string; current_password: string },
) {
  const user = await me(db, call.userId);
  const attempt = await confirmPassword(limiter, call.ip, user, body.current_password);
  if (!user.totpSecret) {
    await limiter.succeeded(attempt);
    throw wrongCode('two_factor.not_on', 'Two-factor sign-in is not on.');
  }
  const ok = await checkSecondFactor(
    db,
    { id: user.id, totpSecret: user.totpSecret, totpLastStep: user.totpLastStep },
    body.code,
  );
  if (!ok) {
    await limiter.failed(attempt);
    throw wrongCode('two_factor.wrong_code', WRONG_CODE);
  }
  await limiter.succeeded(attempt);
  if (await requiredOf(db, call.userId)) {
    throw new ApiError(
      409,
      'two_factor.required',
      'Your account must use two-factor sign-in: it cannot be turned off.',
    );
  }
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
  await revokeOtherSessions(db, user.id, call.sessionId);
  await settle(db);
  return { ok: true as const, message: 'Two-factor sign-in is off.' };
}

/**
 * The super admin turns off another account's second factor: recorded in the security audit,
 * and every session of that account ends (at once in this process; others hear it from the database).
 */
export async function resetTwoFactor(db: Db, actorUserId: number, userCode: string) {
  const [target] = await db
    .select({ id: users.id, schoolId: users.schoolId })
    .from(users)
    .where(and(sql`lower(${users.userCode}) = lower(${userCode})`, isNotNull(users.totpSecret)));
  if (!target) throw notFound('An account with two-factor sign-in');
  if (target.id === actorUserId) {
    throw new ApiError(400, 'two_factor.reset_own', 'user_code: Turn your own off from your profile.', {
      user_code: 'Turn your own off from your profile.',
    });
  }
  const ended = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
      .where(eq(users.id, target.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, target.id));
    await recordAudit(tx, {
      actorUserId,
      subjectUserId: target.id,
      schoolId: target.schoolId,
      action: 'two_factor_reset',
    });
    return tx
      .update(authSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(authSessions.userId, target.id), isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id });
  });
  const cache = cacheOf(db);
  cache?.dropSessions(ended.map((s) => s.id));
  return { ok: true as const, message: 'Two-factor sign-in was turned off for that account.' };
}

// ---------------------------------------------------------------- who must use it

/** Whether the signed-in account itself signs in with a second factor. */
const hasOwn = async (db: Db, userId: number) => (await me(db, userId)).totpSecret != null;

/** Who is setting or reading a requirement. */
export interface PolicyCaller {
  userId: number;
  userType: number;
}

/** A school's requirement, who set it and whether the caller may change it. */
export async function schoolRequirement(db: Db, schoolId: number, caller: PolicyCaller) {
  const [row] = await db
    .select({ required: schools.requireTwoFactor, setBy: schools.twoFactorRequiredBy })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!row) throw notFound('School');
  return {
    required: row.required,
    set_by: row.setBy ?? null,
    may_change: mayChangeRequirement(caller.userType, row.setBy ?? null),
  };
}

/**
 * Require (or stop requiring) two-factor sign-in of a school's admins: a school admin must have
 * theirs on first (409 `two_factor.own_first`); the super admin's requirement is lifted only by a
 * super admin (403 `two_factor.set_by_super_admin`). The row is locked while deciding.
 */
export async function setSchoolRequirement(db: Db, schoolId: number, caller: PolicyCaller, required: boolean) {
  if (required && caller.userType !== SUPER_ADMIN && !(await hasOwn(db, caller.userId))) {
    throw new ApiError(409, 'two_factor.own_first', OWN_FIRST);
  }
  const answer = await db.transaction(async (tx) => {
    // The row is locked while deciding: two admins changing it at once are decided one by one.
    const [row] = await tx
      .select({ required: schools.requireTwoFactor, setBy: schools.twoFactorRequiredBy })
      .from(schools)
      .where(eq(schools.id, schoolId))
      .for('update');
    if (!row) throw notFound('School');
    const before: RequiredBy | null = row.required ? (row.setBy ?? 'super_admin') : null;
    if (!mayChangeRequirement(caller.userType, before) && !required) {
      throw new ApiError(403, 'two_factor.set_by_super_admin', SUPER_ADMINS_REQUIREMENT);
    }
    // Requiring what the super admin already requires keeps it theirs: a school admin must not
    // be able to make it their own and then lift it.
    const after: RequiredBy | null = !required
      ? null
      : before === 'super_admin'
        ? 'super_admin'
        : requiredByOf(caller.userType);
    if (after !== before) {
      await tx
        .update(schools)
        .set({ requireTwoFactor: required, twoFactorRequiredBy: after })
        .where(eq(schools.id, schoolId));
      await recordAudit(tx, {
        actorUserId: caller.userId,
        schoolId,
        action: 'two_factor_requirement',
        detail: { required, set_by: after, before: { required: before !== null, set_by: before } },
      });
    }
    return { required, set_by: after, may_change: mayChangeRequirement(caller.userType, after) };
  });
  await settle(db);
  return answer;
}

/** Whether every super admin account must sign in with a second factor. */
export async function systemRequirement(db: Db) {
  const [row] = await db
    .select({ required: systemSettings.superAdminTwoFactor })
    .from(systemSettings)
    .where(eq(systemSettings.id, 1));
  return { required: row?.required ?? false };
}

/** Require (or not) a second factor of every super admin; the one setting it must have theirs on. */
export async function setSystemRequirement(db: Db, userId: number, required: boolean) {
  if (required && !(await hasOwn(db, userId))) {
    throw new ApiError(409, 'two_factor.own_first', OWN_FIRST);
  }
  await db.transaction(async (tx) => {
    await tx.insert(systemSettings).values({ id: 1 }).onConflictDoNothing();
    const [row] = await tx
      .select({ required: systemSettings.superAdminTwoFactor })
      .from(systemSettings)
      .where(eq(systemSettings.id, 1))
      .for('update');
    if (row?.required === required) return;
    await tx
      .update(systemSettings)
      .set({ superAdminTwoFactor: required, updatedAt: sql`now()` })
      .where(eq(systemSettings.id, 1));
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'two_factor_super_admin_requirement',
      detail: { required, before: { required: row?.required ?? false } },
    });
  });
  await settle(db);
  return { required };
}

/** The school admins (of one school, or all), paged, with their second factor and their school's requirement. */
export async function twoFactorAdmins(db: Db, q: z.output<typeof twoFactorAdminsQuery>) {
  const where = and(
    eq(users.userType, USER_TYPES.schoolAdmin),
    q.school_id ? eq(users.schoolId, q.school_id) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        user_code: users.userCode,
        first_name: users.firstName,
        last_name: users.lastName,
        school_id: schools.id,
        school_name: schools.schoolName,
        enabled: sql<boolean>`${users.totpSecret} is not null`,
        required: schools.requireTwoFactor,
        required_by: schools.twoFactorRequiredBy,
      })
      .from(users)
      .innerJoin(schools, eq(schools.id, users.schoolId))
      .where(where)
      .orderBy(asc(schools.schoolName), asc(users.userCode))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    rows: rows.map(({ first_name, last_name, ...r }) => ({
      ...r,
      full_name: `${first_name} ${last_name}`.trim(),
    })),
    total,
    limit: q.limit,
    offset: q.offset,
  };
}
