import type pg from 'pg';

/** Told how long each statement (or embedded transaction) took, in seconds. */
export type QueryObserver = (seconds: number) => void;

/**
 * Times the database's work for whoever listens (the metrics): a seam on the driver, so every query of every
 * service is timed without the services knowing. Several apps may share one database (tests), hence a set.
 */
export class QueryTimer {
  private readonly observers = new Set<QueryObserver>();

  /** Starts telling `observer`; answers the function that stops. */
  observe(observer: QueryObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  /** Runs `work` and reports its duration (failed work too: a slow error is still time spent). */
  time<T>(work: () => Promise<T>): Promise<T> {
    if (this.observers.size === 0) return work();
    const started = performance.now();
    const report = () => {
      const seconds = (performance.now() - started) / 1000;
      for (const observer of this.observers) observer(seconds);
    };
    return work().finally(report);
  }

  /**
   * Wraps a pg pool: `pool.query` (drizzle's statements outside transactions) and the `query` of every
   * client it connects (transactions check one out). pool.query runs its client's query with a callback,
   * which is not timed again: only promise calls are.
   */
  instrumentPool(pool: pg.Pool): void {
    const wrap = (target: { query: (...args: unknown[]) => unknown }) => {
      const original = target.query.bind(target);
      target.query = (...args: unknown[]) => {
        if (typeof args.at(-1) === 'function') return original(...args);
        return this.time(() => original(...args) as Promise<unknown>);
      };
    };
    wrap(pool as unknown as { query: (...args: unknown[]) => unknown });
    pool.on('connect', (client) => wrap(client as unknown as { query: (...args: unknown[]) => unknown }));
  }
}
