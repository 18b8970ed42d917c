import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '#server/app-types';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { forbidden } from '#server/errors';
import type { AppMetrics } from './metrics';
import { checkReadiness } from './readiness';

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * /metrics is for the operator's scraper: the loopback address, or anyone with METRICS_TOKEN as a bearer token.
 * The address is request.ip, the client's as TRUST_PROXY says (not the socket's): behind a proxy on this machine
 * every socket is loopback. And when TRUST_PROXY is unset yet the request carries forwarding headers, it came
 * through a proxy we were not told about, so the socket's loopback address proves nothing: it counts as remote.
 */
export function metricsAllowed(request: FastifyRequest, config: Pick<Config, 'trustProxy' | 'metricsToken'>): boolean {
  const header = request.headers.authorization;
  if (config.metricsToken && header?.startsWith('Bearer ')) {
    if (timingSafeEqual(digest(header.slice('Bearer '.length)), digest(config.metricsToken))) return true;
  }
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (config.trustProxy === false && forwarded) return false;
  return isLoopback(request.ip);
}

const readyAnswer = z.object({ status: z.literal('ready') });
const notReadyAnswer = z.object({ code: z.literal('not-ready'), message: z.string(), errors: z.array(z.never()) });

/** GET /metrics (Prometheus text) and GET /readyz (for a load balancer); /healthz stays in app.ts as it was. */
export function opsRoutes(
  app: AppInstance,
  deps: {
    metrics: AppMetrics;
    config: Pick<Config, 'trustProxy' | 'metricsToken'>;
    db: Db;
    migrationStamp: number;
    isClosing: () => boolean;
    /** Writes are failing for lack of space (db/database-faults.ts): reads would pass, so the check must ask. */
    storageFull?: () => boolean;
  },
) {
  const { metrics, config } = deps;

  app.get('/metrics', async (request, reply) => {
    if (!metricsAllowed(request, config)) throw forbidden('metrics-refused');
    reply.header('Cache-Control', 'no-store');
    return reply.type(metrics.contentType).send(await metrics.text());
  });

  app.get('/readyz', { schema: { response: { 200: readyAnswer, 503: notReadyAnswer } } }, async (_request, reply) => {
    // A process shutting down says so first, so the load balancer stops sending before the port closes.
    const readiness = deps.isClosing()
      ? { ready: false as const, reason: 'shutting down' }
      : deps.storageFull?.()
        ? { ready: false as const, reason: 'storage full: the database cannot write' }
        : await checkReadiness(deps.db, deps.migrationStamp);
    if (!readiness.ready) return reply.status(503).send({ code: 'not-ready', message: `Not ready: ${readiness.reason}`, errors: [] });
    return { status: 'ready' as const };
  });
}
