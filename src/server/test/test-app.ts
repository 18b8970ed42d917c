import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '#server/app';
import type { AppInstance } from '#server/app-types';
import type { Config } from '#server/config';
import type { Database } from '#server/db/client';
import { jobs, users } from '#server/db/schema';
import type { Mailer, MailMessage } from '#server/mail/mailer';
import { openTestDatabase } from './test-database';
import { defaultSiteInfo } from '#domain/site/site-info';

export interface TestContext {
  app: AppInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

/** One Web Push key pair for every test app (made at load: P-256 key generation is cheap). */
export const TEST_VAPID = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()]).subarray(-32).toString('base64url'),
    subject: 'mailto:hello@sanga.test',
  };
})();

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    embeddedWalFlush: true,
    port: 5000,
    host: '127.0.0.1',
    dataDir: mkdtempSync(path.join(tmpdir(), 'sanga-test-')),
    databaseUrl: undefined,
    sessionSecret: randomBytes(32).toString('hex'),
    publicUrl: undefined,
    secureCookies: false,
    trustProxy: false,
    adminPassword: 'test-admin-password',
    smtpUrl: undefined,
    mailFrom: 'Sanga <no-reply@sanga.test>',
    logLevel: 'silent',
    logRequests: false,
    webDistDir: path.join(tmpdir(), 'sanga-no-web-dist'),
    s3: undefined,
    backups: undefined,
    backupKeep: 7,
    backupMaxAgeDays: 30,
    site: { ...defaultSiteInfo, contactEmail: 'hello@sanga.test' },
    signupsPerIpPerHour: 100,
    mailsPerRecipientPerDay: 5,
    introductions: { maxOpen: 3, elderApprovals: 0, responseDays: 7 },
    directMessages: 'open',
    metricsToken: undefined,
    requireVerifiedEmail: false,
    outboxLockMs: 300_000,
    outboxWorker: true,
    mailAlarmPerHour: 500,
    vapid: TEST_VAPID,
    pushEndpointAllow: [],
    ...overrides,
  };
}

/** The whole app on a fresh database of its own. */
export async function createTestContext(
  overrides: Partial<Config> = {},
  deps: Partial<Pick<AppDeps, 'mailer' | 'logger' | 'objectStore' | 'onRoute' | 'timeouts' | 'uploadsPerHour' | 'maxUnusedUploads' | 'now' | 'outboxAutoRun'>> = {},
): Promise<TestContext> {
  const config = testConfig(overrides);
  const database = await openTestDatabase();
  // Jobs run when a test asks (settleJobs): a test that opens a second app on this database with another mailer
  // then knows which mailer sends. Tests of the worker itself turn it back on.
  const app = await buildApp({ config, database, logger: false, outboxAutoRun: false, ...deps });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits for the work queued after answers, then runs every due outbox job (mail) of this app. */
export async function settleJobs(app: AppInstance): Promise<void> {
  await app.backgroundJobs.idle();
  await app.outbox.drain();
}

/**
 * The app's clock (an injected `now`) has moved on to `at`: the jobs of these kinds whose run time it passed become
 * due for the worker, and every due job runs, as the worker would have run them at that time (introductions'
 * deadlines). The job's handler still decides on the app's clock.
 */
export async function runJobsDueBy(ctx: Pick<TestContext, 'app' | 'database'>, at: Date, kinds: string[]): Promise<void> {
  await ctx.database.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(and(inArray(jobs.kind, kinds), isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, at)));
  await settleJobs(ctx.app);
}

/** The `name=value` pair of the session cookie a response set, for the next request's Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === 'sanga.sid');
  if (!cookie) throw new Error(`No session cookie in the response (status ${response.statusCode})`);
  return `${cookie.name}=${cookie.value}`;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

/** Registers a new account and returns its id, email, password and session cookie. */
export async function signUp(app: AppInstance, email = uniqueEmail(), password = 'correct horse battery') {
  // Each test user comes from an address of its own, as real people do, so per-IP limits stay out of the way.
  const remoteAddress = `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  counter += 1;
  const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password }, remoteAddress });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const { id } = response.json<{ id: string }>();
  return { id, email, password, cookie: sessionCookie(response) };
}

/** Marks the account's email verified, as following its mailed link does (auth.test.ts tests the link itself). */
export async function markEmailVerified(database: Pick<Database, 'db'>, userId: string): Promise<void> {
  await database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
}

/** A mailer that keeps every message in `sent` instead of sending it (password-reset links in tests). */
export function createCapturingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
