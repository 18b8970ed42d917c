/**
 * Staff are told, through the API on a real database (PGlite, and PostgreSQL with DATABASE_URL): who
 * gets which mail, at once or in the daily digest (an outbox job with a run time), in their language, with a
 * one-click unsubscribe per kind; the preferences on /settings.
 */
import { and, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import { nextDigestAt } from '#domain/staff/staff-notifications';
import { jobs } from '#server/db/schema';
import type { MailMessage } from '#server/mail/mailer';
import { createProfileUser } from '#server/test/factories';
import { createCapturingMailer, createTestContext, sessionCookie, settleJobs, signUp, type TestContext } from '#server/test/test-app';

const DAY = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'http://sanga.test';

let ctx: TestContext;
let clock = new Date();
const mailer = createCapturingMailer();
let adminCookie: string;
let n = 0;

beforeAll(async () => {
  ctx = await createTestContext(
    { adminPassword: 'the-admin-password', publicUrl: PUBLIC_URL, introductions: { maxOpen: 3, elderApprovals: 1, responseDays: 7 } },
    { now: () => clock, mailer },
  );
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
});
afterAll(() => ctx.close());

const call = (method: string, url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, payload: payload as object | undefined });

async function member(overrides: Partial<ProfileFormValues>) {
  n += 1;
  const made = await createProfileUser(ctx.app, { name: `Member${n} Test`, ...overrides });
  await settleJobs(ctx.app);
  return { id: made.account.id, cookie: made.account.cookie, email: made.account.email };
}
const woman = () => member({ gender: 'woman', dateOfBirth: '1994-05-17' });
const man = () => member({ gender: 'man', dateOfBirth: '1990-02-11' });

/** A staff member without a profile, in the language asked. */
async function staff(roles: { coordinator?: boolean; elder?: boolean }, language: 'en' | 'es' = 'en') {
  const account = await signUp(ctx.app);
  expect((await call('PUT', `/api/admin/users/${account.id}/roles`, adminCookie, { coordinator: false, elder: false, ...roles })).statusCode).toBe(200);
  if (language !== 'en') {
    expect((await call('PUT', '/api/account/preferences', account.cookie, { language, notifyMessages: true, notifyIntroductions: true })).statusCode).toBe(200);
  }
  // Its verification mail goes out now, not among the mails a test counts.
  await settleJobs(ctx.app);
  return account;
}

/** The mails sent since `from` (an index into the capturing mailer), after the due jobs ran. */
async function sentSince(from: number): Promise<MailMessage[]> {
  await settleJobs(ctx.app);
  return mailer.sent.slice(from);
}
const to = (mails: MailMessage[], email: string) => mails.filter((mail) => mail.to === email);

async function setMode(cookie: string, kind: string, mode: string) {
  const response = await call('PUT', '/api/account/staff-notifications', cookie, { kind, mode });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Array<{ kind: string; mode: string }>>();
}

/** Runs the digest job now (its run time is tomorrow's digest hour), with the clock at that hour. */
async function runDigest(): Promise<void> {
  clock = nextDigestAt(clock);
  await ctx.database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(and(eq(jobs.kind, 'staff-digest'), sql`${jobs.doneAt} is null`));
}

