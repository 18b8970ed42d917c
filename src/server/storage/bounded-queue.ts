/**
 * Runs at most `limit` tasks at once, the rest wait in arrival order. Image decoding goes through one
 * of these so a burst of large uploads cannot occupy every libuv/sharp thread and stall the rest of
 * the server (security review finding 3). `peak` records the most tasks ever running together (tests).
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  peak = 0;

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so `running` never dips below what is really running.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
