/**
 * The app's session lives in an HttpOnly, SameSite=Strict cookie set by sign-in and cleared by
 * sign-out (no script on the page can read it); a write authenticated by the cookie must carry the
 * X-Requested-With header (another site's page cannot add it); bearer tokens stay valid for API
 * clients, without that header.
 */
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  // The test's requests come from 127.0.0.1: trusting it lets a request say it came over https.
  t = await createTestApp({ TRUST_PROXY: ['127.0.0.1'] });
});
afterAll(() => t.close());

const signIn = (headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    headers,
    payload: { user_code: 'teacher1', password: DEMO_PASSWORD },
  });

function sessionCookieOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const all = (Array.isArray(raw) ? raw : [raw]).filter((c): c is string => typeof c === 'string');
  const found = all.find((c) => c.startsWith('pathshala_session='));
  if (!found) throw new Error(`no session cookie in ${JSON.stringify(raw)}`);
  return found;
}
const valueOf = (cookie: string) => cookie.split(';')[0].slice('pathshala_session='.length);
const attributes = (cookie: string) =>
  cookie
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

describe('signing in sets the session cookie', () => {
  it('HttpOnly, SameSite=Strict, for the API, lasting as long as the session; not Secure on plain http', async () => {
    const res = await signIn();
    expect(res.statusCode, res.body).toBe(200);
    const cookie = sessionCookieOf(res);
    const attrs = attributes(cookie);
    expect(attrs).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api']));
    // The session's 12 hours (SESSION_TTL_HOURS), less the moment the sign-in took.
    const maxAge = Number(attrs.find((a) => a.startsWith('max-age='))?.slice('max-age='.length));
    expect(maxAge).toBeGreaterThan(12 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(12 * 3600);
    expect(attrs).not.toContain('secure');
    // API clients still get the token in the answer, as a bearer token to send.
    expect(valueOf(cookie)).toBe(res.json().accessToken);
  });

  it('Secure when the request came over https (through a trusted proxy)', async () => {
    const cookie = sessionCookieOf(await signIn({ 'x-forwarded-proto': 'https' }));
    expect(attributes(cookie)).toContain('secure');
  });

  it('a wrong password sets no cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { user_code: 'teacher1', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('requests signed in by the cookie', () => {
  let cookie: string;
  let token: string;
  beforeAll(async () => {
    const res = await signIn();
    token = valueOf(sessionCookieOf(res));
    cookie = `pathshala_session=${token}`;
  });

  const cases: {
    name: string;
    method: 'GET' | 'PUT';
    auth: 'cookie' | 'bearer';
    proof: boolean;
    status: number;
    code?: string;
  }[] = [
    { name: 'a read by the cookie', method: 'GET', auth: 'cookie', proof: false, status: 200 },
    {
      name: 'a write by the cookie without the header',
      method: 'PUT',
      auth: 'cookie',
      proof: false,
      status: 403,
      code: 'csrf_header_missing',
    },
    { name: 'a write by the cookie with the header', method: 'PUT', auth: 'cookie', proof: true, status: 200 },
    { name: 'a write by a bearer token, no header', method: 'PUT', auth: 'bearer', proof: false, status: 200 },
  ];

  it.each(cases)('$name: $status', async ({ method, auth, proof, status, code }) => {
    const headers: Record<string, string> = auth === 'cookie' ? { cookie } : { authorization: `Bearer ${token}` };
    if (proof) headers['x-requested-with'] = 'pathshala';
    const res =
      method === 'GET'
        ? await t.app.inject({ method, url: '/api/users/user_id', headers })
        : await t.app.inject({ method, url: '/api/users/language', headers, payload: { language: 'en' } });
    expect(res.statusCode, res.body).toBe(status);
    if (code) expect(res.json().error.code).toBe(code);
  });

  it('another cookie of the same name that is no token is not a session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/user_id',
      headers: { cookie: 'pathshala_session=not a token' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('signing out', () => {
  it('clears the cookie and ends the session; a stale cookie is cleared too', async () => {
    const token = valueOf(sessionCookieOf(await signIn()));
    const cookie = `pathshala_session=${token}`;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/logout',
      headers: { cookie, 'x-requested-with': 'pathshala' },
    });
    expect(out.statusCode, out.body).toBe(200);
    const cleared = sessionCookieOf(out);
    expect(valueOf(cleared)).toBe('');
    expect(attributes(cleared)).toEqual(expect.arrayContaining(['max-age=0', 'path=/api']));

    const after = await t.app.inject({ method: 'GET', url: '/api/users/user_id', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(attributes(sessionCookieOf(after))).toContain('max-age=0');
    const byBearer = await t.app.inject({
      method: 'GET',
      url: '/api/users/user_id',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byBearer.statusCode).toBe(401);
  });
});
