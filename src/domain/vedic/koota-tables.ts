/**
 * The tables of ashtakoota (guna milan), written once. They are the common North Indian ones, as most published
 * matching software and almanacs print them (the scheme goes back to Muhurta Chintamani, ch. 6); traditions differ
 * in places, and where a cell is known to vary the comment says so. Indexes: rashi 1–12 (Mesha = 1), nakshatra 1–27
 * (Ashwini = 1); a table's first entry is index 1 (the arrays are read with `[n - 1]`).
 *
 * The asymmetric tables (varna, vashya, gana) are read as [groom][bride].
 */

export type Planet = 'sun' | 'moon' | 'mars' | 'mercury' | 'jupiter' | 'venus' | 'saturn';

/** Lord of each rashi (classical, Brihat Parashara Hora Shastra ch. 3). */
export const RASHI_LORDS: readonly Planet[] = [
  'mars', 'venus', 'mercury', 'moon', 'sun', 'mercury', 'venus', 'mars', 'jupiter', 'saturn', 'saturn', 'jupiter',
];

/**
 * Varna of each rashi, 4 = Brahmin, 3 = Kshatriya, 2 = Vaishya, 1 = Shudra: the watery signs Brahmin, the fiery
 * Kshatriya, the earthy Vaishya, the airy Shudra. (B. V. Raman gives another assignment; this is the common one.)
 * Varna koota: 1 point when the groom's varna is the same as or above the bride's.
 */
export const RASHI_VARNA: readonly number[] = [3, 2, 1, 4, 3, 2, 1, 4, 3, 2, 1, 4];

export type Vashya = 'chatushpada' | 'manava' | 'jalachara' | 'vanachara' | 'keeta';

/**
 * Vashya group of a sidereal Moon longitude: quadruped (Mesha, Vrishabha, Dhanu's second half, Makara's first half),
 * human (Mithuna, Kanya, Tula, Dhanu's first half, Kumbha), water (Karka, Makara's second half, Meena), wild (Simha),
 * insect (Vrishchika). Dhanu and Makara are split at 15°, as the fuller tables do; some assign them whole.
 */
export function vashyaOf(longitude: number): Vashya {
  const degrees = ((longitude % 360) + 360) % 360;
  const rashi = Math.floor(degrees / 30) + 1;
  const secondHalf = degrees % 30 >= 15;
  if (rashi === 9) return secondHalf ? 'chatushpada' : 'manava';
  if (rashi === 10) return secondHalf ? 'jalachara' : 'chatushpada';
  return VASHYA_OF_RASHI[rashi - 1]!;
}
const VASHYA_OF_RASHI: readonly Vashya[] = [
  'chatushpada', 'chatushpada', 'manava', 'jalachara', 'vanachara', 'manava', 'manava', 'keeta', 'manava', 'chatushpada', 'manava', 'jalachara',
];

/**
 * Vashya points, [groom's group][bride's group], max 2: the common table, which reads the same both ways (the 0.5
 * cells vary most between books; some give a vanachara bride 0 with any groom not vanachara).
 */
export const VASHYA_POINTS: Readonly<Record<Vashya, Readonly<Record<Vashya, number>>>> = {
  chatushpada: { chatushpada: 2, manava: 1, jalachara: 1, vanachara: 0.5, keeta: 1 },
  manava: { chatushpada: 1, manava: 2, jalachara: 0.5, vanachara: 0, keeta: 1 },
  jalachara: { chatushpada: 1, manava: 0.5, jalachara: 2, vanachara: 1, keeta: 1 },
  vanachara: { chatushpada: 0.5, manava: 0, jalachara: 1, vanachara: 2, keeta: 0 },
  keeta: { chatushpada: 1, manava: 1, jalachara: 1, vanachara: 0, keeta: 2 },
};

/**
 * Tara (dina) koota: count the nakshatras from one person's to the other's, both counted (1–27), and take the
 * remainder by 9 (0 counts as 9). Remainders 3 (vipat), 5 (pratyari) and 7 (naidhana) are inauspicious. Counted
 * from the bride to the groom and back: 1.5 points for each auspicious direction, max 3.
 */
export const INAUSPICIOUS_TARAS: ReadonlySet<number> = new Set([3, 5, 7]);

export type Yoni =
  | 'horse' | 'elephant' | 'sheep' | 'serpent' | 'dog' | 'cat' | 'rat' | 'cow' | 'buffalo' | 'tiger' | 'deer' | 'monkey' | 'mongoose' | 'lion';

/** Yoni (animal) of each nakshatra: 14 animals, two nakshatras each, but the mongoose's second is Abhijit, the 28th
 * nakshatra, which ashtakoota does not use. */
export const NAKSHATRA_YONI: readonly Yoni[] = [
  'horse', 'elephant', 'sheep', 'serpent', 'serpent', 'dog', 'cat', 'sheep', 'cat', 'rat', 'rat', 'cow', 'buffalo', 'tiger',
  'buffalo', 'tiger', 'deer', 'deer', 'dog', 'monkey', 'mongoose', 'monkey', 'lion', 'horse', 'lion', 'cow', 'elephant',
];

const YONI_ORDER: readonly Yoni[] = [
  'horse', 'elephant', 'sheep', 'serpent', 'dog', 'cat', 'rat', 'cow', 'buffalo', 'tiger', 'deer', 'monkey', 'mongoose', 'lion',
];
/**
 * Yoni points, max 4, symmetric: 4 same animal, 3 friendly, 2 neutral, 1 unfriendly, 0 sworn enemies (horse–buffalo,
 * elephant–lion, sheep–monkey, serpent–mongoose, dog–deer, cat–rat, cow–tiger). Rows and columns in YONI_ORDER.
 */
