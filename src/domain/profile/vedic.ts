import { z } from 'zod';

/*
 * Birth details for Vedic compatibility (issue 52 part 1): the time and place of birth a member may give to have her
 * traditional horoscope compared (guna milan) with matches who also opt in. Like the date of birth they are hers
 * alone: only her own answers and her export carry them (docs/privacy.md), and opting out deletes them.
 * One schema for the profile form and the server (profile-input.ts puts it in the profile's), and the answers' shapes.
 */

export const birthTimeAccuracies = ['exact', 'approximate', 'unknown'] as const;
export type BirthTimeAccuracy = (typeof birthTimeAccuracies)[number];

/** A place's name as the places API writes it ("Alachua, FL, United States"); longer is refused. */
export const MAX_PLACE_NAME = 120;
/** GET /api/places?q=: 1 to 80 characters after trimming, at most 10 places answered. */
export const MAX_PLACE_QUERY = 80;
export const PLACES_ANSWERED = 10;

/** "HH:MM", 00:00 to 23:59, to the minute. */
const BIRTH_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether the platform knows `zone` as an IANA time zone ("Asia/Kolkata", "America/New_York", "UTC"). */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A place as the places API answers it and as the profile stores it. */
export const birthPlace = z.object({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string(),
});
export type BirthPlace = z.infer<typeof birthPlace>;

/** One answer of GET /api/places: the place, and its country (ISO 3166-1 alpha-2). */
export const placeItem = birthPlace.extend({ country: z.string() });
export type PlaceItem = z.infer<typeof placeItem>;

/** GET /api/places's query: the search (any case, accents or not), and the language of the names answered. */
export const placesQuery = z.object({
  q: z.string({ error: 'placeQueryLength' }).trim().min(1, { error: 'placeQueryLength' }).max(MAX_PLACE_QUERY, { error: 'placeQueryLength' }),
  lang: z.enum(['en', 'es']).optional(),
});

const placeInvalid = { error: 'birthPlaceInvalid' } as const;

/** The place the member chose: a name of at most 120 characters, a spot on the globe, a real IANA zone. */
export const birthPlaceInput = z.object(
  {
    name: z
      .string({ error: 'birthPlaceRequired' })
      .pipe(z.string().trim().min(1, { error: 'birthPlaceRequired' }).max(MAX_PLACE_NAME, placeInvalid)),
    latitude: z.number(placeInvalid).min(-90, placeInvalid).max(90, placeInvalid),
    longitude: z.number(placeInvalid).min(-180, placeInvalid).max(180, placeInvalid),
    timeZone: z.string(placeInvalid).refine(isIanaTimeZone, placeInvalid),
  },
  { error: 'birthPlaceRequired' },
);

/** '' (an empty form field) is null. */
const blankIsNull = (value: unknown) => (value === '' ? null : value);

/**
 * The profile's `vedic`. Left out of a profile body, the saved details stay (the spec's clients know nothing of
 * them); `{ optIn: false }` deletes them; `{ optIn: true, … }` saves them whole: the accuracy and the place are
 * required, the time too unless the accuracy is `unknown` (then it is saved as null, whatever was sent).
 */
export const vedicInput = z
  .object(
    {
      optIn: z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: 'yesNoInvalid' })),
      birthTime: z.preprocess(blankIsNull, z.string({ error: 'birthTimeInvalid' }).regex(BIRTH_TIME, { error: 'birthTimeInvalid' }).nullish()),
      birthTimeAccuracy: z.preprocess(blankIsNull, z.enum(birthTimeAccuracies, { error: 'optionInvalid' }).nullish()),
      birthPlace: birthPlaceInput.nullish(),
    },
    { error: 'optionInvalid' },
  )
  .superRefine((vedic, ctx) => {
    if (!vedic.optIn) return;
    if (!vedic.birthTimeAccuracy) ctx.addIssue({ code: 'custom', message: 'birthTimeAccuracyRequired', path: ['birthTimeAccuracy'] });
    else if (vedic.birthTimeAccuracy !== 'unknown' && !vedic.birthTime) ctx.addIssue({ code: 'custom', message: 'birthTimeRequired', path: ['birthTime'] });
    if (!vedic.birthPlace) ctx.addIssue({ code: 'custom', message: 'birthPlaceRequired', path: ['birthPlace'] });
  })
  .transform((vedic): VedicDetails | { optIn: false } =>
    vedic.optIn
      ? {
          optIn: true,
          birthTimeAccuracy: vedic.birthTimeAccuracy!,
          birthTime: vedic.birthTimeAccuracy === 'unknown' ? null : vedic.birthTime!,
          birthPlace: vedic.birthPlace!,
        }
      : { optIn: false },
  );

/** Details of a member who opted in, as saved. */
export interface VedicDetails {
  optIn: true;
  birthTime: string | null;
  birthTimeAccuracy: BirthTimeAccuracy;
  birthPlace: BirthPlace;
}

/** The profile's `vedic` in the owner's own answers (GET/POST /api/profile): all null when she has not opted in. */
export const vedicAnswer = z.object({
  optIn: z.boolean(),
  birthTime: z.string().nullable(),
  birthTimeAccuracy: z.enum(birthTimeAccuracies).nullable(),
  birthPlace: birthPlace.nullable(),
});
export type VedicAnswer = z.infer<typeof vedicAnswer>;

export const VEDIC_NOT_OPTED_IN: VedicAnswer = { optIn: false, birthTime: null, birthTimeAccuracy: null, birthPlace: null };
