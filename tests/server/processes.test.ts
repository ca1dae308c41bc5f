/**
 * Two real server processes (`node server/main.ts`) on one database, as WORKERS=N or several
 * machines run them: a token signed in on one works on the other, a sign-out on one is refused by
 * the other within moments (the session caches are invalidated through LISTEN/NOTIFY, not by
 * waiting for their lifetime), a write through one is in the other's cached answers within
 * moments, and an absence message is handed to the SMS gateway once although both processes
 * deliver at the same time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import { messageOutbox, periods, routines, teachers, users } from '@server/db/schema';
import type { DbHandle } from '@server/db/client';
import { freshDb } from '../helpers/test-db';
import type { TestApp } from '../helpers/server';
import { dayIdOf, iso, openToday, resetTaking, schoolToday } from './attendance-fixtures';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'demo1234';

// ------------------------------------------------------------------ a counting SMS gateway

/** Every message the gateway accepted, by "phone|text". */
const received = new Map<string, number>();
let gateway: http.Server;
let gatewayUrl: string;

function startGateway() {
  gateway = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const { to, message } = JSON.parse(raw) as { to: string; message: string };
      const key = `${to}|${message}`;
      received.set(key, (received.get(key) ?? 0) + 1);
      // A gateway that takes a moment keeps both processes' senders busy at once.
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"status":"accepted"}');
      }, 50);
    });
  });
  return new Promise<void>((resolve) =>
    gateway.listen(0, '127.0.0.1', () => {
      gatewayUrl = `http://127.0.0.1:${(gateway.address() as net.AddressInfo).port}/sms`;
      resolve();
    }),
  );
}

// ------------------------------------------------------------------ the server processes

interface Server {
  child: ChildProcess;
  base: string;
  output: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKERS: '1',
      SEED_DEMO: 'false',
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      SMS_ADAPTER: 'http',
      SMS_HTTP_URL: gatewayUrl,
      // Both processes run the retry job, every second: they compete for the same queued rows.
      SMS_RETRY_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.join('')}`);
    if (output.join('').includes('Pathshala is serving')) return { child, base, output };
    if (Date.now() - started > 60_000) throw new Error(`server did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    server.child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.child.kill('SIGTERM');
  });
}

async function api(server: Server, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text, json: () => JSON.parse(text) };
}

async function signIn(server: Server, userCode: string): Promise<string> {
  const res = await api(server, 'POST', '/api/users/login', undefined, { user_code: userCode, password: PASSWORD });
  expect(res.status, res.body).toBe(200);
  return res.json().accessToken as string;
}

// ------------------------------------------------------------------ the suite

let handle: DbHandle;
let a: Server | undefined;
let b: Server | undefined;

beforeAll(async () => {
  await startGateway();
  handle = await freshDb();
  [a, b] = await Promise.all([startServer(handle.url), startServer(handle.url)]);
});

afterAll(async () => {
  await Promise.all([stopServer(a), stopServer(b)]);
  await handle?.close();
  await new Promise<void>((resolve) => gateway?.close(() => resolve()));
});

