/**
 * Inputs are taken as sent, never coerced (src/api/schemas/common.ts explains the rules):
 * - JSON bodies: decoded as strict UTF-8 (invalid bytes are a 400, not silently replaced), refused
 *   with a 400 naming the body when nested deeper than MAX_JSON_DEPTH (checked on the text, before
 *   parsing: no later step, the idempotency key's hash or a schema, meets a structure that would
 *   overflow its stack), parsed, and refused with a field-naming 400 when a key would reach an object's prototype
 *   (`__proto__`, `constructor.prototype`), when a string holds a NUL (PostgreSQL text cannot) or
 *   half a surrogate pair (not text at all).
 * - Query strings and path parameters can only carry text: for the fields whose schema is a number,
 *   plain decimal text (`^\d+$`) becomes that number before validation and any other text becomes
 *   NaN, which the number schema refuses naming the field. Nothing else is converted.
 */
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { ApiError, badRequest } from '../errors';

// ---------------------------------------------------------------- query strings and path parameters

type ZodDef = { type: string; [k: string]: unknown };
const defOf = (schema: unknown): ZodDef | null => (schema as { _zod?: { def?: ZodDef } } | null)?._zod?.def ?? null;

/** Whether a schema, through its optional/default/preprocess wrappers, takes a number. */
export function takesNumber(schema: unknown, depth = 0): boolean {
  const def = defOf(schema);
  if (!def || depth > 20) return false;
  switch (def.type) {
    case 'number':
      return true;
    case 'literal':
      return (def.values as unknown[]).every((v) => typeof v === 'number');
    case 'union':
      return (def.options as unknown[]).every((o) => takesNumber(o, depth + 1));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return takesNumber(def.innerType, depth + 1);
    case 'pipe': {
      // z.preprocess(fn, schema) is transform -> schema; schema.transform(fn) is schema -> transform.
      const input = defOf(def.in);
      return input?.type === 'transform' ? takesNumber(def.out, depth + 1) : takesNumber(def.in, depth + 1);
    }
    default:
      return false;
  }
}

/** The keys of an object schema whose values are numbers, or lists of numbers. */
export function numberFields(schema: unknown): { single: Set<string>; lists: Set<string> } {
  const single = new Set<string>();
  const lists = new Set<string>();
  let def = defOf(schema);
  // Unwrap the object itself (an optional query, a piped one).
  for (let i = 0; def && def.type !== 'object' && i < 10; i++) {
    if (def.type === 'pipe') def = defOf(defOf(def.in)?.type === 'transform' ? def.out : def.in);
    else def = defOf(def.innerType);
  }
  if (!def || def.type !== 'object') return { single, lists };
  for (const [key, field] of Object.entries(def.shape as Record<string, unknown>)) {
    if (takesNumber(field)) single.add(key);
    else {
      let inner = defOf(field);
      while (inner && ['optional', 'nullable', 'default', 'prefault'].includes(inner.type))
        inner = defOf(inner.innerType);
      if (inner?.type === 'array' && takesNumber(inner.element)) lists.add(key);
    }
  }
  return { single, lists };
}

const DECIMAL = /^\d+$/;
/** Decimal text is that number, '' stays '' (absent, for optional fields), other text is NaN. */
const numberFromText = (v: unknown) => (typeof v !== 'string' || v === '' ? v : DECIMAL.test(v) ? Number(v) : NaN);

export function numbersFromText(
  input: unknown,
  fields: { single: Set<string>; lists: Set<string> },
): Record<string, unknown> | unknown {
  if (!input || typeof input !== 'object') return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const key of fields.single) if (key in out) out[key] = numberFromText(out[key]);
  for (const key of fields.lists) {
    const v = out[key];
    if (Array.isArray(v)) out[key] = v.map(numberFromText);
  }
  return out;
}

/** fastify-type-provider-zod's validator, with numbers read from query strings and path parameters. */
export const strictValidatorCompiler: FastifySchemaCompiler<$ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'querystring' && route.httpPart !== 'params') return validate;
  const fields = numberFields(route.schema);
  if (!fields.single.size && !fields.lists.size) return validate;
  return (data) => validate(numbersFromText(data, fields));
};

// ---------------------------------------------------------------- JSON bodies

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Arrays and objects inside one another: the API's deepest body has a handful; this leaves room. */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text nests arrays and objects deeper than `limit` (strings are skipped, escapes too). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path (`attendance.0.student_id`) and the fault of the first value a JSON body must not
 * hold; null when there is none. Iterative, so deep nesting cannot overflow the stack.
 */
export function bodyFault(value: unknown, root = ''): { at: string; message: string } | null {
  const stack: [unknown, string][] = [[value, root]];
  const join = (at: string, k: string) => (at ? `${at}.${k}` : k);
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return { at: at || 'body', message: 'must not contain NUL characters' };
      if (LONE_SURROGATE.test(v)) return { at: at || 'body', message: 'must be valid text' };
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], join(at, String(i))]);
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i];
        if (k === '__proto__') return { at: join(at, k), message: 'is not an allowed field name' };
        if (k === 'constructor' && child && typeof child === 'object' && Object.hasOwn(child, 'prototype'))
          return { at: join(at, 'constructor.prototype'), message: 'is not an allowed field name' };
        if (k.includes('\u0000')) return { at: at || 'body', message: 'must not contain NUL characters' };
        stack.push([child, join(at, k)]);
      }
    }
  }
  return null;
}

/** NUL characters in the query or path parameters (the body is checked as it is parsed). */
export function nulPath(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    const values = Array.isArray(v) ? v : [v];
    if (k.includes('\u0000') || values.some((x) => typeof x === 'string' && x.includes('\u0000'))) return k;
  }
  return null;
}

/** Replaces Fastify's JSON parser and checks query strings and path parameters for NULs. */
export const strictInput = fp(async (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req: FastifyRequest, raw: Buffer, done) => {
    if (raw.length === 0) {
      done(
        new ApiError(400, 'invalid_input', 'body: must not be empty when sent as JSON', { body: 'must not be empty' }),
      );
      return;
    }
    let text: string;
    try {
      text = utf8.decode(raw);
    } catch {
      done(badRequest('body', 'is not valid UTF-8 text'));
      return;
    }
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest('body', `is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`));
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      done(badRequest('body', 'is not valid JSON'));
      return;
    }
    const fault = bodyFault(body);
    if (fault) {
      done(badRequest(fault.at, fault.message));
      return;
    }
    done(null, body);
  });

  // Before validation: schemas check shapes, not this.
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query]) {
      const at = nulPath(part);
      if (at) throw badRequest(at, 'must not contain NUL characters');
    }
  });
});
