import { z } from 'zod';
import {
  childrenAnswers,
  maritalHistories,
  MAX_HEIGHT_CM,
  MIN_HEIGHT_CM,
  traditions,
  wantsChildrenAnswers,
  type ChildrenAnswer,
  type MaritalHistory,
  type Tradition,
  type WantsChildrenAnswer,
} from './biodata';

/*
 * Mutual must-haves (issue 49 part 2): what a member will not consider. Each list names the answers the member
 * ACCEPTS; a person whose answer is not in it is kept apart from the member, both ways, as a blocked pair is. A person
 * who has not given that answer is not excluded (as an unknown age is not by a strict range). A must-have is never
 * shown to anyone but its owner.
 */

/** The lists a member may set, by the biodata answer each reads. */
export const mustHaveLists = ['maritalHistory', 'children', 'wantsChildren', 'tradition'] as const;
export type MustHaveList = (typeof mustHaveLists)[number];

export interface MustHaves {
  maritalHistory?: MaritalHistory[];
  children?: ChildrenAnswer[];
  wantsChildren?: WantsChildrenAnswer[];
  tradition?: Tradition[];
  heightCm?: { min: number; max: number };
}

/** The values each list may hold. */
export const mustHaveValues = {
  maritalHistory: maritalHistories,
  children: childrenAnswers,
  wantsChildren: wantsChildrenAnswers,
  tradition: traditions,
} as const satisfies Record<MustHaveList, readonly string[]>;

/** Accepted values of one list: known values, each once. An empty list sets nothing (the same as leaving it out). */
function acceptedList<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .array(z.enum(values, { error: 'optionInvalid' }), { error: 'optionInvalid' })
    .refine((list) => new Set(list).size === list.length, { error: 'mustHaveDuplicate' });
}

/**
 * The web form's height range, from its two selects: numeric texts are centimetres, both left empty is no range, one
 * left empty is open on that side (the shortest or tallest height there is). What an API client sends is read as it is.
 */
function formHeightRange(value: { min: number | string; max: number | string } | undefined): unknown {
  // Typed as the form holds it; whatever an API client sent arrives here as well, and is checked after.
  const received: unknown = value;
  if (typeof received !== 'object' || received === null || Array.isArray(received)) return received;
  const { min, max } = received as { min?: unknown; max?: unknown };
  if (min === '' && max === '') return undefined;
  const bound = (part: unknown, open: number) => (part === '' ? open : typeof part === 'string' && /^\d+$/.test(part.trim()) ? Number(part) : part);
  return { min: bound(min, MIN_HEIGHT_CM), max: bound(max, MAX_HEIGHT_CM) };
}

const heightBound = z.number({ error: 'heightRange' }).int({ error: 'heightRange' }).min(MIN_HEIGHT_CM, { error: 'heightRange' }).max(MAX_HEIGHT_CM, { error: 'heightRange' });

const mustHavesObject = z.object(
  {
    maritalHistory: acceptedList(maritalHistories).optional(),
    children: acceptedList(childrenAnswers).optional(),
    wantsChildren: acceptedList(wantsChildrenAnswers).optional(),
    tradition: acceptedList(traditions).optional(),
    heightCm: z.preprocess(
      formHeightRange,
      z
        .object({ min: heightBound, max: heightBound }, { error: 'heightRange' })
        .refine((range) => range.min <= range.max, { error: 'heightRangeOrder', path: ['max'] })
        .optional(),
    ),
  },
  { error: 'optionInvalid' },
);

/**
 * POST /api/profile's `mustHaves`: left out keeps what was saved; null or an object setting nothing clears them. The
 * object is replaced whole (a list left out of it is cleared), like education and practice.
 */
export const mustHavesInput = mustHavesObject.nullish();

/** Every list set and the height range, or null when nothing is set: how they are stored and answered to the owner. */
export function normalizeMustHaves(input: z.output<typeof mustHavesObject> | null | undefined): MustHaves | null {
  if (!input) return null;
  const out: MustHaves = {};
  for (const list of mustHaveLists) {
    const accepted = input[list];
    // In the order the values are listed, so equal must-haves are stored alike.
    if (accepted && accepted.length > 0) (out as Record<string, string[]>)[list] = (mustHaveValues[list] as readonly string[]).filter((value) => (accepted as string[]).includes(value));
  }
  if (input.heightCm) out.heightCm = { min: input.heightCm.min, max: input.heightCm.max };
  return Object.keys(out).length === 0 ? null : out;
}

/** The answers a must-have reads of a person (a stored profile row has them). */
export interface MustHaveAnswers {
  maritalHistory: MaritalHistory | null;
  children: ChildrenAnswer | null;
  wantsChildren: WantsChildrenAnswer | null;
  heightCm: number | null;
  practice: { tradition: Tradition | null } | null;
}

/**
 * Whether `seeker`'s must-haves exclude `other`: an answer `other` gave that a list does not accept, or a height
 * outside the range. An answer not given excludes no one.
 */
export function excludedByMustHaves(seeker: { mustHaves: MustHaves | null }, other: MustHaveAnswers): boolean {
  const must = seeker.mustHaves;
  if (!must) return false;
  const answers: Record<MustHaveList, string | null> = {
    maritalHistory: other.maritalHistory,
    children: other.children,
    wantsChildren: other.wantsChildren,
    tradition: other.practice?.tradition ?? null,
  };
  for (const list of mustHaveLists) {
    const accepted = must[list] as readonly string[] | undefined;
    const answer = answers[list];
    if (accepted && accepted.length > 0 && answer !== null && !accepted.includes(answer)) return true;
  }
  const range = must.heightCm;
  return range !== undefined && other.heightCm !== null && (other.heightCm < range.min || other.heightCm > range.max);
}

/** The must-haves as the owner's own answers carry them (normalizeMustHaves's shape). */
export const mustHavesShape = z.object({
  maritalHistory: z.array(z.enum(maritalHistories)).optional(),
  children: z.array(z.enum(childrenAnswers)).optional(),
  wantsChildren: z.array(z.enum(wantsChildrenAnswers)).optional(),
  tradition: z.array(z.enum(traditions)).optional(),
  heightCm: z.object({ min: z.number().int(), max: z.number().int() }).optional(),
});
