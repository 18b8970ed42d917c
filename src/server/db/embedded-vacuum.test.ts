import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client';
import { EmbeddedVacuum } from './embedded-vacuum';

/** The statistics of one table, after asking the database to publish what it counted so far. */
async function stats(database: Database, table: string) {
  await database.db.execute(sql`select pg_stat_force_next_flush()`);
  await database.db.execute(sql`select 1`);
  const result = await database.db.execute(
    sql`select n_dead_tup::int as dead, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed from pg_stat_user_tables where relname = ${table}`,
  );
  return (result as unknown as { rows: { dead: number; vacuumed: boolean; analyzed: boolean }[] }).rows[0]!;
}

describe('EmbeddedVacuum (PGlite has no autovacuum)', () => {
  let database: Database;
  beforeEach(async () => {
    database = await openPglite(undefined);
  });
  afterEach(async () => {
    await database.close();
  });

  it('takes every table on its first pass, then only the tables whose dead rows pass the threshold', async () => {
    const vacuum = new EmbeddedVacuum(database.db);
    const first = await vacuum.run();
    expect(first).toEqual(expect.arrayContaining(['profiles', 'users', 'rate_limit_counters', 'sessions']));
    expect(await stats(database, 'profiles')).toMatchObject({ vacuumed: true, analyzed: true });

    // Nothing changed since: nothing is due.
    expect(await vacuum.run()).toEqual([]);

    // 2,000 counters written, then each counted again: 2,000 dead row versions.
    await database.db.execute(
      sql`insert into rate_limit_counters (key, count, reset_at) select 'test:' || n, 1, now() + interval '1 hour' from generate_series(1, 2000) n`,
    );
    await database.db.execute(sql`update rate_limit_counters set count = count + 1`);
    expect((await stats(database, 'rate_limit_counters')).dead).toBe(2000);

    expect(await vacuum.run()).toEqual(['rate_limit_counters']);
    expect((await stats(database, 'rate_limit_counters')).dead).toBe(0);
  });
});
