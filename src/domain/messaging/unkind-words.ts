/**
 * "Are you sure?": whether a message holds hurtful words, so the composer asks the sender to say it more kindly before
 * it is delivered (issue 50). Pure: no I/O, nothing leaves the process; every matcher is built once, when the module
 * loads, so a check costs a few regular-expression passes over at most 4,000 characters.
 *
 * - English: the obscenity package's English dataset with its recommended transformers (leet, look-alike letters,
 *   repeated letters: "fuuuck", "b1tch", "ʃ𝐟ʃὗƈｋ"), less the words that are ordinary in a conversation about marriage or
 *   that are Spanish words ("sex", "negro", …: NOT_HURTFUL), and with whitelisted terms for ordinary words it would
 *   otherwise catch ("cumin", "cumpleaños", "cockpit", …: ORDINARY).
 * - Spanish insults and slurs, and phrases of contempt in both languages: unkind-lists.ts.
 * - Letters spaced out ("f u c k", "p.u.t.a") are joined and checked too.
 *
 * It only asks: the member may send anyway, and the receiver then sees the message behind a tap. It never blocks.
 */
import { DataSet, englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { CONTEMPT_PHRASES, SPANISH_INSULTS } from './unkind-lists';

/** Words of the English dataset that are not hurtful here, or are ordinary Spanish words ("negro" is the colour). */
const NOT_HURTFUL = new Set(['sex', 'penis', 'vagina', 'anus', 'anal', 'incest', 'negro', 'scat', 'semen', 'orgasm', 'bestiality']);

/**
 * Ordinary words the English dataset would catch, in either language: a match inside one of these is no match
 * (obscenity's whitelisted terms, compared after the same transformations).
 */
const ORDINARY = [
  // English
  'cumin', 'cummerbund', 'cum laude', 'cockpit', 'cocker spaniel', 'shiitake', 'mishit', 'pussycat', 'pussyfoot', 'feckless',
  'traffick', 'assort', 'assonan', 'retardant', 'rapeseed', 'rappel', 'tit for tat', 'moby dick',
  // Spanish
  'cumpl', 'cuma', 'cumbia', 'acumul', 'retarda', 'retardo', 'fago', 'ni fu ni fa',
];

const englishMatcher = new RegExpMatcher({
  ...(() => {
    const built = new DataSet<{ originalWord: string }>()
      .addAll(englishDataset)
      .removePhrasesIf((phrase) => NOT_HURTFUL.has(phrase.metadata?.originalWord ?? ''))
      .build();
    return { ...built, whitelistedTerms: [...(built.whitelistedTerms ?? []), ...ORDINARY] };
  })(),
  ...englishRecommendedTransformers,
});

/** Whole words only: no letter or digit on either side (\b knows only ASCII letters). */
const wholeWords = (alternatives: readonly string[]) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'u');
const spanishAndContempt = wholeWords([...SPANISH_INSULTS, ...CONTEMPT_PHRASES]);

/** Three or more single letters with a space, dot, star, dash or underscore between each: "f u c k", "p.u.t.a". */
const SPACED_LETTERS = /(?<![\p{L}\p{N}])\p{L}(?:[\s.*_-]{1,2}\p{L}(?![\p{L}\p{N}])){2,}/gu;
const joinSpacedLetters = (text: string) => text.replace(SPACED_LETTERS, (letters) => letters.replace(/[\s.*_-]/g, ''));

/**
 * A few digits and signs written for letters, only where they stand among letters: between two ("m1erda", "sh1t") or
 * ending a word after one ("put4", "a55"); never a number ("2024", "room 455", "n16").
 */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's' };
const LEET_BETWEEN_LETTERS = /(?<=\p{L})[013457@$]+(?=\p{L})|(?<=\p{L})[013457@$]+(?![\p{L}\p{N}])/gu;

/** Lower case, accents dropped but ñ kept, curly apostrophes straight, leet between letters read as letters, spaces single. */
function normalize(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFC')
    // Accents go, but not the tilde of ñ ("año" must not read "ano"): ñ waits in a private-use character meanwhile.
    .replace(/ñ/g, '\uE000')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/\uE000/g, 'ñ')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(LEET_BETWEEN_LETTERS, (signs) => [...signs].map((sign) => LEET[sign] ?? sign).join(''))
    .replace(/\s+/g, ' ');
}

/**
 * Digits still there after normalize() are numbers, not letters: obscenity's own leet reading would take "455" for a
 * word and "n16" for a slur (the CI rehearsal of 2026-11-29 found both in ordinary messages), so it never sees them.
 */
const numbersAsSpaces = (text: string) => text.replace(/\p{N}/gu, ' ');

function hurtfulIn(text: string): boolean {
  const plain = normalize(text);
  // Both matchers read the normalized text, so a whitelisted term with an accent ("cúmulo") reads as its plain form.
  return englishMatcher.hasMatch(numbersAsSpaces(plain)) || spanishAndContempt.test(plain);
}

/** Whether the text holds a hurtful word or phrase, in English or Spanish, as written or with its letters spaced out. */
export function isUnkind(text: string): boolean {
  if (hurtfulIn(text)) return true;
  const joined = joinSpacedLetters(text);
  return joined !== text && hurtfulIn(joined);
}
