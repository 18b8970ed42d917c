/**
 * An answer's deadline is an outbox job with a run time, not a write before every read. The job is
 * written with the wait it ends, runs at respond_by on the app's clock, expires only an introduction still waiting for
 * that deadline (once, however often it runs), and migration 0025 writes the job of introductions already waiting.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '#server/db/client';
import { introductions, jobs, notices } from '#server/db/schema';
import { createProfileUser } from '#server/test/factories';
import { createTestContext, runJobsDueBy, sessionCookie, signUp, type TestContext } from '#server/test/test-app';
import { INTRODUCTION_EXPIRY_JOB } from './introduction-deadlines';
import { IntroductionsService } from './introductions.service';

const DAY = 24 * 60 * 60 * 1000;
let ctx: TestContext;
let clock = new Date();
let coordinatorCookie: string;
let n = 0;

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, payload });
const person = async (gender: 'woman' | 'man') => {
  n += 1;
  const made = await createProfileUser(ctx.app, { name: `Deadline${n} Test`, gender, dateOfBirth: gender === 'woman' ? '1994-05-17' : '1990-02-11', courtshipAlignment: 'either-with-guidance' });
  return { id: made.account.id, cookie: made.account.cookie };
};
const expiryJobs = async (introductionId: string) =>
  ctx.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, INTRODUCTION_EXPIRY_JOB.kind), sql`${jobs.payload}->>'introductionId' = ${introductionId}`, isNull(jobs.doneAt)))
    .orderBy(jobs.runAt);
const statusOf = async (id: string) => (await ctx.database.db.select({ status: introductions.status }).from(introductions).where(eq(introductions.id, id)))[0]?.status;
const noticesOf = async (userId: string) => (await ctx.database.db.select({ kind: notices.kind }).from(notices).where(eq(notices.userId, userId))).map((row) => row.kind);
/** The service the job's handler calls, on the test's database. */
const service = () => new IntroductionsService(ctx.database.db, ctx.config.introductions);
const propose = async (a: string, b: string) => {
  const response = await call('POST', '/api/introductions', coordinatorCookie, { memberA: a, memberB: b, note: 'Both serve at the temple kitchen' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
};

beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' }, { now: () => clock });
  const admin = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
  const coordinator = await signUp(ctx.app);
  await ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${coordinator.id}/roles`, headers: { cookie: admin }, payload: { coordinator: true, elder: false } });
  coordinatorCookie = coordinator.cookie;
}, 60_000);
afterAll(async () => ctx?.close());

describe('answer deadlines as jobs with a run time', () => {
  it('each wait writes its job at respond_by; reads past the deadline write nothing; the job expires it once; a stale job does nothing', async () => {
    const [a, b] = [await person('woman'), await person('man')];
    const id = await propose(a.id, b.id);
    const [first] = await expiryJobs(id);
    const [row] = await ctx.database.db.select().from(introductions).where(eq(introductions.id, id));
    expect(first!.runAt.getTime()).toBe(row!.respondBy!.getTime());
    expect(row!.respondBy!.getTime() - clock.getTime()).toBe(7 * DAY);

    // The first accepts on day 6: the second's own seven days get their own job; the first's job is now stale.
    clock = new Date(clock.getTime() + 6 * DAY);
    expect((await call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true })).statusCode).toBe(200);
    const waits = await expiryJobs(id);
    expect(waits.map((job) => Math.round((job.runAt.getTime() - clock.getTime()) / DAY))).toEqual([1, 7]);
    clock = new Date(clock.getTime() + DAY + 60_000);
    await runJobsDueBy(ctx, clock, [INTRODUCTION_EXPIRY_JOB.kind]);
    expect(await statusOf(id)).toBe('awaiting-second');
    expect(await expiryJobs(id)).toHaveLength(1);

    // Past the second's deadline, before its job ran: the reads show the row as it is and change nothing, and a late
    // answer is refused as an expired one was.
    clock = new Date(clock.getTime() + 7 * DAY);
    const before = await ctx.database.db.select().from(introductions).where(eq(introductions.id, id));
    expect((await call('GET', '/api/introductions', b.cookie)).json<Array<{ id: string; status: string }>>().find((i) => i.id === id)?.status).toBe('awaiting-second');
    expect((await call('GET', '/api/coordinator/introductions', coordinatorCookie)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(introductions).where(eq(introductions.id, id))).toEqual(before);
    const late = await call('POST', `/api/introductions/${id}/respond`, b.cookie, { accept: true });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'introduction-not-awaiting-you' });
    expect((await call('POST', `/api/introductions/${id}/cancel`, coordinatorCookie, { note: 'late' })).json()).toMatchObject({ code: 'introduction-not-cancellable' });

    // The job runs: expired, both reached members and the coordinator told once, whatever runs again.
    await runJobsDueBy(ctx, clock, [INTRODUCTION_EXPIRY_JOB.kind]);
    expect(await statusOf(id)).toBe('expired');
    expect(await noticesOf(a.id)).toEqual(['introduction-closed']);
    expect(await noticesOf(b.id)).toEqual(['introduction-closed']);
    const respondBy = before[0]!.respondBy!;
    expect(await service().expireOverdue(id, respondBy, clock)).toBe(false);
    expect(await noticesOf(a.id)).toEqual(['introduction-closed']);
  });

  it('a job run before its deadline on the app’s clock (a clock behind the database’s) fails and is retried, expiring nothing', async () => {
    const [a, b] = [await person('woman'), await person('man')];
    const id = await propose(a.id, b.id);
    const [row] = await ctx.database.db.select().from(introductions).where(eq(introductions.id, id));
    await expect(service().expireOverdue(id, row!.respondBy!, clock)).rejects.toThrow(/not overdue yet/);
    expect(await statusOf(id)).toBe('awaiting-first');
  });

  it('the deadline job is never given up: a long outage delays an expiry, never loses it (jobs/outbox.test.ts runs such a kind past the limit)', () => {
    expect(INTRODUCTION_EXPIRY_JOB.neverGiveUp).toBe(true);
  });

  it('migration 0025 writes the job of an introduction already waiting, which then expires it', async () => {
    const [a, b] = [await person('woman'), await person('man')];
    const id = await propose(a.id, b.id);
    // As before the migration: a waiting introduction with no job.
    await ctx.database.db.delete(jobs).where(and(eq(jobs.kind, INTRODUCTION_EXPIRY_JOB.kind), sql`${jobs.payload}->>'introductionId' = ${id}`));
    await ctx.database.db.execute(sql.raw(readFileSync(path.join(migrationsFolder, '0025_introduction_expiry_jobs.sql'), 'utf8')));
    const [row] = await ctx.database.db.select().from(introductions).where(eq(introductions.id, id));
    const [job] = await expiryJobs(id);
    expect(job!.runAt.getTime()).toBe(row!.respondBy!.getTime());
    expect(INTRODUCTION_EXPIRY_JOB.payload.parse(job!.payload)).toEqual({ introductionId: id, respondBy: row!.respondBy!.toISOString() });
    clock = new Date(row!.respondBy!.getTime() + 1000);
    await runJobsDueBy(ctx, clock, [INTRODUCTION_EXPIRY_JOB.kind]);
    expect(await statusOf(id)).toBe('expired');
  });
});
