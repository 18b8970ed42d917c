/**
 * Issue 31 items 5–8: invitations to the team (no profile needed), the admin's site content (public, audited,
 * shown on the next page), and the launch checklist. Runs on either database (DATABASE_URL).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, teamInvitations } from '../../db/schema';
import { createCapturingMailer, createTestContext, markEmailVerified, sessionCookie, settleJobs, signUp, type TestContext } from '../../test/test-app';

const INDEX_HTML = '<!doctype html><html lang="en"><head><title>Sanga</title></head><body><div id="root"></div></body></html>';
const mailer = createCapturingMailer();
let ctx: TestContext;
let adminCookie: string;
let webDistDir: string;
beforeAll(async () => {
  webDistDir = mkdtempSync(path.join(tmpdir(), 'sanga-web-'));
  writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
  ctx = await createTestContext({ adminPassword: 'the-admin-password', webDistDir, introductions: { maxOpen: 3, elderApprovals: 1, responseDays: 7 } }, { mailer });
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as object | undefined });

/** Invites `email`, and answers the token from the mail the outbox sent. */
async function invite(email: string, role: 'coordinator' | 'elder', extra: Record<string, unknown> = {}, cookie = adminCookie) {
  const response = await call('POST', '/api/admin/team/invitations', cookie, { email, role, ...extra });
  expect(response.statusCode).toBe(201);
  await settleJobs(ctx.app);
  const mail = mailer.sent.findLast((message) => message.to === email.toLowerCase() && message.text.includes('/join-team?token='))!;
  const token = /join-team\?token=([\w-]+)/.exec(mail.text)![1]!;
  return { mail, token, invitation: response.json<{ id: string; expiresAt: string }>() };
}