describe('staff notification preferences', () => {
  it('a member has none; a coordinator and an elder see their kinds, immediate by default, and may change them', async () => {
    const plain = await signUp(ctx.app);
    expect((await call('GET', '/api/account/staff-notifications', plain.cookie)).json()).toEqual([]);
    expect((await call('PUT', '/api/account/staff-notifications', plain.cookie, { kind: 'follow-up-due', mode: 'digest' })).json()).toMatchObject({
      code: 'staff-notice-not-yours',
    });
    const coordinator = await staff({ coordinator: true });
    expect((await call('GET', '/api/account/staff-notifications', coordinator.cookie)).json()).toEqual([
      { kind: 'introduction-requested', mode: 'immediate' },
      { kind: 'introduction-ended', mode: 'immediate' },
      { kind: 'follow-up-due', mode: 'immediate' },
    ]);
    expect(await setMode(coordinator.cookie, 'follow-up-due', 'digest')).toContainEqual({ kind: 'follow-up-due', mode: 'digest' });
    expect(await setMode(coordinator.cookie, 'follow-up-due', 'off')).toContainEqual({ kind: 'follow-up-due', mode: 'off' });
    const refused = await call('PUT', '/api/account/staff-notifications', coordinator.cookie, { kind: 'review-awaiting', mode: 'digest' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'staff-notice-not-yours' });
    expect((await call('PUT', '/api/account/staff-notifications', coordinator.cookie, { kind: 'follow-up-due', mode: 'weekly' })).statusCode).toBe(400);
    expect((await call('GET', '/api/account/staff-notifications')).statusCode).toBe(401);
    const elder = await staff({ elder: true });
    expect((await call('GET', '/api/account/staff-notifications', elder.cookie)).json()).toEqual([{ kind: 'review-awaiting', mode: 'immediate' }]);
    // The export carries the choices.
    const exported = await call('GET', '/api/account/export', coordinator.cookie);
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['account.json']!)) as { staffNoticePreferences: unknown[] };
    expect(data.staffNoticePreferences).toEqual([expect.objectContaining({ kind: 'follow-up-due', mode: 'off' })]);
  });
});

