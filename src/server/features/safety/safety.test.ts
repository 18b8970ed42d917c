import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '#domain/accounts/auth';
import type { ConversationSummary, Message, OtherUserInfo } from '#domain/messaging/messages';
import { REPORTS_PER_DAY, type AdminReport, type AdminReportDetail, type BlockedPerson } from '#domain/safety/safety';
import { adminAudit, conversations, jobs, messages, reports, signupHolds, users } from '#server/db/schema';
import { auditHashSecret, deletedId } from '../accounts/audit-hash';
import { signupHoldHash } from '../auth/signup-hold';
import { applicationBody, createProfileUser, uploadPhoto } from '#server/test/factories';
import { createTestContext, markEmailVerified, sessionCookie, signUp, uniqueEmail, type TestContext } from '#server/test/test-app';
import { sha256 } from '../auth/email-tokens';

/** Blocking, reporting, moderation and suspension, through the API on a real database. */
let ctx: TestContext;
let admin: string;
let ip = 0;
/** The headers of an answer without the two that differ on every request. */
function comparableHeaders(response: LightMyRequestResponse) {
  const { date: _date, 'x-request-id': _requestId, ...rest } = response.headers;
  return rest;
}
const nextIp = () => `10.77.${(++ip >> 8) & 255}.${ip & 255}`;

beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' });
  const login = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } });
  admin = sessionCookie(login);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'DELETE' | 'PATCH';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload, remoteAddress: nextIp() });

/** A woman and a man who are each other's match candidates, each with a profile of two photos. */
async function pair() {
  const woman = await createProfileUser(ctx.app, { gender: 'woman', name: 'Radha Devi' });
  const man = await createProfileUser(ctx.app, { gender: 'man', name: 'Krishna Das', dateOfBirth: '1990-02-02' });
  return { woman, man };
}

const matchIds = async (cookie: string) => {
  const response = await call('GET', '/api/matches?limit=100', cookie);
  expect(response.statusCode).toBe(200);
  return { ids: response.json<{ profileId: string }[]>().map((m) => m.profileId), total: Number(response.headers['x-total-count']) };
};

const DAY = 24 * 60 * 60 * 1000;
const verify = (userId: string) => ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
/** A verified email and an account older than REPORTER_STANDING_DAYS: this member's reports count toward a hold. */
const giveStanding = (userId: string) =>
  ctx.database.db.update(users).set({ emailVerifiedAt: new Date(), createdAt: new Date(Date.now() - 30 * DAY) }).where(eq(users.id, userId));

const reportsFor = async (userId: string, status = 'open') => {
  const response = await call('GET', `/api/admin/reports?status=${status}&limit=100`, admin);
  expect(response.statusCode).toBe(200);
  return response.json<AdminReport[]>().filter((report) => report.reported.userId === userId);
};

describe('blocking', () => {
  it('POST /api/blocks answers 201, then 200 with the same answer; GET lists it with the first name', async () => {
    const { woman, man } = await pair();
    const first = await call('POST', '/api/blocks', woman.account.cookie, { userId: man.account.id });
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/api/blocks', woman.account.cookie, { userId: man.account.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toEqual({ userId: man.account.id, name: 'Krishna', createdAt: expect.any(String) });
    const list = await call('GET', '/api/blocks', woman.account.cookie);
    expect(list.json<BlockedPerson[]>()).toEqual([first.json()]);
    // The blocked person's own list is empty: they are never told.
    expect((await call('GET', '/api/blocks', man.account.cookie)).json()).toEqual([]);
  });

  it('names someone without a profile null (the web says "Sanga member"), and refuses oneself (400) and a stranger (404)', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman' });
    const stranger = await signUp(ctx.app);
    const writer = await signUp(ctx.app);
    // A volunteer may block a profile-less person who wrote to them first.
    const volunteer = await signUp(ctx.app);
    const applied = await call('POST', '/api/volunteer-application', volunteer.cookie, applicationBody());
    await call('PATCH', `/api/admin/volunteer-applications/${applied.json<{ id: string }>().id}`, admin, { approved: true });
    expect((await call('POST', '/api/messages', writer.cookie, { receiverId: volunteer.id, content: 'Hello, guide' })).statusCode).toBe(201);
    const blocked = await call('POST', '/api/blocks', volunteer.cookie, { userId: writer.id });
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toMatchObject({ name: null });

    const self = await call('POST', '/api/blocks', woman.account.cookie, { userId: woman.account.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'block-self', message: 'You cannot block yourself' });
    const unknown = await call('POST', '/api/blocks', woman.account.cookie, { userId: stranger.id });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'user-not-found', message: 'User not found', errors: [] });
    expect((await call('POST', '/api/blocks', woman.account.cookie, { userId: 'not-a-uuid' })).statusCode).toBe(400);
  });

  it('works both ways at once: matches and their count, match page, user info, photos and messages answer as for a stranger', async () => {
    const { woman, man } = await pair();
    const before = await matchIds(woman.account.cookie);
    expect(before.ids).toContain(man.profile.id);
    const manBefore = await matchIds(man.account.cookie);
    expect(manBefore.ids).toContain(woman.profile.id);
    expect((await call('POST', '/api/messages', woman.account.cookie, { receiverId: man.account.id, content: 'Namaste' })).statusCode).toBe(201);

    expect((await call('POST', '/api/blocks', woman.account.cookie, { userId: man.account.id })).statusCode).toBe(201);

    for (const [viewer, other] of [
      [woman, man],
      [man, woman],
    ] as const) {
      const after = await matchIds(viewer.account.cookie);
      expect(after.ids).not.toContain(other.profile.id);
      const unknown = await call('GET', '/api/match/00000000-0000-4000-8000-000000000000', viewer.account.cookie);
      const match = await call('GET', `/api/match/${other.profile.id}`, viewer.account.cookie);
      expect(match.statusCode).toBe(404);
      expect(match.json()).toEqual(unknown.json());
      const info = await call('GET', `/api/user/${other.account.id}/info`, viewer.account.cookie);
      expect(info.statusCode).toBe(404);
      expect(info.json()).toEqual({ code: 'user-not-found', message: 'User not found', errors: [] });
      expect((await call('GET', other.photos[0]!, viewer.account.cookie)).statusCode).toBe(404);
      const sent = await call('POST', '/api/messages', viewer.account.cookie, { receiverId: other.account.id, content: 'Hello?' });
      expect(sent.statusCode).toBe(403);
      expect(sent.json()).toEqual({ code: 'message-refused', message: 'You cannot send messages to this person', errors: [] });
    }
    expect((await matchIds(woman.account.cookie)).total).toBe(before.total - 1);
    expect((await matchIds(man.account.cookie)).total).toBe(manBefore.total - 1);

    // The blocker's conversations no longer list the thread; the blocked person's still do (they are never told).
    const blockerThreads = await call('GET', '/api/conversations', woman.account.cookie);
    expect(blockerThreads.json<{ otherUserId: string }[]>().map((c) => c.otherUserId)).not.toContain(man.account.id);
    const blockedThreads = await call('GET', '/api/conversations', man.account.cookie);
    expect(blockedThreads.json<{ otherUserId: string }[]>().map((c) => c.otherUserId)).toContain(woman.account.id);

    // Unblocking (204, and again 204) gives everything back.
    expect((await call('DELETE', `/api/blocks/${man.account.id}`, woman.account.cookie)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/blocks/${man.account.id}`, woman.account.cookie)).statusCode).toBe(204);
    const restored = await matchIds(woman.account.cookie);
    expect(restored.ids).toContain(man.profile.id);
    expect(restored.total).toBe(before.total);
    expect((await call('GET', `/api/match/${man.profile.id}`, woman.account.cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/blocks', woman.account.cookie)).json()).toEqual([]);
  });

  it('the blocked person cannot lift the block: DELETE touches only the caller\'s own row', async () => {
    const { woman, man } = await pair();
    await call('POST', '/api/blocks', woman.account.cookie, { userId: man.account.id });
    expect((await call('DELETE', `/api/blocks/${woman.account.id}`, man.account.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/match/${woman.profile.id}`, man.account.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/blocks', woman.account.cookie)).json<BlockedPerson[]>()).toHaveLength(1);
  });
});

