import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import type { AppInstance } from '#server/app-types';
import { openPostgres, type Database } from '#server/db/client';
import { rateLimitCounters } from '#server/db/schema';
import { testConfig } from '#server/test/test-app';
import { openTestDatabase } from '#server/test/test-database';
import { RateLimits } from './rate-limiter';

/**
 * Two app instances on one database, as two processes behind a load balancer would be: on PostgreSQL each has
 * its own connection pool (separate sessions, as separate processes); on PGlite they share the one embedded
 * database (which allows one process). The limits are counted in rate_limit_counters, so they hold across both.
 * The real two-process check is in realtime/two-process.test.ts (PostgreSQL).
 */
let database: Database & { url?: string };
let second: Database;
let apps: AppInstance[];
beforeAll(async () => {
  database = await openTestDatabase();
  second = database.url ? await openPostgres(database.url, { migrate: false }) : database;
  const config = testConfig({ adminPassword: 'the-admin-password' });
  apps = [await buildApp({ config, database, logger: false }), await buildApp({ config, database: second, logger: false })];
});
afterAll(async () => {
  for (const app of apps ?? []) await app.close();
  if (second !== database) await second?.close();
  await database?.close();
});

describe('one set of limits across app instances (issue 18 item 2)', () => {
  it('sign-in: ten wrong passwords for one email from one address, spread over both instances, then 429 on either', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await apps[i % 2]!.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: `guess ${i}` },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(response.statusCode);
    }
    // Per process, each instance would have allowed ten: twelve 401s.
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
  });

  it('admin sign-in: the per-address limit holds across instances and answers Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push(await apps[i % 2]!.inject({ method: 'POST', url: '/api/admin/login', payload: { password: `wrong ${i}` }, remoteAddress: '10.8.8.8' }));
    }
    expect(answers.slice(0, 10).every((answer) => answer.statusCode === 401)).toBe(true);
    expect(answers[10]!.statusCode).toBe(429);
    expect(Number(answers[10]!.headers['retry-after'])).toBeGreaterThan(800);
    expect(answers[10]!.json()).toEqual({ code: 'too-many-requests', message: 'Too many requests, please try again later', errors: [] });
  });

  it('counts simultaneous hits exactly once each (one atomic upsert per hit)', async () => {
    const limits = [new RateLimits(database.db), new RateLimits(second.db)];
    const windows = await Promise.all(Array.from({ length: 40 }, (_, i) => limits[i % 2]!.record('test:simultaneous', 60_000)));
    expect(windows.map((window) => window.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(windows.map((window) => window.resetAt.getTime())).size).toBe(1);
  });

  it('starts a new window once the old one has ended, and the purge deletes ended windows', async () => {
    const limits = new RateLimits(database.db);
    const limiter = limits.limiter('test-window', 2, 60_000);
    await limiter.hit('k');
    await limiter.hit('k');
    await expect(limiter.hit('k')).rejects.toMatchObject({ statusCode: 429 });
    // The window ends (moved into the past rather than waited for).
    await database.db.update(rateLimitCounters).set({ resetAt: sql`now() - interval '1 second'` });
    expect(await limiter.count('k')).toBe(0);
    await expect(limiter.hit('k')).resolves.toBeUndefined();
    expect(await limiter.count('k')).toBe(1);
    expect(await limits.purgeExpired()).toBeGreaterThan(0);
    const keys = (await database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key);
    expect(keys).toHaveLength(1);
    // Keys are stored hashed: no address or email in the table.
    expect(keys[0]).toMatch(/^test-window:[A-Za-z0-9_-]{43}$/);
  });

  it('keeps its counters in an UNLOGGED table (no WAL per hit), on PostgreSQL and in PGlite alike', async () => {
    const result = await database.db.execute(sql`select relpersistence from pg_class where relname = 'rate_limit_counters'`);
    const { rows } = result as unknown as { rows: { relpersistence: string }[] };
    expect(rows[0]?.relpersistence).toBe('u');
  });
});