describe('who gets which mail', () => {
  it('a new introduction request mails every coordinator who wants it at once, in their language, with one-click unsubscribe', async () => {
    const english = await staff({ coordinator: true });
    const spanish = await staff({ coordinator: true }, 'es');
    const digest = await staff({ coordinator: true });
    const off = await staff({ coordinator: true });
    const elder = await staff({ elder: true });
    await setMode(digest.cookie, 'introduction-requested', 'digest');
    await setMode(off.cookie, 'introduction-requested', 'off');
    const [a, b] = [await woman(), await man()];
    const from = mailer.sent.length;
    expect((await call('POST', '/api/introduction-requests', a.cookie, { userId: b.id, note: 'We met at the festival' })).statusCode).toBe(201);
    const mails = await sentSince(from);
    const [en] = to(mails, english.email);
    expect(en).toMatchObject({ subject: 'Sanga: a member asks for an introduction' });
    expect(en!.text).toContain(`${PUBLIC_URL}/coordinator?members=requested`);
    // Names nobody, and never the member's note.
    expect(en!.text).not.toContain('Member');
    expect(en!.text).not.toContain('festival');
    expect(en!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(to(mails, spanish.email)).toEqual([expect.objectContaining({ subject: 'Sanga: un miembro pide una presentación' })]);
    expect(to(mails, digest.email)).toEqual([]);
    expect(to(mails, off.email)).toEqual([]);
    expect(to(mails, elder.email)).toEqual([]);
    // The same request again is the same request: no second mail.
    const again = mailer.sent.length;
    expect((await call('POST', '/api/introduction-requests', a.cookie, { userId: b.id })).statusCode).toBe(201);
    expect(to(await sentSince(again), english.email)).toEqual([]);

    // One click (RFC 8058) switches that kind off for that coordinator only.
    const link = /^<(.+)>$/.exec(en!.headers!['List-Unsubscribe']!)![1]!;
    const clicked = await ctx.app.inject({
      method: 'POST',
      url: link.slice(PUBLIC_URL.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(204);
    expect((await call('GET', '/api/account/staff-notifications', english.cookie)).json()).toContainEqual({ kind: 'introduction-requested', mode: 'off' });
    expect((await call('GET', '/api/account/staff-notifications', english.cookie)).json()).toContainEqual({ kind: 'introduction-ended', mode: 'immediate' });
    const [c, d] = [await woman(), await man()];
    const later = mailer.sent.length;
    expect((await call('POST', '/api/introduction-requests', c.cookie, { userId: d.id })).statusCode).toBe(201);
    const next = await sentSince(later);
    expect(to(next, english.email)).toEqual([]);
    expect(to(next, spanish.email)).toHaveLength(1);
  });

  it('a proposal awaiting the panel mails the elders (not one who is part of it); an ended introduction its coordinator; a due follow-up its coordinator', async () => {
    const coordinator = await staff({ coordinator: true });
    const otherCoordinator = await staff({ coordinator: true });
    const elder = await staff({ elder: true }, 'es');
    const [a, b] = [await woman(), await man()];
    let from = mailer.sent.length;
    const proposed = await call('POST', '/api/introductions', coordinator.cookie, { memberA: a.id, memberB: b.id, note: 'Both serve' });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { id } = proposed.json<{ id: string }>();
    let mails = await sentSince(from);
    expect(to(mails, elder.email)).toEqual([expect.objectContaining({ subject: 'Sanga: una presentación espera tu revisión' })]);
    expect(to(mails, elder.email)[0]!.text).toContain(`${PUBLIC_URL}/elders`);
    expect(to(mails, coordinator.email)).toEqual([]);

    from = mailer.sent.length;
    expect((await call('POST', `/api/introductions/${id}/review`, elder.cookie, { decision: 'approve' })).statusCode).toBe(200);
    expect((await call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true })).statusCode).toBe(200);
    expect((await call('POST', `/api/introductions/${id}/respond`, b.cookie, { accept: true })).json()).toMatchObject({ status: 'introduced' });
    mails = await sentSince(from);
    expect(to(mails, coordinator.email)).toEqual([]);

    // Eight days on, nobody checked in: the first check-in day's job (its run time) mails the coordinator.
    clock = new Date(clock.getTime() + 8 * DAY);
    const followUpJobs = await ctx.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'staff-notice'), sql`${jobs.payload}->>'subjectId' = ${id}`, sql`${jobs.payload}->>'kind' = 'follow-up-due'`, sql`${jobs.doneAt} is null`))
      .orderBy(jobs.runAt);
    expect(followUpJobs.map((job) => Math.round((job.runAt.getTime() - clock.getTime()) / DAY))).toEqual([-1, 22]);
    await ctx.database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, followUpJobs[0]!.id));
    from = mailer.sent.length;
    mails = await sentSince(from);
    expect(to(mails, coordinator.email)).toEqual([expect.objectContaining({ subject: 'Sanga: a follow-up is due' })]);
    expect(to(mails, otherCoordinator.email)).toEqual([]);

    from = mailer.sent.length;
    expect((await call('POST', `/api/introductions/${id}/follow-up`, a.cookie, { status: 'ended', confirmed: true })).json()).toMatchObject({ status: 'ended' });
    mails = await sentSince(from);
    expect(to(mails, coordinator.email)).toEqual([expect.objectContaining({ subject: 'Sanga: an introduction has ended' })]);
    expect(to(mails, otherCoordinator.email)).toEqual([]);
  });

  it('a follow-up answered in time sends nothing', async () => {
    const coordinator = await staff({ coordinator: true });
    await setMode(coordinator.cookie, 'introduction-requested', 'off');
    const [a, b] = [await woman(), await man()];
    const elder = await staff({ elder: true });
    await setMode(elder.cookie, 'review-awaiting', 'off');
    const { id } = (await call('POST', '/api/introductions', coordinator.cookie, { memberA: a.id, memberB: b.id, note: 'x' })).json<{ id: string }>();
    await call('POST', `/api/introductions/${id}/review`, elder.cookie, { decision: 'approve' });
    await call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true });
    await call('POST', `/api/introductions/${id}/respond`, b.cookie, { accept: true });
    clock = new Date(clock.getTime() + 7 * DAY + 1000);
    await call('POST', `/api/introductions/${id}/follow-up`, a.cookie, { status: 'continuing' });
    await call('POST', `/api/introductions/${id}/follow-up`, b.cookie, { status: 'continuing' });
    await ctx.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.kind, 'staff-notice'), sql`${jobs.payload}->>'subjectId' = ${id}`, sql`${jobs.doneAt} is null`));
    const from = mailer.sent.length;
    expect(to(await sentSince(from), coordinator.email)).toEqual([]);
  });
});

