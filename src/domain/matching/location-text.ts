/*
 * Free text read for the score (matching.ts): normalised text and communities, and a "city, region, country"
 * location parsed into canonical parts (aliases for countries, regions and cities).
 */

export interface ParsedLocation {
  city: string;
  region: string;
  country: string;
}

// ---- Text normalisation ---------------------------------------------------------------------

/**
 * Lower-case, accents removed, apostrophes and full stops dropped (so "I.S.K.C.O.N." is "iskcon"),
 * every other run of punctuation or spaces made one space, trimmed. Letters of any script are kept.
 */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/['’‘`.]/g, '')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();
}

/** The community affiliation as compared for the score: normalizeText. */
export function normalizeCommunity(text: string): string {
  return normalizeText(text);
}

/** Normalised spellings of countries → the canonical name. Unlisted countries stay as written (normalised). */
export const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: 'usa',
  us: 'usa',
  'u s': 'usa',
  'u s a': 'usa',
  'united states': 'usa',
  'united states of america': 'usa',
  america: 'usa',
  'estados unidos': 'usa',
  'estados unidos de america': 'usa',
  eeuu: 'usa',
  'ee uu': 'usa',
  canada: 'canada',
  ca: 'canada',
  can: 'canada',
  mexico: 'mexico',
  mx: 'mexico',
  mex: 'mexico',
  'estados unidos mexicanos': 'mexico',
  uk: 'united kingdom',
  'united kingdom': 'united kingdom',
  'great britain': 'united kingdom',
  india: 'india',
  bharat: 'india',
};

const US_STATES: Readonly<Record<string, string>> = {
  al: 'alabama', ak: 'alaska', az: 'arizona', ar: 'arkansas', ca: 'california', co: 'colorado',
  ct: 'connecticut', de: 'delaware', fl: 'florida', ga: 'georgia', hi: 'hawaii', id: 'idaho',
  il: 'illinois', in: 'indiana', ia: 'iowa', ks: 'kansas', ky: 'kentucky', la: 'louisiana',
  me: 'maine', md: 'maryland', ma: 'massachusetts', mi: 'michigan', mn: 'minnesota',
  ms: 'mississippi', mo: 'missouri', mt: 'montana', ne: 'nebraska', nv: 'nevada',
  nh: 'new hampshire', nj: 'new jersey', nm: 'new mexico', ny: 'new york', nc: 'north carolina',
  nd: 'north dakota', oh: 'ohio', ok: 'oklahoma', or: 'oregon', pa: 'pennsylvania',
  ri: 'rhode island', sc: 'south carolina', sd: 'south dakota', tn: 'tennessee', tx: 'texas',
  ut: 'utah', vt: 'vermont', va: 'virginia', wa: 'washington', wv: 'west virginia',
  wi: 'wisconsin', wy: 'wyoming', dc: 'district of columbia', 'washington dc': 'district of columbia',
  'd c': 'district of columbia', pr: 'puerto rico',
};

const CANADIAN_PROVINCES: Readonly<Record<string, string>> = {
  ab: 'alberta', bc: 'british columbia', 'colombie britannique': 'british columbia', mb: 'manitoba',
  nb: 'new brunswick', 'nouveau brunswick': 'new brunswick', nl: 'newfoundland and labrador',
  newfoundland: 'newfoundland and labrador', 'terre neuve et labrador': 'newfoundland and labrador',
  ns: 'nova scotia', 'nouvelle ecosse': 'nova scotia', nt: 'northwest territories',
  nu: 'nunavut', on: 'ontario', pe: 'prince edward island', pei: 'prince edward island',
  'ile du prince edouard': 'prince edward island', qc: 'quebec', pq: 'quebec', sk: 'saskatchewan',
  yt: 'yukon',
};

const MEXICAN_STATES: Readonly<Record<string, string>> = {
  cdmx: 'ciudad de mexico', df: 'ciudad de mexico', 'distrito federal': 'ciudad de mexico',
  'mexico city': 'ciudad de mexico', edomex: 'estado de mexico', mexico: 'estado de mexico',
  'state of mexico': 'estado de mexico', 'edo mex': 'estado de mexico', jal: 'jalisco',
  nl: 'nuevo leon', bc: 'baja california', bcs: 'baja california sur', qroo: 'quintana roo',
  'q roo': 'quintana roo', yuc: 'yucatan', pue: 'puebla', gto: 'guanajuato', qro: 'queretaro',
  oax: 'oaxaca', ver: 'veracruz', mor: 'morelos', chih: 'chihuahua', son: 'sonora',
  'veracruz de ignacio de la llave': 'veracruz', 'michoacan de ocampo': 'michoacan',
  'coahuila de zaragoza': 'coahuila',
};

