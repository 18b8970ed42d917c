import { describe, expect, it } from 'vitest';
import { staffMailKinds } from '#domain/staff/staff-notifications';
import { templateSample as sample } from '#server/test/mail-template-sample';
import { composeMail, mailTemplates, type TemplateName } from './templates';

/** Any sentence that asks the reader to answer the mail itself: the sender is a no-reply address (MAIL_FROM). */
const asksForReply = /\breply to (this|the) (mail|email|message)|\breply to us\b|\bjust reply\b|\banswer this (mail|email|message)|\bresponde(r)? (a )?este (correo|mensaje)|\bcontesta(r)? (a )?este (correo|mensaje)/i;

describe('every mail (issue 32.10)', () => {
  const names = Object.keys(mailTemplates.en) as TemplateName[];
  for (const language of ['en', 'es'] as const) {
    it(`[${language}] greets the reader first, by first name when known, and never asks for a reply`, () => {
      const named = { en: 'Hi Ana,', es: 'Hola, Ana:' }[language];
      const generic = { en: 'Hello,', es: 'Hola:' }[language];
      for (const name of names) {
        const mail = composeMail('a@example.org', language, name, sample as never, { greet: 'Ana', unsubscribeUrl: 'https://sanga.example.org/u' });
        expect(mail.text.split('\n')[0], name).toBe(named);
        expect(composeMail('a@example.org', language, name, sample as never).text.split('\n')[0], name).toBe(generic);
        expect(`${mail.subject}\n${mail.text}`, name).not.toMatch(asksForReply);
        // Where to write instead: Sanga itself (the last line before the unsubscribe link).
        expect(mail.text, name).toContain(language === 'en' ? 'Nobody reads replies to this address. To write to us, sign in to Sanga' : 'Nadie lee las respuestas a esta dirección. Para escribirnos, inicia sesión en Sanga');
      }
      for (const kind of staffMailKinds) {
        const mail = composeMail('a@example.org', language, 'staffMail', { kind, link: 'https://sanga.example.org/x' }, { greet: 'Ana' });
        expect(mail.text.split('\n')[0]).toBe(named);
        expect(mail.text).not.toMatch(asksForReply);
      }
    });
  }

  for (const language of ['en', 'es'] as const) {
    it(`[${language}] every link opens the app in the mail's language (?lang=${language}), the unsubscribe link too`, () => {
      for (const name of names) {
        const mail = composeMail('a@example.org', language, name, sample as never, { unsubscribeUrl: 'https://sanga.example.org/api/unsubscribe?token=t' });
        const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
        expect(links.length, name).toBeGreaterThan(0);
        for (const link of links) expect(new URL(link).searchParams.get('lang'), `${name}: ${link}`).toBe(language);
        expect(mail.headers?.['List-Unsubscribe'], name).toBe(`<https://sanga.example.org/api/unsubscribe?token=t&lang=${language}>`);
      }
    });
  }

  it('greets with a name only when it is a plain name: one line, nothing that reads as a link', () => {
    expect(composeMail('a@example.org', 'en', 'passwordChanged', {}, { greet: 'Ana\nBcc: x@y.z' }).text.split('\n')[0]).toBe('Hello,');
    expect(composeMail('a@example.org', 'en', 'passwordChanged', {}, { greet: 'www.evil.example' }).text.split('\n')[0]).toBe('Hello,');
    expect(composeMail('a@example.org', 'en', 'passwordChanged', {}, { greet: '  ' }).text.split('\n')[0]).toBe('Hello,');
  });

  it('the check catches a request for a reply in either language', () => {
    expect(asksForReply.test('If you did not do this, reply to this message.')).toBe(true);
    expect(asksForReply.test('responde a este mensaje')).toBe(true);
  });
});
