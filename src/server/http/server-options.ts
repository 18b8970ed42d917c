import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Timeouts } from '#server/app-deps';
import type { Config } from '#server/config';
import { logUrl } from '#server/observability/log-url';
import { errorHandler } from './error-handling';
import { RequestLogController } from './request-log';
import { PERMISSIONS_POLICY } from './security-headers';

/** JSON bodies larger than this are refused with 413 (photo uploads have their own limit). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  // Fastify's request fields, with the address as logUrl shows it (no token, no member id).
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: logUrl(request),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
  // A body is never logged; should one ever be, its password, tokens and birth details (issue 52) are not.
  redact: {
    paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.token', '*.vedic', '*.birthTime', '*.birthPlace'],
    censor: '[redacted]',
  },
});

/** Trusts the nearest `hops` proxies: with 1, the client is the right-most X-Forwarded-For entry. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The Fastify server's own options: logging, body limit, request ids, trusted proxies, timeouts, router limits. */
export function serverOptions(config: Config, logger: FastifyServerOptions['logger'] | undefined, timeouts: Timeouts): FastifyHttpOptions<Server> {
  return {
    logger: logger ?? loggerOptions(config.logLevel),
    // One line per request instead of Fastify's two, and only when LOG_LEVEL asks for it (http/request-log.ts).
    logController: new RequestLogController(config.logRequests),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    // Only the proxies named by TRUST_PROXY may set the client address: trusting X-Forwarded-For from anyone
    // let a caller pick the address every per-IP limit and the admin audit use.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    // Node arms its request-timeout check only from the server's constructor options (setting requestTimeout on
    // the server afterwards, as Fastify does, is silently ignored on Node 20), and checks on an interval (30 s by
    // default): both go here, the interval short enough to honour a short timeout.
    http: {
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(timeouts.requestMs / 4))),
    },
    routerOptions: { maxParamLength: 200 },
    // Malformed escapes and over-long params in the path are refused before routing (no hooks run, so helmet
    // adds nothing): the same {message, errors} body, with the headers a JSON error needs.
    frameworkErrors: (error, request, reply) => {
      reply
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'same-origin')
        .header('Permissions-Policy', PERMISSIONS_POLICY)
        .header('Cache-Control', 'no-store');
      return errorHandler(error, request, reply);
    },
  };
}
