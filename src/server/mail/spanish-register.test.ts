import { describe, expect, it } from 'vitest';
import { leismoPhrases, offVocabularyWords, roleCalques, vosotrosWords } from '#domain/language/spanish-register';
import { staffMailKinds } from '#domain/staff/staff-notifications';
import { pushTexts } from '#server/features/push/push-texts';
import { templateSample as sample } from '#server/test/mail-template-sample';
import { summaryTexts } from './export-summary-texts';
import { composeMail, mailTemplates, type TemplateName } from './templates';

/** Every Spanish mail (subject, text and unsubscribe line), as [name, text]. */
function spanishMails(): [string, string][] {
  const names = Object.keys(mailTemplates.es) as TemplateName[];
  expect(names.length).toBe(Object.keys(mailTemplates.en).length);
  const mails = names.map((name): [string, string] => {
    const mail = composeMail('a@example.org', 'es', name, sample as never, { unsubscribeUrl: 'https://sanga.example.org/u' });
    return [name, `${mail.subject}\n${mail.text}`];
  });
  for (const kind of staffMailKinds) {
    const mail = composeMail('a@example.org', 'es', 'staffMail', { kind, link: 'https://sanga.example.org/x' });
    mails.push([`staffMail ${kind}`, `${mail.subject}\n${mail.text}`]);
  }
  return mails;
}

/** Any argument a text function asks for: every field, and the value itself, reads "X". */
const anything: unknown = new Proxy({}, { get: (_, key) => (key === Symbol.toPrimitive ? () => 'X' : 'X') });

/** The other words the server writes in Spanish: the export's summary.txt and the pushes, as [name, text]. */
function otherSpanishTexts(): [string, string][] {
  const render = (value: unknown) => (typeof value === 'function' ? JSON.stringify((value as (p: unknown) => unknown)(anything)) : JSON.stringify(value));
  return [
    ...Object.entries(summaryTexts.es).map(([name, value]): [string, string] => [`summary.${name}`, render(value)]),
    ...Object.entries(pushTexts.es).map(([name, value]): [string, string] => [`push.${name}`, render(value)]),
  ];
}

const found = (texts: [string, string][], check: (text: string) => string[]) => texts.flatMap(([name, text]) => check(text).map((word) => `${name}: ${word}`));

/** Every Spanish mail speaks "ustedes", never "vosotros" (the web catalogs: web/i18n). */
describe('the Spanish mails', () => {
  it('have no vosotros pronoun or verb form, subject, text or unsubscribe line', () => {
    expect(found(spanishMails(), vosotrosWords)).toEqual([]);
  });

  // The same register checks as the web catalog (web/i18n/spanish-register.test.ts).
  it('say "la coordinación", use lo/la, and say "denuncia" and "noviazgo", with the summary and the pushes', () => {
    const texts = [...spanishMails(), ...otherSpanishTexts()];
    expect(texts.length).toBeGreaterThan(50);
    expect(otherSpanishTexts().join('\n')).toContain('presentación');
    expect([...found(texts, roleCalques), ...found(texts, leismoPhrases), ...found(texts, offVocabularyWords)]).toEqual([]);
  });
});
