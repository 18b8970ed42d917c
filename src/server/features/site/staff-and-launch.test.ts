/**
 * Invitations to the team (no profile needed), the admin's site content (public, audited,
 * shown on the next page), and the launch checklist. Runs on either database (DATABASE_URL).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, teamInvitations, users } from '#server/db/schema';
import { applicationBody, createProfileUser, uploadPhoto } from '#server/test/factories';
import { createCapturingMailer, createTestContext, markEmailVerified, sessionCookie, settleJobs, signUp, type TestContext } from '#server/test/test-app';

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
    // ELDER_APPROVALS=1 here: the invitation describes the review.
    expect(mail.text).toContain('revisarías las presentaciones que propone la coordinación, antes de que los miembros las vean');
    const days = (new Date(invitation.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    // Only the token's hash is stored.
    const [row] = await ctx.database.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);

    expect((await call('GET', '/api/elders/introductions', elder.cookie)).statusCode).toBe(403);
    expect((await call('POST', '/api/team/accept', undefined, { token })).statusCode).toBe(401);
    expect((await call('POST', '/api/team/accept', elder.cookie, { token, firstName: 'Gopala' })).statusCode).toBe(204);
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
    expect((await call('POST', '/api/team/accept', coordinator.cookie, { token: spanish.token, firstName: 'Carla' })).statusCode).toBe(204);
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

  it('is not a bearer link: only the account of the invited address accepts it, and accepting proves that address', async () => {
    // Fails without the fix: whoever held the link (a forwarded mail, a shared screen) became staff.
    const invitee = await signUp(ctx.app);
    const stranger = await signUp(ctx.app);
    await markEmailVerified(ctx.database, stranger.id);
    const { token, invitation } = await invite(invitee.email.toUpperCase(), 'coordinator');

    const other = await call('POST', '/api/team/accept', stranger.cookie, { token });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'invitation-other-account', errors: [expect.objectContaining({ path: 'token', code: 'invitationOtherAccount' })] });
    expect(other.body).not.toContain(invitee.email);
    expect((await call('GET', '/api/auth/user', stranger.cookie)).json()).toMatchObject({ roles: [] });
    // The refusal did not spend the link.
    const [row] = await ctx.database.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(row).toMatchObject({ usedAt: null, usedBy: null });

    // The invitee herself, signed up through the link and never verified: the link reached her address, so
    // accepting it proves the address (before, 403 invitation-email-unverified sent her to a mail she had to find).
    expect((await call('GET', '/api/auth/user', invitee.cookie)).json()).toMatchObject({ emailVerified: false });
    expect((await call('POST', '/api/team/accept', invitee.cookie, { token, firstName: 'Indira' })).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', invitee.cookie)).json()).toMatchObject({ roles: ['coordinator'], emailVerified: true });
  });

  it('a refused acceptance from another address verifies nothing; an account that moves to the invited address accepts', async () => {
    const invitedEmail = `invited-${Date.now()}@example.org`;
    const member = await signUp(ctx.app);
    const { token } = await invite(invitedEmail, 'elder');
    expect((await call('POST', '/api/team/accept', member.cookie, { token })).statusCode).toBe(403);
    expect((await call('GET', '/api/auth/user', member.cookie)).json()).toMatchObject({ emailVerified: false, roles: [] });
    // Her account's address becomes the invited one (as a confirmed email change leaves it), still unverified.
    await ctx.database.db.update(users).set({ email: invitedEmail }).where(eq(users.id, member.id));
    expect((await call('POST', '/api/team/accept', member.cookie, { token, firstName: 'Kalindi' })).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', member.cookie)).json()).toMatchObject({ roles: ['elder'], emailVerified: true });
  });

  it('the join page learns the role offered from the token alone; pending invitations are listed and cancelled (audited), and a cancelled link is unknown', async () => {
    const email = `pending-${Date.now()}@example.org`;
    const { token, invitation } = await invite(email, 'elder');
    // Anyone holding the link reads the role and the address it was mailed to (the sign-up page fills it in); the
    // same refusals as accepting.
    const offer = await call('GET', `/api/team/invitations/${token}`);
    expect(offer.statusCode).toBe(200);
    expect(offer.json()).toEqual({ role: 'elder', email });
    expect((await call('GET', '/api/team/invitations/not-a-token')).statusCode).toBe(404);

    const listed = await call('GET', '/api/admin/team/invitations', adminCookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toContainEqual({ id: invitation.id, email, role: 'elder', language: 'en', expiresAt: invitation.expiresAt });
    const member = await signUp(ctx.app);
    expect((await call('GET', '/api/admin/team/invitations', member.cookie)).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/team/invitations/${invitation.id}`, headers: { cookie: member.cookie } })).statusCode).toBe(401);

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/team/invitations/${invitation.id}`, headers: { cookie: adminCookie } })).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/team/invitations', adminCookie)).json<{ id: string }[]>().map((row) => row.id)).not.toContain(invitation.id);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/admin/team/invitations/${invitation.id}`, headers: { cookie: adminCookie } })).statusCode).toBe(404);
    expect((await call('GET', `/api/team/invitations/${token}`)).statusCode).toBe(404);
    expect((await call('POST', '/api/team/accept', member.cookie, { token })).statusCode).toBe(404);
    const audit = await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'team.cancel-invitation'));
    expect(audit.map((row) => row.targetId)).toContain(invitation.id);

    // An accepted invitation is no longer pending, and its link says it was used.
    const invitee = await signUp(ctx.app);
    await markEmailVerified(ctx.database, invitee.id);
    const taken = await invite(invitee.email, 'coordinator');
    expect((await call('POST', '/api/team/accept', invitee.cookie, { token: taken.token, firstName: 'Lalita' })).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/team/invitations', adminCookie)).json<{ id: string }[]>().map((row) => row.id)).not.toContain(taken.invitation.id);
    expect((await call('GET', `/api/team/invitations/${taken.token}`)).statusCode).toBe(410);
  });

  it('only the admin invites; a member and a visitor are refused, and a bad body is a 400', async () => {
    const member = await signUp(ctx.app);
    expect((await call('POST', '/api/admin/team/invitations', member.cookie, { email: 'x@example.com', role: 'elder' })).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/team/invitations', undefined, { email: 'x@example.com', role: 'elder' })).statusCode).toBe(401);
    expect((await call('POST', '/api/admin/team/invitations', adminCookie, { email: 'x@example.com', role: 'admin' })).statusCode).toBe(400);
  });
});

/** Invites `account` (signed up, verified here) to `role`; answers the token. */
async function invitedAccount(role: 'coordinator' | 'elder') {
  const account = await signUp(ctx.app);
  await markEmailVerified(ctx.database, account.id);
  const { token } = await invite(account.email, role);
  return { account, token };
}

