import type { Biodata } from '#domain/profile/profile-api';
import { normalizeText } from './location-text';

/*
 * Where the biodata stands beside the score (docs/matching.md, "The biodata beside the score"). The score and its
 * breakdown are the spec's, exact, and outside clients depend on them; the biodata does not move a point. What a
 * couple's families ask first is shown next to the breakdown instead: for each of these answers that both people
 * gave, whether they agree. Like the score it is mutual: biodataFit(a, b) lists the same as biodataFit(b, a).
 */

/** The answers compared, in the order the match page lists them. */
export const biodataFitFields = ['wantsChildren', 'tradition', 'familyInvolvement'] as const;
export type BiodataFitField = (typeof biodataFitFields)[number];

/** `same`: the same answer; `open`: one of them is open (wants children: "open"), so nothing stands between them. */
export const biodataFits = ['same', 'open', 'different'] as const;
export type BiodataFitValue = (typeof biodataFits)[number];

export interface BiodataFit {
  field: BiodataFitField;
  fit: BiodataFitValue;
}

type FitInput = Pick<Biodata, 'wantsChildren' | 'familyInvolvement'> & { practice: Pick<Biodata['practice'], 'tradition' | 'traditionOther'> | null };

/** A tradition as compared: its code, or for "other" the member's own words, normalised (case, accents, spaces). */
function traditionKey(practice: FitInput['practice']): string | null {
  if (!practice?.tradition) return null;
  if (practice.tradition !== 'other') return practice.tradition;
  const own = normalizeText(practice.traditionOther ?? '');
  return own === '' ? null : `other:${own}`;
}

/** For each compared answer both gave: same, open or different. An answer one of them left out is not listed. */
export function biodataFit(a: FitInput, b: FitInput): BiodataFit[] {
  const fits: BiodataFit[] = [];
  if (a.wantsChildren && b.wantsChildren) {
    const fit = a.wantsChildren === b.wantsChildren ? 'same' : a.wantsChildren === 'open' || b.wantsChildren === 'open' ? 'open' : 'different';
    fits.push({ field: 'wantsChildren', fit });
  }
  const traditionA = traditionKey(a.practice);
  const traditionB = traditionKey(b.practice);
  if (traditionA && traditionB) fits.push({ field: 'tradition', fit: traditionA === traditionB ? 'same' : 'different' });
  if (a.familyInvolvement !== null && b.familyInvolvement !== null) {
    fits.push({ field: 'familyInvolvement', fit: a.familyInvolvement === b.familyInvolvement ? 'same' : 'different' });
  }
  return fits;
}
