import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '#server/test/test-database';
import type { Database } from './client';
import { classifyDatabaseError } from './database-faults';
import { executeRows } from './rows';

/**
 * A PostgreSQL restart ("terminating connection due to administrator command") reaching a connection the pool has
 * handed out, while its transaction waits between two statements. node-postgres then emits 'error' on that client,
 * which has no listener of its own: before the fix this ended the whole process (the fault test's app died at the
 * first restart on a slow CI machine). An unheard 'error' would fail this file as an uncaught exception.
 */
describe('a connection lost in the middle of a transaction (PostgreSQL)', () => {
  let database: Database & { url?: string };
  let killer: pg.Client;

  beforeAll(async () => {
    database = await openTestDatabase();
    killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
  });
  afterAll(async () => {
    await killer.end();
    await database.close();
  });

  it('fails that transaction as database-unavailable, keeps the process, and the pool serves the next query', async () => {
    let failure: unknown;
    try {
      await database.db.transaction(async (tx) => {
        const [backend] = await executeRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await killer.query('select pg_terminate_backend($1)', [backend!.pid]);
        // No statement in flight while the FATAL arrives: this is the window a restart hits.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeDefined();
    expect(classifyDatabaseError(failure)).toBe('database-unavailable');
    expect(await executeRows(database.db, sql`select 2 as two`)).toEqual([{ two: 2 }]);
  });
});
