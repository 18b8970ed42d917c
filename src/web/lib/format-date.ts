import { format } from 'date-fns';
import { enUS, es } from 'date-fns/locale';

export type DateStyle = 'date' | 'dateTime';

/**
 * The one place dates are written out. English follows spec §9 ("MMM dd, yyyy", "… at h:mm a");
 * Spanish reads as Spanish does ("22 nov 2026", "22 nov 2026, 14:02": day first, 24-hour clock).
 */
const patterns: Record<'en' | 'es', Record<DateStyle, string>> = {
  en: { date: 'MMM dd, yyyy', dateTime: "MMM dd, yyyy 'at' h:mm a" },
  es: { date: 'd MMM yyyy', dateTime: 'd MMM yyyy, HH:mm' },
};

/** A date in the current language's way; an unreadable date is shown as given. */
export function formatDate(iso: string, language: string, style: DateStyle = 'date'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const spanish = language.startsWith('es');
  return format(date, patterns[spanish ? 'es' : 'en'][style], { locale: spanish ? es : enUS });
}
