/**
 * The session: who is signed in, and what the sign-in screen should say.
 *
 * booting ─┬─ saved sign-in ─> restoring ──(server confirms)──> signedIn
 *          └─ none ──────────> signedOut
 * signedOut / expired ──session.login──> signingIn.authenticating ─> signingIn.loadingProfile ─> signedIn
 * signedIn ──session.expired (a 401)──> expired (message, returnTo)
 * signedIn ──session.logout──> signingOut ──(whatever the server says)──> signedOut (told when unconfirmed)
 * signingIn.authenticating ──(otp_required / otp_invalid)──> needsCode ──session.code──> signingIn
 * needsCode ──session.cancelCode──> signedOut (the typed user id and password are dropped)
 * signedIn ──session.twoFactorEnabled──> signedIn (a requirement to set up two-factor is met)
 * signedIn (unconfirmed) ──session.confirmed──> signedIn (the server answered the profile once online)
 *
 * Pure: no React, no DOM. All I/O is the named actors (login, fetchMe, logout) and the named
 * actions (persist, forget); the defaults call the API and localStorage, tests `.provide()` fakes.
 * The token itself never reaches this machine: the server keeps the session in an HttpOnly cookie
 * (src/api/client.ts), and the sign-in answer's `accessToken` is not read. What is saved is who is
 * signed in and until when; a saved sign-in is used only after the server confirms it (fetchMe).
 * The spec's old portal trusted browser storage and left the token valid on logout, which this
 * machine does not repeat. `sessionKey` names the current sign-in (user and expiry, no secret), so
 * a late 401 for an earlier sign-in, or its cached answers, never touch the current one.
 *
 * Two-factor sign-in: the typed user id and password stay in the context (memory
 * only, never persisted) while the code is asked for, and are sent again with it; they are dropped
 * as soon as the sign-in succeeds, fails otherwise, or the user chooses another account.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { LoginBody, LoginResponse, UserProfile } from '@/api/schemas/auth';
import { can, isUserType, type UserType } from '@/api/permissions';
import { errorMessage, errorStatus } from '@/api/client';
import {
  clearStoredSession,
  fetchMe,
  login,
  logout,
  saveStoredSession,
  type ChosenSchool,
  type FetchMeInput,
  type StoredSession,
} from '@/api/session';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';
export const UNSUPPORTED_ACCOUNT_MESSAGE = 'This account cannot use the portal. Please contact your school.';
export const PROFILE_MISMATCH_MESSAGE = 'The server answered with a different account. Please sign in again.';
/**
 * The server never confirmed the sign-out (the logout call failed after its retries): this device
 * forgot the sign-in, but the session's cookie may still be good until it expires.
 */
export const LOGOUT_UNCONFIRMED_MESSAGE =
  'You are signed out on this device, but the server did not confirm it. On a shared computer, close the browser.';

export interface SessionContext {
  /** Which sign-in this is (user id and expiry: not a credential), or null when signed out. */
  sessionKey: string | null;
  expiresAt: string | null;
  userType: UserType | null;
  userCode: string | null;
  profile: UserProfile | null;
  /** The school a viewer chose to browse (viewers only). */
  school: ChosenSchool | null;
  /** Where to go after the next sign-in (the page that needed it). */
  returnTo: string | null;
  /** Shown on the sign-in screen: a failed sign-in, or why the session ended. */
  message: string | null;
  /** Signed in with a one-time password: the password screen comes first. */
  mustChangePassword?: boolean;
  /**
   * The account must set up two-factor sign-in before anything else (its school's or the
   * installation's requirement): the two-factor page comes first; the server holds it too.
   */
  twoFactorSetupRequired?: boolean;
  /** What was typed, kept in memory only while a second factor is asked for (never persisted). */
  credentials?: { user_code: string; password: string } | null;
  /** Why the code is asked for: the server's `otp_required` (first ask) or `otp_invalid` (wrong code). */
  codeError?: { code: 'otp_required' | 'otp_invalid'; message: string } | null;
  /** The last confirmed profile of the saved sign-in, for opening without a network. */
  offlineProfile?: UserProfile | null;
  /** Signed in from the device's copy while the server could not be asked. */
  unconfirmed?: boolean;
}

export type SecondFactorCode = 'otp_required' | 'otp_invalid';

/** The server asked for the account's second factor (the password was right). */
export function secondFactorCode(error: unknown): SecondFactorCode | null {
  if (!error || typeof error !== 'object' || !('code' in error)) return null;
  const code = (error as { code: unknown }).code;
  return code === 'otp_required' || code === 'otp_invalid' ? code : null;
}