describe('team invitations (issue 31.5)', () => {
  it('invites an elder by mail in the chosen language; the invitee, without a profile, accepts and uses the elder screens', async () => {
    const elder = await signUp(ctx.app);
    await markEmailVerified(ctx.database, elder.id);
    const { mail, token, invitation } = await invite(elder.email, 'elder', { language: 'es' });
    expect(mail.subject).toBe('Te invitan al consejo de mayores de Sanga');
    const days = (new Date(invitation.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Only the token's hash is stored.
    const [row] = await ctx.database.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    expect((await call('GET', '/api/elders/introductions', elder.cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/team/accept', undefined, { token })).statusCode).toBe(401);
    expect((await call('POST', '/api/team/accept', elder.cookie, { token })).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', elder.cookie)).json()).toMatchObject({ roles: ['elder'] });
    expect((await call('GET', '/api/elders/introductions', elder.cookie)).statusCode).toBe(200);

    // Single use: a second acceptance (by anyone) is 410 with its code.
    const other = await signUp(ctx.app);
    const again = await call('POST', '/api/team/accept', other.cookie, { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().errors).toEqual([expect.objectContaining({ path: 'token', code: 'invitationUsed' })]);
    expect((await call('GET', '/api/auth/user', other.cookie)).json()).toMatchObject({ roles: [] });
  });

  it('a coordinator invited in the language of the admin’s page, without a profile, reads the coordinator screens; the team lists them', async () => {
    const coordinator = await signUp(ctx.app);
    await markEmailVerified(ctx.database, coordinator.id);
    const spanishAdmin = `${adminCookie}; sanga_language=es`;
    const english = await invite(coordinator.email, 'coordinator');
    expect(english.mail.subject).toBe('You are invited to be a Sanga coordinator');
    const spanish = await invite(coordinator.email, 'coordinator', {}, spanishAdmin);
    expect(spanish.mail.subject).toBe('Te invitan a coordinar en Sanga');
    expect((await call('POST', '/api/team/accept', coordinator.cookie, { token: spanish.token })).statusCode).toBe(204);
    expect((await call('GET', '/api/coordinator/overview', coordinator.cookie)).statusCode).toBe(200);
    // The coordinator writes to a member ("Write to this member"); the member's thread shows the Coordinator badge.
    const member = await signUp(ctx.app);
    expect((await call('POST', '/api/messages', coordinator.cookie, { receiverId: member.id, content: 'Hare Krishna, I am your coordinator.' })).statusCode).toBe(201);
    expect((await call('GET', `/api/user/${coordinator.id}/info`, member.cookie)).json()).toMatchObject({ staffRoles: ['coordinator'], mayWrite: true });
    expect((await call('GET', `/api/user/${member.id}/info`, coordinator.cookie)).json()).toMatchObject({ staffRoles: [] });
    const team = (await call('GET', '/api/admin/team?status=coordinator', adminCookie)).json<{ userId: string; roles: string[] }[]>();
    expect(team).toContainEqual(expect.objectContaining({ userId: coordinator.id, roles: ['coordinator'] }));
    // Revoked as before, through the roles route.
    expect((await call('PUT', `/api/admin/users/${coordinator.id}/roles`, adminCookie, { coordinator: false, elder: false })).statusCode).toBe(200);
    expect((await call('GET', '/api/coordinator/overview', coordinator.cookie)).statusCode).toBe(403);
    const audit = await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'team.invite'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('is not a bearer link: only the account whose verified email is the invited address accepts it', async () => {
    // Fails before issue 47 item 6: whoever held the link (a forwarded mail, a shared screen) became staff.
    const invitee = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    await markEmailVerified(ctx.database, stranger.id);
    const { token, invitation } = await invite(invitee.email.toUpperCase(), 'coordinator');

    const other = await call('POST', '/api/team/accept', stranger.cookie, { token });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'invitation-other-account', errors: [expect.objectContaining({ path: 'token', code: 'invitationOtherAccount' })] });
    expect(other.body).not.toContain(invitee.email);
    expect((await call('GET', '/api/auth/user', stranger.cookie)).json()).toMatchObject({ roles: [] });

    // The invitee herself, before her address is verified: refused, and told why.
    const unverified = await call('POST', '/api/team/accept', invitee.cookie, { token });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ code: 'invitation-email-unverified', errors: [expect.objectContaining({ code: 'invitationEmailUnverified' })] });
    const [row] = await ctx.database.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(row).toMatchObject({ usedAt: null, usedBy: null });

    // Neither refusal spent the link: once verified, she accepts it.
    await markEmailVerified(ctx.database, invitee.id);
    expect((await call('POST', '/api/team/accept', invitee.cookie, { token })).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', invitee.cookie)).json()).toMatchObject({ roles: ['coordinator'] });
  });

  it('refuses an unknown token with 404 and an expired one with 410, each with its code', async () => {
    const user = await signUp(ctx.app);
    const unknown = await call('POST', '/api/team/accept', user.cookie, { token: 'no-such-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ code: 'invitationUnknown' })]);
    const { token, invitation } = await invite(user.email, 'coordinator');
    await ctx.database.db.update(teamInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(teamInvitations.id, invitation.id));
    const expired = await call('POST', '/api/team/accept', user.cookie, { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().errors).toEqual([expect.objectContaining({ code: 'invitationExpired' })]);
    expect((await call('GET', '/api/auth/user', user.cookie)).json()).toMatchObject({ roles: [] });
  });

  it('only the admin invites; a member and a visitor are refused, and a bad body is a 400', async () => {
    const member = await signUp(ctx.app);
    expect((await call('POST', '/api/admin/team/invitations', member.cookie, { email: 'x@example.com', role: 'elder' })).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/team/invitations', undefined, { email: 'x@example.com', role: 'elder' })).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/team/invitations', adminCookie, { email: 'x@example.com', role: 'admin' })).statusCode).toBe(400);
  });
});

const content = {
  testimonials: [
    { quote: { en: 'They listened.', es: 'Nos escucharon.' }, author: 'Radha K.', location: 'Monterrey', role: { en: 'Devotee', es: 'Devota' }, consent: true },
  ],
  ministryName: 'Templo de Monterrey',
  ministryLine: { en: 'A service of the Monterrey temple.', es: 'Un servicio del templo de Monterrey.' },
  ministryUrl: 'https://templo.example.org',
  contactEmail: 'sanga@templo.example.org',
  donationUrl: 'https://templo.example.org/donar',
};

describe('site content and the launch checklist (issues 31.6–31.8)', () => {
  it('starts from the environment and the spec’s samples; the checklist lists what is missing', async () => {
    const site = (await call('GET', '/api/site-content')).json();
    expect(site).toMatchObject({ sampleTestimonials: true, contactEmail: 'hello@sanga.test', donationUrl: null, eldersApprove: true });
    expect(site.testimonials).toHaveLength(3);
    expect((await call('GET', '/api/admin/launch-checklist')).statusCode).toBe(401);
    const member = await signUp(ctx.app);
    expect((await call('GET', '/api/admin/launch-checklist', member.cookie)).statusCode).toBe(401);
    const checklist = (await call('GET', '/api/admin/launch-checklist', adminCookie)).json<{ item: string; done: boolean }[]>();
    expect(checklist.map((entry) => entry.item)).toEqual(['sample-testimonials', 'smtp', 'https', 'coordinator', 'elder', 'donation-link', 'backup']);
    const done = Object.fromEntries(checklist.map((entry) => [entry.item, entry.done]));
    expect(done).toMatchObject({ 'sample-testimonials': false, smtp: false, https: false, 'donation-link': false });
    // The embedded database with no snapshot in DATA_DIR/backups; PostgreSQL's backups are the operator's.
    expect(done.backup).toBe(!!process.env.DATABASE_URL);
  });

  it('the admin saves the content (audited); it is public, on the next page, and ticks the checklist', async () => {
    const member = await signUp(ctx.app);
    expect((await call('PUT', '/api/admin/site-content', member.cookie, content)).statusCode).toBe(401);
    expect((await call('PUT', '/api/admin/site-content', adminCookie, { ...content, testimonials: [{ ...content.testimonials[0], consent: false }] })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/site-content', adminCookie, { ...content, donationUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    const saved = await call('PUT', '/api/admin/site-content', adminCookie, content);
    expect(saved.statusCode).toBe(200);
    const { consent: _consent, ...publicTestimonial } = content.testimonials[0]!;
    const expected = { ...content, testimonials: [publicTestimonial], sampleTestimonials: false, eldersApprove: true };
    expect(saved.json()).toEqual(expected);
    expect((await call('GET', '/api/site-content')).json()).toEqual(expected);
    const audit = await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'site-content.update'));
    expect(audit).toHaveLength(1);

    // The next page a visitor gets carries it.
    const page = await call('GET', '/');
    const json = /<script id="sanga-site" type="application\/json">(.*?)<\/script>/.exec(page.body)![1]!;
    expect(JSON.parse(json)).toEqual(expected);

    const done = Object.fromEntries((await call('GET', '/api/admin/launch-checklist', adminCookie)).json<{ item: string; done: boolean }[]>().map((e) => [e.item, e.done]));
    expect(done).toMatchObject({ 'sample-testimonials': true, 'donation-link': true });
  });

  it.skipIf(!!process.env.DATABASE_URL)('on the embedded database, a snapshot in the last 7 days ticks the backup item', async () => {
    const stamp = (date: Date) => date.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
    mkdirSync(path.join(ctx.config.dataDir, 'backups', stamp(new Date(Date.now() - 8 * 86_400_000))), { recursive: true });
    const backupDone = async () => (await call('GET', '/api/admin/launch-checklist', adminCookie)).json<{ item: string; done: boolean }[]>().find((e) => e.item === 'backup')!.done;
    expect(await backupDone()).toBe(false);
    mkdirSync(path.join(ctx.config.dataDir, 'backups', stamp(new Date(Date.now() - 86_400_000))), { recursive: true });
    expect(await backupDone()).toBe(true);
  });
});
