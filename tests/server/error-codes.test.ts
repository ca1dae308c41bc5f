/**
 * The list of error codes (server/error-codes.ts) is the server's own: every code its source sends
 * is listed, and every listed code is sent somewhere. The client's texts are checked against the
 * list (tests/screens/error-texts.test.ts, docs/i18n.md), so a code missing from it would go
 * untranslated without any test noticing. No database: this reads the source with TypeScript's
 * parser and follows the code argument of ApiError (and its subclasses), of every helper that
 * passes one of its own arguments on as the code (`refusal('holiday', ...)` is
 * `attendance.holiday`), and of every `{ error: { code } }` body, through constants, conditionals,
 * tuples and the `*_CODES` objects of src/api/schemas.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ALL_ERROR_CODES, ERROR_CODES } from '@server/error-codes';

const ROOT = process.cwd();
const LIST = 'server/error-codes.ts';

/**
 * Codes the source builds from values the parser cannot follow (a clash's kind is a row's): each
 * expression, by file and text, with the codes it can make. A new such expression fails the test
 * until it is entered here with its codes, and they are listed in server/error-codes.ts.
 */
const BUILT: Record<string, string[]> = {
  'server/services/routines.ts: `routines.${clashes[0].kind}_clash`': [
    'routines.teacher_clash',
    'routines.section_clash',
    'routines.room_clash',
  ],
};

type Found =
  | { kind: 'code'; code: string; where: string }
  | { kind: 'const'; module: string; name: string; key: string; where: string }
  | { kind: 'opaque'; where: string };

/** A value an expression may have, as far as the parser can tell. */
type Val =
  | { kind: 'str'; value: string }
  | { kind: 'node'; node: ts.ObjectLiteralExpression | ts.ArrayLiteralExpression }
  | { kind: 'const'; module: string; name: string; key: string }
  | { kind: 'param'; fn: ts.SignatureDeclaration; index: number; wrap: (s: string) => string }
  | { kind: 'opaque' };

/** A callable that sends one of its arguments (at `index`) as the code, wrapped (`attendance.${name}`). */
interface CodeTaker {
  index: number;
  wrap: (s: string) => string;
}

const same = (s: string) => s;

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : serverFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

const unwrap = (e: ts.Expression): ts.Expression =>
  ts.isParenthesizedExpression(e) ||
  ts.isAsExpression(e) ||
  ts.isSatisfiesExpression(e) ||
  ts.isNonNullExpression(e) ||
  ts.isTypeAssertionExpression(e)
    ? unwrap(e.expression)
    : e;

const nameOf = (n: ts.PropertyName | ts.BindingName | undefined) =>
  n && (ts.isIdentifier(n) || ts.isStringLiteral(n)) ? n.text : undefined;

/** The declaration of `id` in its lexical scope: a variable, a binding element, a parameter or an import. */
function declarationOf(id: ts.Identifier): ts.Node | undefined {
  const matches = (name: ts.BindingName): ts.Node | undefined => {
    if (ts.isIdentifier(name)) return name.text === id.text ? name : undefined;
    for (const el of name.elements) {
      if (ts.isOmittedExpression(el)) continue;
      const hit = matches(el.name);
      if (hit) return hit;
    }
    return undefined;
  };
  for (let n: ts.Node | undefined = id.parent; n; n = n.parent) {
    if (ts.isFunctionLike(n)) {
      for (const p of n.parameters) if (matches(p.name)) return p;
    }
    const statements = ts.isBlock(n) || ts.isSourceFile(n) || ts.isModuleBlock(n) ? n.statements : undefined;
    for (const s of statements ?? []) {
      if (ts.isVariableStatement(s)) {
        for (const d of s.declarationList.declarations) if (matches(d.name)) return d;
      }
      if (
        ts.isImportDeclaration(s) &&
        s.importClause?.namedBindings &&
        ts.isNamedImports(s.importClause.namedBindings)
      ) {
        for (const el of s.importClause.namedBindings.elements) if (el.name.text === id.text) return el;
      }
    }
  }
  return undefined;
}

function propertyOf(obj: ts.ObjectLiteralExpression, key: string): ts.Expression | undefined {
  for (const p of obj.properties) {
    if (ts.isPropertyAssignment(p) && nameOf(p.name) === key) return p.initializer;
    if (ts.isShorthandPropertyAssignment(p) && p.name.text === key) return p.name;
  }
  return undefined;
}

