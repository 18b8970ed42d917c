import { mustHaveLists, mustHaveValues, type MustHaveList, type MustHaves } from '#domain/profile/must-haves';
import { MAX_HEIGHT_CM, MIN_HEIGHT_CM } from '#domain/profile/biodata';

/*
 * Mutual must-haves (domain/profile/must-haves.ts) as three integers a slot, so a scan checks a pair in a few
 * integer operations and no allocation:
 * - traits: one bit per answer the person gave (each list's values side by side: 4 + 3 + 3 + 9 = 19 bits), and their
 *   height above HEIGHT_SHIFT as a code (cm - 119, so 1..111; 0 when not given). An answer not given sets no bit.
 * - rejects: the bits of the answers the person does NOT accept (only for the lists they set): a pair is kept apart
 *   when one's traits share a bit with the other's rejects.
 * - heights: the accepted height range as codes, min | max << 8; NO_HEIGHT_RANGE when none (0..255 holds every code).
 */

/** Where each list's bits start. */
const OFFSETS = (() => {
  const offsets = {} as Record<MustHaveList, number>;
  let at = 0;
  for (const list of mustHaveLists) {
    offsets[list] = at;
    at += mustHaveValues[list].length;
  }
  return offsets;
})();
const HEIGHT_SHIFT = 19;
const HEIGHT_BASE = MIN_HEIGHT_CM - 1;
const NO_HEIGHT_RANGE = 255 << 8;

const heightCode = (cm: number) => Math.min(Math.max(cm, MIN_HEIGHT_CM), MAX_HEIGHT_CM) - HEIGHT_BASE;

/** The bit of one answer (0 when not given, or a value this code does not know). */
function bitOf(list: MustHaveList, answer: string | null): number {
  if (answer === null) return 0;
  const at = (mustHaveValues[list] as readonly string[]).indexOf(answer);
  return at < 0 ? 0 : 1 << (OFFSETS[list] + at);
}

/** A person's own answers as bits, and their height's code. */
export function traitsOf(answers: Record<MustHaveList, string | null> & { heightCm: number | null }): number {
  let traits = answers.heightCm === null ? 0 : heightCode(answers.heightCm) << HEIGHT_SHIFT;
  for (const list of mustHaveLists) traits |= bitOf(list, answers[list]);
  return traits;
}

/** The answers a person's must-haves do not accept, as bits. */
export function rejectsOf(must: MustHaves | null): number {
  let rejects = 0;
  if (!must) return rejects;
  for (const list of mustHaveLists) {
    const accepted = must[list] as readonly string[] | undefined;
    if (!accepted || accepted.length === 0) continue;
    for (const value of mustHaveValues[list]) if (!accepted.includes(value)) rejects |= bitOf(list, value);
  }
  return rejects;
}

/** A person's accepted height range as codes. */
export function heightsOf(must: MustHaves | null): number {
  const range = must?.heightCm;
  return range ? heightCode(range.min) | (heightCode(range.max) << 8) : NO_HEIGHT_RANGE;
}

/** Whether a height code (0: not given) lies outside a range (heightsOf). */
function outside(height: number, range: number): boolean {
  return height !== 0 && (height < (range & 255) || height > range >>> 8);
}

/**
 * Whether must-haves keep two people apart, either way (domain excludedByMustHaves, both directions): the one check
 * every candidate loop makes (rank.ts rankBest and rankNewest, count.ts).
 */
export function mustHavesApart(traitsA: number, rejectsA: number, heightsA: number, traitsB: number, rejectsB: number, heightsB: number): boolean {
  return (traitsA & rejectsB) !== 0 || (traitsB & rejectsA) !== 0 || outside(traitsA >>> HEIGHT_SHIFT, heightsB) || outside(traitsB >>> HEIGHT_SHIFT, heightsA);
}
