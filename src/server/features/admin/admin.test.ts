import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, partnerApplications } from '#server/db/schema';
import { applicationBody, createProfileUser, validProfileInput } from '#server/test/factories';
import { createTestContext, sessionCookie, signUp, type TestContext } from '#server/test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' });
});
afterAll(() => ctx.close());

const login = (password: string, cookie?: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, headers: cookie ? { cookie } : {}, remoteAddress });

const adminCalls = [
  ['GET', '/api/admin/user-profiles'],
  ['GET', '/api/admin/partner-applications'],
  ['GET', '/api/admin/volunteer-applications'],
  ['PATCH', '/api/admin/volunteer-applications/00000000-0000-4000-8000-000000000000'],
] as const;

describe('admin sign-in is checked on the server', () => {
  it.each(adminCalls)('%s %s answers 401 to a visitor and to a signed-in user', async (method, url) => {
    const user = await signUp(ctx.app);
    for (const headers of [{}, { cookie: user.cookie }]) {
      const response = await ctx.app.inject({ method, url, headers, payload: method === 'PATCH' ? { approved: true } : undefined });
      expect(response.statusCode).toBe(401);
    }
  });

  it('refuses a wrong password with 401 Invalid password, and records it', async () => {
    const response = await login('not the password', undefined, '10.1.1.1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'admin-password-wrong', message: 'Invalid password', errors: [] });
    expect(response.cookies).toEqual([]);
    const audit = await ctx.database.db.select().from(adminAudit);
    expect(audit.some((row) => row.action === 'admin.login.failed')).toBe(true);
  });

  it('limits admin sign-in attempts per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(`guess ${i}`, undefined, '10.2.2.2')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('does not count successful sign-ins towards the limit', async () => {
    for (let i = 0; i < 12; i++) expect((await login('the-admin-password', undefined, '10.5.5.5')).statusCode).toBe(204);
  });

  it('a correct password gives a new session with the admin flag; logout removes it', async () => {
    const user = await signUp(ctx.app);
    const response = await login('the-admin-password', user.cookie, '10.3.3.3');
    expect(response.statusCode).toBe(204);
    const admin = sessionCookie(response);
    expect(admin).not.toBe(user.cookie);
    // The old session id is gone; the new one is still the same user, now with admin rights.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: user.cookie } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: admin } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/user-profiles', headers: { cookie: admin } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: admin } })).json()).toEqual({ isAdmin: true });

    expect((await ctx.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: admin } })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/user-profiles', headers: { cookie: admin } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: admin } })).statusCode).toBe(200);
  });

  it('is off without ADMIN_PASSWORD', async () => {
    const off = await createTestContext({ adminPassword: undefined });
    try {
      const response = await off.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'anything' } });
      expect(response.statusCode).toBe(403);
    } finally {
      await off.close();
    }
  });
});

