import { staffMailKinds } from '#domain/staff/staff-notifications';

/**
 * Every mail template's parameters, whatever their names (for the tests that compose every template: greetings and
 * no-reply wording, Spanish register): a moment for `when`/`…At`, an address for links, a valid value for the
 * parameters that take one of a few words, a first name else.
 */
export const templateSample = new Proxy(
  {},
  {
    get: (_, key) => {
      const name = String(key);
      if (name === 'when' || name.endsWith('At')) return new Date('2026-11-26T10:00:00Z');
      if (name === 'link' || /(Url|Link)$/.test(name)) return 'https://sanga.example.org/x';
      if (name === 'kind') return staffMailKinds[0];
      if (name === 'items') return staffMailKinds.map((kind) => ({ kind, count: 2, link: 'https://sanga.example.org/x' }));
      if (name === 'why') return 'request';
      if (name === 'role') return 'coordinator';
      if (name === 'relation') return 'parent';
      if (name === 'relationship') return 'mentor';
      return 'Sita';
    },
  },
);
