import type { ServerResponse } from 'node:http';
import type { IntroductionEventData } from '#domain/introductions/introductions';
import type { MessageEventData } from '#domain/messaging/messages';
import type { Database } from '#server/db/client';
import { channels, listen } from '#server/events/channels';

/** A message event as the hub holds it: the data the two people get (domain messages.ts) and its sequence number. */
export interface MessageEvent extends MessageEventData {
  seq: number;
}

/** An introduction change as sent on the introductions channel (events/channels.ts): to those users' streams. */
export interface IntroductionNotice extends IntroductionEventData {
  userIds: string[];
}

/** An introduction event has no id: it is a nudge to refetch, and must not move a stream's Last-Event-ID. */
export function formatIntroductionEvent(notice: IntroductionNotice): string {
  const data: IntroductionEventData = { id: notice.id, status: notice.status };
  return `event: introduction\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Who may read a conversation changed (events/channels.ts `chaperones`): a nudge without an id, like an
 * introduction's, for the open thread to fetch the "a family member can read" line again.
 */
export const CHAPERONES_EVENT = 'event: chaperones\ndata: {}\n\n';

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** Open streams one user may hold (one per tab). */
export const MAX_STREAMS_PER_USER = 10;

export function formatEvent(event: MessageEvent): string {
  const data: MessageEventData = { id: event.id, senderId: event.senderId, receiverId: event.receiverId, createdAt: event.createdAt };
  return `id: ${event.seq}\nevent: message\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * How the hub reads what it missed while its listening connection was lost (realtime/catch-up.ts). Without these
 * (the embedded database, whose listener never drops) nothing is read.
 */
export interface CatchUp {
  /** The highest message seq committed now: where this process starts delivering. */
  latestSeq: () => Promise<number>;
  /** Messages with seq above `after`, lowest first, at most `limit`. */
  messagesAfter: (after: number, limit: number) => Promise<MessageEvent[]>;
  /** Introductions changed since `since`, with the members each has reached. */
  introductionsSince: (since: Date) => Promise<IntroductionNotice[]>;
}

export interface EventHubOptions {
  /** Which of these session ids are still live; streams of the others are ended at each heartbeat. */
  liveSids: (sids: string[]) => Promise<Set<string>>;
  heartbeatMs?: number;
  onError?: (error: unknown) => void;
  catchUp?: CatchUp;
  /** Told how each reconnection went (logged by app.ts): how many events were read again, or that streams were ended. */
  onCatchUp?: (report: { channel: string; replayed: number; endedStreams: boolean; error?: unknown }) => void;
}

/**
 * Messages are read again from this many seqs below the last one delivered: a transaction that took its seq before
 * the last delivered message but committed after it (concurrent sends) is then not missed. Those already delivered
 * are skipped (recentSeqs), so the overlap costs a few rows, never a duplicate event.
 */
const REPLAY_OVERLAP_SEQS = 200;
/** More missed messages than this and the hub ends every stream instead: each client replays its own from Last-Event-ID. */
const REPLAY_LIMIT = 2000;
/** Delivered seqs remembered to skip in a replay. */
const RECENT_SEQS = 10_000;
/**
 * Introductions changed this long before the connection was lost are announced again: their updated_at is written
 * with each process's own clock. An introduction event is a nudge to refetch, so one too many costs a refetch.
 */
const INTRODUCTION_OVERLAP_MS = 60_000;

/** A stream ended by us but not yet closed stays in the maps until its 'close': writing to it would be an error. */
function write(stream: ServerResponse, text: string): void {
  if (!stream.writableEnded) stream.write(text);
}

/**
 * The streams open on this process, by user. Every process LISTENs to the channel, so a message
 * committed through any process reaches its two people wherever their streams are open.
 *
 * A stream lives only as long as the session it was opened with. Two ways, so neither alone has to be perfect:
 * a session that ends (logout, rotation, password reset) is announced on the sessionsEnded channel (events/channels.ts) and every
 * process ends its streams at once; and each heartbeat re-checks the sessions of all open streams (one query),
 * which also catches expiry and a notice missed while a process was reconnecting to the database.
 */
export class EventHub {
  private readonly streams = new Map<string, Set<ServerResponse>>();
  /** The session id each open stream was opened with. */
  private readonly sidOf = new Map<ServerResponse, string>();
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly stopListening: (() => Promise<void>)[] = [];
  /** The highest message seq delivered (or committed when the hub started). */
  private highestSeq = 0;
  /** Seqs delivered lately, oldest first in `recentOrder`: a replay skips them. */
  private readonly recentSeqs = new Set<number>();
  private readonly recentOrder: number[] = [];
  /** Set while the message listener is lost: the replay starts below the highest seq delivered before. */
  private messagesLostAt: number | undefined;
  /** Set while the introduction listener is lost: when (this process's clock). */
  private introductionsLostAt: number | undefined;
  /** Live payloads held while a replay runs, so the missed events go out before the new ones. */
  private heldMessages: MessageEvent[] | undefined;
  private heldIntroductions: IntroductionNotice[] | undefined;
  /** The connection was lost and back again while a replay ran: one more replay follows it. */
  private readonly replayAgain = { messages: false, introductions: false };
  private closed = false;

  constructor(private readonly options: EventHubOptions) {}

  async start(database: Database): Promise<void> {
    const catchUp = this.options.catchUp;
    if (catchUp) this.highestSeq = await catchUp.latestSeq();
    this.stopListening.push(
      await listen(database, 'messages', (event) => (this.heldMessages ? this.heldMessages.push(event) : this.dispatch(event)), {
        onLost: () => {
          this.messagesLostAt ??= this.highestSeq;
        },
        onResumed: () => void this.replayMessages(),
      }),
    );
    this.stopListening.push(
      await listen(database, 'sessionsEnded', ({ sids }) => this.endSessions(sids), {
        // Sessions ended while the notice could not arrive: check every open stream's session now, not at the next beat.
        onResumed: () => void this.checkSessions(),
      }),
    );
    this.stopListening.push(
      await listen(
        database,
        'introductions',
        (notice) => (this.heldIntroductions ? this.heldIntroductions.push(notice) : this.writeIntroduction(notice)),
        {
          onLost: () => {
            this.introductionsLostAt ??= Date.now();
          },
          onResumed: () => void this.replayIntroductions(),
        },
      ),
    );
    this.stopListening.push(
      await listen(database, 'chaperones', ({ userIds }) => this.writeTo(userIds, CHAPERONES_EVENT), {
        // A change missed while the listener was away cannot be told apart: every open stream fetches the line
        // again (a refetch of what is open, far cheaper than ending every stream).
        onResumed: () => this.broadcast(CHAPERONES_EVENT),
      }),
    );
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * After the message listener came back: every message committed since the last one delivered, in seq order,
   * then the live ones that arrived meanwhile. If they cannot be read (or are too many), every stream is ended:
   * browsers reconnect with Last-Event-ID and each replays its own (messages.routes.ts), then refetch.
   */
  private async replayMessages(): Promise<void> {
    const lostAt = this.messagesLostAt;
    const catchUp = this.options.catchUp;
    if (this.heldMessages) return void (this.replayAgain.messages = true);
    if (lostAt === undefined) return;
    this.messagesLostAt = undefined;
    if (!catchUp) return this.endAll(channels.messages.name, 0);
    this.heldMessages = [];
    let replayed = 0;
    try {
      const missed = await catchUp.messagesAfter(Math.max(0, lostAt - REPLAY_OVERLAP_SEQS), REPLAY_LIMIT);
      if (missed.length >= REPLAY_LIMIT) throw new Error(`more than ${REPLAY_LIMIT} messages to replay`);
      for (const event of missed) {
        if (this.recentSeqs.has(event.seq)) continue;
        this.deliver(event);
        replayed += 1;
      }
      this.options.onCatchUp?.({ channel: channels.messages.name, replayed, endedStreams: false });
    } catch (error) {
      this.endAll(channels.messages.name, replayed, error);
    } finally {
      const held = this.heldMessages;
      this.heldMessages = undefined;
      for (const payload of held) this.dispatch(payload);
      if (this.replayAgain.messages) {
        this.replayAgain.messages = false;
        void this.replayMessages();
      }
    }
  }

  /** After the introduction listener came back: a nudge for each introduction changed since shortly before the loss. */
  private async replayIntroductions(): Promise<void> {
    const lostAt = this.introductionsLostAt;
    const catchUp = this.options.catchUp;
    if (this.heldIntroductions) return void (this.replayAgain.introductions = true);
    if (lostAt === undefined) return;
    this.introductionsLostAt = undefined;
    if (!catchUp) return this.endAll(channels.introductions.name, 0);
    this.heldIntroductions = [];
    try {
      const changed = await catchUp.introductionsSince(new Date(lostAt - INTRODUCTION_OVERLAP_MS));
      for (const notice of changed) this.writeIntroduction(notice);
      this.options.onCatchUp?.({ channel: channels.introductions.name, replayed: changed.length, endedStreams: false });
    } catch (error) {
      this.endAll(channels.introductions.name, 0, error);
    } finally {
      const held = this.heldIntroductions;
      this.heldIntroductions = undefined;
      for (const payload of held) this.writeIntroduction(payload);
      if (this.replayAgain.introductions) {
        this.replayAgain.introductions = false;
        void this.replayIntroductions();
      }
    }
  }

  /** Ends every open stream: what this process missed cannot be told, so each client asks again itself. */
  private endAll(channel: string, replayed: number, error?: unknown): void {
    if (this.closed) return;
    for (const [stream] of this.sidOf) stream.end();
    this.options.onCatchUp?.({ channel, replayed, endedStreams: true, error });
  }

  count(userId: string): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  get size(): number {
    let total = 0;
    for (const set of this.streams.values()) total += set.size;
    return total;
  }

  /** Whether a stream opened with this session is still open on this process (another tab of the same browser). */
  hasSession(sid: string): boolean {
    for (const open of this.sidOf.values()) if (open === sid) return true;
    return false;
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

  private endSessions(sids: string[]): void {
    const ended = new Set(sids);
    for (const [stream, sid] of this.sidOf) if (ended.has(sid)) stream.end();
  }

  /** Keeps proxies from closing idle streams, and ends the streams whose session is gone. */
  private async beat(): Promise<void> {
    this.broadcast(': heartbeat\n\n');
    await this.checkSessions();
  }

  private async checkSessions(): Promise<void> {
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

  private dispatch(event: MessageEvent): void {
    if (this.recentSeqs.has(event.seq)) return; // already sent by a replay
    this.deliver(event);
  }

  private deliver(event: MessageEvent): void {
    this.remember(event.seq);
    const text = formatEvent(event);
    for (const userId of new Set([event.senderId, event.receiverId])) {
      for (const stream of this.streams.get(userId) ?? []) write(stream, text);
    }
  }

  private remember(seq: number): void {
    if (seq > this.highestSeq) this.highestSeq = seq;
    this.recentSeqs.add(seq);
    this.recentOrder.push(seq);
    if (this.recentOrder.length > RECENT_SEQS) this.recentSeqs.delete(this.recentOrder.shift()!);
  }

  private writeIntroduction(notice: IntroductionNotice): void {
    this.writeTo(notice.userIds, formatIntroductionEvent(notice));
  }

  private writeTo(userIds: readonly string[], text: string): void {
    for (const userId of new Set(userIds)) {
      for (const stream of this.streams.get(userId) ?? []) write(stream, text);
    }
  }

  private broadcast(text: string): void {
    for (const set of this.streams.values()) for (const stream of set) write(stream, text);
  }

  /** Ends every stream (so shutdown is not held up by open connections) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const set of this.streams.values()) for (const stream of set) stream.end();
    this.streams.clear();
    this.sidOf.clear();
    for (const stop of this.stopListening.splice(0)) await stop();
  }
}
