import { existsSync } from 'node:fs';
import { PHOTO_VARIANTS } from '#server/storage/images';
import { photoVariantKey } from '#server/storage/photo-files';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, introductionFollowUps, introductions, jobs, rateLimitCounters, sessions, users } from '#server/db/schema';
import { createSmtpMailer } from '#server/mail/mailer';
import { openEventStream } from '#server/test/event-stream';
import { applicationBody, createProfileUser, validProfileInput } from '#server/test/factories';
import { startSmtpSink, type SmtpSink, type SunkMail } from '#server/test/smtp-sink';
import { createTestContext, sessionCookie, settleJobs, signUp, testConfig, uniqueEmail, type TestContext } from '#server/test/test-app';
import { EMAIL_CHANGE_ACCEPTED } from './account.routes';
import { createHash } from 'node:crypto';
import { auditHashSecret, deletedEmail, deletedId } from './audit-hash';
import { exportSections } from './export-sections';

/**
 * The member's own account through the API, with mail going over a real SMTP conversation to a sink on
 * loopback and out of the durable outbox (settleJobs runs the due jobs).
 */
let ctx: TestContext;
let sink: SmtpSink;
const PUBLIC_URL = 'http://sanga.test';
const ADMIN_PASSWORD = 'accounts-admin-password';

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext(
    { publicUrl: PUBLIC_URL, adminPassword: ADMIN_PASSWORD },
    { mailer: createSmtpMailer(sink.url, 'Sanga <no-reply@sanga.test>') },
  );
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

let ipCounter = 0;
const nextIp = () => `10.77.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

const inject = (method: string, url: string, options: { cookie?: string; payload?: unknown; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({
    method: method as 'GET',
    url,
    payload: options.payload as object,
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
    remoteAddress: nextIp(),
  });

/** Runs the outbox, then answers the mails that reached `email` since `since` (an inbox length). */
async function mailsTo(email: string, since = 0): Promise<SunkMail[]> {
  await settleJobs(ctx.app);
  return sink.inbox.slice(since).filter((m) => m.to === email);
}

/** Sends what is due (a sign-up's verification mail), so a count taken now sees only what follows. */
async function settledInbox(): Promise<number> {
  await settleJobs(ctx.app);
  return sink.inbox.length;
}

const linkToken = (mail: SunkMail | undefined, page: string) => {
  const match = new RegExp(`${PUBLIC_URL}/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail?.text ?? '');
  if (!match) throw new Error(`no ${page} link in:\n${mail?.text}`);
  return match[1]!;
};

const signIn = async (email: string, password: string) => {
  const answer = await inject('POST', '/api/auth/login', { payload: { email, password } });
  expect(answer.statusCode).toBe(200);
  return sessionCookie(answer);
};

const me = (cookie: string) => inject('GET', '/api/auth/user', { cookie });

/** A member whose email is verified (an email change needs one). */
async function verifiedMember() {
  const account = await signUp(ctx.app);
  await ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, account.id));
  return account;
}

