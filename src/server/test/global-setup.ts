import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openPglite, openPostgres } from '../db/client';
import { adminQuery, pgliteTemplateFile, postgresTemplateName, testPostgresUrl, withDatabaseName } from './test-database';

/** Migrates once; every test file then copies the result (see test-database.ts). */
export default async function setup() {
  if (testPostgresUrl) {
    await adminQuery(testPostgresUrl, `DROP DATABASE IF EXISTS "${postgresTemplateName}" WITH (FORCE)`);
    await adminQuery(testPostgresUrl, `CREATE DATABASE "${postgresTemplateName}"`);
    const template = await openPostgres(withDatabaseName(testPostgresUrl, postgresTemplateName));
    await template.close();
    return;
  }
  const database = await openPglite(undefined);
  const dump = await database.client.dumpDataDir('gzip');
  await database.close();
  await mkdir(path.dirname(pgliteTemplateFile), { recursive: true });
  await writeFile(pgliteTemplateFile, Buffer.from(await dump.arrayBuffer()));
}
