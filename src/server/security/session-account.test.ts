import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { messages, profiles, sessions, users } from '#server/db/schema';
import type { Mailer } from '#server/mail/mailer';
import { createProfileUser, validProfileInput } from '#server/test/factories';
import { createCapturingMailer, createTestContext, sessionCookie, signUp, uniqueEmail, type TestContext, settleJobs } from '#server/test/test-app';

/**
 * Session and account checks of the security requirement, in one place: the pre-login cookie is dead
 * after sign-in; the cookie is dead after logout and after password reset; sign-in with an unknown email
 * and with a wrong password give identical responses; the login limit answers 429; cross-site
 * state-changing requests are refused; security headers are present on pages and on photos.
 */

const ADMIN_PASSWORD = 'the-admin-password';
const INDEX_HTML = '<!doctype html><html><head><title>Sanga</title></head><body><div id="root"></div></body></html>';

/** Password-reset mail is caught here instead of going out. */
const capturingMailer = createCapturingMailer();
const outbox = capturingMailer.sent;

let ctx: TestContext;
let webDistDir: string;
beforeAll(async () => {
  webDistDir = mkdtempSync(path.join(tmpdir(), 'sanga-web-'));
  writeFileSync(path.join(webDistDir, 'index.html'), INDEX_HTML);
  ctx = await createTestContext({ adminPassword: ADMIN_PASSWORD, webDistDir }, { mailer: capturingMailer });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDistDir, { recursive: true, force: true });
});

/** Every test comes from addresses of its own, so the per-IP limits of one test never touch another. */
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `172.16.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

type Headers = Record<string, string>;
const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, options: { payload?: unknown; headers?: Headers; ip?: string } = {}) =>
  ctx.app.inject({ method, url, payload: options.payload as object, headers: options.headers ?? {}, remoteAddress: options.ip ?? nextIp() });
const withCookie = (cookie?: string): Headers => (cookie ? { cookie } : {});

const login = (email: string, password: string, options: { cookie?: string; ip?: string } = {}) =>
  inject('POST', '/api/auth/login', { payload: { email, password }, headers: withCookie(options.cookie), ip: options.ip });
const adminLogin = (cookie?: string) => inject('POST', '/api/admin/login', { payload: { password: ADMIN_PASSWORD }, headers: withCookie(cookie) });
const currentUser = (cookie: string) => inject('GET', '/api/auth/user', { headers: { cookie } });
const adminSession = async (cookie: string) => (await inject('GET', '/api/admin/session', { headers: { cookie } })).json<{ isAdmin: boolean }>();

/** The session id a `sanga.sid=…` cookie carries (the cookie is signed). */
function sidOf(cookie: string): string {
  const unsigned = ctx.app.unsignCookie(decodeURIComponent(cookie.slice('sanga.sid='.length)));
  if (!unsigned.valid || !unsigned.value) throw new Error(`not a signed session cookie: ${cookie}`);
  return unsigned.value;
}
const sessionRow = async (sid: string) => (await ctx.database.db.select().from(sessions).where(eq(sessions.sid, sid)))[0];
const countRows = async (table: typeof sessions | typeof messages | typeof users) =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

/** A Set-Cookie that removes the session cookie from the browser. */
function expectCookieCleared(response: LightMyRequestResponse) {
  const cleared = response.cookies.find((c) => c.name === 'sanga.sid');
  expect(cleared).toBeDefined();
  expect(cleared!.value).toBe('');
  expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
}

const resetTokenFor = (email: string) => {
  const mail = outbox.filter((m) => m.to === email && m.text.includes('/reset-password?token=')).at(-1);
  const match = mail && /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset mail for ${email}`);
  return match[1]!;
};

/** The headers of an answer without the two that differ on every request. */
function comparableHeaders(response: LightMyRequestResponse) {
  const { date: _date, 'x-request-id': _requestId, ...rest } = response.headers;
  return rest;
}

