/**
 * Tested through the API on a real database (PGlite, or PostgreSQL with DATABASE_URL): references (limits, the
 * single-use link valid 30 days on an injected clock, the mail in the chosen language, confidentiality) and the
 * verification by a coordinator (self, blocks, suspension, revocation, "changed since verified", the additive fields).
 */
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import { adminAudit, blocks, memberReferences, memberVerifications, users } from '#server/db/schema';
import { createProfileUser, validProfileInput } from '#server/test/factories';
import { createCapturingMailer, createTestContext, sessionCookie, settleJobs, signUp, testConfig, uniqueEmail, type TestContext } from '#server/test/test-app';

const DAY = 24 * 60 * 60 * 1000;
const ANSWER = {
  refereeName: 'Bhakti Tirtha Swami',
  knownForYears: 12,
  inGoodStanding: 'yes',
  recommend: 'yes',
  character: 'Quillwort-steady in practice, kind to everyone, serves at the temple every week.',
  concerns: '',
  mayContact: true,
  phone: '+1 555 0100',
} as const;

let ctx: TestContext;
let clock = new Date('2026-11-26T10:00:00Z');
const mailer = createCapturingMailer();
let adminCookie: string;
let ip = 0;

const call = (method: string, url: string, cookie?: string, payload?: unknown) => {
  ip += 1;
  return ctx.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, payload: payload as object | undefined, remoteAddress: `10.33.${(ip >> 8) & 255}.${ip & 255}` });
};

let n = 0;
async function member(overrides: Partial<ProfileFormValues> = {}) {
  n += 1;
  const made = await createProfileUser(ctx.app, { name: `Radha${n} Devi`, gender: 'woman', dateOfBirth: '1994-05-17', ...overrides });
  return { id: made.account.id, cookie: made.account.cookie, password: made.account.password, profileId: made.profile.id, photos: made.photos };
}

async function coordinator(roles = { coordinator: true, elder: false }) {
  const account = await signUp(ctx.app);
  expect((await call('PUT', `/api/admin/users/${account.id}/roles`, adminCookie, roles)).statusCode).toBe(200);
  return account;
}

/** Asks for a reference and returns its id and the link's token, read from the mail the outbox sent. */
async function ask(cookie: string, overrides: Record<string, unknown> = {}) {
  const email = uniqueEmail('referee');
  const made = await call('POST', '/api/references', cookie, { name: 'Guru Das', email, relationship: 'spiritual-teacher', language: 'es', ...overrides });
  expect(made.statusCode, made.body).toBe(201);
  await settleJobs(ctx.app);
  const mail = mailer.sent.filter((m) => m.to === ((overrides.email as string | undefined) ?? email)).at(-1)!;
  const token = /\/reference\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  return { id: made.json<{ id: string }>().id, token, mail };
}

beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password', introductions: { maxOpen: 2, elderApprovals: 1, responseDays: 7 } }, { mailer, now: () => clock });
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
});
afterAll(async () => ctx.close());

