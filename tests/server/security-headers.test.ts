/**
 * Security headers on every answer (the built app's files, its pages and the API), no caching of
 * API answers, and source maps never served. The built app itself is checked in Chromium by
 * tests/e2e/security.e2e.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  // A stand-in for Vite's build: the page, a hashed chunk, its hidden source map, a stylesheet.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pathshala-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc.js"></script>' +
      '<link rel="stylesheet" href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets/index-abc.js'), 'console.log("app");\n');
  fs.writeFileSync(path.join(dir, 'assets/index-abc.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  fs.writeFileSync(path.join(dir, 'assets/index-abc.css'), 'body{margin:0}');
  t = await createTestApp({ STATIC_DIR: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function expectSecurityHeaders(res: { headers: Record<string, unknown> }, label: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directives = Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
  expect(directives['default-src'], label).toEqual(["'self'"]);
  expect(directives['script-src'], label).toEqual(["'self'"]);
  expect(directives['style-src'], label).toEqual(["'self'"]);
  expect(directives['object-src'], label).toEqual(["'none'"]);
  expect(directives['frame-ancestors'], label).toEqual(["'none'"]);
  expect(csp, label).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(res.headers['x-content-type-options'], label).toBe('nosniff');
  expect(res.headers['x-frame-options'], label).toBe('DENY');
  expect(res.headers['referrer-policy'], label).toBe('no-referrer');
}

it('the app’s pages and files carry the security headers', async () => {
  for (const url of ['/login', '/teacher-admin', '/assets/index-abc.js', '/assets/index-abc.css']) {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    expectSecurityHeaders(res, url);
  }
  expect((await t.app.inject({ url: '/login' })).body).toContain('<div id="root">');
});

it('every API answer carries them too, and is never cached', async () => {
  const answers = [
    await t.get('student1', '/api/day'),
    await t.get(null, '/api/day'),
    await t.get('student1', '/api/no-such-route'),
    await t.post(null, '/api/users/login', { user_code: 'student1', password: 'wrong' }),
    await t.app.inject({ url: '/api/openapi.json' }),
  ];
  expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 401, 200]);
  for (const res of answers) {
    expectSecurityHeaders(res, String(res.statusCode));
    expect(res.headers['cache-control']).toBe('no-store');
  }
  expect((await t.app.inject({ url: '/assets/index-abc.js' })).headers['cache-control']).not.toBe('no-store');
});

it('source maps are never served, and a missing file is a 404 rather than the app’s page', async () => {
  for (const url of ['/assets/index-abc.js.map', '/index-abc.js.map', '/assets/gone-123.js']) {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(404);
    expect(res.body, url).not.toContain('<div id="root">');
  }
});
