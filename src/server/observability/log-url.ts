import type { FastifyRequest } from 'fastify';

/**
 * What the log may say of a request's address. Query parameters that carry a
 * secret (a reset or verification token, a signature) are replaced by `[redacted]`: a log line must not open an
 * account. A path that names a member (`/api/match/<id>`, `/api/messages/<userId>`, the app's `/match/<id>`) is
 * logged as its route pattern (`/api/match/:id`), so the log does not pair a client address with whom they looked
 * at; a path no route matched has its ids replaced the same way.
 */

/** Secrets, and the free-text search (`q`: a coordinator's search may be a member's name). */
const SECRET_PARAM = /token|signature|secret|password|credential|^sig$|^key$|^code$|^q$/i;
/** A UUID, or any long run of digits or url-safe base64 that looks like an id or token in a path segment. */
const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4,}|[A-Za-z0-9_-]{32,})$/i;

/** The query string with every secret-looking parameter's value replaced; '' when there is none. */
export function redactQuery(query: string): string {
  if (!query) return '';
  const parts = query.split('&').map((part) => {
    const [rawName = '', ...value] = part.split('=');
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      // A malformed escape: judged as written.
    }
    return value.length > 0 && SECRET_PARAM.test(name) ? `${rawName}=[redacted]` : part;
  });
  return `?${parts.join('&')}`;
}

/** A path with its id-like segments replaced by `:id` (for paths no route pattern describes). */
export function pathWithoutIds(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => (ID_SEGMENT.test(segment) ? ':id' : segment))
    .join('/');
}

/** The address as the log shows it: the route pattern (or the path without ids) and the redacted query. */
export function logUrl(request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string | undefined } }): string {
  const url = request.url ?? '';
  const mark = url.indexOf('?');
  const pathname = mark === -1 ? url : url.slice(0, mark);
  const query = mark === -1 ? '' : url.slice(mark + 1);
  const pattern = request.routeOptions?.url;
  // A pattern with a parameter stands for the path; a wildcard (static files) or no match keeps the path, minus ids.
  const shown = pattern && pattern.includes(':') ? pattern : pathWithoutIds(pathname);
  return `${shown}${redactQuery(query)}`;
}
