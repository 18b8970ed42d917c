import type { QueryClient } from '@tanstack/react-query';
import { BROWSE_FIRST_PAGE } from '#domain/site/member-pages';

/** Answers a page was sent with (server/first-visit-html.ts, server/member-page-html.ts), by the URL they answer. */
export type InitialQueries = Record<string, unknown>;

/**
 * Puts the answers a page was rendered with into the query cache, under the keys the screens ask them by, so the
 * browser's first render is the server's (hydration) and no answer is asked for again. A screen's key joined with
 * '/' is its URL (lib/query-client.ts); the keys of more than one part are rebuilt here, and app/initial-queries.test.ts
 * checks them against the features' own. The first page of /browse is the first page of an infinite query.
 */
export function seedInitialQueries(client: QueryClient, answers: InitialQueries | undefined): void {
  for (const [url, answer] of Object.entries(answers ?? {})) {
    if (url === BROWSE_FIRST_PAGE) client.setQueryData(['/api/matches'], { pages: [answer], pageParams: [0] });
    else client.setQueryData(queryKeyOf(url), answer);
  }
}

/** The query key whose parts joined with '/' make `url`. */
export function queryKeyOf(url: string): readonly string[] {
  const [, api, section, id, rest, ...more] = url.split('/');
  if (api === 'api' && id && more.length === 0) {
    if (section === 'match' && rest === undefined) return ['/api/match', id];
    if (section === 'messages' && rest === undefined) return ['/api/messages', id];
    if (section === 'user' && rest === 'info') return ['/api/user', id, 'info'];
  }
  return [url];
}
