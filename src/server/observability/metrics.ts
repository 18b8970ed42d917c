import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { QueryTimer } from '#server/db/query-timer';

/** What a job queue tells the metrics: jobs waiting or running, and jobs that failed since the start. */
export interface QueueStats {
  depth(): number | Promise<number>;
  failures(): number | Promise<number>;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The numbers GET /metrics serves, in Prometheus's text format (prom-client). A registry of its own per app
 * (not prom-client's global one), so several apps in one process (tests) never collide. Gauges read their
 * value when scraped, from callbacks, so nothing is kept up to date on the request path.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly queues = new Map<string, QueueStats>();
  private readonly stopTimingQueries: () => void;

  constructor(queryTimer: QueryTimer) {
    // Process memory (resident, heap), CPU, event-loop lag, handles: prom-client's defaults, prefixed.
    collectDefaultMetrics({ register: this.registry, prefix: 'sanga_' });
    this.requestDuration = new Histogram({
      name: 'sanga_http_request_duration_seconds',
      help: 'HTTP answers by route pattern (never the raw address) and status',
      labelNames: ['method', 'route', 'status_code'],
      buckets: SECONDS_BUCKETS,
      registers: [this.registry],
    });
    const queryDuration = new Histogram({
      name: 'sanga_db_query_duration_seconds',
      help: 'Database statements (PostgreSQL) or statements and transactions (embedded), durable flush included',
      buckets: SECONDS_BUCKETS,
      registers: [this.registry],
    });
    this.stopTimingQueries = queryTimer.observe((seconds) => queryDuration.observe(seconds));
    const queues = this.queues;
    new Gauge({
      name: 'sanga_queue_depth',
      help: 'Jobs waiting or running, by queue',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [queue, stats] of queues) this.set({ queue }, await stats.depth());
      },
    });
    new Counter({
      name: 'sanga_queue_failures_total',
      help: 'Jobs that failed (or were dropped) since the process started, by queue',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [queue, stats] of queues) this.inc({ queue }, await stats.failures());
      },
    });
  }

  /** Records one answer. `route` is the registered pattern ("/api/match/:id") or "unmatched". */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  /** A gauge read at every scrape (open event streams, the match index's size). */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** A counter that only goes up (alarms raised); answers its increment. */
  counter(name: string, help: string): () => void {
    const counter = new Counter({ name, help, registers: [this.registry] });
    return () => counter.inc();
  }

  /** A counter read at every scrape from a running total (a service's own count). */
  readCounter(name: string, help: string, read: () => number): void {
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  /** A counter read at every scrape from a running tally, one series per key (`label`="key"). */
  tallyCounter(name: string, help: string, label: string, read: () => Record<string, number>): void {
    new Counter({
      name,
      help,
      labelNames: [label],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [key, value] of Object.entries(read())) this.inc({ [label]: key }, value);
      },
    });
  }

  /**
   * The registration point for job queues: the in-process background queue today, the durable outbox when it
   * comes (`app.metrics.registerQueue('outbox', { depth, failures })`). Depth is read at scrape time.
   */
  registerQueue(name: string, stats: QueueStats): void {
    this.queues.set(name, stats);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  close(): void {
    this.stopTimingQueries();
    this.registry.clear();
  }
}
