import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from './resources';

/** Counts with proper plurals, and amounts and sizes in the reader's locale (Intl.NumberFormat). */
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources, lng: 'en', fallbackLng: false, interpolation: { escapeValue: false } });
});
const en = i18n.getFixedT('en');
const es = i18n.getFixedT('es');

describe('counts on the coordinator’s lists', () => {
  it('say one and many in English', () => {
    expect(en('introductions.coordinator.requests', { count: 1 })).toBe('1 request');
    expect(en('introductions.coordinator.requests', { count: 2 })).toBe('2 requests');
    expect(en('introductions.coordinator.open', { count: 1 })).toBe('1 open introduction');
    expect(en('introductions.coordinator.open', { count: 0 })).toBe('0 open introductions');
  });

  it('say one and many in Spanish', () => {
    expect(es('introductions.coordinator.requests', { count: 1 })).toBe('1 petición');
    expect(es('introductions.coordinator.requests', { count: 3 })).toBe('3 peticiones');
    expect(es('introductions.coordinator.open', { count: 1 })).toBe('1 presentación abierta');
    expect(es('introductions.coordinator.open', { count: 0 })).toBe('0 presentaciones abiertas');
    expect(es('profile.form.characterCount', { count: 1 })).toBe('1 carácter');
    expect(es('profile.form.characterCount', { count: 1200 })).toBe('1200 caracteres');
  });
});

describe('role words agree with the person', () => {
  it('in Spanish, by gender; neutral without one', () => {
    expect(es('introductions.admin.coordinator', { context: 'woman' })).toBe('Coordinadora');
    expect(es('introductions.admin.coordinator', { context: 'man' })).toBe('Coordinador');
    expect(es('introductions.admin.coordinator')).toBe('Coordinación');
    expect(es('introductions.admin.elder', { context: 'woman' })).toBe('Consejo de mayores');
    expect(en('introductions.admin.coordinator', { context: 'woman' })).toBe('Coordinator');
  });
});

describe('amounts and sizes', () => {
  it('are written the reader’s way', () => {
    // Intl puts a no-break space between a number and its unit in some locales.
    const spaced = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(en('profile.photos.toasts.tooLarge', { size: 10 })).toBe('Please select a photo under 10 MB');
    expect(spaced(es('profile.photos.toasts.tooLarge', { size: 10 }))).toBe('Selecciona una foto de menos de 10 MB');
    expect(en('introductions.coordinator.counts.rate', { rate: 0.5 })).toBe('50%');
    expect(spaced(es('introductions.coordinator.counts.rate', { rate: 0.5 }))).toBe('50 %');
    expect(en('volunteer.apply.fields.minimumDonationHint', { amount: 20 })).toBe('For example: $20 per session.');
    expect(spaced(es('volunteer.apply.fields.minimumDonationHint', { amount: 20 }))).toBe('Por ejemplo: 20 US$ por sesión.');
  });
});