describe('a staff member without a profile has a name members see', () => {
  it('accepting asks for the name when the person has none to be shown by; the name is stored, trimmed, and the link stays unspent on a refusal', async () => {
    const { account, token } = await invitedAccount('coordinator');
    const nameless = await call('POST', '/api/team/accept', account.cookie, { token });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ code: 'name-required', errors: [expect.objectContaining({ path: 'firstName', code: 'nameRequired' })] });
    const blank = await call('POST', '/api/team/accept', account.cookie, { token, firstName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toContainEqual(expect.objectContaining({ path: 'firstName', code: 'nameRequired' }));
    const link = await call('POST', '/api/team/accept', account.cookie, { token, firstName: 'www.carla.com' });
    expect(link.json().errors).toContainEqual(expect.objectContaining({ path: 'firstName', code: 'nameLinkOrAt' }));
    expect((await call('GET', '/api/auth/user', account.cookie)).json()).toMatchObject({ roles: [], firstName: null });

    expect((await call('POST', '/api/team/accept', account.cookie, { token, firstName: '  Carla ', lastName: ' Coordinadora ' })).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', account.cookie)).json()).toMatchObject({ roles: ['coordinator'], firstName: 'Carla', lastName: 'Coordinadora' });
  });

  it('a client that sends no name still accepts for a person with a profile (the profile name is shown)', async () => {
    const { account } = await createProfileUser(ctx.app, { name: 'Radha Devi' });
    await markEmailVerified(ctx.database, account.id);
    const { token } = await invite(account.email, 'elder');
    expect((await call('POST', '/api/team/accept', account.cookie, { token })).statusCode).toBe(204);
    expect((await call('GET', '/api/auth/user', account.cookie)).json()).toMatchObject({ roles: ['elder'], firstName: null });
  });

  it('members see the name in the conversation list, the thread, the mail; the admin’s team list shows it; the settings change it', async () => {
    const { account: coordinator, token } = await invitedAccount('coordinator');
    expect((await call('POST', '/api/team/accept', coordinator.cookie, { token, firstName: 'Carla', lastName: 'Coordinadora' })).statusCode).toBe(204);
    const member = await signUp(ctx.app);
    const before = mailer.sent.length;
    expect((await call('POST', '/api/messages', coordinator.cookie, { receiverId: member.id, content: 'Hare Krishna, I am your coordinator.' })).statusCode).toBe(201);

    const list = (await call('GET', '/api/conversations', member.cookie)).json<{ otherUserId: string; otherUserName: string | null }[]>();
    expect(list).toContainEqual(expect.objectContaining({ otherUserId: coordinator.id, otherUserName: 'Carla' }));
    expect((await call('GET', `/api/user/${coordinator.id}/info`, member.cookie)).json()).toMatchObject({ name: 'Carla', staffRoles: ['coordinator'] });

    await settleJobs(ctx.app);
    const mail = mailer.sent.slice(before).find((message) => message.to === member.email && message.subject === 'Sanga: a new message');
    expect(mail?.text).toContain('A member who signs as “Carla” wrote to you on Sanga.');

    const team = (await call('GET', `/api/admin/team?q=${encodeURIComponent('Carla')}`, adminCookie)).json<{ userId: string; name: string | null }[]>();
    expect(team).toContainEqual(expect.objectContaining({ userId: coordinator.id, name: 'Carla Coordinadora' }));

    // The settings page changes it; the same rules as joining.
    expect((await call('PUT', '/api/account/name', coordinator.cookie, { firstName: '' })).statusCode).toBe(400);
    const renamed = await call('PUT', '/api/account/name', coordinator.cookie, { firstName: 'Carolina' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ firstName: 'Carolina' });
    expect((await call('GET', '/api/conversations', member.cookie)).json()).toContainEqual(expect.objectContaining({ otherUserId: coordinator.id, otherUserName: 'Carolina' }));
    expect((await call('GET', '/api/admin/team?status=coordinator', adminCookie)).json()).toContainEqual(expect.objectContaining({ userId: coordinator.id, name: 'Carolina' }));
    expect((await call('PUT', '/api/account/name', undefined, { firstName: 'Nobody' })).statusCode).toBe(401);
  });

  it('a profile’s first name still comes before the account’s', async () => {
    const { account } = await createProfileUser(ctx.app, { name: 'Radha Devi' });
    expect((await call('PUT', '/api/account/name', account.cookie, { firstName: 'Other' })).statusCode).toBe(200);
    const member = await signUp(ctx.app);
    await markEmailVerified(ctx.database, account.id);
    const { token } = await invite(account.email, 'coordinator');
    expect((await call('POST', '/api/team/accept', account.cookie, { token })).statusCode).toBe(204);
    expect((await call('POST', '/api/messages', account.cookie, { receiverId: member.id, content: 'Hare Krishna.' })).statusCode).toBe(201);
    expect((await call('GET', '/api/conversations', member.cookie)).json()).toContainEqual(expect.objectContaining({ otherUserId: account.id, otherUserName: 'Radha' }));
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
    expect(site).toMatchObject({ sampleTestimonials: true, contactEmail: 'hello@sanga.test', donationUrl: null, eldersApprove: true, directMessages: 'open' });
    expect(site.testimonials).toHaveLength(3);
    expect((await call('GET', '/api/admin/launch-checklist')).statusCode).toBe(401);
    const member = await signUp(ctx.app);
    expect((await call('GET', '/api/admin/launch-checklist', member.cookie)).statusCode).toBe(401);
    const checklist = (await call('GET', '/api/admin/launch-checklist', adminCookie)).json<{ item: string; done: boolean }[]>();
    expect(checklist.map((entry) => entry.item)).toEqual(['sample-testimonials', 'smtp', 'https', 'coordinator', 'elder', 'mentors', 'direct-messages', 'donation-link', 'backup']);
    const done = Object.fromEntries(checklist.map((entry) => [entry.item, entry.done]));
    expect(done).toMatchObject({ 'sample-testimonials': false, smtp: false, https: false, mentors: false, 'donation-link': false });
    expect(checklist.find((entry) => entry.item === 'mentors')).toEqual({ item: 'mentors', done: false, count: 0 });
    // The messaging mode in force, open by default: introductions-only is recommended for a community launch.
    expect(checklist.find((entry) => entry.item === 'direct-messages')).toEqual({ item: 'direct-messages', done: false, mode: 'open' });
    // ELDER_APPROVALS in force (1 in this file), shown whether or not an elder is appointed.
    expect(checklist.find((entry) => entry.item === 'elder')).toMatchObject({ item: 'elder', approvals: 1 });
    // The embedded database with no snapshot in DATA_DIR/backups; PostgreSQL's backups are the operator's.
    expect(done.backup).toBe(!!process.env.DATABASE_URL);
  });

  it('with DIRECT_MESSAGES=introductions-only and ELDER_APPROVALS=0: both settings on the checklist, and elders are told there is no review', async () => {
    const closedMailer = createCapturingMailer();
    const closed = await createTestContext({ adminPassword: 'the-admin-password', directMessages: 'introductions-only' }, { mailer: closedMailer });
    try {
      const admin = sessionCookie(await closed.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
      const checklist = (await closed.app.inject({ method: 'GET', url: '/api/admin/launch-checklist', headers: { cookie: admin } })).json<{ item: string }[]>();
      expect(checklist.find((entry) => entry.item === 'direct-messages')).toEqual({ item: 'direct-messages', done: true, mode: 'introductions-only' });
      // Before, the item said nothing of the setting: the admin could not see that elders would never review.
      expect(checklist.find((entry) => entry.item === 'elder')).toEqual({ item: 'elder', done: true, approvals: 0 });
      expect((await closed.app.inject({ method: 'GET', url: '/api/site-content' })).json()).toMatchObject({ directMessages: 'introductions-only', eldersApprove: false });

      // The elder's invitation, in both languages, no longer promises a review that never comes.
      for (const [language, promise, truth] of [
        ['en', 'you would review the introductions', 'introductions currently reach members without an elder’s review'],
        ['es', 'revisarías las presentaciones', 'por ahora las presentaciones llegan a los miembros sin la revisión de los mayores'],
      ] as const) {
        const email = `elder-${language}-${Date.now()}@example.org`;
        const sent = await closed.app.inject({ method: 'POST', url: '/api/admin/team/invitations', headers: { cookie: admin }, payload: { email, role: 'elder', language } });
        expect(sent.statusCode).toBe(201);
        await settleJobs(closed.app);
        const mail = closedMailer.sent.findLast((message) => message.to === email)!;
        expect(mail.text).toContain(truth);
        expect(mail.text).not.toContain(promise);
      }
      // So does the mail of a role granted from the dashboard.
      const granted = await signUp(closed.app);
      const put = await closed.app.inject({ method: 'PUT', url: `/api/admin/users/${granted.id}/roles`, headers: { cookie: admin }, payload: { coordinator: false, elder: true } });
      expect(put.statusCode).toBe(200);
      await settleJobs(closed.app);
      const grantMail = closedMailer.sent.find((message) => message.to === granted.email && message.subject === 'You are now a Sanga elder')!;
      expect(grantMail.text).toContain('introductions currently reach members without an elder’s review');
    } finally {
      await closed.close();
    }
  });

  it('the admin saves the content (audited); it is public, on the next page, and ticks the checklist', async () => {
    const member = await signUp(ctx.app);
    expect((await call('PUT', '/api/admin/site-content', member.cookie, content)).statusCode).toBe(401);
    expect((await call('PUT', '/api/admin/site-content', adminCookie, { ...content, testimonials: [{ ...content.testimonials[0], consent: false }] })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/site-content', adminCookie, { ...content, donationUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    const saved = await call('PUT', '/api/admin/site-content', adminCookie, content);
    expect(saved.statusCode).toBe(200);
    const { consent: _consent, ...publicTestimonial } = content.testimonials[0]!;
    const expected = { ...content, testimonials: [publicTestimonial], sampleTestimonials: false, eldersApprove: true, directMessages: 'open' };
    expect(saved.json()).toEqual(expected);
    expect((await call('GET', '/api/site-content')).json()).toEqual(expected);
    const audit = await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'site-content.update'));
    expect(audit).toHaveLength(1);

    // The next page a visitor gets carries it.
    const page = await call('GET', '/');
    const json = /<script id="sanga-site" type="application\/json">(.*?)<\/script>/.exec(page.body)![1]!;
    // With whether Guidance lists any mentor (none yet here): the landing invites volunteers until one is.
    expect(JSON.parse(json)).toEqual({ ...expected, mentorsListed: false });

    const done = Object.fromEntries((await call('GET', '/api/admin/launch-checklist', adminCookie)).json<{ item: string; done: boolean }[]>().map((e) => [e.item, e.done]));
    expect(done).toMatchObject({ 'sample-testimonials': true, 'donation-link': true });
  });

  it('counts the mentors Guidance lists, and the page says once one is listed', async () => {
    const mentors = async () => (await call('GET', '/api/admin/launch-checklist', adminCookie)).json<{ item: string; done: boolean; count?: number }[]>().find((e) => e.item === 'mentors');
    const pageSays = async () => JSON.parse(/<script id="sanga-site" type="application\/json">(.*?)<\/script>/.exec((await call('GET', '/')).body)![1]!).mentorsListed;
    const before = (await mentors())!.count!;
    const volunteer = await signUp(ctx.app);
    const applied = await ctx.app.inject({ method: 'POST', url: '/api/volunteer-application', headers: { cookie: volunteer.cookie }, payload: applicationBody({ email: volunteer.email }) });
    const { id } = applied.json<{ id: string }>();
    await ctx.app.inject({ method: 'PATCH', url: '/api/volunteer-profile', headers: { cookie: volunteer.cookie }, payload: { photo: await uploadPhoto(ctx.app, volunteer.cookie) } });
    // Applied, with a photo, not yet approved: not a mentor yet.
    expect(await mentors()).toEqual({ item: 'mentors', done: before > 0, count: before });
    await ctx.app.inject({ method: 'PATCH', url: `/api/admin/volunteer-applications/${id}`, headers: { cookie: adminCookie }, payload: { approved: true } });
    expect(await mentors()).toEqual({ item: 'mentors', done: true, count: before + 1 });
    expect(await pageSays()).toBe(true);
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
