import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Database, ListenEvents } from '#server/db/client';
import { channels } from '#server/events/channels';
import { EventHub, type CatchUp, type MessageEvent } from './event-hub';

/** A database whose listening connection the test loses and brings back at will. */
function fakeDatabase() {
  const channels = new Map<string, { handler: (payload: string) => void; events: ListenEvents }>();
  const database = {
    kind: 'postgres',
    listen: async (channel: string, handler: (payload: string) => void, events: ListenEvents = {}) => {
      channels.set(channel, { handler, events });
      return async () => undefined;
    },
  } as unknown as Database;
  return {
    database,
    notify: (channel: string, payload: object) => channels.get(channel)!.handler(JSON.stringify(payload)),
    lose: () => {
      for (const { events } of channels.values()) events.onLost?.();
    },
    resume: () => {
      for (const { events } of channels.values()) events.onResumed?.();
    },
  };
}

function fakeStream() {
  const stream = new EventEmitter() as EventEmitter & { text: string; ended: boolean; write: (t: string) => boolean; end: () => void };
  stream.text = '';
  stream.ended = false;
  stream.write = (text: string) => ((stream.text += text), true);
  stream.end = () => {
    stream.ended = true;
    stream.emit('close');
  };
  return stream;
}

const message = (seq: number, senderId = 'a', receiverId = 'b'): MessageEvent => ({ seq, id: `m${seq}`, senderId, receiverId, createdAt: '2026-01-01T00:00:00.000Z' });
const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('EventHub after a lost listening connection (issue 29 item 1)', () => {
  it('delivers what was committed while it was lost, in seq order and before the live events that came meanwhile, each once', async () => {
    const db = fakeDatabase();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const asked: number[] = [];
    const catchUp: CatchUp = {
      latestSeq: async () => 10,
      messagesAfter: async (after) => {
        asked.push(after);
        await gate;
        // 11 was delivered live before the loss; 12 and 13 were committed while it was lost.
        return [message(11), message(12), message(13, 'b', 'a')].filter((event) => event.seq > after);
      },
      introductionsSince: async () => [],
    };
    const hub = new EventHub({ liveSids: async (sids) => new Set(sids), catchUp });
    await hub.start(db.database);
    const stream = fakeStream();
    hub.add('a', 'sid', stream as unknown as ServerResponse);
    db.notify(channels.messages.name, message(11));
    db.lose();
    db.resume();
    // A live event arriving while the replay is read waits for it.
    db.notify(channels.messages.name, message(14));
    db.notify(channels.messages.name, message(13, 'b', 'a'));
    expect(ids(stream.text)).toEqual([11]);
    release();
    await settle();
    expect(ids(stream.text)).toEqual([11, 12, 13, 14]);
    expect(asked[0]).toBeLessThan(11);
    expect(stream.ended).toBe(false);
    await hub.close();
  });

  it('replays again when the connection was lost and back once more while a replay ran', async () => {
    const db = fakeDatabase();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const asked: number[] = [];
    const hub = new EventHub({
      liveSids: async (sids) => new Set(sids),
      catchUp: {
        latestSeq: async () => 0,
        messagesAfter: async (after) => {
          asked.push(after);
          await gate;
          return [message(1), message(2)].filter((event) => event.seq > after);
        },
        introductionsSince: async () => [],
      },
    });
    await hub.start(db.database);
    const stream = fakeStream();
    hub.add('a', 'sid', stream as unknown as ServerResponse);
    db.lose();
    db.resume();
    db.lose();
    db.resume();
    release();
    await settle();
    expect(asked).toHaveLength(2);
    expect(ids(stream.text)).toEqual([1, 2]);
    await hub.close();
  });

  it('ends every stream when the missed events cannot be read, so clients reconnect with Last-Event-ID', async () => {
    const db = fakeDatabase();
    const reports: { endedStreams: boolean }[] = [];
    const hub = new EventHub({
      liveSids: async (sids) => new Set(sids),
      catchUp: { latestSeq: async () => 0, messagesAfter: async () => Promise.reject(new Error('still away')), introductionsSince: async () => [] },
      onCatchUp: (report) => reports.push(report),
    });
    await hub.start(db.database);
    const stream = fakeStream();
    hub.add('a', 'sid', stream as unknown as ServerResponse);
    db.lose();
    db.resume();
    await settle();
    expect(stream.ended).toBe(true);
    expect(reports.some((report) => report.endedStreams)).toBe(true);
    await hub.close();
  });

  it('announces the introductions changed since shortly before the loss to the members they reached', async () => {
    const db = fakeDatabase();
    let since: Date | undefined;
    const hub = new EventHub({
      liveSids: async (sids) => new Set(sids),
      catchUp: {
        latestSeq: async () => 0,
        messagesAfter: async () => [],
        introductionsSince: async (from) => {
          since = from;
          return [{ id: 'i1', status: 'awaiting-second', userIds: ['a'] }];
        },
      },
    });
    await hub.start(db.database);
    const stream = fakeStream();
    hub.add('a', 'sid', stream as unknown as ServerResponse);
    const lostAt = Date.now();
    db.lose();
    db.resume();
    db.notify(channels.introductions.name, { id: 'i2', status: 'introduced', userIds: ['a'] });
    await settle();
    expect(since!.getTime()).toBeLessThan(lostAt);
    // The chaperones listener's own resume nudges every open stream first (a missed change cannot be told apart).
    expect(stream.text).toBe(
      'event: chaperones\ndata: {}\n\nevent: introduction\ndata: {"id":"i1","status":"awaiting-second"}\n\nevent: introduction\ndata: {"id":"i2","status":"introduced"}\n\n',
    );
    await hub.close();
  });
});
