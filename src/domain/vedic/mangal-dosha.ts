/**
 * Mangal (Kuja) dosha: Mars in the 1st, 2nd, 4th, 7th, 8th or 12th house counted from the ascendant (or, without a
 * birth time, from the Moon). Houses here are whole signs, the North Indian chart's own: the house of a rashi is its
 * count from the ascendant's rashi, that rashi being the 1st. The many exceptions some traditions add (Mars in its
 * own sign, aspected by Jupiter, …) are not applied; traditions differ on them, and on checking from Venus too.
 */

const DOSHA_HOUSES = new Set([1, 2, 4, 7, 8, 12]);

/** Whether Mars in `marsRashi` makes Mangal dosha counted from `fromRashi` (both 1–12). */
export function mangalDosha(fromRashi: number, marsRashi: number): boolean {
  const house = ((marsRashi - fromRashi + 12) % 12) + 1;
  return DOSHA_HOUSES.has(house);
}
