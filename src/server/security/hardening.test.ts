import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '#server/app';
import type { AppInstance } from '#server/app-types';
import type { Config } from '#server/config';
import { adminAudit, rateLimitCounters } from '#server/db/schema';
import { ADMIN_FAILURE_CEILING } from '#server/features/admin/admin.routes';
import { createSmtpMailer } from '#server/mail/mailer';
import { createProfileUser } from '#server/test/factories';
import { startSmtpSink, type SmtpSink } from '#server/test/smtp-sink';
import { createCapturingMailer, createTestContext, signUp, uniqueEmail, type TestContext, settleJobs } from '#server/test/test-app';

/**
 * The findings of the 2026-11 security review that inject() can show, one describe each; the event
 * stream and request-timeout findings need a listening server (src/server/realtime/session-streams.test.ts), the
 * targeted-lockout one lives with the other sign-in limits (session-account.test.ts).
 */
const ADMIN_PASSWORD = 'the-admin-password';
const mailer = createCapturingMailer();

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: ADMIN_PASSWORD }, { mailer });
});
afterAll(() => ctx.close());

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `198.18.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** An app of its own on the shared database, with config overrides and (optionally) a log to read. */
async function withApp<T>(overrides: Partial<Config>, run: (app: AppInstance, log: () => string) => Promise<T>, extra: { mailer?: typeof mailer } = {}) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const app = await buildApp({
    config: { ...ctx.config, ...overrides },
    database: ctx.database,
    // The production logger's options (serializers, redaction), written to a stream the test reads.
    logger: { ...(loggerOptions('info') as object), stream },
    mailer: extra.mailer,
  });
  try {
    return await run(app, () => lines.join(''));
  } finally {
    await app.close();
  }
}

const adminLogin = (app: AppInstance, password: string, options: { ip?: string; forwardedFor?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { password },
    remoteAddress: options.ip ?? '10.9.9.9',
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
  });

describe('finding 1: X-Forwarded-For is trusted only from TRUST_PROXY', () => {
  it('with PUBLIC_URL set and TRUST_PROXY unset, a rotating X-Forwarded-For gets 429 after the per-IP limit of 10', async () => {
    await withApp({ publicUrl: 'https://sanga.example.org', secureCookies: true, trustProxy: false }, async (app) => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await adminLogin(app, `guess ${i}`, { forwardedFor: `203.0.113.${i + 1}` })).statusCode);
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
      // The audit keeps the socket's address, not the one the caller wrote.
      const [row] = await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'admin.login.failed')).orderBy(desc(adminAudit.createdAt)).limit(1);
      expect(row!.ip).toBe('10.9.9.9');
    });
  });

  it('with TRUST_PROXY=1 the right-most hop is the client: what the caller prepends is ignored', async () => {
    await withApp({ trustProxy: 1 }, async (app) => {
      const proxy = '10.0.0.2';
      const statuses: number[] = [];
      // The client (198.51.100.7, added by our proxy) rotates a forged left-most entry: still one address.
      for (let i = 0; i < 11; i++) {
        statuses.push((await adminLogin(app, `guess ${i}`, { ip: proxy, forwardedFor: `203.0.113.${i + 1}, 198.51.100.7` })).statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      // Another client behind the same proxy is not affected, and the audit names it.
      expect((await adminLogin(app, 'guess', { ip: proxy, forwardedFor: '198.51.100.8' })).statusCode).toBe(401);
      const [row] = await ctx.database.db.select().from(adminAudit).where(eq(adminAudit.action, 'admin.login.failed')).orderBy(desc(adminAudit.createdAt)).limit(1);
      expect(row!.ip).toBe('198.51.100.8');
    });
  });

  it(`a global ceiling: after ${ADMIN_FAILURE_CEILING} failures from any addresses admin sign-in answers 429 for everyone (even the right password) and logs a warning`, async () => {
    // Limits are counted in the database, shared by every app on it: the failures of the tests above,
    // on this same database, would count towards the ceiling. Start from none.
    await ctx.database.db.delete(rateLimitCounters);
    await withApp({}, async (app, log) => {
      for (let i = 0; i < ADMIN_FAILURE_CEILING; i++) {
        // Five per address: each address stays under its own limit of ten.
        expect((await adminLogin(app, `guess ${i}`, { ip: `192.0.2.${Math.floor(i / 5) + 1}` })).statusCode).toBe(401);
      }
      const refused = await adminLogin(app, ADMIN_PASSWORD, { ip: '192.0.2.200' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({ code: 'too-many-requests', message: expect.any(String), errors: [] });
      const warnings = log().split('\n').filter((line) => line.includes('"level":40'));
      expect(warnings.some((line) => line.includes('admin sign-in closed for everyone'))).toBe(true);
    });
  });
});

describe('finding 2: a password-reset request answers before any work is done', () => {
  const SMTP_DELAY_MS = 1500;
  let sink: SmtpSink;
  let inbox: SmtpSink['inbox'];
  beforeAll(async () => {
    // A slow mail server: it takes 1.5 s to accept each message.
    sink = await startSmtpSink({ delayMs: SMTP_DELAY_MS });
    inbox = sink.inbox;
  });
  afterAll(() => sink.close());

  it('the 202 comes back long before the slow SMTP server has taken the mail, and the mail still arrives', async () => {
    const smtpMailer = createSmtpMailer(sink.url, ctx.config.mailFrom);
    const app = await buildApp({ config: ctx.config, database: ctx.database, logger: false, mailer: smtpMailer });
    try {
      const account = await signUp(app);
      const started = Date.now();
      const answer = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: account.email }, remoteAddress: nextIp() });
      const answeredIn = Date.now() - started;
      expect(answer.statusCode).toBe(202);
      expect(answeredIn).toBeLessThan(SMTP_DELAY_MS / 3);
      // The sign-up's verification mail goes to the same address: only the reset mail counts here.
      const resetMails = () => inbox.filter((m) => m.to === account.email && m.body.includes('Subject: Reset your Sanga password'));
      expect(resetMails()).toHaveLength(0);
      await settleJobs(app);
      expect(resetMails()).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe('finding 7: confirming one reset token spends every other token of the user', () => {
  it('two links requested, the first confirmed: the second is refused, and a later one works', async () => {
    const account = await signUp(ctx.app);
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: account.email }, remoteAddress: nextIp() });
      await settleJobs(ctx.app);
      tokens.push(/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mailer.sent.filter((m) => m.to === account.email && m.text.includes('reset-password')).at(-1)!.text)![1]!);
    }
    expect(new Set(tokens).size).toBe(2);
    const confirm = (token: string, password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password }, remoteAddress: nextIp() });
    expect((await confirm(tokens[0]!, 'the owner chose this')).statusCode).toBe(204);
    const second = await confirm(tokens[1]!, 'an attacker chose this');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ errors: [{ path: 'token' }] });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: 'the owner chose this' }, remoteAddress: nextIp() });
    expect(login.statusCode).toBe(200);
  });
});

describe('finding 11: returnTo beyond Latin-1 for a signed-in user', () => {
  it.each([
    ['/⁄⁄evil.example (U+2044)', '%2F%E2%81%84%E2%81%84evil.example'],
    ['a path with an emoji', '%2Fbrowse%F0%9F%98%80'],
    ['a space', '%2Fbrowse%20x'],
  ])('%s: a redirect to the default page, never a 5xx', async (_name, encoded) => {
    const account = await signUp(ctx.app);
    const response = await ctx.app.inject({ method: 'GET', url: `/api/login?returnTo=${encoded}`, headers: { cookie: account.cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/profile');
  });

  it('a plain same-site path still works', async () => {
    const account = await signUp(ctx.app);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/login?returnTo=%2Fconversation%2Fabc%3Fx%3D1', headers: { cookie: account.cookie } });
    expect(response.headers.location).toBe('/conversation/abc?x=1');
  });
});

describe('finding 13: reset links stay out of the production log', () => {
  it('NODE_ENV=production without SMTP_URL: the log says a mail was not sent, without the link or the recipient', async () => {
    await withApp({ env: 'production', smtpUrl: undefined }, async (app, log) => {
      const account = await signUp(app);
      await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: account.email }, remoteAddress: nextIp() });
      await settleJobs(app);
      expect(log()).toContain('mail not sent');
      expect(log()).not.toContain('reset-password?token=');
      expect(log()).not.toContain(account.email);
    });
  });

  it('in development the link is still logged, so a developer can follow it', async () => {
    await withApp({ env: 'development', smtpUrl: undefined }, async (app, log) => {
      const account = await signUp(app);
      await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: account.email }, remoteAddress: nextIp() });
      await settleJobs(app);
      expect(log()).toContain('reset-password?token=');
    });
  });
});

describe('finding 14: hygiene', () => {
  it('every /api answer (JSON, errors, redirects) carries Cache-Control: no-store', async () => {
    const account = await signUp(ctx.app);
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: account.cookie } }),
      await ctx.app.inject({ method: 'GET', url: '/api/auth/user' }),
      await ctx.app.inject({ method: 'GET', url: '/api/login?returnTo=/browse' }),
      await ctx.app.inject({ method: 'GET', url: '/api/no-such-route' }),
      await ctx.app.inject({ method: 'GET', url: '/api/match/%E0%A4%A' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 302, 404, 400]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('Permissions-Policy on API answers, pages, errors and addresses refused before routing', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/auth/user' }),
      await ctx.app.inject({ method: 'GET', url: '/healthz' }),
      await ctx.app.inject({ method: 'GET', url: '/some/page' }),
      await ctx.app.inject({ method: 'GET', url: '/api/match/%E0%A4%A' }),
    ];
    for (const answer of answers) {
      expect(answer.headers['permissions-policy']).toContain('camera=(self)');
      expect(answer.headers['permissions-policy']).toContain('microphone=()');
      expect(answer.headers['permissions-policy']).toContain('geolocation=()');
    }
  });

  it('the Origin check compares scheme and port too: https://localhost:80 and http://localhost:8080 are not http://localhost:80', async () => {
    const email = uniqueEmail('origin');
    const register = (origin: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/register', headers: { origin, host: 'localhost:80' }, payload: { email, password: 'long enough' }, remoteAddress: nextIp() });
    expect((await register('https://localhost:80')).statusCode).toBe(403);
    expect((await register('http://localhost:8080')).statusCode).toBe(403);
    expect((await register('http://localhost')).statusCode).toBe(201);
  });

  it('on https the session cookie is __Host-sanga.sid (Secure, Path=/, no Domain), and a plain sanga.sid is not read', async () => {
    await withApp({ publicUrl: 'https://sanga.example.org', secureCookies: true }, async (app) => {
      const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: uniqueEmail(), password: 'long enough' }, remoteAddress: nextIp() });
      const cookie = response.cookies.find((c) => c.name === '__Host-sanga.sid');
      expect(cookie).toMatchObject({ secure: true, path: '/' });
      expect(cookie!.domain).toBeUndefined();
      const me = (header: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: header } });
      expect((await me(`__Host-sanga.sid=${cookie!.value}`)).statusCode).toBe(200);
      expect((await me(`sanga.sid=${cookie!.value}`)).statusCode).toBe(401);
      const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: `__Host-sanga.sid=${cookie!.value}` } });
      const cleared = logout.cookies.find((c) => c.name === '__Host-sanga.sid');
      expect(cleared).toMatchObject({ value: '', secure: true, path: '/' });
    });
  });

  it('GET /api/messages/:id from a cross-site navigation is refused and marks nothing read; from the app it works', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman', name: 'Radha Devi' });
    const man = await createProfileUser(ctx.app, { gender: 'man', name: 'Krishna Das', dateOfBirth: '1990-02-02' });
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/messages', headers: { cookie: woman.account.cookie }, payload: { receiverId: man.account.id, content: 'Namaste' } });
    expect(sent.statusCode).toBe(201);
    const unread = async () => {
      const list = await ctx.app.inject({ method: 'GET', url: '/api/conversations', headers: { cookie: man.account.cookie } });
      return list.json<{ unreadCount: number }[]>()[0]!.unreadCount;
    };
    expect(await unread()).toBe(1);
    const thread = (site: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/messages/${woman.account.id}`, headers: { cookie: man.account.cookie, 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' } });
    for (const site of ['cross-site', 'same-site']) {
      const refused = await thread(site);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'cross-site-refused', message: expect.any(String), errors: [] });
    }
    expect(await unread()).toBe(1);
    expect((await thread('same-origin')).statusCode).toBe(200);
    expect(await unread()).toBe(0);
  });
});


