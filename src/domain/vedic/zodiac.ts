/**
 * The sidereal zodiac's divisions: 12 rashis of 30° (Mesha = 1 … Meena = 12), 27 nakshatras of 13°20′ (Ashwini = 1
 * … Revati = 27), each in 4 padas of 3°20′. A rashi holds exactly 9 padas, so a Moon's nakshatra and pada fix its
 * rashi.
 */

export const NAKSHATRA_DEGREES = 360 / 27;
export const PADA_DEGREES = NAKSHATRA_DEGREES / 4;

export interface MoonPlace {
  /** 1–27, Ashwini = 1. */
  nakshatra: number;
  /** 1–4. */
  pada: number;
  /** 1–12, Mesha = 1. */
  rashi: number;
}

/** Longitudes are sidereal degrees; anything outside [0, 360) is wrapped. */
export function moonPlace(longitude: number): MoonPlace {
  const degrees = wrap(longitude);
  const padaIndex = Math.floor(degrees / PADA_DEGREES);
  return { nakshatra: Math.floor(padaIndex / 4) + 1, pada: (padaIndex % 4) + 1, rashi: rashiOf(degrees) };
}

export function rashiOf(longitude: number): number {
  return Math.floor(wrap(longitude) / 30) + 1;
}

/** The rashis a point moving forward from `from` to `to` degrees passes through (to ≥ from; `to` may pass 360). */
export function rashisBetween(from: number, to: number): number[] {
  if (to - from >= 360) return [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  const first = Math.floor(from / 30);
  const last = Math.floor(to / 30);
  const rashis: number[] = [];
  for (let index = first; index <= last; index++) rashis.push((index % 12) + 1);
  return rashis;
}

function wrap(degrees: number): number {
  const wrapped = degrees % 360;
  return wrapped < 0 ? wrapped + 360 : wrapped;
}
