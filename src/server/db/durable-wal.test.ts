import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { durableStartParams, WalFlusher } from './durable-wal';
import { users } from './schema';

const base = mkdtempSync(path.join(tmpdir(), 'sanga-durable-wal-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function walFile(name: string): string {
  const file = path.join(base, name);
  writeFileSync(file, 'wal bytes');
  return file;
}

describe('WalFlusher (group commit)', () => {
  it('resolves at once when nothing was written, and makes a write durable with one flush', async () => {
    const flusher = new WalFlusher();
    await flusher.flush();
    expect(flusher.stats.flushes).toBe(0);
    flusher.wrote(walFile('a'));
    await flusher.flush();
    expect(flusher.stats.flushes).toBe(1);
    await flusher.flush();
    expect(flusher.stats.flushes).toBe(1);
  });

  it('serves every caller waiting at once with one flush, and callers arriving during it with one more', async () => {
    const flusher = new WalFlusher();
    const file = walFile('b');
    flusher.wrote(file);
    const first = Array.from({ length: 10 }, () => flusher.flush());
    // Written while the first flush runs: these callers share the next one.
    flusher.wrote(file);
    const second = Array.from({ length: 10 }, () => flusher.flush());
    flusher.wrote(file);
    const third = Array.from({ length: 10 }, () => flusher.flush());
    await Promise.all([...first, ...second, ...third]);
    expect(flusher.stats.flushes).toBe(2);
    expect(flusher.stats.waiters).toBe(30);
  });

  it('a synchronous flush (before a non-WAL write) covers what was pending', async () => {
    const flusher = new WalFlusher();
    flusher.wrote(walFile('c'));
    flusher.flushSync();
    await flusher.flush();
    expect(flusher.stats.flushes).toBe(0);
  });

  it('refuses every later write once a flush failed', async () => {
    const flusher = new WalFlusher();
    flusher.wrote(path.join(base, 'no-such-dir', 'x'));
    // ENOENT counts as "renamed away after a checkpoint" (a checkpoint flushed it); any other error does not.
    await flusher.flush();
    flusher.wrote(`${base}\0bad`);
    await expect(flusher.flush()).rejects.toThrow(/WAL flush failed/);
    await expect(flusher.flush()).rejects.toThrow(/WAL flush failed/);
  });
});

describe('durable embedded database', () => {
  it('starts PostgreSQL without -F (fsync off)', () => {
    expect(durableStartParams(['--single', '-F', '-O'])).toEqual(['--single', '-O']);
  });

  it('flushes the WAL of a committed write before the write resolves', async () => {
    const database = await openPglite(path.join(base, 'db'));
    try {
      const flusher = database.flusher!;
      const flushesBefore = flusher.stats.flushes;
      const written = flusher.written;
      await database.db.insert(users).values({ email: 'durable@example.com', passwordHash: 'x' });
      expect(flusher.written).toBeGreaterThan(written);
      expect(flusher.stats.flushes).toBe(flushesBefore + 1);
      // Nothing pending once the write has answered: its commit is on stable storage.
      const flushesAfter = flusher.stats.flushes;
      await database.db.select().from(users);
      expect(flusher.stats.flushes).toBe(flushesAfter);
    } finally {
      await database.close();
    }
  }, 120_000);
});
