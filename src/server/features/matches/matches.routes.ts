import { z } from 'zod';
import { matchDetail, matchesQuery, matchItem } from '../../../domain/match-api';
import type { AppInstance } from '../../app-types';
import { requireUserId } from '../auth/sessions';
import type { MatchesService } from './matches.service';

export function matchesRoutes(app: AppInstance, deps: { matches: MatchesService }) {
  const { matches } = deps;

  app.get('/api/matches', { schema: { querystring: matchesQuery, response: { 200: z.array(matchItem) } } }, async (request, reply) => {
    const { items, total } = await matches.list(requireUserId(request), request.query);
    reply.header('X-Total-Count', String(total));
    return items;
  });

  app.get('/api/match/:id', { schema: { params: z.object({ id: z.uuid() }), response: { 200: matchDetail } } }, async (request) => {
    return matches.detail(requireUserId(request), request.params.id);
  });
}
