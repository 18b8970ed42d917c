import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, emailTokens, introductions, partnerApplications, passwordResetTokens, reports, sessions, signupHolds, users } from '#server/db/schema';
import { createCapturingMailer, createTestContext, settleJobs, signUp, type TestContext } from '#server/test/test-app';
import { RETENTION } from './retention';

/**
 * Before, nothing had a retention time. The hourly pass (app.applyRetention) at an injected clock: unused
 * accounts get a notice mail in their language, then go 30 days later unless they come back; used tokens and
 * expired sessions go at once; resolved reports and audit rows at their age; legacy partner applications are
 * linked to their account or deleted.
 */
let ctx: TestContext;
const mailer = createCapturingMailer();
const DAY = 24 * 60 * 60 * 1000;
const start = Date.now();
let clock = new Date(start);

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'http://sanga.test' }, { mailer, now: () => clock });
});
afterAll(async () => ctx.close());

const exists = async (id: string) => (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

describe('the retention pass', () => {
  it('notices an account unused for three years in its language, deletes it 30 days later; a member who comes back stays', async () => {
    const idle = await signUp(ctx.app);
    const returning = await signUp(ctx.app);
    const active = await signUp(ctx.app);
    await ctx.app.inject({ method: 'PUT', url: '/api/account/preferences', headers: { cookie: idle.cookie }, payload: { language: 'es', notifyMessages: true, notifyIntroductions: true } });

    // Three years and a day later; only `active` used the site meanwhile.
    clock = new Date(start + RETENTION.inactiveAccountMs + DAY);
    await ctx.database.db.update(sessions).set({ lastSeenAt: clock, expire: new Date(clock.getTime() + 14 * DAY) }).where(sql`${sessions.sess}->>'userId' = ${active.id}`);
    const first = await ctx.app.applyRetention();
    expect(first.noticed).toBe(2);
    await settleJobs(ctx.app);
    const subjects = (email: string) => mailer.sent.filter((mail) => mail.to === email).map((mail) => mail.subject);
    expect(subjects(idle.email)).toContain('Tu cuenta de Sanga será eliminada');
    expect(subjects(returning.email)).toContain('Your Sanga account will be deleted');
    expect(subjects(active.email)).not.toContain('Your Sanga account will be deleted');
    const noticeMail = mailer.sent.find((mail) => mail.to === idle.email && mail.subject.startsWith('Tu cuenta'))!;
    expect(noticeMail.text).toContain('http://sanga.test/login');
    expect(noticeMail.text).toContain(new Date(clock.getTime() + RETENTION.inactiveNoticeMs).toISOString().slice(0, 10));

    // A second pass the next hour sends nothing more.
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    expect((await ctx.app.applyRetention()).noticed).toBe(0);

    // `returning` signs in within the 30 days.
    const comeback = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: returning.email, password: returning.password }, remoteAddress: '10.99.0.1' });
    expect(comeback.statusCode).toBe(200);
    await ctx.database.db.update(sessions).set({ lastSeenAt: new Date(clock.getTime() + 10 * DAY), expire: new Date(clock.getTime() + 24 * DAY) }).where(sql`${sessions.sess}->>'userId' = ${returning.id}`);

    clock = new Date(clock.getTime() + 29 * DAY);
    expect((await ctx.app.applyRetention()).deletedAccounts).toBe(0);
    expect(await exists(idle.id)).toBe(true);

    clock = new Date(clock.getTime() + 2 * DAY);
    const last = await ctx.app.applyRetention();
    expect(last.deletedAccounts).toBe(1);
    expect(await exists(idle.id)).toBe(false);
    expect(await exists(returning.id)).toBe(true);
    expect(await exists(active.id)).toBe(true);
    // The normal deletion steps ran: no session of hers is left, and the files pass is scheduled.
    expect(await ctx.database.db.select().from(sessions).where(sql`${sessions.sess}->>'userId' = ${idle.id}`)).toHaveLength(0);
  });

  it('deletes used tokens and expired sessions at once, resolved reports after a year, audit rows and closed introductions after two', async () => {
    clock = new Date(start);
    const member = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const now = new Date(start);
    const later = new Date(start + 3 * 365 * DAY);
    await ctx.database.db.insert(passwordResetTokens).values([
      { userId: member.id, tokenHash: `used-${member.id}`, expiresAt: later, usedAt: now },
      { userId: member.id, tokenHash: `live-${member.id}`, expiresAt: later },
    ]);
    await ctx.database.db.insert(emailTokens).values({ userId: member.id, tokenHash: `expired-${member.id}`, expiresAt: new Date(start - DAY) });
    await ctx.database.db.insert(reports).values([
      { reporterId: member.id, reportedId: other.id, reason: 'other' as const, status: 'resolved' as const, resolvedAt: new Date(start - 366 * DAY), details: 'old resolved' },
      { reporterId: member.id, reportedId: other.id, reason: 'other' as const, status: 'resolved' as const, resolvedAt: new Date(start - 300 * DAY), details: 'recent resolved' },
      { reporterId: member.id, reportedId: other.id, reason: 'other' as const, details: 'still open' },
    ]);
    await ctx.database.db.insert(adminAudit).values([
      { action: 'retention.old', createdAt: new Date(start - 2 * 366 * DAY) },
      { action: 'retention.recent', createdAt: new Date(start - 700 * DAY) },
    ]);
    await ctx.database.db.insert(sessions).values({ sid: `expired-${member.id}`, sess: { userId: member.id }, expire: new Date(start - 1000) });
    const pair = { memberA: member.id, memberB: other.id, pairLow: member.id, pairHigh: other.id };
    await ctx.database.db.insert(introductions).values([
      { ...pair, status: 'declined', note: 'closed long ago', updatedAt: new Date(start - 2 * 366 * DAY) },
      { ...pair, status: 'expired', note: 'closed lately', updatedAt: new Date(start - 300 * DAY) },
      { ...pair, status: 'courting', note: 'still going', updatedAt: new Date(start - 3 * 366 * DAY) },
    ]);

    await ctx.app.applyRetention();

    const tokens = await ctx.database.db.select({ hash: passwordResetTokens.tokenHash }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, member.id));
    expect(tokens.map((t) => t.hash)).toEqual([`live-${member.id}`]);
    expect(await ctx.database.db.select().from(emailTokens).where(eq(emailTokens.tokenHash, `expired-${member.id}`))).toHaveLength(0);
    expect((await ctx.database.db.select({ details: reports.details }).from(reports).where(eq(reports.reporterId, member.id))).map((r) => r.details).sort()).toEqual([
      'recent resolved',
      'still open',
    ]);
    const actions = (await ctx.database.db.select({ action: adminAudit.action }).from(adminAudit)).map((row) => row.action);
    expect(actions).toContain('retention.recent');
    expect(actions).not.toContain('retention.old');
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.sid, `expired-${member.id}`))).toHaveLength(0);
    const notes = (await ctx.database.db.select({ note: introductions.note }).from(introductions).where(eq(introductions.memberA, member.id))).map((row) => row.note);
    expect(notes.sort()).toEqual(['closed lately', 'still going']);
  });

  it('deletes a sign-up hold once its 90 days are over, as the privacy notice promises, and keeps a running one', async () => {
    // Fails without the fix: nothing ever deleted a hold, so a departed member's keyed address stayed for good.
    clock = new Date(start);
    await ctx.database.db.insert(signupHolds).values([
      { emailHash: `ended-${start}`, until: new Date(start - DAY), createdAt: new Date(start - 91 * DAY) },
      { emailHash: `running-${start}`, until: new Date(start + 10 * DAY), createdAt: new Date(start - 80 * DAY) },
    ]);
    const done = await ctx.app.applyRetention();
    expect(done.signupHolds).toBeGreaterThanOrEqual(1);
    const left = (await ctx.database.db.select({ emailHash: signupHolds.emailHash }).from(signupHolds)).map((row) => row.emailHash);
    expect(left).toContain(`running-${start}`);
    expect(left).not.toContain(`ended-${start}`);
    // Ten days later the second has ended too.
    clock = new Date(start + 10 * DAY);
    await ctx.app.applyRetention();
    expect((await ctx.database.db.select().from(signupHolds).where(eq(signupHolds.emailHash, `running-${start}`)))).toHaveLength(0);
  });

  it('links a legacy partner application to the account with its email (then it is in her export) and deletes the rest', async () => {
    clock = new Date(start);
    const member = await signUp(ctx.app);
    await ctx.database.db.insert(partnerApplications).values([
      { firstName: 'Linked', email: member.email.toUpperCase(), aboutYou: 'legacy words of hers' },
      { firstName: 'Orphan', email: 'nobody-here@example.org' },
    ]);
    const done = await ctx.app.applyRetention();
    expect(done.partnerApplications).toBeGreaterThanOrEqual(1);
    const left = await ctx.database.db.select().from(partnerApplications);
    expect(left.map((row) => [row.firstName, row.userId])).toEqual([['Linked', member.id]]);
    const exported = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: member.cookie } });
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['account.json']!)) as { partnerApplications: { aboutYou: string }[] };
    expect(data.partnerApplications.map((row) => row.aboutYou)).toEqual(['legacy words of hers']);
  });
});
