import { formatDistance } from 'date-fns';
import { enUS, es } from 'date-fns/locale';

function localeFor(language: string) {
  return language.startsWith('es') ? es : enUS;
}

/**
 * "5 minutes ago" / "hace 5 minutos" (spec §2). A time slightly ahead of this device's clock
 * (the server's clock differs a little) reads as just now rather than "in less than a minute".
 * An unreadable date answers an empty string.
 */
export function relativeTime(iso: string, language: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const clamped = date.getTime() > now.getTime() ? now : date;
  return formatDistance(clamped, now, { addSuffix: true, locale: localeFor(language) });
}