function select(vals: Val[], pick: (node: Val & { kind: 'node' }) => ts.Expression[]): Val[] {
  return vals.flatMap((v) => (v.kind === 'node' ? pick(v).flatMap(valuesOf) : [{ kind: 'opaque' } as const]));
}

/** What `e` may be: literals through conditionals, constants, tuples, object properties and templates. */
function valuesOf(expr: ts.Expression): Val[] {
  const e = unwrap(expr);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [{ kind: 'str', value: e.text }];
  // No value, no code: `fallback ?? 'section'` with no fallback.
  if (e.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(e) && e.text === 'undefined')) return [];
  if (ts.isObjectLiteralExpression(e) || ts.isArrayLiteralExpression(e)) return [{ kind: 'node', node: e }];
  if (ts.isConditionalExpression(e)) return [...valuesOf(e.whenTrue), ...valuesOf(e.whenFalse)];
  if (
    ts.isBinaryExpression(e) &&
    (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || e.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  )
    return [...valuesOf(e.left), ...valuesOf(e.right)];
  if (ts.isTemplateExpression(e)) {
    let out: Val[] = [{ kind: 'str', value: e.head.text }];
    for (const span of e.templateSpans) {
      const parts = valuesOf(span.expression);
      out = out.flatMap((left) =>
        parts.map((part): Val => {
          const tail = span.literal.text;
          if (left.kind === 'str' && part.kind === 'str') return { kind: 'str', value: left.value + part.value + tail };
          if (left.kind === 'str' && part.kind === 'param') {
            const { wrap } = part;
            return { ...part, wrap: (s) => left.value + wrap(s) + tail };
          }
          return { kind: 'opaque' };
        }),
      );
    }
    return out;
  }
  if (ts.isElementAccessExpression(e)) {
    return select(valuesOf(e.expression), ({ node }) =>
      ts.isArrayLiteralExpression(node)
        ? ts.isNumericLiteral(e.argumentExpression)
          ? [node.elements[Number(e.argumentExpression.text)]].filter(Boolean)
          : [...node.elements]
        : node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? [p.initializer] : [])),
    );
  }
  if (ts.isPropertyAccessExpression(e)) {
    const base = valuesOf(e.expression);
    return base.flatMap((b): Val[] => {
      if (b.kind === 'const' && !b.key) return [{ ...b, key: e.name.text }];
      if (b.kind === 'node' && ts.isObjectLiteralExpression(b.node)) {
        const p = propertyOf(b.node, e.name.text);
        return p ? valuesOf(p) : [{ kind: 'opaque' }];
      }
      return [{ kind: 'opaque' }];
    });
  }
  if (ts.isIdentifier(e)) {
    const decl = declarationOf(e);
    if (!decl) return [{ kind: 'opaque' }];
    if (ts.isImportSpecifier(decl)) {
      const module = (decl.parent.parent.parent.moduleSpecifier as ts.StringLiteral).text;
      return [{ kind: 'const', module, name: (decl.propertyName ?? decl.name).text, key: '' }];
    }
    if (ts.isParameter(decl)) {
      const fn = decl.parent;
      return ts.isIdentifier(decl.name)
        ? [{ kind: 'param', fn, index: fn.parameters.indexOf(decl), wrap: same }]
        : [{ kind: 'opaque' }];
    }
    if (ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name))
      return decl.initializer ? valuesOf(decl.initializer) : [{ kind: 'opaque' }];
    if (ts.isVariableDeclaration(decl) && decl.initializer)
      return fromPattern(decl.name, e.text, valuesOf(decl.initializer));
    return [{ kind: 'opaque' }];
  }
  return [{ kind: 'opaque' }];
}

/** The values `name` takes when `vals` are destructured by `pattern` (`const [a, b, code] = ...`). */
function fromPattern(pattern: ts.BindingName, name: string, vals: Val[]): Val[] {
  if (ts.isIdentifier(pattern)) return pattern.text === name ? vals : [];
  return pattern.elements.flatMap((el, i) => {
    if (ts.isOmittedExpression(el)) return [];
    const inner = select(vals, ({ node }) => {
      if (ts.isArrayBindingPattern(pattern))
        return ts.isArrayLiteralExpression(node) && node.elements[i] ? [node.elements[i]] : [];
      const key = nameOf(el.propertyName) ?? nameOf(el.name);
      const p = ts.isObjectLiteralExpression(node) && key ? propertyOf(node, key) : undefined;
      return p ? [p] : [];
    });
    return fromPattern(el.name, name, inner);
  });
}

