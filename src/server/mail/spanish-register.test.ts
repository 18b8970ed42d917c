import { describe, expect, it } from 'vitest';
import { vosotrosWords } from '../../domain/spanish-register';
import { staffNoticeKinds } from '../../domain/staff-notifications';
import { composeMail, mailTemplates, type TemplateName } from './templates';

/** Issue #32: every Spanish mail speaks "ustedes", never "vosotros" (the web catalogs: web/i18n). */
describe('the Spanish mails', () => {
  it('have no vosotros pronoun or verb form, subject, text or unsubscribe line', () => {
    // Every template's parameters, whatever their names: a moment for `when`/`…At`, an address for links, a name else.
    const sample = new Proxy(
      {},
      {
        get: (_, key) => {
          const name = String(key);
          if (name === 'when' || name.endsWith('At')) return new Date('2026-11-26T10:00:00Z');
          if (name === 'link' || /(Url|Link)$/.test(name)) return 'https://sanga.example.org/x';
          // Staff mails (issue 31.4): one kind here, every kind below; the digest with a line of each.
          if (name === 'kind') return staffNoticeKinds[0];
          if (name === 'items') return staffNoticeKinds.map((kind) => ({ kind, count: 2, link: 'https://sanga.example.org/x' }));
          return 'Sita';
        },
      },
    );
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
