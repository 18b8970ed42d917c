import { ApiError } from './api';

/**
 * One page of a paged list (GET …?limit=&offset=): the items and the size of the whole list, which the server sends
 * in the X-Total-Count header (the matches, the admin lists and the coordinator lists all answer this way).
 */
export interface ApiPage<T> {
  items: T[];
  total: number;
}

/**
 * A list's query: limit and offset, and the list's own filters (q, status, filter: strings); an unset or empty value
 * is left out of the address.
 */
export interface PageQuery {
  offset: number;
  limit?: number | undefined;
}

/** The list's address with only the parameters that are set (an empty search is no search; the offset always, as the first page's address did). */
export function pageUrl<Q extends PageQuery>(path: string, query: Q): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query) as [string, unknown][]) {
    const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
    if (text === '') continue;
    search.set(name, text);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * GET one page of a list. apiRequest gives only the body and the total is in a header, so this reads the Response
 * itself; a non-OK answer throws the same ApiError as apiRequest.
 */
export async function apiPage<T, Q extends PageQuery = PageQuery>(path: string, query: Q): Promise<ApiPage<T>> {
  const response = await fetch(pageUrl(path, query), { credentials: 'include' });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  const items = (await response.json()) as T[];
  return { items, total: parseTotal(response.headers.get('X-Total-Count'), query.offset + items.length) };
}

/** The X-Total-Count header as a count; when absent or malformed, what has been seen so far. */
export function parseTotal(header: string | null, fallback: number): number {
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header.trim()) : fallback;
}

/** For "Load more": the offset of the next page, or undefined when the whole list is loaded. */
export function nextPageOffset(pages: readonly ApiPage<unknown>[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.items.length === 0) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
  return loaded < last.total ? loaded : undefined;
}

/**
 * The loaded pages as one list, without repeats: when the list changes between two page loads, an item can move
 * across a page boundary and come back in the next page.
 */
export function flattenPages<T>(pages: readonly ApiPage<T>[], idOf: (item: T) => string): T[] {
  const seen = new Set<string>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(idOf(item))) continue;
      seen.add(idOf(item));
      items.push(item);
    }
  }
  return items;
}
