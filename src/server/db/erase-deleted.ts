import { sql } from 'drizzle-orm';
import type { Database, Db } from './client';

/**
 * Deleted words leave the database's files, not only its tables. A DELETE only marks a row dead:
 * the bytes stay in the table's pages until they are reused, in its indexes, and in the WAL, and every snapshot
 * copies them. After an account is deleted (or an unused one is deleted by the retention pass), this pass
 *
 *   1. rewrites every table of the app (VACUUM FULL: new files holding only live rows, new indexes; the old files
 *      are removed at the next checkpoint), then
 *   2. on the embedded database, moves the WAL past every segment that held the old bytes and checkpoints, with
 *      WAL recycling off so an old segment is removed, not renamed and kept for reuse with its content.
 *
 * It runs as an outbox job (jobs/erase-deleted-job.ts) an hour after the first deletion it is for (later deletions
 * in that hour share it), so within 24 hours of a deletion her words are gone from the live files even if some tries
 * fail. Snapshots older than BACKUP_MAX_AGE_DAYS are pruned (db/snapshots.ts), which bounds how long they keep a copy.
 *
 * On PostgreSQL the same pass rewrites the tables; the CHECKPOINT needs a superuser or pg_checkpoint and is skipped
 * without it. The server's WAL is recycled by its own settings, and what a WAL archive or the operator's backups
 * keep is the operator's retention (docs/deploy.md, docs/privacy.md).
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Runs the pass (outside any transaction: VACUUM cannot run in one); answers the tables rewritten. */
export async function eraseDeletedData(db: Db, kind: Database['kind']): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)).map(
    (row) => row.name,
  );
  for (const table of tables) await db.execute(sql`vacuum (full, analyze) ${sql.identifier(table)}`);
  if (kind === 'embedded') await retireOldWal(db);
  else await db.execute(sql`checkpoint`).catch(() => undefined);
  return tables;
}

/**
 * The embedded server runs with wal_recycle off and wal_init_zero on (embedded-postgres.ts), so a checkpoint removes
 * the segments it no longer needs instead of renaming them for reuse, and a new segment starts zero-filled.
 * Segments already renamed for reuse (an earlier checkpoint's) still hold old bytes, so the WAL is switched past
 * each of them, then a checkpoint removes them all: the one segment left was made, zero-filled, after the deletion.
 */
async function retireOldWal(db: Db): Promise<void> {
  const [{ ahead = 0 } = {}] = rowsOf<{ ahead: number }>(
    await db.execute(sql`select count(*)::int as ahead from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$' and name >= pg_walfile_name(pg_current_wal_lsn())`),
  );
  for (let i = 0; i < ahead + 1; i++) {
    // A switch needs something written since the last one; this record is nothing but that.
    await db.execute(sql`select pg_logical_emit_message(false, 'sanga', 'erase')`);
    await db.execute(sql`select pg_switch_wal()`);
  }
  await db.execute(sql`checkpoint`);
}
