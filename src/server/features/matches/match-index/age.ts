import { yearsOutsideRange } from '#domain/matching/matching';
import { AGE_OUTSIDE_CAP, AGE_SIDE, AGE_SIDE_OF_UNKNOWN } from './tables';

/** The integer standing for an unknown birth date, stated age or age. */
export const UNKNOWN = -1;

/**
 * A person's age on `todayKey` (YYYYMMDD) from the birth date key, else the stated age (UNKNOWN if
 * neither): full years on the local calendar day in integer arithmetic, as the domain's displayAge.
 */
export function ageOn(todayKey: number, dobKey: number, statedAge: number): number {
  return dobKey !== UNKNOWN && dobKey <= todayKey ? Math.trunc((todayKey - dobKey) / 10000) : statedAge;
}

/**
 * How a seeker's range [minAge, maxAge] with flexibility code `flex` judges `age`: that side's points
 * plus its penalty, or AGE_EXCLUDED (tables.ts AGE_SIDE, made from the domain's ageSide).
 */
export function ageSideOf(flex: number, minAge: number, maxAge: number, age: number): number {
  if (age === UNKNOWN) return AGE_SIDE_OF_UNKNOWN;
  const outside = yearsOutsideRange(age, minAge, maxAge);
  return AGE_SIDE[flex * (AGE_OUTSIDE_CAP + 1) + (outside > AGE_OUTSIDE_CAP ? AGE_OUTSIDE_CAP : outside)]!;
}