describe('email verification', () => {
  it('sign-up mails a link in the language of the page; opening it verifies the email once', async () => {
    const email = uniqueEmail('verify');
    const registered = await inject('POST', '/api/auth/register', { payload: { email, password: 'correct horse battery', language: 'es' } });
    expect(registered.statusCode).toBe(201);
    const cookie = sessionCookie(registered);
    expect((await me(cookie)).json()).toMatchObject({ email, emailVerified: false });

    const [mail] = await mailsTo(email);
    expect(mail!.headers.subject).toBe('Confirma tu correo para Sanga');
    expect(mail!.text).toContain('dentro de 48 horas');
    const token = linkToken(mail, 'verify-email');

    expect((await inject('POST', '/api/auth/verify-email', { payload: { token } })).statusCode).toBe(204);
    expect((await me(cookie)).json()).toMatchObject({ emailVerified: true });
    const again = await inject('POST', '/api/auth/verify-email', { payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ errors: [{ path: 'token', code: 'tokenInvalid' }] });
    // The mail's language is the account's: the preferences say Spanish.
    expect((await inject('GET', '/api/account/preferences', { cookie })).json()).toMatchObject({ language: 'es' });
  });

  it('a link older than 48 hours is refused', async () => {
    const account = await signUp(ctx.app);
    const token = linkToken((await mailsTo(account.email)).at(-1), 'verify-email');
    const { emailTokens } = await import('#server/db/schema');
    await ctx.database.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(emailTokens.userId, account.id));
    expect((await inject('POST', '/api/auth/verify-email', { payload: { token } })).statusCode).toBe(400);
  });

  it('resend answers 202, sends a fresh link, is limited to three an hour, and needs a session', async () => {
    const account = await signUp(ctx.app);
    const before = await settledInbox();
    for (let i = 0; i < 3; i++) expect((await inject('POST', '/api/auth/verify-email/resend', { cookie: account.cookie })).statusCode).toBe(202);
    expect((await mailsTo(account.email, before)).length).toBe(3);
    const limited = await inject('POST', '/api/auth/verify-email/resend', { cookie: account.cookie });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'too-many-requests', message: expect.any(String), errors: [] });
    expect((await inject('POST', '/api/auth/verify-email/resend')).statusCode).toBe(401);
  });

  it('with REQUIRE_VERIFIED_EMAIL, activating a profile needs a verified email (403 until the link is opened)', async () => {
    const strict = await createTestContext({ requireVerifiedEmail: true }, { outboxAutoRun: false });
    try {
      const { account } = await createProfileUser(strict.app, {}, { active: false }).catch(async (error: unknown) => {
        throw error;
      });
      const refused = await strict.app.inject({ method: 'PATCH', url: '/api/profile/toggle-active', headers: { cookie: account.cookie }, payload: { active: true } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'activation-email-not-verified', message: 'Please verify your email before you activate your profile', errors: [] });
      await strict.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, account.id));
      const allowed = await strict.app.inject({ method: 'PATCH', url: '/api/profile/toggle-active', headers: { cookie: account.cookie }, payload: { active: true } });
      expect(allowed.statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('POST /api/account/password', () => {
  it('changes the password, ends every other session, keeps this one, and mails the owner', async () => {
    const account = await signUp(ctx.app);
    const other = await signIn(account.email, account.password);
    const before = await settledInbox();
    const wrong = await inject('POST', '/api/account/password', { cookie: account.cookie, payload: { currentPassword: 'not my password', newPassword: 'a brand new password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: [{ path: 'currentPassword', code: 'passwordIncorrect' }] });

    const changed = await inject('POST', '/api/account/password', { cookie: account.cookie, payload: { currentPassword: account.password, newPassword: 'a brand new password' } });
    expect(changed.statusCode).toBe(204);
    expect((await me(account.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await inject('POST', '/api/auth/login', { payload: { email: account.email, password: account.password } })).statusCode).toBe(401);
    await signIn(account.email, 'a brand new password');
    const mails = await mailsTo(account.email, before);
    expect(mails.map((m) => m.headers.subject)).toEqual(['Your Sanga password was changed']);
  });

  it('refuses a short new password and a visitor', async () => {
    const account = await signUp(ctx.app);
    const short = await inject('POST', '/api/account/password', { cookie: account.cookie, payload: { currentPassword: account.password, newPassword: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ errors: [{ path: 'newPassword', code: 'passwordLength' }] });
    expect((await inject('POST', '/api/account/password', { payload: { currentPassword: 'x', newPassword: 'a brand new password' } })).statusCode).toBe(401);
  });

  it('allows ten wrong passwords per account in 15 minutes, then 429', async () => {
    const account = await signUp(ctx.app);
    for (let i = 0; i < 10; i++) {
      expect((await inject('POST', '/api/account/password', { cookie: account.cookie, payload: { currentPassword: `wrong ${i}`, newPassword: 'a brand new password' } })).statusCode).toBe(400);
    }
    expect((await inject('POST', '/api/account/password', { cookie: account.cookie, payload: { currentPassword: account.password, newPassword: 'a brand new password' } })).statusCode).toBe(429);
  });
});

describe('POST /api/account/email', () => {
  it('changes the email when the link sent to the new address is opened; the old address is told', async () => {
    const account = await verifiedMember();
    const newEmail = uniqueEmail('moved');
    const before = await settledInbox();
    const asked = await inject('POST', '/api/account/email', { cookie: account.cookie, payload: { newEmail: newEmail.toUpperCase(), password: account.password } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: EMAIL_CHANGE_ACCEPTED, errors: [] });
    // Nothing changes until the link is opened.
    expect((await me(account.cookie)).json()).toMatchObject({ email: account.email });
    const [confirm] = await mailsTo(newEmail, before);
    expect(confirm!.headers.subject).toBe('Confirm your new email for Sanga');
    const token = linkToken(confirm, 'verify-email');

    expect((await inject('POST', '/api/auth/verify-email', { payload: { token } })).statusCode).toBe(204);
    expect((await me(account.cookie)).json()).toMatchObject({ email: newEmail, emailVerified: true });
    const notice = (await mailsTo(account.email, before)).at(-1);
    expect(notice!.headers.subject).toBe('Your Sanga email was changed');
    // That and when, and what to do; never the new address (nor its domain).
    expect(notice!.text).toMatch(/was changed on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(notice!.text).toContain('If you did not do this, reset your password');
    expect(notice!.text).not.toContain(newEmail);
    expect(notice!.text).not.toContain(newEmail.split('@')[0]!);
    await signIn(newEmail, account.password);
    expect((await inject('POST', '/api/auth/login', { payload: { email: account.email, password: account.password } })).statusCode).toBe(401);
  });

  it('a taken address gets the same 202 and a mail saying someone tried; nothing changes', async () => {
    const account = await verifiedMember();
    const holder = await signUp(ctx.app);
    const before = await settledInbox();
    const asked = await inject('POST', '/api/account/email', { cookie: account.cookie, payload: { newEmail: holder.email, password: account.password } });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: EMAIL_CHANGE_ACCEPTED, errors: [] });
    const mails = await mailsTo(holder.email, before);
    expect(mails.map((m) => m.headers.subject)).toEqual(['Someone tried to use this email on Sanga']);
    expect(mails[0]!.text).not.toContain('token=');
    expect((await me(account.cookie)).json()).toMatchObject({ email: account.email });
  });

  it('refuses a wrong password and the current address, and a visitor', async () => {
    const account = await verifiedMember();
    const wrong = await inject('POST', '/api/account/email', { cookie: account.cookie, payload: { newEmail: uniqueEmail(), password: 'not it at all' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: [{ path: 'password', code: 'passwordIncorrect' }] });
    const same = await inject('POST', '/api/account/email', { cookie: account.cookie, payload: { newEmail: account.email, password: account.password } });
    expect(same.json()).toMatchObject({ errors: [{ path: 'newEmail', code: 'emailUnchanged' }] });
    expect((await inject('POST', '/api/account/email', { payload: { newEmail: uniqueEmail(), password: 'x' } })).statusCode).toBe(401);
  });
});

describe('email change abuse holds (security review #28.1, #28.5)', () => {
  const cancelToken = (mail: SunkMail | undefined) => {
    const match = new RegExp(`${PUBLIC_URL}/cancel-email-change\\?token=([A-Za-z0-9_.-]+)`).exec(mail?.text ?? '');
    if (!match) throw new Error(`no cancel link in:\n${mail?.text}`);
    return match[1]!;
  };

  /** A verified member, and an email change to `newEmail` asked with their password (as someone who knew it). */
  async function pendingChange() {
    const account = await verifiedMember();
    const newEmail = uniqueEmail('intruder');
    const before = await settledInbox();
    expect((await inject('POST', '/api/account/email', { cookie: account.cookie, payload: { newEmail, password: account.password } })).statusCode).toBe(202);
    const changeToken = linkToken((await mailsTo(newEmail, before))[0], 'verify-email');
    const [notice] = await mailsTo(account.email, before);
    return { account, newEmail, changeToken, notice };
  }

  it('the current address is told at once, with a link that cancels the change (both languages)', async () => {
    const { account, changeToken, notice } = await pendingChange();
    expect(notice!.headers.subject).toBe('Someone asked to move your Sanga account to another address');
    expect(notice!.text).toContain('If this was not you, cancel the change with this link, then change your password');
    const token = cancelToken(notice);
    expect((await inject('POST', '/api/account/email/cancel', { payload: { token } })).statusCode).toBe(204);
    // The link to the other address is spent; the account keeps its email. The cancel link works once.
    const opened = await inject('POST', '/api/auth/verify-email', { payload: { token: changeToken } });
    expect(opened.statusCode).toBe(400);
    expect(opened.json()).toMatchObject({ errors: [{ path: 'token', code: 'tokenInvalid' }] });
    expect((await me(account.cookie)).json()).toMatchObject({ email: account.email });
    const again = await inject('POST', '/api/account/email/cancel', { payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ errors: [{ path: 'token', code: 'tokenInvalid' }] });
    // A forged token (another signature) is refused.
    const forged = await inject('POST', '/api/account/email/cancel', { payload: { token: `${token.split('.')[0]}.${'A'.repeat(43)}` } });
    expect(forged.statusCode).toBe(400);

    const spanish = await verifiedMember();
    await inject('PUT', '/api/account/preferences', { cookie: spanish.cookie, payload: { language: 'es', notifyMessages: true, notifyIntroductions: true } });
    const before = await settledInbox();
    await inject('POST', '/api/account/email', { cookie: spanish.cookie, payload: { newEmail: uniqueEmail(), password: spanish.password } });
    const [aviso] = await mailsTo(spanish.email, before);
    expect(aviso!.headers.subject).toBe('Alguien pidió mover tu cuenta de Sanga a otra dirección');
    expect(aviso!.text).toContain('cancela el cambio con este enlace');
  });

  it('a password change spends the pending change: the link no longer moves the account', async () => {
    const { account, changeToken } = await pendingChange();
    const changed = await inject('POST', '/api/account/password', { cookie: account.cookie, payload: { currentPassword: account.password, newPassword: 'the owner took it back' } });
    expect(changed.statusCode).toBe(204);
    expect((await inject('POST', '/api/auth/verify-email', { payload: { token: changeToken } })).statusCode).toBe(400);
    expect((await me(account.cookie)).json()).toMatchObject({ email: account.email });
  });

  it('a password reset spends the pending change and any verification link', async () => {
    const { account, changeToken } = await pendingChange();
    const verifyBefore = await settledInbox();
    await ctx.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, account.id));
    expect((await inject('POST', '/api/auth/verify-email/resend', { cookie: account.cookie })).statusCode).toBe(202);
    const verifyToken = linkToken((await mailsTo(account.email, verifyBefore)).at(-1), 'verify-email');
    const before = await settledInbox();
    await inject('POST', '/api/auth/password-reset', { payload: { email: account.email } });
    const resetToken = linkToken((await mailsTo(account.email, before)).at(-1), 'reset-password');
    expect((await inject('POST', '/api/auth/password-reset/confirm', { payload: { token: resetToken, password: 'the owner took it back' } })).statusCode).toBe(204);
    expect((await inject('POST', '/api/auth/verify-email', { payload: { token: changeToken } })).statusCode).toBe(400);
    expect((await inject('POST', '/api/auth/verify-email', { payload: { token: verifyToken } })).statusCode).toBe(400);
    await signIn(account.email, 'the owner took it back');
  });

  it('an email change needs a verified current email (403 with a code the web translates)', async () => {
    const account = await signUp(ctx.app);
    const before = await settledInbox();
    const newEmail = uniqueEmail();
    const refused = await inject('POST', '/api/account/email', { cookie: account.cookie, payload: { newEmail, password: account.password } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'email-not-verified',
      message: 'Please verify your current email before changing it',
      errors: [{ path: 'newEmail', code: 'emailNotVerified', message: 'Please verify your current email before changing it' }],
    });
    expect(await mailsTo(newEmail, before)).toHaveLength(0);
  });

  it('one address gets at most MAILS_PER_RECIPIENT_PER_DAY email-change mails a day, from all requesters together (then 429)', async () => {
    const cap = testConfig().mailsPerRecipientPerDay;
    const target = uniqueEmail('stranger');
    const before = await settledInbox();
    for (let i = 0; i < cap; i++) {
      const requester = await verifiedMember();
      expect((await inject('POST', '/api/account/email', { cookie: requester.cookie, payload: { newEmail: target, password: requester.password } })).statusCode).toBe(202);
    }
    const fourth = await verifiedMember();
    const limited = await inject('POST', '/api/account/email', { cookie: fourth.cookie, payload: { newEmail: target, password: fourth.password } });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await mailsTo(target, before)).toHaveLength(cap);
    // A taken address counts the same ("someone tried" mails), and the key is a hash, not the address.
    const holder = await verifiedMember();
    // Her own sign-up link was the first mail to her address (it was not proven hers then).
    for (let i = 0; i < cap - 1; i++) {
      const requester = await verifiedMember();
      expect((await inject('POST', '/api/account/email', { cookie: requester.cookie, payload: { newEmail: holder.email, password: requester.password } })).statusCode).toBe(202);
    }
    const blocked = await verifiedMember();
    expect((await inject('POST', '/api/account/email', { cookie: blocked.cookie, payload: { newEmail: holder.email, password: blocked.password } })).statusCode).toBe(429);
    const keys = await ctx.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    expect(keys.some((row) => row.key.includes(target) || row.key.includes(holder.email))).toBe(false);
  });
});

describe('preferences', () => {
  it('reads and writes language and notifications; the next mail follows the language', async () => {
    const account = await signUp(ctx.app);
    expect((await inject('GET', '/api/account/preferences', { cookie: account.cookie })).json()).toEqual({ language: 'en', notifyMessages: true, notifyIntroductions: true, pushMessages: true, pushIntroductions: true, heightUnit: null });
    const next = { language: 'es', notifyMessages: false, notifyIntroductions: true, pushMessages: false, pushIntroductions: true, heightUnit: 'cm' };
    const put = await inject('PUT', '/api/account/preferences', { cookie: account.cookie, payload: { ...next, userId: 'someone else' } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(next);
    // A client from before push leaves its switches out: they stay as they were.
    const older = await inject('PUT', '/api/account/preferences', { cookie: account.cookie, payload: { language: 'es', notifyMessages: false, notifyIntroductions: true } });
    expect(older.json()).toEqual(next);
    // The header's switch sends the language alone: the rest stays, and who-is-signed-in carries it for the screens.
    const switched = await inject('PUT', '/api/account/preferences', { cookie: account.cookie, payload: { language: 'en' } });
    expect(switched.json()).toEqual({ ...next, language: 'en' });
    expect((await inject('GET', '/api/auth/user', { cookie: account.cookie })).json()).toMatchObject({ language: 'en' });
    expect((await inject('PUT', '/api/account/preferences', { cookie: account.cookie, payload: { language: 'es' } })).json()).toEqual(next);
    expect((await inject('GET', '/api/auth/user', { cookie: account.cookie })).json()).toMatchObject({ language: 'es', heightUnit: 'cm' });
    // Heights back to the language's usual units; an unknown unit is refused.
    expect((await inject('PUT', '/api/account/preferences', { cookie: account.cookie, payload: { heightUnit: null } })).json()).toEqual({ ...next, heightUnit: null });
    expect((await inject('PUT', '/api/account/preferences', { cookie: account.cookie, payload: { heightUnit: 'furlongs' } })).statusCode).toBe(400);
    expect((await inject('GET', '/api/auth/user', { cookie: account.cookie })).json()).toMatchObject({ heightUnit: null });
    await inject('PUT', '/api/account/preferences', { cookie: account.cookie, payload: { heightUnit: 'cm' } });
    const before = await settledInbox();
    await inject('POST', '/api/auth/password-reset', { payload: { email: account.email } });
    expect((await mailsTo(account.email, before)).at(-1)!.headers.subject).toBe('Restablece tu contraseña de Sanga');
    const bad = await inject('PUT', '/api/account/preferences', { cookie: account.cookie, payload: { language: 'fr', notifyMessages: 'yes', notifyIntroductions: true } });
    expect(bad.statusCode).toBe(400);
    expect((await inject('GET', '/api/account/preferences')).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('"last active" moves when a session is used again after five minutes (issue 32.10)', async () => {
    // Fails before: it moved only with the hourly expiry touch, so Settings showed the sign-in time for an hour.
    const account = await signUp(ctx.app);
    const earlier = new Date(Date.now() - 10 * 60 * 1000);
    await ctx.database.db.update(sessions).set({ lastSeenAt: earlier }).where(sql`${sessions.sess}->>'userId' = ${account.id}`);
    const list = await inject('GET', '/api/account/sessions', { cookie: account.cookie });
    const [session] = list.json<{ lastSeenAt: string }[]>();
    expect(new Date(session!.lastSeenAt).getTime()).toBeGreaterThan(Date.now() - 60 * 1000);
  });

  it('lists the member’s sessions without secrets and ends one (another member’s id is 404)', async () => {
    const account = await signUp(ctx.app);
    const phone = await (async () => {
      const answer = await inject('POST', '/api/auth/login', { payload: { email: account.email, password: account.password }, headers: { 'user-agent': 'Phone Browser 1.0' } });
      return sessionCookie(answer);
    })();
    const list = await inject('GET', '/api/account/sessions', { cookie: account.cookie });
    expect(list.statusCode).toBe(200);
    const sessions = list.json<{ id: string; current: boolean; userAgent: string | null; createdAt: string; lastSeenAt: string }[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    for (const session of sessions) expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'id', 'lastSeenAt', 'userAgent']);
    const phoneSession = sessions.find((s) => s.userAgent === 'Phone Browser 1.0')!;
    expect(phoneSession.current).toBe(false);
    // The cookie's secret never appears.
    const sid = decodeURIComponent(phone.split('=')[1]!).split('.')[0]!;
    expect(list.body).not.toContain(sid);

    const stranger = await signUp(ctx.app);
    const refused = await inject('DELETE', `/api/account/sessions/${phoneSession.id}`, { cookie: stranger.cookie });
    expect(refused.statusCode).toBe(404);
    expect((await me(phone)).statusCode).toBe(200);

    expect((await inject('DELETE', `/api/account/sessions/${phoneSession.id}`, { cookie: account.cookie })).statusCode).toBe(204);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(account.cookie)).statusCode).toBe(200);
  });
});

describe('notifications', () => {
  async function pair() {
    const woman = await createProfileUser(ctx.app, { gender: 'woman', name: 'Radha Devi' });
    const man = await createProfileUser(ctx.app, { gender: 'man', name: 'Madhava Das' });
    return { woman, man };
  }

  it('a message to someone away sends one mail naming the writer, never the content, with one-click unsubscribe', async () => {
    const { woman, man } = await pair();
    const before = await settledInbox();
    const secret = 'Zanzibar: my very private words';
    expect((await inject('POST', '/api/messages', { cookie: woman.account.cookie, payload: { receiverId: man.account.id, content: secret } })).statusCode).toBe(201);
    expect((await inject('POST', '/api/messages', { cookie: woman.account.cookie, payload: { receiverId: man.account.id, content: 'and again' } })).statusCode).toBe(201);
    const mails = await mailsTo(man.account.email, before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    // The sender's name never leads the subject; the body quotes it.
    expect(mail!.headers.subject).toBe('Sanga: a new message');
    expect(mail!.text).toContain('A member who signs as “Radha” wrote to you on Sanga.');
    expect(mail!.body).not.toContain('Zanzibar');
    expect(mail!.text).not.toContain('Zanzibar');
    expect(mail!.text).toContain(`${PUBLIC_URL}/conversation/${woman.account.id}`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = /^<(.+)>$/.exec(mail!.headers['list-unsubscribe']!)![1]!;
    expect(unsubscribeUrl).toMatch(new RegExp(`^${PUBLIC_URL}/api/unsubscribe\\?token=`));

    // A person opening the link lands on the confirm page; nothing changes.
    const url = unsubscribeUrl.slice(PUBLIC_URL.length);
    const opened = await inject('GET', url);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toMatch(/^\/unsubscribe\?token=[^&]+&lang=en$/);
    expect((await inject('GET', '/api/account/preferences', { cookie: man.account.cookie })).json()).toMatchObject({ notifyMessages: true });

    // The mail program's one-click POST (RFC 8058): a form body, no cookie, from another site.
    const clicked = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(204);
    expect((await inject('GET', '/api/account/preferences', { cookie: man.account.cookie })).json()).toMatchObject({ notifyMessages: false });

    // Switched off: the next conversation's message sends nothing.
    const other = await createProfileUser(ctx.app, { gender: 'woman', name: 'Sita Devi' });
    const quiet = await settledInbox();
    await inject('POST', '/api/messages', { cookie: other.account.cookie, payload: { receiverId: man.account.id, content: 'hello' } });
    expect(await mailsTo(man.account.email, quiet)).toHaveLength(0);
  });

  it('a name that reads as a link is refused by the profile and volunteer APIs (400 nameLinkOrAt; security review #28.7)', async () => {
    const account = await signUp(ctx.app);
    const link = 'https://sanga-login.evil.example/reset';
    const profile = await inject('POST', '/api/profile', { cookie: account.cookie, payload: validProfileInput({ name: link }) });
    expect(profile.statusCode).toBe(400);
    expect(profile.json()).toMatchObject({ errors: [{ path: 'name', code: 'nameLinkOrAt', message: 'A name cannot contain a web address or the @ sign' }] });
    const volunteer = await inject('POST', '/api/volunteer-application', { cookie: account.cookie, payload: applicationBody({ email: account.email, name: 'gopal@evil.example' }) });
    expect(volunteer.statusCode).toBe(400);
    expect(volunteer.json()).toMatchObject({ errors: [{ path: 'name', code: 'nameLinkOrAt' }] });
  });

  it('a forged or tampered unsubscribe token is refused', async () => {
    const forged = await inject('POST', '/api/unsubscribe', { payload: { token: `${Buffer.from('x:messages').toString('base64url')}.${'A'.repeat(43)}` } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ errors: [{ path: 'token', code: 'tokenInvalid' }] });
    expect((await inject('POST', '/api/unsubscribe', { payload: {} })).statusCode).toBe(400);
  });

  it('no mail while the receiver has an open event stream (on any process: the session row says so)', async () => {
    const { woman, man } = await pair();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/events`, { cookie: man.account.cookie });
    try {
      await stream.waitFor(() => true, 5000).catch(() => undefined);
      const before = await settledInbox();
      await inject('POST', '/api/messages', { cookie: woman.account.cookie, payload: { receiverId: man.account.id, content: 'are you there?' } });
      expect(await mailsTo(man.account.email, before)).toHaveLength(0);
    } finally {
      stream.close();
    }
  });

  it('an approved volunteer application mails the applicant', async () => {
    const account = await signUp(ctx.app);
    const applied = await inject('POST', '/api/volunteer-application', { cookie: account.cookie, payload: applicationBody({ email: account.email }) });
    expect(applied.statusCode).toBe(201);
    const admin = sessionCookie(await inject('POST', '/api/admin/login', { payload: { password: ADMIN_PASSWORD } }));
    const before = await settledInbox();
    const approved = await inject('PATCH', `/api/admin/volunteer-applications/${applied.json<{ id: string }>().id}`, { cookie: admin, payload: { approved: true } });
    expect(approved.statusCode).toBe(200);
    expect((await mailsTo(account.email, before)).map((m) => m.headers.subject)).toEqual(['Your Sanga volunteer application was approved']);
  });
});

describe('GET /api/account/export', () => {
  it('answers a zip with account.json (every section, only the member’s own data) and the photo files; three a day', async () => {
    const { woman, man } = await (async () => ({
      woman: await createProfileUser(ctx.app, { gender: 'woman', name: 'Gauri Devi' }),
      man: await createProfileUser(ctx.app, { gender: 'man', name: 'Gopal Das' }),
    }))();
    await inject('POST', '/api/messages', { cookie: woman.account.cookie, payload: { receiverId: man.account.id, content: 'hello from Gauri' } });
    await inject('POST', '/api/messages', { cookie: man.account.cookie, payload: { receiverId: woman.account.id, content: 'hello from Gopal' } });
    const stranger = await createProfileUser(ctx.app, { gender: 'man', name: 'Quentin Stranger' });

    const answer = await inject('GET', '/api/account/export', { cookie: woman.account.cookie });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="sanga-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    const data = JSON.parse(strFromU8(files['account.json']!)) as Record<string, unknown>;
    for (const section of exportSections) expect(Object.keys(data)).toContain(section.name);
    expect(data.account).toMatchObject({ id: woman.account.id, email: woman.account.email });
    expect(data.profile).toMatchObject({ name: 'Gauri Devi' });
    // Her choices, as GET /api/account/preferences answers them (the units she reads heights in among them).
    expect(data.preferences).toEqual((await inject('GET', '/api/account/preferences', { cookie: woman.account.cookie })).json());
    expect((data.messages as { content: string; direction: string }[]).map((m) => [m.direction, m.content])).toEqual([
      ['sent', 'hello from Gauri'],
      ['received', 'hello from Gopal'],
    ]);
    const photoFiles = Object.keys(files).filter((name) => name.startsWith('photos/'));
    expect(photoFiles).toHaveLength(2);
    for (const name of photoFiles) expect([...files[name]!.slice(0, 2)]).toEqual([0xff, 0xd8]);
    const text = strFromU8(files['account.json']!);
    expect(text).not.toContain(stranger.account.email);
    expect(text).not.toContain('password');

    for (let i = 0; i < 2; i++) expect((await inject('GET', '/api/account/export', { cookie: woman.account.cookie })).statusCode).toBe(200);
    const limited = await inject('GET', '/api/account/export', { cookie: woman.account.cookie });
    expect(limited.statusCode).toBe(429);
    expect((await inject('GET', '/api/account/export')).statusCode).toBe(401);
  });
});

// Before, the export left out her follow-up notes, her own refusal reasons, roles, suspension, sessions,
// a pending new email and which staff viewed her profile.
describe('GET /api/account/export: what she wrote and what was done with her account', () => {
  it('holds her follow-ups, her refusal reason (not the other’s), roles, suspension, sessions, pending email and profile views', async () => {
    const her = await createProfileUser(ctx.app, { gender: 'woman', name: 'Tulasi Devi' });
    const him = await createProfileUser(ctx.app, { gender: 'man', name: 'Madhava Das' });
    const coordinator = await signUp(ctx.app);
    const { db } = ctx.database;
    const [intro] = await db
      .insert(introductions)
      .values({ memberA: her.account.id, memberB: him.account.id, pairLow: her.account.id, pairHigh: him.account.id, status: 'declined', reachedFirstAt: new Date(), reachedSecondAt: new Date(), firstReason: 'her own reason', secondReason: 'his private reason' })
      .returning({ id: introductions.id });
    await db.insert(introductionFollowUps).values({ introductionId: intro!.id, userId: her.account.id, status: 'continuing', note: 'her follow-up note' });
    // Verified: an email change needs a verified current address.
    await db.update(users).set({ roles: ['elder'], emailVerifiedAt: new Date(), suspendedAt: new Date('2026-01-02T03:04:05Z'), suspendedReason: 'a suspension reason' }).where(eq(users.id, her.account.id));
    await db.insert(adminAudit).values({ action: 'coordinator.view-member', targetType: 'user', targetId: her.account.id, actorUserId: coordinator.id });
    const newEmail = uniqueEmail('pending');
    expect((await inject('POST', '/api/account/email', { cookie: her.account.cookie, payload: { newEmail, password: her.account.password }, headers: { 'user-agent': 'Test Browser 1.0' } })).statusCode).toBe(202);

    const answer = await inject('GET', '/api/account/export', { cookie: her.account.cookie });
    const text = strFromU8(unzipSync(new Uint8Array(answer.rawPayload))['account.json']!);
    const data = JSON.parse(text) as Record<string, unknown>;
    expect(data.followUps).toEqual([expect.objectContaining({ introductionId: intro!.id, status: 'continuing', note: 'her follow-up note' })]);
    expect(data.introductions).toEqual([expect.objectContaining({ id: intro!.id, myRefusalReason: 'her own reason' })]);
    expect(text).not.toContain('his private reason');
    expect(data.account).toMatchObject({ roles: ['elder'], suspendedAt: '2026-01-02T03:04:05.000Z', suspendedReason: 'a suspension reason' });
    expect(data.sessions).toEqual([expect.objectContaining({ createdAt: expect.any(String), lastSeenAt: expect.any(String) })]);
    expect(text).not.toContain(her.account.cookie.split('=')[1]!.slice(2, 20));
    expect(data.pendingEmailChange).toMatchObject({ newEmail });
    expect(data.profileViews).toEqual([expect.objectContaining({ action: 'coordinator.view-member', by: { coordinatorId: coordinator.id } })]);
  });
});

// Before, the export gave the read flag of her sent messages (the API no longer says whether the other
// person read them), and its profileViews left out most staff reads of her.
describe('GET /api/account/export: what others did, as far as it is hers', () => {
  const exported = async (cookie: string) =>
    JSON.parse(strFromU8(unzipSync(new Uint8Array((await inject('GET', '/api/account/export', { cookie })).rawPayload))['account.json']!)) as {
      messages: Array<Record<string, unknown>>;
      profileViews: Array<{ action: string; by: unknown }>;
    };

  it('carries no read flag on a message she sent, only on those she received', async () => {
    const her = await createProfileUser(ctx.app, { gender: 'woman', name: 'Yamuna Devi' });
    const him = await createProfileUser(ctx.app, { gender: 'man', name: 'Gopal Das' });
    expect((await inject('POST', '/api/messages', { cookie: her.account.cookie, payload: { receiverId: him.account.id, content: 'sent by her' } })).statusCode).toBe(201);
    expect((await inject('POST', '/api/messages', { cookie: him.account.cookie, payload: { receiverId: her.account.id, content: 'sent by him' } })).statusCode).toBe(201);
    // He opens the thread: her message is read on his side, which is his to know.
    expect((await inject('GET', `/api/messages/${her.account.id}`, { cookie: him.account.cookie })).statusCode).toBe(200);

    const mine = (await exported(her.account.cookie)).messages;
    const sent = mine.find((m) => m.content === 'sent by her')!;
    expect(sent).toMatchObject({ direction: 'sent' });
    expect(sent).not.toHaveProperty('read');
    expect(mine.find((m) => m.content === 'sent by him')).toMatchObject({ direction: 'received', read: false });
    expect((await exported(him.account.cookie)).messages.find((m) => m.content === 'sent by her')).toMatchObject({ direction: 'received', read: true });
  });

  it('lists every staff read of her in profileViews: reference answers, photos, the admin’s report view, an elder’s review list', async () => {
    const her = await createProfileUser(ctx.app, { gender: 'woman', name: 'Kaveri Devi' });
    const him = await createProfileUser(ctx.app, { gender: 'man', name: 'Madan Das' });
    const admin = sessionCookie(await inject('POST', '/api/admin/login', { payload: { password: ADMIN_PASSWORD } }));
    const coordinator = await signUp(ctx.app);
    const elder = await signUp(ctx.app);
    expect((await inject('PUT', `/api/admin/users/${coordinator.id}/roles`, { cookie: admin, payload: { coordinator: true, elder: false } })).statusCode).toBe(200);

    expect((await inject('GET', `/api/coordinator/members/${her.account.id}/references`, { cookie: coordinator.cookie })).statusCode).toBe(200);
    expect((await inject('GET', her.photos[0]!, { cookie: coordinator.cookie })).statusCode).toBe(200);
    expect((await inject('POST', '/api/messages', { cookie: him.account.cookie, payload: { receiverId: her.account.id, content: 'hello' } })).statusCode).toBe(201);
    const report = await inject('POST', '/api/reports', { cookie: him.account.cookie, payload: { userId: her.account.id, reason: 'other' } });
    expect(report.statusCode).toBe(201);
    expect((await inject('GET', `/api/admin/reports/${report.json<{ id: string }>().id}`, { cookie: admin })).statusCode).toBe(200);
    // An elder's review list with her in it, as GET /api/elders/introductions records it (policy/who-sees-what.test.ts
    // checks that the route writes this row).
    await ctx.database.db.insert(adminAudit).values({
      action: 'elder.view-introductions',
      actorUserId: elder.id,
      details: { status: 'awaiting-elders', introductions: ['i1'], members: [him.account.id, her.account.id], references: [] },
    });

    const views = (await exported(her.account.cookie)).profileViews;
    expect(views).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'coordinator.view-references', by: { coordinatorId: coordinator.id } }),
        expect.objectContaining({ action: 'coordinator.view-photo', by: { coordinatorId: coordinator.id } }),
        expect.objectContaining({ action: 'view.report', by: 'admin' }),
        expect.objectContaining({ action: 'elder.view-introductions', by: { elderId: elder.id } }),
      ]),
    );
    // His export lists the elder's read of him, never the reads of her.
    const his = (await exported(him.account.cookie)).profileViews;
    expect(his.map((view) => view.action)).toEqual(['elder.view-introductions']);
  });
});

describe('POST /api/account/delete', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const account = await signUp(ctx.app);
    const wrong = await inject('POST', '/api/account/delete', { cookie: account.cookie, payload: { password: 'not my password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: [{ path: 'password', code: 'passwordIncorrect' }] });
    expect((await me(account.cookie)).statusCode).toBe(200);
  });

  it('ends every session and stream, leaves the match index, deletes rows and photo files, hashes audit rows; the email can sign up again', async () => {
    const { account, profile, photos } = await createProfileUser(ctx.app, { gender: 'woman', name: 'Leela Devi' });
    const partner = await createProfileUser(ctx.app, { gender: 'man', name: 'Hari Das' });
    await inject('POST', '/api/messages', { cookie: account.cookie, payload: { receiverId: partner.account.id, content: 'a note to Hari' } });
    const applied = await inject('POST', '/api/volunteer-application', { cookie: account.cookie, payload: applicationBody({ email: account.email }) });
    const admin = sessionCookie(await inject('POST', '/api/admin/login', { payload: { password: ADMIN_PASSWORD } }));
    const applicationId = applied.json<{ id: string }>().id;
    await inject('PATCH', `/api/admin/volunteer-applications/${applicationId}`, { cookie: admin, payload: { approved: false } });
    // The partner sees her among his matches before.
    const matchesBefore = await inject('GET', '/api/matches', { cookie: partner.account.cookie });
    expect(matchesBefore.body).toContain(profile.id);
    const second = await signIn(account.email, account.password);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = ctx.app.server.address() as AddressInfo;
    const stream = await openEventStream(`http://127.0.0.1:${port}/api/events`, { cookie: second });
    await settleJobs(ctx.app);
    const objectsDir = path.join(ctx.config.dataDir, 'objects');
    // Each photo with its size copies (storage/photo-files.ts): every file must go, not only the original.
    const photoFiles = photos.flatMap((p) => {
      const key = p.slice('/objects/'.length);
      return [key, ...PHOTO_VARIANTS.map((variant) => photoVariantKey(key, variant))].map((k) => path.join(objectsDir, k));
    });
    for (const file of photoFiles) expect(existsSync(file), file).toBe(true);

    const deleted = await inject('POST', '/api/account/delete', { cookie: account.cookie, payload: { password: account.password } });
    expect(deleted.statusCode).toBe(204);
    // As logout does: the browser drops what it cached while signed in, her photos among it.
    expect(deleted.headers['clear-site-data']).toBe('"cache"');
    await stream.ended;
    for (const cookie of [account.cookie, second]) expect((await me(cookie)).statusCode).toBe(401);
    const matchesAfter = await inject('GET', '/api/matches', { cookie: partner.account.cookie });
    expect(matchesAfter.body).not.toContain(profile.id);
    expect((await inject('GET', `/api/match/${profile.id}`, { cookie: partner.account.cookie })).statusCode).toBe(404);
    expect((await inject('GET', '/api/conversations', { cookie: partner.account.cookie })).body).not.toContain(account.id);

    await settleJobs(ctx.app);
    for (const file of photoFiles) expect(existsSync(file), file).toBe(false);
    const secret = await auditHashSecret(ctx.database.db);
    const audit = await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, deletedId(secret, applicationId)));
    expect(audit.length).toBeGreaterThan(0);
    expect(await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.targetId, applicationId))).toHaveLength(0);
    expect(await ctx.database.db.select().from(jobs).where(eq(jobs.dedupeKey, `message-notice:${partner.account.id}:${account.id}`))).toHaveLength(0);

    // Sign-in answers as for an unknown email; the email signs up again.
    const login = await inject('POST', '/api/auth/login', { payload: { email: account.email, password: account.password } });
    const unknown = await inject('POST', '/api/auth/login', { payload: { email: uniqueEmail('never'), password: account.password } });
    expect(login.statusCode).toBe(401);
    expect(login.body).toBe(unknown.body);
    expect((await inject('POST', '/api/auth/register', { payload: { email: account.email, password: 'a fresh start here' } })).statusCode).toBe(201);
  });

  // Before, ids and emails inside the details stayed, and the hash was sha256 of a salt in the source.
  it('rewrites her ids and email everywhere in the audit log with a keyed hash no one can recompute from her id', async () => {
    const { account } = await createProfileUser(ctx.app, { gender: 'woman', name: 'Radha Rani' });
    const reporter = await createProfileUser(ctx.app, { gender: 'man', name: 'Gopal Das' });
    const admin = sessionCookie(await inject('POST', '/api/admin/login', { payload: { password: ADMIN_PASSWORD } }));
    // The admin searches for her email (in other case) and dismisses a report about her.
    expect((await inject('GET', `/api/admin/user-profiles?q=${encodeURIComponent(account.email.toUpperCase())}`, { cookie: admin })).statusCode).toBe(200);
    const reported = await inject('POST', '/api/reports', { cookie: reporter.account.cookie, payload: { userId: account.id, reason: 'other', details: 'not sure' } });
    expect(reported.statusCode).toBe(201);
    const dismissed = await inject('POST', `/api/admin/reports/${reported.json<{ id: string }>().id}/resolve`, { cookie: admin, payload: { action: 'dismiss' } });
    expect(dismissed.statusCode).toBe(200);
    // A coordinator's proposal names both members in its details.
    await ctx.database.db.insert(adminAudit).values({ action: 'coordinator.propose', targetType: 'introduction', targetId: reporter.account.id, details: { memberA: reporter.account.id, memberB: account.id } });
    const mentions = async () =>
      (await ctx.database.db.select().from(adminAudit)).filter((row) => JSON.stringify(row).toLowerCase().includes(account.email.toLowerCase()) || JSON.stringify(row).includes(account.id));
    expect((await mentions()).map((row) => row.action).sort()).toEqual(['coordinator.propose', 'report.dismiss', 'view.user-profiles']);

    expect((await inject('POST', '/api/account/delete', { cookie: account.cookie, payload: { password: account.password } })).statusCode).toBe(204);

    expect(await mentions()).toHaveLength(0);
    const secret = await auditHashSecret(ctx.database.db);
    const rows = await ctx.database.db.select().from(adminAudit);
    const details = rows.map((row) => JSON.stringify(row.details));
    expect(details.filter((text) => text.includes(deletedId(secret, account.id)))).toHaveLength(2);
    expect(details.filter((text) => text.includes(deletedEmail(secret, account.email)))).toHaveLength(1);
    // The reporter, still a member, is still named.
    expect(details.some((text) => text.includes(reporter.account.id))).toBe(true);
    // The old salted hash, which anyone knowing her id could compute, appears nowhere.
    const oldHash = createHash('sha256').update(`sanga-deleted-user:${account.id}`).digest('hex').slice(0, 32);
    expect(JSON.stringify(rows)).not.toContain(oldHash);
    // The key is the installation's own, kept once and the same on every read (every process on one database).
    expect(secret).toHaveLength(64);
    expect(await auditHashSecret(ctx.database.db)).toBe(secret);
  });
});
