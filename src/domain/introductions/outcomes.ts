import { z } from 'zod';
import { declineReasons } from './introductions';

/**
 * Outcomes for coordinators (issue 51): introductions by the month they were proposed, followed down the path
 * proposed → elder approved (or reached the members, without a review) → both accepted → met → courting → engaged →
 * married; the reasons given for a no; and each coordinator's own figures.
 */
export const OUTCOME_MONTHS_DEFAULT = 12;
export const OUTCOME_MONTHS_MAX = 60;
const month = z.string({ error: 'monthInvalid' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'monthInvalid' });

/** GET /api/coordinator/outcomes?from=YYYY-MM&to=YYYY-MM: both months included; the last 12 months when left out. */
export const outcomesQuery = z
  .object({ from: month.optional(), to: month.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: 'monthRangeInvalid', path: ['from'] });
export type OutcomesQuery = z.infer<typeof outcomesQuery>;

export const funnelStages = ['proposed', 'elderApproved', 'bothAccepted', 'met', 'courting', 'engaged', 'married'] as const;
export type FunnelStage = (typeof funnelStages)[number];
const funnelCounts = z.object(Object.fromEntries(funnelStages.map((stage) => [stage, z.number().int()])) as Record<FunnelStage, z.ZodNumber>);
export type FunnelCounts = z.infer<typeof funnelCounts>;

export const outcomes = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(funnelCounts.extend({ month: z.string() })),
  totals: funnelCounts,
  reasons: z.array(z.object({ reason: z.enum(declineReasons), count: z.number().int() })),
  coordinators: z.array(funnelCounts.extend({ userId: z.string(), name: z.string().nullable() })),
});
export type Outcomes = z.infer<typeof outcomes>;

/** "2026-11" as its first day, and the month `count` months later (negative: earlier), in UTC. */
export function monthStart(month: string): Date {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1, 1));
}
export function addMonths(month: string, count: number): string {
  const start = monthStart(month);
  const moved = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + count, 1));
  return `${moved.getUTCFullYear()}-${String(moved.getUTCMonth() + 1).padStart(2, '0')}`;
}
export function monthOf(date: Date): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The months asked for: both given, or the last 12 ending with `to` (default this month), at most 60. */
export function outcomeRange(query: OutcomesQuery, now: Date): { from: string; to: string } {
  const to = query.to ?? (query.from ? addMonths(query.from, OUTCOME_MONTHS_DEFAULT - 1) : monthOf(now));
  const from = query.from ?? addMonths(to, -(OUTCOME_MONTHS_DEFAULT - 1));
  const earliest = addMonths(to, -(OUTCOME_MONTHS_MAX - 1));
  return { from: from < earliest ? earliest : from, to };
}