describe('reporting', () => {
  it('answers 201 {id}; checks the reason, the details length, the message, oneself and strangers', async () => {
    const { woman, man } = await pair();
    const sent = await call('POST', '/api/messages', man.account.cookie, { receiverId: woman.account.id, content: 'Send me a gift card please' });
    const messageId = sent.json<{ id: string }>().id;
    const created = await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'scam-or-money', details: 'Asked for money', messageId });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(String) });

    const bad = async (payload: object, status = 400) => {
      const response = await call('POST', '/api/reports', woman.account.cookie, payload);
      expect(response.statusCode, response.body).toBe(status);
      return response.json<{ message: string; errors: { path: string; code: string }[] }>();
    };
    expect((await bad({ userId: man.account.id, reason: 'rude' })).errors).toContainEqual(expect.objectContaining({ path: 'reason', code: 'reportReasonInvalid' }));
    expect((await bad({ userId: man.account.id, reason: 'other', details: 'x'.repeat(2001) })).errors).toContainEqual(expect.objectContaining({ path: 'details', code: 'tooLong2000' }));
    expect((await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'other', details: 'x'.repeat(2000) })).statusCode).toBe(201);
    // A message of another conversation is not "a message between the two".
    const third = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1991-01-01' });
    const elsewhere = await call('POST', '/api/messages', third.account.cookie, { receiverId: woman.account.id, content: 'Hi' });
    expect((await bad({ userId: man.account.id, reason: 'harassment', messageId: elsewhere.json<{ id: string }>().id })).errors).toContainEqual(
      expect.objectContaining({ path: 'messageId', code: 'reportMessageInvalid' }),
    );
    expect((await bad({ userId: woman.account.id, reason: 'other' })).message).toBe('You cannot report yourself');
    const stranger = await signUp(ctx.app);
    expect(await bad({ userId: stranger.id, reason: 'other' }, 404)).toEqual({ code: 'user-not-found', message: 'User not found', errors: [] });
    // Reporting blocks nothing.
    expect((await call('GET', `/api/match/${man.profile.id}`, woman.account.cookie)).statusCode).toBe(200);
  });

  it(`allows ${REPORTS_PER_DAY} reports a day per reporter, then 429 with Retry-After`, async () => {
    const { woman, man } = await pair();
    for (let i = 0; i < REPORTS_PER_DAY; i++) {
      expect((await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'other', details: `report ${i}` })).statusCode).toBe(201);
    }
    const over = await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'other' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toEqual({ code: 'report-limit', message: expect.any(String), errors: [] });
  });

  it('three distinct reporters with standing and open reports hide the profile from matches until an admin resolves them', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman', name: 'Sita Held' });
    const men: Awaited<ReturnType<typeof createProfileUser>>[] = [];
    for (let i = 0; i < 3; i++) men.push(await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: `199${i}-03-03` }));
    for (const man of men) await giveStanding(man.account.id);
    // The viewer is a fourth man (a reporter no longer sees the person he reported).
    const viewer = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1989-03-03' });
    const before = await matchIds(viewer.account.cookie);
    expect(before.ids).toContain(woman.profile.id);
    // Two reporters (one of them twice) are not enough.
    for (const man of [men[0]!, men[0]!, men[1]!]) {
      expect((await call('POST', '/api/reports', man.account.cookie, { userId: woman.account.id, reason: 'fake-profile' })).statusCode).toBe(201);
    }
    expect((await matchIds(viewer.account.cookie)).ids).toContain(woman.profile.id);
    expect((await call('POST', '/api/reports', men[2]!.account.cookie, { userId: woman.account.id, reason: 'fake-profile' })).statusCode).toBe(201);
    const held = await matchIds(viewer.account.cookie);
    expect(held.ids).not.toContain(woman.profile.id);
    expect(held.total).toBe(before.total - 1);
    expect((await call('GET', `/api/match/${woman.profile.id}`, viewer.account.cookie)).statusCode).toBe(404);
    // She still browses her own matches while held.
    expect((await matchIds(woman.account.cookie)).ids).toContain(viewer.profile.id);

    const open = await reportsFor(woman.account.id);
    expect(open).toHaveLength(4);
    expect(open[0]!.reported).toMatchObject({ openReports: 3, hiddenPendingReview: true, suspended: false, profileStatus: 'active' });
    // Dismissing one reporter's report ends the hold (two reporters remain).
    const ofThird = open.find((report) => report.reporter!.userId === men[2]!.account.id)!;
    expect((await call('POST', `/api/admin/reports/${ofThird.id}/resolve`, admin, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await matchIds(viewer.account.cookie)).ids).toContain(woman.profile.id);
  });

  it('only reporters with standing count toward the hold: throwaway accounts reach the queue but hide nobody (issue 28)', async () => {
    // Fails without the fix: any three active profiles hid anyone.
    const woman = await createProfileUser(ctx.app, { gender: 'woman', name: 'Gita Target' });
    const viewer = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1985-03-03' });
    const throwaways: Awaited<ReturnType<typeof createProfileUser>>[] = [];
    for (let i = 0; i < 3; i++) throwaways.push(await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: `198${i}-04-04` }));
    // Two verified but new; one old but never verified.
    await verify(throwaways[0]!.account.id);
    await verify(throwaways[1]!.account.id);
    await ctx.database.db.update(users).set({ createdAt: new Date(Date.now() - 30 * DAY) }).where(eq(users.id, throwaways[2]!.account.id));
    for (const man of throwaways) {
      expect((await call('POST', '/api/reports', man.account.cookie, { userId: woman.account.id, reason: 'fake-profile' })).statusCode).toBe(201);
    }
    expect((await matchIds(viewer.account.cookie)).ids).toContain(woman.profile.id);
    const open = await reportsFor(woman.account.id);
    expect(open).toHaveLength(3);
    expect(open[0]!.reported).toMatchObject({ openReports: 3, hiddenPendingReview: false });
    expect(open.every((report) => !report.reporter!.standing)).toBe(true);
    const old = open.find((report) => report.reporter!.userId === throwaways[2]!.account.id)!;
    expect(old.reporter).toMatchObject({ emailVerified: false, standing: false });
    expect(Date.now() - Date.parse(old.reporter!.accountCreatedAt)).toBeGreaterThan(29 * DAY);

    // A new verified account that talked with her has standing; so do two old verified ones.
    const talked = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1984-05-05' });
    await verify(talked.account.id);
    expect((await call('POST', '/api/messages', woman.account.cookie, { receiverId: talked.account.id, content: 'Hello there' })).statusCode).toBe(201);
    const elders: Awaited<ReturnType<typeof createProfileUser>>[] = [];
    for (let i = 0; i < 2; i++) elders.push(await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: `197${i}-06-06` }));
    for (const man of elders) await giveStanding(man.account.id);
    for (const man of [talked, elders[0]!]) {
      expect((await call('POST', '/api/reports', man.account.cookie, { userId: woman.account.id, reason: 'harassment' })).statusCode).toBe(201);
    }
    expect((await matchIds(viewer.account.cookie)).ids).toContain(woman.profile.id);
    expect((await call('POST', '/api/reports', elders[1]!.account.cookie, { userId: woman.account.id, reason: 'harassment' })).statusCode).toBe(201);
    expect((await matchIds(viewer.account.cookie)).ids).not.toContain(woman.profile.id);
    const now = await reportsFor(woman.account.id);
    expect(now.filter((report) => report.reporter!.standing).map((report) => report.reporter!.userId).sort()).toEqual(
      [talked.account.id, elders[0]!.account.id, elders[1]!.account.id].sort(),
    );
    expect(now[0]!.reported).toMatchObject({ openReports: 6, hiddenPendingReview: true });
  });

  it('a message the reporter sent gives no standing: three new mailboxes that each wrote her once hide nobody; her reply does', async () => {
    // Fails when any message between the two gave standing: three new verified accounts wrote once and hid her.
    const woman = await createProfileUser(ctx.app, { gender: 'woman', name: 'Tulasi Written' });
    const viewer = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1983-03-03' });
    const writers: Awaited<ReturnType<typeof createProfileUser>>[] = [];
    for (let i = 0; i < 3; i++) writers.push(await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: `198${i}-07-07` }));
    for (const man of writers) {
      await verify(man.account.id);
      expect((await call('POST', '/api/messages', man.account.cookie, { receiverId: woman.account.id, content: 'Namaste, hello' })).statusCode).toBe(201);
      expect((await call('POST', '/api/reports', man.account.cookie, { userId: woman.account.id, reason: 'fake-profile' })).statusCode).toBe(201);
    }
    expect((await matchIds(viewer.account.cookie)).ids).toContain(woman.profile.id);
    const open = await reportsFor(woman.account.id);
    expect(open.map((report) => report.reporter!.standing)).toEqual([false, false, false]);
    expect(open[0]!.reported).toMatchObject({ openReports: 3, hiddenPendingReview: false });

    // Once she has written to one of them, his next report counts (still a new verified account: the 7-day rule stays).
    const answered = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1982-08-08' });
    await verify(answered.account.id);
    expect((await call('POST', '/api/messages', answered.account.cookie, { receiverId: woman.account.id, content: 'Namaste, hello' })).statusCode).toBe(201);
    expect((await call('POST', '/api/messages', woman.account.cookie, { receiverId: answered.account.id, content: 'Hello to you' })).statusCode).toBe(201);
    expect((await call('POST', '/api/reports', answered.account.cookie, { userId: woman.account.id, reason: 'harassment' })).statusCode).toBe(201);
    const after = await reportsFor(woman.account.id);
    expect(after.find((report) => report.reporter!.userId === answered.account.id)!.reporter!.standing).toBe(true);
    // An unverified account she wrote to still has none.
    const unverified = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1981-08-08' });
    expect((await call('POST', '/api/messages', woman.account.cookie, { receiverId: unverified.account.id, content: 'Hello to you' })).statusCode).toBe(201);
    expect((await call('POST', '/api/reports', unverified.account.cookie, { userId: woman.account.id, reason: 'harassment' })).statusCode).toBe(201);
    expect((await reportsFor(woman.account.id)).find((report) => report.reporter!.userId === unverified.account.id)!.reporter!.standing).toBe(false);
  });

  it('a report keeps the pair apart in matches both ways, whatever the decision, without blocking messages (issue 31)', async () => {
    // Fails without the fix: the person a member reported stayed in her matches.
    const { woman, man } = await pair();
    const before = await matchIds(woman.account.cookie);
    expect(before.ids).toContain(man.profile.id);
    const reported = await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'harassment' });
    expect(reported.statusCode).toBe(201);
    const after = await matchIds(woman.account.cookie);
    expect(after.ids).not.toContain(man.profile.id);
    expect(after.total).toBe(before.total - 1);
    expect((await matchIds(man.account.cookie)).ids).not.toContain(woman.profile.id);
    // A dismissed report still keeps them apart.
    expect((await call('POST', `/api/admin/reports/${reported.json<{ id: string }>().id}/resolve`, admin, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await matchIds(woman.account.cookie)).ids).not.toContain(man.profile.id);
    // Unlike a block, the conversation stays open.
    expect((await call('POST', '/api/messages', woman.account.cookie, { receiverId: man.account.id, content: 'Please stop' })).statusCode).toBe(201);
  });
});

