import type { AddressInfo } from 'node:net';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, sessions } from '#server/db/schema';
import { createSmtpMailer } from '#server/mail/mailer';
import { openEventStream, type EventStreamClient } from '#server/test/event-stream';
import { createProfileUser } from '#server/test/factories';
import { startSmtpSink, type SmtpSink } from '#server/test/smtp-sink';
import { createTestContext, runJobsDueBy, settleJobs, type TestContext } from '#server/test/test-app';
import { LIVE_STREAM_MS, messageMailCheckJob, NOTICE_RECHECK_MS } from './message-mail';

/**
 * The new-message notice of a member who was reading live when the message came: the decision is
 * made again once the live window has passed, and a stream the member closes ends her live mark at once. Mail goes
 * over a real SMTP conversation to a sink; streams are real Server-Sent Events over a listening socket.
 */
let ctx: TestContext;
let sink: SmtpSink;
let base: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({ publicUrl: 'http://sanga.test' }, { mailer: createSmtpMailer(sink.url, 'Sanga <no-reply@sanga.test>') });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

let ip = 0;
const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie }, remoteAddress: `10.46.9.${ip++ % 250}` });

async function pair() {
  const woman = await createProfileUser(ctx.app, { gender: 'woman', name: 'Radha Devi' });
  const man = await createProfileUser(ctx.app, { gender: 'man', name: 'Madhava Das' });
  return { woman: woman.account, man: man.account };
}

/** Mails to `email` since the inbox held `since`, after the due jobs ran. */
async function mailsTo(email: string, since: number) {
  await settleJobs(ctx.app);
  return sink.inbox.slice(since).filter((mail) => mail.to === email);
}

async function inboxNow() {
  await settleJobs(ctx.app);
  return sink.inbox.length;
}

/** An open event stream of this member, once the server has marked the session as reading live. */
async function liveStream(cookie: string): Promise<EventStreamClient> {
  const stream = await openEventStream(`${base}/api/events`, { cookie });
  await expect.poll(() => streamSeenAt(cookie)).not.toBeNull();
  return stream;
}

/** The session row's live mark, by the session cookie's sid. */
async function streamSeenAt(cookie: string): Promise<Date | null> {
  const sid = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
  const [row] = await ctx.database.db.select({ at: sessions.streamSeenAt }).from(sessions).where(eq(sessions.sid, sid));
  return row ? row.at : null;
}

/** Event streams open in the process (its metrics). */
async function openStreams(): Promise<number> {
  const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  return Number(/^sanga_event_streams_open (\d+)$/m.exec(metrics.body)?.[1] ?? Number.NaN);
}

/** The checks waiting for this receiver (the re-decision jobs). */
const waitingChecks = (receiverId: string) =>
  ctx.database.db
    .select({ runAt: jobs.runAt, payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, messageMailCheckJob.kind), isNull(jobs.doneAt), sql`${jobs.dedupeKey} like ${`%:${receiverId}:%`}`));

/** The worker's clock has passed the live window: the waiting checks run, as they would a minute after the message. */
const afterLiveWindow = () => runJobsDueBy(ctx, new Date(Date.now() + 60 * 60 * 1000), [messageMailCheckJob.kind]);

describe('a message that reaches a member reading live', () => {
  it('is told by mail once the live window has passed, when she closed the app just after it arrived', async () => {
    const { woman, man } = await pair();
    const stream = await liveStream(man.cookie);
    const before = await inboxNow();
    expect((await inject('POST', '/api/messages', woman.cookie, { receiverId: man.id, content: 'are you there?' })).statusCode).toBe(201);
    // Reading live: no notice now, a check after the live window.
    expect(await mailsTo(man.email, before)).toHaveLength(0);
    const [check] = await waitingChecks(man.id);
    expect(check!.runAt.getTime()).toBeGreaterThanOrEqual(Date.now() + LIVE_STREAM_MS - 5_000);
    expect(check!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + NOTICE_RECHECK_MS);

    // She closes the app a moment later: the live mark ends with the stream, not a minute later.
    stream.close();
    await expect.poll(() => streamSeenAt(man.cookie)).toBeNull();
    await afterLiveWindow();
    const mails = await mailsTo(man.email, before);
    expect(mails.map((mail) => mail.headers.subject)).toEqual(['Sanga: a new message']);
    expect(mails[0]!.text).toContain(`http://sanga.test/conversation/${woman.id}`);
    expect(await waitingChecks(man.id)).toHaveLength(0);
  });

  it('is not told when she read the conversation in that minute', async () => {
    const { woman, man } = await pair();
    const stream = await liveStream(man.cookie);
    const before = await inboxNow();
    await inject('POST', '/api/messages', woman.cookie, { receiverId: man.id, content: 'Hare Krishna' });
    await inject('POST', '/api/messages', woman.cookie, { receiverId: man.id, content: 'and again' });
    // One check covers both messages of the conversation.
    expect(await waitingChecks(man.id)).toHaveLength(1);
    expect((await inject('GET', `/api/messages/${woman.id}`, man.cookie)).statusCode).toBe(200);
    stream.close();
    await expect.poll(() => streamSeenAt(man.cookie)).toBeNull();
    await afterLiveWindow();
    expect(await mailsTo(man.email, before)).toHaveLength(0);
    expect(await waitingChecks(man.id)).toHaveLength(0);
  });

  it('is looked at again later while she still reads live, and told once she is away', async () => {
    const { woman, man } = await pair();
    const stream = await liveStream(man.cookie);
    const before = await inboxNow();
    await inject('POST', '/api/messages', woman.cookie, { receiverId: man.id, content: 'namaste' });
    await afterLiveWindow();
    expect(await mailsTo(man.email, before)).toHaveLength(0);
    const [again] = await waitingChecks(man.id);
    expect(again!.payload).toMatchObject({ delayMs: NOTICE_RECHECK_MS * 2 });

    stream.close();
    await expect.poll(() => streamSeenAt(man.cookie)).toBeNull();
    await afterLiveWindow();
    expect((await mailsTo(man.email, before)).map((mail) => mail.headers.subject)).toEqual(['Sanga: a new message']);
  });

  it('a stream she closes ends her live mark at once: a message a moment later is told at once', async () => {
    const { woman, man } = await pair();
    const stream = await liveStream(man.cookie);
    stream.close();
    await expect.poll(() => streamSeenAt(man.cookie)).toBeNull();
    const before = await inboxNow();
    await inject('POST', '/api/messages', woman.cookie, { receiverId: man.id, content: 'still there?' });
    expect((await mailsTo(man.email, before)).map((mail) => mail.headers.subject)).toEqual(['Sanga: a new message']);
    expect(await waitingChecks(man.id)).toHaveLength(0);
  });

  it('another open tab of the same session keeps her reading live when one closes', async () => {
    const { woman, man } = await pair();
    const first = await liveStream(man.cookie);
    const second = await liveStream(man.cookie);
    const open = await openStreams();
    first.close();
    // The close reached the server (one stream fewer open), and the mark stays.
    await expect.poll(openStreams).toBe(open - 1);
    expect(await streamSeenAt(man.cookie)).not.toBeNull();
    const before = await inboxNow();
    await inject('POST', '/api/messages', woman.cookie, { receiverId: man.id, content: 'one tab left' });
    expect(await mailsTo(man.email, before)).toHaveLength(0);
    expect(await waitingChecks(man.id)).toHaveLength(1);
    second.close();
  });
});
