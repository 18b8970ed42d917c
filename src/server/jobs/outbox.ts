import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Db } from '#server/db/client';
import { executeRows } from '#server/db/rows';
import { listen, notify } from '#server/events/channels';
import { jobs } from '#server/db/schema';
import { redactForLog } from '#server/errors';
import { mailMessage, type MailMessage } from '#server/mail/mailer';

/**
 * The one durable background-work mechanism (docs/decisions/005-outbox.md). Every kind is typed (`defineJob`): a
 * feature writes a job with `enqueue(tx, job, payload)` (or a mail with `enqueueMail(tx, …)`) inside the
 * transaction of the event that causes it, the service graph registers its handler with `handleJob`,
 * so the job exists exactly when the event committed. Workers on every process take due jobs with
 * `FOR UPDATE SKIP LOCKED` (one process per job), run the handler registered for the kind, and mark the row done;
 * a failure is retried with exponential backoff, and a worker killed mid-job leaves a lock that expires, after
 * which another takes the job again. Delivery is at least once: a kill between sending and marking done sends
 * twice, never zero times.
 */

/** Tries before a job is given up (failed_at set, kept for a look): 1 s … about 1 h apart. */
export const MAX_ATTEMPTS = 10;
/**
 * How long a worker holds a job it took by default; past it the job is taken again (the worker is presumed dead).
 * Longer than any send (nodemailer gives up well before), so a live worker's job is never taken twice.
 */
export const LOCK_MS = 5 * 60 * 1000;
/** Done and failed jobs are kept this long (notice throttles look back 30 minutes), then purged. */
export const KEEP_DONE_MS = 24 * 60 * 60 * 1000;

export type JobPayload = Record<string, unknown>;
type JobHandler = (payload: JobPayload) => Promise<void>;

/** Writes a job in the caller's transaction; it runs after commit, at `runAt` at the earliest. */
export interface EnqueueOptions {
  runAt?: Date;
  dedupeKey?: string;
  /** Write nothing when a unique index already holds this job (the staff digest's one job a day). */
  ifAbsent?: boolean;
}

/** The row and the wake-up; callers go through `enqueue`, so a payload is checked against its kind's schema first. */
async function writeJob(tx: Db, kind: string, payload: JobPayload, options: EnqueueOptions): Promise<void> {
  const insert = tx.insert(jobs).values({ kind, payload, runAt: options.runAt ?? new Date(), dedupeKey: options.dedupeKey ?? null });
  if (options.ifAbsent) await insert.onConflictDoNothing();
  else await insert;
  // Wakes every worker (the poll catches a missed notice).
  await notify(tx, 'jobs', kind);
}

/**
 * A typed job kind: its name and the zod schema of its payload. `enqueue` writes only a payload of that shape and
 * `OutboxWorker.handleJob` parses it again before the handler sees it (a row written by an older version that no
 * longer fits fails like any other error, retried and then given up, never run with a wrong shape).
 */
export interface JobKind<P extends JobPayload> {
  kind: string;
  payload: z.ZodType<P>;
  /**
   * Retried for as long as it fails (hourly once the backoff reaches its cap), never given up: for work whose loss
   * would leave a member's state wrong for good (an introduction's deadline that never expires it), as opposed to a
   * mail that is late. Past MAX_ATTEMPTS each failure is logged at error level.
   */
  neverGiveUp?: boolean;
}

export function defineJob<P extends JobPayload>(kind: string, payload: z.ZodType<P>, options: { neverGiveUp?: boolean } = {}): JobKind<P> {
  return { kind, payload, neverGiveUp: options.neverGiveUp };
}

/** Writes a typed job in the caller's transaction; it runs after commit, at `runAt` at the earliest. */
export async function enqueue<P extends JobPayload>(tx: Db, job: JobKind<P>, payload: P, options: EnqueueOptions = {}): Promise<void> {
  return writeJob(tx, job.kind, job.payload.parse(payload), options);
}

/** The job kind that sends one mail, rendered when it was enqueued (mail/templates.ts). */
export const mailJob = defineJob('mail', mailMessage);

/** Writes one mail to the outbox in the caller's transaction. */
export function enqueueMail(tx: Db, mail: MailMessage, options: { dedupeKey?: string } = {}): Promise<void> {
  return enqueue(tx, mailJob, mail, options);
}

/** Whether a job with this key was written since `since` (a notice not repeated within a window). */
export async function jobWrittenSince(tx: Db, dedupeKey: string, since: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, dedupeKey), gt(jobs.createdAt, since)))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a job with this key waits to run: not done, not given up, and not held by a worker now (one already
 * running may have read what a caller is about to change, so it does not count as waiting).
 */
