import type { CourtshipAlignment, DietAlignment, StoredConsultation } from '#domain/profile/profile';
import { normalizeCommunity } from './location-text';

/* The score's pair tables (matching.ts): community, courtship, diet and the marriage-readiness consultation. */

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
export function pairValue(table: Readonly<Record<string, Readonly<Record<string, number>>>>, a: string, b: string): number {
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
