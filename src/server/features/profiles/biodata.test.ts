import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchDetail } from '#domain/matching/match-api';
import type { OwnProfile } from '#domain/profile/profile-api';
import type { CoordinatorMemberDetail, MemberIntroduction } from '#domain/introductions/introductions';
import { createProfileUser, validProfileInput } from '#server/test/factories';
import { createTestContext, sessionCookie, signUp, type TestContext } from '#server/test/test-app';

/**
 * The biodata families read first (issue 49 part 1): every answer optional to the API, validated, kept when a client
 * leaves it out, cleared with null, and shown wherever a profile's biodata is shown; never anyone's preferences.
 */
let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' });
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
});
afterAll(() => ctx.close());

const post = (cookie: string, payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/profile', headers: { cookie }, payload: payload as object });

/** A profile as the spec's clients send it: none of the biodata. */
function specClientProfile(overrides: Parameters<typeof validProfileInput>[0] = {}) {
  const { maritalHistory: _asked, ...profile } = validProfileInput(overrides);
  return profile;
}

const fullBiodata = {
  maritalHistory: 'divorced',
  children: 'yes-living-with-me',
  wantsChildren: 'open',
  education: { level: 'master', field: '  Sanskrit  ' },
  profession: 'Nurse',
  heightCm: 168,
  familyBackground: 'My parents serve at the temple in Alachua.',
  familyInvolvement: true,
  practice: { tradition: 'gaudiya-vaishnava', traditionOther: 'ignored unless Other', initiation: 'first', daily: '16 rounds of japa' },
} as const;

const savedBiodata = {
  maritalHistory: 'divorced',
  children: 'yes-living-with-me',
  wantsChildren: 'open',
  education: { level: 'master', field: 'Sanskrit' },
  profession: 'Nurse',
  heightCm: 168,
  familyBackground: 'My parents serve at the temple in Alachua.',
  familyInvolvement: true,
  practice: { tradition: 'gaudiya-vaishnava', traditionOther: null, initiation: 'first', daily: '16 rounds of japa' },
};

const noBiodata = {
  maritalHistory: null,
  children: null,
  wantsChildren: null,
  education: { level: null, field: null },
  profession: null,
  heightCm: null,
  familyBackground: null,
  familyInvolvement: null,
  practice: { tradition: null, traditionOther: null, initiation: null, daily: null },
};

describe('POST /api/profile: the biodata', () => {
  it("a spec client's profile without any biodata is accepted, and every answer reads as not given", async () => {
    const { cookie } = await signUp(ctx.app);
    const created = await post(cookie, specClientProfile());
    expect(created.statusCode).toBe(201);
    expect(created.json<OwnProfile>()).toMatchObject(noBiodata);
  });

  it('saves every answer (trimmed; the tradition\'s own words only with Other), keeps them when a later body leaves them out, and clears one with null', async () => {
    const { cookie } = await signUp(ctx.app);
    const created = await post(cookie, { ...validProfileInput(), ...fullBiodata });
    expect(created.statusCode).toBe(201);
    expect(created.json<OwnProfile>()).toMatchObject(savedBiodata);

    // A client that knows nothing of the biodata saves the profile again: nothing of it is lost.
    const again = await post(cookie, specClientProfile({ exactLocation: 'Alachua, Florida, USA' }));
    expect(again.statusCode).toBe(200);
    expect(again.json<OwnProfile>()).toMatchObject({ ...savedBiodata, exactLocation: 'Alachua, Florida, USA' });

    // null clears one answer, '' clears a text, and an object is replaced whole.
    const cleared = await post(cookie, { ...specClientProfile(), heightCm: null, profession: '', education: { level: 'bachelor' }, practice: { tradition: 'other', traditionOther: 'Nimbarka' } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<OwnProfile>()).toMatchObject({
      ...savedBiodata,
      heightCm: null,
      profession: null,
      education: { level: 'bachelor', field: null },
      practice: { tradition: 'other', traditionOther: 'Nimbarka', initiation: null, daily: null },
    });
    const read = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(read.json<OwnProfile>()).toMatchObject({ heightCm: null, education: { level: 'bachelor', field: null } });

    // An answer with no part left is no answer.
    const empty = await post(cookie, { ...specClientProfile(), education: { level: null, field: '  ' } });
    expect(empty.json<OwnProfile>().education).toEqual({ level: null, field: null });
  });

  it.each([
    ['maritalHistory', 'separated', 'maritalHistory', 'optionInvalid'],
    ['children', 'many', 'children', 'optionInvalid'],
    ['wantsChildren', true, 'wantsChildren', 'optionInvalid'],
    ['education', { level: 'phd' }, 'education.level', 'optionInvalid'],
    ['education', 'a master', 'education', 'optionInvalid'],
    ['education', { field: 'x'.repeat(201) }, 'education.field', 'tooLong200'],
    ['profession', 42, 'profession', 'textInvalid'],
    ['heightCm', 119, 'heightCm', 'heightRange'],
    ['heightCm', 231, 'heightCm', 'heightRange'],
    ['heightCm', 170.5, 'heightCm', 'heightRange'],
    ['heightCm', 'tall', 'heightCm', 'heightRange'],
    ['familyBackground', 'x'.repeat(1001), 'familyBackground', 'tooLong1000'],
    ['familyInvolvement', 'maybe', 'familyInvolvement', 'yesNoInvalid'],
    ['practice', { tradition: 'jedi' }, 'practice.tradition', 'optionInvalid'],
    ['practice', { initiation: 'third' }, 'practice.initiation', 'optionInvalid'],
    ['practice', { daily: ['japa'] }, 'practice.daily', 'textInvalid'],
  ])('%s = %j is a 400 naming %s (%s), and nothing is saved', async (field, value, path, code) => {
    const { cookie } = await signUp(ctx.app);
    const refused = await post(cookie, { ...validProfileInput(), [field]: value });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ code: string; errors: { path: string; code: string }[] }>();
    expect(body.errors).toContainEqual(expect.objectContaining({ path, code }));
    const read = await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: { cookie } });
    expect(read.json()).toBeNull();
  });

  it('the numeric height a form sends as text is read as centimetres', async () => {
    const { cookie } = await signUp(ctx.app);
    const created = await post(cookie, { ...validProfileInput(), heightCm: '172', familyInvolvement: 'false' });
    expect(created.json<OwnProfile>()).toMatchObject({ heightCm: 172, familyInvolvement: false });
  });
});

