// Event streams held open during bench:load: GET /api/events over node:http (keep-alive agent),
// spread over the bench users. Counts streams that fail to open or drop, and checks that a message
// the mix sends reaches its receiver's stream.
import http from 'node:http';
import type { BenchUser } from './load-setup';

interface OpenStream {
  userId: string;
  request: http.ClientRequest;
  buffer: string;
  open: boolean;
}

export interface DeliveryStats {
  /** Messages answered 201 whose receiver holds a stream. */
  tracked: number;
  /** …of which the event reached a stream of the receiver. */
  delivered: number;
  /** Not arrived within the grace period after the phase. */
  missing: number;
}

export class StreamPool {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  private readonly streams: OpenStream[] = [];
  private readonly usersWithStreams = new Set<string>();
  /** message id → receiver, answered 201 and not yet seen on the receiver's stream. */
  private readonly pending = new Map<string, string>();
  /** Arrived at the receiver before the sender's 201 was read. */
  private readonly early = new Set<string>();
  private tracked = 0;
  private delivered = 0;
  private closing = false;
  /** Streams refused or failed while opening. */
  failedToOpen = 0;
  /** Streams that ended while they should have stayed open. */
  dropped = 0;
  /** Events (message or other) received on all streams. */
  events = 0;
  readonly dropLog: string[] = [];

  get openCount(): number {
    return this.streams.filter((s) => s.open).length;
  }

  get size(): number {
    return this.streams.length;
  }

  hasStream(userId: string): boolean {
    return this.usersWithStreams.has(userId);
  }

  /** Opens `count` streams, round-robin over `users` (at most 10 a user: the server's limit), 50 at a time. */
  async open(url: string, users: readonly BenchUser[], count: number): Promise<void> {
    for (let i = 0; i < count; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => this.openOne(url, users[(i + j) % users.length]!)));
    }
  }

  private openOne(url: string, user: BenchUser): Promise<void> {
    return new Promise((resolve) => {
      const request = http.get(`${url}/api/events`, { agent: this.agent, headers: { cookie: user.cookie, accept: 'text/event-stream' } }, (response) => {
        if (response.statusCode !== 200) {
          this.failedToOpen += 1;
          response.resume();
          resolve();
          return;
        }
        const stream: OpenStream = { userId: user.userId, request, buffer: '', open: true };
        this.streams.push(stream);
        this.usersWithStreams.add(user.userId);
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => this.receive(stream, chunk));
        const ended = (why: string) => {
          if (!stream.open) return;
          stream.open = false;
          if (!this.closing) {
            this.dropped += 1;
            if (this.dropLog.length < 20) this.dropLog.push(`${new Date().toISOString()} ${why}`);
          }
        };
        response.on('end', () => ended('ended by the server'));
        response.on('close', () => ended('connection closed'));
        response.on('error', (error) => ended(error.message));
        resolve();
      });
      request.on('error', () => {
        // Before a response: it never opened. After: the response's own events count the drop.
        if (!this.streams.some((s) => s.request === request)) {
          this.failedToOpen += 1;
          resolve();
        }
      });
    });
  }

  private receive(stream: OpenStream, chunk: string): void {
    stream.buffer += chunk;
    let split: number;
    while ((split = stream.buffer.indexOf('\n\n')) >= 0) {
      const block = stream.buffer.slice(0, split);
      stream.buffer = stream.buffer.slice(split + 2);
      if (!block.includes('event: message')) continue;
      this.events += 1;
      const dataLine = block.split('\n').find((line) => line.startsWith('data:'));
      if (!dataLine) continue;
      const data = JSON.parse(dataLine.slice(5)) as { id: string; receiverId: string };
      if (data.receiverId !== stream.userId) continue;
      if (this.pending.delete(data.id)) this.delivered += 1;
      else this.early.add(data.id);
    }
  }

  /** A message the mix sent (201): its receiver's stream should yield it. */
  trackSent(id: string, receiverId: string): void {
    if (!this.usersWithStreams.has(receiverId)) return;
    this.tracked += 1;
    if (this.early.delete(id)) this.delivered += 1;
    else this.pending.set(id, receiverId);
  }

  /** Waits (bounded) for pending deliveries, answers the counts since the last call, and starts afresh. */
  async takeDelivery(graceMs = 3000): Promise<DeliveryStats> {
    const deadline = Date.now() + graceMs;
    while (this.pending.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const stats = { tracked: this.tracked, delivered: this.delivered, missing: this.pending.size };
    this.tracked = 0;
    this.delivered = 0;
    this.pending.clear();
    this.early.clear();
    return stats;
  }

  close(): void {
    this.closing = true;
    for (const stream of this.streams) stream.request.destroy();
    this.agent.destroy();
  }
}
