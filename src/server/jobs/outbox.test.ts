import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database, type Db } from '#server/db/client';
import { jobs } from '#server/db/schema';
import { openTestDatabase } from '#server/test/test-database';
import { z } from 'zod';
import { backoffMs, defineJob, enqueue, KEEP_DONE_MS, MAX_ATTEMPTS, OutboxWorker } from './outbox';

/** The durable outbox on a real database (the embedded PostgreSQL, or the one at DATABASE_URL). */
let database: Database & { url?: string };
const log = { warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rowsOf = (kind: string) => database.db.select().from(jobs).where(eq(jobs.kind, kind));
/** A kind whose payload is anything (the tests below are about the worker, not the shape). */
const anyJob = (kind: string) => defineJob(kind, z.object({}));

describe('the outbox', () => {
  it('a typed kind writes only its payload shape and hands the handler a parsed payload; a stored row of another shape fails', async () => {
    const worker = new OutboxWorker(database.db, { log });
    const typed = defineJob('typed-test', z.object({ userId: z.uuid(), count: z.number().int() }));
    const seen: Array<{ userId: string; count: number }> = [];
    worker.handleJob(typed, async (payload) => void seen.push(payload));
    const userId = '00000000-0000-4000-8000-000000000001';
    await enqueue(database.db, typed, { userId, count: 2 });
    // The writer cannot enqueue another shape…
    await expect(enqueue(database.db, typed, { userId: 'not-a-uuid', count: 2 })).rejects.toThrow();
    // …and a row written some other way (an older version) is refused by the handler's parse, not run.
    await database.db.insert(jobs).values({ kind: 'typed-test', payload: { userId, count: 'two' }, runAt: new Date() });
    await worker.drain();
    expect(seen).toEqual([{ userId, count: 2 }]);
    const rows = await rowsOf('typed-test');
    expect(rows.filter((row) => row.doneAt !== null)).toHaveLength(1);
    expect(rows.filter((row) => row.doneAt === null && row.lastError !== null)).toHaveLength(1);
  });

  it('a job exists only if the transaction that wrote it committed, and runs once', async () => {
    const worker = new OutboxWorker(database.db, { log });
    const seen: unknown[] = [];
    const commitTest = defineJob('commit-test', z.object({ n: z.number() }));
    worker.handleJob(commitTest, async ({ n }) => void seen.push(n));
    await database.db
      .transaction(async (tx) => {
        await enqueue(tx as unknown as Db, commitTest, { n: 1 });
        throw new Error('the event failed');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => enqueue(tx as unknown as Db, commitTest, { n: 2 }));
    await worker.drain();
    await worker.drain();
    expect(seen).toEqual([2]);
    const [row] = await rowsOf('commit-test');
    expect(row).toMatchObject({ attempts: 1, lockedUntil: null, payload: {} });
    expect(row!.doneAt).toBeInstanceOf(Date);
  });

  it('a failing job is retried later with growing backoff, and given up after MAX_ATTEMPTS', async () => {
    const worker = new OutboxWorker(database.db, { log });
    let calls = 0;
    const fails = defineJob('fails', z.object({ to: z.string() }));
    worker.handleJob(fails, async () => {
      calls += 1;
      throw new Error('smtp down');
    });
    await enqueue(database.db, fails, { to: 'x@example.com' });
    await worker.drain();
    expect(calls).toBe(1);
    let [row] = await rowsOf('fails');
    expect(row).toMatchObject({ attempts: 1, lastError: 'smtp down', doneAt: null, failedAt: null });
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) / 2);
    // Not due yet: a drain leaves it.
    await worker.drain();
    expect(calls).toBe(1);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1) }).where(eq(jobs.kind, 'fails'));
      await worker.drain();
    }
    expect(calls).toBe(MAX_ATTEMPTS);
    [row] = await rowsOf('fails');
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(row!.payload).toEqual({});
    expect(backoffMs(1)).toBe(1000);
    expect(backoffMs(3)).toBe(4000);
    expect(backoffMs(30)).toBe(60 * 60 * 1000);
  });

  it('a kind that is never given up keeps being retried past MAX_ATTEMPTS, at most an hour apart, logged as an error, until it runs', async () => {
    const errors: string[] = [];
    const worker = new OutboxWorker(database.db, { log: { warn: () => undefined, error: (_details, message) => void errors.push(message) } });
    const deadline = defineJob('must-run', z.object({ id: z.string() }), { neverGiveUp: true });
    let failuresLeft = MAX_ATTEMPTS + 2;
    const ran: string[] = [];
    worker.handleJob(deadline, async ({ id }) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('database hiccup');
      }
      ran.push(id);
    });
    await enqueue(database.db, deadline, { id: 'intro-1' });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS + 2; attempt++) {
      await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1) }).where(eq(jobs.kind, 'must-run'));
      await worker.drain();
    }
    const [row] = await rowsOf('must-run');
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS + 2, failedAt: null, doneAt: null, payload: { id: 'intro-1' } });
    expect(row!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60 * 1000);
    expect(errors).toEqual([`job must-run still failing after ${MAX_ATTEMPTS} attempts; retrying (never given up)`, `job must-run still failing after ${MAX_ATTEMPTS + 1} attempts; retrying (never given up)`, `job must-run still failing after ${MAX_ATTEMPTS + 2} attempts; retrying (never given up)`]);
    await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1) }).where(eq(jobs.kind, 'must-run'));
    await worker.drain();
    expect(ran).toEqual(['intro-1']);
    expect((await rowsOf('must-run'))[0]!.doneAt).toBeInstanceOf(Date);
  });

  it('a job held by a worker that died is taken again once its lock expires (at least once, never lost)', async () => {
    const dead = new OutboxWorker(database.db, { log, lockMs: 60_000 });
    let release!: () => void;
    dead.handleJob(anyJob('held'), () => new Promise<void>((resolve) => (release = resolve)));
    await enqueue(database.db, anyJob('held'), {});
    // The "dead" worker takes the job and never finishes it.
    const hanging = dead.runDue();
    await expect.poll(async () => (await rowsOf('held'))[0]?.lockedUntil).toBeInstanceOf(Date);
    const alive = new OutboxWorker(database.db, { log });
    let ran = 0;
    alive.handleJob(anyJob('held'), async () => void (ran += 1));
    await alive.runDue();
    expect(ran).toBe(0);
    await database.db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1) }).where(eq(jobs.kind, 'held'));
    await alive.runDue();
    expect(ran).toBe(1);
    release();
    await hanging;
  });

  it('a kind nobody handles here is retried, not dropped', async () => {
    const worker = new OutboxWorker(database.db, { log });
    await enqueue(database.db, anyJob('unknown-kind'), {});
    await worker.drain();
    const [row] = await rowsOf('unknown-kind');
    expect(row).toMatchObject({ attempts: 1, doneAt: null, failedAt: null, lastError: 'no handler for job kind unknown-kind' });
  });

  it('done jobs are purged after a day', async () => {
    const worker = new OutboxWorker(database.db, { log });
    worker.handleJob(anyJob('old'), async () => undefined);
    await enqueue(database.db, anyJob('old'), {});
    await worker.drain();
    await database.db.update(jobs).set({ doneAt: new Date(Date.now() - KEEP_DONE_MS - 1000) }).where(eq(jobs.kind, 'old'));
    expect(await worker.purgeOld()).toBeGreaterThanOrEqual(1);
    expect(await rowsOf('old')).toHaveLength(0);
  });

  it('a NOTIFY wakes a started worker: the job runs without a poll', async () => {
    const worker = new OutboxWorker(database.db, { log, pollMs: 3_600_000 });
    let ran = false;
    worker.handleJob(anyJob('wake'), async () => void (ran = true));
    await worker.start(database);
    try {
      await database.db.transaction(async (tx) => enqueue(tx as unknown as Db, anyJob('wake'), {}));
      await expect.poll(() => ran, { timeout: 5000 }).toBe(true);
    } finally {
      await worker.close();
    }
  });
});

