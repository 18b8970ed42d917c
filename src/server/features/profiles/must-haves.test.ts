import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchDetail, MatchItem } from '#domain/matching/match-api';
import type { OwnProfile } from '#domain/profile/profile-api';
import { createProfileUser, validProfileInput } from '#server/test/factories';
import { createTestContext, signUp, type TestContext } from '#server/test/test-app';

/**
 * Mutual must-haves (issue 49 part 2): validated, stored and answered to the owner only, and a pair one side's
 * must-haves exclude is kept apart both ways (the list, its count, the match page), as soon as they are saved.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (cookie: string, payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/profile', headers: { cookie }, payload: payload as object });
const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

/** The viewer's list (ids) and its X-Total-Count. */
async function listOf(cookie: string, query = '') {
  const response = await get(cookie, `/api/matches?limit=100${query}`);
  expect(response.statusCode).toBe(200);
  return { ids: response.json<MatchItem[]>().map((item) => item.profileId), total: Number(response.headers['x-total-count']) };
}

describe('POST /api/profile: mustHaves', () => {
  it('saves them for the owner (normalised), keeps them when a body leaves them out, clears them with null or {}', async () => {
    const { cookie } = await signUp(ctx.app);
    const created = await post(cookie, {
      ...validProfileInput(),
      mustHaves: { maritalHistory: ['widowed', 'never-married'], children: [], tradition: ['smarta'], heightCm: { min: 160, max: 185 } },
    });
    expect(created.statusCode).toBe(201);
    const saved = { maritalHistory: ['never-married', 'widowed'], tradition: ['smarta'], heightCm: { min: 160, max: 185 } };
    expect(created.json<OwnProfile>().mustHaves).toEqual(saved);
    expect((await get(cookie, '/api/profile')).json<OwnProfile>().mustHaves).toEqual(saved);
    expect((await get(cookie, '/api/profile/preview')).json<OwnProfile>().mustHaves).toEqual(saved);

    // A spec client that knows nothing of them: kept.
    expect((await post(cookie, validProfileInput())).json<OwnProfile>().mustHaves).toEqual(saved);
    // The object is replaced whole.
    expect((await post(cookie, { ...validProfileInput(), mustHaves: { wantsChildren: ['yes'] } })).json<OwnProfile>().mustHaves).toEqual({ wantsChildren: ['yes'] });
    expect((await post(cookie, { ...validProfileInput(), mustHaves: {} })).json<OwnProfile>().mustHaves).toBeNull();
    await post(cookie, { ...validProfileInput(), mustHaves: { children: ['none'] } });
    expect((await post(cookie, { ...validProfileInput(), mustHaves: null })).json<OwnProfile>().mustHaves).toBeNull();
  });

  it.each([
    [{ maritalHistory: ['separated'] }, 'mustHaves.maritalHistory.0', 'optionInvalid'],
    [{ children: ['none', 'many'] }, 'mustHaves.children.1', 'optionInvalid'],
    [{ wantsChildren: 'yes' }, 'mustHaves.wantsChildren', 'optionInvalid'],
    [{ tradition: ['jedi'] }, 'mustHaves.tradition.0', 'optionInvalid'],
    [{ tradition: ['smarta', 'smarta'] }, 'mustHaves.tradition', 'mustHaveDuplicate'],
    [{ heightCm: { min: 119, max: 180 } }, 'mustHaves.heightCm.min', 'heightRange'],
    [{ heightCm: { min: 160, max: 231 } }, 'mustHaves.heightCm.max', 'heightRange'],
    [{ heightCm: { min: 160.5, max: 180 } }, 'mustHaves.heightCm.min', 'heightRange'],
    [{ heightCm: { min: 190, max: 180 } }, 'mustHaves.heightCm.max', 'heightRangeOrder'],
    [{ heightCm: 170 }, 'mustHaves.heightCm', 'heightRange'],
    ['never-married', 'mustHaves', 'optionInvalid'],
  ])('mustHaves = %j is a 400 naming %s (%s), and nothing is saved', async (mustHaves, path, code) => {
    const { cookie } = await signUp(ctx.app);
    const refused = await post(cookie, { ...validProfileInput(), mustHaves });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: { path: string; code: string }[] }>().errors).toContainEqual(expect.objectContaining({ path, code }));
    expect((await get(cookie, '/api/profile')).json()).toBeNull();
  });
});

