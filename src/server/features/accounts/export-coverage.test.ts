import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { openTestDatabase } from '#server/test/test-database';
import { exportSections } from './export-sections';

/**
 * Every column that names a member is either in "Download my data" (an export section covers
 * it) or listed in docs/privacy.md's "Not in the export" table with the reason. A new table that points at users
 * fails here until someone decides which.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

/** uuid columns that hold something other than a person. */
const NOT_A_PERSON = new Set(['messages.client_id', 'sessions.public_id', 'selfie_checks.gesture_id']);

async function columnsNamingUsers(): Promise<string[]> {
  const rows = (await database.db.execute(sql`
    select c.table_name as "table", c.column_name as "column", c.data_type as "type",
      (select ccu.table_name from information_schema.key_column_usage k
         join information_schema.referential_constraints r on r.constraint_name = k.constraint_name and r.constraint_schema = k.constraint_schema
         join information_schema.constraint_column_usage ccu on ccu.constraint_name = r.unique_constraint_name and ccu.constraint_schema = r.unique_constraint_schema
       where k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = c.column_name limit 1) as "references",
      exists (select 1 from information_schema.table_constraints t
         join information_schema.key_column_usage k on k.constraint_name = t.constraint_name and k.table_schema = t.table_schema
       where t.constraint_type = 'PRIMARY KEY' and k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = c.column_name) as "primary"
    from information_schema.columns c
    where c.table_schema = 'public' and c.table_name not like '%drizzle%'
  `)) as unknown as { rows: { table: string; column: string; type: string; references: string | null; primary: boolean }[] };
  return rows.rows
    .filter((row) => {
      const name = `${row.table}.${row.column}`;
      if (row.references === 'users') return true;
      if (row.references !== null || NOT_A_PERSON.has(name)) return false;
      // A uuid that points nowhere (pair keys, an actor), a json that may carry an id, a text id of anything.
      if (row.type === 'uuid') return !row.primary;
      if (row.type === 'json' || row.type === 'jsonb') return true;
      return row.type === 'text' && row.column.endsWith('_id');
    })
    .map((row) => `${row.table}.${row.column}`)
    .concat('users.id')
    .sort();
}

/** The `table.column` names in docs/privacy.md's "Not in the export" section. */
function listedInPrivacyDoc(): Set<string> {
  const doc = readFileSync(path.resolve('docs', 'privacy.md'), 'utf8');
  const section = doc.split(/^## /m).find((part) => part.startsWith('Not in the export')) ?? '';
  return new Set([...section.matchAll(/^\| `([a-z_]+\.[a-z_]+)`/gm)].map((match) => match[1]!));
}

describe('the export and the schema', () => {
  it('covers every column that names a member, or docs/privacy.md says why not', async () => {
    const covered = new Set(exportSections.flatMap((section) => section.covers));
    const excused = listedInPrivacyDoc();
    const columns = await columnsNamingUsers();
    // The query found what it should (a guard against a query that finds nothing and passes).
    expect(columns).toEqual(expect.arrayContaining(['messages.sender_id', 'introduction_follow_ups.user_id', 'admin_audit.actor_user_id', 'sessions.sess']));
    expect(columns.filter((column) => !covered.has(column) && !excused.has(column))).toEqual([]);
    // And nothing is excused that the export covers, or that no longer exists.
    expect([...excused].filter((column) => covered.has(column) || !columns.includes(column))).toEqual([]);
  });
});
