import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchItem } from '#domain/matching/match-api';
import { eq } from 'drizzle-orm';
import { profiles } from '#server/db/schema';
import { notifyProfileChanged } from '#server/events/changes';
import { createProfileUser } from '#server/test/factories';
import { createTestContext, sessionCookie, signUp, type TestContext } from '#server/test/test-app';

/**
 * GET /api/matches narrowed (issue 49 part 2): minAge, maxAge, withinKm, country, community, verified and references, each
 * validated, combinable with limit and offset, and X-Total-Count counting the narrowed list exactly.
 */
let ctx: TestContext;
let viewer: Awaited<ReturnType<typeof createProfileUser>>;
const men: Record<string, Awaited<ReturnType<typeof createProfileUser>>> = {};

/** A date of birth `years` years and a few days ago, so the age is exactly `years`. */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - 10);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' });
  viewer = await createProfileUser(ctx.app, { gender: 'woman', dateOfBirth: bornYearsAgo(32), ageFlexibility: 'flexible', minAge: 18, maxAge: 99 });
  const man = (name: string, age: number, exactLocation: string, communityAffiliation: string) =>
    createProfileUser(ctx.app, { gender: 'man', name: `${name} Das`, dateOfBirth: bornYearsAgo(age), minAge: 18, maxAge: 99, ageFlexibility: 'flexible', exactLocation, communityAffiliation });
  men.austin30 = await man('Gopal', 30, 'Austin, Texas, USA', 'ISKCON');
  men.dallas40 = await man('Madhav', 40, 'Dallas, TX, United States', 'iskcon ');
  men.toronto35 = await man('Keshav', 35, 'Toronto, ON, Canada', 'Art of Living');
  men.mexico50 = await man('Govinda', 50, 'Guadalajara, Jalisco, Mexico', 'ISKCON');
  men.unknownAge = await createProfileUser(ctx.app, { gender: 'man', name: 'Nitai Das', exactLocation: 'Austin, Texas, USA' });
  // A profile from before the date of birth was asked, whose free-text age holds no number: the age is unknown.
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(profiles).set({ dateOfBirth: null, dobKey: null, age: 'prefer not to say', statedAge: null }).where(eq(profiles.id, men.unknownAge!.profile.id));
    await notifyProfileChanged(tx, men.unknownAge!.profile.id);
  });

  // A coordinator verifies one of them.
  const admin = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
  const coordinator = await signUp(ctx.app);
  await ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${coordinator.id}/roles`, headers: { cookie: admin }, payload: { coordinator: true, elder: false } });
  const verified = await ctx.app.inject({
    method: 'POST',
    url: `/api/coordinator/members/${men.toronto35!.account.id}/verification`,
    headers: { cookie: coordinator.cookie },
    payload: { method: 'in-person', note: 'Met at the temple' },
  });
  expect(verified.statusCode).toBe(201);
  // The change written without the API reaches the app's match index by its NOTIFY: wait until the age reads as none.
  for (let tries = 0; tries < 100; tries += 1) {
    const items = (await browse('limit=100')).json<MatchItem[]>();
    if (items.find((item) => item.profileId === men.unknownAge!.profile.id)?.age === null) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the unknown age never reached the match index');
});
afterAll(() => ctx.close());

async function browse(query: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/matches?${query}`, headers: { cookie: viewer.account.cookie } });
  return response;
}

async function listed(query: string) {
  const response = await browse(query);
  expect(response.statusCode).toBe(200);
  const ids = response.json<MatchItem[]>().map((item) => item.profileId);
  return { ids: new Set(ids), order: ids, total: Number(response.headers['x-total-count']) };
}

const id = (name: keyof typeof men | string) => men[name]!.profile.id;

