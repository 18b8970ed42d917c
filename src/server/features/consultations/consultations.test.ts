/**
 * The marriage-readiness consultation reaches the coordinators: a member's Yes puts them in a queue with the date,
 * a coordinator marks it handled with a private note the member never reads, and a new Yes opens it again.
 * Runs on either database (DATABASE_URL).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validProfileInput } from '#server/test/fixtures';
import { adminAudit } from '#server/db/schema';
import { createTestContext, sessionCookie, signUp, type TestContext } from '#server/test/test-app';

let ctx: TestContext;
let coordinator: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' });
  const admin = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
  coordinator = await signUp(ctx.app);
  await call('POST', '/api/profile', coordinator.cookie, validProfileInput({ name: 'Keshava Das', gender: 'man', marriageReadinessConsultation: 'no' }));
  await call('PUT', `/api/admin/users/${coordinator.id}/roles`, admin, { coordinator: true, elder: false });
});
afterAll(async () => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as object | undefined });

type Item = { userId: string; name: string; requestedAt: string; handledAt: string | null; handledBy: string | null; note: string | null };
const queue = async (status: 'open' | 'handled' = 'open') => {
  const response = await call('GET', `/api/coordinator/consultations?status=${status}`, coordinator.cookie);
  expect(response.statusCode).toBe(200);
  return response.json<Item[]>();
};

describe('the consultation queue', () => {
  it('lists a member who answered Yes with the date; handled with a private note the member never reads; a new Yes reopens it', async () => {
    const member = await signUp(ctx.app);
    const before = Date.now();
    const saved = await call('POST', '/api/profile', member.cookie, validProfileInput({ name: 'Sita Consult', marriageReadinessConsultation: 'yes' }));
    expect(saved.statusCode).toBe(201);
    // The member's own profile says the request was received, and when.
    const requestedAt = saved.json<{ consultationRequestedAt: string }>().consultationRequestedAt;
    expect(new Date(requestedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const open = (await queue()).find((item) => item.userId === member.id);
    expect(open).toEqual({ userId: member.id, name: 'Sita Consult', location: 'Austin, Texas, USA', requestedAt, handledAt: null, handledBy: null, note: null });
    // Saving the profile again (still Yes) keeps the date.
    await call('POST', '/api/profile', member.cookie, validProfileInput({ name: 'Sita Consult', aboutYou: 'I teach yoga and serve at the temple kitchen every Sunday morning.' }));
    expect((await queue()).find((item) => item.userId === member.id)?.requestedAt).toBe(requestedAt);

    const marked = await call('POST', `/api/coordinator/consultations/${member.id}/handled`, coordinator.cookie, { note: 'Met at the temple; she wants to wait a year.' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ userId: member.id, handledBy: 'Keshava Das', note: 'Met at the temple; she wants to wait a year.' });
    expect((await queue()).some((item) => item.userId === member.id)).toBe(false);
    expect((await queue('handled')).find((item) => item.userId === member.id)).toMatchObject({ note: 'Met at the temple; she wants to wait a year.', handledBy: 'Keshava Das' });

    // The member's own answers never carry the note.
    for (const url of ['/api/profile', '/api/profile/preview', '/api/account/export']) {
      const own = await call('GET', url, member.cookie);
      expect(own.body, url).not.toContain('wants to wait a year');
    }
    expect((await call('GET', '/api/profile', member.cookie)).json()).toMatchObject({ consultationRequestedAt: requestedAt });

    // No, then Yes again: a new request, open, with a new date.
    await call('POST', '/api/profile', member.cookie, validProfileInput({ name: 'Sita Consult', marriageReadinessConsultation: 'no' }));
    expect((await call('GET', '/api/profile', member.cookie)).json()).toMatchObject({ consultationRequestedAt: null });
    expect((await queue()).some((item) => item.userId === member.id)).toBe(false);
    expect((await queue('handled')).some((item) => item.userId === member.id)).toBe(false);
    await call('POST', '/api/profile', member.cookie, validProfileInput({ name: 'Sita Consult', marriageReadinessConsultation: 'yes' }));
    const again = (await queue()).find((item) => item.userId === member.id);
    expect(again?.handledAt).toBeNull();
    expect(new Date(again!.requestedAt).getTime()).toBeGreaterThan(new Date(requestedAt).getTime());
  });

  it('marking someone who did not ask is a 404 with its code; a bad note is a 400; both reads and marks are audited', async () => {
    const member = await signUp(ctx.app);
    await call('POST', '/api/profile', member.cookie, validProfileInput({ name: 'Maybe Later', marriageReadinessConsultation: 'maybe-later' }));
    const refused = await call('POST', `/api/coordinator/consultations/${member.id}/handled`, coordinator.cookie, { note: '' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'consultation-not-found', message: 'This member has not asked for a consultation', errors: [] });
    const tooLong = await call('POST', `/api/coordinator/consultations/${member.id}/handled`, coordinator.cookie, { note: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);

    const asker = await signUp(ctx.app);
    await call('POST', '/api/profile', asker.cookie, validProfileInput({ name: 'Asks Now' }));
    await queue();
    expect((await call('POST', `/api/coordinator/consultations/${asker.id}/handled`, coordinator.cookie, {})).statusCode).toBe(200);
    const rows = await ctx.database.db.select({ action: adminAudit.action, details: adminAudit.details, targetId: adminAudit.targetId }).from(adminAudit).where(and(eq(adminAudit.actorUserId, coordinator.id)));
    expect(rows.some((row) => row.action === 'coordinator.view-consultations' && JSON.stringify(row.details).includes(asker.id))).toBe(true);
    expect(rows.some((row) => row.action === 'coordinator.consultation-handled' && row.targetId === asker.id)).toBe(true);
  });

  it('only coordinators read the queue or mark it', async () => {
    const member = await signUp(ctx.app);
    await call('POST', '/api/profile', member.cookie, validProfileInput({ name: 'Plain Member' }));
    expect((await call('GET', '/api/coordinator/consultations', member.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/coordinator/consultations')).statusCode).toBe(401);
    expect((await call('POST', `/api/coordinator/consultations/${member.id}/handled`, member.cookie, { note: 'x' })).statusCode).toBe(403);
  });
});