describe('the biodata beside the score', () => {
  it('the match page lists the answers both gave, agreeing or not, the same from either side; the score is the spec\'s', async () => {
    // Her answers as the next test's member gives them, less those its coordinator searches by.
    const woman = await createProfileUser(ctx.app, { gender: 'woman', wantsChildren: 'open', familyInvolvement: true, practice: { tradition: 'shaiva' } });
    const man = await createProfileUser(ctx.app, { gender: 'man', wantsChildren: 'no', familyInvolvement: true, practice: { tradition: 'smarta' } });
    const plain = await createProfileUser(ctx.app, { gender: 'man' });
    const read = async (viewer: { account: { cookie: string } }, other: { profile: { id: string } }) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/match/${other.profile.id}`, headers: { cookie: viewer.account.cookie } })).json<MatchDetail>().compatibility;
    const his = await read(man, woman);
    expect(his.biodataFit).toEqual([
      { field: 'wantsChildren', fit: 'open' },
      { field: 'tradition', fit: 'different' },
      { field: 'familyInvolvement', fit: 'same' },
    ]);
    const hers = await read(woman, man);
    expect(hers.biodataFit).toEqual(his.biodataFit);
    // The biodata moves no point: the same score as with a man who gave none of it.
    expect(hers.score).toBe((await read(woman, plain)).score);
    expect((await read(plain, woman)).biodataFit).toEqual([]);
  });
});

describe('the biodata where a profile is shown to others', () => {
  it('the match page carries it; the introduction card and the coordinator\'s member page too; no age preferences to the match', async () => {
    // Her must-haves admit him (he gave no answer they read), and reach no one but her.
    const woman = await createProfileUser(ctx.app, { gender: 'woman', ...fullBiodata, mustHaves: { maritalHistory: ['never-married'], heightCm: { min: 165, max: 200 } } });
    const man = await createProfileUser(ctx.app, { gender: 'man' });
    const page = await ctx.app.inject({ method: 'GET', url: `/api/match/${woman.profile.id}`, headers: { cookie: man.account.cookie } });
    expect(page.statusCode).toBe(200);
    const profile = page.json<MatchDetail>().profile;
    expect(profile).toMatchObject(savedBiodata);
    // What she asked of a partner never reaches him.
    for (const key of ['minAge', 'maxAge', 'ageFlexibility', 'dateOfBirth', 'mustHaves', 'photosPrivate']) expect(profile).not.toHaveProperty(key);
    // Her own answers as he reads them from his side: none given.
    const hers = await ctx.app.inject({ method: 'GET', url: `/api/match/${man.profile.id}`, headers: { cookie: woman.account.cookie } });
    expect(hers.json<MatchDetail>().profile).toMatchObject({ ...noBiodata, maritalHistory: 'never-married' });

    // A coordinator proposes them: the card each reads carries the other's biodata.
    const coordinator = await signUp(ctx.app);
    const granted = await ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${coordinator.id}/roles`, headers: { cookie: adminCookie }, payload: { coordinator: true, elder: false } });
    expect(granted.statusCode).toBe(200);
    const proposed = await ctx.app.inject({
      method: 'POST',
      url: '/api/introductions',
      headers: { cookie: coordinator.cookie },
      payload: { memberA: man.account.id, memberB: woman.account.id, note: 'Both serve at the temple kitchen.' },
    });
    expect(proposed.statusCode).toBe(201);
    const cards = await ctx.app.inject({ method: 'GET', url: '/api/introductions', headers: { cookie: man.account.cookie } });
    const card = cards.json<MemberIntroduction[]>()[0]!;
    expect(card.other).toMatchObject(savedBiodata);
    expect(cards.body).not.toContain('mustHaves');

    const member = await ctx.app.inject({ method: 'GET', url: `/api/coordinator/members/${woman.account.id}`, headers: { cookie: coordinator.cookie } });
    expect(member.statusCode).toBe(200);
    expect(member.json<CoordinatorMemberDetail>().profile).toMatchObject(savedBiodata);
    expect(member.body).not.toContain('mustHaves');

    // The coordinator's list narrows by the biodata, and its search reads the profession and the field of study.
    const listed = async (query: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/coordinator/members?filter=all&${query}`, headers: { cookie: coordinator.cookie } });
      expect(response.statusCode).toBe(200);
      return response.json<{ userId: string }[]>().map((row) => row.userId);
    };
    expect(await listed('maritalHistory=divorced&tradition=gaudiya-vaishnava')).toEqual([woman.account.id]);
    expect(await listed('children=yes-living-with-me&educationLevel=master')).toEqual([woman.account.id]);
    expect(await listed('maritalHistory=never-married')).toContain(man.account.id);
    expect(await listed('maritalHistory=never-married')).not.toContain(woman.account.id);
    expect(await listed('educationLevel=doctorate')).toEqual([]);
    expect(await listed('q=sanskrit')).toEqual([woman.account.id]);
    expect(await listed('q=Nurse')).toEqual([woman.account.id]);
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/coordinator/members?tradition=jedi', headers: { cookie: coordinator.cookie } });
    expect(refused.statusCode).toBe(400);
  });
});