describe('two app instances on one PostgreSQL database', () => {
  it('each of 300 jobs is taken by one worker only (FOR UPDATE SKIP LOCKED), both workers taking some', async () => {
    // Two pools of their own: two processes' connections, racing for the same rows.
    const first = await openPostgres(database.url!, { migrate: false });
    const second = await openPostgres(database.url!, { migrate: false });
    const ranBy = new Map<number, string[]>();
    const race = defineJob('race', z.object({ n: z.number() }));
    const workers = [first, second].map((db, index) => {
      const worker = new OutboxWorker(db.db, { log, batch: 5, pollMs: 20 });
      worker.handleJob(race, async ({ n }) => {
        ranBy.set(n, [...(ranBy.get(n) ?? []), `worker${index}`]);
        // A send takes a moment, so the two overlap.
        await new Promise((resolve) => setTimeout(resolve, 2));
      });
      return worker;
    });
    try {
      await database.db.transaction(async (tx) => {
        for (let n = 0; n < 300; n++) await enqueue(tx as unknown as Db, race, { n });
      });
      await Promise.all(workers.map((worker, index) => worker.start([first, second][index]!)));
      await expect.poll(() => ranBy.size, { timeout: 60_000, interval: 100 }).toBe(300);
      await Promise.all(workers.map((worker) => worker.drain()));
      const twice = [...ranBy.entries()].filter(([, by]) => by.length > 1);
      expect(twice).toEqual([]);
      const counts = new Map<string, number>();
      for (const [, [by]] of ranBy) counts.set(by!, (counts.get(by!) ?? 0) + 1);
      expect(counts.get('worker0')).toBeGreaterThan(0);
      expect(counts.get('worker1')).toBeGreaterThan(0);
      const result = (await database.db.execute(sql`select count(*)::int as pending from jobs where kind = 'race' and done_at is null`)) as unknown as { rows: { pending: number }[] };
      const pending = result.rows[0]!.pending;
      expect(pending).toBe(0);
    } finally {
      for (const worker of workers) await worker.close();
      await first.close();
      await second.close();
    }
  });
});
