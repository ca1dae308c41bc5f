/**
 * One permission truth: outside src/api/permissions.ts no module of src/ decides by user type
 * number (or by the type constants); they ask `can(userType, action)` or read the table's own
 * per-type maps (HOME_ROUTE, PROFILE_ROUTE, labels). This test reads the source and names every
 * line that breaks the rule.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// Vitest runs from the repository root (jsdom gives import.meta.url an http: scheme).
const ROOT = process.cwd();
const SRC = join(ROOT, 'src');
const EXEMPT = new Set(['src/api/permissions.ts']);

/**
 * Areas whose own branches replace their literals (notices, attendance); the lead empties this
 * list when merging them. A file listed here that is already clean fails the test, so the list
 * cannot outlive its reason.
 */
const PENDING_IN_OTHER_BRANCHES: string[] = [];

const TYPE = String.raw`(?:userType|user_type|user_type_id|UserType)`;
const RULES: Array<[name: string, pattern: RegExp]> = [
  ['a user type compared with a number', new RegExp(String.raw`\b${TYPE}\s*[!=]==?\s*\d`)],
  ['a number compared with a user type', new RegExp(String.raw`\d\s*[!=]==?\s*[\w.]*\b${TYPE}\b`)],
  ['a list of user type numbers', /\[\s*[1-6]\s*(?:,\s*[1-6]\s*)+\]\s*\.includes\(/],
  ['a map keyed by user type numbers', /(?:Record|Partial<Record)<(?:number|UserType)\b[^>]*>+\s*=\s*\{\s*[1-6]\s*:/],
  ['a switch over user type numbers', new RegExp(String.raw`switch\s*\([\w.]*${TYPE}\)[\s\S]{0,200}?case\s+\d\s*:`)],
  ['a constant for a user type number', /\bconst\s+[A-Z]{1,2}\s*=\s*[1-6]\s*(?:as const)?\s*;/],
  [
    'a user type constant imported',
    /import\s*\{[^}]*\b(?:USER_TYPES|VIEWER|SUPER_ADMIN|SINGLE_SCHOOL_TYPES)\b[^}]*\}\s*from\s*'@\/api\/permissions'/,
  ],
  ['a user type defaulted to a number', new RegExp(String.raw`\b${TYPE}\s*(?:\?\?|\|\|)\s*\d`)],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function findings(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const rel = relative(ROOT, file).split('\\').join('/');
  const out: string[] = [];
  for (const [name, pattern] of RULES) {
    const global = new RegExp(pattern.source, 'g');
    for (const match of text.matchAll(global)) {
      const line = text.slice(0, match.index).split('\n').length;
      out.push(`${rel}:${line}: ${name}: ${match[0].split('\n')[0].trim()}`);
    }
  }
  return out;
}

describe('no literal user types in src/ outside permissions.ts', () => {
  const files = sourceFiles(SRC)
    .map((f) => [relative(ROOT, f).split('\\').join('/'), f] as const)
    .filter(([rel]) => !EXEMPT.has(rel));

  it('finds none', () => {
    const found = files.filter(([rel]) => !PENDING_IN_OTHER_BRANCHES.includes(rel)).flatMap(([, f]) => findings(f));
    expect(found).toEqual([]);
  });

  it('still has a reason for every file it waits for', () => {
    const clean = PENDING_IN_OTHER_BRANCHES.filter((rel) => {
      const entry = files.find(([r]) => r === rel);
      return !entry || findings(entry[1]).length === 0;
    });
    expect(clean).toEqual([]);
  });

  it('recognises each kind of literal it forbids', () => {
    const samples = [
      'if (ctx.userType === 6) {}',
      'const viewer = 6 === profile.user_type;',
      'visible: (ctx) => [1, 2, 4].includes(ctx.userType)',
      "const SCREEN: Partial<Record<number, string>> = { 2: '/teachernotice' };",
      'switch (ctx.userType) {\n  case 2:\n    return 1;\n}',
      'const T = 2 as const;',
      "import { VIEWER, can } from '@/api/permissions';",
      'user_type: context.userType ?? 1,',
    ];
    for (const sample of samples) {
      expect(
        RULES.some(([, pattern]) => pattern.test(sample)),
        sample,
      ).toBe(true);
    }
    expect(RULES.some(([, pattern]) => pattern.test("if (can(userType, 'attendance.take')) {}"))).toBe(false);
  });
});
