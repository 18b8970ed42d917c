/**
 * The Vedic compatibility of two members, from their stored charts (chart.ts), in the shape the API will answer
 * (`vedic` of issue #52), seen from one of them: `you` and `them`.
 *
 * The kootas are read with the woman as the bride and the man as the groom, whichever of the two is asking
 * (ashtakoota.ts); a pair of the same gender has no reading in these tables and is refused.
 *
 * Uncertainty: a chart whose birth time is approximate or unknown carries the window its Moon may have been in.
 * Every result depends on the Moon only through its pada and, for vashya, through which half of Dhanu or Makara it
 * is in; so the window splits into a few cells (a day is at most 6 padas), and the kootas are computed for every
 * pair of cells. A result that is not the same in all of them is named in `uncertain`; the value given is the one
 * for the stated time (local noon when unknown). At most some 50 pairs of cells, so microseconds still.
 */
import type { Gender } from '#domain/profile/profile';
import { KOOTA_MAXIMA, ashtakoota, type Ashtakoota, type Cancellation, type Koota } from './ashtakoota';
import type { VedicChart } from './chart';
import { PADA_DEGREES } from './zodiac';

export interface MatchedPerson {
  chart: VedicChart;
  gender: Gender;
}

export interface VedicPerson {
  nakshatra: number;
  pada: number;
  rashi: number;
  /** From the ascendant; null without a birth time. */
  mangalDosha: boolean | null;
  /** From the Moon, the tradition's reading without a birth time; shown as such. */
  mangalDoshaFromMoon: boolean;
}

export interface VedicMatch {
  total: number;
  totalBeforeCancellations: number;
  kootas: Koota[];
  cancellations: Cancellation[];
  you: VedicPerson;
  them: VedicPerson;
  /** Both or neither have Mangal dosha (the tradition's match); false when one has it; null when one is unknown. */
  mangalDoshaBalanced: boolean | null;
  /** Results that could be different within the birth-time windows: koota names, 'total', 'cancellations',
   * 'you.nakshatra', 'them.rashi', …, 'mangalDoshaBalanced'. Empty when both times are exact. */
  uncertain: string[];
}

/** Where the Moon's results change: pada boundaries, and the halves of Dhanu and Makara for vashya. */
const VASHYA_HALF_SIGN_BOUNDARIES = [255, 285];

export function vedicMatch(you: MatchedPerson, them: MatchedPerson): VedicMatch {
  if (you.gender === them.gender) throw new RangeError('ashtakoota reads a bride and a groom: a woman and a man');
  const [bride, groom] = you.gender === 'woman' ? [you.chart, them.chart] : [them.chart, you.chart];
  const stated = ashtakoota(bride.moon, groom.moon);

  const uncertain = new Set<string>();
  for (const brideMoon of moonCells(bride)) {
    for (const groomMoon of moonCells(groom)) {
      for (const difference of differences(stated, ashtakoota(brideMoon, groomMoon))) uncertain.add(difference);
    }
  }
  for (const [side, chart] of [['you', you.chart], ['them', them.chart]] as const) {
    for (const result of chart.uncertain) if (result !== 'ascendant') uncertain.add(`${side}.${result}`);
  }
  const balanced = mangalDoshaBalanced(you.chart, them.chart);
  if (balanced.size > 1) uncertain.add('mangalDoshaBalanced');

  return {
    ...stated,
    you: person(you.chart),
    them: person(them.chart),
    mangalDoshaBalanced: you.chart.mangalDosha === null || them.chart.mangalDosha === null ? null : you.chart.mangalDosha === them.chart.mangalDosha,
    uncertain: [...uncertain].sort((a, b) => rank(a) - rank(b)),
  };
}

/** `uncertain` lists the kootas in their order, then the total, then the rest as found (each person's, then the pair's). */
const PAIR_RESULTS_ORDER: readonly string[] = [...Object.keys(KOOTA_MAXIMA), 'total', 'cancellations'];
function rank(result: string): number {
  const index = PAIR_RESULTS_ORDER.indexOf(result);
  return index === -1 ? PAIR_RESULTS_ORDER.length : index;
}

function person(chart: VedicChart): VedicPerson {
  const { nakshatra, pada, rashi, mangalDosha, mangalDoshaFromMoon } = chart;
  return { nakshatra, pada, rashi, mangalDosha, mangalDoshaFromMoon };
}

/** One Moon longitude inside each stretch of the window in which every koota's input stays the same. */
function moonCells(chart: VedicChart): number[] {
  const { from, to } = chart.moonWindow;
  if (to <= from) return [chart.moon];
  const boundaries: number[] = [];
  for (let boundary = Math.floor(from / PADA_DEGREES + 1) * PADA_DEGREES; boundary < to; boundary += PADA_DEGREES) {
    boundaries.push(boundary);
  }
  for (const half of VASHYA_HALF_SIGN_BOUNDARIES) {
    for (const boundary of [half, half + 360]) if (boundary > from && boundary < to) boundaries.push(boundary);
  }
  const edges = [from, ...boundaries.sort((a, b) => a - b), to];
  return edges.slice(1).map((edge, index) => (edges[index]! + edge) / 2);
}

function differences(stated: Ashtakoota, other: Ashtakoota): string[] {
  const found = stated.kootas.filter((koota, index) => other.kootas[index]!.points !== koota.points).map((koota) => koota.name as string);
  if (other.total !== stated.total) found.push('total');
  if (other.cancellations.join() !== stated.cancellations.join()) found.push('cancellations');
  return found;
}

/** The values "both or neither" could take within the two windows (empty when either dosha is unknown). */
function mangalDoshaBalanced(a: VedicChart, b: VedicChart): Set<boolean> {
  if (a.mangalDosha === null || b.mangalDosha === null) return new Set();
  const possible = (chart: VedicChart, stated: boolean) => (chart.uncertain.includes('mangalDosha') ? [stated, !stated] : [stated]);
  const values = new Set<boolean>();
  for (const first of possible(a, a.mangalDosha)) for (const second of possible(b, b.mangalDosha)) values.add(first === second);
  return values;
}