describe('the pre-login cookie is dead after sign-in', () => {
  it('sign-in: the cookie held before (an earlier session of the account) no longer maps to a session; the new one works', async () => {
    const account = await signUp(ctx.app);
    const oldSid = sidOf(account.cookie);
    expect(await sessionRow(oldSid)).toBeDefined();

    const response = await login(account.email, account.password, { cookie: account.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: account.id, email: account.email });
    const fresh = sessionCookie(response);
    expect(fresh).not.toBe(account.cookie);
    expect(sidOf(fresh)).not.toBe(oldSid);

    expect(await sessionRow(oldSid)).toBeUndefined();
    expect((await currentUser(account.cookie)).statusCode).toBe(401);
    const me = await currentUser(fresh);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: account.id });
  });

  it('sign-in: a visitor session issued before sign-in (admin sign-in without an account) no longer maps to a session', async () => {
    const account = await signUp(ctx.app);
    const visitor = await adminLogin();
    expect(visitor.statusCode).toBe(204);
    const preLogin = sessionCookie(visitor);
    expect((await sessionRow(sidOf(preLogin)))?.sess).toEqual({ isAdmin: true });

    const response = await login(account.email, account.password, { cookie: preLogin });
    expect(response.statusCode).toBe(200);
    const fresh = sessionCookie(response);
    expect(sidOf(fresh)).not.toBe(sidOf(preLogin));

    expect(await sessionRow(sidOf(preLogin))).toBeUndefined();
    expect((await currentUser(preLogin)).statusCode).toBe(401);
    expect(await adminSession(preLogin)).toEqual({ isAdmin: false });
    expect((await currentUser(fresh)).json()).toMatchObject({ id: account.id });
  });

  it('sign-up: the cookie held before no longer maps to a session; the new one is the new account', async () => {
    const preLogin = sessionCookie(await adminLogin());
    const email = uniqueEmail('fresh');
    const response = await inject('POST', '/api/auth/register', { payload: { email, password: 'correct horse battery' }, headers: { cookie: preLogin } });
    expect(response.statusCode).toBe(201);
    const fresh = sessionCookie(response);
    expect(sidOf(fresh)).not.toBe(sidOf(preLogin));

    expect(await sessionRow(sidOf(preLogin))).toBeUndefined();
    expect((await currentUser(preLogin)).statusCode).toBe(401);
    expect(await adminSession(preLogin)).toEqual({ isAdmin: false });
    expect((await currentUser(fresh)).json()).toMatchObject({ id: response.json<{ id: string }>().id, email });
  });

  it('admin sign-in: the user cookie held before is dead; the new cookie is the same user with the admin flag', async () => {
    const account = await signUp(ctx.app);
    const response = await adminLogin(account.cookie);
    expect(response.statusCode).toBe(204);
    const admin = sessionCookie(response);
    expect(sidOf(admin)).not.toBe(sidOf(account.cookie));

    expect(await sessionRow(sidOf(account.cookie))).toBeUndefined();
    expect((await currentUser(account.cookie)).statusCode).toBe(401);
    expect((await currentUser(admin)).json()).toMatchObject({ id: account.id });
    expect(await adminSession(admin)).toEqual({ isAdmin: true });
  });

  it('a session id planted by someone else (session fixation) never becomes the signed-in session', async () => {
    const attacker = await signUp(ctx.app);
    const victim = await signUp(ctx.app);
    // The attacker's own valid cookie, and a validly signed id of the attacker's choosing, in the victim's browser.
    const chosenSid = 'attacker-chosen-session-id';
    const forged = `sanga.sid=${ctx.app.signCookie(chosenSid)}`;
    for (const planted of [attacker.cookie, forged]) {
      const response = await login(victim.email, victim.password, { cookie: planted });
      expect(response.statusCode).toBe(200);
      const fresh = sessionCookie(response);
      expect(sidOf(fresh)).not.toBe(sidOf(planted));
      expect((await currentUser(planted)).statusCode).toBe(401);
      expect((await currentUser(fresh)).json()).toMatchObject({ id: victim.id });
    }
    expect(await sessionRow(chosenSid)).toBeUndefined();
  });
});

