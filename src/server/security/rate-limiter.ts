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
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > this.limit) throw tooManyRequests((window.resetAt - now) / 1000);
  }

  /** Forget a key, e.g. after a successful sign-in. */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