describe('two server processes on one database', () => {
  it('a token signed in on one works on the other; a sign-out on one is refused by the other within moments', async () => {
    // Several rounds: a refusal that depended on a lucky moment would not hold every time.
    for (let round = 0; round < 5; round++) {
      const token = await signIn(a!, 'teacher1');
      // Used on both, so both processes hold the session in their caches.
      for (const server of [a!, b!, a!, b!]) {
        expect((await api(server, 'GET', '/api/users/user_id', token)).status).toBe(200);
      }
      expect((await api(a!, 'POST', '/api/users/logout', token)).status).toBe(200);
      // The process that signed out refuses the token on its next request.
      expect((await api(a!, 'GET', '/api/users/user_id', token)).status).toBe(401);
      // The other hears it through NOTIFY: within moments (on a quiet machine before its next
      // request), never after the cache's 30-second lifetime. Asked every 20 ms for at most 1 s.
      const started = Date.now();
      let onB = await api(b!, 'GET', '/api/users/user_id', token);
      while (onB.status === 200 && Date.now() - started < 1_000) {
        await new Promise((r) => setTimeout(r, 20));
        onB = await api(b!, 'GET', '/api/users/user_id', token);
      }
      expect(onB.status, `round ${round}`).toBe(401);
      expect(onB.json().error.message).toMatch(/session has ended/);
    }
  });

  it('an account disabled in the database is refused by both processes well before a cache lifetime', async () => {
    const token = await signIn(b!, 'student1');
    for (const server of [a!, b!]) expect((await api(server, 'GET', '/api/users/user_id', token)).status).toBe(200);
    await handle.db.update(users).set({ status: 'disabled' }).where(eq(users.userCode, 'student1'));
    try {
      const started = Date.now();
      for (const server of [a!, b!]) {
        // The notification travels on its own connection: allow it a moment, far below the 30 s lifetime.
        let status = 200;
        while (status === 200 && Date.now() - started < 2_000) {
          status = (await api(server, 'GET', '/api/users/user_id', token)).status;
        }
        expect(status).toBe(401);
      }
    } finally {
      await handle.db.update(users).set({ status: 'active' }).where(eq(users.userCode, 'student1'));
    }
  });

  it('a notice published through one process is in the other’s cached reads within moments', async () => {
    const token = await signIn(a!, 'admin1');
    const url = '/api/notice/school?type=2';
    // Read twice on B: the second answer comes from B's memory.
    const before = (await api(b!, 'GET', url, token)).json();
    expect((await api(b!, 'GET', url, token)).json()).toEqual(before);
    const { school_info_id, session_id, publishing_date } = before.rows[0];
    const created = await api(a!, 'POST', '/api/notice', token, {
      id: '',
      school_info_id,
      session_id,
      class_id: 0,
      section_id: 0,
      students: [],
      headline: 'Published on A, read on B',
      description: 'Cross-process cache test.',
      date: publishing_date,
      uid: 'admin1',
      type: 2,
    });
    expect(created.status, created.body).toBe(200);
    const started = Date.now();
    let total = before.total;
    while (total === before.total && Date.now() - started < 2_000) {
      total = (await api(b!, 'GET', url, token)).json().total;
    }
    expect(total).toBe(before.total + 1);
  });

  it('absence messages are handed to the gateway once each while both processes deliver', async () => {
    const date = iso(schoolToday());
    await openToday({ db: handle.db } as TestApp);
    // teacher1's first period today, taken afresh with every student absent.
    const [routine] = await handle.db
      .select({ id: routines.id })
      .from(routines)
      .innerJoin(teachers, eq(teachers.id, routines.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      .innerJoin(periods, eq(periods.id, routines.periodId))
      .where(and(eq(users.userCode, 'teacher1'), eq(routines.dayId, dayIdOf(schoolToday()))))
      .orderBy(asc(periods.serial), asc(routines.id))
      .limit(1);
    await resetTaking({ db: handle.db } as TestApp, routine.id, date);
    const token = await signIn(a!, 'teacher1');
    const list = (await api(a!, 'GET', `/api/attendance/student?routine_id=${routine.id}&date=${date}`, token)).json();
    const taken = await api(a!, 'POST', '/api/attendance/student', token, {
      date,
      time: '10:50:00',
      routine_id: routine.id,
      attendance: list.map((s: { student_id: number }) => ({ student_id: s.student_id, attendance_status: 0 })),
    });
    expect(taken.status, taken.body).toBe(200);

    // The teacher presses Send on one process and, impatient, on the other: each delivers this
    // period's messages, and both retry jobs run every second besides.
    received.clear();
    const [first, second] = await Promise.all([
      api(a!, 'POST', '/api/attendance/absent-message', token, { routine_id: routine.id, date }),
      api(b!, 'POST', '/api/attendance/absent-message', token, { routine_id: routine.id, date }),
    ]);
    expect(first.status, first.body).toBe(200);
    expect(second.status, second.body).toBe(200);

    const outbox = () =>
      handle.db
        .select({ phone: messageOutbox.phone, body: messageOutbox.body, status: messageOutbox.status })
        .from(messageOutbox)
        .where(and(eq(messageOutbox.routineId, routine.id), eq(messageOutbox.date, date)));
    const started = Date.now();
    let rows = await outbox();
    while (rows.some((r) => r.status !== 'sent') && Date.now() - started < 20_000) {
      await new Promise((r) => setTimeout(r, 200));
      rows = await outbox();
    }
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    // Give a second sender a moment to show itself, were there one.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(received.size).toBe(rows.length);
    for (const row of rows) expect(received.get(`${row.phone}|${row.body}`), row.phone).toBe(1);
  });
});