describe('the cookie is dead after logout and after password reset', () => {
  it('after logout: the exact old cookie value replayed gets 401 on GET /api/auth/user', async () => {
    const account = await signUp(ctx.app);
    const sid = sidOf(account.cookie);
    const rowsBefore = await countRows(sessions);

    const response = await inject('POST', '/api/logout', { headers: { cookie: account.cookie } });
    expect(response.statusCode).toBe(204);
    expectCookieCleared(response);
    expect(await sessionRow(sid)).toBeUndefined();
    expect(await countRows(sessions)).toBe(rowsBefore - 1);

    // The browser would forget the cookie; an attacker who copied it replays the exact value.
    expect((await currentUser(account.cookie)).statusCode).toBe(401);
    expect((await inject('GET', '/api/profile', { headers: { cookie: account.cookie } })).statusCode).toBe(401);
    expect((await inject('POST', '/api/profile', { headers: { cookie: account.cookie }, payload: validProfileInput() })).statusCode).toBe(401);
    expect((await inject('POST', '/api/objects/upload', { headers: { cookie: account.cookie } })).statusCode).toBe(401);
  });

  it('after logout: an admin session replayed is neither admin nor signed in', async () => {
    const account = await signUp(ctx.app);
    const admin = sessionCookie(await adminLogin(account.cookie));
    expect((await inject('POST', '/api/logout', { headers: { cookie: admin } })).statusCode).toBe(204);
    expect((await currentUser(admin)).statusCode).toBe(401);
    expect(await adminSession(admin)).toEqual({ isAdmin: false });
    expect((await inject('GET', '/api/admin/user-profiles', { headers: { cookie: admin } })).statusCode).toBe(401);
  });

  it('after password reset: every earlier cookie of the user (two devices, one of them admin) is dead; the old password fails and the new one works', async () => {
    const account = await signUp(ctx.app); // device 1
    const secondDevice = await login(account.email, account.password);
    expect(secondDevice.statusCode).toBe(200);
    // Device 2 also carries the admin flag: it must end as well.
    const device2 = sessionCookie(await adminLogin(sessionCookie(secondDevice)));
    expect(await adminSession(device2)).toEqual({ isAdmin: true });
    const bystander = await signUp(ctx.app);

    const requested = await inject('POST', '/api/auth/password-reset', { payload: { email: account.email } });
    expect(requested.statusCode).toBe(202);
    await settleJobs(ctx.app);
    const token = resetTokenFor(account.email);

    // Confirmed from device 1 while it is still signed in: its cookie is cleared in the answer too.
    const confirm = await inject('POST', '/api/auth/password-reset/confirm', {
      payload: { token, password: 'a brand new password' },
      headers: { cookie: account.cookie },
    });
    expect(confirm.statusCode).toBe(204);
    expectCookieCleared(confirm);

    for (const cookie of [account.cookie, device2]) {
      expect((await currentUser(cookie)).statusCode).toBe(401);
      expect(await sessionRow(sidOf(cookie))).toBeUndefined();
    }
    expect(await adminSession(device2)).toEqual({ isAdmin: false });
    expect((await inject('GET', '/api/admin/user-profiles', { headers: { cookie: device2 } })).statusCode).toBe(401);
    const leftOfUser = await ctx.database.db.select().from(sessions).where(sql`${sessions.sess}->>'userId' = ${account.id}`);
    expect(leftOfUser).toEqual([]);
    // Someone else's session is untouched.
    expect((await currentUser(bystander.cookie)).statusCode).toBe(200);

    expect((await login(account.email, account.password)).statusCode).toBe(401);
    const signedIn = await login(account.email, 'a brand new password');
    expect(signedIn.statusCode).toBe(200);
    expect((await currentUser(sessionCookie(signedIn))).json()).toMatchObject({ id: account.id });
  });
});

