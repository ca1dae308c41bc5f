/**
 * The API outlives its database. An app reaches its database through a TCP relay that the test cuts
 * and restores, as a restart of PostgreSQL (or a lost network) would: while it is cut, requests are
 * answered 503 with Retry-After and the project's JSON error (never 500, never a hang), /api/health
 * says 503, and nothing is thrown in the process; once it is back, the same app serves again on its
 * own. A connection checked out of the pool (a transaction under way) that loses its server does
 * not end the process either.
 */
import net from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import { buildApp, type App } from '@server/app';
import { loadConfig } from '@server/config';
import { fromPostgres, waitForDatabase, type DbHandle } from '@server/db/client';
import { isDatabaseUnavailable } from '@server/errors';
import { freshDb } from '../helpers/test-db';
import { DEMO_PASSWORD } from '../helpers/server';

/** A TCP relay to the test database that can be cut (every connection dropped, the port closed) and restored. */
class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(
    private readonly host: string,
    private readonly target: number,
  ) {}

  open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target, this.host);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ]) {
        this.sockets.add(a);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          this.sockets.delete(a);
          b.destroy();
        });
        a.pipe(b);
      }
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

const until = async (what: string, test: () => Promise<boolean> | boolean, ms = 15_000) => {
  const started = Date.now();
  while (!(await test())) {
    if (Date.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

let direct: DbHandle;
let relayed: DbHandle;
let relay: Relay;
let app: App;
let token: string;
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  direct = await freshDb();
  const url = new URL(direct.url);
  relay = new Relay(url.hostname, Number(url.port || 5432));
  await relay.open();
  url.hostname = '127.0.0.1';
  url.port = String(relay.port);
  relayed = fromPostgres(url.toString());
  app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: '' }), relayed);
  await app.ready();
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { user_code: 'student1', password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  token = res.json().accessToken;
});

afterAll(async () => {
  process.removeListener('uncaughtException', onUncaught);
  await app?.close();
  await relayed?.close();
  await relay?.cut();
  await direct?.close();
});

const bearer = () => ({ authorization: `Bearer ${token}` });
/** What a user does, signed in or not: a read, a write, a sign-in. */
const REQUESTS = [
  { label: 'a read', method: 'GET', url: '/api/users/user_id', headers: bearer },
  { label: 'a write', method: 'PUT', url: '/api/users/language', headers: bearer, payload: { language: 'en' } },
  {
    label: 'a sign-in',
    method: 'POST',
    url: '/api/users/login',
    headers: () => ({}),
    payload: { user_code: 'teacher1', password: DEMO_PASSWORD },
  },
] as const;

const send = (r: (typeof REQUESTS)[number]) =>
  app.inject({ method: r.method, url: r.url, headers: r.headers(), payload: 'payload' in r ? r.payload : undefined });

describe('errors that say the database is away', () => {
  // Literal shapes, as node-postgres and Drizzle hand them over.
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const sqlstate = (code: string) => Object.assign(new Error(`server said ${code}`), { code });
  const cases: [string, unknown, boolean][] = [
    ['connection refused', refused, true],
    ['57P01 admin_shutdown', sqlstate('57P01'), true],
    ['57P02 crash_shutdown', sqlstate('57P02'), true],
    ['57P03 cannot_connect_now', sqlstate('57P03'), true],
    ['08006 connection_failure', sqlstate('08006'), true],
    ['08001 could not connect', sqlstate('08001'), true],
    ['53300 too_many_connections', sqlstate('53300'), true],
    ['the connection ended', new Error('Connection terminated unexpectedly'), true],
    [
      'a connection that broke before',
      new Error('Client has encountered a connection error and is not queryable'),
      true,
    ],
    ['no connection within the time limit', new Error('timeout exceeded when trying to connect'), true],
    ['wrapped by Drizzle', new DrizzleQueryError('select 1', [], sqlstate('57P01')), true],
    ['a refusal wrapped by Drizzle', new DrizzleQueryError('select 1', [], refused), true],
    ['a unique violation', sqlstate('23505'), false],
    ['a bad value', sqlstate('22P02'), false],
    ['a unique violation wrapped by Drizzle', new DrizzleQueryError('insert', [], sqlstate('23505')), false],
    ['a gateway that refused (fetch)', new TypeError('fetch failed', { cause: refused }), false],
    ['any other error', new Error('boom'), false],
    ['not an error', 'ECONNREFUSED', false],
  ];
  it.each(cases)('%s: %s', (_label, err, expected) => {
    expect(isDatabaseUnavailable(err)).toBe(expected);
  });
});

