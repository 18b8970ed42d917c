/**
 * Family at the table, through the API on a real database (DATABASE_URL picks PostgreSQL): the member
 * invites at most two guardians by mail (in the member's language); the single-use link expires on an injected
 * clock; a guardian reads the member's introductions as the member sees them and, only with seesMessages, the
 * member's conversations from the moment both members were shown the line; never writes; blocks and suspension
 * respected; the guardian is mailed when an introduction moves (through their own preferences); export and deletion.
 */
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARDIAN_INVITATION_TTL_MS } from '#domain/introductions/guardians';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import { guardians, profiles, rateLimitCounters, users } from '#server/db/schema';
import { createProfileUser } from '#server/test/factories';
import { openEventStream } from '#server/test/event-stream';
import { createCapturingMailer, createTestContext, sessionCookie, settleJobs, signUp, testConfig, uniqueEmail, type TestContext } from '#server/test/test-app';

const mailer = createCapturingMailer();
let ctx: TestContext;
let clock = new Date();
let adminCookie: string;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext(
    { adminPassword: 'the-admin-password', introductions: { maxOpen: 3, elderApprovals: 0, responseDays: 7 } },
    { mailer, now: () => clock },
  );
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
});
afterAll(() => ctx?.close());

const call = (method: string, url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, payload: payload as object | undefined });

async function member(overrides: Partial<ProfileFormValues> = {}) {
  n += 1;
  const made = await createProfileUser(ctx.app, { name: `Member${n} Test`, ...overrides });
  return { id: made.account.id, cookie: made.account.cookie, email: made.account.email, password: made.account.password };
}
const woman = (name: string) => member({ name, gender: 'woman', dateOfBirth: '1994-05-17' });
const man = (name: string) => member({ name, gender: 'man', dateOfBirth: '1990-02-11' });

/** Invites `email` as the member's guardian and answers the token from the mail the outbox sent. */
async function invite(memberCookie: string, email: string, seesMessages = false, relation = 'parent') {
  const response = await call('POST', '/api/guardians', memberCookie, { name: 'Amma Devi', email, relation, seesMessages });
  expect(response.statusCode, response.body).toBe(201);
  await settleJobs(ctx.app);
  const mail = mailer.sent.findLast((m) => m.to === email && m.text.includes('/guardian-invitation?token='))!;
  const token = /guardian-invitation\?token=([\w-]+)/.exec(mail.text)![1]!;
  return { id: response.json<{ id: string; status: string }>().id, body: response.json(), mail, token };
}

/** A coordinator proposes; both accept: the two are introduced and have a thread with the coordinator. */
async function introduce(a: { id: string; cookie: string }, b: { id: string; cookie: string }, accept = true) {
  const coordinator = await signUp(ctx.app);
  expect((await call('PUT', `/api/admin/users/${coordinator.id}/roles`, adminCookie, { coordinator: true, elder: false })).statusCode).toBe(200);
  const made = await call('POST', '/api/introductions', coordinator.cookie, { memberA: a.id, memberB: b.id, note: 'Both serve at the temple kitchen' });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json<{ id: string }>();
  if (accept) {
    expect((await call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true })).statusCode).toBe(200);
    expect((await call('POST', `/api/introductions/${id}/respond`, b.cookie, { accept: true })).statusCode).toBe(200);
  }
  return { id, coordinator };
}

