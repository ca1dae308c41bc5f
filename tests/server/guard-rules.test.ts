/**
 * The permission guard's rules (server/auth/guard.ts) on a bare Fastify app with the guard and a
 * few routes, sessions looked up in a fixed table instead of the database: who is refused, with
 * which status and code, and what happens to the sign-in cookie. Each row of the tables states
 * its expected answer literally. No database: this runs once per mutant in `npm run mutate`
 * (docs/testing.md); the guard on the real routes is covered by route-guard.test.ts and auth.test.ts.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Action } from '@/api/permissions';
import { ApiError } from '@server/errors';
import type { AuthContext } from '@server/auth/sessions';
import {
  authOf,
  bearerToken,
  clearSessionCookie,
  cookieToken,
  guardPlugin,
  isForbiddenWrite,
  setSessionCookie,
} from '@server/auth/guard';

const account = (userType: AuthContext['userType'], extra: Partial<AuthContext> = {}): AuthContext => ({
  sessionId: userType,
  userId: 100 + userType,
  userType,
  userCode: `user${userType}`,
  schoolId: 1,
  ...extra,
});

/** Tokens are base64url of 20 to 200 characters. */
const TOKENS = {
  student: 'student_token_aaaaaaaaaaaa',
  teacher: 'teacher_token_bbbbbbbbbbbb',
  viewer: 'viewer-token-cccccccccccc',
  newPassword: 'onetime-token-dddddddddddd',
  noSecondFactor: 'admin-token-eeeeeeeeeeeeee',
  ended: 'ended-token-ffffffffffffff',
} as const;

const SESSIONS: Record<string, AuthContext> = {
  [TOKENS.student]: account(1),
  [TOKENS.teacher]: account(2),
  [TOKENS.viewer]: account(6),
  [TOKENS.newPassword]: account(2, { mustChangePassword: true }),
  [TOKENS.noSecondFactor]: account(4, { twoFactorSetupRequired: true }),
};

vi.mock('@server/auth/sessions', () => ({
  findSession: async (_db: unknown, token: string) => SESSIONS[token] ?? null,
}));

/**
 * The app with the guard, built by the first call that needs it and shared after. Not in a
 * `beforeAll`: a mutant that makes the plugin's registration fail must fail the tests, and tests
 * skipped for a failed `beforeAll` count as "not failed" in Stryker's vitest runner (docs/testing.md,
 * "Surviving mutants"). Stryker charges the registration to the one test that happened to build
 * the shared app; "the plugin" test below builds its own, so that it always runs for those mutants.
 */
let built: Promise<FastifyInstance> | undefined;
const guardedApp = () => (built ??= buildGuardedApp());

async function buildGuardedApp(): Promise<FastifyInstance> {
  const app = Fastify();
  app.decorate('db', {} as never);
  app.decorate('config', { SESSION_COOKIE_SECURE: 'auto' } as never);
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof ApiError) return reply.code(err.statusCode).send(err.toBody());
    return reply.code(500).send({ error: { code: 'unexpected' } });
  });
  await app.register(guardPlugin);
  const who = async (req: FastifyRequest) => ({ user: authOf(req).userCode });
  const route = (method: 'GET' | 'POST', url: string, config: Record<string, unknown>) =>
    app.route({ method, url, config, handler: who });
  // What a public route's handler sees of the caller: `req.auth` is null (no session looked up).
  app.get('/api/open', { config: { public: true } }, async (req) => ({ open: true, auth: req.auth }));
  app.get('/api/undeclared', async () => ({ reached: true }));
  app.get('/outside', async () => ({ outside: true }));
  route('GET', '/api/profile', { action: 'teacher.profile' });
  route('POST', '/api/profile', { action: 'teacher.profile' });
  route('POST', '/api/safe', { action: 'teacher.profile', readOnlySafe: true });
  route('GET', '/api/me', { action: 'users.me' });
  route('POST', '/api/logout', { action: 'users.logout' });
  route('POST', '/api/password', { action: 'users.password' });
  route('POST', '/api/language', { action: 'users.language' });
  route('POST', '/api/two-factor', { action: 'users.two-factor' });
  await app.ready();
  return app;
}

afterAll(async () => {
  if (built) await (await built).close();
});

type Call = { method: 'GET' | 'POST'; url: string; bearer?: string; cookie?: string; csrf?: boolean };

