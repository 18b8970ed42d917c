import { format } from 'date-fns';
import { enUS, es } from 'date-fns/locale';

/** spec §9 date display, with the locale of the current language; an unreadable date is shown as given. */
export function formatDate(iso: string, pattern: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return format(date, pattern, { locale: language.startsWith('es') ? es : enUS });
}
