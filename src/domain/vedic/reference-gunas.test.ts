/**
 * Guna totals against an independent implementation: reference-gunas.json holds the eight kootas of 83 pairs as the
 * npm package @ishubhamx/panchangam-js (2.2.3, MIT) scores them, made by scripts/vedic/reference-gunas.mjs (which
 * says how): 54 pairs of the 27 reference births (their Swiss Ephemeris Moons) and 29 chosen to hit each koota's
 * edge cases and each cancellation. Where the package follows another convention (vashya's halves of Dhanu and
 * Makara, deva–rakshasa gana, a yoni table reduced to four values, fewer dosha cancellations), the pair lists the
 * difference with the reason; every other koota must be equal, and every listed difference exactly as listed.
 */
import { describe, expect, it } from 'vitest';
import { ashtakoota, type Cancellation, type KootaName } from './ashtakoota';
import { BHAKOOT_DOSHA_COUNTS } from './koota-tables';
import reference from './reference-gunas.json';
import { moonPlace } from './zodiac';

/** The conventions in which the package is known to differ from ours, koota by koota (the `why` each starts with). */
const KNOWN_DIFFERENCES: Record<string, KootaName> = {
  'the package gives Dhanu wholly manava and Makara wholly chatushpada': 'vashya',
  'deva with rakshasa: the package gives 0, ours 1': 'gana',
  'the package has no 14×14 yoni table': 'yoni',
  'bhakoot dosha with rashi lords friends both ways': 'bhakoot',
  'nadi dosha in one nakshatra, different padas': 'nadi',
  'nadi dosha in different rashis of one lord': 'nadi',
};

const points = (result: ReturnType<typeof ashtakoota>) =>
  Object.fromEntries(result.kootas.map((koota) => [koota.name, koota.points])) as Record<KootaName, number>;

const pairs = reference.pairs.map((pair) => ({ ...pair, name: pair.about, result: ashtakoota(pair.bride.moonLongitude, pair.groom.moonLongitude) }));

describe('ashtakoota against an independent implementation (@ishubhamx/panchangam-js)', () => {
  it.each(pairs)('$name', (pair) => {
    // The same places for the two Moons.
    for (const moon of [pair.bride, pair.groom]) {
      expect(moonPlace(moon.moonLongitude)).toEqual({ nakshatra: moon.nakshatra, pada: moon.pada, rashi: moon.rashi });
    }
    const ours = points(pair.result);
    const theirs = pair.theirs as Record<KootaName, number>;
    const expected = { ...theirs };
    for (const difference of pair.differences) {
      const koota = difference.koota as KootaName;
      expect(Object.entries(KNOWN_DIFFERENCES).some(([why, name]) => name === koota && difference.why.startsWith(why))).toBe(true);
      expect(difference.theirs).toBe(theirs[koota]);
      expect(difference.ours).not.toBe(difference.theirs);
      expected[koota] = difference.ours;
    }
    expect(ours).toEqual(expected);
    expect(pair.result.total).toBe(pair.oursTotal);
    const theirsTotal = Object.values(theirs).reduce((sum, value) => sum + value, 0);
    expect(theirsTotal).toBe(pair.theirsTotal);
  });

  it('covers at least 20 pairs of the reference births, and every dosha and cancellation', () => {
    expect(pairs.filter((pair) => 'id' in pair.bride && 'id' in pair.groom).length).toBeGreaterThanOrEqual(20);
    const cancellations = new Set<Cancellation>(pairs.flatMap((pair) => pair.result.cancellations));
    expect([...cancellations].sort()).toEqual([
      'bhakoot-friendly-rashi-lords',
      'bhakoot-same-rashi-lord',
      'nadi-same-nakshatra-different-pada',
      'nadi-same-nakshatra-different-rashi',
      'nadi-same-rashi-different-nakshatra',
      'nadi-same-rashi-lord',
    ]);
    const bhakootCounts = new Set(pairs.map((pair) => ((pair.groom.rashi - pair.bride.rashi + 12) % 12) + 1));
    for (const count of BHAKOOT_DOSHA_COUNTS) expect(bhakootCounts).toContain(count);
    // A nadi dosha that no rule lifts (the same nakshatra and pada), and one lifted.
    expect(pairs.some((pair) => points(pair.result).nadi === 0 && pair.bride.nakshatra === pair.groom.nakshatra)).toBe(true);
    // Every koota agreed with the package on most pairs, each at least once at a value below its maximum.
    for (const name of Object.keys(pairs[0]!.theirs) as KootaName[]) {
      const agreed = pairs.filter((pair) => !pair.differences.some((difference) => difference.koota === name));
      expect(agreed.length).toBeGreaterThan(pairs.length / 2);
      const max = pairs[0]!.result.kootas.find((koota) => koota.name === name)!.max;
      expect(agreed.some((pair) => points(pair.result)[name] < max)).toBe(true);
    }
  });
});
