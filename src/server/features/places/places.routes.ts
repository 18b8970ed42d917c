import { z } from 'zod';
import { placeItem, placesQuery } from '#domain/profile/vedic';
import type { AppInstance } from '#server/app-types';
import { signedIn } from '#server/http/guards';
import { loadPlaceSearch } from './place-search';

/**
 * GET /api/places?q=: up to 10 places whose name begins with q, for the profile's place of birth. Signed-in members
 * only (the form is theirs); the search is in memory, from data shipped with Sanga, and the log shows `q` redacted
 * (observability/log-url.ts), so no birth place typed ends up in a log line.
 */
export function placesRoutes(app: AppInstance) {
  app.get(
    '/api/places',
    { preValidation: signedIn, schema: { querystring: placesQuery, response: { 200: z.array(placeItem) } } },
    async (request) => {
      const search = await loadPlaceSearch();
      return search.search(request.query.q, request.query.lang);
    },
  );
}
