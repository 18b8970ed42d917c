import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgres } from '#server/db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from '#server/db/embedded-postgres';
import { adminQuery, EMBEDDED_TEST_URL_ENV, postgresTemplateName, withDatabaseName } from './test-database';

/**
 * Migrates once; every test file then copies the result (see test-database.ts). Without DATABASE_URL the suite runs
 * on an embedded PostgreSQL of its own, the same server the app runs on by default, started here in a scratch folder
 * with fsync off (nothing in it outlives the run) and stopped when the run ends.
 */
export default async function setup() {
  let server: EmbeddedServer | undefined;
  let scratch: string | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    scratch = mkdtempSync(path.join(tmpdir(), 'sanga-test-pg-'));
    server = await startEmbeddedPostgres(path.join(scratch, 'pg'), { durable: false, notice: () => undefined, settings: { max_connections: '300' } });
    url = withDatabaseName(server.url, 'postgres');
    process.env[EMBEDDED_TEST_URL_ENV] = url;
  }
  const teardown = async () => {
    await server?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  };
  try {
    await adminQuery(url, `DROP DATABASE IF EXISTS "${postgresTemplateName}" WITH (FORCE)`);
    await adminQuery(url, `CREATE DATABASE "${postgresTemplateName}"`);
    const template = await openPostgres(withDatabaseName(url, postgresTemplateName));
    await template.close();
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