describe('the admin reports queue', () => {
  it('lists open reports first with X-Total-Count, paging, the message in its context, and audits the call', async () => {
    const { woman, man } = await pair();
    const ids: string[] = [];
    for (let i = 0; i < 14; i++) {
      const sender = i % 2 === 0 ? man : woman;
      const receiver = i % 2 === 0 ? woman : man;
      const sent = await call('POST', '/api/messages', sender.account.cookie, { receiverId: receiver.account.id, content: `line ${i}` });
      ids.push(sent.json<{ id: string }>().id);
    }
    // Line 8 (from him) is reported: five before it, it, and four after.
    const created = await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'harassment', details: 'Rude', messageId: ids[8] });
    const reportId = created.json<{ id: string }>().id;
    const [report] = (await reportsFor(man.account.id)).filter((r) => r.id === reportId);
    expect(report).toMatchObject({
      reason: 'harassment',
      details: 'Rude',
      status: 'open',
      reporter: { userId: woman.account.id, email: woman.account.email, name: 'Radha Devi' },
      reported: { userId: man.account.id, email: man.account.email, name: 'Krishna Das', openReports: 1, suspended: false },
      message: { id: ids[8], content: 'line 8', senderId: man.account.id },
    });
    expect(report!.context!.map((m) => m.content)).toEqual(['line 3', 'line 4', 'line 5', 'line 6', 'line 7', 'line 8', 'line 9', 'line 10', 'line 11', 'line 12']);

    // Open first: a resolved report comes after every open one; paging and the total.
    const other = await call('POST', '/api/reports', man.account.cookie, { userId: woman.account.id, reason: 'other' });
    await call('POST', `/api/admin/reports/${other.json<{ id: string }>().id}/resolve`, admin, { action: 'dismiss', note: 'Nothing wrong' });
    const all = await call('GET', '/api/admin/reports?limit=100', admin);
    const statuses = all.json<AdminReport[]>().map((r) => r.status);
    expect(statuses.indexOf('resolved')).toBeGreaterThan(statuses.lastIndexOf('open'));
    const total = Number(all.headers['x-total-count']);
    expect(total).toBe(statuses.length);
    const page = await call('GET', '/api/admin/reports?limit=1&offset=1', admin);
    expect(page.json<AdminReport[]>()).toHaveLength(1);
    expect(page.headers['x-total-count']).toBe(String(total));
    expect((await call('GET', '/api/admin/reports?status=resolved', admin)).json<AdminReport[]>().every((r) => r.status === 'resolved')).toBe(true);
    // A search finds the reports whose reporter or reported member has it in their name or email.
    const search = await call('GET', `/api/admin/reports?q=${encodeURIComponent('radha devi')}&limit=100`, admin);
    const found = search.json<AdminReport[]>();
    expect(found.map((r) => r.id)).toEqual(expect.arrayContaining([reportId, other.json<{ id: string }>().id]));
    expect(found.every((r) => [r.reporter!.name, r.reported.name].includes('Radha Devi'))).toBe(true);
    expect(search.headers['x-total-count']).toBe(String(found.length));
    const byEmail = await call('GET', `/api/admin/reports?q=${encodeURIComponent(man.account.email)}`, admin);
    expect(byEmail.json<AdminReport[]>().every((r) => r.reporter!.userId === man.account.id || r.reported.userId === man.account.id)).toBe(true);
    expect((await call('GET', '/api/admin/reports?q=zzqx-nobody', admin)).headers['x-total-count']).toBe('0');
    expect((await call('GET', '/api/admin/reports?status=closed', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/reports?limit=0', admin)).statusCode).toBe(400);

    const audit = await ctx.database.db.select().from(adminAudit);
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['view.reports', 'report.dismiss']));
  });

  it('GET /api/admin/reports/{id}: the reported member\'s photos and biodata, the message in its conversation, earlier reports and their outcome, account age; audited (issue 31)', async () => {
    // Fails without the fix: the route did not exist (404), the admin decided blind.
    const { woman, man } = await pair();
    const other = await createProfileUser(ctx.app, { gender: 'woman', dateOfBirth: '1995-05-05' });
    const earlier = await call('POST', '/api/reports', other.account.cookie, { userId: man.account.id, reason: 'fake-profile' });
    expect((await call('POST', `/api/admin/reports/${earlier.json<{ id: string }>().id}/resolve`, admin, { action: 'warn', note: 'First warning' })).statusCode).toBe(200);
    await call('POST', '/api/messages', woman.account.cookie, { receiverId: man.account.id, content: 'Namaste' });
    const sent = await call('POST', '/api/messages', man.account.cookie, { receiverId: woman.account.id, content: 'Answer me now' });
    await call('POST', '/api/messages', woman.account.cookie, { receiverId: man.account.id, content: 'No.' });
    const messageId = sent.json<{ id: string }>().id;
    const created = await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'scam-or-money', messageId });
    const id = created.json<{ id: string }>().id;

    const response = await call('GET', `/api/admin/reports/${id}`, admin);
    expect(response.statusCode).toBe(200);
    const detail = response.json<AdminReportDetail>();
    expect(detail).toMatchObject({ id, reason: 'scam-or-money', status: 'open', message: { id: messageId, content: 'Answer me now' } });
    expect(detail.context!.map((message) => message.content)).toEqual(['Namaste', 'Answer me now', 'No.']);
    expect(detail.reported).toMatchObject({ userId: man.account.id, photos: man.photos, emailVerified: false, profile: { name: 'Krishna Das', gender: 'man' } });
    expect(Date.now() - Date.parse(detail.reported.accountCreatedAt!)).toBeLessThan(60 * 60 * 1000);
    expect(detail.earlierReports).toEqual([expect.objectContaining({ reason: 'fake-profile', status: 'resolved', resolution: 'warn', resolutionNote: 'First warning' })]);
    // The admin session may open the photos it lists.
    expect((await call('GET', detail.reported.photos[0]!, admin)).statusCode).toBe(200);
    const audit = await ctx.database.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'view.report'), eq(adminAudit.targetId, id)));
    expect(audit).toHaveLength(1);

    for (const cookie of [undefined, woman.account.cookie, man.account.cookie]) expect((await call('GET', `/api/admin/reports/${id}`, cookie)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/reports/00000000-0000-4000-8000-000000000000', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/reports/not-a-uuid', admin)).statusCode).toBe(400);
  });

  it('admin routes answer 401 without the admin session, and 404/409 for an unknown or decided report', async () => {
    const { woman, man } = await pair();
    const created = await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'other' });
    const id = created.json<{ id: string }>().id;
    for (const cookie of [undefined, woman.account.cookie]) {
      expect((await call('GET', '/api/admin/reports', cookie)).statusCode).toBe(401);
      expect((await call('POST', `/api/admin/reports/${id}/resolve`, cookie, { action: 'dismiss' })).statusCode).toBe(401);
      expect((await call('POST', `/api/admin/users/${man.account.id}/suspend`, cookie, { reason: 'x' })).statusCode).toBe(401);
      expect((await call('POST', `/api/admin/users/${man.account.id}/unsuspend`, cookie)).statusCode).toBe(401);
    }
    expect((await call('POST', '/api/admin/reports/00000000-0000-4000-8000-000000000000/resolve', admin, { action: 'dismiss' })).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/reports/${id}/resolve`, admin, { action: 'ban' })).statusCode).toBe(400);
    expect((await call('POST', `/api/admin/reports/${id}/resolve`, admin, { action: 'dismiss' })).statusCode).toBe(200);
    const again = await call('POST', `/api/admin/reports/${id}/resolve`, admin, { action: 'warn' });
    expect(again.statusCode).toBe(409);
    expect((await call('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/suspend', admin, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('POST', `/api/admin/users/${man.account.id}/suspend`, admin, { reason: '   ' })).statusCode).toBe(400);
  });

  it('warn: the member sees a notice until they acknowledge it; nobody else can acknowledge it', async () => {
    const { woman, man } = await pair();
    const created = await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'harassment' });
    const resolved = await call('POST', `/api/admin/reports/${created.json<{ id: string }>().id}/resolve`, admin, { action: 'warn', note: 'First warning' });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toEqual({ userId: man.account.id, suspended: false, photosRemoved: 0 });
    const notices = await call('GET', '/api/notices', man.account.cookie);
    expect(notices.json()).toEqual([{ id: expect.any(String), kind: 'warning', createdAt: expect.any(String), introduction: null }]);
    const noticeId = notices.json<{ id: string }[]>()[0]!.id;
    // The reporter is told only that the report was handled (her own notice), never what was decided.
    expect((await call('GET', '/api/notices', woman.account.cookie)).json()).toEqual([{ id: expect.any(String), kind: 'report-handled', createdAt: expect.any(String), introduction: null }]);
    expect((await call('POST', `/api/notices/${noticeId}/ack`, woman.account.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/notices/${noticeId}/ack`, man.account.cookie)).statusCode).toBe(204);
    expect((await call('POST', `/api/notices/${noticeId}/ack`, man.account.cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/notices', man.account.cookie)).json()).toEqual([]);
  });

  it('whatever the decision, the reporter is told in general terms that the report was handled; the reported member is not told who reported', async () => {
    const { woman, man } = await pair();
    const created = await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'other', details: 'Not sure' });
    expect((await call('GET', '/api/notices', woman.account.cookie)).json()).toEqual([]);
    expect((await call('POST', `/api/admin/reports/${created.json<{ id: string }>().id}/resolve`, admin, { action: 'dismiss' })).statusCode).toBe(200);
    const notices = (await call('GET', '/api/notices', woman.account.cookie)).json<{ kind: string }[]>();
    expect(notices.map((notice) => notice.kind)).toEqual(['report-handled']);
    expect(JSON.stringify(notices)).not.toContain('dismiss');
    expect((await call('GET', '/api/notices', man.account.cookie)).json()).toEqual([]);
  });

  it('remove-photos deletes the files from storage, deactivates the profile and tells the member why', async () => {
    const { woman, man } = await pair();
    const files = man.photos.map((objectPath) => path.join(ctx.config.dataDir, 'objects', objectPath.slice('/objects/'.length)));
    expect(files.every((file) => existsSync(file))).toBe(true);
    const created = await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'inappropriate-photo' });
    const resolved = await call('POST', `/api/admin/reports/${created.json<{ id: string }>().id}/resolve`, admin, { action: 'remove-photos' });
    expect(resolved.json()).toEqual({ userId: man.account.id, suspended: false, photosRemoved: 2 });
    expect(files.some((file) => existsSync(file))).toBe(false);
    expect((await call('GET', man.photos[0]!, admin)).statusCode).toBe(404);
    const own = await call('GET', '/api/profile', man.account.cookie);
    expect(own.json()).toMatchObject({ photos: [], profileActive: false });
    expect((await matchIds(woman.account.cookie)).ids).not.toContain(man.profile.id);
    expect((await call('GET', '/api/notices', man.account.cookie)).json()).toEqual([expect.objectContaining({ kind: 'photos-removed' })]);
    // New photos can be added again afterwards.
    await uploadPhoto(ctx.app, man.account.cookie);
  });
});

