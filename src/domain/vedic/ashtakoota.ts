/**
 * Ashtakoota (guna milan): the eight kootas of a bride's and a groom's Moons, 36 points in all, with the tables of
 * koota-tables.ts. The tables are asymmetric, so the pair is taken as the tradition takes it: (bride, groom); in
 * Sanga, the woman and the man (vedic-match.ts).
 *
 * Cancellations (dosha parihara). Traditions differ on which apply, and on whether a cancelled dosha restores the
 * koota's points or is only mentioned; here a cancelled dosha gives the koota its full points, the total before
 * cancellations is kept beside it, and every cancellation applied is named:
 *  - nadi dosha (same nadi, 0 of 8), unless both Moons are in the same nakshatra and pada (the dosha no rule lifts):
 *    'nadi-same-rashi-different-nakshatra', 'nadi-same-nakshatra-different-rashi' (a nakshatra across two rashis),
 *    'nadi-same-nakshatra-different-pada', 'nadi-same-rashi-lord' (different rashis with one lord, e.g. Mesha and
 *    Vrishchika);
 *  - bhakoot dosha (2/12, 5/9, 6/8, 0 of 7): 'bhakoot-same-rashi-lord', 'bhakoot-friendly-rashi-lords' (the two lords
 *    friends of each other, both ways).
 */
import {
  BHAKOOT_DOSHA_COUNTS,
  GANA_POINTS,
  INAUSPICIOUS_TARAS,
  NAKSHATRA_GANA,
  NAKSHATRA_NADI,
  NAKSHATRA_YONI,
  RASHI_LORDS,
  RASHI_VARNA,
  VASHYA_POINTS,
  grahaMaitriPoints,
  regard,
  vashyaOf,
  yoniPoints,
} from './koota-tables';
import { moonPlace, type MoonPlace } from './zodiac';

export const KOOTA_MAXIMA = { varna: 1, vashya: 2, tara: 3, yoni: 4, grahaMaitri: 5, gana: 6, bhakoot: 7, nadi: 8 } as const;
export type KootaName = keyof typeof KOOTA_MAXIMA;

export type Cancellation =
  | 'nadi-same-rashi-different-nakshatra'
  | 'nadi-same-nakshatra-different-rashi'
  | 'nadi-same-nakshatra-different-pada'
  | 'nadi-same-rashi-lord'
  | 'bhakoot-same-rashi-lord'
  | 'bhakoot-friendly-rashi-lords';

export interface Koota {
  name: KootaName;
  points: number;
  max: number;
}

export interface Ashtakoota {
  /** Out of 36, with cancelled doshas given their koota's full points. */
  total: number;
  totalBeforeCancellations: number;
  /** The eight, in the traditional order. */
  kootas: Koota[];
  cancellations: Cancellation[];
}

/** The kootas of two sidereal Moon longitudes (degrees), the bride's and the groom's. */
export function ashtakoota(brideMoon: number, groomMoon: number): Ashtakoota {
  const bride = moonPlace(brideMoon);
  const groom = moonPlace(groomMoon);
  const brideLord = RASHI_LORDS[bride.rashi - 1]!;
  const groomLord = RASHI_LORDS[groom.rashi - 1]!;
  const nadiCancellations = nadiDoshaCancellations(bride, groom);
  const bhakootCancellations = bhakootDoshaCancellations(bride, groom);
  const raw: Record<KootaName, number> = {
    varna: RASHI_VARNA[groom.rashi - 1]! >= RASHI_VARNA[bride.rashi - 1]! ? 1 : 0,
    vashya: VASHYA_POINTS[vashyaOf(groomMoon)][vashyaOf(brideMoon)],
    tara: 1.5 * (auspiciousTara(bride.nakshatra, groom.nakshatra) + auspiciousTara(groom.nakshatra, bride.nakshatra)),
    yoni: yoniPoints(NAKSHATRA_YONI[bride.nakshatra - 1]!, NAKSHATRA_YONI[groom.nakshatra - 1]!),
    grahaMaitri: grahaMaitriPoints(brideLord, groomLord),
    gana: GANA_POINTS[NAKSHATRA_GANA[groom.nakshatra - 1]!][NAKSHATRA_GANA[bride.nakshatra - 1]!],
    bhakoot: BHAKOOT_DOSHA_COUNTS.has(countFrom(bride.rashi, groom.rashi, 12)) ? 0 : KOOTA_MAXIMA.bhakoot,
    nadi: NAKSHATRA_NADI[bride.nakshatra - 1] === NAKSHATRA_NADI[groom.nakshatra - 1] ? 0 : KOOTA_MAXIMA.nadi,
  };
  const totalBeforeCancellations = sum(Object.values(raw));
  if (raw.nadi === 0 && nadiCancellations.length > 0) raw.nadi = KOOTA_MAXIMA.nadi;
  if (raw.bhakoot === 0 && bhakootCancellations.length > 0) raw.bhakoot = KOOTA_MAXIMA.bhakoot;
  const kootas = (Object.keys(KOOTA_MAXIMA) as KootaName[]).map((name) => ({ name, points: raw[name], max: KOOTA_MAXIMA[name] }));
  return {
    total: sum(Object.values(raw)),
    totalBeforeCancellations,
    kootas,
    cancellations: [
      ...(NAKSHATRA_NADI[bride.nakshatra - 1] === NAKSHATRA_NADI[groom.nakshatra - 1] ? nadiCancellations : []),
      ...(BHAKOOT_DOSHA_COUNTS.has(countFrom(bride.rashi, groom.rashi, 12)) ? bhakootCancellations : []),
    ],
  };
}

/** 1 when the tara counted from `from`'s nakshatra to `to`'s is auspicious, else 0. */
function auspiciousTara(from: number, to: number): number {
  const tara = countFrom(from, to, 27) % 9 || 9;
  return INAUSPICIOUS_TARAS.has(tara) ? 0 : 1;
}

/** The count from `from` to `to` on a circle of `size`, both counted: the same place is 1, the next 2. */
function countFrom(from: number, to: number, size: number): number {
  return ((to - from + size) % size) + 1;
}

function nadiDoshaCancellations(a: MoonPlace, b: MoonPlace): Cancellation[] {
  if (a.nakshatra === b.nakshatra && a.pada === b.pada) return [];
  const found: Cancellation[] = [];
  if (a.rashi === b.rashi && a.nakshatra !== b.nakshatra) found.push('nadi-same-rashi-different-nakshatra');
  if (a.nakshatra === b.nakshatra && a.rashi !== b.rashi) found.push('nadi-same-nakshatra-different-rashi');
  if (a.nakshatra === b.nakshatra) found.push('nadi-same-nakshatra-different-pada');
  if (a.rashi !== b.rashi && RASHI_LORDS[a.rashi - 1] === RASHI_LORDS[b.rashi - 1]) found.push('nadi-same-rashi-lord');
  return found;
}

function bhakootDoshaCancellations(a: MoonPlace, b: MoonPlace): Cancellation[] {
  const lordA = RASHI_LORDS[a.rashi - 1]!;
  const lordB = RASHI_LORDS[b.rashi - 1]!;
  if (lordA === lordB) return ['bhakoot-same-rashi-lord'];
  if (regard(lordA, lordB) === 'friend' && regard(lordB, lordA) === 'friend') return ['bhakoot-friendly-rashi-lords'];
  return [];
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
