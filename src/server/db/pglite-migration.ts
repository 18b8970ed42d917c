import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder } from './migrations-folder';
import { lockHolder } from './data-dir-lock';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';

/**
 * The one-time move of a DATA_DIR made by a release that ran PGlite (its cluster in DATA_DIR/db/pgdata) into the
 * embedded PostgreSQL (DATA_DIR/pg), at the first start of a release that has it. This module, and PGlite with it,
 * is loaded only when such a folder is found (client.ts openEmbedded).
 *
 *   1. The old cluster is copied aside and opened there with PGlite (so the original is never touched, not even by
 *      PGlite's recovery), and brought to this release's schema by the same migrations.
 *   2. A new cluster is made beside DATA_DIR/pg, migrated, and in ONE transaction every table of the app is emptied
 *      and filled with the old rows (each row in PostgreSQL's own text form of its type, so nothing is rounded: not
 *      a microsecond, not a jsonb key order), identity and serial sequences are moved past the copied ids, and
 *      every table's row count is compared with the old one. Any difference rolls it all back.
 *   3. Only then is the new cluster moved into DATA_DIR/pg and the old folder renamed DATA_DIR/db.pglite-<time>,
 *      kept until the admin removes it. A failure removes the new cluster and changes nothing else: the next start
 *      tries again, and a release with PGlite still opens the old folder as before.
 */
export class PgliteMigrationError extends Error {
  override name = 'PgliteMigrationError';
}

interface Source {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

/** Opens the copy with PGlite (loaded only here) and brings it to this release's schema. */
async function openSource(pgdata: string): Promise<Source> {
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create(pgdata, { extensions: { pg_trgm } });
  await migrate(drizzle(client), { migrationsFolder });
  return {
    query: async <T,>(text: string, params?: unknown[]) => ({ rows: (await client.query<T>(text, params)).rows }),
    close: () => client.close(),
  };
}

const BATCH = 2000;

/** The app's tables in `public`, each with its columns in order (what a row's text form lists). */
async function tablesOf(query: Source['query']): Promise<Map<string, string[]>> {
  const { rows } = await query<{ table: string; columns: string[] }>(
    `select c.relname as table, array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind = 'r'
      group by c.relname order by c.relname`,
  );
  return new Map(rows.map((row) => [row.table, row.columns]));
}

const ident = (name: string) => pg.escapeIdentifier(name);

/** Copies every table from `source` into the new cluster in one transaction; answers the tables and rows copied. */
async function copyAll(source: Source, target: pg.Client): Promise<{ tables: number; rows: number }> {
  const from = await tablesOf(source.query);
  const to = await tablesOf(async <T,>(text: string) => ({ rows: (await target.query(text)).rows as T[] }));
  for (const [table, columns] of from) {
    const theirs = to.get(table);
    if (!theirs || theirs.join(',') !== columns.join(',')) {
      throw new PgliteMigrationError(`table ${table} differs between the old and the new database after migrating both (${columns.join(', ')} / ${theirs?.join(', ') ?? 'missing'})`);
    }
  }
  let total = 0;
  await target.query('begin');
  try {
    // Foreign keys and triggers wait: tables are filled one after the other, in any order, and checked by count.
    await target.query('set local session_replication_role = replica');
    if (to.size > 0) await target.query(`truncate ${[...to.keys()].map(ident).join(', ')}`);
    for (const table of from.keys()) {
      for (let offset = 0; ; offset += BATCH) {
        const { rows } = await source.query<{ r: string }>(`select t::text as r from ${ident(table)} t order by ctid limit ${BATCH} offset ${offset}`);
        if (rows.length === 0) break;
        await target.query(`insert into ${ident(table)} overriding system value select (x::${ident(table)}).* from unnest($1::text[]) as x`, [rows.map((row) => row.r)]);
        total += rows.length;
        if (rows.length < BATCH) break;
      }
      const [before] = (await source.query<{ n: string }>(`select count(*)::text as n from ${ident(table)}`)).rows;
      const [after] = (await target.query<{ n: string }>(`select count(*)::text as n from ${ident(table)}`)).rows;
      if (before?.n !== after?.n) throw new PgliteMigrationError(`table ${table}: ${before?.n} rows in the old database, ${after?.n} copied`);
    }
    // Sequences (identity and serial columns) continue after the highest copied value.
    const { rows: sequences } = await target.query<{ table: string; column: string; sequence: string }>(
      `select c.relname as table, a.attname as column, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as sequence
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind = 'r' and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
    );
    for (const { table, column, sequence } of sequences) {
      await target.query(
        `select setval($1, coalesce((select max(${ident(column)}) from ${ident(table)}), 0) + 1, false)`,
        [sequence],
      );
    }
    await target.query('commit');
  } catch (error) {
    await target.query('rollback').catch(() => undefined);
    throw error;
  }
  return { tables: from.size, rows: total };
}

/** Moves DATA_DIR/db (PGlite) into DATA_DIR/pg (PostgreSQL); answers the one line the start prints. */
export async function migrateFromPglite(dataDir: string, options: { notice?: (line: string) => void } = {}): Promise<string> {
  const old = path.join(dataDir, 'db');
  const pgdata = path.join(dataDir, 'pg');
  const holder = lockHolder(old);
  if (holder !== undefined) throw new PgliteMigrationError(`The PGlite database in ${old} is in use by an older Sanga (pid ${holder}): stop it, then start this one.`);
  const work = path.join(dataDir, '.pglite-migration');
  const fresh = `${pgdata}.migrating`;
  const started = performance.now();
  let source: Source | undefined;
  let server: EmbeddedServer | undefined;
  rmSync(work, { recursive: true, force: true });
  rmSync(fresh, { recursive: true, force: true });
  try {
    cpSync(path.join(old, 'pgdata'), path.join(work, 'pgdata'), { recursive: true });
    source = await openSource(path.join(work, 'pgdata'));
    server = await startEmbeddedPostgres(fresh, { notice: options.notice });
    const target = new pg.Client({ connectionString: server.url });
    await target.connect();
    let copied: { tables: number; rows: number };
    try {
      await migratePg(drizzlePg(target), { migrationsFolder });
      copied = await copyAll(source, target);
    } finally {
      await target.end().catch(() => undefined);
    }
    await server.stop();
    server = undefined;
    await source.close();
    source = undefined;
    renameSync(fresh, pgdata);
    const kept = `${old}.pglite-${new Date().toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-')}`;
    renameSync(old, kept);
    rmSync(work, { recursive: true, force: true });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return `Moved the PGlite database of ${old} into the embedded PostgreSQL in ${pgdata} (${copied.tables} tables, ${copied.rows} rows, counts checked table by table, ${seconds} s); the old folder is kept as ${kept} until you remove it.`;
  } catch (error) {
    await server?.stop().catch(() => undefined);
    await source?.close().catch(() => undefined);
    rmSync(fresh, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
    if (existsSync(pgdata) && !existsSync(path.join(pgdata, 'PG_VERSION'))) rmSync(pgdata, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new PgliteMigrationError(`Moving the PGlite database of ${old} into PostgreSQL failed, nothing was changed: ${reason}`);
  }
}
