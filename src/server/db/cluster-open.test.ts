import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded } from './client';
import { EmbeddedPostgresError } from './embedded-postgres';
import { users } from './schema';
import { suiteOnEmbedded } from '#server/test/test-database';

/** Every file under `root` with a hash of its bytes: "untouched" means this does not change. */
function snapshot(root: string): Record<string, string> {
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

let base: string;
let healthy: string;
beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'sanga-cluster-open-'));
  healthy = path.join(base, 'healthy');
  const database = await openEmbedded(healthy);
  await database.db.insert(users).values({ email: 'kept@example.com', passwordHash: 'x' });
  await database.close();
}, 120_000);
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A copy of the healthy data folder, damaged by `damage`. */
function damagedCopy(name: string, damage: (pgdata: string) => void): string {
  const dir = path.join(base, name);
  cpSync(healthy, dir, { recursive: true });
  damage(path.join(dir, 'pg'));
  return dir;
}

describe.skipIf(!suiteOnEmbedded)('opening a damaged embedded cluster', () => {
  it('refuses a cluster whose control file is destroyed, in one line naming the path, and leaves every file as it was', async () => {
    const dir = damagedCopy('zeroed-control', (pgdata) => writeFileSync(path.join(pgdata, 'global', 'pg_control'), Buffer.alloc(8192)));
    const before = snapshot(path.join(dir, 'pg'));
    const error = await openEmbedded(dir).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddedPostgresError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain(path.join(dir, 'pg'));
    expect(message).toMatch(/did not start \(FATAL: +database files are incompatible.*restore the latest backup/);
    expect(snapshot(path.join(dir, 'pg'))).toEqual(before);
  }, 120_000);

  it('refuses a cluster without PG_VERSION instead of running initdb over it', async () => {
    const dir = damagedCopy('no-version', (pgdata) => rmSync(path.join(pgdata, 'PG_VERSION')));
    const before = snapshot(path.join(dir, 'pg'));
    await expect(openEmbedded(dir)).rejects.toThrow(/PG_VERSION is missing.*Restore the latest backup/);
    expect(snapshot(path.join(dir, 'pg'))).toEqual(before);
  }, 120_000);
});
