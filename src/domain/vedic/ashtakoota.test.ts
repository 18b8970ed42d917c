/**
 * Guna totals, checked by hand: for each pair below every koota was worked out on paper from the rules as the
 * matching almanacs state them (the comments show the working), not by running the code. The tables themselves are
 * checked in koota-tables.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { ashtakoota, type KootaName } from './ashtakoota';

const points = (result: ReturnType<typeof ashtakoota>) =>
  Object.fromEntries(result.kootas.map((koota) => [koota.name, koota.points])) as Record<KootaName, number>;

describe('ashtakoota, hand-checked pairs', () => {
  it('bride in Rohini (Vrishabha), groom in Hasta (Kanya): 25, bhakoot 5/9 lifted by friendly lords, 32', () => {
    const result = ashtakoota(41, 165);
    expect(points(result)).toEqual({
      varna: 1, // groom Kanya vaishya ≥ bride Vrishabha vaishya
      vashya: 1, // groom manava, bride chatushpada
      tara: 3, // Rohini(4) → Hasta(13): 10th, 10 mod 9 = 1; back: 19th, 1: both auspicious
      yoni: 1, // serpent and buffalo
      grahaMaitri: 5, // Venus and Mercury, friends both ways
      gana: 6, // groom deva, bride manushya
      bhakoot: 7, // Vrishabha → Kanya is 5/9, a dosha, lifted: Venus and Mercury are friends
      nadi: 8, // Rohini antya, Hasta adi
    });
    expect(result).toMatchObject({ total: 32, totalBeforeCancellations: 25, cancellations: ['bhakoot-friendly-rashi-lords'] });
  });

  it('both Moons in Ashwini pada 3: nadi dosha that no rule lifts, 28', () => {
    const result = ashtakoota(10, 10);
    expect(points(result)).toEqual({ varna: 1, vashya: 2, tara: 3, yoni: 4, grahaMaitri: 5, gana: 6, bhakoot: 7, nadi: 0 });
    expect(result).toMatchObject({ total: 28, totalBeforeCancellations: 28, cancellations: [] });
  });

  it('bride in Ashwini (Mesha), groom in Jyeshtha (Vrishchika): both doshas lifted by Mars ruling both rashis', () => {
    const result = ashtakoota(5, 230);
    expect(points(result)).toEqual({
      varna: 1, // groom Vrishchika brahmin ≥ bride Mesha kshatriya
      vashya: 1, // groom keeta, bride chatushpada
      tara: 3, // Ashwini(1) → Jyeshtha(18): 18th, 0 → 9; back: 11th, 2: both auspicious
      yoni: 3, // horse and deer
      grahaMaitri: 5, // Mars and Mars
      gana: 1, // groom rakshasa, bride deva
      bhakoot: 7, // 8th / 6th: a dosha, lifted (same lord)
      nadi: 8, // both adi: a dosha, lifted (same lord)
    });
    expect(result.totalBeforeCancellations).toBe(14);
    expect(result.total).toBe(29);
    expect(result.cancellations).toEqual(['nadi-same-rashi-lord', 'bhakoot-same-rashi-lord']);
  });

  it('bride in Krittika pada 1 (Mesha), groom in Krittika pada 3 (Vrishabha): nadi lifted, bhakoot 2/12 not', () => {
    const result = ashtakoota(28, 35);
    expect(points(result)).toEqual({
      varna: 0, // groom Vrishabha vaishya below bride Mesha kshatriya
      vashya: 2, // both chatushpada
      tara: 3, // the same nakshatra: 1st both ways
      yoni: 4, // sheep and sheep
      grahaMaitri: 3, // Venus and Mars, neutral both ways
      gana: 6, // rakshasa and rakshasa
      bhakoot: 0, // 2nd / 12th, Mars and Venus not friends: stays
      nadi: 8, // both antya: lifted
    });
    expect(result).toMatchObject({ total: 26, totalBeforeCancellations: 18 });
    expect(result.cancellations).toEqual(['nadi-same-nakshatra-different-rashi', 'nadi-same-nakshatra-different-pada']);
  });

  it('bride in Bharani, groom in Krittika pada 1, both in Mesha: no dosha, 29', () => {
    const result = ashtakoota(20, 27);
    expect(points(result)).toEqual({
      varna: 1, // the same rashi
      vashya: 2, // both chatushpada
      tara: 3, // Bharani(2) → Krittika(3): 2nd; back: 27th, 0 → 9: both auspicious
      yoni: 3, // elephant and sheep
      grahaMaitri: 5, // Mars and Mars
      gana: 0, // groom rakshasa, bride manushya
      bhakoot: 7, // 1st / 1st
      nadi: 8, // Bharani madhya, Krittika antya
    });
    expect(result).toMatchObject({ total: 29, totalBeforeCancellations: 29, cancellations: [] });
  });
});

describe('ashtakoota, its shape', () => {
  it('gives the eight kootas in order with maxima 1 to 8, summing to at most 36', () => {
    const result = ashtakoota(100, 200);
    expect(result.kootas.map((koota) => [koota.name, koota.max])).toEqual([
      ['varna', 1], ['vashya', 2], ['tara', 3], ['yoni', 4], ['grahaMaitri', 5], ['gana', 6], ['bhakoot', 7], ['nadi', 8],
    ]);
    expect(result.total).toBe(result.kootas.reduce((sum, koota) => sum + koota.points, 0));
  });

  it('is symmetric in the kootas that read both alike, and not in varna, vashya and gana', () => {
    for (let a = 1.5; a < 360; a += 13.7) {
      for (let b = 0.5; b < 360; b += 29.3) {
        const forward = points(ashtakoota(a, b));
        const back = points(ashtakoota(b, a));
        for (const name of ['tara', 'yoni', 'grahaMaitri', 'bhakoot', 'nadi'] as const) expect(back[name]).toBe(forward[name]);
        for (const koota of ashtakoota(a, b).kootas) {
          expect(koota.points).toBeGreaterThanOrEqual(0);
          expect(koota.points).toBeLessThanOrEqual(koota.max);
        }
      }
    }
    // Gana: a deva bride (Ashwini, 5°) with a manushya groom (Bharani, 20°) has 5; the other way round 6.
    expect(points(ashtakoota(5, 20)).gana).toBe(5);
    expect(points(ashtakoota(20, 5)).gana).toBe(6);
    // Varna: a Meena (brahmin) bride with a Mesha (kshatriya) groom has 0; the other way round 1.
    expect(points(ashtakoota(350, 5)).varna).toBe(0);
    expect(points(ashtakoota(5, 350)).varna).toBe(1);
  });
});
