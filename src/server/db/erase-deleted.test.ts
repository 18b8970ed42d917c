import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import type { AppInstance } from '#server/app-types';
import { createProfileUser } from '#server/test/factories';
import { settleJobs, testConfig } from '#server/test/test-app';
import { openTestDatabase } from '#server/test/test-database';
import { openEmbedded, type Database } from './client';
import { ERASE_DELAY_MS, eraseDeletedJob } from '#server/jobs/erase-deleted-job';
import { jobs } from './schema';

/**
 * Before, after a deletion the embedded cluster's heap files and WAL still held the member's email,
 * about-text and messages. A real on-disk DATA_DIR: delete a member through the API, run the job the deletion
 * scheduled, and search every file of the cluster for her words.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The files under `dir` whose bytes contain `needle`. */
function filesHolding(dir: string, needle: string): string[] {
  const found: string[] = [];
  const bytes = Buffer.from(needle);
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const file = path.join(folder, entry);
      const stats = statSync(file);
      if (stats.isDirectory()) walk(file);
      // The server's Unix socket and its lock live in the cluster's folder too: only files hold data.
      else if (stats.isFile() && readFileSync(file).includes(bytes)) found.push(path.relative(dir, file));
    }
  };
  walk(dir);
  return found;
}

async function appOn(database: Database, dataDir: string): Promise<AppInstance> {
  const app = await buildApp({ config: testConfig({ dataDir }), database, logger: false, outboxAutoRun: false });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

/** Deletes a member with words of her own; answers them, once the job the deletion scheduled is due. */
async function deleteMember(app: AppInstance, database: Database) {
  const aboutYou = `About me: zq${Date.now()}x, kirtan every Sunday at the temple`;
  const { account } = await createProfileUser(app, { gender: 'woman', name: 'Sita Erased', aboutYou });
  const other = await createProfileUser(app, { gender: 'man', name: 'Ram Stays' });
  // A message to someone who stays is his too: it stays in his thread, from "a deleted member". One to
  // someone who had already deleted his account has no reader left, and goes with hers.
  const gone = await createProfileUser(app, { gender: 'man', name: 'Ram Gone' });
  const message = `zm${Date.now()}y a message of hers`;
  for (const receiver of [other, gone]) {
    const sent = await app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: account.cookie }, payload: { receiverId: receiver.account.id, content: receiver === gone ? message : 'Namaste' } });
    expect(sent.statusCode).toBe(201);
  }
  const goneDeleted = await app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie: gone.account.cookie }, payload: { password: gone.account.password } });
  expect(goneDeleted.statusCode).toBe(204);
  return {
    words: [account.email, aboutYou, message],
    async deleteAndSchedule() {
      const deleted = await app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie: account.cookie }, payload: { password: account.password } });
      expect(deleted.statusCode).toBe(204);
      const [job] = await database.db.select().from(jobs).where(eq(jobs.kind, eraseDeletedJob.kind));
      expect(job).toBeDefined();
      // Due an hour after the deletion (later deletions share it): well within the day.
      expect(job!.runAt.getTime() - Date.now()).toBeGreaterThan(ERASE_DELAY_MS - 60_000);
      expect(job!.runAt.getTime() - Date.now()).toBeLessThanOrEqual(ERASE_DELAY_MS);
      // What is due now (the deletion's own mail among it) goes first, as it does in the hour before the pass: made
      // due at once, the pass could run before a job still on its way, whose row then holds her address again.
      await settleJobs(app);
      await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, job!.id));
    },
  };
}

describe('the files pass after a deletion', () => {
  it('leaves none of her words in the embedded cluster’s files (heap, indexes, WAL)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sanga-erase-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const database = await openEmbedded(dataDir);
    const app = await appOn(database, dataDir);
    const pgdata = path.join(dataDir, 'pg');
    const member = await deleteMember(app, database);
    // Her words are on disk, as on any server that has run a while (pages written out at a checkpoint).
    await database.db.execute(sql`checkpoint`);
    for (const word of member.words) expect(filesHolding(pgdata, word), word).not.toEqual([]);

    await member.deleteAndSchedule();
    await database.db.execute(sql`checkpoint`);
    // Deleting the rows alone leaves the bytes (this is what failed before the job existed).
    expect(member.words.flatMap((word) => filesHolding(pgdata, word))).not.toEqual([]);

    await settleJobs(app);
    expect((await database.db.select().from(jobs).where(eq(jobs.kind, eraseDeletedJob.kind)))[0]?.doneAt).toBeInstanceOf(Date);
    for (const word of member.words) expect(filesHolding(pgdata, word), word).toEqual([]);
    // The database is whole and goes on working.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  }, 180_000);

  it('runs on either database and rewrites every table', async () => {
    const database = await openTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sanga-erase-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const app = await appOn(database, dataDir);
    const member = await deleteMember(app, database);
    await member.deleteAndSchedule();
    await settleJobs(app);
    const [job] = await database.db.select().from(jobs).where(eq(jobs.kind, eraseDeletedJob.kind));
    expect(job?.doneAt).toBeInstanceOf(Date);
    expect(job?.lastError).toBeNull();
  }, 180_000);
});
