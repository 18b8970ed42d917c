import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Signer } from '@fastify/cookie';
import { openEmbedded, openPostgres, type Database } from '#server/db/client';
import { sessions } from '#server/db/schema';
import { adminQuery } from '#server/test/test-database';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '#server/features/auth/session-store';

export interface BenchDatabase {
  /** Open and migrated, for seeding; close it before the server starts (an embedded DATA_DIR is one process's). */
  database: Database;
  /** What the server process needs to find the same data. */
  env: Record<string, string>;
  /** Opens the same data again (after the server stopped), without migrating. */
  reopen(): Promise<Database>;
  /** Removes the data directory and drops the PostgreSQL database. */
  cleanup(): Promise<void>;
}

/**
 * A fresh database for one benchmark: the embedded PostgreSQL in a new data directory, or the PostgreSQL database `name`
 * dropped and created anew on the server `postgresUrl` points at.
 */
export async function openFreshBenchDatabase(kind: 'embedded' | 'postgres', baseName: string, postgresUrl?: string): Promise<BenchDatabase> {
  // BENCH_DB_PREFIX keeps benchmarks of several checkouts on one PostgreSQL server apart.
  const name = `${process.env.BENCH_DB_PREFIX ?? ''}${baseName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name.replaceAll('_', '-')}-`));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'embedded') {
    return {
      database: await openEmbedded(dataDir),
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      reopen: () => openEmbedded(dataDir, { migrate: false }),
      cleanup: async () => removeDataDir(),
    };
  }
  if (!postgresUrl) throw new Error('PostgreSQL benchmarks need DATABASE_URL');
  const drop = `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`;
  await adminQuery(postgresUrl, drop);
  await adminQuery(postgresUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    database: await openPostgres(url.toString()),
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    reopen: () => openPostgres(url.toString(), { migrate: false }),
    cleanup: async () => {
      removeDataDir();
      await adminQuery(postgresUrl, drop).catch((error: unknown) => console.error(`could not drop ${name}:`, error));
    },
  };
}

/**
 * Signed-in sessions written straight into the table (signing in a thousand people through the API would only
 * meet the sign-in limit), signed with the secret the server will be given. Answers each user's Cookie header.
 */
export async function writeBenchSessions(database: Database, secret: string, userIds: readonly string[]): Promise<Map<string, string>> {
  const signer = new Signer(secret);
  const expire = new Date(Date.now() + SESSION_IDLE_MS);
  const cookies = new Map<string, string>();
  const rows = userIds.map((userId) => {
    const sid = randomBytes(24).toString('base64url');
    cookies.set(userId, `${SESSION_COOKIE}=${encodeURIComponent(signer.sign(sid))}`);
    return { sid, sess: { userId }, expire };
  });
  for (let i = 0; i < rows.length; i += 1000) await database.db.insert(sessions).values(rows.slice(i, i + 1000));
  return cookies;
}