export interface SessionInput {
  stored?: StoredSession | null;
  /**
   * The profile last confirmed for the saved sign-in: when the server cannot be asked
   * (no network), the app opens with it, unconfirmed, so a teacher can take the roll offline. The
   * server still judges every call: a refused token ends the session as before.
   */
  offlineProfile?: UserProfile | null;
}

export type SessionEvent =
  | { type: 'session.login'; user_code: string; password: string }
  | { type: 'session.logout' }
  | { type: 'session.expired'; returnTo?: string | null }
  | { type: 'session.restore'; stored: StoredSession }
  | { type: 'session.chooseSchool'; school: ChosenSchool }
  | { type: 'session.remember'; returnTo: string }
  | { type: 'session.landed' }
  | { type: 'session.passwordChanged' }
  /** The server confirmed turning on two-factor sign-in: a requirement to set it up is met. */
  | { type: 'session.twoFactorEnabled' }
  /** The second factor: a 6-digit code or a recovery code, sent with the kept user id and password. */
  | { type: 'session.code'; otp: string }
  /** Leave the code step: the kept user id and password are dropped. */
  | { type: 'session.cancelCode' }
  /**
   * Opened from the device's copy (unconfirmed), the server has now answered the saved sign-in's
   * profile (the network came back): the app is signed in as usual from here on.
   */
  | { type: 'session.confirmed'; profile: UserProfile }
  /** The user saved their own profile or photo: the header shows the server's new copy. */
  | { type: 'session.profileChanged'; profile: UserProfile };

