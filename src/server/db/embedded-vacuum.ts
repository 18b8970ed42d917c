import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { executeRows } from './rows';

/**
 * VACUUM and ANALYZE for the embedded database. PGlite runs PostgreSQL in single-user mode, where no autovacuum
 * launcher exists: without this, the dead rows every update and delete leaves (rate-limit counters are upserted
 * on each limited request, sessions are touched and purged) would stay in the files for good, the planner's
 * statistics would never follow the data, and counts could never be answered from an index alone (the admin's
 * X-Total-Count). PostgreSQL's own autovacuum does this on a server, so this runs on PGlite only.
 *
 * It applies autovacuum's default thresholds to the statistics the database keeps while it runs. Those start from
 * zero at each start (single-user mode does not keep them), so the first pass after a start takes every table
 * once; later passes take the tables whose changes since their last vacuum pass the thresholds.
 */
export class EmbeddedVacuum {
  private firstPassDone = false;

  constructor(private readonly db: Db) {}

  /** Vacuums (and analyzes) the tables that need it, one at a time; answers their names. */
  async run(): Promise<string[]> {
    const tables = await this.dueTables(!this.firstPassDone);
    // One table per statement: VACUUM cannot run in a transaction, and short pauses let requests in between.
    for (const table of tables) await this.db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
    this.firstPassDone = true;
    return tables;
  }

  private async dueTables(all: boolean): Promise<string[]> {
    // autovacuum_vacuum_threshold 50 + scale 0.2, the insert threshold 1000 + 0.2, analyze 50 + 0.1, of the
    // table's size as the catalog last knew it (reltuples, kept on disk; -1 until a first vacuum or analyze).
    const rows = await executeRows<{ name: string }>(this.db, sql`
      select s.relname as name
      from pg_stat_user_tables s
      join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'
        and (${all}
          or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
          or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)
          or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0))
      order by s.relname`);
    return rows.map((row) => row.name);
  }
}
