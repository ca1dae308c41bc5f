/**
 * Model-based tests for the session machine. The paths come from the machine itself
 * (tests/helpers/as-model.ts turns each invocation's outcomes into explicit events, because
 * @xstate/graph traverses pure transitions only). Each generated path is replayed against a real
 * actor whose actors are deferred fakes: the test resolves or rejects them exactly as the path
 * says, and every state on the way is checked against what the state must do: the calls it made,
 * what it saved or forgot in storage, what the sign-in screen would show, which events it accepts.
 * Nothing is compared with the model's own snapshot (that would test the machine against itself).
 */
import { createTestModel } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  fromPromise,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { asModel } from '../helpers/as-model';
import type { LoginBody, LoginResponse, UserProfile } from '@/api/schemas/auth';
import type { FetchMeInput, StoredSession } from '@/api/session';
import {
  LOGOUT_UNCONFIRMED_MESSAGE,
  PROFILE_MISMATCH_MESSAGE,
  SESSION_ENDED_MESSAGE,
  UNSUPPORTED_ACCOUNT_MESSAGE,
  safeReturnTo,
  sessionMachine,
  type SessionEvent,
  type SessionInput,
} from '@/machines/session.machine';

// ---- fixtures ---------------------------------------------------------------------------------

const EXPIRES = '2030-01-01T00:00:00.000Z';
const TEACHER_LOGIN: LoginResponse = {
  user_type_id: 2,
  accessToken: 'tok-teacher',
  user_code: 'T-1001',
  expires_at: EXPIRES,
};
const VIEWER_LOGIN: LoginResponse = {
  user_type_id: 6,
  accessToken: 'tok-viewer',
  user_code: 'V-9',
  expires_at: EXPIRES,
};
/** A school admin whose school requires two-factor sign-in, which they have not set up. */
const HELD_LOGIN: LoginResponse = {
  user_type_id: 4,
  accessToken: 'tok-held',
  user_code: 'A-4',
  expires_at: EXPIRES,
  two_factor_setup_required: true,
};
/** A user type the portal does not know (3 was unused in the spec; it is the guardian now). */
const ODD_TYPE_LOGIN: LoginResponse = {
  user_type_id: 9,
  accessToken: 'tok-odd',
  user_code: 'X-9',
  expires_at: EXPIRES,
};

function profile(over: Partial<UserProfile>): UserProfile {
  return {
    id: 1,
    user_id: 1,
    user_code: 'U-1',
    user_type: 1,
    first_name: 'First',
    last_name: 'Last',
    full_name: 'First Last',
    school_id: 10,
    school_info_id: 10,
    school_type: 1,
    school_name: 'Green Valley School',
    admin_code: null,
    teacher_code: null,
    student_code: null,
    initial: null,
    class: null,
    class_name: null,
    section_id: null,
    section_default_name: null,
    class_roll_no: null,
    session_id: null,
    ...over,
  };
}
const TEACHER = profile({
  id: 41,
  user_id: 7,
  user_code: 'T-1001',
  user_type: 2,
  full_name: 'Rahima Khatun',
  teacher_code: 'T-1001',
});
const VIEWER = profile({
  id: 9,
  user_id: 9,
  user_code: 'V-9',
  user_type: 6,
  full_name: 'Viewer Nine',
  school_id: null,
  school_info_id: null,
  school_name: null,
});
const HELD_ADMIN = profile({
  id: 4,
  user_id: 4,
  user_code: 'A-4',
  user_type: 4,
  full_name: 'Admin Four',
  admin_code: 'A-4',
  two_factor_setup_required: true,
});
const STUDENT = profile({ id: 77, user_code: 'S-77', user_type: 1, student_code: 'S-77' });
const PROFILES: Record<number, UserProfile> = { 2: TEACHER, 4: HELD_ADMIN, 6: VIEWER };

/** Each sign-in the fakes hand out (named by user and expiry: the token is the cookie's), and whose it is. */
const ACCOUNTS: Record<string, { userCode: string; userType: number; profile: UserProfile }> = {
  [`T-1001@${EXPIRES}`]: { userCode: 'T-1001', userType: 2, profile: TEACHER },
  [`V-9@${EXPIRES}`]: { userCode: 'V-9', userType: 6, profile: VIEWER },
  [`A-4@${EXPIRES}`]: { userCode: 'A-4', userType: 4, profile: HELD_ADMIN },
};

