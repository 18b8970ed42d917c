import type { FastifyRequest, RouteOptions } from 'fastify';

/** "METHOD /url/:param", the key a permission-matrix row is filed under. */
export type RouteKey = `${string} ${string}`;

export interface RouteCatalogue {
  /** Give this to `createTestContext(…, { onRoute })`: it records every route and tags it for {@link takeMatched}. */
  onRoute(route: RouteOptions): void;
  /**
   * Every route the server registered, sorted. A HEAD route is left out when a GET route has the same URL:
   * Fastify adds those by itself (`exposeHeadRoutes`), they run the GET handler, and the GET row covers them.
   * Any other HEAD route (declared on purpose) is listed and needs a row of its own.
   */
  routes(): RouteKey[];
  /** The route the last request reached ("METHOD /url/:param"), or undefined when it reached none; clears it. */
  takeMatched(): RouteKey | undefined;
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/**
 * Collects the registered routes through Fastify's onRoute hook, and prepends to each route an onRequest
 * hook that notes which route a request reached, so a matrix cell can prove its request hit the route of
 * its row (a mistyped path would otherwise pass any "404 expected" cell). The hook goes first among the
 * route's own onRequest hooks, so it runs even when one of them refuses the request (upload tickets).
 */
export function createRouteCatalogue(): RouteCatalogue {
  const registered = new Set<RouteKey>();
  let matched: RouteKey | undefined;

  return {
    onRoute(route) {
      for (const method of asArray(route.method)) registered.add(`${method.toUpperCase()} ${route.url}`);
      const note = async (request: FastifyRequest) => {
        matched = `${request.method} ${request.routeOptions.url ?? ''}`;
      };
      route.onRequest = [note, ...asArray(route.onRequest)] as RouteOptions['onRequest'];
    },
    routes() {
      return [...registered]
        .filter((key) => !(key.startsWith('HEAD ') && registered.has(`GET ${key.slice('HEAD '.length)}`)))
        .sort();
    },
    takeMatched() {
      const value = matched;
      matched = undefined;
      return value;
    },
  };
}
