import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMatchCandidate } from '#domain/matching/candidacy';
import type { MatchDetail, MatchItem } from '#domain/matching/match-api';
import { parseLocation, scoreMatch, type MatchProfile } from '#domain/matching/matching';
import { ageFlexibilities, consultations, consultationToStorage, courtshipAlignments, dietAlignments, relocations } from '#domain/profile/profile';
import { childrenAnswers, maritalHistories, traditions, wantsChildrenAnswers } from '#domain/profile/biodata';
import { normalizeMustHaves } from '#domain/profile/must-haves';
import { profiles, users } from '#server/db/schema';
import { notifyProfileChanged } from '#server/events/changes';
import { createProfileUser } from '#server/test/factories';
import { createTestContext, signUp, type TestContext } from '#server/test/test-app';
import { matchKeys } from './match-keys';
import { MatchIndex } from './match-index';
import { greatCircleKm, loadGazetteer } from './match-index/gazetteer';
import { MatchesService } from './matches.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

describe('GET /api/matches', () => {
  it('refuses a user without an active profile with 403 mentioning "activate your profile"', async () => {
    const noProfile = await signUp(ctx.app);
    const inactive = await createProfileUser(ctx.app, {}, { active: false });
    for (const cookie of [noProfile.cookie, inactive.account.cookie]) {
      const response = await get(cookie, '/api/matches');
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain('activate your profile');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/matches' })).statusCode).toBe(401);
  });

  it('shows two active people of opposite gender to each other with the same score, as docs/matching.md computes it', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman', name: 'Gauri Devi', exactLocation: 'Toronto, Ontario, Canada' });
    const man = await createProfileUser(ctx.app, { gender: 'man', name: 'Madhava Das', dateOfBirth: '1989-08-08', exactLocation: 'Toronto, ON, Canada' });
    const hers = (await get(woman.account.cookie, '/api/matches?limit=100')).json<MatchItem[]>();
    const his = (await get(man.account.cookie, '/api/matches?limit=100')).json<MatchItem[]>();
    const himForHer = hers.find((m) => m.profileId === man.profile.id)!;
    const herForHim = his.find((m) => m.profileId === woman.profile.id)!;
    expect(himForHer).toBeDefined();
    expect(herForHim).toBeDefined();
    expect(himForHer.score).toBe(herForHim.score);
    expect(himForHer.breakdown).toEqual(herForHim.breakdown);
    expect(himForHer).toMatchObject({ firstName: 'Madhava', photos: man.photos });
    expect(himForHer.breakdown.location).toBe(25); // same city, Ontario written two ways
    const expected = scoreMatch(woman.profile as unknown as MatchProfile, man.profile as unknown as MatchProfile);
    expect(himForHer.score).toBe(expected.score);
    expect(himForHer.breakdown).toEqual(expected.breakdown);
    // Nobody of the same gender, and never oneself.
    expect(hers.some((m) => m.profileId === woman.profile.id)).toBe(false);
    expect(his.some((m) => m.profileId === man.profile.id)).toBe(false);
  });

  it('pages with limit and offset, reports X-Total-Count, orders best first, and validates the query', async () => {
    const viewer = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1990-01-01' });
    for (let i = 0; i < 3; i++) await createProfileUser(ctx.app, { gender: 'woman', name: `Page${i} Devi` });
    const all = await get(viewer.account.cookie, '/api/matches?limit=100');
    const total = Number(all.headers['x-total-count']);
    const items = all.json<MatchItem[]>();
    expect(items.length).toBe(total);
    expect(total).toBeGreaterThanOrEqual(3);
    const scores = items.map((m) => m.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const first = (await get(viewer.account.cookie, '/api/matches?limit=2&offset=0')).json<MatchItem[]>();
    const second = (await get(viewer.account.cookie, '/api/matches?limit=2&offset=2')).json<MatchItem[]>();
    expect([...first, ...second].map((m) => m.profileId)).toEqual(items.slice(0, 4).map((m) => m.profileId));
    const past = await get(viewer.account.cookie, '/api/matches?offset=1000');
    expect(past.json()).toEqual([]);
    expect(Number(past.headers['x-total-count'])).toBe(total);

    for (const query of ['limit=101', 'limit=0', 'offset=-1', 'limit=abc']) {
      expect((await get(viewer.account.cookie, `/api/matches?${query}`)).statusCode).toBe(400);
    }
  });

  it('leaves out inactive profiles and those a strict age range excludes, on either side', async () => {
    const strictWoman = await createProfileUser(ctx.app, { gender: 'woman', ageFlexibility: 'strict', minAge: 25, maxAge: 30 });
    const olderMan = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1960-05-05' });
    const inactiveWoman = await createProfileUser(ctx.app, { gender: 'woman' }, { active: false });
    const list = (await get(olderMan.account.cookie, '/api/matches?limit=100')).json<MatchItem[]>();
    expect(list.some((m) => m.profileId === strictWoman.profile.id)).toBe(false);
    expect(list.some((m) => m.profileId === inactiveWoman.profile.id)).toBe(false);
    const hers = (await get(strictWoman.account.cookie, '/api/matches?limit=100')).json<MatchItem[]>();
    expect(hers.some((m) => m.profileId === olderMan.profile.id)).toBe(false);
  });

  it('marks a card outside the age range the viewer asked for (flexible and preferred let them in), and only the viewer\'s range counts', async () => {
    const asked = await createProfileUser(ctx.app, { gender: 'woman', dateOfBirth: '1995-01-10', ageFlexibility: 'flexible', minAge: 27, maxAge: 36 });
    const inRange = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: isoYearsAgo(31), minAge: 18, maxAge: 99 });
    // He is 47 and asked for women of 45–50 (flexible): she is outside his range, he is outside hers.
    const older = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: isoYearsAgo(47), ageFlexibility: 'flexible', minAge: 45, maxAge: 50 });
    const hers = (await get(asked.account.cookie, '/api/matches?limit=100')).json<MatchItem[]>();
    expect(hers.find((m) => m.profileId === inRange.profile.id)).toMatchObject({ outsideMyAgeRange: false });
    expect(hers.find((m) => m.profileId === older.profile.id)).toMatchObject({ age: 47, outsideMyAgeRange: true });
    // From his side the flag speaks of his own range, never of hers about him.
    const his = (await get(inRange.account.cookie, '/api/matches?limit=100')).json<MatchItem[]>();
    expect(his.find((m) => m.profileId === asked.profile.id)).toMatchObject({ outsideMyAgeRange: false });
    const olders = (await get(older.account.cookie, '/api/matches?limit=100')).json<MatchItem[]>();
    expect(olders.find((m) => m.profileId === asked.profile.id)).toMatchObject({ outsideMyAgeRange: true });
  });
});