const SAVED: StoredSession = {
  user_type: 2,
  user_code: 'T-1001',
  expires_at: EXPIRES,
  school: null,
};
const SCHOOL = { id: 3, school_name: 'Hill View High School' };

const WRONG = { status: 401, code: 'invalid_credentials', message: 'Wrong user id or password.' };
const REFUSED = { status: 401, code: 'unauthorized', message: 'Please sign in to continue.' };
const OFFLINE = { status: 0, code: 'network', message: 'Could not reach the server.' };
const OFFLINE_CHECK_MESSAGE = `We could not check your saved sign-in: ${OFFLINE.message}`;

const LOGIN: SessionEvent = { type: 'session.login', user_code: 'T-1001', password: 'secret' };

// Two-factor sign-in: the password was right, the account's code is asked for.
const OTP_ASKED = {
  status: 401,
  code: 'otp_required',
  message: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
};
const OTP_WRONG = {
  status: 401,
  code: 'otp_invalid',
  message: 'That code is not right, or was used already. Enter the current code.',
};
const CODE: SessionEvent = { type: 'session.code', otp: '123456' };
const CANCEL_CODE: SessionEvent = { type: 'session.cancelCode' };

// ---- the model ----------------------------------------------------------------------------------

type Snap = SnapshotFrom<typeof sessionMachine>;
type ModelEvent = EventObject & Record<string, unknown>;

/** What the outside world can do in each state: user events plus every server answer we model. */
function eventsFor(state: Snap): ModelEvent[] {
  const profileForUser = state.context.userType ? PROFILES[state.context.userType] : undefined;
  return [
    LOGIN,
    { type: 'session.logout' },
    { type: 'session.expired', returnTo: '/routine' },
    { type: 'session.restore', stored: SAVED },
    { type: 'session.chooseSchool', school: SCHOOL },
    { type: 'session.remember', returnTo: '/teacherprofile' },
    { type: 'session.landed' },
    { type: 'xstate.done.actor.login', output: TEACHER_LOGIN },
    { type: 'xstate.done.actor.login', output: VIEWER_LOGIN },
    { type: 'xstate.done.actor.login', output: ODD_TYPE_LOGIN },
    { type: 'xstate.done.actor.login', output: HELD_LOGIN },
    { type: 'session.twoFactorEnabled' },
    { type: 'xstate.error.actor.login', error: WRONG },
    { type: 'xstate.error.actor.login', error: OTP_ASKED },
    { type: 'xstate.error.actor.login', error: OTP_WRONG },
    CODE,
    CANCEL_CODE,
    ...(profileForUser ? [{ type: 'xstate.done.actor.fetchMe', output: profileForUser }] : []),
    { type: 'xstate.done.actor.fetchMe', output: STUDENT },
    { type: 'xstate.error.actor.fetchMe', error: REFUSED },
    { type: 'xstate.error.actor.fetchMe', error: OFFLINE },
    { type: 'xstate.done.actor.logout', output: undefined },
    { type: 'xstate.error.actor.logout', error: OFFLINE },
  ];
}

// ---- the system under test: a real actor with deferred fakes ----------------------------------

type Deferred = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
type ActorName = 'login' | 'fetchMe' | 'logout';

function startSession(input: SessionInput) {
  const pending: Partial<Record<ActorName, Deferred>> = {};
  const calls = { login: [] as LoginBody[], fetchMe: [] as FetchMeInput[], logout: [] as Array<'logout'> };
  const storage = { current: input.stored ?? null, saves: 0, clears: 0 };
  const defer = <T>(name: ActorName) =>
    new Promise<T>((resolve, reject) => {
      pending[name] = { resolve: resolve as (v: unknown) => void, reject };
    });

  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<LoginResponse, LoginBody>(
        ({ input }) => (calls.login.push(input), defer<LoginResponse>('login')),
      ),
      fetchMe: fromPromise<UserProfile, FetchMeInput>(
        ({ input }) => (calls.fetchMe.push(input), defer<UserProfile>('fetchMe')),
      ),
      logout: fromPromise<void>(() => (calls.logout.push('logout'), defer<void>('logout'))),
    },
    actions: {
      persist: (_, stored: StoredSession) => {
        storage.current = stored;
        storage.saves += 1;
      },
      forget: () => {
        storage.current = null;
        storage.clears += 1;
      },
    },
  });
  const actor = createActor(machine, { input }).start();

  async function settle(name: ActorName, outcome: 'resolve' | 'reject', value: unknown) {
    const call = pending[name];
    if (!call) throw new Error(`the machine never called ${name}`);
    delete pending[name];
    call[outcome](value);
    await new Promise((r) => setTimeout(r, 0));
  }
  return { actor, calls, storage, pending, settle };
}