const calleeName = (e: ts.Expression) =>
  ts.isIdentifier(e) ? e.text : ts.isPropertyAccessExpression(e) ? e.name.text : undefined;

/** The name a function-like node is called by (a declaration, a const arrow, a class's constructor). */
function callableName(fn: ts.SignatureDeclaration): string | undefined {
  if (ts.isConstructorDeclaration(fn)) return fn.parent.name?.text;
  if (ts.isFunctionDeclaration(fn)) return fn.name?.text;
  const parent = fn.parent;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isVariableDeclaration(parent))
    return nameOf(parent.name);
  return undefined;
}

const extendsName = (c: ts.ClassLikeDeclaration) =>
  c.heritageClauses
    ?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)
    ?.types.map((t) => calleeName(t.expression))
    .find(Boolean);

/** Scans sources ({ path: text }) for the codes they send. */
function scanSources(sources: Record<string, string>): Found[] {
  const files = Object.entries(sources).map(([path, text]) => ({
    path,
    src: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true),
  }));
  const takers = new Map<string, CodeTaker>([['ApiError', { index: 1, wrap: same }]]);
  const classes = files.flatMap(({ src }) => {
    const out: ts.ClassDeclaration[] = [];
    const walk = (n: ts.Node): void => {
      if (ts.isClassDeclaration(n)) out.push(n);
      ts.forEachChild(n, walk);
    };
    walk(src);
    return out;
  });

  // The code positions of one pass: (the expression, the helper it is in if any).
  const pass = () => {
    const sinks: { expr: ts.Expression; path: string; wrap: (s: string) => string }[] = [];
    for (const { path, src } of files) {
      const visit = (n: ts.Node) => {
        if (ts.isClassDeclaration(n) && n.name?.text === 'ApiError') return; // the shape itself
        const call = ts.isNewExpression(n) || ts.isCallExpression(n) ? n : undefined;
        if (call) {
          let name = calleeName(call.expression);
          if (call.expression.kind === ts.SyntaxKind.SuperKeyword) {
            const cls = ts.findAncestor(call, ts.isClassLike);
            name = cls ? extendsName(cls) : undefined;
          }
          const taker = name ? takers.get(name) : undefined;
          const arg = taker && call.arguments?.[taker.index];
          if (taker && arg) sinks.push({ expr: arg, path, wrap: taker.wrap });
        }
        if (ts.isObjectLiteralExpression(n) && ts.isPropertyAssignment(n.parent) && nameOf(n.parent.name) === 'error') {
          const code = propertyOf(n, 'code');
          if (code) sinks.push({ expr: code, path, wrap: same });
        }
        ts.forEachChild(n, visit);
      };
      visit(src);
    }
    return sinks;
  };

  // Helpers first, to a fixed point: a sink whose value is a parameter makes its function a taker,
  // and a subclass without a constructor takes the code where its parent does.
  for (let changed = true; changed;) {
    changed = false;
    for (const c of classes) {
      const parent = extendsName(c);
      const name = c.name?.text;
      const hasConstructor = c.members.some(ts.isConstructorDeclaration);
      if (name && parent && takers.has(parent) && !hasConstructor && !takers.has(name)) {
        takers.set(name, takers.get(parent)!);
        changed = true;
      }
    }
    for (const sink of pass()) {
      for (const v of valuesOf(sink.expr)) {
        if (v.kind !== 'param') continue;
        const name = callableName(v.fn);
        if (!name || takers.has(name)) continue;
        const { wrap } = v;
        takers.set(name, { index: v.index, wrap: (s) => sink.wrap(wrap(s)) });
        changed = true;
      }
    }
  }

  return pass().flatMap(({ expr, path, wrap }): Found[] => {
    const where = `${path}:${expr.getSourceFile().getLineAndCharacterOfPosition(expr.getStart()).line + 1}`;
    return valuesOf(expr).flatMap((v): Found[] => {
      if (v.kind === 'str') return [{ kind: 'code', code: wrap(v.value), where }];
      if (v.kind === 'const' && v.key) return [{ ...v, where }];
      // A helper's own definition: its callers are the sinks.
      if (v.kind === 'param' && takers.has(callableName(v.fn) ?? '')) return [];
      return [{ kind: 'opaque', where: `${path}: ${unwrap(expr).getText()}` }];
    });
  });
}

