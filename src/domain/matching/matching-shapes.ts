import type { AgeFlexibility, Consultation, CourtshipAlignment, DietAlignment, Gender, Relocation, StoredConsultation } from '#domain/profile/profile';

/* What the compatibility score reads and answers, and each component's maximum (matching.ts). */

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