type Session = ReturnType<typeof startSession>;

function replay(session: Session) {
  const { actor, calls, storage, pending, settle } = session;
  const real = () => actor.getSnapshot();
  /** Whether the screen reported two-factor sign-in turned on since the last sign-in. */
  let twoFactorTurnedOn = false;
  const send = ({ event }: { event: EventObject }) => {
    actor.send(event as SessionEvent);
  };
  // In the app, session.restore carries what was just read from storage.
  const restore = ({ event }: { event: EventObject }) => {
    storage.current = (event as Extract<SessionEvent, { type: 'session.restore' }>).stored;
    actor.send(event as SessionEvent);
  };
  return {
    events: {
      'session.login': send,
      'session.logout': send,
      'session.expired': send,
      'session.restore': restore,
      'session.chooseSchool': send,
      'session.remember': send,
      'session.landed': send,
      'session.code': send,
      'session.cancelCode': send,
      'session.twoFactorEnabled': (arg: { event: EventObject }) => {
        if (real().matches('signedIn')) twoFactorTurnedOn = true;
        send(arg);
      },
      'xstate.done.actor.login': ({ event }: { event: ModelEvent }) => {
        twoFactorTurnedOn = false;
        return settle('login', 'resolve', event.output);
      },
      'xstate.error.actor.login': ({ event }: { event: ModelEvent }) => settle('login', 'reject', event.error),
      'xstate.done.actor.fetchMe': ({ event }: { event: ModelEvent }) => settle('fetchMe', 'resolve', event.output),
      'xstate.error.actor.fetchMe': ({ event }: { event: ModelEvent }) => settle('fetchMe', 'reject', event.error),
      'xstate.done.actor.logout': ({ event }: { event: ModelEvent }) => settle('logout', 'resolve', event.output),
      'xstate.error.actor.logout': ({ event }: { event: ModelEvent }) => settle('logout', 'reject', event.error),
    },
    states: {
      signedOut: () => {
        const s = real();
        expect(s.value).toBe('signedOut');
        expect(s.context).toMatchObject({ sessionKey: null, userType: null, profile: null, school: null });
        // What was typed is gone once the sign-in ended (no code step left over).
        expect(s.context.credentials ?? null).toBeNull();
        expect(s.context.codeError ?? null).toBeNull();
        expect(s.can(CODE)).toBe(false);
        expect(s.hasTag('busy')).toBe(false);
        expect(s.can(LOGIN)).toBe(true);
        expect(s.can({ type: 'session.chooseSchool', school: SCHOOL })).toBe(false);
        expect(Object.keys(pending)).toEqual([]);
        // A saved sign-in survives only a failed check that never reached the server.
        if (s.context.message === OFFLINE_CHECK_MESSAGE) expect(storage.current).toEqual(SAVED);
        else expect(storage.current).toBeNull();
        expect([
          null,
          WRONG.message,
          REFUSED.message,
          UNSUPPORTED_ACCOUNT_MESSAGE,
          PROFILE_MISMATCH_MESSAGE,
          SESSION_ENDED_MESSAGE,
          OFFLINE.message,
          OFFLINE_CHECK_MESSAGE,
          LOGOUT_UNCONFIRMED_MESSAGE,
        ]).toContain(s.context.message);
      },
      expired: () => {
        const s = real();
        expect(s.value).toBe('expired');
        expect(s.context.message).toBe(SESSION_ENDED_MESSAGE);
        // The 401 said where the user was; a later redirect to sign-in may have updated it.
        expect(['/routine', '/teacherprofile']).toContain(s.context.returnTo);
        expect(s.context).toMatchObject({ sessionKey: null, profile: null, userType: null });
        // The user id stays, for the sign-in form to offer again.
        expect(['T-1001', 'V-9', 'A-4']).toContain(s.context.userCode);
        expect(storage.current).toBeNull();
        expect(storage.clears).toBeGreaterThan(0);
        expect(s.can(LOGIN)).toBe(true);
        expect(Object.keys(pending)).toEqual([]);
      },
      'signingIn.authenticating': () => {
        const s = real();
        expect(s.value).toEqual({ signingIn: 'authenticating' });
        expect(s.hasTag('busy')).toBe(true);
        expect(s.can(LOGIN)).toBe(false);
        expect(s.context.message).toBeNull();
        expect(s.context.sessionKey).toBeNull();
        // After a code was asked for, the same user id and password go again, with the code.
        expect(calls.login.at(-1)).toEqual(
          s.context.codeError
            ? { user_code: 'T-1001', password: 'secret', otp: '123456' }
            : { user_code: 'T-1001', password: 'secret' },
        );
        expect(Object.keys(pending)).toEqual(['login']);
      },
      needsCode: () => {
        const s = real();
        expect(s.value).toBe('needsCode');
        expect(s.hasTag('busy')).toBe(false);
        // The screen shows the code field: why, from the server's own answer.
        expect([
          { code: 'otp_required', message: OTP_ASKED.message },
          { code: 'otp_invalid', message: OTP_WRONG.message },
        ]).toContainEqual(s.context.codeError);
        expect(s.context.message).toBeNull();
        // Kept in memory to send again with the code, and never written to storage.
        expect(s.context.credentials).toEqual({ user_code: 'T-1001', password: 'secret' });
        expect(JSON.stringify(storage.current ?? {})).not.toContain('secret');
        expect(s.context.sessionKey).toBeNull();
        expect(s.can(CODE)).toBe(true);
        expect(s.can(CANCEL_CODE)).toBe(true);
        expect(s.can(LOGIN)).toBe(false);
        expect(Object.keys(pending)).toEqual([]);
      },
      'signingIn.loadingProfile': () => {
        const s = real();
        expect(s.value).toEqual({ signingIn: 'loadingProfile' });
        expect(s.hasTag('busy')).toBe(true);
        const account = ACCOUNTS[s.context.sessionKey ?? ''];
        expect(account).toBeDefined();
        expect(calls.fetchMe.at(-1)).toEqual({ user_code: account.userCode, user_type: account.userType });
        expect(Object.keys(pending)).toEqual(['fetchMe']);
        // Nothing is saved before the server confirmed who this is.
        expect(storage.current?.user_code).not.toBe(account.userCode);
      },
      restoring: () => {
        const s = real();
        expect(s.value).toBe('restoring');
        expect(s.hasTag('busy')).toBe(true);
        expect(s.can(LOGIN)).toBe(false);
        expect(calls.fetchMe.at(-1)).toEqual({ user_code: 'T-1001', user_type: 2 });
        expect(s.context.profile).toBeNull();
        expect(Object.keys(pending)).toEqual(['fetchMe']);
      },
      signedIn: () => {
        const s = real();
        expect(s.value).toBe('signedIn');
        expect(s.hasTag('busy')).toBe(false);
        const account = ACCOUNTS[s.context.sessionKey ?? ''];
        expect(account).toBeDefined();
        expect(s.context.profile).toEqual(account.profile);
        expect(s.context.message).toBeNull();
        expect(s.context.credentials ?? null).toBeNull();
        expect(s.context.codeError ?? null).toBeNull();
        // Who and until when: never a token (the session is the server's HttpOnly cookie).
        expect(storage.current).toEqual({
          user_type: account.userType,
          user_code: account.userCode,
          expires_at: EXPIRES,
          school: s.context.school,
        });
        expect(Object.keys(pending)).toEqual([]);
        // A school admin held to set up two-factor sign-in is sent to it, until the screen says it is on.
        expect(s.context.twoFactorSetupRequired === true).toBe(
          account.profile.two_factor_setup_required === true && !twoFactorTurnedOn,
        );
        // Only a viewer may hold (and choose) a school.
        const viewer = account.userType === 6;
        expect(s.can({ type: 'session.chooseSchool', school: SCHOOL })).toBe(viewer);
        if (!viewer) expect(s.context.school).toBeNull();
        else expect([null, SCHOOL]).toContainEqual(s.context.school);
      },
      signingOut: () => {
        const s = real();
        expect(s.value).toBe('signingOut');
        expect(s.hasTag('busy')).toBe(true);
        // Forgotten locally at once, whatever the server answers.
        expect(storage.current).toBeNull();
        expect(calls.logout.at(-1)).toBe('logout');
        expect(Object.keys(pending)).toEqual(['logout']);
      },
    },
  };
}