/** Only in-app paths; never the sign-in pages themselves (that would loop). */
export function safeReturnTo(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//')) return null;
  const pathname = path.split(/[?#]/)[0].replace(/\/+$/, '').toLowerCase();
  if (pathname === '' || pathname === '/login') return null;
  return path;
}

const signedOutContext = {
  sessionKey: null,
  expiresAt: null,
  userType: null,
  userCode: null,
  profile: null,
  school: null,
  credentials: null,
  codeError: null,
  twoFactorSetupRequired: false,
  offlineProfile: null,
  unconfirmed: false,
} as const;

/** Names a sign-in: its user and expiry (a new sign-in of the same user has a later expiry). */
export const sessionKeyOf = (userCode: string, expiresAt: string | null) => `${userCode}@${expiresAt ?? ''}`;

function fromStored(stored: StoredSession | null | undefined): Partial<SessionContext> {
  if (!stored) return {};
  return {
    sessionKey: sessionKeyOf(stored.user_code, stored.expires_at),
    expiresAt: stored.expires_at,
    userType: stored.user_type,
    userCode: stored.user_code,
    school: stored.school,
  };
}

/** Saving or checking a sign-in happens only once the user type is known. */
function knownUserType(context: SessionContext): UserType {
  if (context.userType === null) throw new Error('The session has no user type yet');
  return context.userType;
}

function toStored(context: SessionContext): StoredSession {
  return {
    user_type: knownUserType(context),
    user_code: context.userCode ?? '',
    expires_at: context.expiresAt,
    school: context.school,
  };
}

function fetchMeInput(context: SessionContext): FetchMeInput {
  return { user_code: context.userCode ?? '', user_type: knownUserType(context) };
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'busy' | 'signedIn' | 'expired',
  },
  actors: {
    login: fromPromise<LoginResponse, LoginBody>(({ input }) => login(input)),
    fetchMe: fromPromise<UserProfile, FetchMeInput>(({ input }) => fetchMe(input)),
    logout: fromPromise<void>(() => logout()),
  },
  actions: {
    persist: (_, stored: StoredSession) => saveStoredSession(stored),
    forget: () => clearStoredSession(),
  },
  guards: {
    hasSavedSignIn: ({ context }) => context.sessionKey !== null,
    isKnownUserType: (_, output: LoginResponse) => isUserType(output.user_type_id),
    profileMatches: ({ context }, profile: UserProfile) => profile.user_type === context.userType,
    /** Opened unconfirmed, and the server answered this sign-in's own account. */
    /** The profile is the signed-in user's own (a profile change never switches users). */
    sameUser: ({ context }, profile: UserProfile | undefined) =>
      profile !== undefined && profile.user_type === context.userType && profile.user_id === context.profile?.user_id,
    confirmsOfflineSignIn: ({ context }, profile: UserProfile) =>
      context.unconfirmed === true && profile.user_type === context.userType && profile.user_code === context.userCode,
    /** Only a user who browses a chosen school (a viewer) may choose one. */
    choosesSchool: ({ context }) => can(context.userType, 'session.choose-school'),
    /** The server refused the token itself (not a network failure or a server error). */
    isRefused: (_, error: unknown) => [401, 403].includes(errorStatus(error)),
    asksForCode: (_, error: unknown) => secondFactorCode(error) !== null,
    /** No network (not a refusal, not a server error), and the device has this sign-in's profile. */
    opensOffline: ({ context }, error: unknown) =>
      errorStatus(error) === 0 &&
      !!context.offlineProfile &&
      context.offlineProfile.user_code === context.userCode &&
      context.offlineProfile.user_type === context.userType,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    ...signedOutContext,
    returnTo: null,
    message: null,
    ...fromStored(input?.stored),
    offlineProfile: input?.stored ? (input?.offlineProfile ?? null) : null,
  }),
  initial: 'booting',
  states: {
    booting: {
      always: [{ guard: 'hasSavedSignIn', target: 'restoring' }, { target: 'signedOut' }],
    },

    signedOut: {
      on: {
        'session.login': {
          target: 'signingIn',
          actions: assign({
            credentials: ({ event }) => ({ user_code: event.user_code, password: event.password }),
          }),
        },
        'session.restore': {
          target: 'restoring',
          actions: assign(({ event }) => ({ ...fromStored(event.stored), message: null })),
        },
        'session.remember': { actions: assign({ returnTo: ({ event }) => safeReturnTo(event.returnTo) }) },
      },
    },

    expired: {
      tags: 'expired',
      on: {
        'session.login': {
          target: 'signingIn',
          actions: assign({
            credentials: ({ event }) => ({ user_code: event.user_code, password: event.password }),
          }),
        },
        'session.restore': {
          target: 'restoring',
          actions: assign(({ event }) => ({ ...fromStored(event.stored), message: null })),
        },
        'session.remember': { actions: assign({ returnTo: ({ event }) => safeReturnTo(event.returnTo) }) },
      },
    },

    needsCode: {
      on: {
        'session.code': { target: 'signingIn' },
        'session.cancelCode': { target: 'signedOut', actions: assign({ ...signedOutContext, message: null }) },
        'session.remember': { actions: assign({ returnTo: ({ event }) => safeReturnTo(event.returnTo) }) },
      },
    },

    signingIn: {
      tags: 'busy',
      initial: 'authenticating',
      states: {
        authenticating: {
          entry: assign({ message: null }),
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context, event }) => {
              assertEvent(event, ['session.login', 'session.code']);
              const typed = context.credentials ?? { user_code: '', password: '' };
              return event.type === 'session.code' ? { ...typed, otp: event.otp } : typed;
            },
            onDone: [
              {
                guard: { type: 'isKnownUserType', params: ({ event }) => event.output },
                target: 'loadingProfile',
                actions: assign(({ event }) => ({
                  sessionKey: sessionKeyOf(event.output.user_code, event.output.expires_at),
                  expiresAt: event.output.expires_at,
                  userType: event.output.user_type_id as UserType,
                  userCode: event.output.user_code,
                  profile: null,
                  school: null,
                  mustChangePassword: event.output.must_change_password === true,
                  twoFactorSetupRequired: event.output.two_factor_setup_required === true,
                  credentials: null,
                  codeError: null,
                })),
              },
              {
                target: '#session.signedOut',
                actions: assign({ ...signedOutContext, message: UNSUPPORTED_ACCOUNT_MESSAGE }),
              },
            ],
            onError: [
              {
                // The password was right and the account has a second factor: ask for the code,
                // keeping what was typed (in memory) to send again with it.
                guard: { type: 'asksForCode', params: ({ event }: { event: { error: unknown } }) => event.error },
                target: '#session.needsCode',
                actions: assign(({ event }) => ({
                  codeError: {
                    code: secondFactorCode(event.error) ?? 'otp_required',
                    message: errorMessage(event.error),
                  },
                })),
              },
              {
                target: '#session.signedOut',
                actions: assign(({ event }) => ({ ...signedOutContext, message: errorMessage(event.error) })),
              },
            ],
          },
        },
        loadingProfile: {
          invoke: {
            id: 'fetchMe',
            src: 'fetchMe',
            input: ({ context }) => fetchMeInput(context),
            onDone: [
              {
                guard: { type: 'profileMatches', params: ({ event }) => event.output },
                target: '#session.signedIn',
                actions: [
                  assign({
                    profile: ({ event }) => event.output,
                    message: null,
                    mustChangePassword: ({ event }) => event.output.must_change_password === true,
                    twoFactorSetupRequired: ({ event }) => event.output.two_factor_setup_required === true,
                  }),
                  { type: 'persist', params: ({ context }) => toStored(context) },
                ],
              },
              {
                target: '#session.signedOut',
                actions: assign({ ...signedOutContext, message: PROFILE_MISMATCH_MESSAGE }),
              },
            ],
            onError: {
              target: '#session.signedOut',
              actions: assign(({ event }) => ({ ...signedOutContext, message: errorMessage(event.error) })),
            },
          },
        },
      },
    },

    restoring: {
      tags: 'busy',
      invoke: {
        id: 'fetchMe',
        src: 'fetchMe',
        input: ({ context }) => fetchMeInput(context),
        onDone: [
          {
            guard: { type: 'profileMatches', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: [
              assign({
                profile: ({ event }) => event.output,
                message: null,
                mustChangePassword: ({ event }) => event.output.must_change_password === true,
                twoFactorSetupRequired: ({ event }) => event.output.two_factor_setup_required === true,
              }),
              { type: 'persist', params: ({ context }) => toStored(context) },
            ],
          },
          {
            target: 'signedOut',
            actions: [assign({ ...signedOutContext, message: SESSION_ENDED_MESSAGE }), 'forget'],
          },
        ],
        onError: [
          {
            // The sign-in is no longer valid: forget it and say so.
            guard: { type: 'isRefused', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'signedOut',
            actions: [assign({ ...signedOutContext, message: SESSION_ENDED_MESSAGE }), 'forget'],
          },
          {
            // No network and the device knows this sign-in: open with it, unconfirmed.
            guard: { type: 'opensOffline', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'signedIn',
            actions: assign(({ context }) => ({
              profile: context.offlineProfile ?? null,
              message: null,
              unconfirmed: true,
            })),
          },
          {
            // The server could not be asked (offline, 5xx): keep the saved sign-in for the next
            // try instead of signing the user out over a hiccup, but do not use it unconfirmed.
            target: 'signedOut',
            actions: assign(({ event }) => ({
              ...signedOutContext,
              message: `We could not check your saved sign-in: ${errorMessage(event.error)}`,
            })),
          },
        ],
      },
    },

    signedIn: {
      tags: 'signedIn',
      on: {
        'session.logout': { target: 'signingOut' },
        'session.expired': {
          target: 'expired',
          actions: [
            assign(({ context, event }) => ({
              ...signedOutContext,
              // Keep the user id so the sign-in form can offer it again.
              userCode: context.userCode,
              message: SESSION_ENDED_MESSAGE,
              returnTo: safeReturnTo(event.returnTo),
            })),
            'forget',
          ],
        },
        'session.chooseSchool': {
          guard: 'choosesSchool',
          actions: [
            assign({ school: ({ event }) => event.school }),
            { type: 'persist', params: ({ context }) => toStored(context) },
          ],
        },
        'session.landed': { actions: assign({ returnTo: null }) },
        'session.passwordChanged': { actions: assign({ mustChangePassword: false }) },
        'session.twoFactorEnabled': { actions: assign({ twoFactorSetupRequired: false }) },
        'session.profileChanged': {
          guard: { type: 'sameUser', params: ({ event }) => event.profile },
          actions: [
            assign({ profile: ({ event }) => event.profile }),
            { type: 'persist', params: ({ context }) => toStored(context) },
          ],
        },
        'session.confirmed': {
          guard: { type: 'confirmsOfflineSignIn', params: ({ event }) => event.profile },
          actions: [
            assign({
              profile: ({ event }) => event.profile,
              unconfirmed: false,
              mustChangePassword: ({ event }) => event.profile.must_change_password === true,
              twoFactorSetupRequired: ({ event }) => event.profile.two_factor_setup_required === true,
            }),
            { type: 'persist', params: ({ context }) => toStored(context) },
          ],
        },
      },
    },

    signingOut: {
      tags: 'busy',
      // Forget locally first: whatever the server answers, this browser is signed out.
      entry: 'forget',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: {
          target: 'signedOut',
          actions: assign({ ...signedOutContext, returnTo: null, message: null }),
        },
        onError: {
          target: 'signedOut',
          actions: assign({ ...signedOutContext, returnTo: null, message: LOGOUT_UNCONFIRMED_MESSAGE }),
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
