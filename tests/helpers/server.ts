/** A real app on a fresh seeded database, driven through inject(). */
import { buildApp } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { freshDb } from './test-db';

export const DEMO_PASSWORD = 'demo1234';

export interface TestApp {
  app: FastifyInstance;
  db: FastifyInstance['db'];
  /** Sign in a demo account and return its bearer token (cached per user code). */
  token(userCode: string): Promise<string>;
  /** inject() with the user's token (or none when `as` is null). */
  call(as: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  get(as: string | null, url: string): Promise<LightMyRequestResponse>;
  post(as: string | null, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** `namedDays`: on a copy of the template seeded on SEEDED_TODAY (tests/helpers/test-db.ts). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  opts: { namedDays?: boolean } = {},
): Promise<TestApp> {
  const handle = await freshDb(opts);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: '' }), ...overrides };
  const app = await buildApp(config, handle);
  await app.ready();
  // One sign-in per user however many calls ask at once (the limiter checks one sign-in of an
  // account at a time and answers the others 429, as a real client signing in twice at once would get).
  const tokens = new Map<string, Promise<string>>();
  const signIn = async (userCode: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { user_code: userCode, password: DEMO_PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login ${userCode} failed: ${res.statusCode} ${res.body}`);
    return res.json().accessToken as string;
  };
  const token = (userCode: string) => {
    let t = tokens.get(userCode);
    if (!t) {
      t = signIn(userCode);
      t.catch(() => tokens.delete(userCode));
      tokens.set(userCode, t);
    }
    return t;
  };
  const call = async (as: string | null, opts: InjectOptions) => {
    const headers = { ...(opts.headers ?? {}) } as Record<string, string>;
    if (as) headers.authorization = `Bearer ${await token(as)}`;
    // Tests change the database directly between calls; the process's caches learn of it by
    // notification, which a real client's next request would never outrun: wait for it here.
    await app.hotCache.sync();
    return app.inject({ ...opts, headers });
  };
  return {
    app,
    db: app.db,
    token,
    call,
    get: (as, url) => call(as, { method: 'GET', url }),
    post: (as, url, payload) => call(as, { method: 'POST', url, payload: payload as InjectOptions['payload'] }),
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
