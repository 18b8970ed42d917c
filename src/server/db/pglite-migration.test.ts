import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, hashDemoPassword, seedProfiles } from '../../../scripts/seed-data';
import { seedIntroductions } from '../../../scripts/seed-introductions';
import { seedReferences } from '../../../scripts/seed-references';
import { LocalDiskStore } from '#server/storage/local-disk-store';
import { openEmbedded, type Db } from './client';
import { migrationsFolder } from './migrations-folder';
import { users } from './schema';
import { suiteOnEmbedded } from '#server/test/test-database';

/**
 * A DATA_DIR as the releases that ran PGlite left it (the cluster in DATA_DIR/db/pgdata, written by PGlite itself),
 * holding what `npm run seed` makes: members with photos, introductions in every state with their messages,
 * references. The first start of this release moves it into the embedded PostgreSQL; nothing may be lost.
 */
let base: string;

/** Every table of the public schema as JSON rows in a stable order, times in UTC. */
async function contents(query: (text: string) => Promise<Array<Record<string, unknown>>>): Promise<Record<string, unknown>> {
  await query(`set timezone = 'UTC'`);
  const tables = await query(`select tablename as name from pg_tables where schemaname = 'public' order by 1`);
  const out: Record<string, unknown> = {};
  for (const { name } of tables) {
    const [row] = await query(`select coalesce(json_agg(t order by t::text), '[]'::json) as data from "${String(name)}" t`);
    out[String(name)] = row?.data;
  }
  return out;
}

/** A PGlite data folder with the seed's data; answers its contents as PGlite reads them. */
async function makeOldDataDir(dataDir: string, damage?: string): Promise<Record<string, unknown>> {
  mkdirSync(path.join(dataDir, 'db'), { recursive: true });
  const client = await PGlite.create(path.join(dataDir, 'db', 'pgdata'), { extensions: { pg_trgm } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder });
  const asDb = db as unknown as Db;
  const store = new LocalDiskStore(path.join(dataDir, 'objects'));
  const passwordHash = await hashDemoPassword();
  const people = await seedProfiles(asDb, { count: 24, rng: createRng(7), realPhotos: true, store, passwordHash });
  const [demoId, coordinatorId, elderId] = people as [string, string, string];
  await asDb.update(users).set({ roles: ['coordinator'] }).where(sql`${users.id} = ${coordinatorId}`);
  await seedIntroductions(asDb, { demoId, coordinatorId, elderId, responseDays: 7 });
  await seedReferences(asDb, { demoId, coordinatorId });
  if (damage) await client.exec(damage);
  const query = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows;
  const before = await contents(query);
  await client.close();
  return before;
}

/** Every file under `root` with a hash of its bytes. */
function filesOf(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[path.relative(root, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  walk(root);
  return out;
}

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), 'sanga-pglite-move-'));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe.skipIf(!suiteOnEmbedded)('the first start on a DATA_DIR from the PGlite releases', () => {
  it('moves every row into the embedded PostgreSQL, says so in one line, and keeps the old folder renamed', async () => {
    const dataDir = path.join(base, 'data');
    const before = await makeOldDataDir(dataDir);
    expect((before.messages as unknown[]).length).toBeGreaterThan(0);
    expect((before.introductions as unknown[]).length).toBeGreaterThan(0);
    expect((before.profiles as unknown[]).length).toBe(24);

    const lines: string[] = [];
    const database = await openEmbedded(dataDir, { notice: (line) => lines.push(line) });
    try {
      const moved = lines.filter((line) => line.startsWith('Moved the PGlite database'));
      expect(moved).toHaveLength(1);
      expect(moved[0]).not.toContain('\n');
      expect(moved[0]).toMatch(/counts checked table by table/);
      const after = await contents(async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> }).rows);
      expect(after).toEqual(before);
      // Identity and serial columns go on after the copied rows: a new message gets a new seq.
      const { rows } = (await database.db.execute(sql`select max(seq) as max, nextval(pg_get_serial_sequence('messages', 'seq')) as next from messages`)) as unknown as {
        rows: Array<{ max: string; next: string }>;
      };
      expect(BigInt(rows[0]!.next)).toBeGreaterThan(BigInt(rows[0]!.max));
    } finally {
      await database.close();
    }
    const kept = readdirSync(dataDir).filter((name) => name.startsWith('db.pglite-'));
    expect(kept).toHaveLength(1);
    expect(existsSync(path.join(dataDir, kept[0]!, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
    // The photos were never in the database: they stay where they were.
    expect(readdirSync(path.join(dataDir, 'objects')).length).toBeGreaterThan(0);

    // The next start opens the moved data without moving anything again.
    const again: string[] = [];
    const reopened = await openEmbedded(dataDir, { notice: (line) => again.push(line) });
    await reopened.close();
    expect(again.filter((line) => line.startsWith('Moved'))).toEqual([]);
  }, 300_000);

  it('changes nothing when the move fails, and says why in one line', async () => {
    const dataDir = path.join(base, 'odd');
    // A column this release's schema does not have: the copy cannot be exact, so it must not happen.
    await makeOldDataDir(dataDir, 'alter table users add column nickname text');
    const old = filesOf(path.join(dataDir, 'db'));
    const error = await openEmbedded(dataDir, { notice: () => undefined }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toMatch(/^Moving the PGlite database of .* failed, nothing was changed: table users differs/);
    expect(message).not.toContain('\n');
    expect(filesOf(path.join(dataDir, 'db'))).toEqual(old);
    expect(readdirSync(dataDir).sort()).toEqual(['db', 'objects']);
  }, 300_000);
});