describe('GET /api/matches narrowed', () => {
  it('without narrowing, everyone; each narrowing leaves out exactly who it should, and the total counts what is left', async () => {
    const all = await listed('limit=100');
    expect(all.ids).toEqual(new Set(Object.keys(men).map(id)));
    expect(all.total).toBe(5);

    const ages = await listed('minAge=33&maxAge=45&limit=100');
    // Both bounds included; an unknown age is left out once an age bound is given.
    expect(ages.ids).toEqual(new Set([id('dallas40'), id('toronto35')]));
    expect(ages.total).toBe(2);
    expect((await listed('minAge=40&maxAge=40')).ids).toEqual(new Set([id('dallas40')]));
    expect((await listed('maxAge=30')).ids).toEqual(new Set([id('austin30')]));

    // USA, United States and US are one country.
    for (const country of ['USA', 'united states', 'US']) {
      const usa = await listed(`country=${encodeURIComponent(country)}&limit=100`);
      expect(usa.ids).toEqual(new Set([id('austin30'), id('dallas40'), id('unknownAge')]));
      expect(usa.total).toBe(3);
    }
    expect((await listed('country=Canada')).ids).toEqual(new Set([id('toronto35')]));
    expect((await listed('country=Narnia')).total).toBe(0);

    // The community as the score compares it: case, spaces and punctuation aside.
    const iskcon = await listed('community=Iskcon&limit=100');
    expect(iskcon.ids).toEqual(new Set([id('austin30'), id('dallas40'), id('mexico50'), id('unknownAge')]));
    expect((await listed('community=Gaudiya%20Math')).total).toBe(0);

    expect((await listed('verified=true')).ids).toEqual(new Set([id('toronto35')]));
    expect((await listed('verified=false&limit=100')).total).toBe(5);
    // No one has a read reference.
    expect((await listed('references=true')).total).toBe(0);

    // Combined, and with the other filters.
    const combined = await listed('country=USA&community=ISKCON&minAge=35');
    expect(combined.ids).toEqual(new Set([id('dallas40')]));
    expect(combined.total).toBe(1);
  });

  it('pages a narrowed list in the same order as the whole list, the total exact on every page', async () => {
    const whole = await listed('country=USA&limit=100');
    const first = await listed('country=USA&limit=2&offset=0');
    const second = await listed('country=USA&limit=2&offset=2');
    expect([...first.order, ...second.order]).toEqual(whole.order);
    expect(first.total).toBe(3);
    expect(second.total).toBe(3);
    // Best first, as without narrowing.
    const all = await listed('limit=100');
    expect(whole.order).toEqual(all.order.filter((profileId) => whole.ids.has(profileId)));
  });

  it('sort=newest: the most recently made profiles first, the same scores and total, narrowing still applied', async () => {
    const byScore = await browse('limit=100');
    const newest = await browse('sort=newest&limit=100');
    expect(newest.statusCode).toBe(200);
    const made = [men.austin30, men.dallas40, men.toronto35, men.mexico50, men.unknownAge].map((man) => man!.profile.id);
    // Made in that order: the newest first.
    expect(newest.json<MatchItem[]>().map((item) => item.profileId)).toEqual([...made].reverse());
    expect(newest.headers['x-total-count']).toBe(byScore.headers['x-total-count']);
    const scores = new Map(byScore.json<MatchItem[]>().map((item) => [item.profileId, [item.score, item.breakdown]]));
    for (const item of newest.json<MatchItem[]>()) expect([item.score, item.breakdown]).toEqual(scores.get(item.profileId));
    // Paged, and narrowed.
    const first = (await listed('sort=newest&limit=2')).order;
    const second = (await listed('sort=newest&limit=2&offset=2')).order;
    expect([...first, ...second]).toEqual([...made].reverse().slice(0, 4));
    expect((await listed('sort=newest&country=USA')).order).toEqual([men.unknownAge!.profile.id, men.dallas40!.profile.id, men.austin30!.profile.id]);
  });

  it('a narrowed count is kept between requests, and counted again after any change', async () => {
    expect((await listed('country=USA')).total).toBe(3);
    const toggle = (active: boolean) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/profile/toggle-active', headers: { cookie: men.dallas40!.account.cookie }, payload: { active } });
    expect((await toggle(false)).statusCode).toBe(200);
    expect((await listed('country=USA')).total).toBe(2);
    expect((await toggle(true)).statusCode).toBe(200);
    expect((await listed('country=USA')).total).toBe(3);
  });

  it.each([
    ['minAge=17', 'minAge', 'ageRange'],
    ['maxAge=100', 'maxAge', 'ageRange'],
    ['minAge=abc', 'minAge', 'ageRange'],
    ['minAge=40&maxAge=30', 'maxAge', 'minAgeAboveMax'],
    ['verified=yes', 'verified', 'flagInvalid'],
    ['references=1', 'references', 'flagInvalid'],
    [`country=${'x'.repeat(201)}`, 'country', 'tooLong200'],
    ['community=', 'community', 'textInvalid'],
    ['sort=oldest', 'sort', 'sortInvalid'],
  ])('%s is a 400 naming %s (%s)', async (query, path, code) => {
    const response = await browse(query);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string; code: string }[] }>().errors).toContainEqual(expect.objectContaining({ path: `query.${path}`, code }));
  });
});

