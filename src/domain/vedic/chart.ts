/**
 * One person's Vedic chart, as far as matching needs it: computed once when the birth details change and stored as
 * it is (a small plain object, for a jsonb column); the pair step (vedic-match.ts) reads only this.
 *
 * Without a birth time the ascendant is not known, so neither is Mangal dosha as the issue defines it (from the
 * ascendant): `mangalDosha` is null then. The dosha counted from the Moon, the tradition's fallback without a time,
 * is kept beside it (`mangalDoshaFromMoon`, for every accuracy) so that a later screen can show it, named as such.
 */
import { birthInstant, type BirthMoment, type BirthTimeAccuracy } from './birth-instant';
import { mangalDosha } from './mangal-dosha';
import { siderealAscendant, siderealMoon, siderealPositions } from './sidereal-positions';
import { moonPlace, rashiOf, rashisBetween } from './zodiac';

export interface BirthDetails extends BirthMoment {
  birthPlace: { latitude: number; longitude: number };
}

/** A result of one person's chart that could be different anywhere in the birth-time window. */
export type ChartResult = 'nakshatra' | 'pada' | 'rashi' | 'ascendant' | 'mangalDosha' | 'mangalDoshaFromMoon';

export interface VedicChart {
  /** Raised when the computation changes, so that stored charts are recomputed. */
  version: 1;
  /** 'unknown' also when no birth time was given. */
  birthTimeAccuracy: BirthTimeAccuracy;
  /** The Moon's sidereal (Lahiri) longitude in degrees at the birth (at local noon when the time is unknown). */
  moon: number;
  /** The Moon's longitude at the start and end of the birth-time window: it only moves forward, so `to` ≥ `from`
   * (and may pass 360). Equal for an exact time. */
  moonWindow: { from: number; to: number };
  /** 1–27, 1–4, 1–12, from `moon`. */
  nakshatra: number;
  pada: number;
  rashi: number;
  /** The ascendant's sidereal longitude; null without a birth time. */
  ascendant: number | null;
  mars: number;
  /** Mars in house 1, 2, 4, 7, 8 or 12 from the ascendant; null without a birth time. */
  mangalDosha: boolean | null;
  /** The same counted from the Moon's rashi. */
  mangalDoshaFromMoon: boolean;
  /** What could be different within the window; empty for an exact time unless the clock reading is ambiguous. */
  uncertain: ChartResult[];
}

export function vedicChart(birth: BirthDetails): VedicChart {
  const accuracy: BirthTimeAccuracy = birth.birthTime === null ? 'unknown' : birth.birthTimeAccuracy;
  const instant = birthInstant({ ...birth, birthTimeAccuracy: accuracy });
  const { latitude, longitude } = birth.birthPlace;
  const at = siderealPositions(instant.at);
  const place = moonPlace(at.moon);
  const moonFrom = siderealMoon(instant.earliest);
  const moonTo = moonFrom + forwardArc(moonFrom, siderealMoon(instant.latest));
  const marsRashis = distinct([instant.earliest, instant.latest].map((utc) => rashiOf(siderealPositions(utc).mars)).concat(rashiOf(at.mars)));
  const moonRashis = rashisBetween(moonFrom, moonTo);
  const uncertain: ChartResult[] = [];
  const places = [moonPlace(moonFrom), moonPlace(moonTo)];
  if (places.some((other) => other.nakshatra !== place.nakshatra)) uncertain.push('nakshatra');
  if (places.some((other) => other.nakshatra !== place.nakshatra || other.pada !== place.pada)) uncertain.push('pada');
  if (moonRashis.length > 1) uncertain.push('rashi');

  let ascendant: number | null = null;
  let doshaFromAscendant: boolean | null = null;
  if (accuracy !== 'unknown') {
    ascendant = siderealAscendant(instant.at, latitude, longitude);
    doshaFromAscendant = mangalDosha(rashiOf(ascendant), rashiOf(at.mars));
    const ascendantFrom = siderealAscendant(instant.earliest, latitude, longitude);
    const ascendantTo = ascendantFrom + forwardArc(ascendantFrom, siderealAscendant(instant.latest, latitude, longitude));
    const ascendantRashis = rashisBetween(ascendantFrom, ascendantTo);
    if (ascendantRashis.length > 1) uncertain.push('ascendant');
    if (couldDiffer(doshaFromAscendant, ascendantRashis, marsRashis)) uncertain.push('mangalDosha');
  }
  const doshaFromMoon = mangalDosha(place.rashi, rashiOf(at.mars));
  if (couldDiffer(doshaFromMoon, moonRashis, marsRashis)) uncertain.push('mangalDoshaFromMoon');

  return {
    version: 1,
    birthTimeAccuracy: accuracy,
    moon: round(at.moon),
    moonWindow: { from: round(moonFrom), to: round(moonTo) },
    ...place,
    ascendant: ascendant === null ? null : round(ascendant),
    mars: round(at.mars),
    mangalDosha: doshaFromAscendant,
    mangalDoshaFromMoon: doshaFromMoon,
    uncertain,
  };
}

/** Whether Mars in any of `marsRashis` counted from any of `fromRashis` gives another answer than `stated`. */
function couldDiffer(stated: boolean, fromRashis: number[], marsRashis: number[]): boolean {
  return fromRashis.some((from) => marsRashis.some((mars) => mangalDosha(from, mars) !== stated));
}

/** Degrees from `from` forward to `to`, in [0, 360): the Moon and the ascendant only move forward. */
function forwardArc(from: number, to: number): number {
  return (((to - from) % 360) + 360) % 360;
}

function distinct(values: number[]): number[] {
  return [...new Set(values)];
}

/** Micro-degrees (0.0036″): far below the ephemeris's own error, and a short stored number. */
function round(degrees: number): number {
  return Math.round(degrees * 1e6) / 1e6;
}
