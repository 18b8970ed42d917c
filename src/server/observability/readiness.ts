import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { executeRows } from '#server/db/rows';

/** A database that has not answered in this long counts as not answering. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * The newest migration this code ships (its journal's `when`, which drizzle's migrator records as
 * `created_at` once the migration has run; numbering can change on a merge, this stamp does not).
 */
export function latestMigrationStamp(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Ready when the database answers within two seconds and has run every migration this code ships (drizzle's
 * own table says so). A database restored from an older backup, or one whose migration failed, is not ready.
 */
export async function checkReadiness(db: Db, expectedStamp: number): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: 'the database did not answer in time' }), CHECK_TIMEOUT_MS);
  });
  const check = (async (): Promise<Readiness> => {
    try {
      const rows = await executeRows<{ latest: string | number | null }>(db, sql`select max(created_at) as latest from drizzle.__drizzle_migrations`);
      const latest = Number(rows[0]?.latest ?? 0);
      return latest >= expectedStamp ? { ready: true } : { ready: false, reason: 'migrations have not run' };
    } catch {
      // No migrations table (nothing ran yet) or no database at all.
      return { ready: false, reason: 'the database did not answer, or has no migrations' };
    }
  })();
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
