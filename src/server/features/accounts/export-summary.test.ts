import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { introductionFollowUps, introductions, jobs, users } from '#server/db/schema';
import { createSmtpMailer } from '#server/mail/mailer';
import { createProfileUser } from '#server/test/factories';
import { startSmtpSink, type SmtpSink } from '#server/test/smtp-sink';
import { createTestContext, settleJobs, signUp, type TestContext } from '#server/test/test-app';

/**
 * The export's summary.txt (her language, people as she saw them, check-ins, no internal fields), the
 * JSON without leftover internal fields, and the mail that confirms a deletion to the address of an account gone.
 */
let ctx: TestContext;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({ publicUrl: 'http://sanga.test' }, { mailer: createSmtpMailer(sink.url, 'Sanga <no-reply@sanga.test>') });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

let ip = 0;
const inject = (method: string, url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method: method as 'GET', url, payload: payload as object, headers: cookie ? { cookie } : {}, remoteAddress: `10.78.0.${ip++ % 250}` });

async function exportOf(cookie: string) {
  const answer = await inject('GET', '/api/account/export', cookie);
  expect(answer.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(answer.rawPayload));
  return { summary: strFromU8(files['summary.txt']!), json: strFromU8(files['account.json']!), names: Object.keys(files) };
}

/** Her introduction with him, both accepted, and her check-in on it. */
async function introducedWithCheckIn(herId: string, himId: string, note: string) {
  const { db } = ctx.database;
  const [intro] = await db
    .insert(introductions)
    .values({ memberA: herId, memberB: himId, pairLow: herId < himId ? herId : himId, pairHigh: herId < himId ? himId : herId, status: 'courting', reachedFirstAt: new Date(), reachedSecondAt: new Date(), introducedAt: new Date() })
    .returning({ id: introductions.id });
  await db.insert(introductionFollowUps).values({ introductionId: intro!.id, userId: herId, status: 'continuing', note });
  return intro!.id;
}

describe('the export summary (summary.txt)', () => {
  for (const language of ['en', 'es'] as const) {
    it(`[${language}] is in her language, names people as she saw them (a deleted member too), holds her check-ins and no ids`, async () => {
      const her = await createProfileUser(ctx.app, { gender: 'woman', name: 'Tulasi Priya Devi' });
      const him = await createProfileUser(ctx.app, { gender: 'man', name: 'Madhava Kumar Das' });
      const gone = await createProfileUser(ctx.app, { gender: 'man', name: 'Gopal Vanished Das' });
      await ctx.database.db.update(users).set({ language }).where(eq(users.id, her.account.id));
      const introductionId = await introducedWithCheckIn(her.account.id, him.account.id, 'We met at the temple');
      expect((await inject('POST', '/api/messages', her.account.cookie, { receiverId: him.account.id, content: 'Hare Krishna' })).statusCode).toBe(201);
      expect((await inject('POST', '/api/messages', gone.account.cookie, { receiverId: her.account.id, content: 'Hello from Gopal' })).statusCode).toBe(201);
      expect((await inject('POST', '/api/messages', her.account.cookie, { receiverId: gone.account.id, content: 'Hello Gopal' })).statusCode).toBe(201);
      expect((await inject('POST', '/api/account/delete', gone.account.cookie, { password: gone.account.password })).statusCode).toBe(204);

      const { summary, json, names } = await exportOf(her.account.cookie);
      expect(names).toEqual(expect.arrayContaining(['account.json', 'summary.txt']));
      const words =
        language === 'en'
          ? { title: 'Your Sanga data', intro: 'introduction with Madhava (courting)', checkIn: 'Your check-in of', outcome: 'we are continuing — “We met at the temple”', him: 'Madhava: 1 sent, 0 received', gone: 'a deleted member: 1 sent, 1 received' }
          : { title: 'Tus datos de Sanga', intro: 'presentación con Madhava (en noviazgo)', checkIn: 'Tu seguimiento del', outcome: 'seguimos conociéndonos — “We met at the temple”', him: 'Madhava: 1 enviados, 0 recibidos', gone: 'una persona que eliminó su cuenta: 1 enviados, 1 recibidos' };
      expect(summary.split('\n')[0]).toBe(words.title);
      expect(summary).toContain(words.intro);
      expect(summary).toContain(words.checkIn);
      expect(summary).toContain(words.outcome);
      expect(summary).toContain(words.him);
      expect(summary).toContain(words.gone);
      // As she saw them: the first name only, never the rest of the other's profile name; nothing of the one gone.
      expect(summary).not.toContain('Kumar');
      expect(summary).not.toContain('Gopal');
      // No ids (hers, theirs, the introduction's), hashes or internal flags.
      for (const id of [her.account.id, him.account.id, gone.account.id, introductionId, her.profile.id]) expect(summary).not.toContain(id);
      expect(summary).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
      expect(summary).not.toMatch(/\b(true|false|null|undefined)\b/);

      // The JSON keeps her data and drops our internal fields.
      const data = JSON.parse(json) as { profile: Record<string, unknown>; messages: Array<Record<string, unknown>> };
      expect(data.profile).toMatchObject({ name: 'Tulasi Priya Devi' });
      for (const field of ['id', 'userId', 'profileComplete', 'locCity', 'communityKey', 'dobKey', 'matchKeysVersion']) expect(data.profile).not.toHaveProperty(field);
      expect(data.messages.length).toBe(3);
      for (const message of data.messages) expect(message).not.toHaveProperty('system');
    });
  }

  it('an account without a profile or anything else still gets a summary (English by default)', async () => {
    const account = await signUp(ctx.app);
    const { summary } = await exportOf(account.cookie);
    expect(summary).toContain('Your Sanga data');
    expect(summary).toContain('No introductions.');
    expect(summary).toContain('No messages.');
  });
});

