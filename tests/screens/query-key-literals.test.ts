/**
 * Query keys have one owner each (docs/ARCHITECTURE.md, "The client": reads use the factories of
 * `src/api/<resource>.ts`): a screen never writes a key as a literal array, so that a flow that
 * invalidates a resource's keys reaches every read of it. Reference data (classes, sections,
 * sessions, a section's students) is keyed by src/api/lookups.ts alone (`lookupKeys`). This test
 * reads the source of src/screens and names every line that breaks the rule.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// Vitest runs from the repository root (jsdom gives import.meta.url an http: scheme).
const ROOT = process.cwd();
const SCREENS = join(ROOT, 'src', 'screens');
const API = join(ROOT, 'src', 'api');

const RULES: Array<[name: string, pattern: RegExp]> = [
  ['a query key written as an array literal', /\bqueryKey\s*:\s*\[/],
  ['a list of key literals (alsoInvalidate, invalidates)', /\b(?:alsoInvalidate|invalidates)\s*[=:]\s*\{?\s*\[\s*\[/],
  [
    'a key literal passed to the query client',
    /\b(?:invalidateQueries|refetchQueries|removeQueries|resetQueries|setQueryData|getQueryData)\(\s*\[/,
  ],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function findings(files: string[], rules: Array<[string, RegExp]>): string[] {
  const out: string[] = [];
  for (const file of files) {
    const rel = relative(ROOT, file).split('\\').join('/');
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const [name, pattern] of rules)
          if (pattern.test(line)) out.push(`${rel}:${i + 1}: ${name}: ${line.trim()}`);
      });
  }
  return out;
}

describe('query keys in src/screens', () => {
  it('come from the key factories of src/api, never literals', () => {
    expect(findings(sourceFiles(SCREENS), RULES)).toEqual([]);
  });

  it('the rules catch what they are about', () => {
    const caught = (line: string) => RULES.some(([, p]) => p.test(line));
    expect(caught("useQuery({ queryKey: ['lookup', 'sessions'], queryFn: fetchSessions })")).toBe(true);
    expect(caught("alsoInvalidate={[['lookup'], ['routine']]}")).toBe(true);
    expect(caught("void qc.invalidateQueries({ queryKey: ['gradesheet'] });")).toBe(true);
    expect(caught('void qc.invalidateQueries({ queryKey: examKeys.all });')).toBe(false);
    expect(caught('alsoInvalidate={[lookupKeys.all, routineKeys.all]}')).toBe(false);
  });
});

describe('lookup keys', () => {
  const LOOKUP_KEY: Array<[string, RegExp]> = [['a lookup key outside src/api/lookups.ts', /\[\s*'lookup'\s*[,\]]/]];

  it('are written in src/api/lookups.ts alone', () => {
    const files = [...sourceFiles(SCREENS), ...sourceFiles(API)].filter((f) => !f.endsWith(join('api', 'lookups.ts')));
    expect(findings(files, LOOKUP_KEY)).toEqual([]);
  });

  it('finds one when it is there', () => {
    expect(findings([join(ROOT, 'src/api/lookups.ts')], LOOKUP_KEY)).not.toEqual([]);
  });
});
