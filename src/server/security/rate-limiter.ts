import { createHash } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { rateLimitCounters } from '#server/db/schema';
import type { ErrorCode } from '#domain/error-codes';
import { tooManyRequests } from '#server/errors';

/** One window's state: hits counted so far and when the window ends (the database's clock). */
export interface RateWindow {
  count: number;
  resetAt: Date;
}

/**
 * The counters of every limit, in the database (rate_limit_counters), so any number of processes on one
 * database enforce one limit. Each hit is a single atomic upsert: a window that has ended starts over at 1.
 * Time is the database's clock, so processes whose clocks differ still agree on when a window ends.
 */
export class RateLimits {
  constructor(private readonly db: Db) {}

  /** A limit of `limit` hits per `windowMs`, its keys filed under `name` (unique per limit). */
  limiter(name: string, limit: number, windowMs: number): RateLimiter {
    return new RateLimiter(this, name, limit, windowMs);
  }

  /**
   * Counts one hit on `key` and answers its window. Given a transaction, the hit is part of it: it stands exactly
   * when the rest commits, and the counter's row stays locked until then, so racing transactions count one by one.
   */
  async record(key: string, windowMs: number, db: Db = this.db): Promise<RateWindow> {
    const ended = sql`${rateLimitCounters.resetAt} <= now()`;
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key, count: 1, resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${ended} then 1 else ${rateLimitCounters.count} + 1 end`,
          resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
      })
      .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt });
    return row!;
  }

  /** The key's current window, or undefined when it has none or it has ended. */
  async current(key: string): Promise<RateWindow | undefined> {
    const [row] = await this.db
      .select({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetAt, sql`now()`)));
    return row;
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  }

  /** Deletes ended windows (the hourly purge); answers how many. */
  async purgeExpired(): Promise<number> {
    const deleted = await this.db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetAt, sql`now()`)).returning({ key: rateLimitCounters.key });
    return deleted.length;
  }
}

const secondsUntil = (resetAt: Date) => Math.max(1, (resetAt.getTime() - Date.now()) / 1000);

/** A fixed-window limit on one kind of key (an address, an email, a user), counted in the database. */
export class RateLimiter {
  constructor(
    private readonly store: RateLimits,
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** The key is hashed: the table then holds no email or address, only which limit it belongs to. */
  private keyOf(key: string) {
    return `${this.name}:${createHash('sha256').update(key).digest('base64url')}`;
  }

  /**
   * Counts one hit for the key; throws 429 with Retry-After (and `code`) once the limit is passed. With `db` a
   * transaction, the hit is counted in it (RateLimits.record).
   */
  async hit(key: string, options: { db?: Db; code?: ErrorCode } = {}): Promise<void> {
    const window = await this.record(key, options.db);
    if (window.count > this.limit) throw tooManyRequests(secondsUntil(window.resetAt), options.code);
  }

  /** Counts one hit without refusing anything (failures counted after the fact); answers the new count. */
  record(key: string, db?: Db): Promise<RateWindow> {
    return this.store.record(this.keyOf(key), this.windowMs, db);
  }

  /** Whether a count is past this limit. */
  exceededBy(count: number): boolean {
    return count > this.limit;
  }

  /** Hits counted for the key in its current window (0 when none). */
  async count(key: string): Promise<number> {
    return (await this.store.current(this.keyOf(key)))?.count ?? 0;
  }

  /** Throws 429 (without counting) when the key has already reached the limit (or a lower one given here). */
  async assertBelow(key: string, limit = this.limit): Promise<void> {
    const window = await this.store.current(this.keyOf(key));
    if (window && window.count >= limit) throw tooManyRequests(secondsUntil(window.resetAt));
  }

  /** Forget a key, e.g. after a successful sign-in. */
  reset(key: string): Promise<void> {
    return this.store.reset(this.keyOf(key));
  }
}
