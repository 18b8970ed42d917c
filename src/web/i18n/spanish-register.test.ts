import { describe, expect, it } from 'vitest';
import { leismoPhrases, offVocabularyWords, roleCalques, titleCaseWords, ustedesCommands, vosotrosWords } from '#domain/language/spanish-register';
import { flattenKeys } from './catalog';
import es from './es';

const text = (key: string) => String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], es));
const keys = flattenKeys(es);
/** Every text of the catalog run through a check, as "key: what it found", so a failure names the key. */
const found = (check: (text: string) => string[], only: (key: string) => boolean = () => true) =>
  keys.filter(only).flatMap((key) => check(text(key)).map((word) => `${key}: ${word}`));

/** The screens only the admin reads: the admin panel, its reports queue and its team list. */
const ADMIN_SECTIONS = ['admin.', 'safety.admin.', 'introductions.admin.'];

/** Every Spanish text of the web app speaks "ustedes", never "vosotros" (the mails: server/mail). */
describe('the Spanish catalog', () => {
  it('has no vosotros pronoun or verb form', () => {
    expect(keys.length).toBeGreaterThan(500);
    expect(found(vosotrosWords)).toEqual([]);
  });

  // The register a Latin-American reader expects.
  it('says "la coordinación" or "la administración", never "persona coordinadora/administradora"', () => {
    expect(found(roleCalques)).toEqual([]);
  });

  it('uses lo/la for a person as direct object, never leísmo ("le conoces")', () => {
    expect(found(leismoPhrases)).toEqual([]);
  });

  it('has one word for a report (denuncia) and one for courtship (noviazgo)', () => {
    expect(found(offVocabularyWords)).toEqual([]);
  });

  it('writes labels in sentence case ("Ver pruebas", not "Ver Pruebas")', () => {
    expect(found(titleCaseWords)).toEqual([]);
  });

  it('addresses the admin as tú ("Agrega"), never ustedes ("Agreguen")', () => {
    const adminKeys = keys.filter((key) => ADMIN_SECTIONS.some((section) => key.startsWith(section)));
    expect(adminKeys.length).toBeGreaterThan(100);
    expect(found(ustedesCommands, (key) => adminKeys.includes(key))).toEqual([]);
  });
});

describe('the register checks', () => {
  // Each check catches what it is for and lets through what reads right, so a passing catalog means something.
  it('catch the patterns they name and pass their correct forms', () => {
    expect(roleCalques('Una persona coordinadora revisa; las personas administradoras leen.')).toEqual(['persona coordinadora', 'personas administradoras']);
    expect(roleCalques('La coordinación revisa cada solicitud.')).toEqual([]);
    expect(leismoPhrases('¿Cuántos años hace que le conoces? Se le puede contactar. ¿Le recomendarías para el matrimonio? Quiero conocerle.'))
      .toEqual(['le conoces', 'le puede contactar', 'conocerle', 'Le recomendarías para']);
    expect(leismoPhrases('Una coordinadora le conoció en persona; nadie les invitó.')).toEqual(['le conoció', 'les invitó']);
    expect(leismoPhrases('Le enviamos un enlace; a {{name}} no se le avisa; les importas; ¿lo conoces?')).toEqual([]);
    expect(offVocabularyWords('Enviaste muchos reportes. No puedes reportarte. Dos formas de cortejo.')).toEqual(['reportes', 'reportarte', 'cortejo']);
    expect(offVocabularyWords('Tu denuncia se envió. Forma de noviazgo.')).toEqual([]);
    expect(titleCaseWords('Descartar Denuncia')).toEqual(['Denuncia']);
    expect(titleCaseWords('Ver la página de Orientación')).toEqual([]);
    expect(titleCaseWords('Inicia sesión en Sanga')).toEqual([]);
    expect(ustedesCommands('Agreguen historias reales (o quítenlas todas). Definan SMTP_URL y reinícienlo.'))
      .toEqual(['Agreguen', 'quítenlas', 'Definan', 'reinícienlo']);
    expect(ustedesCommands('Agrega historias reales (o quítalas todas). Lo que muestran la página de inicio y el pie.')).toEqual([]);
  });
});
