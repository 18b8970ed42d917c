import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageFlexibilities,
  consultations,
  courtshipAlignments,
  dietAlignments,
  genders,
  relocations,
  storedConsultations,
} from '#domain/profile/profile';
import {
  AGE_MAX,
  AGE_SIDE_MAX,
  COMMUNITY_MAX,
  COMMUNITY_POINTS,
  COMPONENT_MAXIMA,
  COURTSHIP_MAX,
  COURTSHIP_PENALTIES,
  COURTSHIP_POINTS,
  DIET_MAX,
  DIET_PENALTIES,
  DIET_POINTS,
  LOCATION_MAX,
  LOCATION_POINTS,
  MARRIAGE_READINESS_MAX,
  MARRIAGE_READINESS_POINTS,
  RELOCATION_PAIR_MOBILITY,
  locationProximity,
  mobilities,
  normalizeCommunity,
  parseLocation,
  proximities,
  scoreMatch,
  type Breakdown,
  type MatchProfile,
} from './matching';

/** A local-time Date at noon, so the calendar day is unambiguous. */
const on = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12, 0, 0);
const TODAY = on(2025, 6, 1);

const base: MatchProfile = {
  gender: 'woman',
  dateOfBirth: '1995-01-01',
  age: null,
  minAge: 18,
  maxAge: 99,
  ageFlexibility: 'flexible',
  exactLocation: 'Austin, TX, USA',
  relocation: 'open-to-discuss',
  communityAffiliation: 'ISKCON',
  courtshipAlignment: 'either-with-guidance',
  dietAlignment: 'vegetarian-flexible',
  marriageReadinessConsultation: 'yes',
};
const profile = (fields: Partial<MatchProfile>): MatchProfile => ({ ...base, ...fields });

const sum = (b: Breakdown) => b.location + b.community + b.courtship + b.diet + b.age + b.marriageReadiness + b.penalties;

// ---- Worked examples (docs/matching.md, "Worked examples") ----------------------------------

