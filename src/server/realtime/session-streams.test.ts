import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { sessions } from '#server/db/schema';
import { createProfileUser } from '#server/test/factories';
import { openEventStream, type EventStreamClient } from '#server/test/event-stream';
import { createCapturingMailer, createTestContext, sessionCookie, type TestContext, settleJobs } from '#server/test/test-app';

/**
 * Event streams live only as long as their session, and the request timeout cuts off a
 * trickled body without touching the long-lived event stream. A real listening server: streams
 * and sockets cannot be shown through inject().
 */
const mailer = createCapturingMailer();
// A heartbeat far away, so the tests of the NOTIFY path cannot pass thanks to the heartbeat's re-check.
const TIMEOUTS = { requestMs: 1000, idleMs: 10_000, heartbeatMs: 60_000 };
const SHORT_HEARTBEAT_MS = 300;

let ctx: TestContext;
let baseUrl: string;
beforeAll(async () => {
  ctx = await createTestContext({}, { mailer, timeouts: TIMEOUTS });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
});
afterAll(() => ctx.close());

const inject = (method: 'GET' | 'POST', url: string, options: { cookie?: string; payload?: object } = {}) =>
  ctx.app.inject({ method, url, headers: options.cookie ? { cookie: options.cookie } : {}, payload: options.payload });
const send = (cookie: string, receiverId: string, content: string) => inject('POST', '/api/messages', { cookie, payload: { receiverId, content } });
const signIn = async (email: string, password: string, cookie?: string) => {
  const response = await inject('POST', '/api/auth/login', { cookie, payload: { email, password } });
  expect(response.statusCode).toBe(200);
  return sessionCookie(response);
};

/** A woman and a man who may write to each other. */
async function matchedPair() {
  const woman = await createProfileUser(ctx.app, { gender: 'woman', name: 'Radha Devi' });
  const man = await createProfileUser(ctx.app, { gender: 'man', name: 'Krishna Das', dateOfBirth: '1990-02-02' });
  return { woman: woman.account, man: man.account };
}

