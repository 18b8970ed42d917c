import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { createTestContext, uniqueEmail, type TestContext } from '#server/test/test-app';
import { classifyDatabaseError, DatabaseFaults, STORAGE_FULL_HOLD_MS } from './database-faults';

/** What drizzle throws: its own error, the driver's in `cause`. */
const queryError = (cause: object) => Object.assign(new Error('Failed query: insert ...'), { query: 'insert ...', params: [], cause });

describe('classifyDatabaseError', () => {
  it('knows a full disk: PostgreSQL and PGlite 53100, ENOSPC, the words', () => {
    expect(classifyDatabaseError(queryError({ code: '53100', message: 'could not extend file "base/5/17000": No space left on device' }))).toBe('storage-full');
    expect(classifyDatabaseError(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe('storage-full');
    expect(classifyDatabaseError(queryError({ message: 'could not write to file "pg_wal/xlogtemp.1": No space left on device' }))).toBe('storage-full');
  });

  it('knows a database that cannot be reached', () => {
    expect(classifyDatabaseError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe('database-unavailable');
    expect(classifyDatabaseError(queryError({ code: '57P01', message: 'terminating connection due to administrator command' }))).toBe('database-unavailable');
    expect(classifyDatabaseError(queryError({ code: '57P03', message: 'the database system is starting up' }))).toBe('database-unavailable');
    expect(classifyDatabaseError(queryError({ code: '08006', message: 'connection failure' }))).toBe('database-unavailable');
    expect(classifyDatabaseError(new Error('timeout exceeded when trying to connect'))).toBe('database-unavailable');
    expect(classifyDatabaseError(queryError(new Error('Connection terminated unexpectedly')))).toBe('database-unavailable');
  });

  it('leaves every other error alone (a 500)', () => {
    expect(classifyDatabaseError(queryError({ code: '23505', message: 'duplicate key value violates unique constraint' }))).toBeUndefined();
    expect(classifyDatabaseError(new TypeError('x is undefined'))).toBeUndefined();
    expect(classifyDatabaseError('a string')).toBeUndefined();
  });
});

describe('DatabaseFaults', () => {
  it('logs once when a fault begins and once when it ends, counts every refusal, holds readiness for a while', () => {
    const lines: { level: string; message: string }[] = [];
    const log = { error: (_: object, message: string) => lines.push({ level: 'error', message }), info: (_: object, message: string) => lines.push({ level: 'info', message }) };
    let now = 1_000_000;
    const faults = new DatabaseFaults(log, () => now);
    const full = { code: '53100', message: 'No space left on device' };
    for (let i = 0; i < 5; i++) faults.record('storage-full', full);
    expect(faults.counts['storage-full']).toBe(5);
    expect(lines).toEqual([{ level: 'error', message: expect.stringMatching(/^storage full/) }]);
    expect(faults.storageFull()).toBe(true);
    faults.succeeded(false); // a read proves nothing about space
    expect(faults.storageFull()).toBe(true);
    now += STORAGE_FULL_HOLD_MS;
    expect(faults.storageFull()).toBe(false);
    faults.record('storage-full', full);
    expect(lines).toHaveLength(1); // still the same episode: no write has succeeded
    faults.succeeded(true);
    expect(faults.storageFull()).toBe(false);
    expect(lines.at(-1)).toEqual({ level: 'info', message: expect.stringMatching(/^storage available again/) });
  });
});

describe('a full disk through the API (issue 29 item 3)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers 503 storage-full with Retry-After, readiness 503, one error line, counted; the first write after space returns succeeds', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger: { level: 'info', stream }, outboxAutoRun: false });
    const register = (n: number) =>
      app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: uniqueEmail('full'), password: 'correct horse battery' }, remoteAddress: `198.51.100.${n}` });
    // The database's own disk_full error, as PostgreSQL and PGlite raise it when a file cannot grow.
    await ctx.database.db.execute(sql.raw(`
      create function sanga_test_disk_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file "base/5/17000": No space left on device' using errcode = 'disk_full'; end $$`));
    await ctx.database.db.execute(sql.raw('create trigger sanga_test_disk_full before insert on users for each row execute function sanga_test_disk_full()'));
    try {
      for (let n = 1; n <= 3; n++) {
        const refused = await register(n);
        expect(refused.statusCode).toBe(503);
        expect(refused.headers['retry-after']).toBe('60');
        expect(refused.json()).toEqual({ message: expect.stringMatching(/out of storage space, so nothing was saved/), errors: [], code: 'storage-full' });
      }
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().message).toMatch(/storage full/);
      const metrics = await app.inject({ method: 'GET', url: '/metrics' });
      expect(metrics.body).toContain('sanga_database_faults_total{fault="storage-full"} 3');
      const errorLines = lines.filter((line) => JSON.parse(line).level >= 50);
      expect(errorLines).toHaveLength(1);
      expect(errorLines[0]).toMatch(/storage full/);
      // /healthz reads only: it stays 200 (the process is alive), readiness is what takes it out of rotation.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await ctx.database.db.execute(sql.raw('drop trigger sanga_test_disk_full on users'));
      await ctx.database.db.execute(sql.raw('drop function sanga_test_disk_full()'));
    }
    try {
      expect((await register(4)).statusCode).toBe(201);
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      expect(lines.some((line) => /storage available again/.test(line))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