describe('admin dashboard data', () => {
  let admin: string;
  beforeAll(async () => {
    admin = sessionCookie(await login('the-admin-password', undefined, '10.4.4.4'));
  });
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });

  it('lists user profiles with the fields of spec §3, the birth date as the age only (decision 008)', async () => {
    const { profile, account } = await createProfileUser(ctx.app, { name: 'Sita Rani Devi', dateOfBirth: '1992-06-01' });
    const list = (await get('/api/admin/user-profiles')).json<Record<string, unknown>[]>();
    const entry = list.find((p) => p.id === profile.id)!;
    expect(entry).toMatchObject({
      firstName: 'Sita',
      lastName: 'Rani Devi',
      email: account.email,
      gender: 'woman',
      exactLocation: 'Austin, Texas, USA',
      communityAffiliation: 'ISKCON',
      profileComplete: true,
      profileActive: true,
    });
    expect(entry.photos).toHaveLength(2);
    expect(typeof entry.age).toBe('number');
    expect(entry).not.toHaveProperty('dateOfBirth');
  });

  it('lists legacy partner applications', async () => {
    await ctx.database.db.insert(partnerApplications).values({ firstName: 'Legacy', lastName: 'Person', email: 'legacy@example.com', communityAffiliation: 'Gaudiya' });
    const list = (await get('/api/admin/partner-applications')).json<{ firstName: string }[]>();
    expect(list.map((a) => a.firstName)).toContain('Legacy');
  });

  // Before, the legacy applications (name, email, date of birth) were read out whole on every visit.
  it('lists legacy partner applications a page at a time, with the total in X-Total-Count', async () => {
    await ctx.database.db.insert(partnerApplications).values(Array.from({ length: 25 }, (_, i) => ({ firstName: `Paged${i}`, email: `paged${i}@example.com` })));
    const first = await get('/api/admin/partner-applications');
    const all = Number(first.headers['x-total-count']);
    expect(all).toBeGreaterThanOrEqual(26);
    expect(first.json()).toHaveLength(20);
    const rest = await get('/api/admin/partner-applications?offset=20&limit=200');
    expect(rest.json()).toHaveLength(all - 20);
    expect((await get('/api/admin/partner-applications?limit=201')).statusCode).toBe(400);
  });

  it('approves and unapproves a volunteer application, writing each action to the audit table', async () => {
    const { cookie } = await signUp(ctx.app);
    const application = (await ctx.app.inject({ method: 'POST', url: '/api/volunteer-application', headers: { cookie }, payload: applicationBody() })).json<{ id: string }>();
    const patch = (approved: unknown) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/admin/volunteer-applications/${application.id}`, headers: { cookie: admin }, payload: { approved } });
    expect((await patch(true)).json()).toMatchObject({ id: application.id, approved: true });
    expect((await get('/api/admin/volunteer-applications')).json<{ id: string; approved: boolean }[]>().find((a) => a.id === application.id)?.approved).toBe(true);
    expect((await patch(false)).json()).toMatchObject({ approved: false });
    expect((await patch('yes')).statusCode).toBe(400);

    const audit = await ctx.database.db.select().from(adminAudit);
    const onThis = audit.filter((row) => row.targetId === application.id).map((row) => row.action);
    expect(onThis).toEqual(expect.arrayContaining(['volunteer.approve', 'volunteer.unapprove']));
    expect(audit.some((row) => row.action === 'view.volunteer-applications')).toBe(true);
    for (const row of audit) expect(row.createdAt).toBeInstanceOf(Date);
  });

  it('answers 404 for an unknown application and 400 for a malformed id', async () => {
    const unknown = await ctx.app.inject({ method: 'PATCH', url: '/api/admin/volunteer-applications/00000000-0000-4000-8000-000000000000', headers: { cookie: admin }, payload: { approved: true } });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ method: 'PATCH', url: '/api/admin/volunteer-applications/not-a-uuid', headers: { cookie: admin }, payload: { approved: true } });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('admin lists: search, filter and pages (issue 18 item 1)', () => {
  let admin: string;
  const tag = `zq${Date.now().toString(36)}`;
  let active: Awaited<ReturnType<typeof createProfileUser>>;
  let inactive: Awaited<ReturnType<typeof createProfileUser>>;
  let incompleteProfileId: string;
  beforeAll(async () => {
    admin = sessionCookie(await login('the-admin-password', undefined, '10.6.6.6'));
    active = await createProfileUser(ctx.app, { name: `Radha ${tag}`, exactLocation: 'Vrindavan, India' });
    inactive = await createProfileUser(ctx.app, { name: `Gopal ${tag}`, exactLocation: 'Mayapur, India' }, { active: false });
    const { cookie } = await signUp(ctx.app);
    // A profile without photos is not complete (spec §4).
    const created = await ctx.app.inject({ method: 'POST', url: '/api/profile', headers: { cookie }, payload: validProfileInput({ name: `Madhava ${tag}` }) });
    incompleteProfileId = created.json<{ id: string }>().id;
  });
  const list = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(response.statusCode, response.body).toBe(200);
    return { ids: response.json<{ id: string }[]>().map((row) => row.id), total: Number(response.headers['x-total-count']) };
  };

  it('without parameters answers the whole list (the spec) with its size in X-Total-Count', async () => {
    const { ids, total } = await list('/api/admin/user-profiles');
    expect(ids).toEqual(expect.arrayContaining([active.profile.id, inactive.profile.id, incompleteProfileId]));
    expect(total).toBe(ids.length);
  });

  it('searches name, email and location, case-insensitively', async () => {
    expect((await list(`/api/admin/user-profiles?q=${tag.toUpperCase()}`)).ids.sort()).toEqual([active.profile.id, inactive.profile.id, incompleteProfileId].sort());
    expect((await list(`/api/admin/user-profiles?q=radha%20${tag}`)).ids).toEqual([active.profile.id]);
    expect((await list(`/api/admin/user-profiles?q=${encodeURIComponent(inactive.account.email.slice(0, 12))}`)).ids).toEqual([inactive.profile.id]);
    const inMayapur = await list(`/api/admin/user-profiles?q=mayapur`);
    expect(inMayapur.ids).toContain(inactive.profile.id);
    expect(inMayapur.ids).not.toContain(active.profile.id);
  });

  it('matches % and _ literally: a search is not a pattern', async () => {
    expect(await list('/api/admin/user-profiles?q=%25')).toEqual({ ids: [], total: 0 });
    expect(await list(`/api/admin/user-profiles?q=Radha_${tag}`)).toEqual({ ids: [], total: 0 });
  });

  it('filters by the display status', async () => {
    const byStatus = async (status: string) => (await list(`/api/admin/user-profiles?q=${tag}&status=${status}`)).ids;
    expect(await byStatus('active')).toEqual([active.profile.id]);
    expect(await byStatus('inactive')).toEqual([inactive.profile.id]);
    expect(await byStatus('incomplete')).toEqual([incompleteProfileId]);
  });

  it('pages newest first: the pages partition the list and each carries the total', async () => {
    const whole = await list(`/api/admin/user-profiles?q=${tag}`);
    const pages = [await list(`/api/admin/user-profiles?q=${tag}&limit=2`), await list(`/api/admin/user-profiles?q=${tag}&limit=2&offset=2`)];
    expect(pages.map((page) => page.total)).toEqual([3, 3]);
    expect(pages.flatMap((page) => page.ids)).toEqual(whole.ids);
    expect(whole.ids[0]).toBe(incompleteProfileId);
    expect((await list(`/api/admin/user-profiles?q=${tag}&limit=2&offset=10`))).toEqual({ ids: [], total: 3 });
  });

  it.each([
    ['limit=0', 'query.limit'],
    ['limit=201', 'query.limit'],
    ['limit=abc', 'query.limit'],
    ['offset=-1', 'query.offset'],
    ['status=suspendedish', 'query.status'],
    [`q=${'x'.repeat(201)}`, 'query.q'],
  ])('refuses %s with 400 naming the field', async (query, path) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/user-profiles?${query}`, headers: { cookie: admin } });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string }[] }>().errors.map((error) => error.path)).toContain(path);
  });

  it('volunteer applications: pending or approved, searched by name and email, paged', async () => {
    const ids: string[] = [];
    for (const name of [`Pending ${tag}`, `Approved ${tag}`]) {
      const { cookie } = await signUp(ctx.app);
      ids.push((await ctx.app.inject({ method: 'POST', url: '/api/volunteer-application', headers: { cookie }, payload: applicationBody({ name }) })).json<{ id: string }>().id);
    }
    await ctx.app.inject({ method: 'PATCH', url: `/api/admin/volunteer-applications/${ids[1]}`, headers: { cookie: admin }, payload: { approved: true } });
    expect((await list(`/api/admin/volunteer-applications?q=${tag}&status=pending`)).ids).toEqual([ids[0]]);
    expect((await list(`/api/admin/volunteer-applications?q=${tag}&status=approved`)).ids).toEqual([ids[1]]);
    expect(await list(`/api/admin/volunteer-applications?q=${tag}&limit=1`)).toEqual({ ids: [ids[1]], total: 2 });
    const whole = await list('/api/admin/volunteer-applications');
    expect(whole.total).toBe(whole.ids.length);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/volunteer-applications?status=active', headers: { cookie: admin } })).statusCode).toBe(400);
  });

  it('writes what was searched into the audit row', async () => {
    await list(`/api/admin/user-profiles?q=${tag}&status=active&limit=5`);
    const rows = await ctx.database.db.select().from(adminAudit);
    expect(rows.some((row) => row.action === 'view.user-profiles' && (row.details as { q?: string } | null)?.q === tag)).toBe(true);
  });
});
