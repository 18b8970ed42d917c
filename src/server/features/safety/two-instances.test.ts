import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import type { AppInstance } from '#server/app-types';
import { openPostgres, type Database } from '#server/db/client';
import { createProfileUser } from '#server/test/factories';
import { sessionCookie, testConfig } from '#server/test/test-app';
import { openTestDatabase } from '#server/test/test-database';

/**
 * Two app instances on one PostgreSQL database, each with its own connection pool, LISTEN connection and match
 * index, as two server processes behind a load balancer: a block, a suspension or a third report made through one
 * must reach the other's match list (and its count) within a second, through NOTIFY alone.
 */
const WITHIN_MS = 1000;

describe('safety on a second instance (PostgreSQL, NOTIFY)', () => {
  let database: Database & { url?: string };
  let second: Database;
  let first: AppInstance;
  let other: AppInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    const config = testConfig({ adminPassword: 'the-admin-password' });
    first = await buildApp({ config, database, logger: false });
    second = await openPostgres(database.url!, { migrate: false });
    other = await buildApp({ config, database: second, logger: false });
  }, 60_000);

  afterAll(async () => {
    await other?.close();
    await first?.close();
    await second?.close();
    await database?.close();
  });

  /** The profile ids and the count GET /api/matches answers on an instance. */
  const matchesOn = async (app: AppInstance, cookie: string) => {
    const response = await app.inject({ method: 'GET', url: '/api/matches?limit=100', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    return { ids: response.json<{ profileId: string }[]>().map((m) => m.profileId), total: Number(response.headers['x-total-count']) };
  };

  /** Polls until `holds`, answering how long it took; fails after a second. */
  async function within(check: () => Promise<boolean>): Promise<number> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > WITHIN_MS) throw new Error(`not seen on the second instance within ${WITHIN_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return Date.now() - started;
  }

  it('a block made through one instance empties the pair from the other instance\'s matches and count within a second, and an unblock brings them back', async () => {
    const woman = await createProfileUser(first, { gender: 'woman' });
    const man = await createProfileUser(first, { gender: 'man', dateOfBirth: '1990-02-02' });
    await within(async () => (await matchesOn(other, man.account.cookie)).ids.includes(woman.profile.id));
    const before = await matchesOn(other, man.account.cookie);

    const blocked = await first.inject({ method: 'POST', url: '/api/blocks', headers: { cookie: woman.account.cookie }, payload: { userId: man.account.id } });
    expect(blocked.statusCode).toBe(201);
    // The blocked man asks the other instance: the woman is gone, and the count with her.
    const took = await within(async () => {
      const now = await matchesOn(other, man.account.cookie);
      return !now.ids.includes(woman.profile.id) && now.total === before.total - 1;
    });
    console.log(`two-instances: the block was seen on the second instance ${took} ms after the 201`);
    expect((await matchesOn(other, woman.account.cookie)).ids).not.toContain(man.profile.id);

    await first.inject({ method: 'DELETE', url: `/api/blocks/${man.account.id}`, headers: { cookie: woman.account.cookie } });
    await within(async () => (await matchesOn(other, man.account.cookie)).ids.includes(woman.profile.id));
  });

  it('a report made through one instance keeps the pair apart in the other instance\'s matches within a second (issue 31)', async () => {
    const woman = await createProfileUser(first, { gender: 'woman' });
    const man = await createProfileUser(first, { gender: 'man', dateOfBirth: '1990-02-02' });
    await within(async () => (await matchesOn(other, woman.account.cookie)).ids.includes(man.profile.id));
    const reported = await first.inject({ method: 'POST', url: '/api/reports', headers: { cookie: woman.account.cookie }, payload: { userId: man.account.id, reason: 'harassment' } });
    expect(reported.statusCode).toBe(201);
    await within(async () => !(await matchesOn(other, woman.account.cookie)).ids.includes(man.profile.id));
    await within(async () => !(await matchesOn(other, man.account.cookie)).ids.includes(woman.profile.id));
  });

  it('a suspension made through one instance hides the person on the other within a second', async () => {
    const woman = await createProfileUser(first, { gender: 'woman' });
    const man = await createProfileUser(first, { gender: 'man', dateOfBirth: '1990-02-02' });
    await within(async () => (await matchesOn(other, woman.account.cookie)).ids.includes(man.profile.id));
    const login = await first.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } });
    const suspended = await first.inject({
      method: 'POST',
      url: `/api/admin/users/${man.account.id}/suspend`,
      headers: { cookie: sessionCookie(login) },
      payload: { reason: 'test' },
    });
    expect(suspended.statusCode).toBe(200);
    const took = await within(async () => !(await matchesOn(other, woman.account.cookie)).ids.includes(man.profile.id));
    console.log(`two-instances: the suspension was seen on the second instance ${took} ms after the 200`);
  });
});
