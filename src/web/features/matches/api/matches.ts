import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MATCHES_DEFAULT_LIMIT, type MatchDetail, type MatchItem } from '#domain/matching/match-api';
import { apiPage, flattenPages, nextPageOffset, type ApiPage } from '#web/lib/api-page';
import { useCurrentUser } from '#web/features/auth/api/current-user';

export const matchesKey = ['/api/matches'] as const;
/** Encoded: the id comes from the address bar, and the default query function joins the key as a path. */
export const matchDetailKey = (profileId: string) => ['/api/match', encodeURIComponent(profileId)] as const;

/** One page of GET /api/matches: the items and the total number of candidates (X-Total-Count). */
export type MatchesPage = ApiPage<MatchItem>;

/**
 * What the member narrowed /browse to, as the address bar and GET /api/matches both write it (every value a string;
 * the flags 'true'). Empty: the whole list.
 */
export type BrowseNarrowing = Partial<Record<'minAge' | 'maxAge' | 'withinKm' | 'country' | 'community' | 'verified' | 'references' | 'sort', string>>;

/** GET /api/matches?limit=&offset= and what narrows it. */
export function fetchMatchesPage(offset: number, limit: number = MATCHES_DEFAULT_LIMIT, narrowing: BrowseNarrowing = {}): Promise<MatchesPage> {
  return apiPage<MatchItem>(matchesKey[0], { ...narrowing, limit, offset });
}

/**
 * The loaded pages as one list, without repeats: when the candidates change between two page
 * loads, a person can move across a page boundary and come back in the next page.
 */
export function flattenMatches(pages: readonly MatchesPage[]): MatchItem[] {
  return flattenPages(pages, (item) => item.profileId);
}

/**
 * The matches list, MATCHES_DEFAULT_LIMIT at a time ("Load more" fetches the next page). Stale at
 * once, so coming back to /browse refreshes it in the background: profiles change (activated,
 * edited) while the cached list would otherwise never be refetched.
 */
export function useMatches(narrowing: BrowseNarrowing = {}) {
  const { isAuthenticated } = useCurrentUser();
  const narrowed = Object.keys(narrowing).length > 0;
  return useInfiniteQuery({
    // The whole list keeps the key the server's render seeds; a narrowed one is its own entry under it.
    queryKey: narrowed ? [...matchesKey, narrowing] : matchesKey,
    queryFn: ({ pageParam }) => fetchMatchesPage(pageParam, MATCHES_DEFAULT_LIMIT, narrowing),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextPageOffset(pages),
    enabled: isAuthenticated,
    staleTime: 0,
  });
}

/** GET /api/match/{profileId}: a candidate's profile and the compatibility (404 for anyone else). */
export function useMatchDetail(profileId: string) {
  const { isAuthenticated } = useCurrentUser();
  // The default query function GETs the joined key: /api/match/{profileId}.
  return useQuery<MatchDetail>({ queryKey: matchDetailKey(profileId), enabled: isAuthenticated && profileId !== '' });
}