describe('GET /api/matches?withinKm=', () => {
  let farViewer: Awaited<ReturnType<typeof createProfileUser>>;
  beforeAll(async () => {
    // The viewer lives in Austin, Texas (the fixtures' place): Dallas is 293 km away, Guadalajara 1,208 km, Toronto 2,200 km.
    men.sanMarcos45 = await createProfileUser(ctx.app, { gender: 'man', name: 'Shyam Das', dateOfBirth: bornYearsAgo(45), minAge: 18, maxAge: 99, ageFlexibility: 'flexible', exactLocation: 'San Marcos, TX, USA' });
    // A village the gazetteer does not hold (it lists places of 1,000 people or more): not on the map.
    men.mayapur = await createProfileUser(ctx.app, { gender: 'man', name: 'Jagannath Das', dateOfBirth: bornYearsAgo(33), minAge: 18, maxAge: 99, ageFlexibility: 'flexible', exactLocation: 'Mayapur, West Bengal, India' });
    farViewer = await createProfileUser(ctx.app, { gender: 'woman', dateOfBirth: bornYearsAgo(30), ageFlexibility: 'flexible', minAge: 18, maxAge: 99, exactLocation: 'Mayapur, West Bengal, India' });
  });

  it('leaves out people farther than the distance and those whose place is not on the map; the total exact', async () => {
    expect((await listed('limit=100')).total).toBe(7);
    const near = await listed('withinKm=50&limit=100');
    expect(near.ids).toEqual(new Set([id('austin30'), id('unknownAge'), id('sanMarcos45')]));
    expect(near.total).toBe(3);
    expect((await listed('withinKm=300&limit=100')).ids).toEqual(new Set([id('austin30'), id('unknownAge'), id('sanMarcos45'), id('dallas40')]));
    expect((await listed('withinKm=1500&limit=100')).total).toBe(5);
    // The whole Earth: everyone on the map, never the place nobody can find.
    const everywhere = await listed('withinKm=20000&limit=100');
    expect(everywhere.total).toBe(6);
    expect(everywhere.ids.has(id('mayapur'))).toBe(false);
    // Each distance is counted under its own key: a kept count of one is never another's.
    expect((await listed('withinKm=50')).total).toBe(3);
    expect((await listed('withinKm=300')).total).toBe(4);
    expect((await listed('withinKm=50')).total).toBe(3);
  });

  it('combines with country, ages, sort=newest, limit and offset', async () => {
    expect((await listed('withinKm=1500&country=Mexico')).ids).toEqual(new Set([id('mexico50')]));
    expect((await listed('withinKm=300&country=Canada')).total).toBe(0);
    expect((await listed('withinKm=50&minAge=31')).ids).toEqual(new Set([id('sanMarcos45')]));
    const newest = await listed('withinKm=300&country=USA&sort=newest&limit=100');
    expect(newest.order).toEqual([id('sanMarcos45'), id('unknownAge'), id('dallas40'), id('austin30')]);
    expect(newest.total).toBe(4);
    const first = await listed('withinKm=300&country=USA&sort=newest&limit=2');
    const second = await listed('withinKm=300&country=USA&sort=newest&limit=2&offset=2');
    expect([...first.order, ...second.order]).toEqual(newest.order);
    expect([first.total, second.total]).toEqual([4, 4]);
    // Best first, in the whole list's order.
    const all = await listed('limit=100');
    const byScore = await listed('withinKm=300&limit=100');
    expect(byScore.order).toEqual(all.order.filter((profileId) => byScore.ids.has(profileId)));
  });

  it('answers 400 place-not-on-map, naming withinKm, to a viewer whose own place is not on the map', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/matches?withinKm=100', headers: { cookie: farViewer.account.cookie } });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; message: string; errors: { path: string; code: string }[] }>();
    expect(body.code).toBe('place-not-on-map');
    expect(body.message).toMatch(/location/);
    expect(body.errors).toContainEqual(expect.objectContaining({ path: 'query.withinKm', code: 'withinKmPlaceNotOnMap' }));
    // Without a distance, the list is there.
    const whole = await ctx.app.inject({ method: 'GET', url: '/api/matches', headers: { cookie: farViewer.account.cookie } });
    expect(whole.statusCode).toBe(200);
  });

  it.each(['withinKm=0', 'withinKm=20001', 'withinKm=abc', 'withinKm=12.5', 'withinKm=-5', 'withinKm='])('%s is a 400 naming withinKm (withinKmRange)', async (query) => {
    const response = await browse(query);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ errors: { path: string; code: string }[] }>().errors).toContainEqual(expect.objectContaining({ path: 'query.withinKm', code: 'withinKmRange' }));
  });
});
