import { compareCalendarDates, fullYearsBetween, localCalendarDate, parseCalendarDate } from './age';
import type { TextLimit } from '#domain/text-length';
import { PROFILE_PHOTOS } from './photo-count';

/*
 * The profile's rules: its limits, its answers' values and the checks on them. Its schema, one for the web form
 * (react-hook-form + zodResolver) and the server, is in profile-input.ts: the screens that only show a profile
 * load these without building the schema (scripts/vite-pure-schemas.ts).
 * Messages are codes (keys of profileValidationMessages and of the `profile.validation` catalog
 * section), so the server answers in English and the form shows the current language.
 * This module must not import validation-messages.ts (that module imports this one).
 */

// ---- Constants (spec §9) -------------------------------------------------------------------

export const MIN_SOUGHT_AGE = 18;
export const MAX_SOUGHT_AGE = 99;
export const DEFAULT_MIN_AGE = 18;
export const DEFAULT_MAX_AGE = 99;
export const MIN_DEAL_TEXT = 10;
export const MIN_ABOUT = 50;
export const MAX_NAME = 80 satisfies TextLimit;
export const MAX_LONG_TEXT = 2000 satisfies TextLimit;
/** location, community, languages, free-text age */
export const MAX_SHORT_TEXT = 200 satisfies TextLimit;
export const MIN_PROFILE_AGE = 18;

/**
 * A full name as first and last name, the one place a name is split: the first word, and the rest joined by
 * single spaces (spec §7 note; the admin's member list). Either may be '' (an empty name).
 */
export function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/**
 * Whether a name holds a web address or an email-like `@`: a name is shown to other members
 * and goes into mails, where `https://sanga-login.evil.example/reset` would read as a link of ours. A scheme
 * (`://`), `www.`, an `@`, or a dotted host ending in a common top-level domain or followed by a path counts;
 * initials and titles ("J. R.", "Dr. Rao", "St.Clair") do not.
 */
export function nameLooksLikeLink(name: string): boolean {
  return /:\/\/|@|\bwww\.|[\p{L}\d-]\.(?:com|org|net|info|io|app|dev|xyz|site|online|link|top|ly|me|co|example)\b|[\p{L}\d-]\.[\p{L}]{2,}\//iu.test(name);
}

/** A first name and the initial of the rest ("Radha M."): how the elders' panel names members. */
export function firstNameAndInitial(name: string): string | null {
  const { firstName, lastName } = splitName(name);
  if (!firstName) return null;
  const initial = Array.from(lastName)[0];
  return initial ? `${firstName} ${initial}.` : firstName;
}

/** How other people see someone: the first word of the profile name (spec: matches show first names). */
export function firstName(name: string): string | null {
  return splitName(name).firstName || null;
}
/** Oldest plausible age from a date of birth; older dates are refused as mistyped. */
export const MAX_PROFILE_AGE = 120;
export { PROFILE_PHOTOS };
export const MAX_PHOTOS = PROFILE_PHOTOS;
export const MIN_PHOTOS_TO_ACTIVATE = PROFILE_PHOTOS;
/** Photos a match's card and page show (spec §9: the first 2). */
export const MATCH_PHOTOS_SHOWN = PROFILE_PHOTOS;

// ---- Messages -------------------------------------------------------------------------------

export { profileValidationMessages, type ProfileValidationCode } from './profile-messages';
import type { ProfileValidationCode } from './profile-messages';

// ---- Enums (spec §3) ------------------------------------------------------------------------

export const genders = ['man', 'woman'] as const;
export const ageFlexibilities = ['strict', 'preferred', 'flexible'] as const;
export const relocations = [
  'local-only',
  'i-will-relocate',
  'partner-relocates',
  'either-relocates',
  'open-to-discuss',
] as const;
export const courtshipAlignments = [
  'one-to-one-essential',
  'one-to-one-preferred',
  'either-with-guidance',
  'rotational-preferred',
  'rotational-essential',
] as const;
export const dietAlignments = [
  'strict-sattvic',
  'plant-based-preferred',
  'vegetarian-flexible',
  'values-over-diet',
  'open-and-learning',
] as const;
export const consultations = ['yes', 'no', 'maybe-later'] as const;
/** How marriageReadinessConsultation is stored (spec §3: yes/no/other). */
export const storedConsultations = ['yes', 'no', 'other'] as const;

export type Gender = (typeof genders)[number];
export type AgeFlexibility = (typeof ageFlexibilities)[number];
export type Relocation = (typeof relocations)[number];
export type CourtshipAlignment = (typeof courtshipAlignments)[number];
export type DietAlignment = (typeof dietAlignments)[number];
export type Consultation = (typeof consultations)[number];
export type StoredConsultation = (typeof storedConsultations)[number];

/** The code for a trimmed 'YYYY-MM-DD' date of birth, or null when it is acceptable. */
export function dateOfBirthProblem(value: string, today: Date = new Date()): ProfileValidationCode | null {
  if (value === '') return 'dateOfBirthRequired';
  const birth = parseCalendarDate(value);
  if (!birth) return 'dateOfBirthInvalid';
  const now = localCalendarDate(today);
  if (compareCalendarDates(birth, now) >= 0) return 'dateOfBirthInvalid';
  const age = fullYearsBetween(birth, now);
  if (age > MAX_PROFILE_AGE) return 'dateOfBirthInvalid';
  if (age < MIN_PROFILE_AGE) return 'dateOfBirthUnderage';
  return null;
}

// ---- Helpers --------------------------------------------------------------------------------

/** spec §3: the form's 'maybe-later' is stored as 'other'; the one place the two names meet. */
export const MAYBE_LATER_STORED = 'other' satisfies StoredConsultation;

/** spec §3: the consultation answer is stored as yes/no/other. */
export function consultationToStorage(value: Consultation): StoredConsultation {
  return value === 'maybe-later' ? MAYBE_LATER_STORED : value;
}

/** Stored yes/no stay; anything else (other, maybe-later, unknown) reads as maybe-later. */
export function consultationFromStorage(value: string): Consultation {
  return value === 'yes' || value === 'no' ? value : 'maybe-later';
}

/** Any answer, form or stored, as stored: yes and no as they are; maybe-later, other and anything else as other. */
export function storedConsultation(value: string): StoredConsultation {
  return consultationToStorage(consultationFromStorage(value));
}

/** 'local-only' → 'localOnly', at the type level too (for typed catalog keys). */
export type EnumKey<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<EnumKey<Tail>>}`
  : S;

/** The catalog key of an enum value: 'local-only' → 'localOnly', 'maybe-later' → 'maybeLater'. */
export function enumKey<S extends string>(value: S): EnumKey<S> {
  return value.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()) as EnumKey<S>;
}
