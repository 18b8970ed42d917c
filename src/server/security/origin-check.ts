import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '#server/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's authority is a signed token in the request, not the cookie: cross-site posts are let through. */
    allowCrossSite?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests made by another site: the browser says so in Sec-Fetch-Site,
 * or the Origin header names another origin (scheme, host and port). Together with SameSite=Lax cookies and JSON-only
 * bodies this is our protection against cross-site request forgery (docs/security.md).
 */
export function createOriginCheck(publicUrl: string | undefined) {
  const allowedOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return async function originCheck(request: FastifyRequest, _reply: FastifyReply) {
    if (SAFE_METHODS.has(request.method)) return;
    // A route whose only authority is a signed token in the request (one-click unsubscribe) opts out: a mail
    // provider's server posts it, and a forged cross-site post could do nothing the token does not already allow.
    if (request.routeOptions.config?.allowCrossSite) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') throw forbidden('cross-site-refused');
    const origin = request.headers.origin;
    if (!origin) return;
    if (allowedOrigin && origin === allowedOrigin) return;
    let sameOrigin: boolean;
    try {
      // Scheme, host and port all count (an http page on the same host is another origin than the https app).
      // Normalised through URL so a default port written out (:80, :443) compares equal to none.
      const requestOrigin = new URL(`${request.protocol}://${request.headers.host ?? ''}`).origin;
      sameOrigin = new URL(origin).origin === requestOrigin;
    } catch {
      sameOrigin = false;
    }
    if (!sameOrigin) throw forbidden('cross-site-refused');
  };
}

/**
 * For a GET that changes state or spends something (a thread read marks it read, an export uses one of the day's
 * three): a Lax cookie rides along on a top-level navigation from another site, so a link elsewhere must not do it.
 * The app itself fetches same-origin.
 */
export function refuseCrossSiteRead(request: FastifyRequest): void {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') throw forbidden('cross-site-refused');
}
