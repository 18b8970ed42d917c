import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { lockDataDir } from './data-dir-lock';
import { withFairTurns } from './fair-turns';
import { QueryTimer } from './query-timer';
import { durableStartParams, installDurableFs, syncTree, WalFlusher, withDurableCommits } from './durable-wal';

export type Schema = typeof schema;
/**
 * One type for both drivers: services never know which database they run on. A transaction's handle is one too
 * (Drizzle's PgTransaction extends PgDatabase), so a function taking a Db runs inside the caller's transaction
 * when given one, without a cast.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;


/**
 * What a listener is told about its connection (PostgreSQL only; the embedded database's never drops). NOTIFYs sent
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
  kind: 'pglite' | 'postgres';
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel`, from any process sharing the
   * database. Answers the function that stops listening.
   */
  listen(channel: string, handler: (payload: string) => void, events?: ListenEvents): Promise<() => Promise<void>>;
  /** Times every statement for the metrics (db/query-timer.ts). */
  queryTimer: QueryTimer;
  /** Embedded only: the whole cluster as a gzipped tar, taken between two statements (snapshots.ts). */
  dump?: () => Promise<Blob>;
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

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

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
  queryTimer.instrumentPool(pool);
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
    db: drizzlePg(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    queryTimer,
    listen: (channel, handler, events) => listenOnPostgres(url, channel, handler, events),
    close: () => pool.end(),
  };
}

/**
 * Opens an embedded database; `dataDir` undefined means in memory (tests). On disk, every write
 * answers only once its commit is on stable storage (durable-wal.ts).
 */
export async function openPglite(
  dataDir: string | undefined,
  options: {
    loadDataDir?: Blob;
    migrate?: boolean;
    /** false only to measure what durability costs (bench:writes): commits may then be lost to a power cut. */
    durable?: boolean;
  } = {},
): Promise<Database & { client: PGlite; flusher?: WalFlusher }> {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  const pgdata = dataDir ? path.join(dataDir, 'pgdata') : undefined;
  let client: PGlite;
  let flusher: WalFlusher | undefined;
  try {
    client = await openCluster(pgdata, options.loadDataDir, options.durable !== false);
    if (pgdata && options.durable !== false) {
      flusher = new WalFlusher();
      installDurableFs(client, pgdata, flusher);
      // What initdb, a crash recovery at start or an earlier version wrote without a flush.
      syncTree(pgdata);
    }
  } catch (error) {
    release();
    throw error;
  }
  const turns = withFairTurns(client);
  const queryTimer = new QueryTimer();
  const db = drizzlePglite(queryTimer.instrumentPglite(flusher ? withDurableCommits(turns, flusher) : turns), { schema });
  if (options.migrate !== false) await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    queryTimer,
    client,
    flusher,
    dump: () => client.dumpDataDir('gzip'),
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * The embedded cluster under `pgdata` could not be opened. Its files are left exactly as they were:
 * the way back is the latest backup (docs/deploy.md), not a repair attempt that could make it worse.
 */
export class ClusterOpenError extends Error {
  constructor(
    public readonly pgdata: string,
    reason: string,
  ) {
    super(
      `The embedded database in ${pgdata} cannot be opened (${reason}); its files were left untouched. ` +
        'Stop here and restore the latest backup (see docs/deploy.md, "Restoring a backup").',
    );
  }
}

/** Extensions the migrations create: pg_trgm answers the admin's searches (ILIKE '%…%') from an index. */
const extensions = { pg_trgm };

/** The cluster under `pgdata` (or in memory), PostgreSQL started without `-F` so it asks for its flushes. */
async function openCluster(pgdata: string | undefined, loadDataDir: Blob | undefined, durable: boolean): Promise<PGlite> {
  if (!pgdata) return PGlite.create(undefined, { loadDataDir, extensions });
  // A folder with files but no PG_VERSION is a damaged cluster: PGlite would run initdb over it.
  if (existsSync(pgdata) && readdirSync(pgdata).length > 0 && !existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new ClusterOpenError(pgdata, 'PG_VERSION is missing');
  }
  try {
    return await PGlite.create(pgdata, {
      loadDataDir,
      extensions,
      startParams: durable ? durableStartParams(PGlite.defaultStartParams) : PGlite.defaultStartParams,
    });
  } catch (error) {
    throw new ClusterOpenError(pgdata, error instanceof Error ? error.message.split('\n')[0]! : String(error));
  }
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string; embeddedWalFlush?: boolean }): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : openPglite(path.join(config.dataDir, 'db'), { durable: config.embeddedWalFlush !== false });
}