describe('guardians: inviting and accepting (issue 33)', () => {
  it('the invitation link says who invited them before it is accepted; after accepting, the account is known to accompany someone', async () => {
    const priya = await woman('Priya Sharma');
    const parent = await signUp(ctx.app);
    const invited = await invite(priya.cookie, parent.email, true, 'parent');
    // Anyone holding the link reads it, signed in or not: the invitation page comes before any account.
    const view = await call('GET', `/api/guardian-invitations/${invited.token}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toEqual({ memberFirstName: 'Priya', relation: 'parent', seesMessages: true, email: parent.email });
    const unknown = await call('GET', `/api/guardian-invitations/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ code: string }>().code).toBe('invitation-unknown');

    const before = (await call('GET', '/api/auth/user', parent.cookie)).json<{ guarding: boolean; hasProfile: boolean }>();
    expect(before).toMatchObject({ guarding: false, hasProfile: false });
    expect((await call('POST', '/api/guardians/accept', parent.cookie, { token: invited.token })).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', parent.cookie)).json()).toMatchObject({ guarding: true, hasProfile: false });
    expect((await call('GET', '/api/auth/user', priya.cookie)).json()).toMatchObject({ guarding: false, hasProfile: true });
    // Spent: the page says so (410), as accepting does.
    const used = await call('GET', `/api/guardian-invitations/${invited.token}`);
    expect(used.statusCode).toBe(410);
    expect(used.json<{ code: string }>().code).toBe('invitation-used');
    // A suspended member is nobody to accompany: the menu entry goes with them.
    await ctx.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, priya.id));
    expect((await call('GET', '/api/auth/user', parent.cookie)).json()).toMatchObject({ guarding: false });
    await ctx.database.db.update(users).set({ suspendedAt: null }).where(eq(users.id, priya.id));
  });

  it('accepting from the invited address proves it (the team invitation’s rule); from another account it accepts but verifies nothing', async () => {
    const priya = await woman('Priya Sharma');
    const parent = await signUp(ctx.app);
    const invited = await invite(priya.cookie, parent.email);
    expect((await call('GET', '/api/auth/user', parent.cookie)).json()).toMatchObject({ emailVerified: false });
    expect((await call('POST', '/api/guardians/accept', parent.cookie, { token: invited.token })).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', parent.cookie)).json()).toMatchObject({ emailVerified: true, guarding: true });

    // The guardian link stays what it was: any signed-in account may take it, but another address is not proven.
    const sister = await signUp(ctx.app);
    const other = await invite(priya.cookie, `sister-${Date.now()}@example.org`, false, 'sibling');
    expect((await call('POST', '/api/guardians/accept', sister.cookie, { token: other.token })).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', sister.cookie)).json()).toMatchObject({ emailVerified: false, guarding: true });
  });

  it('invites by mail in the member’s language with a single-use link; only its hash is stored; the invitee accepts signed in', async () => {
    const priya = await woman('Priya Sharma');
    await ctx.database.db.update(users).set({ language: 'es' }).where(eq(users.id, priya.id));
    const parent = await signUp(ctx.app);
    const invited = await invite(priya.cookie, parent.email);
    expect(invited.body).toEqual({ id: expect.any(String), status: 'invited' });
    expect(invited.mail.subject).toBe('Te invitan a acompañar la búsqueda de pareja de un miembro de Sanga');
    expect(invited.mail.text).toContain('“Priya”');
    const [row] = await ctx.database.db.select().from(guardians).where(eq(guardians.id, invited.id));
    expect(JSON.stringify(row)).not.toContain(invited.token);

    expect((await call('POST', '/api/guardians/accept', undefined, { token: invited.token })).statusCode).toBe(401);
    // The member cannot accept her own invitation.
    const own = await call('POST', '/api/guardians/accept', priya.cookie, { token: invited.token });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('guardian-self');
    expect((await call('POST', '/api/guardians/accept', parent.cookie, { token: invited.token })).statusCode).toBe(204);
    // Single use.
    const again = await call('POST', '/api/guardians/accept', (await signUp(ctx.app)).cookie, { token: invited.token });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('invitation-used');
    expect((await call('POST', '/api/guardians/accept', parent.cookie, { token: 'no-such-token' })).json().code).toBe('invitation-unknown');

    expect((await call('GET', '/api/guardians', priya.cookie)).json()).toEqual([
      expect.objectContaining({ id: invited.id, name: 'Amma Devi', email: parent.email, relation: 'parent', seesMessages: false, status: 'active' }),
    ]);
    expect((await call('GET', '/api/guarding', parent.cookie)).json()).toEqual([{ memberUserId: priya.id, memberFirstName: 'Priya', seesMessages: false }]);
    // Nobody else guards her.
    expect((await call('GET', '/api/guarding', (await signUp(ctx.app)).cookie)).json()).toEqual([]);
  });

  it('an invitation expires after 14 days on the app’s clock; an expired one no longer counts toward the limit of 2', async () => {
    const mira = await woman('Mira Patel');
    const first = await invite(mira.cookie, uniqueEmail('mother'));
    await invite(mira.cookie, uniqueEmail('brother'), false, 'sibling');
    const third = await call('POST', '/api/guardians', mira.cookie, { name: 'Guru', email: uniqueEmail('mentor'), relation: 'mentor', seesMessages: false });
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('guardian-limit');

    clock = new Date(clock.getTime() + GUARDIAN_INVITATION_TTL_MS + 1000);
    const late = await call('POST', '/api/guardians/accept', (await signUp(ctx.app)).cookie, { token: first.token });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('invitation-expired');
    expect((await call('GET', '/api/guardians', mira.cookie)).json<{ status: string }[]>().map((g) => g.status)).toEqual(['expired', 'expired']);
    expect((await call('POST', '/api/guardians', mira.cookie, { name: 'Guru', email: uniqueEmail('mentor'), relation: 'mentor', seesMessages: false })).statusCode).toBe(201);
  });

  it('one address gets at most MAILS_PER_RECIPIENT_PER_DAY invitations a day from all members together (throwaway accounts cannot flood it)', async () => {
    const target = uniqueEmail('flooded');
    for (let i = 0; i < testConfig().mailsPerRecipientPerDay; i += 1) {
      const member = await woman(`Devi ${i} Test`);
      expect((await call('POST', '/api/guardians', member.cookie, { name: 'Amma', email: target, relation: 'parent', seesMessages: false })).statusCode).toBe(201);
    }
    const over = await call('POST', '/api/guardians', (await woman('Devi Last')).cookie, { name: 'Amma', email: target.toUpperCase(), relation: 'parent', seesMessages: false });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('guardian-recipient-limit');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    // The window is the database's day (mail/recipient-cap.ts): once it ends, the address may be invited again.
    await ctx.database.db.update(rateLimitCounters).set({ resetAt: new Date(Date.now() - 1000) });
    expect((await call('POST', '/api/guardians', (await woman('Devi Next')).cookie, { name: 'Amma', email: target, relation: 'parent', seesMessages: false })).statusCode).toBe(201);
  });

  it('refuses a bad body with field errors, and the member’s own address', async () => {
    const asha = await woman('Asha Rao');
    const bad = await call('POST', '/api/guardians', asha.cookie, { name: '', email: 'not-an-email', relation: 'uncle', seesMessages: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors.map((e) => e.path).sort()).toEqual(['email', 'name', 'relation', 'seesMessages']);
    const self = await call('POST', '/api/guardians', asha.cookie, { name: 'Me', email: asha.email, relation: 'parent', seesMessages: true });
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe('guardian-self');
  });
});

describe('guardians: reading along, never writing (issue 33)', () => {
  it('reads the member’s introductions as she sees them, and her conversations only with seesMessages, from the moment both were told', async () => {
    const priya = await woman('Priya Iyer');
    const arjun = await man('Arjun Mehta');
    const stranger = await man('Sanjay Stranger');
    const parent = await signUp(ctx.app);
    const link = await invite(priya.cookie, parent.email, false);
    expect((await call('POST', '/api/guardians/accept', parent.cookie, { token: link.token })).statusCode).toBe(204);
    await introduce(priya, arjun);

    // Introductions: exactly the member's own list.
    const own = await call('GET', '/api/introductions', priya.cookie);
    const read = await call('GET', `/api/guarding/${priya.id}/introductions`, parent.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(own.json());
    expect(read.json<unknown[]>()).toHaveLength(1);

    // A message before the guardian could read messages stays the two members' own.
    clock = new Date(clock.getTime() + 1000);
    expect((await call('POST', '/api/messages', priya.cookie, { receiverId: arjun.id, content: 'Before: only between us' })).statusCode).toBe(201);
    const closed = await call('GET', `/api/guarding/${priya.id}/conversations`, parent.cookie);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('guardian-no-messages');
    expect((await call('GET', `/api/guarding/${priya.id}/messages/${arjun.id}`, parent.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/user/${arjun.id}/info`, priya.cookie)).json()).toMatchObject({ chaperones: [] });

    // The guardian may not open it themself; the member does.
    const byGuardian = await call('PATCH', `/api/guardians/${link.id}`, parent.cookie, { seesMessages: true });
    expect(byGuardian.statusCode).toBe(403);
    expect(byGuardian.json().code).toBe('guardian-read-only');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const opened = await call('PATCH', `/api/guardians/${link.id}`, priya.cookie, { seesMessages: true });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ seesMessages: true, status: 'active' });
    expect((await call('POST', '/api/messages', arjun.cookie, { receiverId: priya.id, content: 'After: the family may read this' })).statusCode).toBe(201);
    // A message her hidden words keep in her folder is kept from the thread her guardian reads too (issue 50).
    expect((await call('PUT', '/api/account/hidden-words', priya.cookie, { words: ['pumpkin'] })).statusCode).toBe(200);
    expect((await call('POST', '/api/messages', arjun.cookie, { receiverId: priya.id, content: 'Hello pumpkin' })).statusCode).toBe(201);

    // Both members are shown the line, naming Priya; hers says it is her own family member.
    for (const [viewer, other] of [
      [priya, arjun],
      [arjun, priya],
    ] as const) {
      const info = await call('GET', `/api/user/${other.id}/info`, viewer.cookie);
      expect(info.json<{ chaperones: unknown[] }>().chaperones).toEqual([{ memberFirstName: 'Priya', since: expect.any(String), yours: viewer === priya }]);
    }

    const conversations = await call('GET', `/api/guarding/${priya.id}/conversations`, parent.cookie);
    expect(conversations.statusCode).toBe(200);
    const list = conversations.json<{ otherUserId: string; otherUserName: string }[]>();
    expect(list.map((c) => c.otherUserId)).toContain(arjun.id);
    expect(list.find((c) => c.otherUserId === arjun.id)).toMatchObject({ otherUserName: 'Arjun' });
    expect(conversations.body).not.toContain('only between us');

    const thread = await call('GET', `/api/guarding/${priya.id}/messages/${arjun.id}`, parent.cookie);
    expect(thread.statusCode).toBe(200);
    expect(thread.json()).toMatchObject({ memberFirstName: 'Priya', otherUserName: 'Arjun', messages: [{ fromMember: false, content: 'After: the family may read this' }] });
    expect(thread.body).not.toContain('Before: only between us');
    // Reading it marks nothing read for the member.
    const priyaList = await call('GET', '/api/conversations', priya.cookie);
    expect(priyaList.json<{ otherUserId: string; unreadCount: number }[]>().find((c) => c.otherUserId === arjun.id)!.unreadCount).toBe(1);
    // A message sent to her anyway after "Are you sure?" is behind a tap for her guardian too, as in her own thread.
    expect((await call('POST', '/api/messages', arjun.cookie, { receiverId: priya.id, content: 'you are a b1tch', sendAnyway: true })).statusCode).toBe(201);
    const withHurtful = (await call('GET', `/api/guarding/${priya.id}/messages/${arjun.id}`, parent.cookie)).json<{ messages: { content: string; concealed?: boolean }[] }>();
    expect(withHurtful.messages.at(-1)).toMatchObject({ content: 'you are a b1tch', concealed: true });
    expect(withHurtful.messages[0]!.concealed).toBeUndefined();

    // Nothing of someone the member has no conversation with; no guardian of hers reads anything.
    expect((await call('GET', `/api/guarding/${priya.id}/messages/${stranger.id}`, parent.cookie)).statusCode).toBe(404);
    const outsider = await signUp(ctx.app);
    for (const url of [`/api/guarding/${priya.id}/introductions`, `/api/guarding/${priya.id}/conversations`, `/api/guarding/${priya.id}/messages/${arjun.id}`]) {
      const answer = await call('GET', url, outsider.cookie);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).not.toContain('Arjun');
    }

    // Never acts for her: any write under her address is 403, and her own routes act only on the guardian's account.
    for (const [method, url, body] of [
      ['POST', `/api/guarding/${priya.id}/messages`, { receiverId: arjun.id, content: 'Hello from the family' }],
      ['POST', `/api/guarding/${priya.id}/introductions/x/respond`, { accept: false }],
      ['POST', `/api/guarding/${priya.id}/blocks`, { userId: arjun.id }],
      ['POST', `/api/guarding/${priya.id}/reports`, { userId: arjun.id, reason: 'other' }],
      ['PATCH', `/api/guarding/${priya.id}/profile`, { name: 'Changed' }],
      ['DELETE', `/api/guarding/${priya.id}/guardians/${link.id}`, undefined],
    ] as const) {
      const answer = await call(method, url, parent.cookie, body);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json().code).toBe('guardian-read-only');
    }
    expect((await call('POST', `/api/guarding/${priya.id}/messages`, undefined, {})).statusCode).toBe(401);
    const afterWrites = await call('GET', `/api/guarding/${priya.id}/messages/${arjun.id}`, parent.cookie);
    expect(afterWrites.json<{ messages: unknown[] }>().messages).toHaveLength(2);

    // Turned off: nothing more to read, and the line goes.
    expect((await call('PATCH', `/api/guardians/${link.id}`, priya.cookie, { seesMessages: false })).statusCode).toBe(200);
    expect((await call('GET', `/api/guarding/${priya.id}/messages/${arjun.id}`, parent.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/user/${priya.id}/info`, arjun.cookie)).json()).toMatchObject({ chaperones: [] });
  });

  it('shows the guardian no conversation, name or time from before readableSince: a conversation appears with its first readable message', async () => {
    // Fails without the fix: the list named everyone she had ever written to, with the time of the last word.
    const uma = await woman('Uma Shankar');
    const hari = await man('Hari Prasad');
    await introduce(uma, hari);
    expect((await call('POST', '/api/messages', uma.cookie, { receiverId: hari.id, content: 'Written before any family could read' })).statusCode).toBe(201);
    const parent = await signUp(ctx.app);
    const link = await invite(uma.cookie, parent.email, true);
    expect((await call('POST', '/api/guardians/accept', parent.cookie, { token: link.token })).statusCode).toBe(204);

    const before = await call('GET', `/api/guarding/${uma.id}/conversations`, parent.cookie);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual([]);
    expect(before.body).not.toContain('Hari');
    const thread = await call('GET', `/api/guarding/${uma.id}/messages/${hari.id}`, parent.cookie);
    expect(thread.statusCode).toBe(404);
    expect(thread.body).not.toContain('Hari');

    // Hari writes after the line was shown: the conversation is there, named, with that message's time.
    const sent = await call('POST', '/api/messages', hari.cookie, { receiverId: uma.id, content: 'Written while the family may read' });
    expect(sent.statusCode).toBe(201);
    const after = (await call('GET', `/api/guarding/${uma.id}/conversations`, parent.cookie)).json<{ otherUserId: string; otherUserName: string; lastMessageAt: string }[]>();
    expect(after).toEqual([{ otherUserId: hari.id, otherUserName: 'Hari', lastMessageAt: sent.json<{ createdAt: string }>().createdAt }]);
    const readable = (await call('GET', `/api/guarding/${uma.id}/messages/${hari.id}`, parent.cookie)).json<{ readableSince: string; messages: { content: string }[] }>();
    expect(readable.messages.map((m) => m.content)).toEqual(['Written while the family may read']);
    expect(new Date(after[0]!.lastMessageAt).getTime()).toBeGreaterThanOrEqual(new Date(readable.readableSince).getTime());
  });

  it('the other person’s open thread is told live when a guardian accepts or reading is switched on or off, before anything more is readable', async () => {
    // Fails without the fix: the line showed only when the other person's page fetched the info again.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as { port: number };
    const devi = await woman('Devi Lakshmi');
    const mohan = await man('Mohan Rao');
    const bystander = await man('Bala Krishnan');
    // Introduced, and neither has written yet: his thread with her may still be open.
    await introduce(devi, mohan);
    const mohanStream = await openEventStream(`http://127.0.0.1:${port}/api/events`, { cookie: mohan.cookie });
    const deviStream = await openEventStream(`http://127.0.0.1:${port}/api/events`, { cookie: devi.cookie });
    const bystanderStream = await openEventStream(`http://127.0.0.1:${port}/api/events`, { cookie: bystander.cookie });
    const chaperones = (event: { event?: string }) => event.event === 'chaperones';
    try {
      const parent = await signUp(ctx.app);
      const link = await invite(devi.cookie, parent.email, true);
      expect(mohanStream.events.filter(chaperones)).toHaveLength(0);
      expect((await call('POST', '/api/guardians/accept', parent.cookie, { token: link.token })).statusCode).toBe(204);
      // Both people of the conversation are told as the acceptance commits; the line is then in Mohan's info.
      await mohanStream.waitFor(chaperones, 2000);
      await deviStream.waitFor(chaperones, 2000);
      expect((await call('GET', `/api/user/${devi.id}/info`, mohan.cookie)).json()).toMatchObject({ chaperones: [{ memberFirstName: 'Devi' }] });
      // Nothing of hers is readable yet: nothing was written since.
      expect((await call('GET', `/api/guarding/${devi.id}/messages/${mohan.id}`, parent.cookie)).statusCode).toBe(404);

      // Switched off, then on again: each time his open thread hears of it.
      expect((await call('PATCH', `/api/guardians/${link.id}`, devi.cookie, { seesMessages: false })).statusCode).toBe(200);
      await expect.poll(() => mohanStream.events.filter(chaperones).length, { timeout: 2000 }).toBe(2);
      expect((await call('GET', `/api/user/${devi.id}/info`, mohan.cookie)).json()).toMatchObject({ chaperones: [] });
      expect((await call('PATCH', `/api/guardians/${link.id}`, devi.cookie, { seesMessages: true })).statusCode).toBe(200);
      await expect.poll(() => mohanStream.events.filter(chaperones).length, { timeout: 2000 }).toBe(3);
      expect((await call('GET', `/api/user/${devi.id}/info`, mohan.cookie)).json()).toMatchObject({ chaperones: [{ memberFirstName: 'Devi' }] });
      // Someone with no conversation with her hears nothing.
      expect(bystanderStream.events.filter(chaperones)).toHaveLength(0);
    } finally {
      mohanStream.close();
      deviStream.close();
      bystanderStream.close();
    }
  });

  it('respects blocks and suspension: a blocked person disappears from what the guardian reads; a suspended member’s guardian reads nothing', async () => {
    const lila = await woman('Lila Nair');
    const ravi = await man('Ravi Kumar');
    const parent = await signUp(ctx.app);
    const link = await invite(lila.cookie, parent.email, true);
    expect((await call('POST', '/api/guardians/accept', parent.cookie, { token: link.token })).statusCode).toBe(204);
    await introduce(lila, ravi);
    expect((await call('POST', '/api/messages', ravi.cookie, { receiverId: lila.id, content: 'Namaste Lila' })).statusCode).toBe(201);
    expect((await call('GET', `/api/guarding/${lila.id}/messages/${ravi.id}`, parent.cookie)).statusCode).toBe(200);

    expect((await call('POST', '/api/blocks', ravi.cookie, { userId: lila.id })).statusCode).toBe(201);
    const conversations = await call('GET', `/api/guarding/${lila.id}/conversations`, parent.cookie);
    expect(conversations.json<{ otherUserId: string }[]>().map((c) => c.otherUserId)).not.toContain(ravi.id);
    expect((await call('GET', `/api/guarding/${lila.id}/messages/${ravi.id}`, parent.cookie)).statusCode).toBe(404);
    const intros = await call('GET', `/api/guarding/${lila.id}/introductions`, parent.cookie);
    expect(intros.json()).toEqual([expect.objectContaining({ other: null })]);
    expect(intros.body).not.toContain(ravi.id);

    expect((await call('POST', `/api/admin/users/${lila.id}/suspend`, adminCookie, { reason: 'Test' })).statusCode).toBe(200);
    expect((await call('GET', '/api/guarding', parent.cookie)).json()).toEqual([]);
    expect((await call('GET', `/api/guarding/${lila.id}/introductions`, parent.cookie)).statusCode).toBe(404);
  });

  it('a paused profile or a closed introduction: the member and her guardian get the first name as it was, "no longer active", nothing live', async () => {
    // Fails when closed cards kept the other's live first name, age, place and photo paths (for two years).
    const kamala = await woman('Kamala Devi');
    const govinda = await man('Govinda Das');
    const parent = await signUp(ctx.app);
    const { token } = await invite(kamala.cookie, parent.email);
    expect((await call('POST', '/api/guardians/accept', parent.cookie, { token })).statusCode).toBe(204);
    const { id } = await introduce(kamala, govinda);
    type Card = { id: string; status: string; inactive: boolean; otherFirstName: string | null; other: { name: string; location: string; photos: string[]; age: number } | null };
    /** Her list, which her guardian reads exactly as she does. */
    const cards = async () => {
      const own = await call('GET', '/api/introductions', kamala.cookie);
      const guarded = await call('GET', `/api/guarding/${kamala.id}/introductions`, parent.cookie);
      expect(guarded.json()).toEqual(own.json());
      return { body: own.body, card: own.json<Card[]>().find((card) => card.id === id)! };
    };
    const live = (await cards()).card;
    expect(live).toMatchObject({ status: 'introduced', inactive: false, otherFirstName: null, other: { name: 'Govinda' } });
    const photo = live.other!.photos[0]!;
    const place = live.other!.location;

    // He pauses his profile: nothing live of him, only the name he was introduced under.
    expect((await call('PATCH', '/api/profile/toggle-active', govinda.cookie, { active: false })).statusCode).toBe(200);
    const paused = await cards();
    expect(paused.card).toEqual(expect.objectContaining({ status: 'introduced', other: null, inactive: true, otherFirstName: 'Govinda' }));
    expect(paused.body).not.toContain(photo);
    expect(paused.body).not.toContain(place);
    expect((await call('PATCH', '/api/profile/toggle-active', govinda.cookie, { active: true })).statusCode).toBe(200);
    expect((await cards()).card).toMatchObject({ inactive: false, other: { name: 'Govinda' } });

    // He renames himself, then she ends it: both cards carry the first names as they were.
    await ctx.database.db.update(profiles).set({ name: 'Gopal Krishna' }).where(eq(profiles.userId, govinda.id));
    expect((await call('POST', `/api/introductions/${id}/follow-up`, kamala.cookie, { status: 'ended', confirmed: true })).statusCode).toBe(200);
    const ended = await cards();
    expect(ended.card).toEqual(expect.objectContaining({ status: 'ended', other: null, inactive: true, otherFirstName: 'Govinda' }));
    for (const live of ['Gopal', photo, place, govinda.id]) expect(ended.body).not.toContain(live);
    const his = (await call('GET', '/api/introductions', govinda.cookie)).json<Card[]>().find((card) => card.id === id)!;
    expect(his).toEqual(expect.objectContaining({ other: null, inactive: true, otherFirstName: 'Kamala' }));
  });

  it('mails the guardian when the member’s introduction moves, through the guardian’s own preferences', async () => {
    const sita = await woman('Sita Reddy');
    const gopal = await man('Gopal Das');
    const parent = await signUp(ctx.app);
    const quiet = await signUp(ctx.app);
    for (const who of [parent, quiet]) {
      const link = await invite(sita.cookie, who.email);
      expect((await call('POST', '/api/guardians/accept', who.cookie, { token: link.token })).statusCode).toBe(204);
    }
    expect(
      (await call('PUT', '/api/account/preferences', quiet.cookie, { language: 'en', notifyMessages: true, notifyIntroductions: false })).statusCode,
    ).toBe(200);
    mailer.sent.length = 0;
    await introduce(sita, gopal, false);
    await settleJobs(ctx.app);
    const toParent = mailer.sent.filter((m) => m.to === parent.email);
    expect(toParent).toHaveLength(1);
    expect(toParent[0]!.subject).toBe('Sanga: news about an introduction you follow');
    expect(toParent[0]!.text).toContain(`/guarding/${sita.id}`);
    expect(toParent[0]!.text).toContain('“Sita”');
    expect(toParent[0]!.text).not.toContain('Gopal');
    expect(toParent[0]!.headers?.['List-Unsubscribe']).toBeTruthy();
    expect(mailer.sent.filter((m) => m.to === quiet.email)).toEqual([]);
  });
});

describe('guardians: ending the link, export and deletion (issue 33)', () => {
  it('the member removes a guardian, the guardian steps back; nobody else can; the export carries both sides; deletion takes the rows', async () => {
    const uma = await woman('Uma Shah');
    const father = await signUp(ctx.app);
    const sister = await signUp(ctx.app);
    const fatherLink = await invite(uma.cookie, father.email, true);
    const sisterLink = await invite(uma.cookie, sister.email, false, 'sibling');
    for (const [who, link] of [
      [father, fatherLink],
      [sister, sisterLink],
    ] as const) {
      expect((await call('POST', '/api/guardians/accept', who.cookie, { token: link.token })).statusCode).toBe(204);
    }
    const outsider = await signUp(ctx.app);
    expect((await call('DELETE', `/api/guardians/${fatherLink.id}`, outsider.cookie)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/guardians/${fatherLink.id}`, outsider.cookie, { seesMessages: false })).statusCode).toBe(404);

    // The export: the member's guardians, the guardian's members.
    const memberExport = await call('GET', '/api/account/export', uma.cookie);
    const memberData = JSON.parse(strFromU8(unzipSync(memberExport.rawPayload)['account.json']!)) as Record<string, unknown>;
    expect(memberData.guardians).toEqual([expect.objectContaining({ email: father.email, relation: 'parent' }), expect.objectContaining({ email: sister.email, relation: 'sibling' })]);
    const guardianExport = await call('GET', '/api/account/export', father.cookie);
    const guardianData = JSON.parse(strFromU8(unzipSync(guardianExport.rawPayload)['account.json']!)) as Record<string, unknown>;
    expect(guardianData.guarding).toEqual([expect.objectContaining({ memberUserId: uma.id, seesMessages: true })]);

    expect((await call('DELETE', `/api/guardians/${sisterLink.id}`, sister.cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/guarding', sister.cookie)).json()).toEqual([]);
    expect((await call('DELETE', `/api/guardians/${sisterLink.id}`, uma.cookie)).statusCode).toBe(404);

    // The member's account deleted: her guardians' rows go with it.
    expect((await call('POST', '/api/account/delete', uma.cookie, { password: uma.password })).statusCode).toBe(204);
    expect(await ctx.database.db.select().from(guardians).where(eq(guardians.memberId, uma.id))).toEqual([]);
    expect((await call('GET', '/api/guarding', father.cookie)).json()).toEqual([]);
  });

  it('a guardian’s account deleted: the member’s list no longer holds the link', async () => {
    const devi = await woman('Devi Joshi');
    const mentor = await signUp(ctx.app);
    const link = await invite(devi.cookie, mentor.email, false, 'mentor');
    expect((await call('POST', '/api/guardians/accept', mentor.cookie, { token: link.token })).statusCode).toBe(204);
    expect((await call('POST', '/api/account/delete', mentor.cookie, { password: mentor.password })).statusCode).toBe(204);
    expect((await call('GET', '/api/guardians', devi.cookie)).json()).toEqual([]);
  });
});
