import { z } from 'zod';
import { KOOTA_MAXIMA, type Cancellation, type KootaName } from './ashtakoota';
import type { VedicMatch } from './vedic-match';

/*
 * The `vedic` of an answer about two people who both opted in (issue #52): GET /api/match/{id}, the member's
 * introduction card's `other`, the coordinators' and elders' introductions. Absent when either did not opt in.
 * Written from vedic-match.ts's VedicMatch by `vedicAnswer`, which keeps what the panel shows
 * (web/components/vedic/vedic-panel.tsx): never the birth time or place, nor the Moon's longitude.
 */

/** The eight, in the traditional order (ashtakoota.ts KOOTA_MAXIMA). */
const kootaNames = Object.keys(KOOTA_MAXIMA) as [KootaName, ...KootaName[]];

/** Every cancellation ashtakoota.ts can name (checked against its type below). */
const cancellations = [
  'nadi-same-rashi-different-nakshatra',
  'nadi-same-nakshatra-different-rashi',
  'nadi-same-nakshatra-different-pada',
  'nadi-same-rashi-lord',
  'bhakoot-same-rashi-lord',
  'bhakoot-friendly-rashi-lords',
] as const satisfies readonly Cancellation[];
// Fails to compile when ashtakoota.ts names a cancellation this list lacks.
const everyCancellation: Record<Exclude<Cancellation, (typeof cancellations)[number]>, never> = {};
void everyCancellation;

/** A person's results that could differ within a birth-time window, as `uncertain` names them ('you.rashi'). */
const personResults = ['nakshatra', 'pada', 'rashi', 'mangalDosha', 'mangalDoshaFromMoon'] as const;
const sides = ['you', 'them'] as const;
type PersonUncertain = `${(typeof sides)[number]}.${(typeof personResults)[number]}`;

/**
 * What `uncertain` may name (vedic-match.ts): the kootas, the total, which cancellations apply, each person's
 * nakshatra, pada, rashi and Mangal dosha, and whether both or neither have Mangal dosha.
 */
const uncertainResults: [VedicUncertain, ...VedicUncertain[]] = [
  ...kootaNames,
  'total',
  'cancellations',
  ...sides.flatMap((side) => personResults.map((result): PersonUncertain => `${side}.${result}`)),
  'mangalDoshaBalanced',
];
export type VedicUncertain = KootaName | 'total' | 'cancellations' | PersonUncertain | 'mangalDoshaBalanced';

/** Half points occur (tara 1.5, vashya 0.5, graha maitri 0.5). */
const points = z.number().min(0).multipleOf(0.5);

const vedicPerson = z.object({
  /** 1–27, Ashwini = 1. */
  nakshatra: z.number().int().min(1).max(27),
  /** 1–4. */
  pada: z.number().int().min(1).max(4),
  /** 1–12, Mesha = 1: the Moon's sign. */
  rashi: z.number().int().min(1).max(12),
  /** From the ascendant; null without a birth time. */
  mangalDosha: z.boolean().nullable(),
  /**
   * Additive, only without a birth time (mangalDosha null): the reading counted from the Moon's sign, as the tradition
   * does when the ascendant is not known (issue 52: "from the Moon when the time is unknown"), shown named as such.
   */
  mangalDoshaFromMoon: z.boolean().optional(),
});

export const vedicCompatibility = z.object({
  /** Out of 36, with a cancelled dosha given its koota's full points. */
  total: points.max(36),
  /** The eight, in the traditional order. */
  kootas: z.array(z.object({ name: z.enum(kootaNames), points, max: z.number().int().min(1).max(8) })).length(8),
  /** The cancellations applied (dosha parihara), each by its code; empty when none. */
  cancellations: z.array(z.enum(cancellations)),
  /** The person reading (a member), or the first of the pair as the answer names them (staff). */
  you: vedicPerson,
  them: vedicPerson,
  /** Results that could differ within a birth time's window (approximate or unknown); empty when both are exact. */
  uncertain: z.array(z.enum(uncertainResults)),
});
export type VedicCompatibility = z.infer<typeof vedicCompatibility>;

/**
 * The answer's `vedic` from a computed match: only the fields above (the Mangal dosha counted from the Moon only where
 * the ascendant's is unknown), and `uncertain` without what the answer does not carry.
 */
export function vedicAnswer(match: VedicMatch): VedicCompatibility {
  const person = ({ nakshatra, pada, rashi, mangalDosha, mangalDoshaFromMoon }: VedicMatch['you']) => ({
    nakshatra,
    pada,
    rashi,
    mangalDosha,
    ...(mangalDosha === null ? { mangalDoshaFromMoon } : {}),
  });
  const known = new Set<string>(uncertainResults);
  // The reading from the Moon is in the answer only where the ascendant's is not: so is its uncertainty.
  const shown = (result: string) => !(result === 'you.mangalDoshaFromMoon' && match.you.mangalDosha !== null) && !(result === 'them.mangalDoshaFromMoon' && match.them.mangalDosha !== null);
  return {
    total: match.total,
    kootas: match.kootas.map(({ name, points, max }) => ({ name, points, max })),
    cancellations: [...match.cancellations],
    you: person(match.you),
    them: person(match.them),
    uncertain: match.uncertain.filter((result): result is VedicUncertain => known.has(result) && shown(result)),
  };
}