// ---- generated path tests ---------------------------------------------------------------------

const model = asModel(sessionMachine);

const LEAF_STATES = [
  'signedOut',
  'expired',
  'signingIn.authenticating',
  'signingIn.loadingProfile',
  'needsCode',
  'restoring',
  'signedIn',
  'signingOut',
];

function stateName(value: unknown): string {
  return typeof value === 'string'
    ? value
    : Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}.${stateName(v)}`)
        .join(',');
}

/** A short, readable name: the events taken and the state reached. */
function nameOf(path: { steps: Array<{ event: ModelEvent }>; state: Snap }): string {
  const short = (e: ModelEvent) => {
    const outcome = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(e.type);
    if (!outcome) return e.type.replace('session.', '');
    const [, kind, actor] = outcome;
    if (kind === 'error') {
      const err = e.error as { status: number; code: string };
      return `${actor}✗${err.status}${err.code.startsWith('otp_') ? ` ${err.code}` : ''}`;
    }
    const out = e.output as { user_type_id?: number; user_type?: number } | undefined;
    const type = out?.user_type_id ?? out?.user_type;
    return `${actor}✓${type ? `(type ${type})` : ''}`;
  };
  const events = path.steps.map((step) => short(step.event)).filter((e) => e !== 'xstate.init');
  const ctx = path.state.context;
  const facts = [
    ctx.userType && `type ${ctx.userType}`,
    ctx.school && 'school',
    ctx.returnTo && `returnTo ${ctx.returnTo}`,
    ctx.message && `"${ctx.message}"`,
  ]
    .filter(Boolean)
    .join(', ');
  return `${stateName(path.state.value)}${facts ? ` (${facts})` : ''} via ${events.join(' → ') || 'start'}`;
}

const starts: Array<{ name: string; input: SessionInput }> = [
  { name: 'no saved sign-in', input: { stored: null } },
  { name: 'a saved sign-in', input: { stored: SAVED } },
];

for (const start of starts) {
  describe(`shortest paths to every session state, starting with ${start.name}`, () => {
    const testModel = createTestModel(model, { events: eventsFor as never, input: start.input });
    const paths = testModel.getShortestPaths();

    it('visits every state of the machine', () => {
      const reached = new Set(
        paths.flatMap((p) => [p.state, ...p.steps.map((s) => s.state)]).map((s) => stateName(s.value)),
      );
      expect([...reached].sort()).toEqual([...LEAF_STATES].sort());
    });

    for (const path of paths) {
      it(nameOf(path as never), async () => {
        const session = startSession(start.input);
        await path.test(replay(session) as never);
        session.actor.stop();
      });
    }
  });
}

describe('simple paths: every loop-free way a sign-in can fail', () => {
  // A smaller alphabet keeps loop-free paths countable: the form, the server's answers, logout.
  const formEvents = (state: Snap) => {
    const own = new Set(__unsafe_getAllOwnEventDescriptors(state));
    return eventsFor(state).filter(
      (e) =>
        own.has(e.type) &&
        (['session.login', 'session.logout', 'session.expired'].includes(e.type) ||
          // The code step has its own shortest paths and examples; here it would multiply the count.
          (e.type.startsWith('xstate.') &&
            ![OTP_ASKED, OTP_WRONG].includes(e.error as typeof OTP_ASKED) &&
            // The held admin has its own shortest paths; here it would multiply the count.
            e.output !== HELD_LOGIN)),
    );
  };
  const testModel = createTestModel(model, { events: eventsFor as never, input: { stored: null } });
  // Events given here replace the model's own list outright (no bare `{ type }` fill-ins).
  const paths = testModel.getSimplePaths({
    events: formEvents as never,
    toState: (s) => s.matches('signedOut') && s.context.message !== null,
  });

  it('covers every way the sign-in screen can report a failure', () => {
    const messages = new Set(paths.map((p) => p.state.context.message));
    expect([...messages].sort()).toEqual(
      [
        WRONG.message,
        UNSUPPORTED_ACCOUNT_MESSAGE,
        REFUSED.message,
        OFFLINE.message,
        PROFILE_MISMATCH_MESSAGE,
        LOGOUT_UNCONFIRMED_MESSAGE,
      ].sort(),
    );
  });

  for (const path of paths) {
    it(nameOf(path as never), async () => {
      const session = startSession({ stored: null });
      await path.test(replay(session) as never);
      session.actor.stop();
    });
  }
});

// ---- ordinary examples --------------------------------------------------------------------------

describe('session examples', () => {
  async function signIn(session: Session, output = TEACHER_LOGIN) {
    session.actor.send(LOGIN);
    await session.settle('login', 'resolve', output);
    await session.settle('fetchMe', 'resolve', PROFILES[output.user_type_id]);
  }

  it('a 401 while signed in ends the session, keeps where the user was, and returns there after signing in', async () => {
    const session = startSession({ stored: null });
    await signIn(session);
    expect(session.actor.getSnapshot().value).toBe('signedIn');

    session.actor.send({ type: 'session.expired', returnTo: '/teacherprofile?tab=contact' });
    let s = session.actor.getSnapshot();
    expect(s.value).toBe('expired');
    expect(s.context.message).toBe('Your session has ended. Please sign in again.');
    expect(s.context.returnTo).toBe('/teacherprofile?tab=contact');
    expect(s.context.sessionKey).toBeNull();
    expect(s.context.userCode).toBe('T-1001');
    expect(session.storage.current).toBeNull();

    await signIn(session);
    s = session.actor.getSnapshot();
    expect(s.value).toBe('signedIn');
    expect(s.context.returnTo).toBe('/teacherprofile?tab=contact');
    expect(s.context.message).toBeNull();
    expect(session.calls.login).toHaveLength(2);

    session.actor.send({ type: 'session.landed' });
    expect(session.actor.getSnapshot().context.returnTo).toBeNull();
  });

  it('a failed sign-in shows the server message and keeps the wanted page', async () => {
    const session = startSession({ stored: null });
    session.actor.send({ type: 'session.remember', returnTo: '/routine' });
    session.actor.send(LOGIN);
    await session.settle('login', 'reject', WRONG);
    const s = session.actor.getSnapshot();
    expect(s.value).toBe('signedOut');
    expect(s.context.message).toBe('Wrong user id or password.');
    expect(s.context.returnTo).toBe('/routine');
    expect(session.calls.fetchMe).toHaveLength(0);
  });

  it('two-factor: the code is asked for, a wrong one says so, the right one signs in with the same password', async () => {
    const session = startSession({ stored: null });
    session.actor.send({ type: 'session.remember', returnTo: '/schoolprofile' });
    session.actor.send(LOGIN);
    await session.settle('login', 'reject', OTP_ASKED);
    let s = session.actor.getSnapshot();
    expect(s.value).toBe('needsCode');
    expect(s.context.codeError).toEqual({ code: 'otp_required', message: OTP_ASKED.message });

    session.actor.send({ type: 'session.code', otp: '000000' });
    expect(session.calls.login.at(-1)).toEqual({ user_code: 'T-1001', password: 'secret', otp: '000000' });
    await session.settle('login', 'reject', OTP_WRONG);
    s = session.actor.getSnapshot();
    expect(s.value).toBe('needsCode');
    expect(s.context.codeError).toEqual({ code: 'otp_invalid', message: OTP_WRONG.message });

    session.actor.send({ type: 'session.code', otp: 'ABCDE-FGHJK' });
    expect(session.calls.login.at(-1)).toEqual({ user_code: 'T-1001', password: 'secret', otp: 'ABCDE-FGHJK' });
    await session.settle('login', 'resolve', TEACHER_LOGIN);
    await session.settle('fetchMe', 'resolve', TEACHER);
    s = session.actor.getSnapshot();
    expect(s.value).toBe('signedIn');
    expect(s.context.credentials).toBeNull();
    expect(s.context.returnTo).toBe('/schoolprofile');
    expect(JSON.stringify(session.storage.current)).not.toContain('secret');
    expect(session.calls.login).toHaveLength(3);
  });

  it('two-factor: "use another account" drops the typed password; a refusal other than the code ends the step', async () => {
    const session = startSession({ stored: null });
    session.actor.send(LOGIN);
    await session.settle('login', 'reject', OTP_ASKED);
    session.actor.send(CANCEL_CODE);
    let s = session.actor.getSnapshot();
    expect(s.value).toBe('signedOut');
    expect(s.context.credentials).toBeNull();
    expect(s.context.message).toBeNull();

    session.actor.send(LOGIN);
    await session.settle('login', 'reject', OTP_ASKED);
    session.actor.send(CODE);
    await session.settle('login', 'reject', WRONG);
    s = session.actor.getSnapshot();
    expect(s.value).toBe('signedOut');
    expect(s.context.message).toBe(WRONG.message);
    expect(s.context.credentials).toBeNull();
    expect(s.context.codeError).toBeNull();
  });

  it('logging out forgets the saved sign-in at once, even when the server does not answer', async () => {
    const session = startSession({ stored: null });
    await signIn(session);
    expect(session.storage.current?.user_code).toBe('T-1001');

    session.actor.send({ type: 'session.logout' });
    expect(session.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(session.storage.current).toBeNull();
    expect(session.calls.logout).toEqual(['logout']);

    await session.settle('logout', 'reject', OFFLINE);
    const s = session.actor.getSnapshot();
    expect(s.value).toBe('signedOut');
    expect(s.context.sessionKey).toBeNull();
    expect(s.context.profile).toBeNull();
    // Not silently: the sign-in screen says the server never confirmed it.
    expect(s.context.message).toBe(
      'You are signed out on this device, but the server did not confirm it. On a shared computer, close the browser.',
    );
  });

  it('keeps no token: the sign-in answer’s accessToken is neither in the context nor saved', async () => {
    const session = startSession({ stored: null });
    await signIn(session);
    const s = session.actor.getSnapshot();
    expect(s.value).toBe('signedIn');
    expect(JSON.stringify(s.context)).not.toContain(TEACHER_LOGIN.accessToken);
    expect(JSON.stringify(session.storage.current)).not.toContain(TEACHER_LOGIN.accessToken);
    expect(session.storage.current).not.toHaveProperty('accessToken');
  });

  it('a saved sign-in is used only after the server confirms it', async () => {
    const session = startSession({ stored: SAVED });
    expect(session.actor.getSnapshot().value).toBe('restoring');
    expect(session.calls.fetchMe).toEqual([{ user_code: 'T-1001', user_type: 2 }]);
    await session.settle('fetchMe', 'resolve', TEACHER);
    const s = session.actor.getSnapshot();
    expect(s.value).toBe('signedIn');
    expect(s.context.profile?.teacher_code).toBe('T-1001');
  });

  it('a refused saved token is forgotten; an unreachable server keeps it for the next try', async () => {
    const refused = startSession({ stored: SAVED });
    await refused.settle('fetchMe', 'reject', REFUSED);
    expect(refused.actor.getSnapshot().value).toBe('signedOut');
    expect(refused.actor.getSnapshot().context.message).toBe(SESSION_ENDED_MESSAGE);
    expect(refused.storage.clears).toBe(1);
    expect(refused.storage.current).toBeNull();

    const offline = startSession({ stored: SAVED });
    await offline.settle('fetchMe', 'reject', OFFLINE);
    expect(offline.actor.getSnapshot().value).toBe('signedOut');
    expect(offline.actor.getSnapshot().context.sessionKey).toBeNull();
    expect(offline.storage.clears).toBe(0);
    expect(offline.storage.current).toEqual(SAVED);
  });

  it('only a viewer can choose a school, and the choice is saved', async () => {
    const viewer = startSession({ stored: null });
    await signIn(viewer, VIEWER_LOGIN);
    viewer.actor.send({ type: 'session.chooseSchool', school: SCHOOL });
    expect(viewer.actor.getSnapshot().context.school).toEqual(SCHOOL);
    expect(viewer.storage.current).toEqual({
      user_type: 6,
      user_code: 'V-9',
      expires_at: EXPIRES,
      school: SCHOOL,
    });

    const teacher = startSession({ stored: null });
    await signIn(teacher);
    expect(teacher.actor.getSnapshot().can({ type: 'session.chooseSchool', school: SCHOOL })).toBe(false);
    teacher.actor.send({ type: 'session.chooseSchool', school: SCHOOL });
    expect(teacher.actor.getSnapshot().context.school).toBeNull();
  });

  it('only remembers in-app pages other than sign-in', () => {
    expect(safeReturnTo('/teacher-admin')).toBe('/teacher-admin');
    expect(safeReturnTo('/show-notice?type=2')).toBe('/show-notice?type=2');
    expect(safeReturnTo('//evil.example/x')).toBeNull();
    expect(safeReturnTo('https://evil.example/')).toBeNull();
    expect(safeReturnTo('/login')).toBeNull();
    expect(safeReturnTo('/LOGIN/')).toBeNull();
    expect(safeReturnTo('/')).toBeNull();
    expect(safeReturnTo(null)).toBeNull();
  });
});
