import { describe, expect, it } from 'vitest';
import { vedicChart, type VedicChart } from './chart';
import { vedicMatch } from './vedic-match';
import { moonPlace } from './zodiac';

/** A stored chart with the Moon at `moon` and an exact time, the rest as given. */
function chart(moon: number, rest: Partial<VedicChart> = {}): VedicChart {
  return {
    version: 1,
    birthTimeAccuracy: 'exact',
    moon,
    moonWindow: { from: moon, to: moon },
    ...moonPlace(moon),
    ascendant: 0,
    mars: 0,
    mangalDosha: false,
    mangalDoshaFromMoon: false,
    uncertain: [],
    ...rest,
  };
}

describe('vedicMatch', () => {
  it('answers the API shape, the woman read as the bride whoever asks', () => {
    const her = chart(41); // Rohini pada 1, Vrishabha
    const him = chart(165); // Hasta pada 2 (5° into it), Kanya
    const asked = vedicMatch({ chart: her, gender: 'woman' }, { chart: him, gender: 'man' });
    expect(asked).toMatchObject({
      total: 32,
      totalBeforeCancellations: 25,
      cancellations: ['bhakoot-friendly-rashi-lords'],
      you: { nakshatra: 4, pada: 1, rashi: 2, mangalDosha: false, mangalDoshaFromMoon: false },
      them: { nakshatra: 13, pada: 2, rashi: 6, mangalDosha: false, mangalDoshaFromMoon: false },
      mangalDoshaBalanced: true,
      uncertain: [],
    });
    expect(asked.kootas.map((koota) => koota.max)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const fromHim = vedicMatch({ chart: him, gender: 'man' }, { chart: her, gender: 'woman' });
    expect(fromHim.kootas).toEqual(asked.kootas);
    expect(fromHim.you).toEqual(asked.them);
    expect(fromHim.them).toEqual(asked.you);
  });

  it('refuses a pair of one gender: the tables read a bride and a groom', () => {
    expect(() => vedicMatch({ chart: chart(41), gender: 'woman' }, { chart: chart(165), gender: 'woman' })).toThrow(RangeError);
  });

  it('says whether both or neither have Mangal dosha, and null when one is not known', () => {
    const balanced = (a: boolean | null, b: boolean | null) =>
      vedicMatch({ chart: chart(41, { mangalDosha: a }), gender: 'woman' }, { chart: chart(165, { mangalDosha: b }), gender: 'man' }).mangalDoshaBalanced;
    expect(balanced(true, true)).toBe(true);
    expect(balanced(false, false)).toBe(true);
    expect(balanced(true, false)).toBe(false);
    expect(balanced(null, true)).toBeNull();
  });

  it('names the results a Moon crossing from Mesha into Vrishabha could change', () => {
    // Her Moon between 29° and 31° (Krittika, pada 1 in Mesha or pada 2 in Vrishabha), stated at 29.5°; his in Hasta.
    const her = chart(29.5, { birthTimeAccuracy: 'approximate', moonWindow: { from: 29, to: 31 }, uncertain: ['pada', 'rashi'] });
    const result = vedicMatch({ chart: her, gender: 'woman' }, { chart: chart(165), gender: 'man' });
    // In Mesha: varna 0 (a vaishya groom), graha maitri 0.5 (Mars–Mercury), bhakoot 6/8 that stays 0; in Vrishabha:
    // varna 1, graha maitri 5, bhakoot 5/9 lifted (Venus–Mercury friends) to 7. Tara, yoni, gana, vashya, nadi hold.
    expect(result.total).toBe(0 + 1 + 3 + 3 + 0.5 + 1 + 0 + 8);
    expect(result.uncertain).toEqual(['varna', 'grahaMaitri', 'bhakoot', 'total', 'cancellations', 'you.pada', 'you.rashi']);
  });

  it('names a Mangal dosha balance that could change', () => {
    const his = chart(165, { birthTimeAccuracy: 'approximate', mangalDosha: true, uncertain: ['ascendant', 'mangalDosha'] });
    const result = vedicMatch({ chart: chart(41, { mangalDosha: true }), gender: 'woman' }, { chart: his, gender: 'man' });
    expect(result.mangalDoshaBalanced).toBe(true);
    expect(result.uncertain).toEqual(['them.mangalDosha', 'mangalDoshaBalanced']);
  });

  it('works on charts computed from birth details, unknown times included', () => {
    const place = { timeZone: 'Asia/Kolkata', birthPlace: { latitude: 26.9124, longitude: 75.7873 } };
    const her = vedicChart({ ...place, birthDate: '1962-01-26', birthTime: null, birthTimeAccuracy: 'unknown' });
    const him = vedicChart({ ...place, birthDate: '1960-08-15', birthTime: '06:30', birthTimeAccuracy: 'exact' });
    const result = vedicMatch({ chart: him, gender: 'man' }, { chart: her, gender: 'woman' });
    expect(result.them.mangalDosha).toBeNull();
    expect(result.mangalDoshaBalanced).toBeNull();
    expect(result.uncertain).toEqual(expect.arrayContaining(['them.nakshatra', 'them.pada']));
    expect(result.uncertain.some((name) => name.startsWith('you.'))).toBe(false);
    expect(result.total).toBe(result.kootas.reduce((sum, koota) => sum + koota.points, 0));
  });
});
