import { describe, expect, it } from 'vitest';
import { vosotrosWords } from '../../domain/spanish-register';
import { staffNoticeKinds } from '../../domain/staff-notifications';
import { templateSample as sample } from '../test/mail-template-sample';
import { composeMail, mailTemplates, type TemplateName } from './templates';

/** Issue #32: every Spanish mail speaks "ustedes", never "vosotros" (the web catalogs: web/i18n). */
describe('the Spanish mails', () => {
  it('have no vosotros pronoun or verb form, subject, text or unsubscribe line', () => {
    const names = Object.keys(mailTemplates.es) as TemplateName[];
    expect(names.length).toBe(Object.keys(mailTemplates.en).length);
    const found = names.flatMap((name) => {
      const mail = composeMail('a@example.org', 'es', name, sample as never, { unsubscribeUrl: 'https://sanga.example.org/u' });
      return vosotrosWords(`${mail.subject}\n${mail.text}`).map((word) => `${name}: ${word}`);
    });
    for (const kind of staffNoticeKinds) {
      const mail = composeMail('a@example.org', 'es', 'staffNotice', { kind, link: 'https://sanga.example.org/x' });
      found.push(...vosotrosWords(`${mail.subject}\n${mail.text}`).map((word) => `staffNotice ${kind}: ${word}`));
    }
    expect(found).toEqual([]);
  });
});
