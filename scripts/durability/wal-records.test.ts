import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/server/db/client';
import { commitOfFirstWrite, isCommit, locate, readWalRecords } from './wal-records';

/** The durability test's WAL reader, on a real embedded cluster's files. */
describe('readWalRecords', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sanga-wal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("finds each transaction's commit record after the row it wrote, and the end of the written WAL", async () => {
    const database = await openPglite(dir, { migrate: false });
    const lsn = async () => BigInt(`0x${((await database.client.query<{ l: string }>('SELECT pg_current_wal_insert_lsn()::text AS l')).rows[0]!.l).replace('/', '').padStart(16, '0')}`);
    await database.client.exec('CREATE TABLE marks (text text)');
    // Of many lengths (records split across pages), random so that nothing compresses them, under TOAST's 2 KB.
    const markers = Array.from({ length: 60 }, (_, i) => `marker-${i}-${randomBytes(i * 12).toString('hex')}`);
    const after: bigint[] = [];
    for (const marker of markers) {
      await database.client.query('INSERT INTO marks VALUES ($1)', [marker]);
      after.push(await lsn());
    }
    // One transaction that is rolled back: its row is in the WAL, but there is no commit for it.
    await database.client.exec("BEGIN; INSERT INTO marks VALUES ('rolled-back-marker'); ROLLBACK");
    const { records, segments } = readWalRecords(path.join(dir, 'pgdata', 'pg_wal'));
    await database.close();

    expect(records.length).toBeGreaterThan(markers.length);
    for (const [i, marker] of markers.entries()) {
      const commit = commitOfFirstWrite(records, Buffer.from(marker));
      expect(commit, marker.slice(0, 12)).not.toBeNull();
      expect(isCommit(commit!)).toBe(true);
      // The commit ended at or before the insert position read right after it, and after the previous one.
      expect(commit!.end <= after[i]!).toBe(true);
      if (i > 0) expect(commit!.start >= after[i - 1]!).toBe(true);
      expect(locate(segments, commit!.end - 1n)).not.toBeNull();
    }
    expect(commitOfFirstWrite(records, Buffer.from('rolled-back-marker'))).toBeNull();
    expect(commitOfFirstWrite(records, Buffer.from('never-written'))).toBeNull();
  });
});
