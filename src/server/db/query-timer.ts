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
}
