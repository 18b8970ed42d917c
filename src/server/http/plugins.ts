import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppInstance } from '#server/app-types';
import type { Config } from '#server/config';
import type { AppMetrics } from '#server/observability/metrics';
import { registerOpenApi } from '#server/openapi';
import { responseSerializerCompiler } from '#server/response-serializer';
import type { ObjectStore } from '#server/storage/object-store';
import { registerErrorHandling } from './error-handling';
import { registerSecurityHeaders } from './security-headers';
import type { DatabaseFaults } from '#server/db/database-faults';

/** Each answer's time in the request histogram (GET /metrics); an event stream is counted as a gauge instead. */
function registerRequestMetrics(app: AppInstance, metrics: AppMetrics): void {
  app.decorate('metrics', metrics);
  app.addHook('onClose', async () => metrics.close());
  app.addHook('onResponse', async (request, reply) => {
    // An event stream's "answer" lasts as long as the stream: it would swamp the histogram (streams are a gauge).
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
}

/**
 * The HTTP layer every route stands on, in the order it must be registered: metrics, zod validation and the
 * serializer, the error handler, JSON-only bodies, the security headers, compression, cookies, and the OpenAPI
 * description (before any route: it describes every route registered after it).
 */
export async function registerHttpPlugins(app: AppInstance, config: Config, metrics: AppMetrics, objectStore: ObjectStore): Promise<DatabaseFaults> {
  registerRequestMetrics(app, metrics);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  const databaseFaults = registerErrorHandling(app, metrics);
  // JSON only: a cross-site HTML form cannot send it without a CORS preflight.
  app.removeContentTypeParser('text/plain');
  await registerSecurityHeaders(app, config, objectStore);
  // Brotli at its default (maximum) quality costs milliseconds per answer; quality 4 is nearly as small and cheap.
  await app.register(fastifyCompress, { threshold: 1024, brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await registerOpenApi(app);
  return databaseFaults;
}
