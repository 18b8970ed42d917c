import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import type { PushDevice } from '#domain/messaging/push';
import { pushSubscriptions } from '#server/db/schema';
import { createProfileUser } from '#server/test/factories';
import { startTestPushService, testBrowser, type TestPushService } from '#server/test/push-service';
import { createCapturingMailer, createTestContext, settleJobs, signUp, TEST_VAPID, type TestContext } from '#server/test/test-app';

/**
 * Web Push, end to end on the database the run uses (PGlite, or PostgreSQL with DATABASE_URL): a member's
 * browser subscribes, a message or an introduction is pushed to a real push service on the loopback address that
 * verifies the VAPID signature and decrypts the payload with the browser's keys, and mail goes only when no push did.
 */
let ctx: TestContext;
let service: TestPushService;
const mailer = createCapturingMailer();

beforeAll(async () => {
  service = await startTestPushService();
  ctx = await createTestContext({ pushEndpointAllow: [service.origin], adminPassword: 'the-admin-password' }, { mailer });
});
afterAll(async () => {
  await ctx.close();
  await service.close();
});
beforeEach(async () => {
  await settleJobs(ctx.app);
  mailer.sent.length = 0;
  service.received.length = 0;
  service.refused.length = 0;
});

/** The new-message mails sent (sign-ups send mails of their own). */
const messageMails = () => mailer.sent.filter((mail) => mail.subject === 'Sanga: a new message').map((mail) => mail.to);

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), 'user-agent': 'Mozilla/5.0 (Android 14; Mobile) Firefox/140.0' }, payload: payload as object | undefined });

let devices = 0;
/** A browser of this member subscribed at the loopback push service. */
async function subscribedBrowser(cookie: string) {
  devices += 1;
  const browser = testBrowser(`${service.origin}/push/device-${devices}`);
  const created = await call('POST', '/api/push/subscriptions', cookie, browser.subscription);
  expect(created.statusCode).toBe(201);
  return { browser, device: created.json<PushDevice>() };
}

async function matchedPair(names: [string, string]) {
  const woman = await createProfileUser(ctx.app, { gender: 'woman', name: names[0] });
  const man = await createProfileUser(ctx.app, { gender: 'man', name: names[1], dateOfBirth: '1990-02-02' });
  return { woman: woman.account, man: man.account };
}

