import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileFormValues } from '#domain/profile/profile-input';
import references from '../../../domain/vedic/reference-charts.json';
import { createProfileUser } from '#server/test/factories';
import { validProfileInput } from '#server/test/fixtures';
import { createTestContext, sessionCookie, signUp, type TestContext } from '#server/test/test-app';

/**
 * Vedic compatibility between two members (issue 52 part 3), through the API on a real database: the match page, the
 * introduction card, the coordinators' and the elders' introductions carry `vedic` only when both opted in, with each
 * one's nakshatra, pada and rashi as the Swiss Ephemeris gives them for the same births (reference-charts.json,
 * computed independently: scripts/vedic/reference-charts.mjs), and never a birth time or place.
 */
let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext({ adminPassword: 'the-admin-password', introductions: { maxOpen: 5, elderApprovals: 1, responseDays: 7 } });
  adminCookie = sessionCookie(await ctx.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'the-admin-password' } }));
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, payload });

/** A reference birth as the profile form sends it: the date of birth on the profile, the time and place in `vedic`. */
const birth = (id: string, accuracy: 'exact' | 'approximate' | 'unknown' = 'exact') => {
  const chart = references.charts.find((entry) => entry.id === id)!;
  return {
    dateOfBirth: chart.date,
    vedic: {
      optIn: true,
      birthTime: accuracy === 'unknown' ? null : chart.time,
      birthTimeAccuracy: accuracy,
      birthPlace: { name: `${id} (test place)`, latitude: chart.latitude, longitude: chart.longitude, timeZone: chart.timeZone },
    },
    expected: { nakshatra: chart.nakshatra, pada: chart.pada, rashi: chart.rashi },
    secrets: [chart.time, `${id} (test place)`, String(chart.latitude), String(chart.longitude), chart.timeZone],
  };
};
const her = birth('dhaka-1999');
const his = birth('sao-paulo-1993');

