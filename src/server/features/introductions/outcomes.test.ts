import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outcomes } from '#domain/introductions/outcomes';
import { createProfileUser } from '#server/test/factories';
import { createTestContext, sessionCookie, signUp, type TestContext } from '#server/test/test-app';

/** The coordinators' outcomes (issue 51): the funnel by month, the reasons by count, each coordinator's figures, in SQL. */
let ctx: TestContext;
let clock = new Date('2026-09-15T12:00:00Z');
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password', introductions: { maxOpen: 5, elderApprovals: 0, responseDays: 7 } }, { now: () => clock });
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, payload });
let n = 0;
const member = async (gender: 'woman' | 'man') => {
  n += 1;
  const made = await createProfileUser(ctx.app, { gender, name: `Outcome${n} Test`, dateOfBirth: gender === 'woman' ? '1994-05-17' : '1990-02-11', courtshipAlignment: 'either-with-guidance' });
  return made.account;
};
async function coordinatorNamed(firstName: string) {
  const account = await signUp(ctx.app);
  await call('PUT', '/api/account/name', account.cookie, { firstName });
  expect((await call('PUT', `/api/admin/users/${account.id}/roles`, adminCookie, { coordinator: true, elder: false })).statusCode).toBe(200);
  return account;
}
async function introduce(coordinator: { cookie: string }, outcome: 'proposed' | 'declined' | 'introduced' | 'met') {
  const [a, b] = [await member('woman'), await member('man')];
  const { id } = (await call('POST', '/api/introductions', coordinator.cookie, { memberA: a.id, memberB: b.id, note: '' })).json<{ id: string }>();
  if (outcome === 'proposed') return id;
  if (outcome === 'declined') {
    expect((await call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: false, reasons: ['distance', 'age'] })).statusCode).toBe(200);
    return id;
  }
  await call('POST', `/api/introductions/${id}/respond`, a.cookie, { accept: true });
  await call('POST', `/api/introductions/${id}/respond`, b.cookie, { accept: true });
  if (outcome === 'met') {
    await call('POST', `/api/introductions/${id}/met`, a.cookie, { met: 'in-person', again: true });
    await call('POST', `/api/introductions/${id}/met`, b.cookie, { met: 'in-person' });
  }
  return id;
}

describe('GET /api/coordinator/outcomes', () => {
  it('counts each stage by the month proposed, the reasons by count and each coordinator’s figures', async () => {
    const carla = await coordinatorNamed('Carla');
    const dev = await coordinatorNamed('Dev');
    await introduce(carla, 'declined');
    await introduce(carla, 'introduced');
    clock = new Date('2026-10-03T12:00:00Z');
    await introduce(carla, 'met');
    await introduce(dev, 'declined');
    await introduce(dev, 'proposed');
    clock = new Date('2026-11-20T12:00:00Z');

    const answer = await call('GET', '/api/coordinator/outcomes?from=2026-08&to=2026-11', carla.cookie);
    expect(answer.statusCode).toBe(200);
    const body = answer.json<Outcomes>();
    const zero = { proposed: 0, elderApproved: 0, bothAccepted: 0, met: 0, courting: 0, engaged: 0, married: 0 };
    expect(body.months).toEqual([
      { month: '2026-08', ...zero },
      { month: '2026-09', ...zero, proposed: 2, elderApproved: 2, bothAccepted: 1 },
      { month: '2026-10', ...zero, proposed: 3, elderApproved: 3, bothAccepted: 1, met: 1 },
      { month: '2026-11', ...zero },
    ]);
    expect(body.totals).toEqual({ ...zero, proposed: 5, elderApproved: 5, bothAccepted: 2, met: 1 });
    expect(body.reasons).toEqual([
      { reason: 'age', count: 2 },
      { reason: 'distance', count: 2 },
    ]);
    expect(body.coordinators).toEqual([
      { userId: carla.id, name: 'Carla', ...zero, proposed: 3, elderApproved: 3, bothAccepted: 2, met: 1 },
      { userId: dev.id, name: 'Dev', ...zero, proposed: 2, elderApproved: 2 },
    ]);
    // No member is named anywhere in it.
    expect(answer.body).not.toContain('Outcome');

    // A narrower range leaves the other months out; the admin reads the same.
    const october = await call('GET', '/api/coordinator/outcomes?from=2026-10&to=2026-10', adminCookie);
    expect(october.json<Outcomes>().totals.proposed).toBe(3);
    // Without a range: the last 12 months to this one.
    expect((await call('GET', '/api/coordinator/outcomes', dev.cookie)).json()).toMatchObject({ from: '2025-12', to: '2026-11' });
  });

  it('refuses members without the role, a bad month and a range backwards', async () => {
    const plain = await member('woman');
    expect((await call('GET', '/api/coordinator/outcomes', plain.cookie)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/coordinator/outcomes' })).statusCode).toBe(401);
    for (const [query, path, code] of [
      ['from=2026-13', 'query.from', 'monthInvalid'],
      ['to=26-01', 'query.to', 'monthInvalid'],
      ['from=2026-11&to=2026-10', 'query.from', 'monthRangeInvalid'],
    ] as const) {
      const answer = await call('GET', `/api/coordinator/outcomes?${query}`, adminCookie);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json()).toMatchObject({ errors: [expect.objectContaining({ path, code })] });
    }
  });
});
