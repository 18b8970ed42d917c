import type { ServerResponse } from 'node:http';
import type { IntroductionEventData } from '../../domain/introductions';
import type { MessageEventData } from '../../domain/messages';
import type { Database } from '../db/client';
import { SESSIONS_ENDED_CHANNEL } from '../features/auth/sessions';

/** A message event as the hub holds it: the data the two people get (domain messages.ts) and its sequence number. */
export interface MessageEvent extends MessageEventData {
  seq: number;
}

/** The PostgreSQL NOTIFY channel carrying committed messages between server processes. */
export const MESSAGE_CHANNEL = 'sanga_messages';
/** The channel carrying introduction changes (issue 16): `{userIds, id, status}`, sent to those users' streams. */
export const INTRODUCTION_CHANNEL = 'sanga_introductions';
export interface IntroductionNotice extends IntroductionEventData {
  userIds: string[];
}

/** An introduction event has no id: it is a nudge to refetch, and must not move a stream's Last-Event-ID. */
export function formatIntroductionEvent(notice: IntroductionNotice): string {
  const data: IntroductionEventData = { id: notice.id, status: notice.status };
  return `event: introduction\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** Open streams one user may hold (one per tab). */
export const MAX_STREAMS_PER_USER = 10;

export function formatEvent(event: MessageEvent): string {
  const data: MessageEventData = { id: event.id, senderId: event.senderId, receiverId: event.receiverId, createdAt: event.createdAt };
  return `id: ${event.seq}\nevent: message\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface EventHubOptions {
  /** Which of these session ids are still live; streams of the others are ended at each heartbeat. */
  liveSids: (sids: string[]) => Promise<Set<string>>;
  heartbeatMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * The streams open on this process, by user. Every process LISTENs to the channel, so a message
 * committed through any process reaches its two people wherever their streams are open.
 *
 * A stream lives only as long as the session it was opened with. Two ways, so neither alone has to be perfect:
 * a session that ends (logout, rotation, password reset) is announced on SESSIONS_ENDED_CHANNEL and every
 * process ends its streams at once; and each heartbeat re-checks the sessions of all open streams (one query),
 * which also catches expiry and a notice missed while a process was reconnecting to the database.
 */
export class EventHub {
  private readonly streams = new Map<string, Set<ServerResponse>>();
  /** The session id each open stream was opened with. */
  private readonly sidOf = new Map<ServerResponse, string>();
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly stopListening: (() => Promise<void>)[] = [];

  constructor(private readonly options: EventHubOptions) {}

  async start(database: Database): Promise<void> {
    this.stopListening.push(await database.listen(MESSAGE_CHANNEL, (payload) => this.dispatch(payload)));
    this.stopListening.push(await database.listen(SESSIONS_ENDED_CHANNEL, (payload) => this.endSessions(payload)));
    this.stopListening.push(await database.listen(INTRODUCTION_CHANNEL, (payload) => this.dispatchIntroduction(payload)));
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs ?? HEARTBEAT_MS);
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

  add(userId: string, sid: string, stream: ServerResponse): void {
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(stream);
    this.sidOf.set(stream, sid);
    stream.on('close', () => {
      set.delete(stream);
      this.sidOf.delete(stream);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    });
  }

  private endSessions(payload: string): void {
    let ended: Set<string>;
    try {
      const parsed = JSON.parse(payload) as { sids?: unknown };
      ended = new Set(Array.isArray(parsed.sids) ? parsed.sids.filter((sid): sid is string => typeof sid === 'string') : []);
    } catch {
      return;
    }
    for (const [stream, sid] of this.sidOf) if (ended.has(sid)) stream.end();
  }

  /** Keeps proxies from closing idle streams, and ends the streams whose session is gone. */
  private async beat(): Promise<void> {
    this.broadcast(': heartbeat\n\n');
    const open = [...new Set(this.sidOf.values())];
    if (open.length === 0) return;
    try {
      const live = await this.options.liveSids(open);
      for (const [stream, sid] of this.sidOf) if (!live.has(sid)) stream.end();
    } catch (error) {
      // The database is away: keep the streams (the next beat checks again) rather than drop everyone.
      this.options.onError?.(error);
    }
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

  private dispatchIntroduction(payload: string): void {
    let notice: IntroductionNotice;
    try {
      notice = JSON.parse(payload) as IntroductionNotice;
    } catch {
      return;
    }
    const text = formatIntroductionEvent(notice);
    for (const userId of new Set(notice.userIds)) {
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
    this.sidOf.clear();
    for (const stop of this.stopListening.splice(0)) await stop();
  }
}
