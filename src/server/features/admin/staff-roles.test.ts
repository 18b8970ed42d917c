/**
 * A staff role reads every member's biodata: granting one from the admin's member card mails the member, in their
 * language, what the role means, and the audit log records what was granted and removed. Runs on either database.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, users } from '#server/db/schema';
import { createCapturingMailer, createTestContext, sessionCookie, settleJobs, signUp, type TestContext } from '#server/test/test-app';

const mailer = createCapturingMailer();
let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' }, { mailer });
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
});
afterAll(async () => ctx.close());

const setRoles = (userId: string, roles: { coordinator: boolean; elder: boolean }) =>
  ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${userId}/roles`, headers: { cookie: adminCookie }, payload: roles });

describe('granting a staff role from the admin', () => {
  it('mails the member in their language what the role means, once per role granted, and audits granted and removed', async () => {
    const member = await signUp(ctx.app);
    await ctx.database.db.update(users).set({ language: 'es' }).where(eq(users.id, member.id));
    await settleJobs(ctx.app);
    const before = mailer.sent.length;

    expect((await setRoles(member.id, { coordinator: true, elder: false })).json()).toEqual({ userId: member.id, roles: ['coordinator'] });
    await settleJobs(ctx.app);
    const mails = () => mailer.sent.slice(before).filter((mail) => mail.to === member.email);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.subject).toBe('Ahora coordinas en Sanga');
    expect(mails()[0]!.text).toContain('Quien coordina lee los datos de todos los miembros (su perfil, sus fotos');
    expect(mails()[0]!.text).toContain('/coordinator');

    // Saving the same roles again grants nothing new: no second mail.
    await setRoles(member.id, { coordinator: true, elder: false });
    await settleJobs(ctx.app);
    expect(mails()).toHaveLength(1);

    // Elder added, coordinator removed: one mail, for the elder role only.
    await setRoles(member.id, { coordinator: false, elder: true });
    await settleJobs(ctx.app);
    expect(mails()).toHaveLength(2);
    expect(mails()[1]!.subject).toBe('Ahora eres parte del consejo de mayores de Sanga');
    expect(mails()[1]!.text).toContain('/elders');

    const audit = await ctx.database.db
      .select({ details: adminAudit.details })
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'user.roles'), eq(adminAudit.targetId, member.id)))
      .orderBy(adminAudit.createdAt);
    expect(audit.map((row) => row.details)).toEqual([
      { roles: ['coordinator'], granted: ['coordinator'], removed: [] },
      { roles: ['coordinator'], granted: [], removed: [] },
      { roles: ['elder'], granted: ['elder'], removed: ['coordinator'] },
    ]);
  });

  it('mails in English to an English member, and nothing for an unknown account', async () => {
    const member = await signUp(ctx.app);
    await setRoles(member.id, { coordinator: false, elder: true });
    await settleJobs(ctx.app);
    const mail = mailer.sent.find((message) => message.to === member.email && message.subject === 'You are now a Sanga elder')!;
    // This app runs with the default ELDER_APPROVALS=0: the mail says there is nothing to review, never promises it.
    expect(mail.text).toContain('introductions currently reach members without an elder’s review');
    expect(mail.text).not.toContain('approves or declines each introduction');
    const before = mailer.sent.length;
    const unknown = await setRoles('00000000-0000-4000-8000-000000000000', { coordinator: true, elder: false });
    expect(unknown.statusCode).toBe(404);
    await settleJobs(ctx.app);
    expect(mailer.sent.length).toBe(before);
  });
});