describe('the server key and subscriptions', () => {
  it('gives its public key to anyone, and a subscription is listed, replaced, deleted by endpoint or by id', async () => {
    const key = await call('GET', '/api/push/public-key');
    expect(key.statusCode).toBe(200);
    expect(key.json()).toEqual({ publicKey: TEST_VAPID.publicKey });

    const member = await signUp(ctx.app);
    const { browser, device } = await subscribedBrowser(member.cookie);
    expect(device).toMatchObject({ endpoint: browser.subscription.endpoint, service: new URL(service.origin).host, userAgent: expect.stringContaining('Firefox') });
    expect(JSON.stringify(device)).not.toContain(browser.subscription.keys.auth);
    // The same browser again (a new key after the browser renewed it): still one device.
    const again = testBrowser(browser.subscription.endpoint);
    expect((await call('POST', '/api/push/subscriptions', member.cookie, again.subscription)).statusCode).toBe(201);
    const listed = (await call('GET', '/api/push/subscriptions', member.cookie)).json<PushDevice[]>();
    expect(listed.map((entry) => entry.endpoint)).toEqual([browser.subscription.endpoint]);
    const [row] = await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    expect(row!.p256dh).toBe(again.subscription.keys.p256dh);

    // Someone else's endpoint: nothing of theirs goes, and the answer does not say whether it exists.
    const stranger = await signUp(ctx.app);
    expect((await call('DELETE', '/api/push/subscriptions', stranger.cookie, { endpoint: browser.subscription.endpoint })).statusCode).toBe(204);
    expect((await call('DELETE', `/api/push/subscriptions/${listed[0]!.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call('GET', '/api/push/subscriptions', member.cookie)).json<PushDevice[]>()).toHaveLength(1);

    expect((await call('DELETE', '/api/push/subscriptions', member.cookie, { endpoint: browser.subscription.endpoint })).statusCode).toBe(204);
    expect((await call('GET', '/api/push/subscriptions', member.cookie)).json<PushDevice[]>()).toEqual([]);
    const second = await subscribedBrowser(member.cookie);
    expect((await call('DELETE', `/api/push/subscriptions/${second.device.id}`, member.cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/push/subscriptions', member.cookie)).json<PushDevice[]>()).toEqual([]);
  });

  it('refuses endpoints inside the network or not https with push-endpoint-refused, and malformed keys with 400', async () => {
    const member = await signUp(ctx.app);
    const { keys } = testBrowser('x').subscription;
    for (const endpoint of ['https://127.0.0.1/push', 'https://localhost/push', 'https://[::1]/push', 'https://169.254.169.254/latest', 'https://10.0.0.1/push', 'https://[fd00::1]/push', 'http://push.example.org/x', `${service.origin.replace('http:', 'https:')}/x`]) {
      const refused = await call('POST', '/api/push/subscriptions', member.cookie, { endpoint, keys });
      expect(refused.statusCode, endpoint).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'push-endpoint-refused' });
    }
    const badKeys = await call('POST', '/api/push/subscriptions', member.cookie, { endpoint: `${service.origin}/x`, keys: { p256dh: keys.auth, auth: keys.p256dh } });
    expect(badKeys.statusCode).toBe(400);
    expect((await call('GET', '/api/push/subscriptions', member.cookie)).json()).toEqual([]);
  });

  it('moves a browser to the member who subscribes it now (a shared phone)', async () => {
    const first = await signUp(ctx.app);
    const second = await signUp(ctx.app);
    const { browser } = await subscribedBrowser(first.cookie);
    expect((await call('POST', '/api/push/subscriptions', second.cookie, browser.subscription)).statusCode).toBe(201);
    expect((await call('GET', '/api/push/subscriptions', first.cookie)).json<PushDevice[]>()).toEqual([]);
    expect((await call('GET', '/api/push/subscriptions', second.cookie)).json<PushDevice[]>()).toHaveLength(1);
  });

  it('goes with the account when it is deleted, and the export lists devices without their keys', async () => {
    const member = await signUp(ctx.app);
    const { browser } = await subscribedBrowser(member.cookie);
    const exported = await call('GET', '/api/account/export', member.cookie);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(exported.rawPayload))['account.json']!)) as { pushDevices: unknown[] };
    expect(data.pushDevices).toEqual([expect.objectContaining({ endpoint: browser.subscription.endpoint })]);
    expect(JSON.stringify(data)).not.toContain(browser.subscription.keys.p256dh);
    expect(JSON.stringify(data)).not.toContain(browser.subscription.keys.auth);

    const deleted = await call('POST', '/api/account/delete', member.cookie, { password: member.password });
    expect(deleted.statusCode).toBe(204);
    expect(await ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint))).toEqual([]);
  });
});

describe('a push instead of a mail', () => {
  it('pushes a new message, signed and encrypted, naming who wrote and where, never what; no mail goes', async () => {
    const { woman, man } = await matchedPair(['Radha Pushtest', 'Govinda Pushtest']);
    const { browser } = await subscribedBrowser(man.cookie);
    expect((await call('POST', '/api/messages', woman.cookie, { receiverId: man.id, content: 'A secret about kirtan' })).statusCode).toBe(201);
    await settleJobs(ctx.app);

    expect(service.refused).toEqual([]);
    expect(service.received).toHaveLength(1);
    const push = service.received[0]!;
    expect(push.publicKey).toBe(TEST_VAPID.publicKey);
    expect(push.claims.sub).toBe(TEST_VAPID.subject);
    expect(push.body.toString('latin1')).not.toContain('Radha');
    const payload = JSON.parse(browser.decrypt(push.body)) as Record<string, string>;
    expect(payload).toEqual({ title: 'New message from Radha', body: 'Open Sanga to read and reply.', url: `/conversation/${woman.id}`, tag: `conversation:${woman.id}` });
    expect(JSON.stringify(payload)).not.toContain('kirtan');
    expect(messageMails()).toEqual([]);
    const [device] = (await call('GET', '/api/push/subscriptions', man.cookie)).json<PushDevice[]>();
    expect(device!.lastPushAt).not.toBeNull();
  });

  it('writes the push in the member’s language, to every device', async () => {
    const { woman, man } = await matchedPair(['Sita Idioma', 'Rama Idioma']);
    expect((await call('PUT', '/api/account/preferences', woman.cookie, { language: 'es', notifyMessages: true, notifyIntroductions: true })).statusCode).toBe(200);
    const phone = await subscribedBrowser(woman.cookie);
    const laptop = await subscribedBrowser(woman.cookie);
    await call('POST', '/api/messages', man.cookie, { receiverId: woman.id, content: 'Hola' });
    await settleJobs(ctx.app);
    expect(service.received).toHaveLength(2);
    const titles = service.received.map((push) => {
      const browser = push.path === new URL(phone.device.endpoint).pathname ? phone.browser : laptop.browser;
      return (JSON.parse(browser.decrypt(push.body)) as { title: string }).title;
    });
    expect(titles).toEqual(['Mensaje nuevo de Rama', 'Mensaje nuevo de Rama']);
  });

  it('deletes a subscription its push service answers 410 or 404, and then mails (the member is away)', async () => {
    const { woman, man } = await matchedPair(['Tulasi Gone', 'Madhava Gone']);
    const { device } = await subscribedBrowser(man.cookie);
    const second = await subscribedBrowser(man.cookie);
    service.answer.set(new URL(device.endpoint).pathname, 410);
    service.answer.set(new URL(second.device.endpoint).pathname, 404);
    await call('POST', '/api/messages', woman.cookie, { receiverId: man.id, content: 'Are you there?' });
    await settleJobs(ctx.app);
    expect(service.received).toHaveLength(2);
    expect((await call('GET', '/api/push/subscriptions', man.cookie)).json<PushDevice[]>()).toEqual([]);
    expect(messageMails()).toEqual([man.email]);
  });

  it('mails when the push service fails (5xx), keeping the subscription; pushes nothing when push is switched off', async () => {
    const { woman, man } = await matchedPair(['Lalita Down', 'Gopal Down']);
    const { device } = await subscribedBrowser(man.cookie);
    service.answer.set(new URL(device.endpoint).pathname, 503);
    await call('POST', '/api/messages', woman.cookie, { receiverId: man.id, content: 'Hello' });
    await settleJobs(ctx.app);
    expect(service.received).toHaveLength(1);
    expect(messageMails()).toEqual([man.email]);
    expect((await call('GET', '/api/push/subscriptions', man.cookie)).json<PushDevice[]>()).toHaveLength(1);

    // Push off, mail on: a mail and no push (another conversation, outside the first one's 30-minute window).
    service.received.length = 0;
    mailer.sent.length = 0;
    const prefs = { language: 'en', notifyMessages: true, notifyIntroductions: true, pushMessages: false, pushIntroductions: true };
    expect((await call('PUT', '/api/account/preferences', man.cookie, prefs)).statusCode).toBe(200);
    const other = await createProfileUser(ctx.app, { gender: 'woman', name: 'Vishakha Other' });
    await call('POST', '/api/messages', other.account.cookie, { receiverId: man.id, content: 'Hi' });
    await settleJobs(ctx.app);
    expect(service.received).toEqual([]);
    expect(messageMails()).toEqual([man.email]);
  });

  it('pushes only, no mail, to a member who wants pushes and no message mails', async () => {
    const { woman, man } = await matchedPair(['Chandra Quiet', 'Hari Quiet']);
    await call('PUT', '/api/account/preferences', man.cookie, { language: 'en', notifyMessages: false, notifyIntroductions: true });
    await subscribedBrowser(man.cookie);
    const sent = await call('POST', '/api/messages', woman.cookie, { receiverId: man.id, content: 'Hello' });
    expect(sent.statusCode).toBe(201);
    await settleJobs(ctx.app);
    expect(service.received).toHaveLength(1);
    expect(messageMails()).toEqual([]);
  });

  it('pushes an introduction to the person asked, linking to /introductions', async () => {
    const adminCookie = (await call('POST', '/api/admin/login', undefined, { password: 'the-admin-password' })).cookies.find((c) => c.name === 'sanga.sid')!;
    const coordinator = await signUp(ctx.app);
    await call('PUT', `/api/admin/users/${coordinator.id}/roles`, `sanga.sid=${adminCookie.value}`, { coordinator: true, elder: false });
    const a = await createProfileUser(ctx.app, { name: 'Radha Intro', gender: 'woman', dateOfBirth: '1994-05-17', courtshipAlignment: 'either-with-guidance' });
    const b = await createProfileUser(ctx.app, { name: 'Govinda Intro', gender: 'man', dateOfBirth: '1990-02-11', courtshipAlignment: 'either-with-guidance' });
    const { browser } = await subscribedBrowser(a.account.cookie);
    await settleJobs(ctx.app);
    mailer.sent.length = 0;
    const proposed = await call('POST', '/api/introductions', coordinator.cookie, { memberA: a.account.id, memberB: b.account.id, note: 'Both sing kirtan' });
    expect(proposed.statusCode).toBe(201);
    await settleJobs(ctx.app);
    expect(service.received).toHaveLength(1);
    expect(JSON.parse(browser.decrypt(service.received[0]!.body))).toEqual({
      title: 'A coordinator proposes an introduction',
      body: 'Open Sanga to see who it is and answer.',
      url: '/introductions',
      tag: 'introductions',
    });
    expect(mailer.sent.filter((mail) => mail.to === a.account.email)).toEqual([]);
  });
});
