import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationSummary, Message } from '#domain/messaging/messages';
import { applicationBody, createProfileUser, uploadPhoto } from '#server/test/factories';
import { openEventStream } from '#server/test/event-stream';
import { createTestContext, sessionCookie, signUp, type TestContext } from '#server/test/test-app';

let ctx: TestContext;
let baseUrl: string;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address() as { port: number };
  baseUrl = `http://127.0.0.1:${address.port}`;
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
});
afterAll(() => ctx.close());

const send = (cookie: string, receiverId: string, content: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie }, payload: { receiverId, content } });
const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

/** A woman and a man whose active profiles make them each other's candidates. */
async function matchedPair() {
  const woman = await createProfileUser(ctx.app, { gender: 'woman', name: 'Radha Devi' });
  const man = await createProfileUser(ctx.app, { gender: 'man', name: 'Krishna Das', dateOfBirth: '1990-02-02' });
  return { woman: woman.account, man: man.account };
}

describe('who may write to whom', () => {
  it('a match candidate may be written to, and the message comes back with 201', async () => {
    const { woman, man } = await matchedPair();
    const response = await send(woman.cookie, man.id, '  Hare Krishna! Would you like to talk?  ');
    expect(response.statusCode).toBe(201);
    expect(response.json<Message>()).toMatchObject({ senderId: woman.id, receiverId: man.id, content: '  Hare Krishna! Would you like to talk?  ' });
  });

  it('refuses a stranger, an unknown id and oneself with the same 403 body', async () => {
    const { woman } = await matchedPair();
    const sameGender = await createProfileUser(ctx.app, { gender: 'woman' });
    const noProfile = await signUp(ctx.app);
    const answers = [
      await send(woman.cookie, sameGender.account.id, 'Hello there'),
      await send(woman.cookie, noProfile.id, 'Hello there'),
      await send(woman.cookie, '00000000-0000-4000-8000-000000000000', 'Hello there'),
      await send(woman.cookie, woman.id, 'Hello me'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(403);
      expect(answer.body).toBe(answers[0]!.body);
    }
  });

  it('anyone may answer someone who wrote to them first', async () => {
    const { woman, man } = await matchedPair();
    await send(man.cookie, woman.id, 'Namaste');
    // She deactivates: they are no longer candidates, but she may still answer him, and he her.
    await ctx.app.inject({ method: 'PATCH', url: '/api/profile/toggle-active', headers: { cookie: woman.cookie }, payload: { active: false } });
    expect((await send(woman.cookie, man.id, 'Namaste ji')).statusCode).toBe(201);
    expect((await send(man.cookie, woman.id, 'Thank you')).statusCode).toBe(201);
  });

  it('an approved volunteer with a linked user may be written to by anyone signed in', async () => {
    const volunteer = await signUp(ctx.app);
    const application = (await ctx.app.inject({ method: 'POST', url: '/api/volunteer-application', headers: { cookie: volunteer.cookie }, payload: applicationBody() })).json<{ id: string }>();
    const seeker = await signUp(ctx.app);
    expect((await send(seeker.cookie, volunteer.id, 'Can you guide me?')).statusCode).toBe(403);
    await ctx.app.inject({ method: 'PATCH', url: `/api/admin/volunteer-applications/${application.id}`, headers: { cookie: adminCookie }, payload: { approved: true } });
    expect((await send(seeker.cookie, volunteer.id, 'Can you guide me?')).statusCode).toBe(201);

    const info = await get(seeker.cookie, `/api/user/${volunteer.id}/info`);
    expect(info.json()).toEqual({ name: 'Gopal Das Sharma', photo: null, isVolunteer: true, volunteerRole: 'Premarital counselling and kirtan', mayWrite: true, mayNotWriteReason: null, staffRoles: [], chaperones: [], departed: false, heldAttempts: 0 });

    // In the lists: the volunteer by the approved application's full name; the seeker, who has no
    // profile and no application, without a name.
    const seekersList = (await get(seeker.cookie, '/api/conversations')).json<ConversationSummary[]>();
    expect(seekersList).toEqual([
      expect.objectContaining({ otherUserId: volunteer.id, otherUserName: 'Gopal Das Sharma', unreadCount: 0, lastMessage: expect.objectContaining({ content: 'Can you guide me?', senderId: seeker.id }) }),
    ]);
    const volunteersList = (await get(volunteer.cookie, '/api/conversations')).json<ConversationSummary[]>();
    expect(volunteersList).toEqual([expect.objectContaining({ otherUserId: seeker.id, otherUserName: null, unreadCount: 1 })]);
  });

  it('needs a signed-in writer', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/messages', payload: { receiverId: '00000000-0000-4000-8000-000000000000', content: 'hi' } });
    expect(response.statusCode).toBe(401);
    for (const url of ['/api/conversations', '/api/messages/00000000-0000-4000-8000-000000000000', '/api/events', '/api/user/00000000-0000-4000-8000-000000000000/info']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('message content', () => {
  it('refuses whitespace only and 4,001 characters with 400; accepts 4,000', async () => {
    const { woman, man } = await matchedPair();
    const blank = await send(woman.cookie, man.id, ' \n\t ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([{ path: 'content', code: 'messageEmpty', message: 'Message cannot be empty' }]);
    const long = await send(woman.cookie, man.id, 'x'.repeat(4001));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors[0].path).toBe('content');
    expect((await send(woman.cookie, man.id, 'y'.repeat(4000))).statusCode).toBe(201);
    expect((await send(woman.cookie, 'not-a-uuid', 'hello')).statusCode).toBe(400);
  });

  it('limits sending to 30 a minute per user with 429 and Retry-After', async () => {
    const { woman, man } = await matchedPair();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send(woman.cookie, man.id, `message ${i}`)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    const limited = await send(woman.cookie, man.id, 'one more');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The other person is not limited by her sending.
    expect((await send(man.cookie, woman.id, 'reply')).statusCode).toBe(201);
  });
});

describe('threads and conversations', () => {
  it('answers the thread oldest first and marks what the reader received as read', async () => {
    const { woman, man } = await matchedPair();
    await send(woman.cookie, man.id, 'first');
    await send(man.cookie, woman.id, 'second');
    await send(woman.cookie, man.id, 'third');

    const before = (await get(man.cookie, '/api/conversations')).json<ConversationSummary[]>();
    expect(before.find((c) => c.otherUserId === woman.id)?.unreadCount).toBe(2);

    const thread = (await get(man.cookie, `/api/messages/${woman.id}`)).json<Message[]>();
    expect(thread.map((m) => m.content)).toEqual(['first', 'second', 'third']);

    const after = (await get(man.cookie, '/api/conversations')).json<ConversationSummary[]>();
    expect(after.find((c) => c.otherUserId === woman.id)?.unreadCount).toBe(0);
    // Her own unread count is untouched by his reading.
    const hers = (await get(woman.cookie, '/api/conversations')).json<ConversationSummary[]>();
    expect(hers.find((c) => c.otherUserId === man.id)?.unreadCount).toBe(1);
  });

  it('lists one conversation per person, newest first, with the last message and the name', async () => {
    const me = await createProfileUser(ctx.app, { gender: 'man', name: 'Arjuna Singh', dateOfBirth: '1991-01-01' });
    const first = await createProfileUser(ctx.app, { gender: 'woman', name: 'Mira Bai' });
    const second = await createProfileUser(ctx.app, { gender: 'woman', name: 'Sita Ram' });
    await send(me.account.cookie, first.account.id, 'to Mira, old');
    await send(me.account.cookie, second.account.id, 'to Sita');
    await send(first.account.cookie, me.account.id, 'from Mira, newest');
    const list = (await get(me.account.cookie, '/api/conversations')).json<ConversationSummary[]>();
    expect(list.map((c) => [c.otherUserName, c.lastMessage.content])).toEqual([
      ['Mira', 'from Mira, newest'],
      ['Sita', 'to Sita'],
    ]);
    expect(list[0]!.unreadCount).toBe(1);
  });

  it('keeps each conversation row equal to what the messages say, through sends and reads racing each other', async () => {
    // He and two women who are his candidates; many sends and thread reads at once, both ways in both pairs.
    const [a, b, c] = await Promise.all([
      createProfileUser(ctx.app, { gender: 'woman', name: 'Ganga Devi' }),
      createProfileUser(ctx.app, { gender: 'man', name: 'Bhima Das', dateOfBirth: '1990-05-05' }),
      createProfileUser(ctx.app, { gender: 'woman', name: 'Draupadi Devi' }),
    ]);
    const people = [a.account, b.account, c.account];
    const work: Promise<unknown>[] = [];
    for (let round = 0; round < 6; round += 1) {
      for (const [from, to] of [[0, 1], [1, 0], [1, 2], [2, 1]] as const) {
        work.push(send(people[from]!.cookie, people[to]!.id, `round ${round} from ${from} to ${to}`));
        if (round % 2 === 1) work.push(get(people[to]!.cookie, `/api/messages/${people[from]!.id}`));
      }
    }
    const answers = await Promise.all(work);
    for (const answer of answers) expect((answer as { statusCode: number }).statusCode).toBeLessThan(300);

    // What the rows say must equal a count over the messages themselves.
    for (const me of people) {
      const listed = (await get(me.cookie, '/api/conversations')).json<ConversationSummary[]>();
      const expected = await ctx.database.db.execute(sql`
        select distinct on (other_id) other_id, content, unread_count from (
          select case when sender_id = ${me.id} then receiver_id else sender_id end as other_id, content, seq,
                 count(*) filter (where receiver_id = ${me.id} and not read)
                   over (partition by case when sender_id = ${me.id} then receiver_id else sender_id end) as unread_count
          from messages where sender_id = ${me.id} or receiver_id = ${me.id}
        ) mine order by other_id, seq desc`);
      const rows = (expected as unknown as { rows: { other_id: string; content: string; unread_count: number | string }[] }).rows;
      expect(listed.map((row) => [row.otherUserId, row.lastMessage.content, row.unreadCount]).sort()).toEqual(
        rows.map((row) => [row.other_id, row.content, Number(row.unread_count)]).sort(),
      );
    }
  });

  it('shows user info only for people the caller may know', async () => {
    const { woman, man } = await matchedPair();
    const stranger = await createProfileUser(ctx.app, { gender: 'woman' });
    const info = (await get(woman.cookie, `/api/user/${man.id}/info`)).json();
    expect(info).toMatchObject({ name: 'Krishna', isVolunteer: false, volunteerRole: null });
    expect(info.photo).toMatch(/^\/objects\/photos\//);
    expect((await get(woman.cookie, `/api/user/${stranger.account.id}/info`)).statusCode).toBe(404);
    expect((await get(woman.cookie, '/api/user/00000000-0000-4000-8000-000000000000/info')).statusCode).toBe(404);
    void uploadPhoto;
  });
});

describe('the info answer says whether the viewer may write (mayWrite)', () => {
  it('true for a candidate; false once she is no longer one and he never wrote back; a stranger stays a 404', async () => {
    const { woman, man } = await matchedPair();
    expect((await get(woman.cookie, `/api/user/${man.id}/info`)).json()).toMatchObject({ mayWrite: true });
    expect((await send(woman.cookie, man.id, 'Namaste')).statusCode).toBe(201);
    await ctx.app.inject({ method: 'PATCH', url: '/api/profile/toggle-active', headers: { cookie: man.cookie }, payload: { active: false } });
    // They talked, so she still sees who he is, but may not write again until he answers.
    expect((await get(woman.cookie, `/api/user/${man.id}/info`)).json()).toMatchObject({ mayWrite: false });
    expect((await send(woman.cookie, man.id, 'Hello?')).statusCode).toBe(403);
    // He may answer her: she wrote first.
    expect((await get(man.cookie, `/api/user/${woman.id}/info`)).json()).toMatchObject({ mayWrite: true });
    expect((await get(woman.cookie, `/api/user/${woman.id}/info`)).json()).toMatchObject({ mayWrite: false });
  });
});

describe('idempotent sending (clientId)', () => {
  const post = (cookie: string, payload: object) => ctx.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie }, payload });

  it('a retry with the same clientId answers the first message with 200, stores it once and announces it once', async () => {
    const { woman, man } = await matchedPair();
    const hisStream = await openEventStream(`${baseUrl}/api/events`, { cookie: man.cookie });
    try {
      const clientId = crypto.randomUUID();
      const first = await post(woman.cookie, { receiverId: man.id, content: 'only once', clientId });
      const retry = await post(woman.cookie, { receiverId: man.id, content: 'only once', clientId });
      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(200);
      expect(retry.json<Message>()).toEqual(first.json<Message>());
      // Two sends at the same moment (a double click) with one key: still one message.
      const key2 = crypto.randomUUID();
      const [a, b] = await Promise.all([
        post(woman.cookie, { receiverId: man.id, content: 'double click', clientId: key2 }),
        post(woman.cookie, { receiverId: man.id, content: 'double click', clientId: key2 }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      expect(a.json<Message>().id).toBe(b.json<Message>().id);

      const thread = (await get(man.cookie, `/api/messages/${woman.id}`)).json<Message[]>();
      expect(thread.map((m) => m.content)).toEqual(['only once', 'double click']);
      // A third message marks the end of the stream: exactly one event each for the two keyed sends before it.
      const marker = (await send(woman.cookie, man.id, 'marker')).json<Message>();
      await hisStream.waitFor((e) => e.event === 'message' && JSON.parse(e.data!).id === marker.id);
      expect(hisStream.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data!).id)).toEqual([
        first.json<Message>().id,
        a.json<Message>().id,
        marker.id,
      ]);
    } finally {
      hisStream.close();
    }
  });

  it('keys are per sender, sends without a key are never merged, and a malformed key is a 400', async () => {
    const { woman, man } = await matchedPair();
    const clientId = crypto.randomUUID();
    expect((await post(woman.cookie, { receiverId: man.id, content: 'hers', clientId })).statusCode).toBe(201);
    expect((await post(man.cookie, { receiverId: woman.id, content: 'his', clientId })).statusCode).toBe(201);
    expect((await send(woman.cookie, man.id, 'same')).statusCode).toBe(201);
    expect((await send(woman.cookie, man.id, 'same')).statusCode).toBe(201);
    const bad = await post(woman.cookie, { receiverId: man.id, content: 'x', clientId: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'clientId' })] });
    expect((await get(woman.cookie, `/api/messages/${man.id}`)).json<Message[]>()).toHaveLength(4);
  });
});

describe('live delivery', () => {
  it('pushes a message event to both people as soon as it is committed, and resumes by Last-Event-ID', async () => {
    const { woman, man } = await matchedPair();
    const hisStream = await openEventStream(`${baseUrl}/api/events`, { cookie: man.cookie });
    const herStream = await openEventStream(`${baseUrl}/api/events`, { cookie: woman.cookie });
    try {
      const sent = (await send(woman.cookie, man.id, 'live?')).json<Message>();
      const received = await hisStream.waitFor((e) => e.event === 'message');
      expect(JSON.parse(received.data!)).toEqual({ id: sent.id, senderId: woman.id, receiverId: man.id, createdAt: sent.createdAt });
      await herStream.waitFor((e) => e.event === 'message' && JSON.parse(e.data!).id === sent.id);

      // He was offline for the next two; on reconnect with Last-Event-ID they are replayed in order.
      hisStream.close();
      const second = (await send(woman.cookie, man.id, 'are you there?')).json<Message>();
      const third = (await send(woman.cookie, man.id, 'hello again')).json<Message>();
      const resumed = await openEventStream(`${baseUrl}/api/events`, { cookie: man.cookie, 'last-event-id': received.id! });
      try {
        await resumed.waitFor((e) => e.event === 'message' && JSON.parse(e.data!).id === third.id);
        expect(resumed.events.map((e) => JSON.parse(e.data!).id)).toEqual([second.id, third.id]);
      } finally {
        resumed.close();
      }
    } finally {
      hisStream.close();
      herStream.close();
    }
  });

  it('ends open streams when the server shuts down, so it exits within seconds', async () => {
    const other = await createTestContext();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (other.app.server.address() as { port: number }).port;
    const account = await signUp(other.app);
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/events`, { cookie: account.cookie });
    const started = Date.now();
    await other.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
