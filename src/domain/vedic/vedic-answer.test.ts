import { describe, expect, it } from 'vitest';
import { vedicChart, type VedicChart } from './chart';
import { vedicAnswer, vedicCompatibility } from './vedic-answer';
import { vedicMatch } from './vedic-match';
import { moonPlace } from './zodiac';

/** A stored chart with the Moon at `moon` and an exact time, the rest as given. */
function chart(moon: number, rest: Partial<VedicChart> = {}): VedicChart {
  return { version: 1, birthTimeAccuracy: 'exact', moon, moonWindow: { from: moon, to: moon }, ...moonPlace(moon), ascendant: 0, mars: 0, mangalDosha: false, mangalDoshaFromMoon: false, uncertain: [], ...rest };
}

describe('vedicAnswer', () => {
  it('keeps what the panel shows, in a shape the schema accepts', () => {
    const match = vedicMatch({ chart: chart(41), gender: 'woman' }, { chart: chart(165), gender: 'man' });
    const answer = vedicAnswer(match);
    expect(Object.keys(answer).sort()).toEqual(['cancellations', 'kootas', 'them', 'total', 'uncertain', 'you']);
    expect(answer).toEqual({
      total: 32,
      kootas: match.kootas,
      cancellations: ['bhakoot-friendly-rashi-lords'],
      you: { nakshatra: 4, pada: 1, rashi: 2, mangalDosha: false },
      them: { nakshatra: 13, pada: 2, rashi: 6, mangalDosha: false },
      uncertain: [],
    });
    expect(vedicCompatibility.parse(answer)).toEqual(answer);
  });

  it('names every uncertain result the schema allows, and leaves out the dosha from the Moon the answer does not carry', () => {
    const her = chart(29.5, { birthTimeAccuracy: 'approximate', moonWindow: { from: 29, to: 31 }, uncertain: ['pada', 'rashi', 'mangalDoshaFromMoon'] });
    const him = chart(165, { birthTimeAccuracy: 'approximate', mangalDosha: true, uncertain: ['ascendant', 'mangalDosha'] });
    const answer = vedicAnswer(vedicMatch({ chart: her, gender: 'woman' }, { chart: him, gender: 'man' }));
    expect(answer.uncertain).toEqual(['varna', 'grahaMaitri', 'bhakoot', 'total', 'cancellations', 'you.pada', 'you.rashi', 'them.mangalDosha', 'mangalDoshaBalanced']);
    expect(vedicCompatibility.parse(answer)).toEqual(answer);
  });

  it('answers charts computed from birth details, an unknown time included', () => {
    const place = { timeZone: 'Asia/Kolkata', birthPlace: { latitude: 26.9124, longitude: 75.7873 } };
    const her = vedicChart({ ...place, birthDate: '1962-01-26', birthTime: null, birthTimeAccuracy: 'unknown' });
    const him = vedicChart({ ...place, birthDate: '1960-08-15', birthTime: '06:30', birthTimeAccuracy: 'exact' });
    const answer = vedicAnswer(vedicMatch({ chart: him, gender: 'man' }, { chart: her, gender: 'woman' }));
    expect(answer.them.mangalDosha).toBeNull();
    expect(vedicCompatibility.parse(answer)).toEqual(answer);
  });

  it('refuses a koota or a cancellation it does not know', () => {
    const answer = vedicAnswer(vedicMatch({ chart: chart(41), gender: 'woman' }, { chart: chart(165), gender: 'man' }));
    expect(vedicCompatibility.safeParse({ ...answer, kootas: answer.kootas.map((koota, index) => (index === 4 ? { ...koota, name: 'graha-maitri' } : koota)) }).success).toBe(false);
    expect(vedicCompatibility.safeParse({ ...answer, cancellations: ['bhakoot-friendly-lords'] }).success).toBe(false);
    expect(vedicCompatibility.safeParse({ ...answer, uncertain: ['nakshatra'] }).success).toBe(false);
  });
});
