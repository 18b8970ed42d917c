import { z } from 'zod';
import { tooLongCode, type TextLimit } from '#domain/text-length';
import {
  ageFlexibilities,
  consultationFromStorage,
  consultations,
  courtshipAlignments,
  dateOfBirthProblem,
  DEFAULT_MAX_AGE,
  DEFAULT_MIN_AGE,
  dietAlignments,
  genders,
  MAX_LONG_TEXT,
  MAX_NAME,
  MAX_SHORT_TEXT,
  MAX_SOUGHT_AGE,
  MAYBE_LATER_STORED,
  MIN_ABOUT,
  MIN_DEAL_TEXT,
  MIN_PHOTOS_TO_ACTIVATE,
  MIN_SOUGHT_AGE,
  nameLooksLikeLink,
  relocations,
  type ProfileValidationCode,
} from './profile';

/*
 * The profile's schema: one for the web form (react-hook-form + zodResolver) and the server, built from the rules
 * in profile.ts. Apart from them so that a screen which only shows a profile (a match, a card) does not build it.
 */

export const genderEnum = z.enum(genders, { error: 'genderRequired' });
export const ageFlexibilityEnum = z.enum(ageFlexibilities, { error: 'ageFlexibilityRequired' });
export const relocationEnum = z.enum(relocations, { error: 'relocationRequired' });
export const courtshipAlignmentEnum = z.enum(courtshipAlignments, { error: 'courtshipRequired' });
export const dietAlignmentEnum = z.enum(dietAlignments, { error: 'dietRequired' });
export const consultationEnum = z.enum(consultations, { error: 'consultationRequired' });

// ---- Field builders -------------------------------------------------------------------------

/*
 * Text fields are a string check piped into the trimming and length rules: without the pipe, zod
 * would also run the length rules on a wrong-type value that has a length (an array), giving the
 * same code twice.
 */

/** Trimmed, non-empty after trim, at most `max` characters. Missing or not a string: `code`. */
function requiredText(code: ProfileValidationCode, max: TextLimit) {
  return z
    .string({ error: code })
    .pipe(z.string().trim().min(1, { error: code }).max(max, { error: tooLongCode(max) }));
}

/** Trimmed, at least `min` characters after trim, at most MAX_LONG_TEXT. Missing or short: `code`. */
function longText(code: ProfileValidationCode, min: number) {
  return z
    .string({ error: code })
    .pipe(z.string().trim().min(min, { error: code }).max(MAX_LONG_TEXT, { error: tooLongCode(MAX_LONG_TEXT) }));
}

/** Optional trimmed text; may be empty. null is accepted and becomes undefined. */
function optionalText(max: TextLimit) {
  return z
    .string({ error: 'textInvalid' })
    .pipe(z.string().trim().max(max, { error: tooLongCode(max) }))
    .nullish()
    .transform((value) => value ?? undefined);
}

/**
 * A sought age: a number or a numeric string (form inputs give strings), an integer 18–99.
 * Absent (undefined): the default. Blank, null or not numeric: `code` ("Please enter ...").
 */
function soughtAge(code: ProfileValidationCode, fallback: number) {
  return z
    .preprocess(
      (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? Number.NaN : value),
      z.coerce
        .number({ error: code })
        .int({ error: 'ageRange' })
        .min(MIN_SOUGHT_AGE, { error: 'ageRange' })
        .max(MAX_SOUGHT_AGE, { error: 'ageRange' }),
    )
    .default(fallback);
}


/** 'YYYY-MM-DD', a real calendar date, in the past, giving an age of 18 to 120 today. */
export const dateOfBirthField = z
  .string({ error: 'dateOfBirthRequired' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = dateOfBirthProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });

// ---- The schema -----------------------------------------------------------------------------

export const profileInput = z
  .object({
    name: requiredText('nameRequired', MAX_NAME).refine((name) => !nameLooksLikeLink(name), { error: 'nameLinkOrAt' }),
    gender: genderEnum,
    dateOfBirth: dateOfBirthField,
    age: optionalText(MAX_SHORT_TEXT),
    minAge: soughtAge('minAgeRequired', DEFAULT_MIN_AGE),
    maxAge: soughtAge('maxAgeRequired', DEFAULT_MAX_AGE),
    ageFlexibility: ageFlexibilityEnum.default('flexible'),
    exactLocation: requiredText('exactLocationRequired', MAX_SHORT_TEXT),
    relocation: relocationEnum,
    communityAffiliation: requiredText('communityRequired', MAX_SHORT_TEXT),
    courtshipAlignment: courtshipAlignmentEnum,
    dietAlignment: dietAlignmentEnum,
    languagesSpoken: optionalText(MAX_SHORT_TEXT),
    dealBreakers: longText('dealBreakersShort', MIN_DEAL_TEXT),
    dealMakers: longText('dealMakersShort', MIN_DEAL_TEXT),
    aboutYou: longText('aboutYouShort', MIN_ABOUT),
    marriageReadinessConsultation: consultationEnum,
  })
  .refine((profile) => profile.minAge <= profile.maxAge, {
    error: 'minAgeAboveMax',
    path: ['maxAge'],
    // Also when other fields fail, so the form shows it together with them; not when an age itself
    // failed, nor when the input was not an object at all.
    when: (payload) => {
      const value: unknown = payload.value;
      if (typeof value !== 'object' || value === null) return false;
      const { minAge, maxAge } = value as { minAge?: unknown; maxAge?: unknown };
      if (typeof minAge !== 'number' || typeof maxAge !== 'number') return false;
      return !payload.issues.some((issue) => issue.path?.[0] === 'minAge' || issue.path?.[0] === 'maxAge');
    },
  });

/** The parsed profile (defaults applied, strings trimmed, ages numbers). */
export type ProfileInput = z.infer<typeof profileInput>;
/** What the form holds before parsing (ages may be strings, defaulted fields may be absent). */
export type ProfileFormValues = z.input<typeof profileInput>;

/** The profile's fields, once: the schema's keys (the form, the stored row and the owner's answer all use them). */
export const profileFields = Object.keys(profileInput.shape) as readonly (keyof ProfileInput)[];
export type ProfileField = keyof ProfileInput;

/** The profile's fields of any record that holds them (a stored row, a parsed input), and nothing else. */
export function pickProfileFields<T extends { [K in ProfileField]: unknown }>(source: T): Pick<T, ProfileField> {
  return Object.fromEntries(profileFields.map((field) => [field, source[field]])) as Pick<T, ProfileField>;
}

/**
 * Whether a profile (form values or a stored row) passes profileInput and has at least
 * MIN_PHOTOS_TO_ACTIVATE photos. Stored rows are accepted as they are: null columns count as
 * absent, and the stored consultation value 'other' counts as maybe-later.
 */
export function isProfileComplete(profile: object | null | undefined, photoCount: number): boolean {
  if (!profile || !(photoCount >= MIN_PHOTOS_TO_ACTIVATE)) return false;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(profile)) {
    if (value !== null) fields[key] = value;
  }
  if (fields.marriageReadinessConsultation === MAYBE_LATER_STORED) fields.marriageReadinessConsultation = consultationFromStorage(MAYBE_LATER_STORED);
  return profileInput.safeParse(fields).success;
}
