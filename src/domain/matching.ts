import { displayAge } from './age';
import type {
  AgeFlexibility,
  Consultation,
  CourtshipAlignment,
  DietAlignment,
  Gender,
  Relocation,
  StoredConsultation,
} from './profile';
import { storedConsultation } from './profile';

/*
 * The compatibility score (issue "Matching", item 1; design and worked examples in docs/matching.md).
 *
 * Pure and symmetric: scoreMatch(a, b) and scoreMatch(b, a) give the same score and breakdown.
 * Every rule is a lookup on enum values, integer arithmetic on ages, or string equality of
 * normalised text, so the server's in-memory match index (features/matches/match-index/, decision 002)
 * can compute the same numbers from packed columns. This function is the reference: where the index
 * and this function disagree, the index is wrong (its equivalence test compares the two).
 *
 * The tables below are exported as plain objects so the index derives its lookup tables from them
 * instead of copying numbers by hand.
 */

// ---- Shapes ---------------------------------------------------------------------------------

/** The profile fields the score reads. Gender is carried for callers; the score does not read it. */
export interface MatchProfile {
  gender: Gender;
  /** 'YYYY-MM-DD' or null. The age is displayAge(dateOfBirth, age). */
  dateOfBirth: string | null;
  /** Free-text stored age, used when there is no usable date of birth. */
  age: string | null;
  minAge: number;
  maxAge: number;
  ageFlexibility: AgeFlexibility;
  /** Free text "city, state/region, country"; read with parseLocation. */
  exactLocation: string;
  relocation: Relocation;
  /** Free text; compared with normalizeCommunity. */
  communityAffiliation: string;
  courtshipAlignment: CourtshipAlignment;
  dietAlignment: DietAlignment;
  /** The form's 'maybe-later' and the stored 'other' mean the same. */
  marriageReadinessConsultation: Consultation | StoredConsultation;
}

/** The spec §3 breakdown: components are integers >= 0, penalties an integer <= 0. */
export interface Breakdown {
  location: number;
  community: number;
  courtship: number;
  diet: number;
  age: number;
  marriageReadiness: number;
  penalties: number;
}

export interface MatchScore {
  /** clamp(sum of the breakdown, 0, 100), an integer. */
  score: number;
  breakdown: Breakdown;
}

// ---- Maxima (they sum to 100) ---------------------------------------------------------------

export const LOCATION_MAX = 25;
export const COMMUNITY_MAX = 15;
export const COURTSHIP_MAX = 20;
export const DIET_MAX = 20;
/** Two halves of AGE_SIDE_MAX: each person's range judges the other's age. */
export const AGE_MAX = 14;
export const MARRIAGE_READINESS_MAX = 6;

export const COMPONENT_MAXIMA = {
  location: LOCATION_MAX,
  community: COMMUNITY_MAX,
  courtship: COURTSHIP_MAX,
  diet: DIET_MAX,
  age: AGE_MAX,
  marriageReadiness: MARRIAGE_READINESS_MAX,
} as const satisfies Record<Exclude<keyof Breakdown, 'penalties'>, number>;

export const SCORE_MIN = 0;
export const SCORE_MAX = 100;

// ---- Location -------------------------------------------------------------------------------

/** How near two parsed locations are, nearest first. */
export const proximities = ['same-city', 'same-region', 'same-country', 'north-america', 'elsewhere'] as const;
export type Proximity = (typeof proximities)[number];

/** How freely a pair can close a distance: nobody moves, someone might, someone will. */
export const mobilities = ['none', 'partial', 'full'] as const;
export type Mobility = (typeof mobilities)[number];

/**
 * One person's willingness to move. 'partner-relocates' means the OTHER should move, so it adds no
 * mobility of its own (two partner-relocates people both wait for the other, like two local-only).
 */
export const RELOCATION_MOBILITY = {
  'local-only': 'none',
  'i-will-relocate': 'full',
  'partner-relocates': 'none',
  'either-relocates': 'full',
  'open-to-discuss': 'partial',
} as const satisfies Record<Relocation, Mobility>;

/** Rank for combining two people: the pair's mobility is the greater of the two. */
export const MOBILITY_RANK = { none: 0, partial: 1, full: 2 } as const satisfies Record<Mobility, number>;

/**
 * Location points by the pair's mobility and proximity. Every row falls from left to right. For a
 * pair that can move, a move between the USA, Canada and Mexico counts as near as one within a country.
 */
export const LOCATION_POINTS = {
  none: { 'same-city': 25, 'same-region': 12, 'same-country': 5, 'north-america': 2, elsewhere: 0 },
  partial: { 'same-city': 25, 'same-region': 17, 'same-country': 13, 'north-america': 13, elsewhere: 5 },
  full: { 'same-city': 25, 'same-region': 21, 'same-country': 18, 'north-america': 18, elsewhere: 8 },
} as const satisfies Record<Mobility, Record<Proximity, number>>;

