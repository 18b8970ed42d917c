/**
 * Sanga speaks Latin-American Spanish to a North-American audience, so "ustedes", never Spain's
 * "vosotros" ("hasta que ambos aceptéis", "Ya estáis presentados"). The tests of the web catalogs
 * (web/i18n/spanish-register.test.ts) and of the mail templates (server/mail/spanish-register.test.ts) run
 * every Spanish text through this check.
 */

/** Words that end like a vosotros verb form but are not one. */
const ALLOWED = new Set(['país', 'anís', 'parís', 'dieciséis', 'veintiséis', 'maíz', 'raíz']);
/** Words that end like an infinitive with "os" attached ("presentaros") but are nouns or adjectives. */
const ALLOWED_ENCLITIC = new Set(['claros', 'caros', 'raros', 'primeros', 'números', 'sinceros', 'verdaderos', 'enteros', 'extranjeros', 'compañeros', 'mensajeros', 'seguros', 'suspiros', 'retiros']);
const PRONOUNS = new Set(['vosotros', 'vosotras', 'os', 'vuestro', 'vuestra', 'vuestros', 'vuestras']);

/** The vosotros words in a text, whole words only (empty when it speaks ustedes or tú). */
export function vosotrosWords(text: string): string[] {
  const words = text.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean);
  return words.filter((word) => {
    if (PRONOUNS.has(word)) return true;
    // Verb forms: aceptáis, estáis, podéis, tenéis, vivís, and the future aceptaréis.
    if (/.(áis|éis|ís)$/.test(word) && !ALLOWED.has(word)) return true;
    // An infinitive with the object pronoun attached: presentaros, escribiros, conoceros.
    return /.(ar|er|ir)os$/.test(word) && word.length > 6 && !ALLOWED_ENCLITIC.has(word);
  });
}

/**
 * Spanish that reads translated. Each check below flags only what it can flag reliably; a reviewer still
 * reads the rest (docs/product-choices.md, "Spanish wording").
 */

/** "Persona coordinadora/administradora" calques English's gender-neutral "a coordinator": Spanish says "la
 *  coordinación", "la administración", "alguien de la coordinación", or agrees with a known person's gender. */
export function roleCalques(text: string): string[] {
  return [...text.matchAll(/\bpersonas? (?:coordinadoras?|administradoras?)\b/giu)].map((match) => match[0]);
}

/** Verbs that take a person as their direct object, so "le/les" with them is Spain's leísmo ("le conoces"):
 *  Latin-American Spanish says "lo/la", or the sentence names the person. Verbs that also take an indirect "le"
 *  ("le escribes", "le avisa", "le importas") are left out, since the check cannot tell the two apart. */
const PERSON_OBJECT_STEMS = '(?:conoc|conozc|contact|acompañ|invit|visit|salud|felicit)';
const VERB_ENDINGS = '(?:a|as|an|e|es|en|o|ó|é|í|ió|ar|er|amos|emos|aron|ieron|ía|ías|ían|aba|aban|ará|erá|arán|erán|aría|ería|arías|erías)';
const LEISMO = [
  // "le conoces", "se le puede contactar": the pronoun before the verb, maybe with one auxiliary between. The end is
  // "no letter follows", not \b, which counts "ó" as a non-word character ("le conoció").
  new RegExp(`\\bles?\\s+(?:(?:puede|pueden|podemos|quiere|quieren|va a|van a)\\s+)?${PERSON_OBJECT_STEMS}${VERB_ENDINGS}(?!\\p{L})`, 'giu'),
  // "conocerle", "contactarles", "acompañándole": the pronoun attached.
  new RegExp(`\\b${PERSON_OBJECT_STEMS}(?:er|ar|iendo|ando|iéndo|ándo)les?\\b`, 'giu'),
  // "le recomendarías para el matrimonio": recommending a person, not something to a person.
  /\bles?\s+recomend\p{L}*\s+(?:para|como)\b/giu,
];

/** Leísmo a check can be sure of (see PERSON_OBJECT_STEMS). */
export function leismoPhrases(text: string): string[] {
  return LEISMO.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[0]));
}

/** One word per thing: a report is a "denuncia" (never "reporte"/"reportar"), courtship is "noviazgo" (never
 *  "cortejo"). */
export function offVocabularyWords(text: string): string[] {
  return text.split(/[^\p{L}]+/u).filter((word) => /^(?:report|cortej)/iu.test(word));
}

/** Proper names that keep their capital inside a label. "Orientación" is the Guidance page's name. */
// The traditions' own names (Gaudiya Vaishnava, Pushti Marg) keep their capitals.
const PROPER_NAMES = new Set(['Sanga', 'English', 'Español', 'Orientación', 'Vaishnava', 'Marg']);

/** Title Case in a short label ("Ver Pruebas"): Spanish buttons and titles are sentence case ("Ver pruebas").
 *  Only labels (no sentence inside, at most seven words) are checked; a capital after ":" starts a new phrase. */
export function titleCaseWords(text: string): string[] {
  const words = text.trim().split(/\s+/);
  if (/[.?!]\s/.test(text) || words.length > 7) return [];
  return words.slice(1).filter((word, index) => {
    const bare = word.replace(/^[«"“(¿¡]+|[»"”)?!.,:;]+$/gu, '');
    return /^\p{Lu}\p{Ll}/u.test(bare) && !PROPER_NAMES.has(bare) && !/[:.]$/.test(words[index] ?? '');
  });
}

/** Third-person plural forms that start a clause in the admin's texts without addressing anyone. */
const NOT_ADDRESSING = new Set(['muestran']);

/** The admin is addressed as "tú" ("Agrega", "Define"), not "ustedes" ("Agreguen", "Definan"). An ustedes command
 *  opens its clause and ends in -en/-an (maybe with a pronoun attached: "reinícienlo"), so the check looks at the
 *  first word of each clause. */
export function ustedesCommands(text: string): string[] {
  const clauses = text.split(/[.:;()¿?¡!,]|\b(?:o|y|que)\b/u);
  return clauses
    .map((clause) => clause.trim().split(/\s+/)[0] ?? '')
    .filter((word) => /^\p{L}{2,}(?:en|an)(?:lo|la|los|las|se|nos)?$/iu.test(word) && !NOT_ADDRESSING.has(word.toLowerCase()))
    .concat(text.split(/[^\p{L}]+/u).filter((word) => /^ustedes$/iu.test(word)));
}
