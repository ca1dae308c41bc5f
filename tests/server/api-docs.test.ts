/**
 * The OpenAPI document is generated from the routes' zod schemas: every API route is in it, with
 * the bearer scheme and the user types the permission table allows; the interactive page loads.
 */
import { PERMISSIONS, USER_TYPE_LABELS, WRITE_FORBIDDEN_TYPES, type Action, type UserType } from '@/api/permissions';
import { DOCS_CSP } from '@server/plugins/security';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
interface Operation {
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Record<string, unknown> }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}
let doc: {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const operationOf = (method: string, url: string) => doc.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];

it('is an OpenAPI 3 document served without sign-in, with a bearer scheme', () => {
  expect(doc.openapi).toMatch(/^3\./);
  expect(doc.info.title).toBe('Pathshala API');
  expect(doc.components.securitySchemes.bearerAuth).toEqual(
    expect.objectContaining({ type: 'http', scheme: 'bearer' }),
  );
});

it('documents every registered API route, and nothing else', () => {
  expect(t.app.apiRoutes.length).toBeGreaterThan(30);
  const missing = t.app.apiRoutes.filter((r) => !operationOf(r.method, r.url)).map((r) => `${r.method} ${r.url}`);
  expect(missing).toEqual([]);
  const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
  expect(documented.length).toBe(t.app.apiRoutes.length);
  expect(documented.some((op) => op.includes('/api/docs') || op.includes('openapi.json'))).toBe(false);
});

it('each protected operation carries the bearer scheme and exactly the user types that may call it', () => {
  for (const r of t.app.apiRoutes) {
    const op = operationOf(r.method, r.url)!;
    const label = `${r.method} ${r.url}`;
    if (r.public) {
      expect(op.security, label).toEqual([]);
      expect(op.description, label).toMatch(/Public/);
      continue;
    }
    expect(op.security, label).toEqual([{ bearerAuth: [] }]);
    const allowed = PERMISSIONS[r.action as Action] as readonly UserType[];
    const isWrite = r.method !== 'GET' && r.action !== 'users.logout' && !r.readOnlySafe;
    for (const type of Object.keys(USER_TYPE_LABELS).map(Number) as UserType[]) {
      const mayCall = allowed.includes(type) && !(isWrite && WRITE_FORBIDDEN_TYPES.includes(type));
      const named = op.description!.includes(`${USER_TYPE_LABELS[type]} (${type})`);
      expect(named, `${label}: type ${type}`).toBe(mayCall);
    }
    expect(op.description, label).toContain(`\`${r.action}\``);
  }
});

it('describes query parameters and bodies from the zod schemas, paging limits included', () => {
  const students = operationOf('GET', '/api/student/section')!;
  const limit = students.parameters!.find((p) => p.name === 'limit')!;
  expect(limit.in).toBe('query');
  expect(limit.schema).toMatchObject({ type: 'integer', maximum: 2000, default: 2000 });
  expect(students.description).toMatch(/X-Total-Count/);
  const section = students.parameters!.find((p) => p.name === 'section_id')!;
  expect(section.schema).toMatchObject({ type: 'integer' });
  const login = operationOf('POST', '/api/users/login')!;
  expect(JSON.stringify(login.requestBody)).toContain('user_code');
  expect(Object.keys(login.responses!)).toEqual(expect.arrayContaining(['200', '401']));
});

it('the interactive page loads its own files under a policy that allows only them', async () => {
  const page = await t.app.inject({ url: '/api/docs' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  const csp = String(page.headers['content-security-policy']);
  expect(csp).toBe(DOCS_CSP);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).not.toContain('unsafe-eval');
  expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
  expect(scripts.length).toBeGreaterThan(1);
  for (const src of scripts) {
    const res = await t.app.inject({ url: src.startsWith('/') ? src : `/api/docs/${src}` });
    expect(res.statusCode, src).toBe(200);
  }
  const spec = await t.app.inject({ url: '/api/docs/json' });
  expect(spec.statusCode).toBe(200);
  expect(Object.keys(spec.json().paths).length).toBe(Object.keys(doc.paths).length);
});