describe('worked examples of docs/matching.md', () => {
  it('1. a strong match: 84, green', () => {
    const priya = profile({
      gender: 'woman',
      dateOfBirth: '1994-03-10',
      minAge: 29,
      maxAge: 38,
      ageFlexibility: 'preferred',
      exactLocation: 'Austin, TX, USA',
      relocation: 'open-to-discuss',
      communityAffiliation: 'ISKCON',
      courtshipAlignment: 'one-to-one-preferred',
      dietAlignment: 'plant-based-preferred',
      marriageReadinessConsultation: 'yes',
    });
    const arjun = profile({
      gender: 'man',
      dateOfBirth: '1991-09-20',
      minAge: 26,
      maxAge: 34,
      ageFlexibility: 'flexible',
      exactLocation: 'Dallas, Texas, United States',
      relocation: 'i-will-relocate',
      communityAffiliation: ' iskcon ',
      courtshipAlignment: 'one-to-one-essential',
      dietAlignment: 'strict-sattvic',
      marriageReadinessConsultation: 'maybe-later',
    });
    const expected = {
      score: 84,
      breakdown: { location: 21, community: 15, courtship: 15, diet: 15, age: 14, marriageReadiness: 4, penalties: 0 },
    };
    expect(scoreMatch(priya, arjun, TODAY)).toEqual(expected);
    expect(scoreMatch(arjun, priya, TODAY)).toEqual(expected);
  });

  it('2. a partial match: 55, yellow', () => {
    const meera = profile({
      gender: 'woman',
      dateOfBirth: '1988-01-15',
      minAge: 35,
      maxAge: 45,
      ageFlexibility: 'flexible',
      exactLocation: 'Toronto, ON, Canada',
      relocation: 'local-only',
      communityAffiliation: 'Art of Living',
      courtshipAlignment: 'either-with-guidance',
      dietAlignment: 'vegetarian-flexible',
      marriageReadinessConsultation: 'yes',
    });
    const daniel = profile({
      gender: 'man',
      dateOfBirth: '1982-11-02',
      minAge: 30,
      maxAge: 36,
      ageFlexibility: 'preferred',
      exactLocation: 'Vancouver, BC, Canada',
      relocation: 'partner-relocates',
      communityAffiliation: 'Sivananda Yoga',
      courtshipAlignment: 'rotational-preferred',
      dietAlignment: 'values-over-diet',
      marriageReadinessConsultation: 'yes',
    });
    const expected = {
      score: 55,
      breakdown: { location: 5, community: 8, courtship: 15, diet: 15, age: 7, marriageReadiness: 6, penalties: -1 },
    };
    expect(scoreMatch(meera, daniel, TODAY)).toEqual(expected);
    expect(scoreMatch(daniel, meera, TODAY)).toEqual(expected);
  });

  it('3. a typical mismatch: 45, orange', () => {
    const gopal = profile({
      gender: 'man',
      dateOfBirth: '1990-07-04',
      minAge: 25,
      maxAge: 32,
      ageFlexibility: 'preferred',
      exactLocation: 'Houston, TX, USA',
      relocation: 'local-only',
      communityAffiliation: 'Gaudiya Vaishnava',
      courtshipAlignment: 'one-to-one-essential',
      dietAlignment: 'strict-sattvic',
      marriageReadinessConsultation: 'no',
    });
    const lucia = profile({
      gender: 'woman',
      dateOfBirth: '1996-02-11',
      minAge: 30,
      maxAge: 40,
      ageFlexibility: 'flexible',
      exactLocation: 'Monterrey, Nuevo León, México',
      relocation: 'local-only',
      communityAffiliation: 'Sivananda Yoga',
      courtshipAlignment: 'either-with-guidance',
      dietAlignment: 'vegetarian-flexible',
      marriageReadinessConsultation: 'other',
    });
    const expected = {
      score: 45,
      breakdown: { location: 2, community: 8, courtship: 10, diet: 10, age: 14, marriageReadiness: 1, penalties: 0 },
    };
    expect(scoreMatch(gopal, lucia, TODAY)).toEqual(expected);
    expect(scoreMatch(lucia, gopal, TODAY)).toEqual(expected);
  });

  it('4. a clash on every value: the sum is -2, the score 0', () => {
    const gopal = profile({
      gender: 'man',
      dateOfBirth: '1990-07-04',
      minAge: 25,
      maxAge: 32,
      ageFlexibility: 'preferred',
      exactLocation: 'Houston, TX, USA',
      relocation: 'local-only',
      communityAffiliation: 'Gaudiya Vaishnava',
      courtshipAlignment: 'one-to-one-essential',
      dietAlignment: 'strict-sattvic',
      marriageReadinessConsultation: 'no',
    });
    const asha = profile({
      gender: 'woman',
      dateOfBirth: null,
      age: null,
      minAge: 35,
      maxAge: 50,
      ageFlexibility: 'flexible',
      exactLocation: 'Pune, Maharashtra, India',
      relocation: 'local-only',
      communityAffiliation: 'Hatha Yoga',
      courtshipAlignment: 'rotational-essential',
      dietAlignment: 'open-and-learning',
      marriageReadinessConsultation: 'yes',
    });
    const expected = {
      score: 0,
      breakdown: { location: 0, community: 8, courtship: 0, diet: 0, age: 10, marriageReadiness: 0, penalties: -20 },
    };
    expect(scoreMatch(gopal, asha, TODAY)).toEqual(expected);
    expect(scoreMatch(asha, gopal, TODAY)).toEqual(expected);
    expect(sum(expected.breakdown)).toBe(-2);
  });

  it('5. outside a strict range: age 0, nothing else changes', () => {
    const radha = profile({ dateOfBirth: '1993-04-01', minAge: 30, maxAge: 35, ageFlexibility: 'strict' });
    const krishna = profile({ gender: 'man', dateOfBirth: null, age: '41 years', minAge: 25, maxAge: 40 });
    const { breakdown } = scoreMatch(radha, krishna, TODAY);
    expect(breakdown.age).toBe(0);
    expect(breakdown.penalties).toBe(0);
    // The same pair with radha flexible: her half is 7 - 6 = 1, his half 7 (she is 32).
    expect(scoreMatch({ ...radha, ageFlexibility: 'flexible' }, krishna, TODAY).breakdown.age).toBe(8);
    // ...and with radha preferred: her half 0 and a penalty of 6.
    const preferred = scoreMatch({ ...radha, ageFlexibility: 'preferred' }, krishna, TODAY).breakdown;
    expect([preferred.age, preferred.penalties]).toEqual([7, -6]);
  });
});

