import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MATCHES_DEFAULT_LIMIT, type MatchDetail, type MatchItem } from '../../../../domain/match-api';
import { ApiError } from '../../../lib/api';
import { useCurrentUser } from '../../auth/api/current-user';

export const matchesKey = ['/api/matches'] as const;
/** Encoded: the id comes from the address bar, and the default query function joins the key as a path. */
export const matchDetailKey = (profileId: string) => ['/api/match', encodeURIComponent(profileId)] as const;

/** One page of GET /api/matches: the items and the total number of candidates (X-Total-Count). */
export interface MatchesPage {
  items: MatchItem[];
  total: number;
}

/**
 * GET /api/matches?limit=&offset=. apiRequest gives only the body, and the total is in a header,
 * so this reads the Response itself; a non-OK answer throws the same ApiError ("STATUS: body").
 */
export async function fetchMatchesPage(offset: number, limit: number = MATCHES_DEFAULT_LIMIT): Promise<MatchesPage> {
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  const response = await fetch(`${matchesKey[0]}?${query}`, { credentials: 'include' });
  if (!response.ok) {
    throw new ApiError(response.status, await response.text(), response.statusText);
  }
  const items = (await response.json()) as MatchItem[];
  return { items, total: parseTotal(response.headers.get('X-Total-Count'), offset + items.length) };
}

/** The X-Total-Count header as a count; when absent or malformed, what has been seen so far. */
export function parseTotal(header: string | null, fallback: number): number {
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header.trim()) : fallback;
}

/** The offset of the next page, or undefined when every candidate is loaded. */
export function nextMatchesOffset(pages: readonly MatchesPage[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.items.length === 0) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < last.total ? loaded : undefined;
}

/**
 * The loaded pages as one list, without repeats: when the candidates change between two page
 * loads, a person can move across a page boundary and come back in the next page.
 */
export function flattenMatches(pages: readonly MatchesPage[]): MatchItem[] {
  const seen = new Set<string>();
  const items: MatchItem[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.profileId)) continue;
      seen.add(item.profileId);
      items.push(item);
    }
  }
  return items;
}

/**
 * The matches list, MATCHES_DEFAULT_LIMIT at a time ("Load more" fetches the next page). Stale at
 * once, so coming back to /browse refreshes it in the background: profiles change (activated,
 * edited) while the cached list would otherwise never be refetched.
 */
export function useMatches() {
  const { isAuthenticated } = useCurrentUser();
  return useInfiniteQuery({
    queryKey: matchesKey,
    queryFn: ({ pageParam }) => fetchMatchesPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => nextMatchesOffset(pages),
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
