import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { sessions } from '#server/db/schema';
import { createSmtpMailer } from '#server/mail/mailer';
import { startSmtpSink, type SmtpSink } from '#server/test/smtp-sink';
import { applicationBody } from '#server/test/fixtures';
import { createTestContext, sessionCookie, signUp, uniqueEmail, type TestContext, settleJobs } from '#server/test/test-app';
import { RETURNING_BROWSER_COOKIE, RETURNING_BROWSER_MAX_AGE_SECONDS, SIGNED_IN_HINT_COOKIE } from '#domain/accounts/session-hint';
import { SESSION_IDLE_MS, SessionStore } from './session-store';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
const currentUser = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

describe('POST /api/auth/register', () => {
  it('creates the account, trims and lower-cases the email, drops unknown fields, and signs in', async () => {
    const email = uniqueEmail('Reg');
    const response = await post('/api/auth/register', { email: `  ${email.toUpperCase()} `, password: 'long enough', isAdmin: true });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(String), email: email.toLowerCase() });
    const cookie = response.cookies.find((c) => c.name === 'sanga.sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await currentUser(sessionCookie(response));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ id: body.id, email: email.toLowerCase(), firstName: null, lastName: null, profileImageUrl: null, language: 'en', heightUnit: null, roles: [], emailVerified: false, verified: false, verifiedAt: null, verificationMethod: null, volunteer: 'none', hasProfile: false, guarding: false });
  });

  it('says whether the member has a volunteer application, and whether it is approved (issue 32.9)', async () => {
    const { cookie } = await signUp(ctx.app);
    const volunteerOf = async () => (await currentUser(cookie)).json<{ volunteer: string }>().volunteer;
    expect(await volunteerOf()).toBe('none');
    const applied = await ctx.app.inject({ method: 'POST', url: '/api/volunteer-application', headers: { cookie }, payload: applicationBody() });
    expect(applied.statusCode).toBe(201);
    expect(await volunteerOf()).toBe('pending');
    const admin = sessionCookie(await post('/api/admin/login', { password: 'test-admin-password' }));
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/admin/volunteer-applications?q=Gopal', headers: { cookie: admin } });
    for (const { id } of listed.json<{ id: string }[]>()) {
      await ctx.app.inject({ method: 'PATCH', url: `/api/admin/volunteer-applications/${id}`, headers: { cookie: admin }, payload: { approved: true } });
    }
    expect(await volunteerOf()).toBe('approved');
  });

  it('refuses a taken email with 409, whatever its case', async () => {
    const { email } = await signUp(ctx.app);
    const response = await post('/api/auth/register', { email: email.toUpperCase(), password: 'another password' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'email-taken', message: expect.any(String), errors: [{ path: 'email' }] });
  });

  it.each([
    ['an invalid email', { email: 'not-an-email', password: 'long enough' }, ['email']],
    ['a 7-character password', { email: uniqueEmail(), password: '1234567' }, ['password']],
    ['a 129-character password', { email: uniqueEmail(), password: 'x'.repeat(129) }, ['password']],
    ['no fields', {}, ['email', 'password']],
    ['wrong types', { email: 5, password: ['a'] }, ['email', 'password']],
  ])('answers 400 with field paths for %s', async (_name, payload, paths) => {
    const response = await post('/api/auth/register', payload);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors: { path: string; message: string }[] }>();
    expect(body.message).toBe('Invalid request');
    expect(body.errors.map((e) => e.path).sort()).toEqual(paths);
    for (const error of body.errors) expect(error.message.length).toBeGreaterThan(0);
  });

  it('accepts a password of exactly 8 and exactly 128 characters', async () => {
    expect((await post('/api/auth/register', { email: uniqueEmail(), password: '12345678' })).statusCode).toBe(201);
    expect((await post('/api/auth/register', { email: uniqueEmail(), password: 'y'.repeat(128) })).statusCode).toBe(201);
  });
});