/** A date of birth `years` years and a few days ago, so the age is exactly `years`. */
function isoYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - 10);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

describe('GET /api/match/:id', () => {
  it('shows a candidate without email or date of birth; own, inactive and unknown ids get the same 404', async () => {
    const woman = await createProfileUser(ctx.app, { gender: 'woman', name: 'Tulasi Priya' });
    const man = await createProfileUser(ctx.app, { gender: 'man', dateOfBirth: '1988-12-12' });
    const inactive = await createProfileUser(ctx.app, { gender: 'man' }, { active: false });
    const response = await get(woman.account.cookie, `/api/match/${man.profile.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<MatchDetail>();
    expect(detail.compatibility.userId).toBe(man.account.id);
    expect(detail.profile).toMatchObject({ id: man.profile.id, firstName: 'Radha', age: expect.any(Number) });
    expect(response.body).not.toContain('dateOfBirth');
    expect(response.body).not.toContain('1988-12-12');
    expect(response.body).not.toContain(man.account.email);
    const list = (await get(woman.account.cookie, '/api/matches?limit=100')).json<MatchItem[]>();
    const item = list.find((m) => m.profileId === man.profile.id)!;
    expect(detail.compatibility.score).toBe(item.score);
    expect(detail.compatibility.breakdown).toEqual(item.breakdown);

    const answers = await Promise.all(
      [woman.profile.id, inactive.profile.id, '00000000-0000-4000-8000-000000000000'].map((id) => get(woman.account.cookie, `/api/match/${id}`)),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect((await get(woman.account.cookie, '/api/match/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('the match index agrees with scoreMatch and candidacy', () => {
  it('on random profiles: the same candidates, scores and breakdowns', async () => {
    const cities = ['Austin, Texas, USA', 'Austin, TX, USA', 'Dallas, Texas, USA', 'Toronto, Ontario, Canada', 'Vancouver, BC, Canada', 'Guadalajara, Jalisco, Mexico', 'London, England, UK', 'Mayapur, West Bengal, India', 'Boston, USA'];
    const profileArb = fc.record({
      gender: fc.constantFrom('man', 'woman'),
      dateOfBirth: fc.option(fc.date({ min: new Date('1950-01-01'), max: new Date('2006-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), { nil: null }),
      age: fc.option(fc.integer({ min: 18, max: 80 }).map(String), { nil: null }),
      minAge: fc.integer({ min: 18, max: 60 }),
      span: fc.integer({ min: 0, max: 39 }),
      ageFlexibility: fc.constantFrom(...ageFlexibilities),
      exactLocation: fc.constantFrom(...cities),
      relocation: fc.constantFrom(...relocations),
      communityAffiliation: fc.constantFrom('ISKCON', 'iskcon ', 'Gaudiya Math', 'Sri Vaishnava', 'Yoga community'),
      courtshipAlignment: fc.constantFrom(...courtshipAlignments),
      dietAlignment: fc.constantFrom(...dietAlignments),
      consultation: fc.constantFrom(...consultations),
      // The answers must-haves read (often not given) and must-haves themselves (half the people set some).
      maritalHistory: fc.option(fc.constantFrom(...maritalHistories), { nil: null, freq: 3 }),
      children: fc.option(fc.constantFrom(...childrenAnswers), { nil: null, freq: 3 }),
      wantsChildren: fc.option(fc.constantFrom(...wantsChildrenAnswers), { nil: null, freq: 3 }),
      tradition: fc.option(fc.constantFrom(...traditions), { nil: null, freq: 3 }),
      heightCm: fc.option(fc.integer({ min: 120, max: 230 }), { nil: null, freq: 3 }),
      mustHaves: fc.option(
        fc.record(
          {
            maritalHistory: fc.subarray([...maritalHistories], { minLength: 1 }),
            children: fc.subarray([...childrenAnswers], { minLength: 1 }),
            wantsChildren: fc.subarray([...wantsChildrenAnswers], { minLength: 1 }),
            tradition: fc.subarray([...traditions], { minLength: 1 }),
            heightCm: fc.tuple(fc.integer({ min: 120, max: 230 }), fc.integer({ min: 0, max: 60 })).map(([min, span]) => ({ min, max: Math.min(230, min + span) })),
          },
          { requiredKeys: [] },
        ),
        { nil: null, freq: 2 },
      ),
    });
    /** The must-haves' part of a stored row. */
    const mustHaveColumns = (p: typeof generated[number]) => ({
      maritalHistory: p.maritalHistory,
      children: p.children,
      wantsChildren: p.wantsChildren,
      heightCm: p.heightCm,
      practice: p.tradition === null ? null : { tradition: p.tradition, traditionOther: null, initiation: null, daily: null },
      mustHaves: normalizeMustHaves(p.mustHaves),
    });
    const generated = fc.sample(profileArb, { numRuns: 120, seed: 20261121 });
    const rows: (typeof profiles.$inferSelect)[] = [];
    for (const [index, p] of generated.entries()) {
      const [user] = await ctx.database.db.insert(users).values({ email: `random${index}@example.com`, passwordHash: 'x' }).returning();
      const values = {
        userId: user!.id,
        name: `Random${index} Person`,
        gender: p.gender,
        dateOfBirth: p.dateOfBirth,
        age: p.age,
        minAge: p.minAge,
        maxAge: Math.min(99, p.minAge + p.span),
        ageFlexibility: p.ageFlexibility,
        exactLocation: p.exactLocation,
        relocation: p.relocation,
        communityAffiliation: p.communityAffiliation,
        courtshipAlignment: p.courtshipAlignment,
        dietAlignment: p.dietAlignment,
        dealBreakers: 'none at all here',
        dealMakers: 'kindness and faith',
        aboutYou: 'x'.repeat(60),
        marriageReadinessConsultation: consultationToStorage(p.consultation),
        ...mustHaveColumns(p),
        profileActive: index % 10 !== 0,
        profileComplete: true,
        photos: ['/objects/photos/aaaaaaaaaaaaaaaaaaaaaaaa.jpg', '/objects/photos/bbbbbbbbbbbbbbbbbbbbbbbb.jpg'],
        // Seven moments, so "newest first" meets ties (broken by profile id).
        createdAt: new Date(Date.UTC(2026, 0, 1) + (index % 7) * 1000),
        ...matchKeys({ exactLocation: p.exactLocation, communityAffiliation: p.communityAffiliation, dateOfBirth: p.dateOfBirth, age: p.age }),
      };
      const [row] = await ctx.database.db.insert(profiles).values(values).returning();
      rows.push(row!);
    }
    // Read at start 7 profiles a statement, so the load crosses pages (in production: 10,000 a statement).
    const index = new MatchIndex(ctx.database.db, 7);
    await index.start(ctx.database);
    const service = new MatchesService(ctx.database.db, index);
    const gazetteer = await loadGazetteer();
    const spotOf = (row: { exactLocation: string }) => gazetteer.locate(parseLocation(row.exactLocation));
    const today = new Date();
    let compared = 0;
    let apartByMustHaves = 0;
    const compareAll = async () => {
      const everyone = await ctx.database.db.select().from(profiles);
      const current = everyone.filter((r) => rows.some((row) => row.id === r.id));
      for (const viewer of current.filter((r) => r.profileActive).slice(0, 25)) {
        const { items, total } = await service.list(viewer.userId, { limit: 100, offset: 0 }, today);
        const expected = everyone.filter((other) => isMatchCandidate(viewer, other, today));
        expect(total).toBe(expected.length);
        // How many pairs only must-haves keep apart (the test must meet some).
        apartByMustHaves += everyone.filter((other) => !isMatchCandidate(viewer, other, today) && isMatchCandidate({ ...viewer, mustHaves: null }, { ...other, mustHaves: null }, today)).length;
        // Newest first: the same candidates by when each profile was made, ties by id, with the same scores.
        const newest = await service.list(viewer.userId, { limit: 100, offset: 0, sort: 'newest' }, today);
        const byCreation = [...expected].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        expect(newest.items.map((i) => i.profileId)).toEqual(byCreation.map((e) => e.id));
        expect(newest.total).toBe(expected.length);
        const scoreOf = new Map(items.map((i) => [i.profileId, i.score]));
        for (const item of newest.items) expect(item.score).toBe(scoreOf.get(item.profileId));
        expect(expected.length).toBeLessThanOrEqual(100);
        expect(new Set(items.map((i) => i.profileId))).toEqual(new Set(expected.map((e) => e.id)));
        for (const item of items) {
          const other = everyone.find((e) => e.id === item.profileId)!;
          const reference = scoreMatch(viewer as unknown as MatchProfile, other as unknown as MatchProfile, today);
          expect({ id: item.profileId, score: item.score, breakdown: item.breakdown }).toEqual({ id: other.id, ...reference });
          compared += 1;
        }
        // Small pages, where the index skips whole buckets that cannot reach the page: the same order
        // as sorting every candidate by score (then id).
        const reference = expected
          .map((other) => ({ id: other.id, score: scoreMatch(viewer as unknown as MatchProfile, other as unknown as MatchProfile, today).score }))
          .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
        for (const offset of [0, 3, 7]) {
          const page = await service.list(viewer.userId, { limit: 3, offset }, today);
          expect(page.items.map((i) => i.profileId)).toEqual(reference.slice(offset, offset + 3).map((r) => r.id));
          expect(page.total).toBe(expected.length);
        }
        // Narrowed by distance (Austin–Dallas is 293 km, Toronto–Vancouver 3,360 km): the reference's candidates whose
        // place lies within it, in both orders, the total exact; a viewer whose own place is not on the map is refused.
        const from = spotOf(viewer);
        for (const withinKm of [300, 3000]) {
          const asked = service.list(viewer.userId, { limit: 100, offset: 0, withinKm }, today);
          if (!from) {
            await expect(asked).rejects.toMatchObject({ statusCode: 400, code: 'place-not-on-map' });
            continue;
          }
          const within = new Set(
            expected
              .filter((other) => {
                const spot = spotOf(other);
                return spot !== undefined && greatCircleKm(from, spot) <= withinKm;
              })
              .map((other) => other.id),
          );
          const narrowed = await asked;
          expect(narrowed.items.map((i) => i.profileId)).toEqual(reference.filter((r) => within.has(r.id)).map((r) => r.id));
          expect(narrowed.total).toBe(within.size);
          const newestWithin = await service.list(viewer.userId, { limit: 100, offset: 0, withinKm, sort: 'newest' }, today);
          expect(newestWithin.items.map((i) => i.profileId)).toEqual(byCreation.filter((e) => within.has(e.id)).map((e) => e.id));
          expect(newestWithin.total).toBe(within.size);
        }
      }
    };
    await compareAll();

    // Profiles change: people move, switch answers and communities, deactivate and come back. The index
    // follows each change (moving slots between buckets) and must still agree with the reference.
    const changes = fc.sample(fc.tuple(fc.nat(rows.length - 1), profileArb, fc.boolean()), { numRuns: 60, seed: 11 });
    for (const [position, p, active] of changes) {
      const row = rows[position]!;
      await ctx.database.db
        .update(profiles)
        .set({
          exactLocation: p.exactLocation,
          relocation: p.relocation,
          communityAffiliation: p.communityAffiliation,
          courtshipAlignment: p.courtshipAlignment,
          dietAlignment: p.dietAlignment,
          marriageReadinessConsultation: consultationToStorage(p.consultation),
          ageFlexibility: p.ageFlexibility,
          ...mustHaveColumns(p),
          profileActive: active,
          ...matchKeys({ exactLocation: p.exactLocation, communityAffiliation: p.communityAffiliation, dateOfBirth: row.dateOfBirth, age: row.age }),
        })
        .where(eq(profiles.id, row.id));
      await notifyProfileChanged(ctx.database.db, row.id);
      await index.caughtUp();
    }
    await compareAll();
    expect(compared).toBeGreaterThan(200);
    expect(apartByMustHaves).toBeGreaterThan(20);
  }, 60_000);
});
