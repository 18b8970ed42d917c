import type { TextLimit } from '#domain/text-length';

/*
 * The biodata families read first: marital history and children, education and work, height, family, and how one
 * practises. Every answer is optional for the API (the spec's clients send profiles without them); the web form asks
 * the marital history of every profile. Values are stored as they are here; the web's catalogs label them
 * (profile.enums.*, keyed by enumKey(value)).
 */

export const maritalHistories = ['never-married', 'divorced', 'widowed', 'annulled'] as const;
export type MaritalHistory = (typeof maritalHistories)[number];

export const childrenAnswers = ['none', 'yes-living-with-me', 'yes-not-living-with-me'] as const;
export type ChildrenAnswer = (typeof childrenAnswers)[number];

export const wantsChildrenAnswers = ['yes', 'no', 'open'] as const;
export type WantsChildrenAnswer = (typeof wantsChildrenAnswers)[number];

export const educationLevels = ['secondary', 'diploma', 'bachelor', 'master', 'doctorate', 'other'] as const;
export type EducationLevel = (typeof educationLevels)[number];

/** The traditions a member may name; 'other' with a text of their own (practice.traditionOther). */
export const traditions = [
  'gaudiya-vaishnava',
  'sri-vaishnava',
  'pushti-marg',
  'swaminarayan',
  'smarta',
  'shaiva',
  'shakta',
  'yoga-community',
  'other',
] as const;
export type Tradition = (typeof traditions)[number];

export const initiations = ['none', 'aspiring', 'first', 'second', 'other'] as const;
export type Initiation = (typeof initiations)[number];

export const MIN_HEIGHT_CM = 120;
export const MAX_HEIGHT_CM = 230;
/** familyBackground */
export const MAX_FAMILY_BACKGROUND = 1000 satisfies TextLimit;
/** education.field, profession, practice.traditionOther, practice.daily */
export const MAX_BIODATA_TEXT = 200 satisfies TextLimit;

/** The units a reader sees heights in: feet and inches, or centimetres. */
export const heightUnits = ['ft-in', 'cm'] as const;
export type HeightUnit = (typeof heightUnits)[number];

const CM_PER_INCH = 2.54;

/** A height in whole feet and inches, rounded to the nearest inch (170 cm → 5 ft 7 in). */
export function feetAndInches(cm: number): { feet: number; inches: number } {
  const total = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(total / 12), inches: total % 12 };
}

/**
 * The unit a reader sees when they chose none: feet and inches for English read in the United States, centimetres
 * everywhere else (`locale` is the browser's, e.g. 'en-US'; `language` the screens' language).
 */
export function defaultHeightUnit(language: string, locale: string | undefined): HeightUnit {
  return language === 'en' && /^en-US\b/i.test(locale ?? '') ? 'ft-in' : 'cm';
}
