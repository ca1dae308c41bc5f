/**
 * A route is thin (docs/ARCHITECTURE.md, "A request's path"): schema, declared action, a scope call
 * and one service call. The rules and the queries live in server/services/, which rows a caller
 * reaches in server/auth/scope.ts. This reads the route files' source and fails on what would put
 * a rule back into a handler: a database statement, a transaction, an import of the tables or the
 * SQL helpers, or a branch on the caller's user type.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(process.cwd(), 'server/routes');

/** What a thin route does not contain, each with why. */
const FORBIDDEN: { what: string; re: RegExp }[] = [
  { what: 'imports drizzle-orm (a query)', re: /from 'drizzle-orm/ },
  { what: 'imports the tables (a query)', re: /from '\.\.\/db\/schema'/ },
  { what: 'imports the SQL helpers', re: /from '\.\.\/db\/(rows|prepared)'/ },
  // `app.delete(` registers a DELETE route (Fastify): not a statement.
  { what: 'runs a statement', re: /(?<!\bapp)\.(select|selectDistinct|insert|update|delete|execute)\s*\(/ },
  { what: 'opens a transaction', re: /\.transaction\s*\(/ },
  { what: 'writes SQL', re: /\bsql\s*`/ },
  {
    what: 'branches on user type (rows belong to server/auth/scope.ts)',
    re: /userType\s*[!=]==|[!=]==\s*USER_TYPES\./,
  },
];

function violations(file: string): string[] {
  const text = readFileSync(join(DIR, file), 'utf8')
    // comments may describe what the code no longer does
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return FORBIDDEN.filter((f) => f.re.test(text)).map((f) => f.what);
}

const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));

describe('route files are thin', () => {
  it.each(files)('%s holds no query and no user-type branch', (file) => {
    expect(violations(file)).toEqual([]);
  });

  it('finds what it looks for (a handler with a query, a transaction and a user-type branch)', () => {
    const sample = `import { eq } from 'drizzle-orm';
      app.get('/x', async (req) => db.transaction(async (tx) => {
        if (authOf(req).userType === USER_TYPES.teacher) return tx.select().from(t);
      }));`;
    const found = FORBIDDEN.filter((f) => f.re.test(sample)).map((f) => f.what);
    expect(found).toEqual([
      'imports drizzle-orm (a query)',
      'runs a statement',
      'opens a transaction',
      'branches on user type (rows belong to server/auth/scope.ts)',
    ]);
    expect(FORBIDDEN.some((f) => f.re.test("app.delete('/x', handler)"))).toBe(false);
  });

  it('checks every route file', () => {
    expect(files.length).toBeGreaterThanOrEqual(26);
  });
});
