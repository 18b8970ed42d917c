import { describe, expect, it } from 'vitest';
import en from './en';
import es from './es';
import { offeringLabels, relabelOfferings } from './offering-labels';

describe('offering labels in a volunteer background', () => {
  it('are the catalogs’ own labels', () => {
    expect(en.volunteer.apply.payloadLabels).toEqual(offeringLabels.en);
    expect(es.volunteer.apply.payloadLabels).toEqual(offeringLabels.es);
  });

  it('are shown in the reader’s language, whatever language the volunteer wrote them in', () => {
    const english = 'Temple service for years.\n\nFree offerings: satsang\n\nPaid services: consultations';
    expect(relabelOfferings(english, 'es')).toBe('Temple service for years.\n\nOfrecimientos gratuitos: satsang\n\nServicios de pago: consultations');
    expect(relabelOfferings(relabelOfferings(english, 'es'), 'en')).toBe(english);
  });

  it('leave a paragraph that only mentions the words alone', () => {
    const text = 'I love free offerings: they are seva.\n\nMy Free offerings are many';
    expect(relabelOfferings(text, 'es')).toBe(text);
  });
});
