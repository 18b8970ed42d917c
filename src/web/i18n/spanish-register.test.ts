import { describe, expect, it } from 'vitest';
import { composeMail, mailTemplates, type TemplateName } from '../../server/mail/templates';
import es from './es';

/**
 * Issue #32: Sanga speaks Latin-American Spanish to a North-American audience, so "ustedes", never Spain's
 * "vosotros" ("hasta que ambos aceptéis", "Ya estáis presentados"). This scans every Spanish text the app and
 * its mail say for vosotros pronouns and verb forms, whole words only.
 */

/** Words that end like a vosotros form but are not one. */
const ALLOWED = new Set(['país', 'anís', 'parís', 'dieciséis', 'veintiséis', 'maíz', 'raíz']);
/** Words that end like an infinitive with "os" attached ("presentaros") but are nouns or adjectives. */
const ALLOWED_ENCLITIC = new Set(['claros', 'caros', 'raros', 'primeros', 'números', 'sinceros', 'verdaderos', 'enteros', 'extranjeros', 'compañeros', 'mensajeros', 'seguros', 'suspiros', 'retiros', 'mentiros']);

const PRONOUNS = new Set(['vosotros', 'vosotras', 'os', 'vuestro', 'vuestra', 'vuestros', 'vuestras']);

/** The vosotros words in a text (empty when it speaks ustedes or tú). */
export function vosotrosWords(text: string): string[] {
  const words = text.toLowerCase().split(/[^\p{L}]+/u).filter(Boolean);
  return words.filter((word) => {
    if (PRONOUNS.has(word)) return true;
    // Present and other tenses: aceptáis, estáis, podéis, tenéis, vivís; the future: aceptaréis.
    if (/.(áis|éis|ís)$/.test(word) && !ALLOWED.has(word)) return true;
    // An infinitive with the object pronoun attached: presentaros, escribiros, conoceros.
    if (/.(ar|er|ir)os$/.test(word) && word.length > 6 && !ALLOWED_ENCLITIC.has(word)) return true;
    return false;
  });
}

function leaves(value: unknown, prefix = '', out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([prefix, value]);
  else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** Every Spanish mail, rendered with sample values (with the unsubscribe line notifications carry). */
function spanishMails(): [string, string][] {
  const sample = { link: 'https://sanga.example.org/x', newEmail: 'nuevo@example.org', firstName: 'Sita' };
  return (Object.keys(mailTemplates.es) as TemplateName[]).map((name) => {
    const mail = composeMail('a@example.org', 'es', name, sample as never, { unsubscribeUrl: 'https://sanga.example.org/u' });
    return [`mail.${name}`, `${mail.subject}\n${mail.text}`];
  });
}

describe('Spanish texts speak "ustedes", never "vosotros"', () => {
  it('the check finds the vosotros forms issue #32 reported, and passes their ustedes rewrites', () => {
    expect(vosotrosWords('No se comparte nada hasta que ambos aceptéis.')).toEqual(['aceptéis']);
    expect(vosotrosWords('Ya estáis presentados. Ahora podéis escribiros.')).toEqual(['estáis', 'podéis', 'escribiros']);
    expect(vosotrosWords('Un coordinador considerará presentaros. Os avisaremos; vuestro perfil, vosotras.')).toEqual(['presentaros', 'os', 'vuestro', 'vosotras']);
    expect(vosotrosWords('Viajáis al país con seis amigos; vivís en París.')).toEqual(['viajáis', 'vivís']);
    expect(vosotrosWords('La presentación está hecha: ya pueden escribirse. Los primeros números son claros.')).toEqual([]);
  });

  it('in the web catalogs', () => {
    const found = leaves(es).flatMap(([key, text]) => vosotrosWords(text).map((word) => `${key}: ${word}`));
    expect(found).toEqual([]);
  });

  it('in the mail templates', () => {
    const mails = spanishMails();
    expect(mails.length).toBe(Object.keys(mailTemplates.en).length);
    const found = mails.flatMap(([key, text]) => vosotrosWords(text).map((word) => `${key}: ${word}`));
    expect(found).toEqual([]);
  });
});
