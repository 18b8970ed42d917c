// Real sign-ins alongside the mix, at a fixed low rate. The sign-in limiter allows 30 attempts per IP
// in 15 minutes, and the server does not trust X-Forwarded-For without PUBLIC_URL, so each attempt
// leaves from another loopback address (127.0.0.2 … 127.0.0.254: Linux routes all of 127/8 to lo),
// as sign-ins from many people would. The mix's own sign-ins all come from 127.0.0.1 and meet the
// limiter: those are the intended 429s.
import http from 'node:http';
import { DEMO_PASSWORD } from '../seed-data';
import type { BenchUser } from './load-setup';

export interface SignInStats {
  attempts: number;
  ok: number;
  rateLimited: number;
  /** Any other status. */
  failed: number;
  /** Socket errors. */
  errors: number;
  /** Milliseconds, answered attempts. */
  latencies: number[];
}

const emptyStats = (): SignInStats => ({ attempts: 0, ok: 0, rateLimited: 0, failed: 0, errors: 0, latencies: [] });

export class SignInDriver {
  private timer: NodeJS.Timeout | undefined;
  private inFlight = new Set<Promise<void>>();
  private stats = emptyStats();
  private next = 0;

  constructor(
    private readonly url: string,
    private readonly users: readonly BenchUser[],
    private readonly perSecond: number,
  ) {}

  start(): void {
    if (this.perSecond <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      const attempt = this.attempt();
      this.inFlight.add(attempt);
      void attempt.finally(() => this.inFlight.delete(attempt));
    }, 1000 / this.perSecond);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all(this.inFlight);
  }

  /** The counts since the last call. */
  take(): SignInStats {
    const stats = this.stats;
    this.stats = emptyStats();
    return stats;
  }

  private attempt(): Promise<void> {
    const n = this.next++;
    const user = this.users[n % this.users.length]!;
    const body = JSON.stringify({ email: user.email, password: DEMO_PASSWORD });
    const started = performance.now();
    // Counted when answered, in the window current then.
    const done = (record: (stats: SignInStats) => void) => {
      this.stats.attempts += 1;
      record(this.stats);
    };
    return new Promise((resolve) => {
      const request = http.request(
        `${this.url}/api/auth/login`,
        {
          method: 'POST',
          agent: false,
          localAddress: `127.0.0.${2 + (n % 253)}`,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: this.url, 'sec-fetch-site': 'same-origin' },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            done((stats) => {
              stats.latencies.push(performance.now() - started);
              if (response.statusCode === 200) stats.ok += 1;
              else if (response.statusCode === 429) stats.rateLimited += 1;
              else stats.failed += 1;
            });
            resolve();
          });
        },
      );
      request.on('error', () => {
        done((stats) => (stats.errors += 1));
        resolve();
      });
      request.end(body);
    });
  }
}
