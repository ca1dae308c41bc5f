/**
 * Sign-in, sign-out, the signed-in user's profile, and the saved sign-in in localStorage.
 * The session machine uses these as its default actors and actions; tests replace them.
 */
import { z } from 'zod';
import {
  DEFAULT_SCHOOL_TIME_ZONE,
  languageResponse,
  loginResponse,
  userProfile,
  type LanguageBody,
  type LanguageResponse,
  type LoginBody,
  type LoginResponse,
  type UserProfile,
  type UserQuery,
} from '@/api/schemas/auth';
import { okBody } from '@/api/schemas/common';
import { isUserType, type UserType } from '@/api/permissions';
import { apiGet, apiPost, apiPut } from '@/api/client';

export function login(body: LoginBody): Promise<LoginResponse> {
  return apiPost('/api/users/login', loginResponse, { body, auth: 'none' });
}

export interface FetchMeInput {
  token: string;
  user_code: string;
  user_type: number;
}

/** The signed-in user's profile; also how a saved token is confirmed with the server. */
export function fetchMe({ token, user_code, user_type }: FetchMeInput): Promise<UserProfile> {
  const query: UserQuery = { user_code, user_type };
  return apiGet('/api/users/user_id', userProfile, { query, auth: { token } });
}

export async function logout({ token }: { token: string }): Promise<void> {
  await apiPost('/api/users/logout', okBody, { auth: { token } });
}

/** Saves the signed-in user's own language on the server (it follows them to every device). */
export function saveLanguage(body: LanguageBody): Promise<LanguageResponse> {
  return apiPut('/api/users/language', languageResponse, { body });
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

const chosenSchool = z.object({ id: z.number().int(), school_name: z.string() });
export type ChosenSchool = z.infer<typeof chosenSchool>;

const storedSession = z.object({
  accessToken: z.string().min(1),
  user_type: z.number().int().refine(isUserType),
  user_code: z.string().min(1),
  expires_at: z.string().nullable(),
  school: chosenSchool.nullable(),
});
export interface StoredSession {
  accessToken: string;
  user_type: UserType;
  user_code: string;
  expires_at: string | null;
  /** The school a viewer (type 6) chose to browse. */
  school: ChosenSchool | null;
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
    const result = storedSession.safeParse(JSON.parse(raw));
    if (result.success) parsed = result.data as StoredSession;
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
