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

/**
 * Route files that still hold queries or branch on user type, each to be emptied into its
 * service and taken off this list. A file on the list that has become thin fails the test too, so
 * the list only shrinks.
 */
const NOT_YET_THIN = new Set<string>([
  'activities.ts',
  'exams.ts',
  'fees.ts',
  'gradesheet-pdf.ts',
  'guardians.ts',
  'health.ts',
  'homework.ts',
  'notices.ts',
  'online-payments.ts',
  'payment-sandbox.ts',
  'people-admin.ts',
  'people.ts',
  'promotion.ts',
  'resources.ts',
  'subject-registration.ts',
  'two-factor.ts',
  'users.ts',
  'attendance.ts',
]);

/** What a thin route does not contain, each with why. */
const FORBIDDEN: { what: string; re: RegExp }[] = [
  { what: 'imports drizzle-orm (a query)', re: /from 'drizzle-orm/ },
  { what: 'imports the tables (a query)', re: /from '\.\.\/db\/schema'/ },
  { what: 'imports the SQL helpers', re: /from '\.\.\/db\/(rows|prepared)'/ },
  { what: 'runs a statement', re: /\.(select|selectDistinct|insert|update|delete|execute)\s*\(/ },
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
  it.each(files.filter((f) => !NOT_YET_THIN.has(f)))('%s holds no query and no user-type branch', (file) => {
    expect(violations(file)).toEqual([]);
  });

  it.each([...NOT_YET_THIN])('%s, on the not-yet list, still exists and is not thin yet', (file) => {
    expect(files).toContain(file);
    expect(violations(file).length).toBeGreaterThan(0);
  });

  it('checks every route file', () => {
    expect(files.length).toBeGreaterThanOrEqual(26);
  });
});
