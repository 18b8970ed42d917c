import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres, type Database } from '#server/db/client';

// TEST_PG_TEMPLATE lets several checkouts run the suite on one PostgreSQL server at once.
export const postgresTemplateName = process.env.TEST_PG_TEMPLATE ?? 'sanga_test_template';

/** Where global setup tells the test files the address of the embedded server it started (no DATABASE_URL). */
export const EMBEDDED_TEST_URL_ENV = 'SANGA_TEST_EMBEDDED_URL';

/** The PostgreSQL server the suite runs on: DATABASE_URL when set, otherwise the embedded one global setup started. */
export const testPostgresUrl = (): string => {
  const url = process.env.DATABASE_URL ?? process.env[EMBEDDED_TEST_URL_ENV];
  if (!url) throw new Error('No test database: run the tests through vitest (src/server/test/global-setup.ts starts one).');
  return url;
};

/**
 * Whether the suite runs on its own embedded server (no DATABASE_URL). A test of the embedded database itself (it
 * starts a cluster of its own, whatever DATABASE_URL says: backups, snapshots, the PGlite move) runs only then: on
 * an external server it would test the same thing again. CI runs the suite on both, one per Node.js line
 * (.ci/run, decision 009), so each such test still runs there once.
 */
export const suiteOnEmbedded = !process.env.DATABASE_URL;

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for one test file: copied from the template, never shared. */
export async function openTestDatabase(): Promise<Database & { url: string }> {
  const server = testPostgresUrl();
  const name = `sanga_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(server, `CREATE DATABASE "${name}" TEMPLATE "${postgresTemplateName}"`);
  const url = withDatabaseName(server, name);
  const database = await openPostgres(url, { migrate: false });
  return {
    ...database,
    // On the suite's own embedded server the app behaves as on its embedded default (snapshots, the launch checklist).
    kind: process.env.DATABASE_URL ? 'postgres' : 'embedded',
    url,
    close: async () => {
      await database.close();
      await adminQuery(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