async function constantValue(found: Found & { kind: 'const' }): Promise<unknown> {
  const module = (await import(/* @vite-ignore */ found.module)) as Record<string, Record<string, unknown>>;
  return module[found.name]?.[found.key];
}

describe('the error codes the server sends', () => {
  const sources = Object.fromEntries(
    serverFiles(join(ROOT, 'server'))
      .map((f) => [relative(ROOT, f).split('\\').join('/'), f] as const)
      .filter(([rel]) => rel !== LIST)
      .map(([rel, f]) => [rel, readFileSync(f, 'utf8')]),
  );
  const found = scanSources(sources);
  const listed = new Set<string>(ALL_ERROR_CODES);

  it('are all listed in server/error-codes.ts, and the list names each once, in its area', async () => {
    const unlisted: string[] = [];
    for (const f of found) {
      if (f.kind === 'code' && !listed.has(f.code)) unlisted.push(`${f.where}: ${f.code}`);
      if (f.kind === 'const') {
        const value = await constantValue(f);
        if (typeof value !== 'string' || !listed.has(value))
          unlisted.push(`${f.where}: ${f.name}.${f.key} = ${String(value)}`);
      }
    }
    for (const codes of Object.values(BUILT)) unlisted.push(...codes.filter((c) => !listed.has(c)));
    expect(unlisted).toEqual([]);

    expect(ALL_ERROR_CODES.length).toBe(listed.size);
    const misplaced = Object.entries(ERROR_CODES).flatMap(([area, codes]) =>
      codes.filter((c: string) => (area === 'generic' ? c.includes('.') : !c.startsWith(`${area}.`))),
    );
    expect(misplaced).toEqual([]);
  });

  it('are built from parts only where BUILT says which codes come out', () => {
    const opaque = [...new Set(found.flatMap((f) => (f.kind === 'opaque' ? [f.where] : [])))].sort();
    expect(opaque).toEqual(Object.keys(BUILT).sort());
  });

  it('include every listed code: none is listed that the server never sends', async () => {
    const sent = new Set<string>(Object.values(BUILT).flat());
    for (const f of found) {
      if (f.kind === 'code') sent.add(f.code);
      if (f.kind === 'const') sent.add(String(await constantValue(f)));
    }
    expect(ALL_ERROR_CODES.filter((c) => !sent.has(c))).toEqual([]);
  });

  it('are found through each way the source hands a code on', () => {
    const sample = `
      import { EXAM_CODES } from '@/api/schemas/exams';
      class RateLimited extends ApiError {
        constructor(readonly wait: number, code: ErrorCode, message: string) { super(429, code, message); }
      }
      class Closed extends ApiError {}
      class Busy extends ApiError { constructor() { super(503, 'a_busy', 'Busy.'); } }
      const denied = (name: string, message: string) => new ApiError(403, \`area.\${name}\`, message);
      function fail(status: number, code: ErrorCode) { return new ApiError(status, code, 'x'); }
      const bodyOf = (code: ErrorCode, message: string) => ({ error: { code, message } });
      const TABLE = { X: { status: 400, code: 'b_table', message: 'x' } };
      export function f(ok: boolean, k: string) {
        throw new ApiError(400, ok ? 'c_then' : 'c_else', 'x');
        throw new RateLimited(5, 'd_rate', 'x');
        throw new Closed(409, 'e_closed', 'x');
        throw denied('f_name', 'x');
        throw fail(400, EXAM_CODES.locked);
        const [status, code] = ok ? [408, 'g_tuple'] : [400, 'h_tuple'];
        reply.send(bodyOf(code, 'x'));
        const { code: known } = TABLE[k] ?? { code: 'i_default' };
        reply.send(bodyOf(known, 'x'));
        reply.send({ error: { code: 'j_body', message: 'x' } });
        throw new ApiError(409, \`k.\${row.kind}\`, 'x');
      }`;
    const got = scanSources({ 'sample.ts': sample }).map((f) =>
      f.kind === 'code' ? f.code : f.kind === 'const' ? `${f.name}.${f.key}` : f.where,
    );
    expect(got.sort()).toEqual(
      [
        'a_busy',
        'b_table',
        'c_then',
        'c_else',
        'd_rate',
        'e_closed',
        'area.f_name',
        'EXAM_CODES.locked',
        'g_tuple',
        'h_tuple',
        'i_default',
        'j_body',
        'sample.ts: `k.${row.kind}`',
      ].sort(),
    );
  });
});
