import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../db/client';

/** Where global setup leaves the migrated embedded database, and the PostgreSQL template name. */
export const pgliteTemplateFile = path.resolve('.tmp', 'pglite-template.tar.gz');
// TEST_PG_TEMPLATE lets several checkouts run the PostgreSQL suite on one server at once.
export const postgresTemplateName = process.env.TEST_PG_TEMPLATE ?? 'sanga_test_template';

/** The PostgreSQL server the suite runs on, when DATABASE_URL is set; otherwise PGlite. */
export const testPostgresUrl = process.env.DATABASE_URL;

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
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (!testPostgresUrl) {
    const dump = await readFile(pgliteTemplateFile);
    return openPglite(undefined, { loadDataDir: new Blob([dump]), migrate: false });
  }
  const name = `sanga_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(testPostgresUrl, `CREATE DATABASE "${name}" TEMPLATE "${postgresTemplateName}"`);
  const url = withDatabaseName(testPostgresUrl, name);
  const database = await openPostgres(url, { migrate: false });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await adminQuery(testPostgresUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}