describe('the daily digest', () => {
  it('is one outbox job a day; it sends each digest reader what waits, per kind with its link, and schedules the next', async () => {
    const scheduled = await ctx.database.db.select().from(jobs).where(and(eq(jobs.kind, 'staff-digest'), sql`${jobs.doneAt} is null`));
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.runAt.getUTCHours()).toBe(12);

    // Everyone else quiet, so the counts below are this test's.
    for (const kind of ['introduction-requested', 'introduction-ended', 'follow-up-due', 'review-awaiting']) {
      await ctx.database.db.execute(sql`update staff_notice_preferences set mode = 'off' where kind = ${kind}`);
    }
    const coordinator = await staff({ coordinator: true }, 'es');
    await setMode(coordinator.cookie, 'introduction-requested', 'digest');
    await setMode(coordinator.cookie, 'introduction-ended', 'off');
    await setMode(coordinator.cookie, 'follow-up-due', 'off');
    const elder = await staff({ elder: true });
    await setMode(elder.cookie, 'review-awaiting', 'digest');
    const idle = await staff({ coordinator: true });
    await setMode(idle.cookie, 'introduction-requested', 'off');
    await setMode(idle.cookie, 'introduction-ended', 'off');
    await setMode(idle.cookie, 'follow-up-due', 'digest');

    const [a, b] = [await woman(), await man()];
    const from = mailer.sent.length;
    expect((await call('POST', '/api/introduction-requests', a.cookie, { userId: b.id })).statusCode).toBe(201);
    const [c, d] = [await woman(), await man()];
    expect((await call('POST', '/api/introductions', coordinator.cookie, { memberA: c.id, memberB: d.id, note: 'x' })).statusCode).toBe(201);
    // Nothing at once for digest readers.
    const immediate = await sentSince(from);
    expect(to(immediate, coordinator.email)).toEqual([]);
    expect(to(immediate, elder.email)).toEqual([]);

    await runDigest();
    const digests = await sentSince(from);
    const [forCoordinator] = to(digests, coordinator.email);
    expect(forCoordinator?.subject).toBe('Sanga: tu resumen diario');
    const requestsOpen = (await call('GET', '/api/coordinator/overview', coordinator.cookie)).json<{ openRequests: number }>().openRequests;
    expect(forCoordinator!.text).toContain(`Solicitudes de presentación abiertas: ${requestsOpen}`);
    expect(forCoordinator!.text).toContain(`${PUBLIC_URL}/coordinator?members=requested`);
    expect(forCoordinator!.text).not.toContain('Seguimientos');
    const [forElder] = to(digests, elder.email);
    expect(forElder?.subject).toBe('Sanga: your daily summary');
    const awaiting = (await call('GET', '/api/elders/introductions', elder.cookie)).json<unknown[]>().length;
    expect(forElder!.text).toContain(`Introductions awaiting your review: ${awaiting}`);
    // No follow-up due: no empty digest.
    expect(to(digests, idle.email)).toEqual([]);
    // The next day's job is written.
    const next = await ctx.database.db.select().from(jobs).where(and(eq(jobs.kind, 'staff-digest'), sql`${jobs.doneAt} is null`));
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBe(nextDigestAt(clock).getTime());

    // The digest's one-click unsubscribe turns off every kind that was on the digest, nothing else.
    const link = /^<(.+)>$/.exec(forElder!.headers!['List-Unsubscribe']!)![1]!;
    const clicked = await ctx.app.inject({
      method: 'POST',
      url: link.slice(PUBLIC_URL.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(204);
    expect((await call('GET', '/api/account/staff-notifications', elder.cookie)).json()).toEqual([{ kind: 'review-awaiting', mode: 'off' }]);
  });
});