describe('references', () => {
  it('a request mails the referee in the chosen language; the link answers once; the member never reads the answers', async () => {
    const radha = await member({ name: 'Radhika Sharma' });
    const made = await call('POST', '/api/references', radha.cookie, { name: 'Guru Das', email: uniqueEmail('guru'), relationship: 'spiritual-teacher', language: 'es' });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ id: expect.any(String), status: 'requested' });
    const { token, mail } = await ask(radha.cookie, { language: 'es' });
    expect(mail.subject).toBe('Un miembro de Sanga te pide una referencia');
    expect(mail.text).toContain('“Radhika S.”');
    expect(mail.text).not.toContain('Sharma');
    expect(mail.text).toContain('El miembro no las lee');

    const view = await call('GET', `/api/reference-requests/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toEqual({ memberFirstName: 'Radhika', memberName: 'Radhika S.', memberCity: 'Austin', hasPhoto: true, relationship: 'spiritual-teacher', language: 'es' });

    expect((await call('POST', `/api/reference-requests/${token}`, undefined, ANSWER)).statusCode).toBe(204);
    // Spent: the same 404 as a token never issued.
    const again = await call('POST', `/api/reference-requests/${token}`, undefined, ANSWER);
    expect(again.statusCode).toBe(404);
    expect(again.json<{ code: string }>().code).toBe('reference-link-invalid');
    const unknown = await call('GET', `/api/reference-requests/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual((await call('GET', `/api/reference-requests/${token}`)).json());

    const mine = await call('GET', '/api/references', radha.cookie);
    const list = mine.json<Array<Record<string, unknown>>>();
    expect(list.map((r) => r.status).sort()).toEqual(['received', 'requested']);
    for (const item of list) expect(Object.keys(item).sort()).toEqual(['answeredAt', 'id', 'name', 'relationship', 'requestedAt', 'status']);
    expect(mine.body).not.toContain('Quillwort');
    expect(mine.body).not.toContain('Tirtha');
  });

  it('the mail and the page name the member by first name, last initial and city; the greeting names the referee as given', async () => {
    const radha = await member({ name: 'Radhika Sharma', exactLocation: 'Alachua, Florida, USA' });
    const en = await ask(radha.cookie, { name: 'Bhakti Tirtha Das', language: 'en' });
    expect(en.mail.text.split('\n')[0]).toBe('Hi Bhakti Tirtha Das,');
    expect(en.mail.text).toContain('“Radhika S.” from “Alachua”, a member of Sanga');
    expect(en.mail.text).not.toContain('Sharma');
    const es = await ask(radha.cookie, { name: 'Madre Yamuna Devi', language: 'es' });
    expect(es.mail.text.split('\n')[0]).toBe('Hola, Madre Yamuna Devi:');
    expect(es.mail.text).toContain('“Radhika S.” de “Alachua”, miembro de Sanga');
    const view = (await call('GET', `/api/reference-requests/${es.token}`)).json();
    expect(view).toMatchObject({ memberName: 'Radhika S.', memberCity: 'Alachua', hasPhoto: true });
  });

  it('the thumbnail of the first photo goes to the holder of a live link only, and not once the request is closed', async () => {
    const radha = await member();
    const { token } = await ask(radha.cookie);
    const photo = await call('GET', `/api/reference-requests/${token}/photo`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    // The first photo's smallest copy, not the photo itself.
    expect(photo.rawPayload.equals((await call('GET', `${radha.photos[0]!}?w=480`, radha.cookie)).rawPayload)).toBe(true);
    // A wrong token, an answered request, a withdrawn one: the same 404 as for the page.
    expect((await call('GET', `/api/reference-requests/${'x'.repeat(43)}/photo`)).json<{ code: string }>().code).toBe('reference-link-invalid');
    expect((await call('POST', `/api/reference-requests/${token}`, undefined, ANSWER)).statusCode).toBe(204);
    expect((await call('GET', `/api/reference-requests/${token}/photo`)).statusCode).toBe(404);
    const withdrawn = await ask(radha.cookie);
    expect((await call('GET', `/api/reference-requests/${withdrawn.token}/photo`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/references/${withdrawn.id}`, radha.cookie)).statusCode).toBe(204);
    expect((await call('GET', `/api/reference-requests/${withdrawn.token}/photo`)).statusCode).toBe(404);
  });

  it('refuses bad answers with field errors, and a referee may decline (the link is then spent)', async () => {
    const radha = await member();
    const { token } = await ask(radha.cookie);
    const short = await call('POST', `/api/reference-requests/${token}`, undefined, { ...ANSWER, character: 'Too short' });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ errors: { path: string; code: string }[] }>().errors).toContainEqual(expect.objectContaining({ path: 'character', code: 'characterLength' }));
    expect((await call('POST', `/api/reference-requests/${token}`, undefined, { ...ANSWER, knownForYears: 81 })).statusCode).toBe(400);
    expect((await call('POST', `/api/reference-requests/${token}/decline`)).statusCode).toBe(204);
    expect((await call('POST', `/api/reference-requests/${token}`, undefined, ANSWER)).statusCode).toBe(404);
    expect((await call('GET', '/api/references', radha.cookie)).json<{ status: string }[]>()[0]!.status).toBe('declined');
  });

  it('three open at a time (409), five requests a day (429), withdrawing frees a place', async () => {
    const radha = await member();
    const first = await ask(radha.cookie);
    await ask(radha.cookie);
    await ask(radha.cookie);
    const fourth = await call('POST', '/api/references', radha.cookie, { name: 'Four', email: uniqueEmail('four'), relationship: 'mentor', language: 'en' });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json<{ code: string }>().code).toBe('reference-limit');
    expect((await call('DELETE', `/api/references/${first.id}`, radha.cookie)).statusCode).toBe(204);
    // The withdrawn link no longer works.
    expect((await call('GET', `/api/reference-requests/${first.token}`)).statusCode).toBe(404);
    for (let i = 0; i < 2; i += 1) {
      const withdrawnAgain = await ask(radha.cookie);
      expect((await call('DELETE', `/api/references/${withdrawnAgain.id}`, radha.cookie)).statusCode).toBe(204);
    }
    // Five sent today: the sixth is refused whatever the open count.
    const sixth = await call('POST', '/api/references', radha.cookie, { name: 'Six', email: uniqueEmail('six'), relationship: 'other', language: 'en' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json<{ code: string }>().code).toBe('reference-daily-limit');
    clock = new Date(clock.getTime() + DAY + 1000);
    await ask(radha.cookie);
  });

  it('one address gets at most MAILS_PER_RECIPIENT_PER_DAY reference mails a day, from all members together', async () => {
    const email = uniqueEmail('popular');
    for (let i = 0; i < testConfig().mailsPerRecipientPerDay; i += 1) await ask((await member()).cookie, { email });
    const fourth = await call('POST', '/api/references', (await member()).cookie, { name: 'Popular', email, relationship: 'mentor', language: 'en' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<{ code: string }>().code).toBe('reference-recipient-limit');
  });

  it('refuses the member’s own addresses as referee: current, plus-variant, pending and former (400 reference-own-email)', async () => {
    // Fails when a member could name her own mailbox as referee and answer "yes" herself.
    const made = await createProfileUser(ctx.app, { name: 'Yamuna Devi', gender: 'woman', dateOfBirth: '1994-05-17' });
    const { cookie, email, password, id } = made.account;
    await ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
    const refuse = async (address: string) => {
      const answer = await call('POST', '/api/references', cookie, { name: 'Myself', email: address, relationship: 'mentor', language: 'en' });
      expect(answer.statusCode, address).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'reference-own-email', errors: [{ path: 'email', code: 'refereeOwnEmail' }] });
    };
    await refuse(email);
    await refuse(email.replace('@', '+ref@').toUpperCase());
    // A change of address she asked for and has not confirmed yet.
    const pending = uniqueEmail('pending');
    expect((await call('POST', '/api/account/email', cookie, { newEmail: pending, password })).statusCode).toBe(202);
    await refuse(pending.replace('@', '+1@'));
    // Once confirmed, the address she left stays hers for this purpose.
    await settleJobs(ctx.app);
    const link = mailer.sent.filter((m) => m.to === pending).at(-1)!;
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(link.text)![1]!;
    expect((await call('POST', '/api/auth/verify-email', undefined, { token })).statusCode).toBe(204);
    await refuse(email);
    await refuse(pending);
    expect(JSON.stringify(await ctx.database.db.select({ keys: users.formerEmailKeys }).from(users).where(eq(users.id, id)))).not.toContain(email);
    // Someone else is fine.
    expect((await call('POST', '/api/references', cookie, { name: 'Guru Das', email: uniqueEmail('guru'), relationship: 'mentor', language: 'en' })).statusCode).toBe(201);
  });

  it('the match card counts only references a coordinator has read, and never a "recommend: no"', async () => {
    const radha = await member({ name: 'Rukmini Counted' });
    const krishna = await member({ name: 'Keshava Viewer', gender: 'man', dateOfBirth: '1990-02-11' });
    const coord = await coordinator();
    for (const recommend of ['yes', 'with-reservations', 'no'] as const) {
      const { token } = await ask(radha.cookie);
      expect((await call('POST', `/api/reference-requests/${token}`, undefined, { ...ANSWER, recommend })).statusCode).toBe(204);
    }
    const count = async () =>
      (await call('GET', '/api/matches', krishna.cookie)).json<Array<{ profileId: string; references: number }>>().find((c) => c.profileId === radha.profileId)!.references;
    expect(await count()).toBe(0);
    // Staff count every received one.
    const queue = (await call('GET', `/api/coordinator/members?filter=all&limit=100`, coord.cookie)).json<Array<{ userId: string; references: number }>>();
    expect(queue.find((m) => m.userId === radha.id)!.references).toBe(3);
    expect((await call('GET', `/api/coordinator/members/${radha.id}/references`, coord.cookie)).statusCode).toBe(200);
    expect(await count()).toBe(2);
    expect((await call('GET', `/api/match/${radha.profileId}`, krishna.cookie)).json<{ profile: { references: number } }>().profile.references).toBe(2);
  });

  it('a link expires after 30 days (the same 404), the request shows as expired and frees its place', async () => {
    const radha = await member();
    const old = await ask(radha.cookie);
    clock = new Date(clock.getTime() + 29 * DAY);
    expect((await call('GET', `/api/reference-requests/${old.token}`)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + DAY + 1000);
    const expired = await call('GET', `/api/reference-requests/${old.token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json<{ code: string }>().code).toBe('reference-link-invalid');
    expect((await call('POST', `/api/reference-requests/${old.token}`, undefined, ANSWER)).statusCode).toBe(404);
    expect((await call('GET', '/api/references', radha.cookie)).json<{ status: string }[]>()[0]!.status).toBe('expired');
    await ask(radha.cookie);
    await ask(radha.cookie);
    await ask(radha.cookie);
  });

  it('a member withdraws only their own; staff read the answers (audited), a received reference withdrawn stays for staff', async () => {
    const radha = await member();
    const stranger = await member();
    const { id, token } = await ask(radha.cookie);
    await call('POST', `/api/reference-requests/${token}`, undefined, ANSWER);
    const notMine = await call('DELETE', `/api/references/${id}`, stranger.cookie);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json<{ code: string }>().code).toBe('reference-not-found');
    expect((await call('GET', `/api/coordinator/members/${radha.id}/references`, stranger.cookie)).statusCode).toBe(403);

    const coord = await coordinator();
    expect((await call('DELETE', `/api/references/${id}`, radha.cookie)).statusCode).toBe(204);
    const read = await call('GET', `/api/coordinator/members/${radha.id}/references`, coord.cookie);
    expect(read.statusCode).toBe(200);
    const [reference] = read.json<Array<{ id: string; status: string; email: string | null; answer: typeof ANSWER | null }>>();
    expect(reference).toMatchObject({ id, status: 'withdrawn', answer: { ...ANSWER, concerns: null } });
    expect(reference!.email).toMatch(/^referee/);
    const audit = await ctx.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'coordinator.view-references'), eq(adminAudit.targetId, radha.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(coord.id);
    // The received count on cards: a withdrawn reference no longer counts for the member.
    expect((await call('GET', `/api/coordinator/members/${radha.id}`, coord.cookie)).json<{ references: number }>().references).toBe(0);
  });
});

describe('verified by a coordinator', () => {
  it('verifies, shows on /api/auth/user, the match card and page and the queue; revokes (audited)', async () => {
    const radha = await member({ name: 'Radha Verified' });
    const krishna = await member({ name: 'Krishna Seeker', gender: 'man', dateOfBirth: '1990-02-11' });
    const coord = await coordinator();
    const { token } = await ask(radha.cookie);
    await call('POST', `/api/reference-requests/${token}`, undefined, ANSWER);

    const done = await call('POST', `/api/coordinator/members/${radha.id}/verification`, coord.cookie, { method: 'video-call', note: 'Met on a video call with her mother' });
    expect(done.statusCode, done.body).toBe(201);
    const me = (await call('GET', '/api/auth/user', radha.cookie)).json<Record<string, unknown>>();
    expect(me).toMatchObject({ verified: true, verifiedAt: clock.toISOString(), verificationMethod: 'video-call' });
    expect((await call('GET', '/api/auth/user', krishna.cookie)).json()).toMatchObject({ verified: false, verifiedAt: null });

    const card = async () =>
      (await call('GET', '/api/matches', krishna.cookie)).json<Array<{ profileId: string; references: number; verified: boolean; verifiedAt: string | null }>>().find((c) => c.profileId === radha.profileId);
    // The answer counts for her matches once a coordinator has read it (the audited read of her references).
    expect(await card()).toMatchObject({ references: 0, verified: true, verifiedAt: clock.toISOString() });
    expect((await call('GET', `/api/coordinator/members/${radha.id}/references`, coord.cookie)).statusCode).toBe(200);
    expect(await card()).toMatchObject({ references: 1, verified: true, verifiedAt: clock.toISOString() });
    const page = (await call('GET', `/api/match/${radha.profileId}`, krishna.cookie)).json<{ profile: Record<string, unknown> }>();
    expect(page.profile).toMatchObject({ references: 1, verified: true, verificationMethod: 'video-call' });
    expect(JSON.stringify(page)).not.toContain('Quillwort');

    const queue = async (filter: string) =>
      (await call('GET', `/api/coordinator/members?filter=${filter}&limit=100`, coord.cookie)).json<Array<{ userId: string; verified: boolean; changedSinceVerified: boolean; references: number }>>();
    expect((await queue('all')).find((m) => m.userId === radha.id)).toMatchObject({ verified: true, changedSinceVerified: false, references: 1 });
    expect((await queue('unverified')).map((m) => m.userId)).not.toContain(radha.id);
    expect((await queue('unverified')).map((m) => m.userId)).toContain(krishna.id);

    // A new name tells the coordinator, and takes the badge from what her matches see until she is verified again.
    // (Fails when the badge stayed on the match card and page whatever changed since.)
    const renamed = await call('POST', '/api/profile', radha.cookie, validProfileInput({ name: 'Radha Renamed', gender: 'woman', dateOfBirth: '1994-05-17' }));
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    expect((await queue('all')).find((m) => m.userId === radha.id)).toMatchObject({ verified: true, changedSinceVerified: true });
    const detail = (await call('GET', `/api/coordinator/members/${radha.id}`, coord.cookie)).json<{ verification: Record<string, unknown> }>();
    expect(detail.verification).toMatchObject({ method: 'video-call', note: 'Met on a video call with her mother', changedSinceVerified: true, coordinator: { userId: coord.id } });
    expect(await card()).toMatchObject({ verified: false, verifiedAt: null, verificationMethod: null });
    expect((await call('GET', `/api/match/${radha.profileId}`, krishna.cookie)).json<{ profile: Record<string, unknown> }>().profile).toMatchObject({ verified: false, verifiedAt: null });
    expect((await call('GET', '/api/auth/user', radha.cookie)).json()).toMatchObject({ verified: false });
    expect((await call('POST', `/api/coordinator/members/${radha.id}/verification`, coord.cookie, { method: 'in-person', note: 'Met at the temple' })).statusCode).toBe(201);
    expect(await card()).toMatchObject({ verified: true, verificationMethod: 'in-person' });
    expect((await queue('all')).find((m) => m.userId === radha.id)).toMatchObject({ verified: true, changedSinceVerified: false });

    expect((await call('DELETE', `/api/coordinator/members/${radha.id}/verification`, coord.cookie)).statusCode).toBe(204);
    const again = await call('DELETE', `/api/coordinator/members/${radha.id}/verification`, coord.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json<{ code: string }>().code).toBe('verification-not-found');
    expect((await call('GET', '/api/auth/user', radha.cookie)).json()).toMatchObject({ verified: false, verifiedAt: null });
    expect(await card()).toMatchObject({ verified: false, verifiedAt: null, verificationMethod: null });
    // Withdrawing the read reference takes it from the card at once.
    const [mine] = (await call('GET', '/api/references', radha.cookie)).json<Array<{ id: string }>>();
    expect((await call('DELETE', `/api/references/${mine!.id}`, radha.cookie)).statusCode).toBe(204);
    expect(await card()).toMatchObject({ references: 0 });
    const actions = (await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, radha.id))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['coordinator.verify', 'coordinator.revoke-verification']));
  });

  it('refuses oneself (403), a member who blocked the coordinator (404), a suspended member (409), and members', async () => {
    const coordMember = await member({ name: 'Coordinating Member' });
    expect((await call('PUT', `/api/admin/users/${coordMember.id}/roles`, adminCookie, { coordinator: true, elder: false })).statusCode).toBe(200);
    const self = await call('POST', `/api/coordinator/members/${coordMember.id}/verification`, coordMember.cookie, { method: 'in-person', note: '' });
    expect(self.statusCode).toBe(403);
    expect(self.json<{ code: string }>().code).toBe('verification-self');
    // A coordinator's own references stay confidential from them too.
    const own = await call('GET', `/api/coordinator/members/${coordMember.id}/references`, coordMember.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json<{ code: string }>().code).toBe('references-self');

    const blocker = await member();
    // Written directly: the blocks route lets a member block only someone they can see.
    await ctx.database.db.insert(blocks).values({ blockerId: blocker.id, blockedId: coordMember.id });
    const blocked = await call('POST', `/api/coordinator/members/${blocker.id}/verification`, coordMember.cookie, { method: 'in-person', note: '' });
    expect(blocked.statusCode).toBe(404);
    expect((await call('GET', `/api/coordinator/members/${blocker.id}/references`, coordMember.cookie)).statusCode).toBe(404);

    const suspended = await member();
    expect((await call('POST', `/api/admin/users/${suspended.id}/suspend`, adminCookie, { reason: 'Test' })).statusCode).toBe(200);
    const refused = await call('POST', `/api/coordinator/members/${suspended.id}/verification`, coordMember.cookie, { method: 'in-person', note: '' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('member-suspended');

    const plain = await member();
    expect((await call('POST', `/api/coordinator/members/${plain.id}/verification`, blocker.cookie, { method: 'in-person', note: '' })).statusCode).toBe(403);
    expect((await call('POST', `/api/coordinator/members/${plain.id}/verification`, coordMember.cookie, { method: 'by-phone', note: '' })).statusCode).toBe(400);
    expect(await ctx.database.db.select().from(memberVerifications).where(eq(memberVerifications.userId, suspended.id))).toEqual([]);
  });

  it('the elders’ review shows both members’ references and verification', async () => {
    const a = await member({ name: 'Ananda Reviewed', courtshipAlignment: 'either-with-guidance' });
    const b = await member({ name: 'Bhima Reviewed', gender: 'man', dateOfBirth: '1990-02-11', courtshipAlignment: 'either-with-guidance' });
    const { token } = await ask(a.cookie);
    await call('POST', `/api/reference-requests/${token}`, undefined, ANSWER);
    const coord = await coordinator();
    await call('POST', `/api/coordinator/members/${b.id}/verification`, coord.cookie, { method: 'in-person', note: '' });
    const proposed = await call('POST', '/api/introductions', coord.cookie, { memberA: a.id, memberB: b.id, note: 'Both serve' });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const elder = await coordinator({ coordinator: false, elder: true });
    const list = (await call('GET', '/api/elders/introductions', elder.cookie)).json<Array<{ id: string; members: Array<{ userId: string; references: number; verified: boolean; referenceList: Array<{ answer: unknown }> }> }>>();
    const item = list.find((i) => i.id === proposed.json<{ id: string }>().id)!;
    const ofA = item.members.find((m) => m.userId === a.id)!;
    const ofB = item.members.find((m) => m.userId === b.id)!;
    expect(ofA).toMatchObject({ references: 1, verified: false });
    expect(ofA.referenceList[0]!.answer).toMatchObject({ character: ANSWER.character });
    expect(ofB).toMatchObject({ references: 0, verified: true, referenceList: [] });
  });
});

describe('export and deletion', () => {
  it('the export lists the references without the answers, and the verification; deletion removes both', async () => {
    const radha = await member();
    const { token } = await ask(radha.cookie);
    await call('POST', `/api/reference-requests/${token}`, undefined, ANSWER);
    const coord = await coordinator();
    expect((await call('POST', `/api/coordinator/members/${radha.id}/verification`, coord.cookie, { method: 'in-person', note: 'At the temple' })).statusCode).toBe(201);
    const zip = await call('GET', '/api/account/export', radha.cookie);
    expect(zip.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(zip.rawPayload))['account.json']!)) as { references: Array<Record<string, unknown>>; verification: Record<string, unknown> };
    expect(data.references).toEqual([expect.objectContaining({ name: 'Guru Das', status: 'received' })]);
    expect(JSON.stringify(data)).not.toContain('Quillwort');
    expect(data.verification).toMatchObject({ method: 'in-person', note: 'At the temple' });

    expect((await call('POST', '/api/account/delete', radha.cookie, { password: radha.password })).statusCode).toBe(204);
    expect(await ctx.database.db.select().from(memberReferences).where(eq(memberReferences.userId, radha.id))).toEqual([]);
    expect(await ctx.database.db.select().from(memberVerifications).where(eq(memberVerifications.userId, radha.id))).toEqual([]);
  });
});
