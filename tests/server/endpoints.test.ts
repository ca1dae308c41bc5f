/**
 * The endpoint registry (src/api/endpoints/, docs/ARCHITECTURE.md, "The endpoint registry") is the
 * one place a path is written: every route the server registers under /api is an endpoint of it
 * with the same method, path and action, and every endpoint is registered; no other source file
 * spells an /api/ path; route files register only through `route()` (server/routes/define.ts), so
 * none spells a path either; and every action a screen says it calls (src/routes.ts) is some
 * endpoint's.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ENDPOINTS } from '@/api/endpoints/index';
import { API_PREFIX } from '@/api/endpoints/define';
import { ROUTES } from '@/routes';
import { callsOf } from '@/route-calls';
import { createTestApp, type TestApp } from '../helpers/server';

const key = (method: string, url: string, action: string) => `${method} ${url} ${action}`;
const registry = Object.values(ENDPOINTS).flatMap((group) => Object.values(group));

describe('the registry and the server', () => {
  let t: TestApp;
  // The payment sandbox's routes exist only when it is enabled: enabled here to see every route.
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_PROVIDER: 'sandbox' });
  });
  afterAll(() => t.close());

  it('serves exactly the registry: method, path and action alike', () => {
    const served = t.app.apiRoutes.map((r) => key(r.method, r.url, r.public ? 'public' : (r.action ?? '(none)')));
    const listed = registry.map((e) => key(e.method, API_PREFIX + e.path, e.action));
    expect([...served].sort()).toEqual([...listed].sort());
  });

  it('names each endpoint once', () => {
    const seen = registry.map((e) => `${e.method} ${e.path}`);
    expect(seen.filter((s, i) => seen.indexOf(s) !== i)).toEqual([]);
  });
});

// ---- no path spelt twice

/** Where an /api path may be written, each with why. */
const ALLOWED: Record<string, string> = {
  // the registry itself, and its prefix
  'src/api/endpoints/': 'the registry',
  // Prefix checks, not paths: which requests are the API's.
  'server/app.ts': "the onRoute hook's and the SPA fallback's test of a request being the API's",
  'server/auth/guard.ts': "the session cookie's Path and the guard's test of a request being the API's",
  'server/plugins/security.ts': 'the headers of API answers, by prefix',
  'server/plugins/idempotency.ts': 'writes to the API, by prefix',
  'server/plugins/api-docs.ts': "the API's own documentation, not an endpoint",
  'src/offline/offline-bridge.tsx': "the service worker's cache keeps no API answer, by prefix",
};

/** A string literal that starts with /api: '/api/…', "/api", `/api/${…}`. */
const API_LITERAL = /(['"`])\/api(?:[/?'"`]|\$\{)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

it('no /api/ path literal outside the registry and the allowed prefix checks', () => {
  const root = process.cwd();
  const offending: string[] = [];
  for (const file of [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'server'))]) {
    const rel = relative(root, file);
    if (Object.keys(ALLOWED).some((a) => rel === a || (a.endsWith('/') && rel.startsWith(a)))) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        // comments may name an endpoint
        const code = line.replace(/^\s*(\/\/|\*|\/\*).*$/, '');
        if (API_LITERAL.test(code)) offending.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(offending).toEqual([]);
});

/** A route registered past `route()` (server/routes/define.ts): `app.get(\n '/x'`, `app.route({`... */
const DIRECT_ROUTE = /\.(get|post|put|delete|patch|all)\(\s*['"`]\/|\.route\(\s*\{/g;

it('route files register only through route(), from their endpoints', () => {
  const dir = join(process.cwd(), 'server/routes');
  const offending = readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && name !== 'define.ts')
    .flatMap((name) => {
      // comments may describe how a route was once declared
      const code = readFileSync(join(dir, name), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      return [...code.matchAll(DIRECT_ROUTE)].map((m) => `server/routes/${name}: ${m[0].replace(/\s+/g, ' ')}`);
    });
  expect(offending).toEqual([]);
  const sample =
    "app.get(\n    '/setup/classes',\n    {});\napp.route({ method: 'DELETE' });\nroute(app, e.day, {}, h);";
  expect([...sample.matchAll(DIRECT_ROUTE)].map((m) => m[0].replace(/\s+/g, ' '))).toEqual([".get( '/", '.route({']);
});

it('every action a screen calls is an endpoint’s', () => {
  const actions = new Set(registry.map((e) => e.action));
  const missing = ROUTES.flatMap((r) =>
    callsOf(r)
      .filter((a) => !actions.has(a))
      .map((a) => `${r.path}: ${a}`),
  );
  expect(missing).toEqual([]);
});