/** The 32 Mexican states by their normalised names (recognised without a country). */
const MEXICAN_STATE_NAMES = [
  'aguascalientes', 'baja california', 'baja california sur', 'campeche', 'chiapas', 'chihuahua',
  'ciudad de mexico', 'coahuila', 'colima', 'durango', 'estado de mexico', 'guanajuato', 'guerrero',
  'hidalgo', 'jalisco', 'michoacan', 'morelos', 'nayarit', 'nuevo leon', 'oaxaca', 'puebla',
  'queretaro', 'quintana roo', 'san luis potosi', 'sinaloa', 'sonora', 'tabasco', 'tamaulipas',
  'tlaxcala', 'veracruz', 'yucatan', 'zacatecas',
] as const;

/** Region abbreviations and other spellings → the canonical region name, by canonical country. */
export const REGION_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  usa: US_STATES,
  canada: CANADIAN_PROVINCES,
  mexico: MEXICAN_STATES,
};

/** A few cities written several ways (applied after normalisation and the st/ft/mt expansion). */
export const CITY_ALIASES: Readonly<Record<string, string>> = {
  nyc: 'new york',
  'new york city': 'new york',
  'ny city': 'new york',
  la: 'los angeles',
  sf: 'san francisco',
  'mexico city': 'ciudad de mexico',
  cdmx: 'ciudad de mexico',
  'mexico df': 'ciudad de mexico',
};

const CITY_WORDS: Readonly<Record<string, string>> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount' };

function lookup(table: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

function canonicalCountry(part: string): string {
  return lookup(COUNTRY_ALIASES, part) ?? part;
}

/** A country as a member types it, as parseLocation stores it ("USA", "United States" and "US" are one). */
export function normalizeCountry(text: string): string {
  return canonicalCountry(normalizeText(text));
}

function regionTable(country: string): Readonly<Record<string, string>> {
  return (Object.hasOwn(REGION_ALIASES, country) ? REGION_ALIASES[country] : undefined) ?? {};
}

/** The canonical region name: by the country's alias table, otherwise the text as is. */
function canonicalRegion(part: string, country: string): string {
  return lookup(regionTable(country), part) ?? part;
}

/**
 * A region written without a country, with the country it implies: a US state or Canadian province
 * (name or abbreviation; "CA" is California), or a Mexican state by name ("Mexico" alone is the country).
 */
function regionWithoutCountry(part: string): { region: string; country: string } | null {
  for (const country of ['usa', 'canada'] as const) {
    const table = regionTable(country);
    const byAlias = lookup(table, part);
    if (byAlias) return { region: byAlias, country };
    if (Object.values(table).includes(part)) return { region: part, country };
  }
  const mexicanNames: readonly string[] = MEXICAN_STATE_NAMES;
  if (mexicanNames.includes(part)) return { region: part, country: 'mexico' };
  const mexican = part === 'mexico' ? undefined : lookup(regionTable('mexico'), part);
  return mexican ? { region: mexican, country: 'mexico' } : null;
}

function canonicalCity(part: string): string {
  const words = part
    .split(' ')
    .map((word) => lookup(CITY_WORDS, word) ?? word)
    .join(' ');
  return lookup(CITY_ALIASES, words) ?? words;
}

/** A city's name as parseLocation stores it ("St. Augustine" is "saint augustine", "New York City" is "new york"). */
export function canonicalCityName(text: string): string {
  return canonicalCity(normalizeText(text));
}

/**
 * Reads "city, state/region, country" into normalised parts (normalizeText, then aliases):
 * - three or more parts: the first is the city, the last the country, the one before it the region
 *   (so "CA" in the middle is California, "CA" at the end is Canada);
 * - two parts: "city, region" when the second is a US state or Canadian province (its country is
 *   inferred: "Los Angeles, CA" is California, USA), otherwise "city, country";
 * - one part: a country when it is a known country, otherwise a city.
 * Unknown parts are empty strings.
 */
export function parseLocation(text: string): ParsedLocation {
  const parts = text
    .split(',')
    .map(normalizeText)
    .filter((part) => part !== '');
  const first = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  if (parts.length === 0) return { city: '', region: '', country: '' };
  if (parts.length === 1) {
    const country = lookup(COUNTRY_ALIASES, first);
    return country ? { city: '', region: '', country } : { city: canonicalCity(first), region: '', country: '' };
  }
  if (parts.length === 2) {
    const region = regionWithoutCountry(last);
    if (region) return { city: canonicalCity(first), ...region };
    return { city: canonicalCity(first), region: '', country: canonicalCountry(last) };
  }
  const country = canonicalCountry(last);
  const region = canonicalRegion(parts[parts.length - 2] ?? '', country);
  return { city: canonicalCity(first), region, country };
}

/**
 * The city of a "city, region, country" text as its writer spelled it ("Alachua" of "Alachua, FL, USA"), or null
 * when the text names no city (a country alone, or nothing): what a mail or page may say of where someone lives.
 */
export function cityAsWritten(text: string): string | null {
  if (parseLocation(text).city === '') return null;
  const city = text.split(',')[0]?.trim() ?? '';
  return city === '' ? null : city;
}
