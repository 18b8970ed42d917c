/**
 * The one per-recipient mail cap (mail/recipient-cap.ts), through the API on a real database (DATABASE_URL picks
 * PostgreSQL): every mail to an address that is not a member's own verified one counts against its normalised
 * address, at send time, in the sending transaction; withdrawing or deleting gives nothing back; racing requests
 * cannot pass it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { createProfileUser } from '#server/test/factories';
import { createCapturingMailer, createTestContext, sessionCookie, settleJobs, signUp, type TestContext } from '#server/test/test-app';
import { normaliseAddress } from './recipient-cap';

const CAP = 5;
const mailer = createCapturingMailer();
let ctx: TestContext;
let adminCookie: string;
let n = 0;
let ip = 0;

beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password', mailsPerRecipientPerDay: CAP }, { mailer });
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
});
afterAll(() => ctx?.close());

const call = (method: string, url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, payload: payload as object | undefined, remoteAddress: `10.88.${(++ip >> 8) & 255}.${ip & 255}` });

/** A fresh mailbox name, so each test starts with its own counter. */
const mailbox = (domain = 'example.org') => `victim${++n}${Date.now().toString(36)}@${domain}`;
/** The mails the outbox sent to any spelling of this mailbox. */
async function mailsTo(address: string) {
  await settleJobs(ctx.app);
  return mailer.sent.filter((mail) => normaliseAddress(mail.to) === normaliseAddress(address));
}
const plus = (address: string, tag: string) => address.replace('@', `+${tag}@`);
async function member(name = 'Radha Devi') {
  const made = await createProfileUser(ctx.app, { name, gender: 'woman', dateOfBirth: '1994-05-17' });
  return made.account;
}

describe('normaliseAddress', () => {
  it('lower case, the plus tag dropped, dots dropped only at Gmail (and googlemail.com is gmail.com)', () => {
    expect(normaliseAddress(' Ana.Maria+Sanga@Example.ORG ')).toBe('ana.maria@example.org');
    expect(normaliseAddress('a.n.a+1@gmail.com')).toBe('ana@gmail.com');
    expect(normaliseAddress('A.na@GoogleMail.com')).toBe('ana@gmail.com');
    expect(normaliseAddress('+tag@example.org')).toBe('+tag@example.org');
  });
});

describe('one cap for every mail to an address', () => {
  it('guardian invitations: withdrawn ones and a deleted inviter give nothing back; plus tags are one mailbox', async () => {
    // Fails when the cap counted the guardians rows: withdrawing (or deleting the account) freed its place.
    const target = mailbox();
    for (let i = 0; i < CAP; i += 1) {
      const inviter = await member(`Devi ${i} Test`);
      const made = await call('POST', '/api/guardians', inviter.cookie, { name: 'Amma', email: plus(target, `g${i}`), relation: 'parent', seesMessages: false });
      expect(made.statusCode, made.body).toBe(201);
      if (i % 2 === 0) expect((await call('DELETE', `/api/guardians/${made.json<{ id: string }>().id}`, inviter.cookie)).statusCode).toBe(204);
      else expect((await call('POST', '/api/account/delete', inviter.cookie, { password: inviter.password })).statusCode).toBe(204);
    }
    const over = await call('POST', '/api/guardians', (await member()).cookie, { name: 'Amma', email: target.toUpperCase(), relation: 'parent', seesMessages: false });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('guardian-recipient-limit');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    expect((await mailsTo(target)).filter((mail) => mail.text.includes('/guardian-invitation?token='))).toHaveLength(CAP);
  });

  it('reference requests racing from eight members: exactly the cap is sent, the rest get 429', async () => {
    // Fails on PostgreSQL when the count of rows was read before the insert: eight parallel requests all passed.
    const target = mailbox();
    const members = await Promise.all(Array.from({ length: 8 }, (_, i) => member(`Sita ${i} Test`)));
    const answers = await Promise.all(
      members.map((m, i) => call('POST', '/api/references', m.cookie, { name: 'Guru Das', email: plus(target, `r${i}`), relationship: 'mentor', language: 'en' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array<number>(CAP).fill(201), ...Array<number>(8 - CAP).fill(429)]);
    expect(answers.filter((a) => a.statusCode === 429).every((a) => a.json().code === 'reference-recipient-limit')).toBe(true);
    expect(await mailsTo(target)).toHaveLength(CAP);
  });

  it('verification links: sign-ups and resends to plus-variants of one mailbox stop at the cap', async () => {
    // Fails when resends had no per-recipient cap (about 73 a day to one address).
    const target = mailbox('gmail.com');
    const first = await signUp(ctx.app, target);
    for (let i = 0; i < 3; i += 1) expect((await call('POST', '/api/auth/verify-email/resend', first.cookie)).statusCode).toBe(202);
    // The dotted, tagged spelling is the same Gmail mailbox: its sign-up link is the fifth mail.
    const second = await signUp(ctx.app, plus(target.replace('victim', 'vic.tim'), 'x'));
    const resent = await call('POST', '/api/auth/verify-email/resend', second.cookie);
    expect(resent.statusCode).toBe(429);
    expect(resent.json().code).toBe('recipient-mail-limit');
    // A sixth sign-up is still made (refusing it would let whoever filled the cap keep her out), without a mail.
    await signUp(ctx.app, plus(target, 'y'));
    expect((await mailsTo(target)).filter((mail) => mail.text.includes('/verify-email?token='))).toHaveLength(CAP);
  });

  it('a change of email: victim+1@ is victim@ (the cap is keyed by the normalised address)', async () => {
    // Fails when the email-change cap was keyed by the raw address: every plus tag passed.
    const target = mailbox();
    for (let i = 0; i < CAP; i += 1) {
      const requester = await signUp(ctx.app);
      await ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, requester.id));
      const asked = await call('POST', '/api/account/email', requester.cookie, { newEmail: plus(target, `e${i}`), password: requester.password });
      expect(asked.statusCode, asked.body).toBe(202);
    }
    const requester = await signUp(ctx.app);
    await ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, requester.id));
    const over = await call('POST', '/api/account/email', requester.cookie, { newEmail: plus(target, 'last'), password: requester.password });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('recipient-mail-limit');
    expect(await mailsTo(target)).toHaveLength(CAP);
  });

  it('team invitations and a password reset to an unverified account count too', async () => {
    const target = mailbox();
    await signUp(ctx.app, target);
    for (let i = 0; i < CAP - 2; i += 1) {
      expect((await call('POST', '/api/admin/team/invitations', adminCookie, { email: plus(target, `t${i}`), role: 'elder' })).statusCode).toBe(201);
    }
    expect((await call('POST', '/api/auth/password-reset', undefined, { email: target })).statusCode).toBe(202);
    expect(await mailsTo(target)).toHaveLength(CAP);
    const over = await call('POST', '/api/admin/team/invitations', adminCookie, { email: target, role: 'elder' });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('recipient-mail-limit');
    // The reset answers as ever (before any work), and writes no mail past the cap.
    expect((await call('POST', '/api/auth/password-reset', undefined, { email: target })).statusCode).toBe(202);
    expect(await mailsTo(target)).toHaveLength(CAP);
  });
});