describe('deleting an account', () => {
  for (const language of ['en', 'es'] as const) {
    it(`[${language}] a mail confirms it to the address, greeting her by the name she gave, after the account is gone (through the outbox)`, async () => {
      const her = await createProfileUser(ctx.app, { gender: 'woman', name: 'Radha Rani Devi' });
      await ctx.database.db.update(users).set({ language }).where(eq(users.id, her.account.id));
      await settleJobs(ctx.app);
      const before = sink.inbox.length;
      expect((await inject('POST', '/api/account/delete', her.account.cookie, { password: her.account.password })).statusCode).toBe(204);
      expect(await ctx.database.db.select().from(users).where(eq(users.id, her.account.id))).toEqual([]);
      // Queued in the deletion's transaction, after the step that drops every mail queued to her address.
      const queued = await ctx.database.db.select().from(jobs).where(eq(jobs.kind, 'mail'));
      expect(queued.some((job) => (job.payload as { to?: string }).to === her.account.email)).toBe(true);
      await settleJobs(ctx.app);
      const mails = sink.inbox.slice(before).filter((m) => m.to === her.account.email);
      expect(mails).toHaveLength(1);
      const [first] = mails[0]!.text.split('\n');
      if (language === 'en') {
        expect(mails[0]!.headers.subject).toBe('Your Sanga account has been deleted');
        expect(first).toBe('Hi Radha Rani Devi,');
        expect(mails[0]!.text).toContain('Your Sanga account has been deleted, as you asked.');
        expect(mails[0]!.text).toContain('Kept: reports other members made about the account');
      } else {
        expect(mails[0]!.headers.subject).toBe('Se eliminó tu cuenta de Sanga');
        expect(first).toBe('Hola, Radha Rani Devi:');
        expect(mails[0]!.text).toContain('Se eliminó tu cuenta de Sanga, como lo pediste.');
      }
      expect(mails[0]!.text).not.toContain(her.account.id);
    });
  }
});