export async function jobWaiting(tx: Db, dedupeKey: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.dedupeKey, dedupeKey), isNull(jobs.doneAt), isNull(jobs.failedAt), sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} < now())`))
    .limit(1);
  return row !== undefined;
}

/** 1 s, 2 s, 4 s … capped at an hour, so a mail server down for a while is not hammered. */
export const backoffMs = (attempts: number) => Math.min(60 * 60 * 1000, 1000 * 2 ** Math.max(0, attempts - 1));

interface Logger {
  warn(object: unknown, message: string): void;
  error(object: unknown, message: string): void;
}

export interface OutboxWorkerOptions {
  /** Poll this often for due jobs (a NOTIFY wakes the worker sooner; the poll catches retries and missed notices). */
  pollMs?: number;
  /** Jobs taken per round. */
  batch?: number;
  /** How long a taken job is held (OUTBOX_LOCK_SECONDS; default LOCK_MS). */
  lockMs?: number;
  log: Logger;
}

/** Takes and runs due jobs on this process. One per process (main.ts and each test app start it). */
export class OutboxWorker {
  private readonly handlers = new Map<string, JobHandler>();
  /** Kinds retried for as long as they fail (JobKind.neverGiveUp). */
  private readonly neverGivenUp = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: OutboxWorkerOptions,
  ) {}

  /**
   * Registers what runs for a kind: the stored payload is parsed with the kind's schema before the handler runs.
   * A kind nobody registered here is retried (another process, a newer version, may know it).
   */
  handleJob<P extends JobPayload>(job: JobKind<P>, handler: (payload: P) => Promise<void>): void {
    this.handlers.set(job.kind, (payload) => handler(job.payload.parse(payload)));
    if (job.neverGiveUp) this.neverGivenUp.add(job.kind);
    else this.neverGivenUp.delete(job.kind);
  }

  async start(database: Database): Promise<void> {
    this.stopListening = await listen(database, 'jobs', () => this.wake());
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 5000);
    this.timer.unref();
    this.wake();
  }

  /** Runs a round now (or right after the one running). */
  private wake(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runDue()
      .catch((error: unknown) => {
        this.options.log.error({ error: redactForLog(error) }, 'outbox round failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Takes up to `batch` due jobs (none another worker holds) and runs them; answers how many it ran. */
  async runDue(): Promise<number> {
    const batch = this.options.batch ?? 20;
    // One statement takes and locks: SKIP LOCKED passes over rows another process is taking at this moment, and
    // locked_until keeps them from being taken again once this statement's row locks are released.
    const rows = await executeRows<{ id: string; kind: string; payload: JobPayload; attempts: number }>(this.db, sql`
      update ${jobs} set locked_until = now() + ${`${this.options.lockMs ?? LOCK_MS} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from ${jobs}
        where done_at is null and failed_at is null and run_at <= now() and (locked_until is null or locked_until < now())
        order by run_at
        limit ${batch}
        for update skip locked
      )
      returning id, kind, payload, attempts`);
    for (const job of rows) await this.runOne(job);
    return rows.length;
  }

  /** Failed attempts in this process since it started (retried or given up): the metrics' failure counter. */
  failures = 0;

  private async runOne(job: { id: string; kind: string; payload: JobPayload; attempts: number }): Promise<void> {
    const handler = this.handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      // The payload may hold a link that opens an account (reset, verification): once sent it is emptied.
      await this.db.update(jobs).set({ doneAt: new Date(), lockedUntil: null, payload: {} }).where(eq(jobs.id, job.id));
    } catch (error) {
      this.failures += 1;
      const message = error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500);
      const pastLimit = job.attempts >= MAX_ATTEMPTS;
      const givenUp = pastLimit && !this.neverGivenUp.has(job.kind);
      await this.db
        .update(jobs)
        .set(
          givenUp
            ? { failedAt: new Date(), lockedUntil: null, lastError: message, payload: {} }
            : { runAt: new Date(Date.now() + backoffMs(job.attempts)), lockedUntil: null, lastError: message },
        )
        .where(eq(jobs.id, job.id));
      const log = pastLimit ? this.options.log.error.bind(this.options.log) : this.options.log.warn.bind(this.options.log);
      const what = givenUp ? 'given up' : pastLimit ? `still failing after ${job.attempts} attempts; retrying (never given up)` : 'failed; retrying';
      log({ job: job.kind, attempts: job.attempts, error: redactForLog(error) }, `job ${job.kind} ${what}`);
    }
  }

  /** Runs rounds until no job is due now (tests, and shutdown's last chance to send). */
  async drain(maxRounds = 100): Promise<void> {
    for (let round = 0; round < maxRounds; round += 1) {
      while (this.running) await this.running;
      const ran = await this.runDue();
      // A round woken by NOTIFY meanwhile may hold the jobs this one skipped: wait for it on the next turn.
      if (ran === 0 && !this.running) return;
    }
  }

  /** Deletes done and failed jobs older than KEEP_DONE_MS (main.ts's hourly purge). */
  async purgeOld(): Promise<number> {
    const cutoff = new Date(Date.now() - KEEP_DONE_MS);
    const deleted = await this.db
      .delete(jobs)
      .where(sql`(${jobs.doneAt} < ${cutoff.toISOString()}::timestamptz or ${jobs.failedAt} < ${cutoff.toISOString()}::timestamptz)`)
      .returning({ id: jobs.id });
    return deleted.length;
  }

  /** Jobs not done yet (tests, and the queue depth on /metrics). */
  async pending(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt)));
    return row?.count ?? 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.stopListening?.();
    while (this.running) await this.running;
  }
}
