import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceItem } from '#domain/profile/vedic';
import { createTestContext, signUp, type TestContext } from '#server/test/test-app';

/** GET /api/places (issue 52): the cities shipped with Sanga, by the beginning of their name, for signed-in members. */
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password' });
  cookie = (await signUp(ctx.app)).cookie;
});
afterAll(() => ctx.close());

const search = (query: string, who: string | null = cookie) =>
  ctx.app.inject({ method: 'GET', url: `/api/places?${query}`, headers: who ? { cookie: who } : {} });

describe('GET /api/places', () => {
  it('finds a place by the beginning of its name, accents and case aside, named "City, Region, Country", with its spot and zone', async () => {
    const answer = await search('q=VRINDAVAN');
    expect(answer.statusCode, answer.body).toBe(200);
    const [first] = answer.json<PlaceItem[]>();
    expect(first).toEqual({ name: 'Vrindāvan, Uttar Pradesh, India', country: 'IN', latitude: expect.closeTo(27.58, 1), longitude: expect.closeTo(77.7, 1), timeZone: 'Asia/Kolkata' });
    // A small town of the members' communities, its state as written in the USA.
    expect((await search('q=alachua')).json<PlaceItem[]>()[0]).toMatchObject({ name: 'Alachua, FL, United States', country: 'US', timeZone: 'America/New_York' });
    // Written without its space.
    expect((await search('q=dehradun')).json<PlaceItem[]>()[0]).toMatchObject({ name: 'Dehra Dūn, Uttarakhand, India' });
  });

  it('answers at most 10, most populous first; after a comma, the region or the country narrows them', async () => {
    const places = (await search('q=san')).json<PlaceItem[]>();
    expect(places).toHaveLength(10);
    const toronto = (await search('q=toronto')).json<PlaceItem[]>();
    expect(toronto[0]).toMatchObject({ name: 'Toronto, ON, Canada', timeZone: 'America/Toronto' });
    expect(new Set(toronto.map((place) => place.name)).size).toBe(toronto.length);
    const portland = (await search('q=Portland%2C%20OR')).json<PlaceItem[]>();
    expect(portland[0]).toMatchObject({ name: 'Portland, OR, United States', timeZone: 'America/Los_Angeles' });
    expect(portland.every((place) => place.name.includes(', OR, '))).toBe(true);
  });

  it('names the countries in Spanish when asked', async () => {
    expect((await search('q=toronto&lang=es')).json<PlaceItem[]>()[0]).toMatchObject({ name: 'Toronto, ON, Canadá' });
  });

  it('answers an empty list for a place it does not hold', async () => {
    const answer = await search('q=zzqxj');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([]);
  });

  it.each([['q='], ['q=%20%20'], [''], [`q=${'a'.repeat(81)}`], ['q=paris&lang=fr']])('refuses %s with 400 {code, message, errors}', async (query) => {
    const refused = await search(query);
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ code: string; message: string; errors: { path: string; code: string }[] }>();
    expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(body.errors.length).toBeGreaterThan(0);
  });

  it('names the query field in its refusal', async () => {
    const refused = (await search('q=')).json<{ errors: { path: string; code: string }[] }>();
    expect(refused.errors).toContainEqual(expect.objectContaining({ path: 'query.q', code: 'placeQueryLength' }));
  });

  it('answers signed-in members only: a visitor gets 401', async () => {
    const visitor = await search('q=vrindavan', null);
    expect(visitor.statusCode).toBe(401);
  });
});