// ---- Rules one at a time --------------------------------------------------------------------

describe('the weights', () => {
  it('the maxima sum to 100 and each table reaches exactly its maximum', () => {
    const total = Object.values(COMPONENT_MAXIMA).reduce((acc, value) => acc + value, 0);
    expect(total).toBe(100);
    const maxOf = (table: Record<string, Record<string, number>>) =>
      Math.max(...Object.values(table).flatMap((row) => Object.values(row)));
    expect(maxOf(LOCATION_POINTS)).toBe(LOCATION_MAX);
    expect(COMMUNITY_POINTS.same).toBe(COMMUNITY_MAX);
    expect(maxOf(COURTSHIP_POINTS)).toBe(COURTSHIP_MAX);
    expect(maxOf(DIET_POINTS)).toBe(DIET_MAX);
    expect(2 * AGE_SIDE_MAX).toBe(AGE_MAX);
    expect(maxOf(MARRIAGE_READINESS_POINTS)).toBe(MARRIAGE_READINESS_MAX);
  });

  it('every pair table is symmetric and covers every pair of values', () => {
    const check = (table: Record<string, Record<string, number | string>>, values: readonly string[]) => {
      expect(Object.keys(table).sort()).toEqual([...values].sort());
      for (const x of values) {
        expect(Object.keys(table[x] ?? {}).sort()).toEqual([...values].sort());
        for (const y of values) expect(table[x]?.[y], `${x} / ${y}`).toBe(table[y]?.[x]);
      }
    };
    check(COURTSHIP_POINTS, courtshipAlignments);
    check(COURTSHIP_PENALTIES, courtshipAlignments);
    check(DIET_POINTS, dietAlignments);
    check(DIET_PENALTIES, dietAlignments);
    check(MARRIAGE_READINESS_POINTS, storedConsultations);
    check(RELOCATION_PAIR_MOBILITY, relocations);
  });

  it('location points fall from same city to elsewhere for every mobility', () => {
    for (const mobility of mobilities) {
      const row = proximities.map((proximity) => LOCATION_POINTS[mobility][proximity]);
      expect(row, mobility).toEqual([...row].sort((x, y) => y - x));
      expect(row[0]).toBe(LOCATION_MAX);
    }
  });

  it('penalties are only the two clashes of the issue', () => {
    const pairs = (table: Record<string, Record<string, number>>) =>
      Object.entries(table).flatMap(([x, row]) => Object.entries(row).filter(([, v]) => v !== 0).map(([y, v]) => `${x}/${y}=${v}`));
    expect(pairs(COURTSHIP_PENALTIES).sort()).toEqual([
      'one-to-one-essential/rotational-essential=-10',
      'rotational-essential/one-to-one-essential=-10',
    ]);
    expect(pairs(DIET_PENALTIES).sort()).toEqual(['open-and-learning/strict-sattvic=-10', 'strict-sattvic/open-and-learning=-10']);
  });

  it('values-over-diet scores well with most diets', () => {
    const row = DIET_POINTS['values-over-diet'];
    expect(Object.values(row).filter((points) => points >= 15)).toHaveLength(4);
    expect(Math.min(...Object.values(row))).toBe(10);
  });

  it('marriage readiness: yes+yes highest, yes+maybe-later next', () => {
    const mr = (x: MatchProfile['marriageReadinessConsultation'], y: MatchProfile['marriageReadinessConsultation']) =>
      scoreMatch(profile({ marriageReadinessConsultation: x }), profile({ marriageReadinessConsultation: y }), TODAY).breakdown
        .marriageReadiness;
    expect(mr('yes', 'yes')).toBe(6);
    expect(mr('yes', 'maybe-later')).toBe(4);
    expect(mr('yes', 'other')).toBe(4);
    expect(mr('maybe-later', 'other')).toBe(3);
    const others = [mr('maybe-later', 'maybe-later'), mr('no', 'no'), mr('no', 'maybe-later'), mr('yes', 'no')];
    expect(Math.max(...others)).toBeLessThan(4);
  });
});

