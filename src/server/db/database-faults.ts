/**
 * The two database faults an operator meets that are not a bug: the disk is full, or the database cannot be
 * reached (stopped, restarting, failing over, the network). Both are temporary, so callers get a 503 with
 * Retry-After instead of a 500, and the operator gets one log line and a metric instead of a line per request.
 */
export type DatabaseFault = 'storage-full' | 'database-unavailable';

/** PostgreSQL's disk_full, and the errno under it (PGlite reports 53100 too; ENOSPC from our own file writes). */
const STORAGE_FULL_CODES = new Set(['53100', 'ENOSPC']);

/**
 * Connection-level failures: the driver's socket errors, PostgreSQL shutting down or starting up
 * (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now) and class 08 (connection exception).
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', '57P01', '57P02', '57P03']);
/** node-postgres says these in words only, with no code. */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /connection (was )?(closed|lost|refused)/i,
  /not queryable/i,
  /Client was closed/i,
];

/** The error and its causes (drizzle wraps the driver's error in `cause`). */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** Which fault `error` is, if it is one of the two; anything else stays a 500. */
export function classifyDatabaseError(error: unknown): DatabaseFault | undefined {
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    const message = typeof link.message === 'string' ? link.message : '';
    if (STORAGE_FULL_CODES.has(code) || /no space left on device/i.test(message)) return 'storage-full';
  }
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    const message = typeof link.message === 'string' ? link.message : '';
    if (UNAVAILABLE_CODES.has(code) || code.startsWith('08')) return 'database-unavailable';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'database-unavailable';
  }
  return undefined;
}

/** What the caller is told: the service's state, that nothing was saved (or may not have been), and when to retry. */
export const faultAnswers: Record<DatabaseFault, { message: string; retryAfterSeconds: number }> = {
  'storage-full': {
    message: 'The service is out of storage space, so nothing was saved. Please try again in a few minutes.',
    retryAfterSeconds: 60,
  },
  'database-unavailable': {
    message: 'The service cannot reach its database right now, so your request was not completed. Please try again in a few seconds.',
    retryAfterSeconds: 5,
  },
};

/** How long after the last disk-full failure /readyz keeps saying "not ready" when no write has succeeded since. */
export const STORAGE_FULL_HOLD_MS = 30_000;

/**
 * The process's view of the two faults: counted for /metrics, logged once at error level when a fault begins and
 * once at info level when it ends, and (storage) read by /readyz.
 */
export class DatabaseFaults {
  readonly counts: Record<DatabaseFault, number> = { 'storage-full': 0, 'database-unavailable': 0 };
  private readonly active = new Set<DatabaseFault>();
  private lastStorageFullAt = 0;

  constructor(
    private readonly log: { error(details: object, message: string): void; info(details: object, message: string): void },
    private readonly now: () => number = Date.now,
  ) {}

  record(fault: DatabaseFault, error: unknown): void {
    this.counts[fault] += 1;
    if (fault === 'storage-full') this.lastStorageFullAt = this.now();
    if (this.active.has(fault)) return;
    this.active.add(fault);
    const reason = [...chain(error)].map((link) => (typeof link.message === 'string' ? link.message : '')).filter(Boolean).at(-1);
    this.log.error(
      { fault, reason },
      fault === 'storage-full'
        ? 'storage full: the database cannot write; writes answer 503 until space is freed'
        : 'database unavailable: requests answer 503 until it is back',
    );
  }

  /** A request that needed the database succeeded (`wrote`: and it was a write): the faults it disproves are over. */
  succeeded(wrote: boolean): void {
    if (this.active.has('database-unavailable')) {
      this.active.delete('database-unavailable');
      this.log.info({ fault: 'database-unavailable' }, 'database available again');
    }
    if (wrote && (this.active.has('storage-full') || this.lastStorageFullAt > 0)) {
      this.lastStorageFullAt = 0;
      if (this.active.delete('storage-full')) this.log.info({ fault: 'storage-full' }, 'storage available again: writes succeed');
    }
  }

  /**
   * Not ready while writes fail for lack of space: from the last disk-full failure until a write succeeds, or at
   * most STORAGE_FULL_HOLD_MS with no new failure (a load balancer that took this process out sends no writes
   * that could prove space is back, so readiness returns by itself and the next write tests the disk again).
   */
  storageFull(): boolean {
    return this.lastStorageFullAt > 0 && this.now() - this.lastStorageFullAt < STORAGE_FULL_HOLD_MS;
  }
}