async function call({ method, url, bearer, cookie, csrf }: Call) {
  const headers: Record<string, string> = {};
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  if (cookie) headers.cookie = cookie;
  if (csrf) headers['x-requested-with'] = 'pathshala';
  const res = await (await guardedApp()).inject({ method, url, headers });
  const body = res.json() as { user?: string; error?: { code: string; message: string } };
  return { status: res.statusCode, code: body.error?.code ?? null, body, setCookie: res.headers['set-cookie'] ?? null };
}

describe('the plugin', () => {
  it('gives every request `auth` (null until a session is found) and guards the /api routes', async () => {
    const app = await buildGuardedApp();
    try {
      const open = await app.inject({
        method: 'GET',
        url: '/api/open',
        headers: { authorization: `Bearer ${TOKENS.teacher}` },
      });
      expect(open.json()).toEqual({ open: true, auth: null });
      const guarded = await app.inject({ method: 'GET', url: '/api/profile' });
      expect({ status: guarded.statusCode, code: guarded.json().error.code }).toEqual({
        status: 401,
        code: 'unauthorized',
      });
    } finally {
      await app.close();
    }
  });
});

describe('who gets through', () => {
  const cases: [string, Call, number, string | null][] = [
    ['a public route, no session', { method: 'GET', url: '/api/open' }, 200, null],
    ['a path outside /api, no session', { method: 'GET', url: '/outside' }, 200, null],
    ['a route that declares no permission', { method: 'GET', url: '/api/undeclared' }, 500, 'route_without_action'],
    ['no session', { method: 'GET', url: '/api/profile' }, 401, 'unauthorized'],
    ['an ended session', { method: 'GET', url: '/api/profile', bearer: TOKENS.ended }, 401, 'unauthorized'],
    [
      'a student, a teachers-only read',
      { method: 'GET', url: '/api/profile', bearer: TOKENS.student },
      403,
      'forbidden_role',
    ],
    ['a teacher, a teachers-only read', { method: 'GET', url: '/api/profile', bearer: TOKENS.teacher }, 200, null],
    ['a teacher, a write by bearer', { method: 'POST', url: '/api/profile', bearer: TOKENS.teacher }, 200, null],
    ['a viewer, a read', { method: 'GET', url: '/api/profile', bearer: TOKENS.viewer }, 200, null],
    ['a viewer, a write', { method: 'POST', url: '/api/profile', bearer: TOKENS.viewer }, 403, 'read_only_account'],
    ['a viewer, a read-only-safe write', { method: 'POST', url: '/api/safe', bearer: TOKENS.viewer }, 200, null],
    ['a viewer, signing out', { method: 'POST', url: '/api/logout', bearer: TOKENS.viewer }, 200, null],
    [
      'one-time password, profile',
      { method: 'GET', url: '/api/profile', bearer: TOKENS.newPassword },
      403,
      'password_change_required',
    ],
    ['one-time password, me', { method: 'GET', url: '/api/me', bearer: TOKENS.newPassword }, 200, null],
    ['one-time password, password', { method: 'POST', url: '/api/password', bearer: TOKENS.newPassword }, 200, null],
    ['one-time password, language', { method: 'POST', url: '/api/language', bearer: TOKENS.newPassword }, 200, null],
    ['one-time password, sign out', { method: 'POST', url: '/api/logout', bearer: TOKENS.newPassword }, 200, null],
    [
      'one-time password, two-factor',
      { method: 'POST', url: '/api/two-factor', bearer: TOKENS.newPassword },
      403,
      'password_change_required',
    ],
    [
      'no second factor yet, profile',
      { method: 'GET', url: '/api/profile', bearer: TOKENS.noSecondFactor },
      403,
      'two_factor.setup_required',
    ],
    [
      'no second factor yet, two-factor',
      { method: 'POST', url: '/api/two-factor', bearer: TOKENS.noSecondFactor },
      200,
      null,
    ],
    ['no second factor yet, me', { method: 'GET', url: '/api/me', bearer: TOKENS.noSecondFactor }, 200, null],
    [
      'no second factor yet, password',
      { method: 'POST', url: '/api/password', bearer: TOKENS.noSecondFactor },
      200,
      null,
    ],
    [
      'no second factor yet, language',
      { method: 'POST', url: '/api/language', bearer: TOKENS.noSecondFactor },
      200,
      null,
    ],
    [
      'no second factor yet, sign out',
      { method: 'POST', url: '/api/logout', bearer: TOKENS.noSecondFactor },
      200,
      null,
    ],
  ];
  it.each(cases)('%s: %s', async (_name, req, status, code) => {
    const res = await call(req);
    expect({ status: res.status, code: res.code }).toEqual({ status, code });
  });

  it('the handler sees the session of the token', async () => {
    expect((await call({ method: 'GET', url: '/api/profile', bearer: TOKENS.teacher })).body).toEqual({
      user: 'user2',
    });
  });

  it('says why in words', async () => {
    const messages = await Promise.all([
      call({ method: 'GET', url: '/api/profile' }),
      call({ method: 'GET', url: '/api/profile', bearer: TOKENS.ended }),
      call({ method: 'GET', url: '/api/profile', bearer: TOKENS.student }),
      call({ method: 'POST', url: '/api/profile', bearer: TOKENS.viewer }),
      call({ method: 'GET', url: '/api/profile', bearer: TOKENS.newPassword }),
      call({ method: 'GET', url: '/api/profile', bearer: TOKENS.noSecondFactor }),
      call({ method: 'POST', url: '/api/profile', cookie: `pathshala_session=${TOKENS.teacher}` }),
      call({ method: 'GET', url: '/api/undeclared' }),
    ]);
    expect(messages.map((r) => r.body.error?.message)).toEqual([
      'Please sign in to continue.',
      'Your session has ended. Please sign in again.',
      'Your account type cannot do this.',
      'Your account can only read.',
      'Choose your own password first.',
      'Your account must use two-factor sign-in: set it up first.',
      'This request must come from the app itself (the X-Requested-With header is missing).',
      'This route declares no permission.',
    ]);
  });
});