describe('relocation', () => {
  const pair = (ra: MatchProfile['relocation'], rb: MatchProfile['relocation'], la: string, lb: string) =>
    scoreMatch(profile({ relocation: ra, exactLocation: la }), profile({ relocation: rb, exactLocation: lb }), TODAY)
      .breakdown.location;

  it('two local-only people in different cities score low', () => {
    expect(pair('local-only', 'local-only', 'Austin, TX, USA', 'Austin, Texas, US')).toBe(25);
    expect(pair('local-only', 'local-only', 'Austin, TX, USA', 'Houston, TX, USA')).toBe(12);
    expect(pair('local-only', 'local-only', 'Austin, TX, USA', 'Seattle, WA, USA')).toBe(5);
    expect(pair('local-only', 'local-only', 'Austin, TX, USA', 'Toronto, ON, Canada')).toBe(2);
  });

  it('partner-relocates means the other moves: with someone who will, distance matters less', () => {
    expect(pair('partner-relocates', 'partner-relocates', 'Austin, TX, USA', 'Seattle, WA, USA')).toBe(5);
    expect(pair('partner-relocates', 'local-only', 'Austin, TX, USA', 'Seattle, WA, USA')).toBe(5);
    expect(pair('partner-relocates', 'i-will-relocate', 'Austin, TX, USA', 'Seattle, WA, USA')).toBe(18);
    expect(pair('partner-relocates', 'open-to-discuss', 'Austin, TX, USA', 'Seattle, WA, USA')).toBe(13);
  });

  it('for those open to moving, the USA, Canada and Mexico count as one region', () => {
    expect(pair('either-relocates', 'local-only', 'Austin, TX, USA', 'Toronto, ON, Canada')).toBe(18);
    expect(pair('either-relocates', 'local-only', 'Austin, TX, USA', 'Seattle, WA, USA')).toBe(18);
    expect(pair('open-to-discuss', 'local-only', 'Guadalajara, Jalisco, México', 'Toronto, ON, Canada')).toBe(13);
    expect(pair('i-will-relocate', 'local-only', 'Austin, TX, USA', 'Pune, Maharashtra, India')).toBe(8);
  });
});

describe('age', () => {
  const ageOf = (a: Partial<MatchProfile>, b: Partial<MatchProfile>) => scoreMatch(profile(a), profile(b), TODAY).breakdown;

  it('full points when each is inside the other range', () => {
    expect(ageOf({ dateOfBirth: '1990-01-01', minAge: 30, maxAge: 40 }, { dateOfBirth: '1988-01-01', minAge: 30, maxAge: 40 }).age).toBe(14);
  });

  it('an unknown age gives the neutral 4 for that half', () => {
    expect(ageOf({ dateOfBirth: '1990-01-01' }, { dateOfBirth: null, age: null }).age).toBe(7 + 4);
    expect(ageOf({ dateOfBirth: null, age: 'not saying' }, { dateOfBirth: null, age: null }).age).toBe(8);
  });

  it('flexible loses a point a year, preferred all its half plus a point a year (at most 10)', () => {
    const seeker = { dateOfBirth: '1990-01-01', minAge: 30, maxAge: 35 };
    const olderBy = (years: number) => ({ dateOfBirth: `${1990 - years}-01-01` }); // 35 + years
    expect(ageOf({ ...seeker, ageFlexibility: 'flexible' }, olderBy(3))).toMatchObject({ age: 7 + 4, penalties: 0 });
    expect(ageOf({ ...seeker, ageFlexibility: 'flexible' }, olderBy(9))).toMatchObject({ age: 7 + 0, penalties: 0 });
    expect(ageOf({ ...seeker, ageFlexibility: 'preferred' }, olderBy(3))).toMatchObject({ age: 7, penalties: -3 });
    expect(ageOf({ ...seeker, ageFlexibility: 'preferred' }, olderBy(14))).toMatchObject({ age: 7, penalties: -10 });
  });
});