describe('deleting a reported account (issue 28)', () => {
  it('keeps the reports against it (id hashed, messages as evidence, closed "account deleted"); the email cannot sign up again for 90 days', async () => {
    // Fails without the fix: the reports cascaded away with the account and the email signed up again at once.
    const { woman, man } = await pair();
    const other = await createProfileUser(ctx.app, { gender: 'woman', dateOfBirth: '1996-06-06' });
    await call('POST', '/api/messages', woman.account.cookie, { receiverId: man.account.id, content: 'Namaste' });
    const sent = await call('POST', '/api/messages', man.account.cookie, { receiverId: woman.account.id, content: 'You will regret ignoring me' });
    const messageId = sent.json<{ id: string }>().id;
    const decided = await call('POST', '/api/reports', other.account.cookie, { userId: man.account.id, reason: 'fake-profile' });
    expect((await call('POST', `/api/admin/reports/${decided.json<{ id: string }>().id}/resolve`, admin, { action: 'warn', note: 'Be kind' })).statusCode).toBe(200);
    const open = await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'harassment', messageId });
    const [manRow] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, man.account.id));

    expect((await call('POST', '/api/account/delete', man.account.cookie, { password: man.account.password })).statusCode).toBe(204);

    const kept = (await call('GET', '/api/admin/reports?limit=100', admin)).json<AdminReport[]>().filter((report) => [open.json<{ id: string }>().id, decided.json<{ id: string }>().id].includes(report.id));
    expect(kept).toHaveLength(2);
    const hash = deletedId(await auditHashSecret(ctx.database.db), man.account.id);
    for (const report of kept) expect(report.reported).toMatchObject({ userId: hash, deleted: true, email: '', name: null });
    const closed = kept.find((report) => report.id === open.json<{ id: string }>().id)!;
    expect(closed).toMatchObject({ status: 'resolved', resolution: null });
    // The admin alone still reads the reported message in its conversation, his id hashed.
    const detail = (await call('GET', `/api/admin/reports/${closed.id}`, admin)).json<AdminReportDetail>();
    expect(detail.message).toEqual({ id: messageId, senderId: hash, content: 'You will regret ignoring me', createdAt: expect.any(String) });
    expect(detail.context!.map((message) => message.content)).toEqual(['Namaste', 'You will regret ignoring me']);
    expect(detail.earlierReports).toEqual([expect.objectContaining({ resolution: 'warn' })]);
    const [row] = await ctx.database.db.select().from(reports).where(eq(reports.id, closed.id));
    expect(row).toMatchObject({ reportedId: null, reportedHash: hash, resolutionNote: 'account deleted' });
    expect(JSON.stringify(row)).not.toContain(manRow!.email);
    // The decided report is not closed again.
    expect(kept.find((report) => report.id === decided.json<{ id: string }>().id)).toMatchObject({ resolution: 'warn' });

    // The same email may not sign up again for 90 days (kept as a keyed hash); another may.
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: manRow!.email.toUpperCase(), password: 'correct horse battery' }, remoteAddress: nextIp() });
    // Answered exactly as a taken address is (status, body, headers), so nobody learns from the
    // sign-up form that the address's owner was reported. Before: 403 `signup-held`.
    const taken = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: woman.account.email.toUpperCase(), password: 'correct horse battery' }, remoteAddress: nextIp() });
    expect(taken.statusCode).toBe(409);
    expect(again.statusCode).toBe(taken.statusCode);
    expect(again.body).toBe(taken.body);
    expect(comparableHeaders(again)).toEqual(comparableHeaders(taken));
    const holds = await ctx.database.db.select().from(signupHolds);
    expect(JSON.stringify(holds)).not.toContain(manRow!.email);
    // Keyed with the installation's secret (the audit log's), not a plain hash anyone can compute from a guess.
    const secret = await auditHashSecret(ctx.database.db);
    const hold = holds.find((h) => h.emailHash === signupHoldHash(secret, manRow!.email))!;
    expect(hold).toBeDefined();
    expect(holds.map((h) => h.emailHash)).not.toContain(sha256(`sanga-signup-hold:${manRow!.email}`));
    expect(signupHoldHash('another installation', manRow!.email)).not.toBe(hold.emailHash);
    expect(hold.until.getTime() - Date.now()).toBeGreaterThan(89 * DAY);

    // Nor can another account take the held address by an email change: the same 202 as for a taken one, and no
    // confirmation link goes to it.
    const newcomer = await signUp(ctx.app);
    await markEmailVerified(ctx.database, newcomer.id);
    const mailsBefore = (await ctx.database.db.select({ payload: jobs.payload }).from(jobs)).filter((job) => (job.payload as { to?: string }).to === manRow!.email).length;
    const move = await call('POST', '/api/account/email', newcomer.cookie, { newEmail: manRow!.email, password: newcomer.password });
    expect(move.statusCode).toBe(202);
    const mailsAfter = (await ctx.database.db.select({ payload: jobs.payload }).from(jobs)).filter((job) => (job.payload as { to?: string }).to === manRow!.email).length;
    expect(mailsAfter).toBe(mailsBefore);
    await ctx.database.db.update(signupHolds).set({ until: new Date(Date.now() - 1000) }).where(eq(signupHolds.emailHash, hold.emailHash));
    expect((await signUp(ctx.app, manRow!.email)).id).toEqual(expect.any(String));
  });

  it("the victim keeps the thread, shown as from a deleted member whose id names nobody; it goes when she deletes hers too", async () => {
    // Fails before: the messages and the conversation cascaded with his account, so her thread was empty.
    const { woman, man } = await pair();
    await call('POST', '/api/messages', woman.account.cookie, { receiverId: man.account.id, content: 'Namaste' });
    const sent = await call('POST', '/api/messages', man.account.cookie, { receiverId: woman.account.id, content: 'You will regret ignoring me' });
    await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'harassment', messageId: sent.json<{ id: string }>().id });
    expect((await call('POST', '/api/account/delete', man.account.cookie, { password: man.account.password })).statusCode).toBe(204);

    const list = (await call('GET', '/api/conversations', woman.account.cookie)).json<ConversationSummary[]>();
    expect(list).toHaveLength(1);
    const departedId = list[0]!.otherUserId;
    const hash = deletedId(await auditHashSecret(ctx.database.db), man.account.id);
    expect([man.account.id, hash]).not.toContain(departedId);
    expect(list[0]).toMatchObject({ otherUserName: null, departed: true, lastMessage: { content: 'You will regret ignoring me', senderId: departedId } });
    const thread = (await call('GET', `/api/messages/${departedId}`, woman.account.cookie)).json<Message[]>();
    expect(thread.map((m) => [m.senderId === departedId ? 'him' : 'her', m.content])).toEqual([['her', 'Namaste'], ['him', 'You will regret ignoring me']]);
    expect(JSON.stringify(thread)).not.toContain(man.account.id);
    const info = await call('GET', `/api/user/${departedId}/info`, woman.account.cookie);
    expect(info.json<OtherUserInfo>()).toEqual({ name: null, photo: null, isVolunteer: false, volunteerRole: null, mayWrite: false, mayNotWriteReason: 'not-allowed', staffRoles: [], chaperones: [], departed: true, heldAttempts: 0 });
    // Nobody writes to the departed id, and to anyone else it is an unknown id like any other.
    expect((await call('POST', '/api/messages', woman.account.cookie, { receiverId: departedId, content: 'Hello?' })).statusCode).toBe(403);
    const stranger = await createProfileUser(ctx.app, { gender: 'woman', dateOfBirth: '1994-04-04' });
    expect((await call('GET', `/api/user/${departedId}/info`, stranger.account.cookie)).statusCode).toBe(404);
    // Her export keeps the thread.
    const exported = await call('GET', '/api/account/export', woman.account.cookie);
    expect(exported.statusCode).toBe(200);
    // The report's evidence stays under the hash, for the admin only.
    const [report] = await ctx.database.db.select().from(reports).where(eq(reports.reportedHash, hash));
    expect(report!.evidence!.messages.map((m) => m.senderId)).toContain(hash);

    // When she deletes hers too, nobody is left to read the thread: it goes (her report goes with her account).
    expect((await call('POST', '/api/account/delete', woman.account.cookie, { password: woman.account.password })).statusCode).toBe(204);
    expect(await ctx.database.db.select().from(messages).where(eq(messages.senderId, departedId))).toEqual([]);
    expect(await ctx.database.db.select().from(conversations).where(eq(conversations.otherId, departedId))).toEqual([]);
  });

  it('an account deleted with no open reports against it leaves no hold', async () => {
    const { woman, man } = await pair();
    const report = await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'other' });
    expect((await call('POST', `/api/admin/reports/${report.json<{ id: string }>().id}/resolve`, admin, { action: 'dismiss' })).statusCode).toBe(200);
    const [manRow] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, man.account.id));
    expect((await call('POST', '/api/account/delete', man.account.cookie, { password: man.account.password })).statusCode).toBe(204);
    expect((await signUp(ctx.app, manRow!.email)).id).toEqual(expect.any(String));
  });
});