describe('the sign-in cookie', () => {
  const cookie = (token: string) => `theme=dark; pathshala_session=${token}`;

  it('a read by cookie needs no extra header', async () => {
    const res = await call({ method: 'GET', url: '/api/profile', cookie: cookie(TOKENS.teacher) });
    expect(res.status).toBe(200);
  });

  it('a write by cookie must carry X-Requested-With; by bearer it need not', async () => {
    const without = await call({ method: 'POST', url: '/api/profile', cookie: cookie(TOKENS.teacher) });
    expect({ status: without.status, code: without.code }).toEqual({ status: 403, code: 'csrf_header_missing' });
    const withHeader = await call({ method: 'POST', url: '/api/profile', cookie: cookie(TOKENS.teacher), csrf: true });
    expect(withHeader.status).toBe(200);
    const bearer = await call({ method: 'POST', url: '/api/profile', bearer: TOKENS.teacher });
    expect(bearer.status).toBe(200);
  });

  it('a cookie whose session ended is cleared; an ended bearer token leaves cookies alone', async () => {
    const byCookie = await call({ method: 'GET', url: '/api/profile', cookie: cookie(TOKENS.ended) });
    expect(byCookie.status).toBe(401);
    expect(byCookie.setCookie).toBe('pathshala_session=; Path=/api; Max-Age=0; HttpOnly; SameSite=Strict');
    const byBearer = await call({ method: 'GET', url: '/api/profile', bearer: TOKENS.ended });
    expect(byBearer.status).toBe(401);
    expect(byBearer.setCookie).toBeNull();
  });

  it('the bearer token wins over the cookie', async () => {
    const res = await call({
      method: 'GET',
      url: '/api/profile',
      bearer: TOKENS.student,
      cookie: cookie(TOKENS.teacher),
    });
    expect(res.code).toBe('forbidden_role');
  });
});

describe('reading the token', () => {
  const req = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;

  it('bearer: the scheme in any case, one token, nothing else', () => {
    expect(bearerToken(req({ authorization: 'Bearer abc' }))).toBe('abc');
    expect(bearerToken(req({ authorization: 'bearer   abc' }))).toBe('abc');
    expect(bearerToken(req({ authorization: 'BEARER abc' }))).toBe('abc');
    expect(bearerToken(req({ authorization: 'Basic abc' }))).toBeNull();
    expect(bearerToken(req({ authorization: 'Bearer abc def' }))).toBeNull();
    expect(bearerToken(req({ authorization: 'xBearer abc' }))).toBeNull();
    expect(bearerToken(req({ authorization: 'Bearer ' }))).toBeNull();
    expect(bearerToken(req({}))).toBeNull();
  });

  it('cookie: only pathshala_session, only a base64url token of 20 to 200 characters', () => {
    const t20 = 'a'.repeat(20);
    expect(cookieToken(req({ cookie: `pathshala_session=${t20}` }))).toBe(t20);
    expect(cookieToken(req({ cookie: `a=1;  pathshala_session = ${t20} ; b=2` }))).toBe(t20);
    expect(cookieToken(req({ cookie: `flag; pathshala_session=${t20}` }))).toBe(t20);
    // A part without '=' is skipped, even one that is the cookie's name and one character more.
    expect(cookieToken(req({ cookie: `pathshala_sessionX; pathshala_session=${t20}` }))).toBe(t20);
    expect(cookieToken(req({ cookie: `my_pathshala_session=${t20}` }))).toBeNull();
    expect(cookieToken(req({ cookie: `pathshala_session=${'a'.repeat(19)}` }))).toBeNull();
    expect(cookieToken(req({ cookie: `pathshala_session=${'a'.repeat(200)}` }))).toBe('a'.repeat(200));
    expect(cookieToken(req({ cookie: `pathshala_session=${'a'.repeat(201)}` }))).toBeNull();
    expect(cookieToken(req({ cookie: `pathshala_session=${t20}!` }))).toBeNull();
    expect(cookieToken(req({ cookie: `pathshala_session=x${t20}=` }))).toBeNull();
    expect(cookieToken(req({ cookie: 'theme=dark' }))).toBeNull();
    expect(cookieToken(req({}))).toBeNull();
  });
});