describe('sessions', () => {
  it('GET /api/auth/user answers 401 when signed out and for a forged cookie', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await currentUser('sanga.sid=made-up.value')).statusCode).toBe(401);
  });

  it('keeps sessions server-side with a 14-day idle expiry, and refuses and purges expired ones', async () => {
    const account = await signUp(ctx.app);
    const rows = await ctx.database.db.select().from(sessions);
    const row = rows.find((r) => r.sess.userId === account.id)!;
    expect(Math.abs(row.expire.getTime() - (Date.now() + SESSION_IDLE_MS))).toBeLessThan(60_000);
    await ctx.database.db.update(sessions).set({ expire: new Date(Date.now() - 1000) }).where(eq(sessions.sid, row.sid));
    expect((await currentUser(account.cookie)).statusCode).toBe(401);
    const store = new SessionStore({ db: ctx.database.db, secureCookies: false });
    expect(await store.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect((await ctx.database.db.select().from(sessions).where(eq(sessions.sid, row.sid))).length).toBe(0);
  });

  it('sets the readable signed-in hint with the session, and clears it at logout and when the session is gone', async () => {
    const email = uniqueEmail('hint');
    const registered = await post('/api/auth/register', { email, password: 'long enough' });
    const hint = registered.cookies.find((c) => c.name === SIGNED_IN_HINT_COOKIE);
    // Readable by the page (not httpOnly), unsigned, and as long-lived as the session it hints at.
    expect(hint).toMatchObject({ value: '1', path: '/', maxAge: SESSION_IDLE_MS / 1000 });
    expect(hint?.httpOnly).toBeFalsy();
    const cookie = sessionCookie(registered);

    const cleared = (response: { cookies: { name: string; value: string; maxAge?: number; expires?: Date }[] }) => {
      const c = response.cookies.find((x) => x.name === SIGNED_IN_HINT_COOKIE);
      return c !== undefined && c.value === '' && (c.maxAge === 0 || (c.expires?.getTime() ?? Infinity) <= Date.now());
    };
    // The hint carries no authority: alone it signs nobody in, and a stale one is cleared.
    const alone = await currentUser(`${SIGNED_IN_HINT_COOKIE}=1`);
    expect(alone.statusCode).toBe(401);
    expect(cleared(alone)).toBe(true);
    // While the session lives, requests leave the hint alone.
    const me = await currentUser(`${cookie}; ${SIGNED_IN_HINT_COOKIE}=1`);
    expect(me.statusCode).toBe(200);
    expect(me.cookies.find((c) => c.name === SIGNED_IN_HINT_COOKIE)).toBeUndefined();

    const loggedOut = await post('/api/logout', undefined, { cookie: `${cookie}; ${SIGNED_IN_HINT_COOKIE}=1` });
    expect(loggedOut.statusCode).toBe(204);
    expect(cleared(loggedOut)).toBe(true);

    const login = await post('/api/auth/login', { email, password: 'long enough' });
    expect(login.statusCode).toBe(200);
    expect(login.cookies.find((c) => c.name === SIGNED_IN_HINT_COOKIE)?.value).toBe('1');
  });

  it('marks the cookie Secure and names it __Host-sanga.sid when PUBLIC_URL is https', async () => {
    const secure = await createTestContext({ publicUrl: 'https://sanga.example.org', secureCookies: true });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: uniqueEmail(), password: 'long enough' },
      });
      const cookie = response.cookies.find((c) => c.name === '__Host-sanga.sid');
      expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
      expect(cookie?.domain).toBeUndefined();
      expect(response.cookies.find((c) => c.name === 'sanga.sid')).toBeUndefined();
      // The prefixed cookie is the one read back.
      const me = await secure.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
      expect(me.statusCode).toBe(200);
    } finally {
      await secure.close();
    }
  });
});

describe('GET /api/login', () => {
  it.each([
    ['/browse', '/login?returnTo=%2Fbrowse'],
    [undefined, '/login?returnTo=%2Fprofile'],
    ['//evil.example', '/login?returnTo=%2Fprofile'],
    ['https://evil.example/x', '/login?returnTo=%2Fprofile'],
    ['/\\evil.example', '/login?returnTo=%2Fprofile'],
  ])('redirects a returning visitor with returnTo=%s to the sign-in screen', async (returnTo, location) => {
    const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
    const response = await ctx.app.inject({ method: 'GET', url: `/api/login${query}`, headers: { cookie: `${RETURNING_BROWSER_COOKIE}=1` } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(location);
  });

  it('sends a browser that never signed in to the sign-up form first (issue 32.9)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/login?returnTo=%2F%2Fevil.example' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login?mode=signup&returnTo=%2Fprofile');
  });

  it('marks the browser as returning at sign-up, for a year, and keeps the mark at logout', async () => {
    const registered = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: uniqueEmail('returning'), password: 'long enough' } });
    const mark = registered.cookies.find((c) => c.name === RETURNING_BROWSER_COOKIE);
    expect(mark).toMatchObject({ value: '1', path: '/', httpOnly: true, maxAge: RETURNING_BROWSER_MAX_AGE_SECONDS });
    const cookie = sessionCookie(registered);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.cookies.find((c) => c.name === RETURNING_BROWSER_COOKIE)).toBeUndefined();
    const next = await ctx.app.inject({ method: 'GET', url: '/api/login', headers: { cookie: `${RETURNING_BROWSER_COOKIE}=${mark?.value}` } });
    expect(next.headers.location).toBe('/login?returnTo=%2Fprofile');
  });

  it('sends a signed-in user straight to returnTo', async () => {
    const account = await signUp(ctx.app);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/login?returnTo=/browse', headers: { cookie: account.cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/browse');
  });
});