describe('parseLocation', () => {
  it.each([
    ['Austin, TX, USA', 'austin', 'texas', 'usa'],
    ['  austin ,Texas , United States of America ', 'austin', 'texas', 'usa'],
    ['Los Angeles, CA, US', 'los angeles', 'california', 'usa'],
    ['Los Angeles, CA', 'los angeles', 'california', 'usa'],
    ['Toronto, ON, CA', 'toronto', 'ontario', 'canada'],
    ['Toronto, Canada', 'toronto', '', 'canada'],
    ['Montréal, QC, Canadá', 'montreal', 'quebec', 'canada'],
    ['Ciudad de México, CDMX, México', 'ciudad de mexico', 'ciudad de mexico', 'mexico'],
    ['Mexico City, Mexico', 'ciudad de mexico', '', 'mexico'],
    ['Guadalajara, Jalisco', 'guadalajara', 'jalisco', 'mexico'],
    ['Monterrey, NL, MX', 'monterrey', 'nuevo leon', 'mexico'],
    ['St. Louis, MO, U.S.A.', 'saint louis', 'missouri', 'usa'],
    ['New York City, NY, Estados Unidos', 'new york', 'new york', 'usa'],
    ['Pune, Maharashtra, India', 'pune', 'maharashtra', 'india'],
    ['Brooklyn, New York City, NY, USA', 'brooklyn', 'new york', 'usa'],
    ['USA', '', '', 'usa'],
    ['Somewhere', 'somewhere', '', ''],
    ['', '', '', ''],
    [' , , ', '', '', ''],
  ])('%j', (text, city, region, country) => {
    expect(parseLocation(text)).toEqual({ city, region, country });
  });

  it('proximity: an unknown part never matches, a missing region does not split a city', () => {
    const near = (x: string, y: string) => locationProximity(parseLocation(x), parseLocation(y));
    expect(near('Toronto, Canada', 'Toronto, ON, Canada')).toBe('same-city');
    expect(near('Portland, OR, USA', 'Portland, ME, USA')).toBe('same-country');
    expect(near('Somewhere', 'Somewhere')).toBe('elsewhere');
    expect(near('Austin, TX, USA', 'Monterrey, NL, Mexico')).toBe('north-america');
    expect(near('London, England, UK', 'Pune, Maharashtra, India')).toBe('elsewhere');
  });
});

describe('normalizeCommunity', () => {
  it('ignores case, accents, spacing and punctuation', () => {
    expect(normalizeCommunity('  I.S.K.C.O.N. ')).toBe('iskcon');
    expect(normalizeCommunity('ISKCON')).toBe('iskcon');
    expect(normalizeCommunity('Gaudiya-Vaiṣṇava')).toBe(normalizeCommunity('gaudiya   vaisnava'));
    expect(normalizeCommunity("Sri Sri Ravi Shankar's Art of Living")).toBe('sri sri ravi shankars art of living');
    expect(normalizeCommunity('Śrī  Chaitanya / Saraswat Math')).toBe('sri chaitanya saraswat math');
    expect(normalizeCommunity('इस्कॉन')).toBe('इस्कॉन');
  });

  it('same affiliation 15, different 8', () => {
    const c = (x: string, y: string) =>
      scoreMatch(profile({ communityAffiliation: x }), profile({ communityAffiliation: y }), TODAY).breakdown.community;
    expect(c('ISKCON', 'iskcon')).toBe(15);
    expect(c('ISKCON', 'Art of Living')).toBe(8);
  });
});

// ---- Properties -----------------------------------------------------------------------------

