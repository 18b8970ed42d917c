import type { PGlite } from '@electric-sql/pglite';

/**
 * How long database work may run before the event loop gets a turn: short enough that new
 * connections are accepted and timers fire many times a second under any load, long enough that
 * a request's few queries usually run in one slice.
 */
export const SLICE_MS = 10;

/**
 * PGlite runs queries on the main thread and answers them with promises, so a request's whole
 * chain of queries runs inside one microtask drain, and one turn of the event loop answers every
 * request that arrived in it. Node (libuv ≥ 1.45) accepts one new connection per turn, so at 200
 * busy connections a turn took ~400 ms and new connections waited over 10 s to be accepted
 * (measured with strace: one accept4 per epoll_pwait). This yields to the event loop
 * (setImmediate) before a query once the current slice has run SLICE_MS, so a turn holds about
 * one slice of database work, whatever the load.
 */
export class FairTurns {
  private sliceStart = performance.now();

  /** Resolves at once inside the current slice; after one or more turns of the event loop otherwise. */
  async take(): Promise<void> {
    for (;;) {
      if (performance.now() - this.sliceStart < SLICE_MS) return;
      const yieldedAt = performance.now();
      await new Promise<void>((resolve) => setImmediate(resolve));
      // The first waiter to run in the new turn opens the next slice. Waiters queued behind it in
      // the same turn share that slice while it lasts, then wait for another turn.
      if (this.sliceStart < yieldedAt) {
        this.sliceStart = performance.now();
        return;
      }
    }
  }
}

/** The methods that start database work; each waits for its turn first. */
const GATED = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/** The same PGlite client, its queries and transactions taking turns with the event loop. */
export function withFairTurns(client: PGlite, turns = new FairTurns()): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // PGlite keeps its state in private fields, so every method runs on the real client.
      const method = value as (...args: unknown[]) => unknown;
      if (!GATED.has(property)) return method.bind(target);
      return async (...args: unknown[]) => {
        await turns.take();
        return method.apply(target, args);
      };
    },
  });
}
