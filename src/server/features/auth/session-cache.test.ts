import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import type { AppInstance } from '#server/app-types';
import { createTestContext, sessionCookie, signUp, type TestContext } from '#server/test/test-app';

// Sessions are answered from memory for a few seconds (sessions.ts SESSION_CACHE_MS). A second app on the same
// database stands for a second server process: what one process ends or changes must not live on in the other.
let ctx: TestContext;
let other: AppInstance;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' });
  other = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});

const whoAmI = (app: AppInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
/** Until a condition holds: the notice between processes arrives through LISTEN, a moment after the commit. */
async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

describe('the session cache of each process', () => {
  it('a logout in one process ends the session in the other, which had it in memory', async () => {
    const account = await signUp(ctx.app);
    expect((await whoAmI(other, account.cookie)).statusCode).toBe(200);
    expect((await whoAmI(ctx.app, account.cookie)).statusCode).toBe(200);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: account.cookie } });
    expect(logout.statusCode).toBeLessThan(300);
    // This process forgets at once; the other as soon as the notice arrives.
    expect((await whoAmI(ctx.app, account.cookie)).statusCode).toBe(401);
    expect(await eventually(async () => (await whoAmI(other, account.cookie)).statusCode === 401)).toBe(true);
  });

  it('a signed-in user who leaves the admin session loses the admin flag in every process', async () => {
    const account = await signUp(ctx.app);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', headers: { cookie: account.cookie }, payload: { password: 'the-admin-password' } });
    expect(login.statusCode).toBe(204);
    const cookie = sessionCookie(login);
    const isAdmin = async (app: AppInstance) =>
      (await app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } })).json<{ isAdmin: boolean }>().isAdmin;
    expect(await isAdmin(other)).toBe(true);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } })).statusCode).toBe(204);
    expect(await isAdmin(ctx.app)).toBe(false);
    expect(await eventually(async () => !(await isAdmin(other)))).toBe(true);
    // Still signed in as the member, in both.
    expect((await whoAmI(other, cookie)).statusCode).toBe(200);
  });

  it('roles granted or taken away reach the guards of every process, though the session was in memory', async () => {
    const member = await signUp(ctx.app);
    const adminLogin = await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } });
    const adminCookie = sessionCookie(adminLogin);
    const overview = async (app: AppInstance) => (await app.inject({ method: 'GET', url: '/api/coordinator/overview', headers: { cookie: member.cookie } })).statusCode;
    const setRoles = (coordinator: boolean) =>
      ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${member.id}/roles`, headers: { cookie: adminCookie }, payload: { coordinator, elder: false } });
    // Both processes hold the member's session (without the role) in memory.
    expect([await overview(ctx.app), await overview(other)]).toEqual([403, 403]);
    expect((await setRoles(true)).statusCode).toBe(200);
    expect(await overview(ctx.app)).toBe(200);
    expect(await eventually(async () => (await overview(other)) === 200)).toBe(true);
    expect((await setRoles(false)).statusCode).toBe(200);
    expect(await overview(ctx.app)).toBe(403);
    expect(await eventually(async () => (await overview(other)) === 403)).toBe(true);
  });
});