const member = async (gender: 'woman' | 'man', extra: Partial<ProfileFormValues>) => {
  const overrides: Partial<ProfileFormValues> = { gender, name: `Vedic${gender} Test`, minAge: 20, maxAge: 45, courtshipAlignment: 'either-with-guidance', ...extra };
  const made = await createProfileUser(ctx.app, overrides);
  return { id: made.account.id, cookie: made.account.cookie, profileId: made.profile.id, overrides };
};
type Member = Awaited<ReturnType<typeof member>>;
/** Saves the member's whole profile again with these birth details (or without: opted out). */
const setVedic = async (person: Member, vedic: object) => {
  const saved = await call('POST', '/api/profile', person.cookie, { ...validProfileInput({ ...person.overrides }), vedic });
  expect(saved.statusCode, saved.body).toBe(200);
};
const matchPage = async (viewer: Member, other: Member) => {
  const answer = await call('GET', `/api/match/${other.profileId}`, viewer.cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
};
interface Vedic {
  total: number;
  kootas: { name: string; points: number; max: number }[];
  you: { nakshatra: number; pada: number; rashi: number; mangalDosha: boolean | null };
  them: { nakshatra: number; pada: number; rashi: number; mangalDosha: boolean | null };
  uncertain: string[];
}
const expectNoBirthDetails = (body: string) => {
  for (const secret of [...her.secrets, ...his.secrets]) expect(body).not.toContain(secret);
  expect(body).not.toMatch(/birthTime|birthPlace|moonWindow|ascendant/);
};

describe('vedic on the answers about a pair', () => {
  let woman: Member;
  let man: Member;
  beforeAll(async () => {
    woman = await member('woman', { dateOfBirth: her.dateOfBirth, vedic: her.vedic });
    man = await member('man', { dateOfBirth: his.dateOfBirth });
  });

  it('is absent until both opted in, then on both match pages, as the Swiss Ephemeris places their Moons', async () => {
    expect(Object.keys((await matchPage(woman, man)).json())).not.toContain('vedic');
    expect(Object.keys((await matchPage(man, woman)).json())).not.toContain('vedic');

    await setVedic(man, his.vedic);
    const hers = await matchPage(woman, man);
    const vedic = hers.json<{ vedic: Vedic }>().vedic;
    expect(vedic.you).toMatchObject(her.expected);
    expect(vedic.them).toMatchObject(his.expected);
    expect(vedic.kootas.map((koota) => [koota.name, koota.max])).toEqual([
      ['varna', 1], ['vashya', 2], ['tara', 3], ['yoni', 4], ['grahaMaitri', 5], ['gana', 6], ['bhakoot', 7], ['nadi', 8],
    ]);
    expect(vedic.total).toBeGreaterThanOrEqual(0);
    expect(vedic.total).toBeLessThanOrEqual(36);
    expect(vedic.uncertain).toEqual([]);
    expectNoBirthDetails(hers.body);
    // His page is the same pair seen from him: the same total, you and them swapped.
    const mine = (await matchPage(man, woman)).json<{ vedic: Vedic }>().vedic;
    expect(mine.total).toBe(vedic.total);
    expect(mine.you).toEqual(vedic.them);
    expect(mine.them).toEqual(vedic.you);
    // Never part of the score: the same compatibility as before he opted in.
    expect(hers.json<{ compatibility: { score: number } }>().compatibility.score).toBe((await matchPage(woman, man)).json<{ compatibility: { score: number } }>().compatibility.score);
  });

  it('is never shown to someone who did not opt in, whoever she looks at', async () => {
    const other = await member('woman', { dateOfBirth: '1995-03-03' });
    const answer = await matchPage(other, man);
    expect(Object.keys(answer.json())).not.toContain('vedic');
    expectNoBirthDetails(answer.body);
  });

  it('says what an unknown birth time leaves uncertain, and Mangal dosha unknown', async () => {
    await setVedic(woman, birth('dhaka-1999', 'unknown').vedic);
    const vedic = (await matchPage(woman, man)).json<{ vedic: Vedic }>().vedic;
    expect(vedic.you.mangalDosha).toBeNull();
    // The tradition's reading without a time, counted from the Moon, named as such (his has a time: none of his).
    expect(typeof (vedic.you as { mangalDoshaFromMoon?: boolean }).mangalDoshaFromMoon).toBe('boolean');
    expect(vedic.them).not.toHaveProperty('mangalDoshaFromMoon');
    // A whole day moves the Moon about 13°: at least her pada could change.
    expect(vedic.uncertain).toEqual(expect.arrayContaining(['you.pada']));
    await setVedic(woman, her.vedic);
  });

  it('is on the elders’ review, the member’s card and the coordinators’ list, and leaves them all when one opts out', async () => {
    const coordinator = await signUp(ctx.app);
    const elder = await signUp(ctx.app);
    expect((await call('PUT', `/api/admin/users/${coordinator.id}/roles`, adminCookie, { coordinator: true, elder: false })).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/users/${elder.id}/roles`, adminCookie, { coordinator: false, elder: true })).statusCode).toBe(200);
    const { id } = (await call('POST', '/api/introductions', coordinator.cookie, { memberA: woman.id, memberB: man.id, note: '' })).json<{ id: string }>();

    const review = await call('GET', '/api/elders/introductions', elder.cookie);
    const awaiting = review.json<Array<{ id: string; vedic?: Vedic }>>().find((item) => item.id === id)!;
    // Seen from member A (her): the elders read the pair as the coordinators do.
    expect(awaiting.vedic?.you).toMatchObject(her.expected);
    expectNoBirthDetails(review.body);
    expect((await call('POST', `/api/introductions/${id}/review`, elder.cookie, { decision: 'approve' })).statusCode).toBe(200);
    for (const person of [woman, man]) expect((await call('POST', `/api/introductions/${id}/respond`, person.cookie, { accept: true })).statusCode).toBe(200);

    const card = await call('GET', '/api/introductions', woman.cookie);
    expect(card.json<Array<{ id: string; other: { vedic?: Vedic } }>>().find((item) => item.id === id)!.other.vedic?.them).toMatchObject(his.expected);
    expectNoBirthDetails(card.body);
    const list = await call('GET', '/api/coordinator/introductions', coordinator.cookie);
    expect(list.json<Array<{ id: string; vedic?: Vedic }>>().find((item) => item.id === id)!.vedic?.them).toMatchObject(his.expected);
    expectNoBirthDetails(list.body);

    await setVedic(man, { optIn: false });
    for (const [url, cookie] of [
      [`/api/match/${woman.profileId}`, man.cookie],
      ['/api/introductions', woman.cookie],
      ['/api/coordinator/introductions', coordinator.cookie],
    ] as const) {
      expect((await call('GET', url, cookie)).body).not.toContain('"vedic"');
    }
  });
});
