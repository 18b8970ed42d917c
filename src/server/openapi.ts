import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from './app-types';

/** Where the API description is served (in development and production alike). */
export const OPENAPI_PATH = '/api/openapi.json';

/** errors.ts's ErrorBody as a schema: every 4xx and 5xx answer of every route has this shape. */
const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), code: z.string(), message: z.string() })),
});
const errorResponse = { description: 'Refused: {code, message, errors}', ...z.toJSONSchema(errorBody, { target: 'draft-2020-12' }) };

/** The zod transform, then the one error shape added to every route (the error handler answers it for all). */
const transform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const schema = (transformed.schema ?? {}) as { response?: Record<string, unknown> };
  return { ...transformed, schema: { ...schema, response: { ...schema.response, '4xx': errorResponse, '5xx': errorResponse } } } as ReturnType<typeof jsonSchemaTransform>;
};

/**
 * The API description, generated from the routes' own zod schemas (@fastify/swagger collects every route as it is
 * registered; fastify-type-provider-zod turns each schema into JSON Schema 2020-12, OpenAPI 3.1's dialect), so it
 * cannot drift from what the server validates and answers. Registered before any route, so it sees them all.
 */
export async function registerOpenApi(app: AppInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sanga API',
        description:
          'The JSON API of Sanga. Errors answer {message, errors: [{path, code, message}]}. Lists that page answer the total in X-Total-Count.',
        // The description's own version: raised when an answer changes shape.
        version: '1.0.0',
      },
    },
    transform,
  });
}

/** The document's top level (the rest is passed through as generated). */
const openApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });

/** GET /api/openapi.json: the document, built once the app is ready (app.swagger() caches it). */
export function openApiRoute(app: AppInstance): void {
  app.get(OPENAPI_PATH, { schema: { response: { 200: openApiDocument } } }, async () => openApiDocument.parse(app.swagger()));
}
