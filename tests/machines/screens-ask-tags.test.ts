/**
 * Screens ask a flow's tags and `state.can(event)`, never its state names (docs/ARCHITECTURE.md,
 * "Adding a flow": the screen "reads tags and `state.can`"): a machine may then split, rename or
 * nest its states without a screen noticing, and what a screen relies on is written in the
 * machine as a tag. This test reads the source of src/screens and names every line that matches
 * a state (`.matches(`), compares a `.value`, or reads a snapshot's `.value`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// Vitest runs from the repository root (jsdom gives import.meta.url an http: scheme).
const ROOT = process.cwd();
const SCREENS = join(ROOT, 'src', 'screens');

const RULES: Array<[name: string, pattern: RegExp]> = [
  ['a state matched by name', /\.matches\(/],
  ['a value compared', /\.value\s*[!=]==?/],
  ['a snapshot’s value read', /\b(?:s|state|snap|snapshot)\.value\b/],
];

/**
 * Lines that compare a `.value` that is not a machine's: each by file and the text it holds, with
 * why it stays. An entry no longer found fails the test, so the list cannot outlive its reason.
 */
const ALLOWED: Array<{ file: string; text: string; reason: string }> = [
  {
    file: 'src/screens/exams/gradesheet.tsx',
    text: 'sessionOptions.find((o) => o.value === sessionValue)',
    reason: 'a select option’s value (the session id), not a snapshot',
  },
  {
    file: 'src/screens/exams/mark-entry.tsx',
    text: "parsed.ok && parsed.value === 'absent'",
    reason: 'a parsed mark (parseMark’s result), not a snapshot',
  },
  {
    file: 'src/screens/routines/routine-parts.tsx',
    text: 'choices.find((c) => c.value === of)',
    reason: 'a select option’s value (the teacher or class chosen), not a snapshot',
  },
  {
    file: 'src/screens/setup/subject-setup.tsx',
    text: 'groupOptions.find((g) => g.value === String(id))',
    reason: 'a select option’s value (the subject group id), not a snapshot',
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

interface Finding {
  file: string;
  line: number;
  rule: string;
  text: string;
}

function findings(): Finding[] {
  const out: Finding[] = [];
  for (const path of sourceFiles(SCREENS)) {
    const file = relative(ROOT, path).split('\\').join('/');
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        for (const [rule, pattern] of RULES)
          if (pattern.test(text)) out.push({ file, line: i + 1, rule, text: text.trim() });
      });
  }
  return out;
}

const allowed = (f: Finding) => ALLOWED.some((a) => a.file === f.file && f.text.includes(a.text));

describe('screens ask tags and state.can, not state names', () => {
  it('no screen matches a state, compares a value or reads a snapshot’s value (outside the allow-list)', () => {
    const broken = findings()
      .filter((f) => !allowed(f))
      .map((f) => `${f.file}:${f.line}: ${f.rule}: ${f.text}`);
    expect(broken).toEqual([]);
  });

  it('every allow-listed line is still there, with a reason', () => {
    const all = findings();
    for (const a of ALLOWED) {
      expect(a.reason.length, a.file).toBeGreaterThan(10);
      expect(
        all.some((f) => f.file === a.file && f.text.includes(a.text)),
        `${a.file}: ${a.text}`,
      ).toBe(true);
    }
  });

  it('the rules catch what they are about', () => {
    const caught = (line: string) => RULES.some(([, p]) => p.test(line));
    expect(caught("const saving = useFlow((s) => s.matches('saving'));")).toBe(true);
    expect(caught("if (state.value === 'idle') return null;")).toBe(true);
    expect(caught('const top = useFlow((s) => String(s.value));')).toBe(true);
    expect(caught("const saving = useFlow((s) => s.hasTag('busy'));")).toBe(false);
    expect(caught("const canSave = state.can({ type: 'x.save' });")).toBe(false);
    expect(caught('onChange={(e) => set(e.target.value)}')).toBe(false);
  });
});
