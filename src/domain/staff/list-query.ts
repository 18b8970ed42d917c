import { z } from 'zod';

/** The most rows one page of an admin list may ask for. */
export const LIST_MAX_LIMIT = 200;
/** The page size the dashboard asks for. */
export const LIST_PAGE_SIZE = 20;
/** Longer searches are refused: nobody types a 200-character name, and a pattern that long only costs. */
export const LIST_SEARCH_MAX = 200;

/**
 * The query string of a searchable, filterable, paged admin list: `q` (a substring of the list's text
 * columns), `status` (one of the list's own statuses), `limit` and `offset`. Every part is optional: without
 * `limit` the whole (filtered) list is answered, as the spec's callers without parameters expect.
 * The total is answered in X-Total-Count whatever the page.
 */
export function listQuery<const S extends readonly [string, ...string[]]>(statuses: S) {
  return z.object({
    q: z.string().trim().max(LIST_SEARCH_MAX).optional(),
    status: z.enum(statuses).optional(),
    limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).optional(),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  });
}

/** What a list query parses to (status narrowed per list). */
export interface ListParams<S extends string = string> {
  q?: string | undefined;
  status?: S | undefined;
  limit?: number | undefined;
  offset: number;
}

/** The admin's user-profile statuses (spec §4 display status), and accounts an admin suspended. */
export const adminProfileStatuses = ['incomplete', 'active', 'inactive', 'suspended'] as const;
export type AdminProfileStatus = (typeof adminProfileStatuses)[number];

/** Volunteer applications: pending review or approved (spec §4). */
export const volunteerApplicationStatuses = ['pending', 'approved'] as const;
export type VolunteerApplicationStatus = (typeof volunteerApplicationStatuses)[number];
