import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ageFlexibilities, consultations, courtshipAlignments, dietAlignments, genders, relocations } from '#domain/profile/profile';
import { resources } from '#web/i18n/resources';
import { consultationBadgeLabel, enumLabel } from './enum-labels';

const fields = {
  gender: genders,
  ageFlexibility: ageFlexibilities,
  relocation: relocations,
  courtshipAlignment: courtshipAlignments,
  dietAlignment: dietAlignments,
  marriageReadinessConsultation: consultations,
} as const;

async function translator(language: 'en' | 'es') {
  const instance = i18next.createInstance();
  await instance.init({ resources, lng: language, fallbackLng: false, interpolation: { escapeValue: false } });
  return instance.t;
}

describe('enum labels', () => {
  it('give every enum value words in English and in Spanish, never the raw value or key', async () => {
    for (const language of ['en', 'es'] as const) {
      const t = await translator(language);
      for (const [field, values] of Object.entries(fields)) {
        const labels = values.map((value) => (enumLabel[field as keyof typeof fields] as (t: unknown, v: string) => string)(t, value));
        for (const [i, label] of labels.entries()) {
          expect(label, `${language} ${field} ${values[i]}`).not.toMatch(/^profile\./);
          expect(label).not.toBe(values[i]);
          expect(label.trim().length).toBeGreaterThan(1);
        }
        expect(new Set(labels).size, `${language} ${field} labels are distinct`).toBe(values.length);
      }
    }
  });

  it('show the consultation badge as the spec words it', async () => {
    const en = await translator('en');
    expect(consultations.map((value) => consultationBadgeLabel(en, value))).toEqual(['Interested', 'Not interested', 'Maybe later']);
    const es = await translator('es');
    expect(consultations.map((value) => consultationBadgeLabel(es, value)).every((label) => label.length > 0)).toBe(true);
  });

  it('differ between the languages (Spanish is translated)', async () => {
    const en = await translator('en');
    const es = await translator('es');
    expect(enumLabel.courtshipAlignment(es, 'either-with-guidance')).not.toBe(enumLabel.courtshipAlignment(en, 'either-with-guidance'));
    expect(enumLabel.dietAlignment(es, 'open-and-learning')).not.toBe(enumLabel.dietAlignment(en, 'open-and-learning'));
  });
});
