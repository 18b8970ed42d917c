import type { FastifyBaseLogger } from 'fastify';
import { redactForLog } from '#server/errors';

/**
 * Runs work off the request path, one job at a time, in this process's memory: an answer that must not
 * reveal what happened behind it (a password-reset request for a known email) is sent before the work starts.
 *
 * Not durable: a job queued when the process dies is lost (the person asks for another link). The accounts
 * issue replaces this with a durable outbox table; until then this is the whole queue.
 */
const MAX_PENDING = 1000;

export class BackgroundQueue {
  private tail: Promise<void> = Promise.resolve();
  private pending = 0;
  private failed = 0;

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Queues a job; its failure is logged under `name`, never thrown at the caller. */
  enqueue(name: string, job: () => Promise<void>): void {
    // A mail server that hangs must not let the queue grow without end: past this, new jobs are dropped (the
    // per-address and per-email limits of the routes keep a real backlog far below it).
    if (this.pending >= MAX_PENDING) {
      this.log.warn({ job: name, pending: this.pending }, `background queue full: job ${name} dropped`);
      this.failed += 1;
      return;
    }
    this.pending += 1;
    this.tail = this.tail
      .then(job)
      .catch((error: unknown) => {
        this.failed += 1;
        this.log.error({ job: name, error: redactForLog(error) }, `background job ${name} failed`);
      })
      .finally(() => {
        this.pending -= 1;
      });
  }

  /** Jobs queued or running. */
  get size(): number {
    return this.pending;
  }

  /** Jobs that failed or were dropped since the process started (the metrics). */
  get failures(): number {
    return this.failed;
  }

  /** Resolves once every job queued so far has finished (tests), or after `timeoutMs` (shutdown must not hang). */
  async idle(timeoutMs = Infinity): Promise<void> {
    const drained = (async () => {
      while (this.pending > 0) await this.tail;
    })();
    if (timeoutMs === Infinity) return drained;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
    await Promise.race([drained, timedOut]);
    clearTimeout(timer);
  }
}
