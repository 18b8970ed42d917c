import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded, type Database } from './client';
import { users } from './schema';
import { pruneSnapshots, scheduleSnapshots, serialSnapshots, takeSnapshot } from './snapshots';
import { suiteOnEmbedded } from '#server/test/test-database';

let base: string;
let dataDir: string;
let database: Database;
beforeAll(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'sanga-snapshots-'));
  dataDir = path.join(base, 'data');
  database = await openEmbedded(dataDir, { notice: () => undefined });
  mkdirSync(path.join(dataDir, 'objects', 'photos'), { recursive: true });
  writeFileSync(path.join(dataDir, 'objects', 'photos', 'one.jpg'), 'photo bytes');
}, 120_000);
afterAll(async () => {
  await database.close();
  rmSync(base, { recursive: true, force: true });
});

const source = () => ({ dataDir, dumpDatabase: database.dump! });

describe.skipIf(!suiteOnEmbedded)('scheduled snapshots (BACKUP_EVERY, BACKUP_KEEP)', () => {
  it('writes the database and the photos into DATA_DIR/backups, and keeps only the newest N', async () => {
    await database.db.insert(users).values({ email: 'first@example.com', passwordHash: 'x' });
    const times = [0, 1, 2].map((n) => new Date(Date.UTC(2026, 10, 23, 3, n)));
    for (const time of times) await takeSnapshot(source(), 2, time);
    expect(readdirSync(path.join(dataDir, 'backups')).sort()).toEqual(['2026-11-23T03-01-00Z', '2026-11-23T03-02-00Z']);
    const newest = path.join(dataDir, 'backups', '2026-11-23T03-02-00Z');
    expect(existsSync(path.join(newest, 'pgdata.tar.gz'))).toBe(true);
    expect(readFileSync(path.join(newest, 'objects', 'photos', 'one.jpg'), 'utf8')).toBe('photo bytes');
  }, 120_000);

  it('restores as docs/deploy.md says: the restored database opens and holds the rows of the snapshot', async () => {
    await database.db.insert(users).values({ email: 'in-snapshot@example.com', passwordHash: 'x' });
    const snapshot = await takeSnapshot(source(), 7);
    await database.db.insert(users).values({ email: 'after-snapshot@example.com', passwordHash: 'x' });

    // The documented restore: a fresh DATA_DIR, the tarball unpacked into DATA_DIR/pg, the photos copied back.
    const restored = path.join(base, 'restored');
    mkdirSync(path.join(restored, 'pg'), { recursive: true });
    execFileSync('tar', ['-xzf', path.join(snapshot, 'pgdata.tar.gz'), '-C', path.join(restored, 'pg')]);
    execFileSync('cp', ['-a', path.join(snapshot, 'objects'), path.join(restored, 'objects')]);
    const reopened = await openEmbedded(restored, { notice: () => undefined });
    try {
      const found = await reopened.db.select({ email: users.email }).from(users).where(eq(users.email, 'in-snapshot@example.com'));
      expect(found).toEqual([{ email: 'in-snapshot@example.com' }]);
      const later = await reopened.db.select().from(users).where(eq(users.email, 'after-snapshot@example.com'));
      expect(later).toEqual([]);
    } finally {
      await reopened.close();
    }
    expect(readFileSync(path.join(restored, 'objects', 'photos', 'one.jpg'), 'utf8')).toBe('photo bytes');
  }, 120_000);

  it('takes one snapshot at a time: two asked for at once (schedule and npm run backup) both come out whole', async () => {
    const dir = path.join(base, 'serial');
    mkdirSync(dir);
    const take = serialSnapshots({ dataDir: dir, dumpDatabase: database.dump! }, 7);
    const [first, second] = await Promise.all([take(), take()]);
    expect(first).not.toBe(second);
    for (const folder of [first!, second!]) expect(existsSync(path.join(folder, 'pgdata.tar.gz'))).toBe(true);
    expect(readdirSync(path.join(dir, 'backups')).filter((entry) => entry.endsWith('.partial'))).toEqual([]);
  }, 180_000);

  it('the schedule takes snapshots on its interval until stopped', async () => {
    const dir = path.join(base, 'scheduled');
    mkdirSync(dir);
    const folders: string[] = [];
    const stop = scheduleSnapshots(
      serialSnapshots({ dataDir: dir, dumpDatabase: database.dump! }, 7),
      { everyMs: 200, onDone: (folder) => folders.push(folder), onError: (error) => { throw error; } },
    );
    // A base backup of the whole cluster takes seconds on a loaded 2-core machine.
    const deadline = Date.now() + 120_000;
    while (folders.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // Stopped, and the snapshot under way (if any) ended: the database is not closed under it by afterAll.
    await stop();
    expect(folders.length).toBeGreaterThanOrEqual(2);
    for (const folder of folders) expect(existsSync(path.join(folder, 'pgdata.tar.gz'))).toBe(true);
  }, 180_000);

  // Before, snapshots were kept by count only, so a deleted member stayed in them for as long as they did.
  it('deletes snapshots older than BACKUP_MAX_AGE_DAYS, at a new snapshot and at the hourly prune', async () => {
    const dir = path.join(base, 'aged');
    const backups = path.join(dir, 'backups');
    mkdirSync(backups, { recursive: true });
    for (const name of ['2026-09-01T00-00-00Z', '2026-10-20T00-00-00Z', '2026-10-20T00-00-00-2Z', '2026-11-01T00-00-00Z']) mkdirSync(path.join(backups, name));
    mkdirSync(path.join(backups, '.2026-11-26T00-00-00Z.partial'));
    const now = new Date(Date.UTC(2026, 10, 25, 12));
    // The hourly prune: 30 days back is 2026-10-26 12:00; a snapshot being written (.partial) is left alone.
    expect(pruneSnapshots(backups, 7, { maxAgeDays: 30, now, partials: false }).sort()).toEqual(['2026-09-01T00-00-00Z', '2026-10-20T00-00-00-2Z', '2026-10-20T00-00-00Z']);
    expect(readdirSync(backups).sort()).toEqual(['.2026-11-26T00-00-00Z.partial', '2026-11-01T00-00-00Z']);
    // A new snapshot prunes by the age it is given too.
    await takeSnapshot({ dataDir: dir, dumpDatabase: database.dump! }, 7, now, 20);
    expect(readdirSync(backups).sort()).toEqual(['2026-11-25T12-00-00Z']);
  }, 60_000);
});