describe('password reset', () => {
  let sink: SmtpSink;
  let inbox: SmtpSink['inbox'];
  beforeAll(async () => {
    sink = await startSmtpSink();
    inbox = sink.inbox;
  });
  afterAll(() => sink.close());

  async function withSmtpApp<T>(run: (app: TestContext['app']) => Promise<T>): Promise<T> {
    const app = await buildApp({
      config: { ...ctx.config, publicUrl: 'http://sanga.test' },
      database: ctx.database,
      logger: false,
      mailer: createSmtpMailer(sink.url, ctx.config.mailFrom),
    });
    try {
      return await run(app);
    } finally {
      await app.close();
    }
  }

  const tokenFrom = (body: string) => {
    const unfolded = body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(unfolded);
    if (!match) throw new Error(`no token in mail:\n${body}`);
    return match[1]!;
  };

  it('answers 202 for known and unknown emails alike, and mails a link only to a real account', async () => {
    await withSmtpApp(async (app) => {
      const account = await signUp(app);
      // The sign-up's verification mail goes first, so only the reset's mail is counted below.
      await settleJobs(app);
      const before = inbox.length;
      const known = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: account.email } });
      const unknown = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: uniqueEmail('ghost') } });
      await settleJobs(app);
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(inbox.length).toBe(before + 1);
      expect(inbox.at(-1)!.to).toBe(account.email);
      expect(inbox.at(-1)!.text).toContain('http://sanga.test/reset-password?token=');
    });
  });

  it('sets the new password once, ends every session, and refuses the token a second time', async () => {
    await withSmtpApp(async (app) => {
      const account = await signUp(app);
      const otherSession = sessionCookie(
        await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } }),
      );
      await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: account.email } });
      await settleJobs(app);
      const token = tokenFrom(inbox.at(-1)!.body);

      const confirm = await app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'a brand new password' } });
      expect(confirm.statusCode).toBe(204);
      for (const cookie of [account.cookie, otherSession]) {
        expect((await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode).toBe(401);
      }
      const oldLogin = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
      expect(oldLogin.statusCode).toBe(401);
      const newLogin = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: 'a brand new password' } });
      expect(newLogin.statusCode).toBe(200);

      const again = await app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'yet another password' } });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ errors: [{ path: 'token' }] });
    });
  });

  it('refuses an expired token', async () => {
    await withSmtpApp(async (app) => {
      const account = await signUp(app);
      await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: account.email } });
      await settleJobs(app);
      const token = tokenFrom(inbox.at(-1)!.body);
      const { passwordResetTokens } = await import('#server/db/schema');
      await ctx.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1) });
      const confirm = await app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'a brand new password' } });
      expect(confirm.statusCode).toBe(400);
    });
  });

  it('writes the link to the log when no SMTP server is configured', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger: { level: 'info', stream } });
    try {
      const account = await signUp(app);
      await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: account.email } });
      await settleJobs(app);
      expect(lines.join('')).toContain('/reset-password?token=');
      expect(lines.join('')).not.toContain(account.password);
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  it('never contain a password, even when a request fails', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger: { level: 'trace', stream } });
    try {
      const password = 'secret-password-that-must-not-leak';
      const email = uniqueEmail();
      await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } });
      await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } });
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: `${password}x` } });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('')).not.toContain(password);
      expect(lines.join('')).not.toContain('$argon2id$');
    } finally {
      await app.close();
    }
  });
});
