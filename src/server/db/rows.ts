import type { SQLWrapper } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The rows of a raw statement (`db.execute(sql…)`). Both drivers answer `{ rows }` (node-postgres' QueryResult,
 * PGlite's Results), but Db's one type for both leaves the result unknown; `T` is the caller's word for the
 * statement's columns, as with Drizzle's sql<T>.
 */
export async function executeRows<T extends object>(db: Db, query: SQLWrapper | string): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) return result.rows;
  throw new Error('The database driver answered a statement without rows');
}
