import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnProfile } from '#domain/profile/profile-api';
import { validationText } from '#domain/validation-messages';
import { profiles } from '#server/db/schema';
import { createProfileUser, uploadPhoto, validProfileInput } from '#server/test/factories';
import { createTestContext, signUp, type TestContext } from '#server/test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload: payload as object });

describe('profile calls need a signed-in user', () => {
  it.each([
    ['GET', '/api/profile'],
    ['POST', '/api/profile'],
    ['PATCH', '/api/profile'],
    ['PATCH', '/api/profile/toggle-active'],
    ['GET', '/api/profile/preview'],
  ] as const)('%s %s answers 401 to a visitor', async (method, url) => {
    const response = await call(method, url, undefined, method === 'GET' ? undefined : {});
    expect([400, 401]).toContain(response.statusCode);
    if (method === 'GET') expect(response.statusCode).toBe(401);
  });

  it('POST /api/profile with a valid body from a visitor is 401', async () => {
    expect((await call('POST', '/api/profile', undefined, validProfileInput())).statusCode).toBe(401);
  });
});

describe('GET and POST /api/profile', () => {
  it('answers null before a profile exists (not a 404 the browser logs), then creates it (201), then updates it (200)', async () => {
    const { cookie, id } = await signUp(ctx.app);
    const none = await call('GET', '/api/profile', cookie);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const preview = await call('GET', '/api/profile/preview', cookie);
    expect(preview.statusCode).toBe(404);
    expect(preview.json().message).toBe('Please create your profile first');

    const created = await call('POST', '/api/profile', cookie, { ...validProfileInput(), profileActive: true, photos: ['/objects/photos/x'], userId: 'someone' });
    expect(created.statusCode).toBe(201);
    const profile = created.json<OwnProfile>();
    expect(profile).toMatchObject({
      userId: id,
      name: 'Radha Devi',
      dateOfBirth: '1994-05-17',
      minAge: 28,
      maxAge: 40,
      marriageReadinessConsultation: 'yes',
      photos: [],
      profileActive: false,
      profileComplete: false,
    });
    expect(profile.ageYears).toBeGreaterThanOrEqual(30);

    const updated = await call('POST', '/api/profile', cookie, validProfileInput({ name: '  Radha  ', marriageReadinessConsultation: 'maybe-later' }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json<OwnProfile>()).toMatchObject({ id: profile.id, name: 'Radha', marriageReadinessConsultation: 'maybe-later' });
    const [row] = await ctx.database.db.select().from(profiles).where((await import('drizzle-orm')).eq(profiles.id, profile.id));
    expect(row!.marriageReadinessConsultation).toBe('other');
    expect((await call('GET', '/api/profile', cookie)).json<OwnProfile>().name).toBe('Radha');
  });

  it('keeps saved photos and the active flag when the profile is saved again', async () => {
    const { account, photos } = await createProfileUser(ctx.app);
    const saved = await call('POST', '/api/profile', account.cookie, validProfileInput({ aboutYou: 'A'.repeat(60) }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json<OwnProfile>()).toMatchObject({ photos, profileActive: true, profileComplete: true });
  });

  it.each([
    ['missing name', { name: '' }, 'name', 'Name is required'],
    ['short deal-breakers', { dealBreakers: 'short' }, 'dealBreakers', 'Please list your top 3 deal-breakers'],
    ['short deal-makers', { dealMakers: 'nine char' }, 'dealMakers', 'Please list your top 3 deal-makers'],
    ['short about', { aboutYou: 'x'.repeat(49) }, 'aboutYou', 'Please share more about yourself'],
    ['minAge above maxAge', { minAge: 50, maxAge: 30 }, 'maxAge', 'Minimum age must be less than or equal to maximum age'],
    ['sought age below 18', { minAge: 17 }, 'minAge', undefined],
    ['sought age above 99', { maxAge: 100 }, 'maxAge', undefined],
    ['an unknown gender', { gender: 'other' as never }, 'gender', 'Please select your gender'],
    ['an unknown relocation', { relocation: 'mars' as never }, 'relocation', 'Please select relocation preference'],
    ['an under-18 birth date', { dateOfBirth: `${new Date().getFullYear() - 17}-01-01` }, 'dateOfBirth', undefined],
    ['an impossible date', { dateOfBirth: '1990-02-30' }, 'dateOfBirth', undefined],
    ['a future date', { dateOfBirth: '2999-01-01' }, 'dateOfBirth', undefined],
    ['a 2,001-character about', { aboutYou: 'x'.repeat(2001) }, 'aboutYou', 'At most 2,000 characters'],
    ['an 81-character name', { name: 'n'.repeat(81) }, 'name', 'At most 80 characters'],
  ])('refuses %s with 400 and the field path', async (_label, overrides, path, message) => {
    const { cookie } = await signUp(ctx.app);
    const response = await call('POST', '/api/profile', cookie, validProfileInput(overrides));
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; errors: { path: string; code: string; message: string }[] }>();
    const error = body.errors.find((e) => e.path === path);
    expect(error, JSON.stringify(body)).toBeDefined();
    if (message) expect(error!.message).toBe(message);
    // The code is ours, and its English is the message: the web translates by the code.
    expect(validationText(error!.code)).toBe(error!.message);
    expect((await call('GET', '/api/profile', cookie)).json()).toBeNull();
  });

  it('refuses a body that is not an object', async () => {
    const { cookie } = await signUp(ctx.app);
    for (const payload of [[], 'text', 42]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/profile', headers: { cookie, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('photos and activation', () => {
  it('saves up to two of the user\'s own photos and computes profileComplete', async () => {
    const { cookie } = await signUp(ctx.app);
    await call('POST', '/api/profile', cookie, validProfileInput());
    const first = await uploadPhoto(ctx.app, cookie);
    const second = await uploadPhoto(ctx.app, cookie);
    const third = await uploadPhoto(ctx.app, cookie);
    const one = await call('PATCH', '/api/profile', cookie, { photos: [first] });
    expect(one.json<OwnProfile>()).toMatchObject({ photos: [first], profileComplete: false });
    const two = await call('PATCH', '/api/profile', cookie, { photos: [second, first] });
    expect(two.json<OwnProfile>()).toMatchObject({ photos: [second, first], profileComplete: true });
    const tooMany = await call('PATCH', '/api/profile', cookie, { photos: [first, second, third] });
    expect(tooMany.statusCode).toBe(400);
    const duplicate = await call('PATCH', '/api/profile', cookie, { photos: [first, first] });
    expect(duplicate.statusCode).toBe(400);
  });

  it("refuses another user's objectPath and made-up paths", async () => {
    const owner = await createProfileUser(ctx.app);
    const { cookie } = await signUp(ctx.app);
    await call('POST', '/api/profile', cookie, validProfileInput());
    const mine = await uploadPhoto(ctx.app, cookie);
    const foreign = await call('PATCH', '/api/profile', cookie, { photos: [mine, owner.photos[0]] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ path: 'photos.1', code: 'photoUnknown', message: 'Unknown photo' }]);
    for (const photos of [['/objects/photos/../../etc/passwd'], ['https://evil.example/x.jpg'], ['/objects/photos/AAAAAAAAAAAAAAAAAAAAAAAA.jpg']]) {
      expect((await call('PATCH', '/api/profile', cookie, { photos })).statusCode).toBe(400);
    }
    expect((await call('GET', '/api/profile', cookie)).json<OwnProfile>().photos).toEqual([]);
  });

  it('refuses activation with one photo (message names 2 photos), allows it with two, and deactivates always', async () => {
    const { cookie } = await signUp(ctx.app);
    await call('POST', '/api/profile', cookie, validProfileInput());
    const first = await uploadPhoto(ctx.app, cookie);
    await call('PATCH', '/api/profile', cookie, { photos: [first] });
    const refused = await call('PATCH', '/api/profile/toggle-active', cookie, { active: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('2 photos');
    expect(refused.json().message).toContain('activate your profile');

    const second = await uploadPhoto(ctx.app, cookie);
    await call('PATCH', '/api/profile', cookie, { photos: [first, second] });
    const active = await call('PATCH', '/api/profile/toggle-active', cookie, { active: true });
    expect(active.statusCode).toBe(200);
    expect(active.json<OwnProfile>().profileActive).toBe(true);

    // Dropping to one photo ends the active state, since activation needs two.
    const dropped = await call('PATCH', '/api/profile', cookie, { photos: [first] });
    expect(dropped.json<OwnProfile>()).toMatchObject({ profileActive: false, profileComplete: false });

    const off = await call('PATCH', '/api/profile/toggle-active', cookie, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json<OwnProfile>().profileActive).toBe(false);
    expect((await call('PATCH', '/api/profile/toggle-active', cookie, { active: 'yes' })).statusCode).toBe(400);
  });

  it('toggle-active and PATCH need a profile: 404 without one', async () => {
    const { cookie } = await signUp(ctx.app);
    expect((await call('PATCH', '/api/profile/toggle-active', cookie, { active: false })).statusCode).toBe(404);
    expect((await call('PATCH', '/api/profile', cookie, { photos: [] })).statusCode).toBe(404);
  });

  it('preview shows the owner their profile with the computed age', async () => {
    const { account } = await createProfileUser(ctx.app, { dateOfBirth: '1990-01-01' });
    const preview = await call('GET', '/api/profile/preview', account.cookie);
    expect(preview.statusCode).toBe(200);
    const expectedAge = new Date().getFullYear() - 1990 - (new Date() < new Date(new Date().getFullYear(), 0, 1) ? 1 : 0);
    expect(preview.json<OwnProfile>().ageYears).toBe(expectedAge);
  });
});

describe('concurrent first saves (security review finding 10)', () => {
  it('six simultaneous first saves of one user all succeed and leave one profile (never a 5xx)', async () => {
    const { cookie, id } = await signUp(ctx.app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/api/profile', cookie, validProfileInput())));
    for (const answer of answers) expect([200, 201]).toContain(answer.statusCode);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const rows = await ctx.database.db.select().from(profiles).where(eq(profiles.userId, id));
    expect(rows).toHaveLength(1);
  });
});
