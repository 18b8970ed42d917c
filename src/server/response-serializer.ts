import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * Answers are written by fast-json-stringify from the route's response schema: the zod schema is
 * turned into JSON Schema once, when the route is registered, and compiled into a function that writes exactly
 * the described fields. The type provider's own serializer encoded every answer through zod at run time (a
 * full parse, then JSON.stringify); this writes the same JSON without the parse: bench:serialize says what it
 * buys. Fields a schema does not describe are left out, as zod's parse left them out (a row's password hash can
 * never reach an answer). What it does not do is check the answer: the OpenAPI test checks every answer of
 * a real run against the same schemas instead.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  return fastJsonStringify(toJsonSchema(schema) as Parameters<typeof fastJsonStringify>[0]) as (data: unknown) => string;
};

/** A zod schema as JSON Schema (draft 7, what fast-json-stringify reads); a JSON Schema stays as it is. */
function toJsonSchema(schema: unknown): object {
  if (!(schema instanceof z.ZodType)) return schema as object;
  // io 'output': what the handler's value becomes; unrepresentable parts (none today) are written as JSON.stringify would.
  return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
}
