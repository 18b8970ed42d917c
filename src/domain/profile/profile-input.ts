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
import {
  childrenAnswers,
  educationLevels,
  initiations,
  maritalHistories,
  MAX_BIODATA_TEXT,
  MAX_FAMILY_BACKGROUND,
  MAX_HEIGHT_CM,
  MIN_HEIGHT_CM,
  traditions,
  wantsChildrenAnswers,
} from './biodata';
import { mustHavesInput, normalizeMustHaves } from './must-haves';
import { vedicInput } from './vedic';

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


/*
 * The biodata's answers (biodata.ts). Left out, an answer stays as it was saved (the spec's clients send profiles
 * without them); null or an empty text clears it.
 */

/** One of `values`; null or '' (a form's empty option) clears. Anything else: optionInvalid. */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((value) => (value === '' ? null : value), z.enum(values, { error: 'optionInvalid' }).nullish());
}

/** Trimmed text of at most `max` characters; null or empty clears. */
function biodataText(max: TextLimit) {
  return z
    .string({ error: 'textInvalid' })
    .pipe(z.string().trim().max(max, { error: tooLongCode(max) }))
    .transform((value) => (value === '' ? null : value))
    .nullish();
}

/** Whole centimetres, 120–230: a number or a numeric string (a form's select gives strings); null or blank clears. */
const heightCmField = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? null : Number(value)) : value),
  z.number({ error: 'heightRange' }).int({ error: 'heightRange' }).min(MIN_HEIGHT_CM, { error: 'heightRange' }).max(MAX_HEIGHT_CM, { error: 'heightRange' }).nullish(),
);

/** true or false, or the form's 'true' / 'false'; null or blank clears. */
const yesNoField = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value === '' ? null : value),
  z.boolean({ error: 'yesNoInvalid' }).nullish(),
);

export const educationInput = z.object({ level: optionalChoice(educationLevels), field: biodataText(MAX_BIODATA_TEXT) }, { error: 'optionInvalid' });
export const practiceInput = z.object(
  {
    tradition: optionalChoice(traditions),
    /** Read only with tradition 'other'. */
    traditionOther: biodataText(MAX_BIODATA_TEXT),
    initiation: optionalChoice(initiations),
    /** Daily practice in the member's words: japa rounds, sadhana. */
    daily: biodataText(MAX_BIODATA_TEXT),
  },
  { error: 'optionInvalid' },
);

/** The biodata's fields of the profile schema. */
export const biodataInput = {
  maritalHistory: optionalChoice(maritalHistories),
  children: optionalChoice(childrenAnswers),
  wantsChildren: optionalChoice(wantsChildrenAnswers),
  /** The object is replaced whole: a part left out of it is cleared. */
  education: educationInput.nullish(),
  profession: biodataText(MAX_BIODATA_TEXT),
  heightCm: heightCmField,
  familyBackground: biodataText(MAX_FAMILY_BACKGROUND),
  /** Whether the member wants their family involved from the start. */
  familyInvolvement: yesNoField,
  /** The object is replaced whole: a part left out of it is cleared. */
  practice: practiceInput.nullish(),
};

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
    ...biodataInput,
    /**
     * "Show my photos only to people I am introduced to" (default false, as the spec's profile has no such choice):
     * left out, the saved choice stays.
     */
    photosPrivate: z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: 'yesNoInvalid' }).optional()),
    /** What the member will not consider (must-haves.ts): the owner's alone, never shown to anyone else. */
    mustHaves: mustHavesInput,
    /**
     * Birth time and place for Vedic compatibility (vedic.ts): left out, the saved details stay; `{ optIn: false }`
     * deletes them. Stored apart from the profile's row (table vedic_birth_details), never shown to anyone else.
     */
    vedic: vedicInput.optional(),
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

/**
 * The web form's schema: the API's, with the marital history asked of every profile (the API still takes a profile
 * without it, as the spec's clients send it).
 */
export const profileFormInput = profileInput.safeExtend({
  maritalHistory: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.enum(maritalHistories, { error: 'maritalHistoryRequired' })),
});

/** The parsed profile (defaults applied, strings trimmed, ages numbers). */
export type ProfileInput = z.infer<typeof profileInput>;
/** A profile body before parsing, as the API takes it (ages may be strings, defaulted fields may be absent). */
export type ProfileFormValues = z.input<typeof profileInput>;
/** What the web form holds before parsing: the same, with the marital history asked. */
export type ProfileFormFields = z.input<typeof profileFormInput>;
/** What the web form answers once parsed: a profile with its marital history. */
export type ProfileFormOutput = z.output<typeof profileFormInput>;

/**
 * The profile's fields, once: the schema's keys (the form, the stored row and the owner's answer all use them), but
 * `vedic`, which is stored in a table of its own (vedic_birth_details) and answered apart.
 */
export type ProfileField = Exclude<keyof ProfileInput, 'vedic'>;
export const profileFields = Object.keys(profileInput.shape).filter((field) => field !== 'vedic') as readonly ProfileField[];

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

/**
 * Education and practice as they are stored, from a parsed input: left out (undefined) keeps what was saved, null or
 * an answer with no part filled clears it, and every part is named (a part left out of the object is cleared). The
 * tradition's own words count only with the tradition 'other'. The must-haves likewise (normalizeMustHaves).
 */
export function storedBiodataParts(input: Pick<ProfileInput, 'education' | 'practice' | 'mustHaves'>) {
  const education =
    input.education === undefined ? undefined : input.education === null ? null : { level: input.education.level ?? null, field: input.education.field ?? null };
  const practice =
    input.practice === undefined
      ? undefined
      : input.practice === null
        ? null
        : {
            tradition: input.practice.tradition ?? null,
            traditionOther: input.practice.tradition === 'other' ? (input.practice.traditionOther ?? null) : null,
            initiation: input.practice.initiation ?? null,
            daily: input.practice.daily ?? null,
          };
  const empty = (parts: object | null | undefined) => parts != null && Object.values(parts).every((part) => part === null);
  const mustHaves = input.mustHaves === undefined ? undefined : normalizeMustHaves(input.mustHaves);
  return { education: empty(education) ? null : education, practice: empty(practice) ? null : practice, mustHaves };
}