describe('sign-in with an unknown email and with a wrong password give identical responses', () => {
  it('the same status, body bytes and headers (content-type, content-length, all others but date and request id), and no cookie', async () => {
    const account = await signUp(ctx.app);
    const wrongPassword = await login(account.email, 'not the password');
    const unknownEmail = await login(uniqueEmail('nobody'), 'not the password');

    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.rawPayload.equals(unknownEmail.rawPayload)).toBe(true);
    expect(wrongPassword.json()).toEqual({ code: 'sign-in-invalid', message: 'Invalid email or password', errors: [] });
    expect(wrongPassword.headers['content-type']).toBe(unknownEmail.headers['content-type']);
    expect(wrongPassword.headers['content-length']).toBe(unknownEmail.headers['content-length']);
    expect(comparableHeaders(wrongPassword)).toEqual(comparableHeaders(unknownEmail));
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
    expect(unknownEmail.headers['set-cookie']).toBeUndefined();
  });

  it('the per-email limit treats an unknown email exactly like a known one', async () => {
    const account = await signUp(ctx.app);
    const unknown = uniqueEmail('nobody');
    // The strict counter is per (email, address): each email from one address of its own.
    const [knownIp, unknownIp] = [nextIp(), nextIp()];
    const answers: Record<string, LightMyRequestResponse[]> = { known: [], unknown: [] };
    for (let i = 0; i < 11; i++) {
      answers.known!.push(await login(account.email, `wrong ${i}`, { ip: knownIp }));
      answers.unknown!.push(await login(unknown, `wrong ${i}`, { ip: unknownIp }));
    }
    for (let i = 0; i < 11; i++) {
      const [known, other] = [answers.known![i]!, answers.unknown![i]!];
      expect(known.statusCode).toBe(i < 10 ? 401 : 429);
      expect(other.statusCode).toBe(known.statusCode);
      expect(other.body).toBe(known.body);
    }
  });

  it('sign-up with a registered email reveals only that it is taken (409 on the email field): no session, no account data, the account untouched', async () => {
    const account = await signUp(ctx.app);
    const usersBefore = await countRows(users);
    const response = await inject('POST', '/api/auth/register', { payload: { email: account.email.toUpperCase(), password: 'an attacker password' } });
    expect(response.statusCode).toBe(409);
    // Exactly the message and the field: nothing about the account (no id, no dates, no name).
    expect(response.json()).toEqual({
      code: 'email-taken',
      message: 'An account with this email already exists',
      errors: [{ path: 'email', code: 'emailTaken', message: 'Email is already registered' }],
    });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await countRows(users)).toBe(usersBefore);
    // The owner keeps their password and session; the attacker's password opens nothing.
    expect((await currentUser(account.cookie)).statusCode).toBe(200);
    expect((await login(account.email, 'an attacker password')).statusCode).toBe(401);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it('a password-reset request answers the same for a known and an unknown email, and mails only the known one', async () => {
    const account = await signUp(ctx.app);
    const ghost = uniqueEmail('ghost');
    // The sign-up's verification mail goes first, so only what the reset requests send is compared.
    await settleJobs(ctx.app);
    const mailsBefore = outbox.length;
    const known = await inject('POST', '/api/auth/password-reset', { payload: { email: account.email } });
    const unknown = await inject('POST', '/api/auth/password-reset', { payload: { email: ghost } });
    await settleJobs(ctx.app);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.rawPayload.equals(unknown.rawPayload)).toBe(true);
    expect(comparableHeaders(known)).toEqual(comparableHeaders(unknown));
    expect(outbox.slice(mailsBefore).map((m) => m.to)).toEqual([account.email]);
  });

  it('a password-reset request answers the same for a known and an unknown email even when the mail cannot be sent', async () => {
    const failing: Mailer = {
      async send() {
        throw new Error('SMTP server unreachable');
      },
    };
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger: false, mailer: failing });
    try {
      const account = await signUp(app);
      const known = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: account.email }, remoteAddress: nextIp() });
      const unknown = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: uniqueEmail('ghost') }, remoteAddress: nextIp() });
      expect(unknown.statusCode).toBe(202);
      expect(known.statusCode).toBe(unknown.statusCode);
      expect(known.rawPayload.equals(unknown.rawPayload)).toBe(true);
      expect(comparableHeaders(known)).toEqual(comparableHeaders(unknown));
    } finally {
      await app.close();
    }
  });
});

