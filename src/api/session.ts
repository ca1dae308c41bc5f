/**
 * Sign-in, sign-out, the signed-in user's profile, and the saved sign-in in localStorage.
 * The session machine uses these as its default actors and actions; tests replace them.
 *
 * The session itself is the HttpOnly cookie the server sets at sign-in: the page never holds the
 * token (the sign-in answer's `accessToken` is for API clients and is not kept). What localStorage
 * keeps is only who is signed in and until when (to reopen the app, also with no network), never a
 * credential: a script injected into the page finds nothing there to sign in with elsewhere.
 *
 * This module is part of the app's first download, zod is not: the answers' contracts are
 * imported when a call is made (in parallel with the request, see src/api/client.ts), and the
 * saved sign-in is checked by hand.
 */
import type {
  LanguageBody,
  LanguageResponse,
  LoginBody,
  LoginResponse,
  UserProfile,
  UserQuery,
} from '@/api/schemas/auth';
import { DEFAULT_SCHOOL_TIME_ZONE } from '@/api/schemas/time-zone';
import { isUserType, type UserType } from '@/api/permissions';
import { errorStatus, request } from '@/api/client';
import { retryImport } from '@/ui/lazy-retry';
import { usersEndpoints } from '@/api/endpoints/users';

const authSchemas = () => retryImport(() => import('@/api/schemas/auth'));

export function login(body: LoginBody): Promise<LoginResponse> {
  return request(usersEndpoints.login, { schema: authSchemas().then((m) => m.loginResponse), body, auth: 'none' });
}

export interface FetchMeInput {
  user_code: string;
  user_type: number;
}

/** The signed-in user's profile; also how a saved sign-in (its cookie) is confirmed with the server. */
export function fetchMe({ user_code, user_type }: FetchMeInput): Promise<UserProfile> {
  const query: UserQuery = { user_code, user_type };
  return request(usersEndpoints.userId, { schema: authSchemas().then((m) => m.userProfile), query, auth: 'none' });
}

/** Waits before each new try of a sign-out the network or the server failed. */
export const LOGOUT_RETRY_DELAYS_MS = [500, 1500];

/**
 * Ends the session on the server, which also clears its cookie (HttpOnly: only the server can end
 * it). A network or server failure is tried again (LOGOUT_RETRY_DELAYS_MS); a 401 means it had
 * already ended.
 */
export async function logout(delays: readonly number[] = LOGOUT_RETRY_DELAYS_MS): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await request(usersEndpoints.logout, {
        schema: retryImport(() => import('@/api/schemas/common')).then((m) => m.okBody),
        auth: 'none',
        // The sign-in page shows at once; a reload or a closed tab meanwhile must not cancel the
        // request and leave the session alive on the server.
        keepalive: true,
      });
      return;
    } catch (error) {
      const status = errorStatus(error);
      if (status === 401) return;
      const retryable = status === 0 || status >= 500;
      if (!retryable || attempt >= delays.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}

/** Saves the signed-in user's own language on the server (it follows them to every device). */
export function saveLanguage(body: LanguageBody): Promise<LanguageResponse> {
  return request(usersEndpoints.language, { schema: authSchemas().then((m) => m.languageResponse), body });
}

// ---- the school's time zone ------------------------------------------------------------------

let timeZone = DEFAULT_SCHOOL_TIME_ZONE;

/** The signed-in user's school time zone: what "today" and the clock mean on every screen. */
export function schoolTimeZone(): string {
  return timeZone;
}

/** Follows the signed-in profile (src/ui/session.tsx); a missing or unknown zone means the default. */
export function setSchoolTimeZone(zone: string | null | undefined): void {
  timeZone = zone && isTimeZone(zone) ? zone : DEFAULT_SCHOOL_TIME_ZONE;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// ---- the saved sign-in ----------------------------------------------------------------------

export const STORAGE_KEY = 'pathshala.session';

/** The school a viewer (type 6) chose to browse. */
export interface ChosenSchool {
  id: number;
  school_name: string;
}

/** Who is signed in and until when: never the token (that is the HttpOnly cookie's). */
export interface StoredSession {
  user_type: UserType;
  user_code: string;
  expires_at: string | null;
  /** The school a viewer (type 6) chose to browse. */
  school: ChosenSchool | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFilledString = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function toChosenSchool(value: unknown): ChosenSchool | null | undefined {
  if (value === null) return null;
  if (!isObject(value) || !Number.isInteger(value.id) || typeof value.school_name !== 'string') return undefined;
  return { id: value.id as number, school_name: value.school_name };
}

/**
 * The saved sign-in's fields, and only those, when every one is well-formed; else null. A record
 * an earlier version saved with the token in it is not used (it is removed: the token must not
 * stay in storage, and that sign-in has no cookie anyway).
 */
export function toStoredSession(value: unknown): StoredSession | null {
  if (!isObject(value) || 'accessToken' in value) return null;
  const { user_type, user_code, expires_at } = value;
  const school = toChosenSchool(value.school);
  if (!isFilledString(user_code)) return null;
  if (!Number.isInteger(user_type) || !isUserType(user_type)) return null;
  if (expires_at !== null && typeof expires_at !== 'string') return null;
  if (school === undefined) return null;
  return { user_type, user_code, expires_at, school };
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

/** The saved sign-in, if it is well-formed and not past its expiry; anything else is removed. */
export function readStoredSession(now: number = Date.now()): StoredSession | null {
  const store = storage();
  const raw = store?.getItem(STORAGE_KEY);
  if (!raw) return null;
  let parsed: StoredSession | null = null;
  try {
    parsed = toStoredSession(JSON.parse(raw));
  } catch {
    parsed = null;
  }
  const expired = parsed?.expires_at ? Date.parse(parsed.expires_at) <= now : false;
  if (!parsed || expired) {
    store?.removeItem(STORAGE_KEY);
    return null;
  }
  return parsed;
}

export function saveStoredSession(session: StoredSession): void {
  storage()?.setItem(STORAGE_KEY, JSON.stringify(session));
}

export function clearStoredSession(): void {
  storage()?.removeItem(STORAGE_KEY);
}

// ---- the profile kept for opening offline -------------------------------------------

export const OFFLINE_PROFILE_KEY = 'pathshala.offline-profile';

/** The last profile the server confirmed for the saved sign-in; removed on sign-out. */
export function saveOfflineProfile(profile: UserProfile | null): void {
  const store = storage();
  try {
    if (profile) store?.setItem(OFFLINE_PROFILE_KEY, JSON.stringify(profile));
    else store?.removeItem(OFFLINE_PROFILE_KEY);
  } catch {
    // storage full or disabled: the app still works online
  }
}

export function readOfflineProfile(): UserProfile | null {
  try {
    const raw = storage()?.getItem(OFFLINE_PROFILE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!isObject(value) || typeof value.user_code !== 'string' || !Number.isInteger(value.user_type)) return null;
    if (!Number.isInteger(value.id)) return null;
    return value as unknown as UserProfile;
  } catch {
    return null;
  }
}