describe('a connection checked out of the pool', () => {
  it('that emits an error does not end the process', async () => {
    const client = await relayed.pool.connect();
    try {
      // An 'error' event no one listens to is thrown by EventEmitter: in the server, from a socket
      // callback, ending the process.
      expect(() => client.emit('error', new Error('Connection terminated unexpectedly'))).not.toThrow();
    } finally {
      client.release(true);
    }
  });

  it('whose server goes away goes back to the pool even if its user never releases it', async () => {
    // Drizzle's transaction sends `begin` before the try/finally that releases its connection: a
    // `begin` that fails on a dead connection leaves it checked out. With one place in the pool, a
    // lost place is every later statement waiting for ever.
    const small = fromPostgres(direct.url, { max: 1 });
    try {
      const client = await small.pool.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      await direct.pool.query('select pg_terminate_backend($1)', [rows[0].pid]);
      await expect(client.query('begin')).rejects.toThrow();
      const next = await Promise.race([
        small.pool.query<{ one: number }>('select 1 as one').then((r) => r.rows[0].one),
        new Promise((r) => setTimeout(() => r('still waiting after 5 s'), 5_000)),
      ]);
      expect(next).toBe(1);
      // Its user's own release, late, changes nothing.
      expect(() => client.release()).not.toThrow();
      expect((await small.pool.query<{ one: number }>('select 1 as one')).rows[0].one).toBe(1);
    } finally {
      await small.close();
    }
  });

  it('whose backend is terminated fails its statement as unavailable; the next request is served', async () => {
    const client = await relayed.pool.connect();
    let failure: unknown;
    try {
      await client.query('begin');
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      await direct.pool.query('select pg_terminate_backend($1)', [rows[0].pid]);
      failure = await client.query('select 1').then(
        () => null,
        (err: unknown) => err,
      );
    } finally {
      client.release(true);
    }
    expect(failure).toBeTruthy();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    const res = await app.inject({ method: 'GET', url: '/api/users/user_id', headers: bearer() });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('while the database is away', () => {
  it('health says 200, then 503 while it is away, then 200 again; requests are 503 with Retry-After meanwhile, then served', async () => {
    const ok = await app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ status: 'ok' });
    expect(ok.headers['cache-control']).toBe('no-store');
    for (const r of REQUESTS) expect((await send(r)).statusCode, r.label).toBe(200);

    // A transaction under way when the database goes: its connection is checked out of the pool.
    const held = await relayed.pool.connect();
    await held.query('begin');
    const listenerBefore = app.hotCache.stats.connects;

    await relay.cut();
    try {
      // The cache's listener hears the loss and stops serving from memory (a sign-out meanwhile
      // would go unheard).
      await until('the cache listener notices', () => !app.hotCache.ready);
      const down = await app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable' });
      expect(down.headers['retry-after']).toBe('5');
      for (const r of REQUESTS) {
        const res = await send(r);
        expect(res.statusCode, `${r.label}: ${res.body}`).toBe(503);
        expect(res.headers['retry-after'], r.label).toBe('5');
        expect(res.headers['content-type'], r.label).toMatch(/application\/json/);
        expect(res.json().error.code, r.label).toBe('database_unavailable');
      }
      await expect(held.query('select 1')).rejects.toThrow();
    } finally {
      held.release(true);
      await relay.open();
    }

    await until('health answers 200 again', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      return res.statusCode === 200;
    });
    for (const r of REQUESTS) {
      const res = await send(r);
      expect(res.statusCode, `${r.label}: ${res.body}`).toBe(200);
    }
    // The listener reconnects on its own (with backoff), and then serves from an empty cache.
    await until('the cache listener reconnects', () => app.hotCache.ready);
    expect(app.hotCache.stats.connects).toBe(listenerBefore + 1);
    expect(uncaught).toEqual([]);
  });

  it('health answers 503 at once to a database that is not there', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(p));
      });
    });
    const nowhere = fromPostgres(`postgres://nobody:secret@127.0.0.1:${port}/none`);
    const lonely = await buildApp(loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: '' }), nowhere);
    try {
      await lonely.ready();
      const started = Date.now();
      const res = await lonely.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
      // Refused at once, well before the probe's 2-second limit: not a timeout.
      expect(Date.now() - started).toBeLessThan(1_500);
      const signIn = await lonely.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { user_code: 'student1', password: DEMO_PASSWORD },
      });
      expect(signIn.statusCode, signIn.body).toBe(503);
      expect(signIn.json().error.code).toBe('database_unavailable');
    } finally {
      await lonely.close();
      await nowhere.close();
    }
  });
});

describe('at start, with DATABASE_URL', () => {
  it('the server waits for a database that is away and goes on once it answers; a database that does not exist is an error at once', async () => {
    const url = new URL(direct.url);
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    const later = fromPostgres(url.toString());
    await relay.cut();
    let told = 0;
    let ready = false;
    const waiting = waitForDatabase(later, () => (told += 1)).then(() => (ready = true));
    try {
      await new Promise((r) => setTimeout(r, 800));
      expect(ready).toBe(false);
      expect(told).toBe(1);
    } finally {
      await relay.open();
    }
    await waiting;
    expect(ready).toBe(true);
    await later.close();

    // A mistake in the address is no outage (a wrong password would do on the embedded server, but
    // the machine's PostgreSQL trusts local connections whatever the password).
    url.pathname = '/no_such_database';
    const wrong = fromPostgres(url.toString());
    try {
      await expect(waitForDatabase(wrong)).rejects.toThrow(/does not exist/);
    } finally {
      await wrong.close();
    }
  });
});