const LOCATIONS = [
  'Austin, TX, USA',
  'Houston, Texas, United States',
  'Seattle, WA, US',
  'Los Angeles, CA',
  'Toronto, ON, Canada',
  'Vancouver, BC, CA',
  'Guadalajara, Jalisco, México',
  'Ciudad de México, CDMX, Mexico',
  'Pune, Maharashtra, India',
  'London, England, UK',
  'Somewhere',
];
const COMMUNITIES = ['ISKCON', 'iskcon', 'Art of Living', 'Sivananda Yoga', 'Gaudiya Vaishnava', 'Śrī Vaiṣṇava'];

const pad = (n: number) => String(n).padStart(2, '0');
const dateOfBirthArb = fc
  .record({ year: fc.integer({ min: 1940, max: 2007 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) })
  .map(({ year, month, day }) => `${year}-${pad(month)}-${pad(day)}`);

const profileArb: fc.Arbitrary<MatchProfile> = fc
  .record({
    gender: fc.constantFrom(...genders),
    dateOfBirth: fc.option(dateOfBirthArb, { nil: null }),
    age: fc.constantFrom(null, '30', '45 years', 'unknown', ''),
    ages: fc.tuple(fc.integer({ min: 18, max: 99 }), fc.integer({ min: 18, max: 99 })),
    ageFlexibility: fc.constantFrom(...ageFlexibilities),
    exactLocation: fc.constantFrom(...LOCATIONS),
    relocation: fc.constantFrom(...relocations),
    communityAffiliation: fc.constantFrom(...COMMUNITIES),
    courtshipAlignment: fc.constantFrom(...courtshipAlignments),
    dietAlignment: fc.constantFrom(...dietAlignments),
    marriageReadinessConsultation: fc.constantFrom(...consultations, ...storedConsultations),
  })
  .map(({ ages: [x, y], ...rest }) => ({ ...rest, minAge: Math.min(x, y), maxAge: Math.max(x, y) }));

const todayArb = fc.constantFrom(TODAY, on(2024, 2, 29), on(2030, 12, 31));

describe('properties', () => {
  it('the score is an integer 0–100 and each component within its bounds', () => {
    fc.assert(
      fc.property(profileArb, profileArb, todayArb, (a, b, today) => {
        const { score, breakdown } = scoreMatch(a, b, today);
        expect(Number.isInteger(score)).toBe(true);
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
        for (const [key, max] of Object.entries(COMPONENT_MAXIMA)) {
          const value = breakdown[key as keyof typeof COMPONENT_MAXIMA];
          expect(Number.isInteger(value), key).toBe(true);
          expect(value, key).toBeGreaterThanOrEqual(0);
          expect(value, key).toBeLessThanOrEqual(max);
        }
        expect(Number.isInteger(breakdown.penalties)).toBe(true);
        expect(breakdown.penalties).toBeLessThanOrEqual(0);
        expect(Object.is(breakdown.penalties, -0)).toBe(false);
        expect(score).toBe(Math.min(100, Math.max(0, sum(breakdown))));
      }),
      { numRuns: 500 },
    );
  });

  it('is symmetric: same score and same breakdown both ways', () => {
    fc.assert(
      fc.property(profileArb, profileArb, todayArb, (a, b, today) => {
        expect(scoreMatch(b, a, today)).toEqual(scoreMatch(a, b, today));
      }),
      { numRuns: 500 },
    );
  });

  it('other things equal: same city >= same region >= same country >= elsewhere', () => {
    const scenarios = [
      {
        home: 'Austin, TX, USA',
        sameCity: 'austin, Texas, United States',
        sameRegion: 'Houston, Texas, USA',
        sameCountry: 'Seattle, WA, US',
        elsewhere: ['Toronto, ON, Canada', 'Guadalajara, Jalisco, México', 'Pune, Maharashtra, India', 'Somewhere'],
      },
      {
        home: 'Toronto, Ontario, Canada',
        sameCity: 'Toronto, ON, CA',
        sameRegion: 'Ottawa, ON, Canada',
        sameCountry: 'Vancouver, BC, Canada',
        elsewhere: ['Austin, TX, USA', 'Ciudad de México, CDMX, México', 'London, England, UK'],
      },
      {
        home: 'Ciudad de México, CDMX, México',
        sameCity: 'Mexico City, Mexico City, Mexico',
        sameRegion: 'Coyoacán, Ciudad de México, Mexico',
        sameCountry: 'Guadalajara, Jalisco, Mexico',
        elsewhere: ['Los Angeles, CA', 'Vancouver, BC, Canada', 'Pune, Maharashtra, India'],
      },
      {
        home: 'Pune, Maharashtra, India',
        sameCity: 'pune, maharashtra, Bharat',
        sameRegion: 'Mumbai, Maharashtra, India',
        sameCountry: 'Bengaluru, Karnataka, India',
        elsewhere: ['Austin, TX, USA', 'Toronto, ON, Canada'],
      },
    ];
    const arb = fc.constantFrom(...scenarios).chain((scenario) =>
      fc.tuple(fc.constant(scenario), fc.constantFrom(...scenario.elsewhere)),
    );
    fc.assert(
      fc.property(profileArb, profileArb, arb, (a, b, [scenario, elsewhere]) => {
        const home = { ...a, exactLocation: scenario.home };
        const at = (place: string) => scoreMatch(home, { ...b, exactLocation: place }, TODAY);
        const chain = [at(scenario.sameCity), at(scenario.sameRegion), at(scenario.sameCountry), at(elsewhere)];
        for (let i = 1; i < chain.length; i += 1) {
          expect(chain[i - 1]!.score).toBeGreaterThanOrEqual(chain[i]!.score);
          expect(chain[i - 1]!.breakdown.location).toBeGreaterThanOrEqual(chain[i]!.breakdown.location);
        }
        expect(chain[0]!.breakdown.location).toBe(LOCATION_MAX);
      }),
      { numRuns: 300 },
    );
  });

  const scaleProperty = <K extends 'courtshipAlignment' | 'dietAlignment'>(
    key: K,
    scale: readonly MatchProfile[K][],
    component: 'courtship' | 'diet',
  ) =>
    fc.assert(
      fc.property(
        profileArb,
        profileArb,
        fc.integer({ min: 0, max: scale.length - 1 }),
        fc.integer({ min: 0, max: scale.length - 1 }),
        (a, b, j1, j2) => {
          const i = scale.indexOf(a[key]);
          fc.pre(Math.abs(i - j1) < Math.abs(i - j2));
          const near = scoreMatch(a, { ...b, [key]: scale[j1] }, TODAY);
          const far = scoreMatch(a, { ...b, [key]: scale[j2] }, TODAY);
          expect(near.score).toBeGreaterThanOrEqual(far.score);
          expect(near.breakdown[component]).toBeGreaterThanOrEqual(far.breakdown[component]);
          expect(near.breakdown.penalties).toBeGreaterThanOrEqual(far.breakdown.penalties);
        },
      ),
      { numRuns: 500 },
    );

  it('courtship: closer on the scale never scores lower than farther', () => {
    scaleProperty('courtshipAlignment', courtshipAlignments, 'courtship');
  });

  it('diet: closer on the scale never scores lower than farther', () => {
    scaleProperty('dietAlignment', dietAlignments, 'diet');
  });

  it('age inside both ranges never scores lower than outside', () => {
    fc.assert(
      fc.property(profileArb, profileArb, (a, b) => {
        // A range no age falls outside of (wider than the form allows, to cover every generated age).
        const inside = scoreMatch({ ...a, minAge: 0, maxAge: 200 }, { ...b, minAge: 0, maxAge: 200 }, TODAY);
        const actual = scoreMatch(a, b, TODAY);
        expect(inside.breakdown.age).toBeGreaterThanOrEqual(actual.breakdown.age);
        expect(inside.score).toBeGreaterThanOrEqual(actual.score);
      }),
      { numRuns: 300 },
    );
  });
});