/** Resolves true when the server ends the stream within `ms`, false otherwise. */
const endsWithin = (stream: EventStreamClient, ms: number) =>
  Promise.race([stream.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

const messageEvents = (stream: EventStreamClient) => stream.events.filter((e) => e.event === 'message');

describe('an event stream ends with its session', () => {
  it('logout: the stream of that session is closed and gets no later message; a stream of another session of the same user keeps receiving', async () => {
    const { woman, man } = await matchedPair();
    const otherDevice = await signIn(man.email, man.password);
    const loggedOut = await openEventStream(`${baseUrl}/api/events`, { cookie: man.cookie });
    const stays = await openEventStream(`${baseUrl}/api/events`, { cookie: otherDevice });
    try {
      expect((await inject('POST', '/api/logout', { cookie: man.cookie })).statusCode).toBe(204);
      // Well before the next heartbeat could have noticed: the NOTIFY closes it.
      expect(await endsWithin(loggedOut, 250)).toBe(true);
      expect((await send(woman.cookie, man.id, 'Are you still there?')).statusCode).toBe(201);
      await stays.waitFor((e) => e.event === 'message');
      expect(messageEvents(loggedOut)).toEqual([]);
    } finally {
      loggedOut.close();
      stays.close();
    }
  });

  it('password reset: every stream of the user is closed', async () => {
    const { man } = await matchedPair();
    const otherDevice = await signIn(man.email, man.password);
    const streams = [
      await openEventStream(`${baseUrl}/api/events`, { cookie: man.cookie }),
      await openEventStream(`${baseUrl}/api/events`, { cookie: otherDevice }),
    ];
    try {
      await inject('POST', '/api/auth/password-reset', { payload: { email: man.email } });
      await settleJobs(ctx.app);
      const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mailer.sent.filter((m) => m.to === man.email && m.text.includes('reset-password')).at(-1)!.text)![1]!;
      const confirmed = await inject('POST', '/api/auth/password-reset/confirm', { payload: { token, password: 'a brand new password' } });
      expect(confirmed.statusCode).toBe(204);
      expect(await Promise.all(streams.map((s) => endsWithin(s, 250)))).toEqual([true, true]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('suspension (issue 15): every stream of the suspended person is closed at once; others keep theirs', async () => {
    const { woman, man } = await matchedPair();
    const otherDevice = await signIn(man.email, man.password);
    const streams = [
      await openEventStream(`${baseUrl}/api/events`, { cookie: man.cookie }),
      await openEventStream(`${baseUrl}/api/events`, { cookie: otherDevice }),
    ];
    const hers = await openEventStream(`${baseUrl}/api/events`, { cookie: woman.cookie });
    try {
      const admin = sessionCookie(await inject('POST', '/api/admin/login', { payload: { password: ctx.config.adminPassword! } }));
      const suspended = await inject('POST', `/api/admin/users/${man.id}/suspend`, { cookie: admin, payload: { reason: 'Scam reports' } });
      expect(suspended.statusCode).toBe(200);
      // Well before the next heartbeat could have noticed: the ended-session NOTIFY closes them.
      expect(await Promise.all(streams.map((s) => endsWithin(s, 250)))).toEqual([true, true]);
      expect(await endsWithin(hers, 100)).toBe(false);
    } finally {
      for (const stream of [...streams, hers]) stream.close();
    }
  });

  it('rotation: signing in again with the cookie of a session closes the stream of the retired session', async () => {
    const { man } = await matchedPair();
    const stream = await openEventStream(`${baseUrl}/api/events`, { cookie: man.cookie });
    try {
      await signIn(man.email, man.password, man.cookie);
      expect(await endsWithin(stream, 250)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('a session that disappears without a notice (expiry, a deleted row) is caught at the next heartbeat', async () => {
    // A second process on the same database with a short heartbeat; the row is deleted without a NOTIFY.
    const other = await buildApp({ config: ctx.config, database: ctx.database, logger: false, timeouts: { heartbeatMs: SHORT_HEARTBEAT_MS } });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const { man } = await matchedPair();
    const stream = await openEventStream(`http://127.0.0.1:${(other.server.address() as { port: number }).port}/api/events`, { cookie: man.cookie });
    try {
      const sid = ctx.app.unsignCookie(decodeURIComponent(man.cookie.slice('sanga.sid='.length))).value!;
      await ctx.database.db.delete(sessions).where(eq(sessions.sid, sid));
      expect(await endsWithin(stream, SHORT_HEARTBEAT_MS * 4)).toBe(true);
    } finally {
      stream.close();
      await other.close();
    }
  });
});

describe('request timeout', () => {
  it('a body trickled a byte at a time is cut off after the request timeout', async () => {
    const { port } = ctx.app.server.address() as { port: number };
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    socket.on('error', () => {});
    const started = Date.now();
    socket.write('POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n');
    const trickle = setInterval(() => socket.write('{'), 200);
    try {
      const closedAt = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 5000))]);
      expect(closedAt).toBeGreaterThan(0);
      // Cut off near the 1 s timeout (Node checks every quarter of it), not when the 100 bytes would be done (20 s).
      expect(closedAt - started).toBeLessThan(3000);
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });

  it('the event stream outlives the request timeout and still delivers messages', async () => {
    const { woman, man } = await matchedPair();
    const stream = await openEventStream(`${baseUrl}/api/events`, { cookie: man.cookie });
    try {
      await new Promise((resolve) => setTimeout(resolve, TIMEOUTS.requestMs * 2.5));
      expect(await endsWithin(stream, 1)).toBe(false);
      expect((await send(woman.cookie, man.id, 'Still listening?')).statusCode).toBe(201);
      await stream.waitFor((e) => e.event === 'message');
    } finally {
      stream.close();
    }
  });
});
