import { tooManyRequests } from '../errors';

/**
 * A fixed-window counter per key, in this process's memory. Several processes behind a load
 * balancer each count on their own, so the effective limit is per process (see docs/security.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for the key; throws 429 with Retry-After once the limit is passed. */
  hit(key: string): void {
    const window = this.record(key);
    if (window.count > this.limit) throw tooManyRequests((window.resetAt - this.now()) / 1000);
  }

  /** Counts one hit without refusing anything (failures counted after the fact); answers the new count. */
  record(key: string): { count: number; resetAt: number } {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window;
  }

  /** Hits counted for the key in its current window (0 when none). */
  count(key: string): number {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window.count : 0;
  }

  /** Throws 429 (without counting) when the key has already reached the limit (or a lower one given here). */
  assertBelow(key: string, limit = this.limit): void {
    const window = this.windows.get(key);
    const now = this.now();
    if (window && window.resetAt > now && window.count >= limit) throw tooManyRequests((window.resetAt - now) / 1000);
  }

  /** Forget a key, e.g. after a successful sign-in. */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
