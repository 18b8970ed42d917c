import type { Breakdown } from '#domain/matching/matching';
import { COMPONENT_MAXIMA } from '#domain/matching/matching';

/** The six positive components of the breakdown, in the order docs/matching.md lists them. */
export const breakdownComponents = ['location', 'community', 'courtship', 'diet', 'age', 'marriageReadiness'] as const;
export type BreakdownComponent = (typeof breakdownComponents)[number];

export interface BreakdownRow {
  component: BreakdownComponent;
  points: number;
  max: number;
}

/** Every component with its points and maximum (the browse card shows them all as "x/max"). */
export function allComponentRows(breakdown: Breakdown): BreakdownRow[] {
  return breakdownComponents.map((component) => ({ component, points: breakdown[component], max: COMPONENT_MAXIMA[component] }));
}

/** spec §2 /match/{id}: components are shown (as "+N") only when above zero. */
export function positiveComponentRows(breakdown: Breakdown): BreakdownRow[] {
  return allComponentRows(breakdown).filter((row) => row.points > 0);
}

/** Penalties are shown only when negative. */
export function visiblePenalties(breakdown: Breakdown): number | null {
  return breakdown.penalties < 0 ? breakdown.penalties : null;
}

/** The score as a whole percent for display and for the meter (the server already clamps it). */
export function clampScore(score: number): number {
  return Math.min(100, Math.max(0, Math.round(score)));
}
