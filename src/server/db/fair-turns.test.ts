import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FairTurns, SLICE_MS, withFairTurns } from './fair-turns';

/** Each costs a few milliseconds of PGlite work on the main thread. */
const BUSY_QUERY = 'SELECT count(*) FROM generate_series(1, 20000) AS n WHERE n % 7 = 3';

/** Runs `work` while a setImmediate ticker measures the longest time the event loop went without a turn. */
async function longestGapDuring(work: () => Promise<unknown>): Promise<{ gap: number; turns: number }> {
  let last = performance.now();
  let gap = 0;
  let turns = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  return { gap: Math.max(gap, performance.now() - last), turns };
}

/** Forty "requests" at once, each a chain of five queries, as concurrent HTTP requests would be. */
const fortyRequests = (client: PGlite) =>
  Promise.all(
    Array.from({ length: 40 }, async () => {
      for (let i = 0; i < 5; i += 1) await client.query(BUSY_QUERY);
    }),
  );

describe('fair turns for PGlite', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
  });
  afterAll(async () => {
    await client.close();
  });

  it('gives the event loop a turn at least every few slices while many query chains run', async () => {
    const fair = withFairTurns(client);
    const started = performance.now();
    const { gap, turns } = await longestGapDuring(() => fortyRequests(fair));
    const took = performance.now() - started;
    // Without the turns the whole batch (hundreds of ms) runs in one microtask drain: one turn.
    expect(took).toBeGreaterThan(10 * SLICE_MS);
    expect(turns).toBeGreaterThan(took / (5 * SLICE_MS));
    expect(gap).toBeLessThan(took / 2);
  });

  it('without them, the same work holds the event loop the whole time (what the turns fix)', async () => {
    const started = performance.now();
    const { gap } = await longestGapDuring(() => fortyRequests(client));
    expect(gap).toBeGreaterThan((performance.now() - started) / 2);
  });

  it('answers queries, transactions and exec through the wrapper as the client itself would', async () => {
    const fair = withFairTurns(client);
    expect(fair).toBeInstanceOf(PGlite);
    expect((await fair.query<{ n: number }>('SELECT 41 + 1 AS n')).rows).toEqual([{ n: 42 }]);
    await fair.exec('CREATE TEMP TABLE turns_check (n int)');
    await fair.transaction(async (tx) => {
      await tx.query('INSERT INTO turns_check VALUES (1), (2)');
    });
    await expect(
      fair.transaction(async (tx) => {
        await tx.query('INSERT INTO turns_check VALUES (3)');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await fair.query('SELECT n FROM turns_check ORDER BY n')).rows).toEqual([{ n: 1 }, { n: 2 }]);
    expect(fair.closed).toBe(false);
  });

  it('lets work through at once inside a slice and waits for a turn once the slice is used', async () => {
    const turns = new FairTurns();
    await new Promise((resolve) => setTimeout(resolve, SLICE_MS + 5));
    let immediateRan = false;
    setImmediate(() => (immediateRan = true));
    await turns.take(); // the old slice is used up: waits behind the immediate queued before it
    expect(immediateRan).toBe(true);

    immediateRan = false;
    setImmediate(() => (immediateRan = true));
    await turns.take(); // a fresh slice: no wait
    expect(immediateRan).toBe(false);
  });
});