describe('a must-have keeps a pair apart, both ways', () => {
  it('the list, its count and the match page, on either side; an answer not given excludes no one; a change applies at once', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman', maritalHistory: 'never-married', heightCm: 160 });
    const divorced = await createProfileUser(ctx.app, { gender: 'man', maritalHistory: 'divorced', heightCm: 182 });
    const unknown = await createProfileUser(ctx.app, { gender: 'man', maritalHistory: undefined, heightCm: null });
    const before = await listOf(woman.account.cookie);
    expect(before.ids).toEqual(expect.arrayContaining([divorced.profile.id, unknown.profile.id]));
    const hisBefore = await listOf(divorced.account.cookie);
    expect(hisBefore.ids).toContain(woman.profile.id);

    // She will not consider a divorced man: he leaves her list and she leaves his, with the counts, at once.
    const saved = await post(woman.account.cookie, { ...validProfileInput({ gender: 'woman', maritalHistory: 'never-married', heightCm: 160 }), mustHaves: { maritalHistory: ['never-married', 'widowed'] } });
    expect(saved.statusCode).toBe(200);
    const after = await listOf(woman.account.cookie);
    expect(after.ids).not.toContain(divorced.profile.id);
    expect(after.ids).toContain(unknown.profile.id);
    expect(after.total).toBe(before.total - 1);
    const hisAfter = await listOf(divorced.account.cookie);
    expect(hisAfter.ids).not.toContain(woman.profile.id);
    expect(hisAfter.total).toBe(hisBefore.total - 1);
    // Newest first and a narrowed list too.
    expect((await listOf(woman.account.cookie, '&sort=newest')).ids).not.toContain(divorced.profile.id);
    expect((await listOf(divorced.account.cookie, '&sort=newest&minAge=18')).ids).not.toContain(woman.profile.id);

    // The match page answers as for anyone who is not a candidate: the same 404 as an unknown id, either way.
    const unknownId = await get(woman.account.cookie, '/api/match/00000000-0000-4000-8000-000000000000');
    const herView = await get(woman.account.cookie, `/api/match/${divorced.profile.id}`);
    const hisView = await get(divorced.account.cookie, `/api/match/${woman.profile.id}`);
    for (const answer of [herView, hisView]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(unknownId.body);
    }
    expect((await get(woman.account.cookie, `/api/match/${unknown.profile.id}`)).statusCode).toBe(200);

    // His height range leaves her out as well (she is 160 cm); the man with no height stays in it.
    const tall = await createProfileUser(ctx.app, { gender: 'man', mustHaves: { heightCm: { min: 165, max: 190 } } });
    expect((await listOf(tall.account.cookie)).ids).not.toContain(woman.profile.id);
    expect((await listOf(woman.account.cookie)).ids).not.toContain(tall.profile.id);
    // What he asked is never told to her: the page of a candidate carries no mustHaves.
    const page = await get(divorced.account.cookie, `/api/match/${tall.profile.id}`);
    expect(page.statusCode).toBe(404); // both men
    const hisPage = await get(unknown.account.cookie, `/api/match/${woman.profile.id}`);
    expect(hisPage.statusCode).toBe(200);
    expect(hisPage.json<MatchDetail>().profile).not.toHaveProperty('mustHaves');
    expect(hisPage.body).not.toContain('mustHaves');

    // She clears them: he is back on both lists.
    await post(woman.account.cookie, { ...validProfileInput({ gender: 'woman', maritalHistory: 'never-married', heightCm: 160 }), mustHaves: null });
    expect((await listOf(woman.account.cookie)).ids).toContain(divorced.profile.id);
    expect((await listOf(divorced.account.cookie)).ids).toContain(woman.profile.id);
    expect((await get(divorced.account.cookie, `/api/match/${woman.profile.id}`)).statusCode).toBe(200);
  });

  it('the export carries the member\'s own must-haves', async () => {
    const member = await createProfileUser(ctx.app, { gender: 'woman', mustHaves: { wantsChildren: ['yes', 'open'] } });
    const answer = await get(member.account.cookie, '/api/account/export');
    expect(answer.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(answer.rawPayload))['account.json']!)) as { profile: { mustHaves: unknown } };
    expect(data.profile.mustHaves).toEqual({ wantsChildren: ['yes', 'open'] });
  });
});
