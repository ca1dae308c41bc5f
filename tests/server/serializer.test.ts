/**
 * The response serializer writes what the contract declares and nothing else, whether it runs
 * fast-json-stringify (every response schema today) or falls back to zod (a schema with a transform).
 */
import { z } from 'zod';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { fastSerializerCompiler } from '@server/plugins/serializer';

const compile = (schema: z.ZodType) =>
  fastSerializerCompiler({ schema, method: 'GET', url: '/api/x', httpStatus: '200' } as never) as (
    data: unknown,
  ) => string;

const row = z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable() });

describe('response serializer', () => {
  it('drops properties the schema does not declare (a password hash never leaks)', () => {
    const out = compile(z.array(row))([{ id: 1, name: 'Rahim', note: null, password_hash: 'scrypt$…' }]);
    expect(JSON.parse(out)).toEqual([{ id: 1, name: 'Rahim', note: null }]);
  });

  it('refuses a response missing a required field as a serialization error (a 500, not a broken answer)', () => {
    let caught: unknown;
    try {
      compile(row)({ id: 1, note: 'x' });
    } catch (err) {
      caught = err;
    }
    expect(isResponseSerializationError(caught)).toBe(true);
  });

  it('falls back to zod for schemas JSON Schema cannot express, and still strips', () => {
    const withDate = z.object({ at: z.date() });
    const at = new Date('2026-11-23T03:00:00Z');
    expect(JSON.parse(compile(withDate)({ at, extra: 1 }))).toEqual({ at: '2026-11-23T03:00:00.000Z' });
  });
});
