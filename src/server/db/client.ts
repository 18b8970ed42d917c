import { existsSync } from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { migrationsFolder } from './migrations-folder';
import { lockDataDir } from './data-dir-lock';
import { QueryTimer } from './query-timer';
import { durabilityOff, EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres';
import { writeBaseBackup } from './base-backup';

export type Schema = typeof schema;
/**
 * One type for both drivers: services never know which database they run on. A transaction's handle is one too
 * (Drizzle's PgTransaction extends PgDatabase), so a function taking a Db runs inside the caller's transaction
 * when given one, without a cast.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;


/**
 * What a listener is told about its connection. NOTIFYs sent
 * while it is lost are gone for good, so whoever needs every event reads what it missed on `onResumed`.
 */
export interface ListenEvents {
  /** The listening connection broke: notifications are not arriving until `onResumed`. */
  onLost?: () => void;
  /** LISTEN is in force again on a new connection: what was committed while it was lost can now be read. */
  onResumed?: () => void;
}

export interface Database {
  db: Db;
  /** Both are PostgreSQL: 'embedded' is the server Sanga runs itself under DATA_DIR/pg, 'postgres' one at DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** The embedded server, when Sanga runs it. */
  embedded?: EmbeddedServer;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel`, from any process sharing the
   * database. Answers the function that stops listening.
   */
  listen(channel: string, handler: (payload: string) => void, events?: ListenEvents): Promise<() => Promise<void>>;
  /** Times every statement for the metrics (db/query-timer.ts). */
  queryTimer: QueryTimer;
  /** Embedded only: writes an online base backup of the cluster to `file`, a gzipped tar (base-backup.ts). */
  dump?: (file: string) => Promise<void>;
  close(): Promise<void>;
}

/** How soon a lost LISTEN connection is tried again, doubling up to the maximum while the database stays away. */
const LISTEN_RETRY_MIN_MS = 100;
const LISTEN_RETRY_MAX_MS = 1000;
/**
 * How long a request waits for a pooled connection (or a new one) before it fails: a database that is away answers
 * 503 within this bound (db/database-faults.ts) instead of holding requests until the client gives up.
 */
export const DB_CONNECT_TIMEOUT_MS = 5000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others). A dropped connection is reopened,
 * again and again until the database answers (restart, failover, network blip), and the listener is told both
 * moments so it can read what it missed in between.
 */
async function listenOnPostgres(url: string, channel: string, handler: (payload: string) => void, events: ListenEvents = {}) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MIN_MS;
  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      next.end().catch(() => undefined);
      // Only the connection in use counts: one that failed while opening is the retry loop's business.
      if (client !== next) return;
      client = undefined;
      if (stopped) return;
      events.onLost?.();
      schedule();
    };
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handler(message.payload);
    });
    next.on('error', onLost);
    next.on('end', onLost);
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost = true;
      next.end().catch(() => undefined);
      throw error;
    }
    return next;
  };
  const schedule = () => {
    retry = setTimeout(() => {
      void open().then(
        async (next) => {
          if (stopped) return void (await next.end().catch(() => undefined));
          client = next;
          delay = LISTEN_RETRY_MIN_MS;
          events.onResumed?.();
        },
        () => {
          delay = Math.min(delay * 2, LISTEN_RETRY_MAX_MS);
          if (!stopped) schedule();
        },
      );
    }, delay);
  };
  client = await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };
}

export { migrationsFolder };

/** Any two Sanga processes racing to migrate one PostgreSQL database take turns on this lock. */
const MIGRATION_LOCK_KEY = 727_001;

export async function openPostgres(url: string, options: { migrate?: boolean } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS });
  // A connection lost must not crash the process. An idle one is the pool's (its 'error' event); one handed out has
  // no listener of its own while it waits between two statements of a transaction, where a database restart's
  // "terminating connection" arrives as an 'error' event nobody hears, which Node.js turns into an exit. Its
  // transaction fails on the next statement (503 database-unavailable), and the pool drops it when it is released.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const queryTimer = new QueryTimer();
  timePoolQueries(pool, queryTimer);
  if (options.migrate !== false) {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  }
  return {
    // Drizzle's node-postgres database is our Db with driver-specific extras its type cannot drop by itself.
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    queryTimer,
    listen: (channel, handler, events) => listenOnPostgres(url, channel, handler, events),
    close: () => pool.end(),
  };
}

/**
 * The embedded default: PostgreSQL under DATA_DIR/pg (embedded-postgres.ts), DATA_DIR locked to this process. A
 * DATA_DIR from a release that ran PGlite is moved over first (pglite-migration.ts). The server stops in fast mode
 * when the database is closed, after the app has drained.
 */
export async function openEmbedded(
  dataDir: string,
  options: {
    notice?: (line: string) => void;
    migrate?: boolean;
    production?: boolean;
    /** false only in tests (SANGA_TEST_NO_WAL_FLUSH): the durability test's self-test needs a server that never flushes. */
    durable?: boolean;
  } = {},
): Promise<Database> {
  const release = lockDataDir(dataDir);
  let server: EmbeddedServer | undefined;
  try {
    const pgdata = path.join(dataDir, 'pg');
    // A cluster made by PGlite (releases before PostgreSQL was embedded) and none of ours yet: move its data over.
    if (existsSync(path.join(dataDir, 'db', 'pgdata', 'PG_VERSION')) && !existsSync(path.join(pgdata, 'PG_VERSION'))) {
      const { migrateFromPglite } = await import('./pglite-migration');
      options.notice?.(await migrateFromPglite(dataDir, { notice: options.notice }));
    }
    server = await startEmbeddedPostgres(pgdata, { notice: options.notice, durable: options.durable });
    const database = await openPostgres(server.url, { migrate: options.migrate });
    const off = await durabilityOff((text) => database.db.execute(sql.raw(text)) as Promise<{ rows: Array<Record<string, unknown>> }>);
    if (off.length > 0 && options.production) {
      await database.close();
      throw new EmbeddedPostgresError(`The embedded PostgreSQL runs with ${off.join(', ')} off: a power cut could lose acknowledged writes. Sanga refuses to run so in production.`);
    }
    const running = server;
    return {
      ...database,
      kind: 'embedded',
      embedded: running,
      dump: (file) => writeBaseBackup(running.url, running.pgdata, file),
      close: async () => {
        try {
          await database.close();
        } finally {
          await running.stop();
          release();
        }
      },
    };
  } catch (error) {
    await server?.stop().catch(() => undefined);
    release();
    throw error;
  }
}

export function openDatabase(
  config: { databaseUrl?: string; dataDir: string; env?: string; embeddedWalFlush?: boolean },
  notice?: (line: string) => void,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openEmbedded(config.dataDir, { notice, production: config.env === 'production', durable: config.embeddedWalFlush !== false });
}

/**
 * Times every statement through `timer` (the metrics): `pool.query` (drizzle's statements outside transactions) and
 * the `query` of every client the pool connects (transactions check one out). A seam on the driver, so every query
 * of every service is timed without the services knowing. pool.query runs its client's query with a callback, which
 * is not timed again: only promise calls are. (pg's overloaded `query` cannot be reassigned under its own type: this
 * file is the one driver adapter where such casts live.)
 */
function timePoolQueries(pool: pg.Pool, timer: QueryTimer): void {
  type Queryable = { query: (...args: unknown[]) => unknown };
  const wrap = (target: Queryable) => {
    const original = target.query.bind(target);
    target.query = (...args: unknown[]) => {
      if (typeof args.at(-1) === 'function') return original(...args);
      return timer.time(() => original(...args) as Promise<unknown>);
    };
  };
  wrap(pool as unknown as Queryable);
  pool.on('connect', (client) => wrap(client as unknown as Queryable));
}