const YONI_MATRIX: readonly (readonly number[])[] = [
  [4, 2, 2, 3, 2, 2, 2, 1, 0, 1, 3, 3, 2, 1],
  [2, 4, 3, 3, 2, 2, 2, 2, 3, 1, 2, 3, 2, 0],
  [2, 3, 4, 2, 1, 2, 1, 3, 3, 1, 2, 0, 3, 1],
  [3, 3, 2, 4, 2, 1, 1, 1, 1, 2, 2, 2, 0, 2],
  [2, 2, 1, 2, 4, 2, 1, 2, 2, 1, 0, 2, 1, 1],
  [2, 2, 2, 1, 2, 4, 0, 2, 2, 1, 3, 3, 2, 1],
  [2, 2, 1, 1, 1, 0, 4, 2, 2, 2, 2, 2, 1, 2],
  [1, 2, 3, 1, 2, 2, 2, 4, 3, 0, 3, 2, 2, 1],
  [0, 3, 3, 1, 2, 2, 2, 3, 4, 1, 2, 2, 2, 1],
  [1, 1, 1, 2, 1, 1, 2, 0, 1, 4, 1, 1, 2, 1],
  [3, 2, 2, 2, 0, 3, 2, 3, 2, 1, 4, 2, 2, 1],
  [3, 3, 0, 2, 2, 3, 2, 2, 2, 1, 2, 4, 3, 2],
  [2, 2, 3, 0, 1, 2, 1, 2, 2, 2, 2, 3, 4, 2],
  [1, 0, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 4],
];

export function yoniPoints(a: Yoni, b: Yoni): number {
  return YONI_MATRIX[YONI_ORDER.indexOf(a)]![YONI_ORDER.indexOf(b)]!;
}

/**
 * Natural friendships of the planets (naisargika maitri, Brihat Parashara Hora Shastra ch. 3): how the first planet
 * regards the second. Whoever is neither friend nor enemy is neutral.
 */
const FRIENDS: Readonly<Record<Planet, readonly Planet[]>> = {
  sun: ['moon', 'mars', 'jupiter'],
  moon: ['sun', 'mercury'],
  mars: ['sun', 'moon', 'jupiter'],
  mercury: ['sun', 'venus'],
  jupiter: ['sun', 'moon', 'mars'],
  venus: ['mercury', 'saturn'],
  saturn: ['mercury', 'venus'],
};
const ENEMIES: Readonly<Record<Planet, readonly Planet[]>> = {
  sun: ['venus', 'saturn'],
  moon: [],
  mars: ['mercury'],
  mercury: ['moon'],
  jupiter: ['mercury', 'venus'],
  venus: ['sun', 'moon'],
  saturn: ['sun', 'moon', 'mars'],
};

type Regard = 'friend' | 'neutral' | 'enemy';
export function regard(of: Planet, toward: Planet): Regard {
  if (FRIENDS[of].includes(toward)) return 'friend';
  return ENEMIES[of].includes(toward) ? 'enemy' : 'neutral';
}

/**
 * Graha maitri points from the two rashi lords, max 5: same lord or mutual friends 5; friend and neutral 4; both
 * neutral 3; friend and enemy 1; neutral and enemy 0.5; mutual enemies 0 (the common table, derived this way).
 */
export function grahaMaitriPoints(a: Planet, b: Planet): number {
  if (a === b) return 5;
  const regards = [regard(a, b), regard(b, a)].sort().join('+');
  return GRAHA_MAITRI_BY_REGARDS[regards]!;
}
const GRAHA_MAITRI_BY_REGARDS: Readonly<Record<string, number>> = {
  'friend+friend': 5,
  'friend+neutral': 4,
  'neutral+neutral': 3,
  'enemy+friend': 1,
  'enemy+neutral': 0.5,
  'enemy+enemy': 0,
};

export type Gana = 'deva' | 'manushya' | 'rakshasa';

/** Gana (temperament) of each nakshatra. */
export const NAKSHATRA_GANA: readonly Gana[] = [
  'deva', 'manushya', 'rakshasa', 'manushya', 'deva', 'manushya', 'deva', 'deva', 'rakshasa', 'rakshasa', 'manushya',
  'manushya', 'deva', 'rakshasa', 'deva', 'rakshasa', 'deva', 'rakshasa', 'rakshasa', 'manushya', 'manushya', 'deva',
  'rakshasa', 'rakshasa', 'manushya', 'manushya', 'deva',
];

/** Gana points, [groom][bride], max 6. Deva–rakshasa is given 1 by this table and 0 by some others. */
export const GANA_POINTS: Readonly<Record<Gana, Readonly<Record<Gana, number>>>> = {
  deva: { deva: 6, manushya: 6, rakshasa: 1 },
  manushya: { deva: 5, manushya: 6, rakshasa: 0 },
  rakshasa: { deva: 1, manushya: 0, rakshasa: 6 },
};

/**
 * Bhakoot (rashi) koota, max 7: count the rashis from one Moon to the other, both counted; the pairs 2/12, 5/9 and
 * 6/8 (the count one way / the other) give 0, all others (1/1, 3/11, 4/10, 7/7) 7.
 */
export const BHAKOOT_DOSHA_COUNTS: ReadonlySet<number> = new Set([2, 12, 5, 9, 6, 8]);

export type Nadi = 'adi' | 'madhya' | 'antya';

/** Nadi of each nakshatra, in the zig-zag order adi, madhya, antya, antya, madhya, adi, … Same nadi: 0 of 8. */
export const NAKSHATRA_NADI: readonly Nadi[] = Array.from({ length: 27 }, (_, index) => {
  const step = index % 6;
  return step === 0 || step === 5 ? 'adi' : step === 1 || step === 4 ? 'madhya' : 'antya';
});
