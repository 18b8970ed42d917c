import { or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ListParams } from '#domain/staff/list-query';
import type { Db } from './client';

/** One page of a list and the number of rows the whole filtered list has (answered in X-Total-Count). */
export interface Page<T> {
  rows: T[];
  total: number;
}

/** `%text%` for ILIKE, with the caller's own `%`, `_` and `\` matched literally (a search is not a pattern). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The rows whose text columns contain `q` (case-insensitive), or undefined for no search. Each column gets an
 * ILIKE of its own so a trigram index on it can answer (an ILIKE on a concatenation would need its own
 * expression index); pass `sql` fragments for columns of another table (e.g. `x = any(array(select …))`).
 */
export function textSearch(q: string | undefined, columns: Array<SQLWrapper | ((pattern: string) => SQL)>): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((column) => (typeof column === 'function' ? column(pattern) : sql`${column} ilike ${pattern}`)));
}

/**
 * Reads one page and the total of a list in one read-only snapshot (REPEATABLE READ), so the total counts the
 * same rows the page was taken from even while others write. `rows` gets `limit` undefined for the whole list.
 */
export async function readPage<T>(
  db: Db,
  params: Pick<ListParams, 'limit' | 'offset'>,
  query: {
    rows: (tx: Db, page: { limit: number | undefined; offset: number }) => Promise<T[]>;
    total: (tx: Db) => Promise<number>;
  },
): Promise<Page<T>> {
  return db.transaction(
    async (tx) => {
      const rows = await query.rows(tx, { limit: params.limit, offset: params.offset });
      // Without a limit from the start, the rows are the whole list: no second count is needed.
      const total = params.limit === undefined && params.offset === 0 ? rows.length : await query.total(tx);
      return { rows, total };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Sets X-Total-Count and answers the page's rows: the spec's array body stays the body. */
export function sendPage<T>(reply: { header(name: string, value: string): unknown }, page: Page<T>): T[] {
  reply.header('X-Total-Count', String(page.total));
  return page.rows;
}
