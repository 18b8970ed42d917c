/**
 * The ladder of verification (issue 50 part 2): four rungs a member climbs, each with the date it was reached, and
 * "fully verified" when all four hold. Answers about a member carry the dates only, never the evidence (no selfie,
 * no reference's words, no coordinator's note). Pure: the server computes it (policy/trust.ts) and the web shows it.
 */
import { z } from 'zod';

/**
 * - `email`: she opened a verification link mailed to her current address (users.email_verified_at).
 * - `selfie`: a coordinator approved a selfie with a gesture drawn at random, while her photos are the ones compared.
 * - `metByCoordinator`: a coordinator met her (in person or by video), while her name, birth date and photos are the
 *   ones verified (policy/trust.ts profileFingerprint).
 * - `references`: two references counted for matches (read by a coordinator, never a "recommend: no").
 */
export const verificationRungs = ['email', 'selfie', 'metByCoordinator', 'references'] as const;
export type VerificationRung = (typeof verificationRungs)[number];

/** What a coordinator's lists filter by (`?rung=`): a rung held, or all four (`full`). */
export const rungFilters = [...verificationRungs, 'full'] as const;
export type RungFilter = (typeof rungFilters)[number];

/** The references rung needs this many references counted for matches; its date is the one that made it. */
export const REFERENCES_FOR_RUNG = 2;

const rungDate = z.string().nullable();

/** Each rung's date (ISO) or null, and `full`: the latest of the four when all hold, else null. */
export const verificationLadder = z.object({
  email: rungDate,
  selfie: rungDate,
  metByCoordinator: rungDate,
  references: rungDate,
  full: rungDate,
});
export type VerificationLadder = z.infer<typeof verificationLadder>;
export type RungDates = Record<VerificationRung, string | null>;

export const NO_RUNGS: VerificationLadder = Object.freeze({ email: null, selfie: null, metByCoordinator: null, references: null, full: null });

/** The ladder of four rung dates: `full` is the latest of them once all four hold (the day she became fully verified). */
export function ladderOf(dates: RungDates): VerificationLadder {
  let full: string | null = null;
  let latest = -Infinity;
  let all = true;
  for (const rung of verificationRungs) {
    const date = dates[rung];
    if (date === null) {
      all = false;
      break;
    }
    const time = Date.parse(date);
    if (time >= latest) {
      latest = time;
      full = date;
    }
  }
  if (!all) full = null;
  if (full === null && dates.email === null && dates.selfie === null && dates.metByCoordinator === null && dates.references === null) return NO_RUNGS;
  return { email: dates.email, selfie: dates.selfie, metByCoordinator: dates.metByCoordinator, references: dates.references, full };
}

/** Whether the ladder holds what a coordinator's `?rung=` filter asks. */
export function holdsRung(ladder: VerificationLadder, rung: RungFilter): boolean {
  return ladder[rung] !== null;
}
