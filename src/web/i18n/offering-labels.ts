import type { Language } from '#domain/language/language';

/**
 * The labels a volunteer's offerings carry inside the stored background ("Free offerings: satsang"): written
 * in the sender's language when applying (domain/volunteers/volunteer.ts toApplicationPayload). Both languages live in
 * this small module, not only in the catalogs, so a card can show them in the reader's language without
 * downloading the other catalog (no English label on a Spanish card).
 */
export const offeringLabels = {
  en: { freeOfferings: 'Free offerings', paidServices: 'Paid services' },
  es: { freeOfferings: 'Ofrecimientos gratuitos', paidServices: 'Servicios de pago' },
} as const;

/** The background with each paragraph's offering label (in either language) put in the reader's language. */
export function relabelOfferings(background: string, reader: Language): string {
  const target = offeringLabels[reader];
  return background
    .split('\n\n')
    .map((paragraph) => {
      for (const labels of Object.values(offeringLabels)) {
        for (const key of ['freeOfferings', 'paidServices'] as const) {
          const prefix = `${labels[key]}: `;
          if (paragraph.startsWith(prefix)) return `${target[key]}: ${paragraph.slice(prefix.length)}`;
        }
      }
      return paragraph;
    })
    .join('\n\n');
}
