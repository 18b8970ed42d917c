import { describe, expect, it } from 'vitest';
import { vedicChart, type BirthDetails } from './chart';
import reference from './reference-charts.json';

const births = reference.charts.map((chart) => ({
  chart,
  birth: {
    birthDate: chart.date,
    birthTime: chart.time,
    birthTimeAccuracy: 'exact',
    timeZone: chart.timeZone,
    birthPlace: { latitude: chart.latitude, longitude: chart.longitude },
  } satisfies BirthDetails,
}));

/** Mangal dosha from the Swiss Ephemeris's own rashis, counted here by hand: houses 1, 2, 4, 7, 8, 12. */
function expectedDosha(fromRashi: number, marsRashi: number): boolean {
  const house = ((marsRashi - fromRashi + 12) % 12) + 1;
  return [1, 2, 4, 7, 8, 12].includes(house);
}

describe('vedicChart against the reference charts', () => {
  it.each(births)('$chart.id: nakshatra, pada, rashi, ascendant, Mangal dosha', ({ chart, birth }) => {
    const result = vedicChart(birth);
    expect({ nakshatra: result.nakshatra, pada: result.pada, rashi: result.rashi }).toEqual({
      nakshatra: chart.nakshatra,
      pada: chart.pada,
      rashi: chart.rashi,
    });
    expect(Math.floor(result.ascendant! / 30) + 1).toBe(chart.ascendantRashi);
    expect(Math.floor(result.mars / 30) + 1).toBe(chart.marsRashi);
    expect(result.mangalDosha).toBe(expectedDosha(chart.ascendantRashi, chart.marsRashi));
    expect(result.mangalDoshaFromMoon).toBe(expectedDosha(chart.rashi, chart.marsRashi));
  });
});

describe('vedicChart', () => {
  const jaipur1962 = births.find(({ chart }) => chart.id === 'jaipur-1962')!.birth;

  it('is a plain object that survives JSON (it is stored as jsonb)', () => {
    const chart = vedicChart(jaipur1962);
    expect(JSON.parse(JSON.stringify(chart))).toEqual(chart);
    expect(chart).toMatchObject({ version: 1, birthTimeAccuracy: 'exact', uncertain: [] });
    expect(chart.moonWindow).toEqual({ from: chart.moon, to: chart.moon });
  });

  it('without a birth time: no ascendant, Mangal dosha unknown, the Moon over the whole day', () => {
    for (const birth of [{ ...jaipur1962, birthTime: null }, { ...jaipur1962, birthTimeAccuracy: 'unknown' as const }]) {
      const chart = vedicChart(birth);
      expect(chart).toMatchObject({ birthTimeAccuracy: 'unknown', ascendant: null, mangalDosha: null });
      expect(typeof chart.mangalDoshaFromMoon).toBe('boolean');
      const span = chart.moonWindow.to - chart.moonWindow.from;
      expect(span).toBeGreaterThan(11.5); // the Moon moves 11.8°–15.4° a day
      expect(span).toBeLessThan(15.5);
      expect(chart.moon).toBeGreaterThan(chart.moonWindow.from);
      expect(chart.uncertain).not.toContain('mangalDosha');
    }
  });

  it('names what could change within an approximate window (±30 min), and nothing else', () => {
    // Jaipur, 1962-01-26 (IST, no older clock). The times below were picked from a scan of the day in 5-minute steps.
    const around = (birthTime: string) => vedicChart({ ...jaipur1962, birthTime, birthTimeAccuracy: 'approximate' });
    // 09:10: the Moon 1° into Hasta, the ascendant mid-Kumbha: nothing can change.
    expect(around('09:10').uncertain).toEqual([]);
    // 07:10: the Moon entered Hasta (13) from Uttara Phalguni (12) about 7 minutes before; both in Kanya.
    expect(around('07:10')).toMatchObject({ nakshatra: 13, pada: 1, rashi: 6, uncertain: ['nakshatra', 'pada'] });
    // 02:25: the ascendant just entered Vrishchika from Tula; Mars in Makara is the 3rd house from Vrishchika (no
    // dosha) but the 4th from Tula (dosha).
    expect(around('02:25')).toMatchObject({ mangalDosha: false, uncertain: ['ascendant', 'mangalDosha'] });
    // 06:05: the ascendant near the end of Dhanu; Mars in Makara is the 2nd house from Dhanu and the 1st from Makara:
    // dosha either way, so only the ascendant is uncertain.
    expect(around('06:05')).toMatchObject({ mangalDosha: true, uncertain: ['ascendant'] });
  });

  it('names the Moon\'s results as uncertain over a whole unknown day', () => {
    const unknown = vedicChart({ ...jaipur1962, birthTime: null });
    expect(unknown.uncertain).toEqual(expect.arrayContaining(['nakshatra', 'pada']));
    expect(unknown.uncertain).not.toContain('rashi'); // the Moon stayed in Kanya all day
  });
});
