/**
 * Issue #32: Sanga speaks Latin-American Spanish to a North-American audience, so "ustedes", never Spain's
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