describe('the login limit answers 429', () => {
  function expect429(response: LightMyRequestResponse) {
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ code: 'too-many-requests', message: 'Too many requests, please try again later', errors: [] });
    expect(response.headers['set-cookie']).toBeUndefined();
  }

  it('per email and address: the 11th attempt from one address in 15 minutes gets 429 with Retry-After and {message, errors}, even with the right password', async () => {
    const account = await signUp(ctx.app);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(account.email, `wrong ${i}`, { ip })).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    expect429(await login(account.email, 'wrong again', { ip }));
    expect429(await login(account.email.toUpperCase(), account.password, { ip }));
    // The account itself is fine: its existing session still works.
    expect((await currentUser(account.cookie)).statusCode).toBe(200);
  });

  it('targeted lockout is gone: 10 wrong passwords from address A, then the right password from address B signs in', async () => {
    const account = await signUp(ctx.app);
    const [attacker, owner] = [nextIp(), nextIp()];
    for (let i = 0; i < 10; i++) expect((await login(account.email, `wrong ${i}`, { ip: attacker })).statusCode).toBe(401);
    expect429(await login(account.email, 'wrong again', { ip: attacker }));
    expect((await login(account.email, account.password, { ip: owner })).statusCode).toBe(200);
  });

  it('per email over all addresses: past 100 failures each address gets one guess, and a fresh address still gets in with the right password', async () => {
    const account = await signUp(ctx.app);
    // 100 failures spread over 20 addresses (5 each, under the strict limit of 10).
    const spread = Array.from({ length: 20 }, () => nextIp());
    for (let i = 0; i < 100; i++) expect((await login(account.email, `wrong ${i}`, { ip: spread[i % 20] })).statusCode).toBe(401);
    // Past the ceiling, an address that already failed for this email is refused, even though it is under 10.
    expect429(await login(account.email, 'wrong again', { ip: spread[0] }));
    // A new address gets one guess, then 429.
    const fresh = nextIp();
    expect((await login(account.email, 'one more guess', { ip: fresh })).statusCode).toBe(401);
    expect429(await login(account.email, 'and another', { ip: fresh }));
    // The owner, from an address of their own, signs in.
    expect((await login(account.email, account.password, { ip: nextIp() })).statusCode).toBe(200);
    // 105 password checks (Argon2, CPU-bound by design) in a row: more than the default bound on a busy 2-core machine.
  }, 90_000);

  it('per IP: the 31st attempt from one address in 15 minutes gets 429 across emails; another address is not affected', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(uniqueEmail('spray'), 'whatever', { ip })).statusCode);
    expect(statuses).toEqual(Array(30).fill(401));
    const account = await signUp(ctx.app);
    expect429(await login(account.email, account.password, { ip }));
    expect((await login(account.email, account.password, { ip: nextIp() })).statusCode).toBe(200);
  });
});