describe('the cookie sent back', () => {
  const fake = (secure: 'auto' | 'always', protocol: 'http' | 'https') => {
    const headers: Record<string, string> = {};
    const req = { server: { config: { SESSION_COOKIE_SECURE: secure } }, protocol } as unknown as FastifyRequest;
    const reply = {
      header: (name: string, value: string) => {
        headers[name] = value;
      },
    } as unknown as FastifyReply;
    return { req, reply, headers };
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  it('lasts as long as the session, whole seconds rounded up', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00.000Z') });
    const f = fake('auto', 'http');
    setSessionCookie(f.req, f.reply, 'tok', new Date('2026-03-01T12:00:00.500Z'));
    expect(f.headers['set-cookie']).toBe('pathshala_session=tok; Path=/api; Max-Age=7201; HttpOnly; SameSite=Strict');
  });

  it('an already ended session gets Max-Age=0', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00.000Z') });
    const f = fake('auto', 'http');
    setSessionCookie(f.req, f.reply, 'tok', new Date('2026-03-01T09:00:00.000Z'));
    expect(f.headers['set-cookie']).toBe('pathshala_session=tok; Path=/api; Max-Age=0; HttpOnly; SameSite=Strict');
  });

  it('is Secure over https or when the operator says always', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00.000Z') });
    const until = new Date('2026-03-01T10:01:00.000Z');
    const https = fake('auto', 'https');
    setSessionCookie(https.req, https.reply, 'tok', until);
    expect(https.headers['set-cookie']).toBe(
      'pathshala_session=tok; Path=/api; Max-Age=60; HttpOnly; SameSite=Strict; Secure',
    );
    const always = fake('always', 'http');
    clearSessionCookie(always.req, always.reply);
    expect(always.headers['set-cookie']).toBe(
      'pathshala_session=; Path=/api; Max-Age=0; HttpOnly; SameSite=Strict; Secure',
    );
    const plain = fake('auto', 'http');
    clearSessionCookie(plain.req, plain.reply);
    expect(plain.headers['set-cookie']).toBe('pathshala_session=; Path=/api; Max-Age=0; HttpOnly; SameSite=Strict');
  });
});

describe('read-only accounts', () => {
  const V = 6;
  it.each([
    ['GET', {}, false],
    ['get', {}, false],
    ['HEAD', {}, false],
    ['OPTIONS', {}, false],
    ['options', {}, false],
    ['POST', {}, true],
    ['post', {}, true],
    ['PUT', { action: 'teacher.profile' }, true],
    ['DELETE', { action: 'teacher.profile' }, true],
    ['POST', { readOnlySafe: true }, false],
    ['POST', { action: 'users.logout' }, false],
    ['POST', { action: 'users.language' }, true],
  ] as [string, { action?: Action; readOnlySafe?: boolean }, boolean][])(
    'a viewer %s %j is a forbidden write: %s',
    (method, config, forbidden) => {
      expect(isForbiddenWrite(V, method, config)).toBe(forbidden);
    },
  );

  it('other account types are never refused as read-only', () => {
    for (const type of [1, 2, 3, 4, 5] as const) expect(isForbiddenWrite(type, 'POST', {})).toBe(false);
  });
});

describe('authOf', () => {
  it('refuses a request without a session with 401', () => {
    expect(() => authOf({ auth: null } as unknown as FastifyRequest)).toThrow(
      expect.objectContaining({ statusCode: 401, code: 'unauthorized' }),
    );
  });
});