describe('review #28.6 and #37.6: the request log holds no live token and no viewed member', () => {
  it('logs route patterns for API routes with params, ids out of page paths, and secrets of any query redacted', async () => {
    await withApp({ logRequests: true }, async (app, log) => {
      const viewer = await signUp(app);
      const viewed = '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab';
      const token = 'LiveResetToken_abcdefghijklmnopqrstuvwxyz0123';
      const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie }, remoteAddress: nextIp() });
      await get(`/reset-password?token=${token}`);
      await get(`/verify-email?token=${token}&lang=es`);
      await get(`/api/unsubscribe?token=${token}.signature`);
      await get(`/api/match/${viewed}`);
      await get(`/api/messages/${viewed}`);
      await get(`/api/coordinator/members/${viewed}`);
      await get(`/api/coordinator/members?filter=requested&q=Quetzalcoatlina`);
      await get(`/conversation/${viewed}`);
      await get(`/objects/photos/x.jpg?X-Amz-Signature=${token}&X-Amz-Credential=abc`);
      const text = log();
      expect(text).not.toContain(token);
      expect(text).not.toContain(viewed);
      expect(text).not.toContain('Quetzalcoatlina');
      const urls = text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { req?: { url?: string } })
        .flatMap((line) => (line.req?.url ? [line.req.url] : []));
      expect(urls).toEqual(
        expect.arrayContaining([
          '/reset-password?token=[redacted]',
          '/verify-email?token=[redacted]&lang=es',
          '/api/unsubscribe?token=[redacted]',
          '/api/match/:id',
          '/api/messages/:otherUserId',
          '/api/coordinator/members/:userId',
          '/api/coordinator/members?filter=requested&q=[redacted]',
          '/conversation/:id',
          '/objects/photos/:key?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]',
        ]),
      );
    });
  });
});

describe('review #28.11: small edges', () => {
  it('GET /api/account/export from a cross-site navigation is refused and uses up none of the three a day', async () => {
    const account = await signUp(ctx.app);
    const get = (site?: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: account.cookie, ...(site ? { 'sec-fetch-site': site } : {}) }, remoteAddress: nextIp() });
    for (let i = 0; i < 4; i++) {
      const refused = await get('cross-site');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ code: 'cross-site-refused', message: 'Cross-site request refused', errors: [] });
    }
    expect((await get('same-site')).statusCode).toBe(403);
    for (let i = 0; i < 3; i++) expect((await get(i === 0 ? 'same-origin' : undefined)).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(429);
  });
});
