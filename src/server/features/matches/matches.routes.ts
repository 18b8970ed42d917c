import { z } from 'zod';
import { matchDetail, matchesQuery, matchItem } from '#domain/matching/match-api';
import type { AppInstance } from '#server/app-types';
import { memberOf, signedIn } from '#server/http/guards';
import type { MatchesService } from './matches.service';

export function matchesRoutes(app: AppInstance, deps: { matches: MatchesService }) {
  const { matches } = deps;

  app.get('/api/matches', { preValidation: signedIn, schema: { querystring: matchesQuery, response: { 200: z.array(matchItem) } } }, async (request, reply) => {
    const { items, total } = await matches.list(memberOf(request).userId, request.query);
    reply.header('X-Total-Count', String(total));
    return items;
  });

  app.get('/api/match/:id', { preValidation: signedIn, schema: { params: z.object({ id: z.uuid() }), response: { 200: matchDetail } } }, async (request) => {
    return matches.detail(memberOf(request).userId, request.params.id);
  });
}
