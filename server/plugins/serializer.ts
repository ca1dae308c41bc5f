/**
 * Responses are written by fast-json-stringify, compiled once per route from the route's zod
 * response schema (through its JSON Schema). Like zod's default strip, it writes only the
 * properties the schema declares, so a row with more columns than the contract never leaks them;
 * it is several times faster than encoding with zod and then JSON.stringify (a student's 1,000-row
 * history: 0.4 ms against 3.5 ms). A schema JSON Schema cannot express (a transform, say) keeps
 * zod's serializer for its route.
 */
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Compiler = FastifySerializerCompiler<unknown>;

export const fastSerializerCompiler: Compiler = (route) => {
  const { schema, method, url } = route;
  if (!(schema instanceof z.ZodType)) return (zodSerializerCompiler as Compiler)(route);
  let stringify: (data: unknown) => string;
  try {
    stringify = fastJsonStringify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' }) as never);
  } catch {
    return (zodSerializerCompiler as Compiler)(route);
  }
  return (data) => {
    try {
      return stringify(data);
    } catch (err) {
      throw new ResponseSerializationError(method, url, { cause: err as never });
    }
  };
};