/** The pair's mobility from both relocation answers (symmetric). */
export function pairMobility(a: Relocation, b: Relocation): Mobility {
  const ma: Mobility = RELOCATION_MOBILITY[a] ?? 'none';
  const mb: Mobility = RELOCATION_MOBILITY[b] ?? 'none';
  return MOBILITY_RANK[ma] >= MOBILITY_RANK[mb] ? ma : mb;
}

/** RELOCATION_PAIR_MOBILITY[a][b]: pairMobility written out as a 5 × 5 table. */
export const RELOCATION_PAIR_MOBILITY = Object.fromEntries(
  Object.keys(RELOCATION_MOBILITY).map((a) => [
    a,
    Object.fromEntries(Object.keys(RELOCATION_MOBILITY).map((b) => [b, pairMobility(a as Relocation, b as Relocation)])),
  ]),
) as Record<Relocation, Record<Relocation, Mobility>>;

/** The countries that form one region for relocation (normalised names, as parseLocation gives). */
export const NORTH_AMERICA_COUNTRIES = ['usa', 'canada', 'mexico'] as const;

export interface ParsedLocation {
  city: string;
  region: string;
  country: string;
}

/**
 * How near two parsed locations are. An empty part is unknown and never equals anything.
 * - same-city: same country, same city, and the same region or a region missing on one side;
 * - same-region: same country and same region (a different city);
 * - same-country: same country, anything else different;
 * - north-america: different countries, both among the USA, Canada and Mexico;
 * - elsewhere: anything else, including an unknown country.
 */
