import { z } from 'zod';
import { vedicCompatibility } from '#domain/vedic/vedic-answer';
import { trustFields } from '#domain/references/references';
import { biodata, ownProfile } from '#domain/profile/profile-api';
import { biodataFitFields, biodataFits } from './biodata-fit';

export const breakdown = z.object({
  location: z.number().int(),
  community: z.number().int(),
  courtship: z.number().int(),
  diet: z.number().int(),
  age: z.number().int(),
  marriageReadiness: z.number().int(),
  penalties: z.number().int(),
});

/** spec §3 Match list item. */
export const matchItem = z.object({
  profileId: z.string(),
  /** null shows as "Anonymous". */
  firstName: z.string().nullable(),
  age: z.number().int().nullable(),
  photos: z.array(z.string()),
  /** Additive: `photos` are blurred placeholders (the person shows hers only to people introduced to her). */
  photosBlurred: z.boolean(),
  score: z.number().int(),
  breakdown,
  /**
   * Additive: the person's age lies outside the age range the viewer asked for (their flexibility let them in). The
   * card says so; it is the viewer's own preference, never the other's about the viewer.
   */
  outsideMyAgeRange: z.boolean(),
  // Additive fields: received references (a count, never their content) and "Verified by a coordinator".
  ...trustFields,
});
export type MatchItem = z.infer<typeof matchItem>;

/**
 * A candidate's profile as a match sees it: exactly what the match page shows (answer-shapes.test.ts pins the keys),
 * picked from the profile's own answer; never the email, the date of birth or the age preferences. The name is the
 * first name only, the age in years.
 */
export const matchProfileBase = ownProfile
  .pick({
    id: true,
    userId: true,
    exactLocation: true,
    relocation: true,
    communityAffiliation: true,
    courtshipAlignment: true,
    dietAlignment: true,
    languagesSpoken: true,
    aboutYou: true,
    dealMakers: true,
    dealBreakers: true,
    marriageReadinessConsultation: true,
    photos: true,
  })
  .extend({
    firstName: z.string().nullable(),
    age: z.number().int().nullable(),
    ...biodata.shape,
    /** Additive: `photos` are blurred placeholders; the page says photos are shown after an introduction. */
    photosBlurred: z.boolean(),
  });
/** What the biodata says, without what others say of the person (the elders' review carries that per member). */
export type MatchProfileBaseView = z.infer<typeof matchProfileBase>;
/** The match page adds the references count and a coordinator's verification. */
export const matchProfile = matchProfileBase.extend(trustFields);

/** spec §3 Match detail response. */
export const matchDetail = z.object({
  profile: matchProfile,
  compatibility: z.object({
    userId: z.string(),
    score: z.number().int(),
    breakdown,
    /** Additive: the biodata beside the score (domain/matching/biodata-fit.ts): answers both gave, and whether they agree. */
    biodataFit: z.array(z.object({ field: z.enum(biodataFitFields), fit: z.enum(biodataFits) })),
  }),
  /** Additive (issue 52): the Vedic compatibility of the two, only when both opted in; never part of the score. */
  vedic: vedicCompatibility.optional(),
});
export type MatchDetail = z.infer<typeof matchDetail>;

export const MATCHES_DEFAULT_LIMIT = 50;
export const MATCHES_MAX_LIMIT = 100;
/** A query flag: `true` narrows the list; `false` or left out does not. */
const flag = z.enum(['true', 'false'], { error: 'flagInvalid' }).optional().transform((value) => value === 'true');
/** An age bound of the browse filters: the sought ages' bounds, 18–99. */
const filterAge = z.coerce.number({ error: 'ageRange' }).int({ error: 'ageRange' }).min(18, { error: 'ageRange' }).max(99, { error: 'ageRange' }).optional();
/**
 * The longest distance a filter may ask, in kilometres: about half the Earth's circumference, so every place on it
 * lies within; the screen offers 50, 100, 250 and 500 km, or as many miles (80, 161, 402 and 805 km).
 */
export const WITHIN_KM_MAX = 20_000;
/** A distance of the browse filters: whole kilometres, 1 to WITHIN_KM_MAX. */
const withinKm = z.coerce
  .number({ error: 'withinKmRange' })
  .int({ error: 'withinKmRange' })
  .min(1, { error: 'withinKmRange' })
  .max(WITHIN_KM_MAX, { error: 'withinKmRange' })
  .optional();
/** A place or community name as a member types it (compared after the same normalising as the profiles'). */
const filterName = z.string().trim().min(1, { error: 'textInvalid' }).max(200, { error: 'tooLong200' }).optional();

/**
 * GET /api/matches: a page, and what narrows the list (each left out: no narrowing). The total (X-Total-Count)
 * counts the narrowed list.
 */
export const matchesQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(MATCHES_MAX_LIMIT).default(MATCHES_DEFAULT_LIMIT),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    /** The person's age, both bounds included; someone whose age is unknown is left out once either is given. */
    minAge: filterAge,
    maxAge: filterAge,
    /**
     * Only people whose place lies at most this many kilometres from the viewer's, as the crow flies; a person whose
     * place is not on the map is left out, and a viewer whose own place is not gets a 400 (`place-not-on-map`).
     */
    withinKm,
    /** The person's country (USA, United States and US are one country). */
    country: filterName,
    /** The person's community, as the score compares it (case, spaces and punctuation aside). */
    community: filterName,
    /** Only people verified by a coordinator. */
    verified: flag,
    /** Only people with at least one reference a coordinator has read. */
    references: flag,
    /** Best score first, or the most recently made profiles first (ties by profile id either way). */
    sort: z.enum(['score', 'newest'], { error: 'sortInvalid' }).default('score'),
  })
  .refine((query) => query.minAge === undefined || query.maxAge === undefined || query.minAge <= query.maxAge, {
    error: 'minAgeAboveMax',
    path: ['maxAge'],
  });

/** spec §9 score colours. */
export function scoreTone(score: number): 'high' | 'medium' | 'low' {
  if (score >= 70) return 'high';
  if (score >= 50) return 'medium';
  return 'low';
}
