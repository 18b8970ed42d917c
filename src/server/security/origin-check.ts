import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests made by another site: the browser says so in Sec-Fetch-Site,
 * or the Origin header names another host. Together with SameSite=Lax cookies and JSON-only
 * bodies this is our protection against cross-site request forgery (docs/security.md).
 */
export function createOriginCheck(publicUrl: string | undefined) {
  const allowedOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return async function originCheck(request: FastifyRequest, _reply: FastifyReply) {
    if (SAFE_METHODS.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') throw forbidden('Cross-site request refused');
    const origin = request.headers.origin;
    if (!origin) return;
    if (allowedOrigin && origin === allowedOrigin) return;
    let sameHost: boolean;
    try {
      const originUrl = new URL(origin);
      // Normalise the Host header the same way (a default port disappears) before comparing.
      sameHost = originUrl.host === new URL(`${originUrl.protocol}//${request.headers.host ?? ''}`).host;
    } catch {
      sameHost = false;
    }
    if (!sameHost) throw forbidden('Cross-site request refused');
  };
}