export function locationProximity(a: ParsedLocation, b: ParsedLocation): Proximity {
  if (a.country !== '' && a.country === b.country) {
    if (a.city !== '' && a.city === b.city && (a.region === b.region || a.region === '' || b.region === '')) {
      return 'same-city';
    }
    if (a.region !== '' && a.region === b.region) return 'same-region';
    return 'same-country';
  }
  const northAmerica: readonly string[] = NORTH_AMERICA_COUNTRIES;
  if (northAmerica.includes(a.country) && northAmerica.includes(b.country)) return 'north-america';
  return 'elsewhere';
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

/** Location points for two people: proximity of their parsed locations × the pair's mobility. */
export function locationPoints(a: Pick<MatchProfile, 'exactLocation' | 'relocation'>, b: Pick<MatchProfile, 'exactLocation' | 'relocation'>): number {
  const proximity = locationProximity(parseLocation(a.exactLocation), parseLocation(b.exactLocation));
  return LOCATION_POINTS[pairMobility(a.relocation, b.relocation)][proximity];
}

// ---- Community ------------------------------------------------------------------------------

/** Same normalised affiliation, or different (these communities often meet across lines). */
export const COMMUNITY_POINTS = { same: 15, different: 8 } as const;

export function communityPoints(a: string, b: string): number {
  const na = normalizeCommunity(a);
  return na !== '' && na === normalizeCommunity(b) ? COMMUNITY_POINTS.same : COMMUNITY_POINTS.different;
}

// ---- Courtship and diet ---------------------------------------------------------------------

/**
 * Courtship points by the pair (symmetric). By distance on the five-step scale: 0 → 20, 1 → 15,
 * 2 → 10, 3 → 5, 4 → 0 (and a penalty, COURTSHIP_PENALTIES).
 */
export const COURTSHIP_POINTS = {
  'one-to-one-essential': {
    'one-to-one-essential': 20, 'one-to-one-preferred': 15, 'either-with-guidance': 10, 'rotational-preferred': 5, 'rotational-essential': 0,
  },
  'one-to-one-preferred': {
    'one-to-one-essential': 15, 'one-to-one-preferred': 20, 'either-with-guidance': 15, 'rotational-preferred': 10, 'rotational-essential': 5,
  },
  'either-with-guidance': {
    'one-to-one-essential': 10, 'one-to-one-preferred': 15, 'either-with-guidance': 20, 'rotational-preferred': 15, 'rotational-essential': 10,
  },
  'rotational-preferred': {
    'one-to-one-essential': 5, 'one-to-one-preferred': 10, 'either-with-guidance': 15, 'rotational-preferred': 20, 'rotational-essential': 15,
  },
  'rotational-essential': {
    'one-to-one-essential': 0, 'one-to-one-preferred': 5, 'either-with-guidance': 10, 'rotational-preferred': 15, 'rotational-essential': 20,
  },
} as const satisfies Record<CourtshipAlignment, Record<CourtshipAlignment, number>>;

/** Courtship penalties by the pair (<= 0): only the two essential ends against each other. */
export const COURTSHIP_PENALTIES = {
  'one-to-one-essential': {
    'one-to-one-essential': 0, 'one-to-one-preferred': 0, 'either-with-guidance': 0, 'rotational-preferred': 0, 'rotational-essential': -10,
  },
  'one-to-one-preferred': {
    'one-to-one-essential': 0, 'one-to-one-preferred': 0, 'either-with-guidance': 0, 'rotational-preferred': 0, 'rotational-essential': 0,
  },
  'either-with-guidance': {
    'one-to-one-essential': 0, 'one-to-one-preferred': 0, 'either-with-guidance': 0, 'rotational-preferred': 0, 'rotational-essential': 0,
  },
  'rotational-preferred': {
    'one-to-one-essential': 0, 'one-to-one-preferred': 0, 'either-with-guidance': 0, 'rotational-preferred': 0, 'rotational-essential': 0,
  },
  'rotational-essential': {
    'one-to-one-essential': -10, 'one-to-one-preferred': 0, 'either-with-guidance': 0, 'rotational-preferred': 0, 'rotational-essential': 0,
  },
} as const satisfies Record<CourtshipAlignment, Record<CourtshipAlignment, number>>;

/**
 * Diet points by the pair (symmetric). By distance on the five-step scale like courtship
 * (20, 15, 10, 5, 0), except that values-over-diet is tolerant: 15 with plant-based-preferred
 * (instead of 10) and 10 with strict-sattvic (instead of 5).
 */
export const DIET_POINTS = {
  'strict-sattvic': {
    'strict-sattvic': 20, 'plant-based-preferred': 15, 'vegetarian-flexible': 10, 'values-over-diet': 10, 'open-and-learning': 0,
  },
  'plant-based-preferred': {
    'strict-sattvic': 15, 'plant-based-preferred': 20, 'vegetarian-flexible': 15, 'values-over-diet': 15, 'open-and-learning': 5,
  },
  'vegetarian-flexible': {
    'strict-sattvic': 10, 'plant-based-preferred': 15, 'vegetarian-flexible': 20, 'values-over-diet': 15, 'open-and-learning': 10,
  },
  'values-over-diet': {
    'strict-sattvic': 10, 'plant-based-preferred': 15, 'vegetarian-flexible': 15, 'values-over-diet': 20, 'open-and-learning': 15,
  },
  'open-and-learning': {
    'strict-sattvic': 0, 'plant-based-preferred': 5, 'vegetarian-flexible': 10, 'values-over-diet': 15, 'open-and-learning': 20,
  },
} as const satisfies Record<DietAlignment, Record<DietAlignment, number>>;

/** Diet penalties by the pair (<= 0): only strict-sattvic against open-and-learning. */
export const DIET_PENALTIES = {
  'strict-sattvic': {
    'strict-sattvic': 0, 'plant-based-preferred': 0, 'vegetarian-flexible': 0, 'values-over-diet': 0, 'open-and-learning': -10,
  },
  'plant-based-preferred': {
    'strict-sattvic': 0, 'plant-based-preferred': 0, 'vegetarian-flexible': 0, 'values-over-diet': 0, 'open-and-learning': 0,
  },
  'vegetarian-flexible': {
    'strict-sattvic': 0, 'plant-based-preferred': 0, 'vegetarian-flexible': 0, 'values-over-diet': 0, 'open-and-learning': 0,
  },
  'values-over-diet': {
    'strict-sattvic': 0, 'plant-based-preferred': 0, 'vegetarian-flexible': 0, 'values-over-diet': 0, 'open-and-learning': 0,
  },
  'open-and-learning': {
    'strict-sattvic': -10, 'plant-based-preferred': 0, 'vegetarian-flexible': 0, 'values-over-diet': 0, 'open-and-learning': 0,
  },
} as const satisfies Record<DietAlignment, Record<DietAlignment, number>>;

/** A pair table lookup; 0 for a value outside the enum (a bad stored row earns nothing). */
function pairValue(table: Readonly<Record<string, Readonly<Record<string, number>>>>, a: string, b: string): number {
  const row = Object.hasOwn(table, a) ? table[a] : undefined;
  return row && Object.hasOwn(row, b) ? (row[b] ?? 0) : 0;
}

// ---- Marriage-readiness consultation --------------------------------------------------------

/**
 * Points by the pair of answers, keyed by the STORED values (yes, no, other; the form's
 * 'maybe-later' is stored as 'other'). Symmetric.
 */
export const MARRIAGE_READINESS_POINTS = {
  yes: { yes: 6, other: 4, no: 0 },
  other: { yes: 4, other: 3, no: 1 },
  no: { yes: 0, other: 1, no: 2 },
} as const satisfies Record<StoredConsultation, Record<StoredConsultation, number>>;


// ---- Age ------------------------------------------------------------------------------------

/** One person's half of the age points: the other's age inside the sought range. */
export const AGE_SIDE_MAX = 7;
/** One person's half when the other's age is unknown (neutral). */
export const AGE_SIDE_UNKNOWN = 4;
/** flexible, outside the range: AGE_SIDE_MAX minus this per year outside, not below 0; no penalty. */
export const AGE_FLEXIBLE_POINTS_PER_YEAR = 1;
/** preferred, outside the range: 0 points for that half and this penalty per year outside... */
export const AGE_PREFERRED_PENALTY_PER_YEAR = 1;
/** ...at most this much (a positive number; the penalty is its negative). */
export const AGE_PREFERRED_PENALTY_CAP = 10;

/** Whole years an age lies outside [minAge, maxAge]; 0 inside. */
export function yearsOutsideRange(age: number, minAge: number, maxAge: number): number {
  return Math.max(0, minAge - age, age - maxAge);
}

export interface AgeSide {
  /** 0..AGE_SIDE_MAX */
  points: number;
  /** <= 0 */
  penalty: number;
  /** A strict range the age lies outside of: the whole age component is 0 (candidacy excludes such pairs). */
  excluded: boolean;
}

/**
 * How `seeker`'s sought range and flexibility judge an age (null: unknown). The one statement of the age rules:
 * the score, candidacy (a strict range excludes) and the match index's lookup tables all derive from it.
 * `ageFlexibility` is read as text so stored rows need no cast; an unknown value counts as flexible.
 */
export function ageSide(seeker: { minAge: number; maxAge: number; ageFlexibility: string }, otherAge: number | null): AgeSide {
  if (otherAge === null) return { points: AGE_SIDE_UNKNOWN, penalty: 0, excluded: false };
  const outside = yearsOutsideRange(otherAge, seeker.minAge, seeker.maxAge);
  if (outside === 0) return { points: AGE_SIDE_MAX, penalty: 0, excluded: false };
  switch (seeker.ageFlexibility) {
    case 'strict':
      return { points: 0, penalty: 0, excluded: true };
    case 'preferred':
      return { points: 0, penalty: -Math.min(AGE_PREFERRED_PENALTY_CAP, outside * AGE_PREFERRED_PENALTY_PER_YEAR), excluded: false };
    default:
      // flexible (and any unknown value): a light loss of points, no penalty.
      return { points: Math.max(0, AGE_SIDE_MAX - outside * AGE_FLEXIBLE_POINTS_PER_YEAR), penalty: 0, excluded: false };
  }
}

// ---- The score ------------------------------------------------------------------------------

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The compatibility of two profiles: integer components (each within its maximum), integer
 * penalties <= 0, and score = clamp(sum, 0, 100). Symmetric in a and b. `today` fixes the day ages
 * are computed on (local calendar day, as displayAge).
 */
export function scoreMatch(a: MatchProfile, b: MatchProfile, today: Date = new Date()): MatchScore {
  const ageA = displayAge(a, today);
  const ageB = displayAge(b, today);
  const sideA = ageSide(a, ageB);
  const sideB = ageSide(b, ageA);

  const breakdown: Breakdown = {
    location: locationPoints(a, b),
    community: communityPoints(a.communityAffiliation, b.communityAffiliation),
    courtship: pairValue(COURTSHIP_POINTS, a.courtshipAlignment, b.courtshipAlignment),
    diet: pairValue(DIET_POINTS, a.dietAlignment, b.dietAlignment),
    age: sideA.excluded || sideB.excluded ? 0 : sideA.points + sideB.points,
    marriageReadiness: pairValue(
      MARRIAGE_READINESS_POINTS,
      storedConsultation(a.marriageReadinessConsultation),
      storedConsultation(b.marriageReadinessConsultation),
    ),
    penalties:
      pairValue(COURTSHIP_PENALTIES, a.courtshipAlignment, b.courtshipAlignment) +
      pairValue(DIET_PENALTIES, a.dietAlignment, b.dietAlignment) +
      sideA.penalty +
      sideB.penalty,
  };
  // Normalise -0 to 0 so the breakdown serialises and compares cleanly.
  if (breakdown.penalties === 0) breakdown.penalties = 0;
  const sum =
    breakdown.location +
    breakdown.community +
    breakdown.courtship +
    breakdown.diet +
    breakdown.age +
    breakdown.marriageReadiness +
    breakdown.penalties;
  return { score: clamp(sum, SCORE_MIN, SCORE_MAX), breakdown };
}