describe('suspension', () => {
  it('ends every session, refuses sign-in with 403 for any password, hides the person and refuses messages to them; unsuspend undoes it', async () => {
    const { woman, man } = await pair();
    const secondDevice = sessionCookie(await call('POST', '/api/auth/login', undefined, { email: man.account.email, password: man.account.password }));
    await call('POST', '/api/messages', man.account.cookie, { receiverId: woman.account.id, content: 'Hello' });
    expect((await matchIds(woman.account.cookie)).ids).toContain(man.profile.id);

    const suspended = await call('POST', `/api/admin/users/${man.account.id}/suspend`, admin, { reason: 'Scam reports' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toEqual({ userId: man.account.id, suspended: true, photosRemoved: 0 });

    for (const cookie of [man.account.cookie, secondDevice]) expect((await call('GET', '/api/auth/user', cookie)).statusCode).toBe(401);
    for (const password of [man.account.password, 'a wrong password']) {
      const login = await call('POST', '/api/auth/login', undefined, { email: man.account.email, password });
      expect(login.statusCode).toBe(403);
      expect(login.json()).toEqual({ code: 'suspended', message: 'This account is suspended', errors: [] });
      expect(login.cookies.find((c) => c.name === 'sanga.sid')).toBeUndefined();
    }
    expect((await matchIds(woman.account.cookie)).ids).not.toContain(man.profile.id);
    expect((await call('GET', `/api/match/${man.profile.id}`, woman.account.cookie)).statusCode).toBe(404);
    expect((await call('POST', '/api/messages', woman.account.cookie, { receiverId: man.account.id, content: 'Are you there?' })).statusCode).toBe(403);
    const profiles = await call('GET', '/api/admin/user-profiles', admin);
    expect(profiles.json<{ userId: string; suspended: boolean }[]>().find((p) => p.userId === man.account.id)).toMatchObject({ suspended: true });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, man.account.id));
    expect(row).toMatchObject({ suspendedReason: 'Scam reports' });

    expect((await call('POST', `/api/admin/users/${man.account.id}/unsuspend`, admin)).json()).toEqual({ userId: man.account.id, suspended: false, photosRemoved: 0 });
    expect((await call('POST', '/api/auth/login', undefined, { email: man.account.email, password: man.account.password })).statusCode).toBe(200);
    expect((await matchIds(woman.account.cookie)).ids).toContain(man.profile.id);
    const audit = await ctx.database.db.select().from(adminAudit);
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['user.suspend', 'user.unsuspend']));
  });

  it('a report resolved with "suspend" suspends the reported person; an unknown email still answers 401', async () => {
    const { woman, man } = await pair();
    const created = await call('POST', '/api/reports', woman.account.cookie, { userId: man.account.id, reason: 'scam-or-money' });
    const resolved = await call('POST', `/api/admin/reports/${created.json<{ id: string }>().id}/resolve`, admin, { action: 'suspend' });
    expect(resolved.json()).toEqual({ userId: man.account.id, suspended: true, photosRemoved: 0 });
    expect((await call('GET', '/api/auth/user', man.account.cookie)).statusCode).toBe(401);
    const [report] = await ctx.database.db.select().from(reports).where(eq(reports.id, created.json<{ id: string }>().id));
    expect(report).toMatchObject({ status: 'resolved', resolution: 'suspend' });
    const resolvedList = await reportsFor(man.account.id, 'resolved');
    expect(resolvedList[0]!.reported).toMatchObject({ suspended: true });
    expect((await call('POST', '/api/auth/login', undefined, { email: uniqueEmail('nobody'), password: 'whatever it is' })).statusCode).toBe(401);
  });

  it('tells the suspended member by mail, in their language, why in general terms and where to appeal; once (issue 31)', async () => {
    // Fails without the fix: a suspension sent no mail.
    const { woman, man } = await pair();
    await ctx.database.db.update(users).set({ language: 'es' }).where(eq(users.id, man.account.id));
    const mailsTo = async (email: string) =>
      (await ctx.database.db.select({ payload: jobs.payload }).from(jobs).where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'to' = ${email}`))).map(
        (row) => row.payload as { subject: string; text: string },
      ).filter((mail) => /suspend/i.test(mail.subject)); // not the verification mail of sign-up
    const [manRow] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, man.account.id));
    expect((await call('POST', `/api/admin/users/${man.account.id}/suspend`, admin, { reason: 'Asked for money twice' })).statusCode).toBe(200);
    const sent = await mailsTo(manRow!.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Tu cuenta de Sanga está suspendida');
    expect(sent[0]!.text).toContain(ctx.config.site.contactEmail);
    // The admin's own note is never mailed.
    expect(sent[0]!.text).not.toContain('Asked for money');
    // Suspending again sends nothing more; an English member gets it in English.
    expect((await call('POST', `/api/admin/users/${man.account.id}/suspend`, admin, { reason: 'again' })).statusCode).toBe(200);
    expect(await mailsTo(manRow!.email)).toHaveLength(1);
    const [womanRow] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, woman.account.id));
    expect((await call('POST', `/api/admin/users/${woman.account.id}/suspend`, admin, { reason: 'x' })).statusCode).toBe(200);
    expect((await mailsTo(womanRow!.email))[0]!.subject).toBe('Your Sanga account is suspended');
  });

  it('lifting a suspension mails the member, in their language, that they can sign in again; lifting none sends nothing', async () => {
    const { woman, man } = await pair();
    await ctx.database.db.update(users).set({ language: 'es' }).where(eq(users.id, man.account.id));
    const liftedMails = async (userId: string) => {
      const [row] = await ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return (await ctx.database.db.select({ payload: jobs.payload }).from(jobs).where(and(eq(jobs.kind, 'mail'), sql`${jobs.payload}->>'to' = ${row!.email}`)))
        .map((job) => job.payload as { subject: string; text: string })
        .filter((mail) => /activa de nuevo|active again/.test(mail.subject));
    };
    expect((await call('POST', `/api/admin/users/${man.account.id}/suspend`, admin, { reason: 'Rude' })).statusCode).toBe(200);
    expect(await liftedMails(man.account.id)).toHaveLength(0);
    expect((await call('POST', `/api/admin/users/${man.account.id}/unsuspend`, admin)).statusCode).toBe(200);
    const sent = await liftedMails(man.account.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Tu cuenta de Sanga está activa de nuevo');
    expect(sent[0]!.text).toContain('/login');
    expect(sent[0]!.text).not.toContain('Rude');
    // Not suspended: nothing to tell.
    expect((await call('POST', `/api/admin/users/${woman.account.id}/unsuspend`, admin)).statusCode).toBe(200);
    expect(await liftedMails(woman.account.id)).toHaveLength(0);
  });

  it('takes a suspended volunteer off Guidance', async () => {
    const volunteer = await signUp(ctx.app);
    const applied = await call('POST', '/api/volunteer-application', volunteer.cookie, applicationBody({ name: 'Guide Suspendable' }));
    const photo = await uploadPhoto(ctx.app, volunteer.cookie);
    await call('PATCH', '/api/volunteer-profile', volunteer.cookie, { photo });
    await call('PATCH', `/api/admin/volunteer-applications/${applied.json<{ id: string }>().id}`, admin, { approved: true });
    const names = async () => (await call('GET', '/api/volunteers')).json<{ name: string }[]>().map((v) => v.name);
    expect(await names()).toContain('Guide Suspendable');
    await call('POST', `/api/admin/users/${volunteer.id}/suspend`, admin, { reason: 'test' });
    expect(await names()).not.toContain('Guide Suspendable');
  });
});

describe('privacy consent at sign-up', () => {
  it('stores the time and notice version when sent; a client that does not send it signs up without consent; another version is refused', async () => {
    const email = uniqueEmail('consent');
    const withConsent = await call('POST', '/api/auth/register', undefined, { email, password: 'correct horse battery', privacyNoticeVersion: PRIVACY_NOTICE_VERSION });
    expect(withConsent.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.privacyNoticeVersion).toBe(PRIVACY_NOTICE_VERSION);
    expect(row!.privacyConsentAt).toBeInstanceOf(Date);

    const old = uniqueEmail('old-client');
    expect((await call('POST', '/api/auth/register', undefined, { email: old, password: 'correct horse battery' })).statusCode).toBe(201);
    const [oldRow] = await ctx.database.db.select().from(users).where(eq(users.email, old));
    expect(oldRow).toMatchObject({ privacyNoticeVersion: null, privacyConsentAt: null });

    const outdated = await call('POST', '/api/auth/register', undefined, { email: uniqueEmail('outdated'), password: 'correct horse battery', privacyNoticeVersion: 0 });
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json<{ errors: { path: string; code: string }[] }>().errors).toContainEqual(expect.objectContaining({ path: 'privacyNoticeVersion', code: 'privacyNoticeOutdated' }));
  });
});