describe('cross-site state-changing requests are refused', () => {
  const EVIL = 'https://evil.example';
  const SAME_ORIGIN = 'http://localhost';
  let woman: Awaited<ReturnType<typeof signUp>>;
  let man: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    // A pair who may write to each other, so a refused message is refused for being cross-site only.
    woman = (await createProfileUser(ctx.app, { gender: 'woman', name: 'Radha Devi' })).account;
    man = (await createProfileUser(ctx.app, { gender: 'man', name: 'Krishna Das', dateOfBirth: '1990-02-02' })).account;
  });

  /** What an HTML form with enctype="text/plain" on another site can send: a body that happens to be JSON. */
  const formPost = (url: string, body: unknown, headers: Headers) =>
    inject('POST', url, { payload: JSON.stringify(body), headers: { 'content-type': 'text/plain', ...headers } });
  const profileOf = async (userId: string) => (await ctx.database.db.select().from(profiles).where(eq(profiles.userId, userId)))[0];

  it('a form POST with text/plain from another Origin gets 403 on sign-in, sign-up, profile, messages, admin sign-in and logout, and changes nothing', async () => {
    const victim = await signUp(ctx.app);
    const newEmail = uniqueEmail('csrf');
    const sessionsBefore = await countRows(sessions);
    const messagesBefore = await countRows(messages);
    const usersBefore = await countRows(users);

    const attempts = [
      await formPost('/api/auth/login', { email: victim.email, password: victim.password }, { origin: EVIL }),
      await formPost('/api/auth/register', { email: newEmail, password: 'correct horse battery' }, { origin: EVIL }),
      await formPost('/api/profile', validProfileInput(), { origin: EVIL, cookie: victim.cookie }),
      await formPost('/api/messages', { receiverId: man.id, content: 'Sent by another site' }, { origin: EVIL, cookie: woman.cookie }),
      await formPost('/api/admin/login', { password: ADMIN_PASSWORD }, { origin: EVIL, cookie: victim.cookie }),
      await formPost('/api/logout', {}, { origin: EVIL, cookie: victim.cookie }),
      await formPost('/api/auth/password-reset', { email: victim.email }, { origin: EVIL }),
      // A bodiless POST (fetch with no-cors, or a form without fields).
      await inject('POST', '/api/logout', { headers: { origin: EVIL, cookie: victim.cookie } }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'cross-site-refused', message: 'Cross-site request refused', errors: [] });
      expect(response.headers['set-cookie']).toBeUndefined();
    }

    expect(await countRows(sessions)).toBe(sessionsBefore);
    expect(await countRows(messages)).toBe(messagesBefore);
    expect(await countRows(users)).toBe(usersBefore);
    expect(await profileOf(victim.id)).toBeUndefined();
    // Still signed in, and not an admin.
    expect((await currentUser(victim.cookie)).statusCode).toBe(200);
    expect(await adminSession(victim.cookie)).toEqual({ isAdmin: false });
  });

  it('without an Origin header, text/plain still gets 415 (JSON bodies only), as do the other form encodings', async () => {
    const victim = await signUp(ctx.app);
    const messagesBefore = await countRows(messages);
    const textPlain = [
      await inject('POST', '/api/auth/login', { payload: 'email=a@example.com', headers: { 'content-type': 'text/plain' } }),
      await formPost('/api/profile', validProfileInput(), { cookie: victim.cookie }),
      await formPost('/api/messages', { receiverId: man.id, content: 'No origin' }, { cookie: woman.cookie }),
      await formPost('/api/admin/login', { password: ADMIN_PASSWORD }, {}),
    ];
    const otherForms = [
      await inject('POST', '/api/profile', { payload: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: victim.cookie } }),
      await inject('POST', '/api/messages', {
        payload: '--b\r\nContent-Disposition: form-data; name="content"\r\n\r\nhi\r\n--b--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=b', cookie: woman.cookie },
      }),
    ];
    for (const response of [...textPlain, ...otherForms]) {
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'unsupported-media-type-json', message: expect.any(String), errors: [] });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await countRows(messages)).toBe(messagesBefore);
    expect(await profileOf(victim.id)).toBeUndefined();
  });

  it('Origin: null (a sandboxed frame or a data: page) gets 403', async () => {
    const messagesBefore = await countRows(messages);
    const response = await inject('POST', '/api/messages', {
      payload: { receiverId: man.id, content: 'From a sandboxed frame' },
      headers: { origin: 'null', cookie: woman.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(await countRows(messages)).toBe(messagesBefore);
  });

  it('Sec-Fetch-Site: cross-site with a JSON body gets 403 (POST, PATCH, PUT) and changes nothing', async () => {
    const victim = await signUp(ctx.app);
    const messagesBefore = await countRows(messages);
    const headers = (cookie: string): Headers => ({ cookie, 'sec-fetch-site': 'cross-site' });
    const attempts = [
      await inject('POST', '/api/messages', { payload: { receiverId: man.id, content: 'Cross-site JSON' }, headers: headers(woman.cookie) }),
      await inject('POST', '/api/profile', { payload: validProfileInput(), headers: headers(victim.cookie) }),
      await inject('PATCH', '/api/profile/toggle-active', { payload: { active: false }, headers: headers(woman.cookie) }),
      await inject('PUT', '/api/profile-photos', { payload: { photoURL: '/api/uploads/x' }, headers: headers(woman.cookie) }),
      await inject('POST', '/api/logout', { headers: headers(victim.cookie) }),
      await inject('POST', '/api/auth/login', { payload: { email: victim.email, password: victim.password }, headers: { 'sec-fetch-site': 'cross-site' } }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect(await countRows(messages)).toBe(messagesBefore);
    expect(await profileOf(victim.id)).toBeUndefined();
    expect((await profileOf(woman.id))?.profileActive).toBe(true);
    expect((await currentUser(victim.cookie)).statusCode).toBe(200);
  });

  it('a same-origin JSON request works (control)', async () => {
    const victim = await signUp(ctx.app);
    const sameOrigin = (cookie?: string): Headers => ({ origin: SAME_ORIGIN, 'sec-fetch-site': 'same-origin', ...withCookie(cookie) });

    const signedIn = await inject('POST', '/api/auth/login', { payload: { email: victim.email, password: victim.password }, headers: sameOrigin() });
    expect(signedIn.statusCode).toBe(200);
    const cookie = sessionCookie(signedIn);
    expect((await inject('POST', '/api/profile', { payload: validProfileInput(), headers: sameOrigin(cookie) })).statusCode).toBe(201);
    const sent = await inject('POST', '/api/messages', { payload: { receiverId: man.id, content: 'Same origin' }, headers: sameOrigin(woman.cookie) });
    expect(sent.statusCode).toBe(201);
    // With an explicit port, and without any Origin (a non-browser client), too.
    const explicitPort = await inject('POST', '/api/messages', {
      payload: { receiverId: man.id, content: 'Same origin, port 80' },
      headers: { origin: 'http://localhost:80', host: 'localhost:80', cookie: woman.cookie },
    });
    expect(explicitPort.statusCode).toBe(201);
    expect((await inject('POST', '/api/messages', { payload: { receiverId: man.id, content: 'No Origin' }, headers: { cookie: woman.cookie } })).statusCode).toBe(201);
    const loggedOut = await inject('POST', '/api/logout', { headers: { origin: 'http://localhost:80', host: 'localhost:80', cookie } });
    expect(loggedOut.statusCode).toBe(204);
    expect((await currentUser(cookie)).statusCode).toBe(401);
  });

  it('behind a proxy, the PUBLIC_URL origin is the same site and any other is refused', async () => {
    const app = await buildApp({ config: { ...ctx.config, publicUrl: 'https://sanga.example.org' }, database: ctx.database, logger: false });
    try {
      const account = await signUp(app);
      const logout = (origin: string) =>
        app.inject({ method: 'POST', url: '/api/logout', headers: { origin, host: 'internal:5000', cookie: account.cookie }, remoteAddress: nextIp() });
      expect((await logout('https://evil.example')).statusCode).toBe(403);
      expect((await logout('http://sanga.example.org')).statusCode).toBe(403);
      expect((await logout('https://sanga.example.org')).statusCode).toBe(204);
    } finally {
      await app.close();
    }
  });
});

describe('security headers are present on pages and on photos', () => {
  function expectSecurityHeaders(response: LightMyRequestResponse) {
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  }

  it('on pages: the app at / and at a deep link (CSP with frame-ancestors, nosniff, referrer policy)', async () => {
    for (const url of ['/', '/browse', '/match/00000000-0000-4000-8000-000000000000']) {
      const response = await inject('GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root"></div>'); // index.html, with the site JSON in its head (site-info.test.ts)
      expectSecurityHeaders(response);
    }
  });

  it('on an /api JSON answer', async () => {
    const account = await signUp(ctx.app);
    const response = await currentUser(account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expectSecurityHeaders(response);
  });

  it('on error answers (401, 400, 403, 404, 415, 429)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) await login(uniqueEmail('headers'), 'whatever', { ip });
    const errors = [
      [401, await inject('GET', '/api/auth/user')],
      [400, await inject('POST', '/api/auth/login', { payload: { email: 'not-an-email' } })],
      [403, await inject('POST', '/api/logout', { headers: { origin: 'https://evil.example' } })],
      [404, await inject('GET', '/api/does-not-exist')],
      [404, await inject('GET', '/objects/photos/AAAAAAAAAAAAAAAAAAAAAAAA.jpg')],
      [415, await inject('POST', '/api/auth/login', { payload: 'x', headers: { 'content-type': 'text/plain' } })],
      [429, await login(uniqueEmail('headers'), 'whatever', { ip })],
    ] as const;
    for (const [status, response] of errors) {
      expect(response.statusCode).toBe(status);
      expectSecurityHeaders(response);
    }
  });

  it('on addresses refused before routing (a bad escape, an over-long id): the {message, errors} body, nosniff, no framing', async () => {
    for (const [url, status, code] of [['/objects/photos/%', 400, 'bad-url'], [`/api/user/${'a'.repeat(201)}/info`, 414, 'url-too-long']] as const) {
      const response = await inject('GET', url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ code, message: expect.any(String), errors: [] });
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('on a photo served to its owner: also Cache-Control private (and a stranger gets a 404 with the same headers)', async () => {
    const { account, photos } = await createProfileUser(ctx.app);
    const response = await inject('GET', photos[0]!, { headers: { cookie: account.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expectSecurityHeaders(response);
    expect(String(response.headers['cache-control'])).toMatch(/^private\b/);

    const stranger = await signUp(ctx.app);
    const refused = await inject('GET', photos[0]!, { headers: { cookie: stranger.cookie } });
    expect(refused.statusCode).toBe(404);
    expectSecurityHeaders(refused);
  });
});
