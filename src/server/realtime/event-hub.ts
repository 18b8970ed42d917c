import type { ServerResponse } from 'node:http';
import type { Database } from '../db/client';

/** What a message event tells the two people involved: enough to refetch, no content. */
export interface MessageEvent {
  seq: number;
  id: string;
  senderId: string;
  receiverId: string;
  createdAt: string;
}

/** The PostgreSQL NOTIFY channel carrying committed messages between server processes. */
export const MESSAGE_CHANNEL = 'sanga_messages';
/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** Open streams one user may hold (one per tab). */
export const MAX_STREAMS_PER_USER = 10;

export function formatEvent(event: MessageEvent): string {
  const data = { id: event.id, senderId: event.senderId, receiverId: event.receiverId, createdAt: event.createdAt };
  return `id: ${event.seq}\nevent: message\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The streams open on this process, by user. Every process LISTENs to the channel, so a message
 * committed through any process reaches its two people wherever their streams are open.
 */
export class EventHub {
  private readonly streams = new Map<string, Set<ServerResponse>>();
  private heartbeat: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;

  async start(database: Database): Promise<void> {
    this.stopListening = await database.listen(MESSAGE_CHANNEL, (payload) => this.dispatch(payload));
    this.heartbeat = setInterval(() => this.broadcast(': heartbeat\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  count(userId: string): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  get size(): number {
    let total = 0;
    for (const set of this.streams.values()) total += set.size;
    return total;
  }

  add(userId: string, stream: ServerResponse): void {
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(stream);
    stream.on('close', () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    });
  }

  private dispatch(payload: string): void {
    let event: MessageEvent;
    try {
      event = JSON.parse(payload) as MessageEvent;
    } catch {
      return;
    }
    const text = formatEvent(event);
    for (const userId of new Set([event.senderId, event.receiverId])) {
      for (const stream of this.streams.get(userId) ?? []) stream.write(text);
    }
  }

  private broadcast(text: string): void {
    for (const set of this.streams.values()) for (const stream of set) stream.write(text);
  }

  /** Ends every stream (so shutdown is not held up by open connections) and stops listening. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    for (const set of this.streams.values()) for (const stream of set) stream.end();
    this.streams.clear();
    await this.stopListening?.();
  }
}
