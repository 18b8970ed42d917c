import type { TFunction } from 'i18next';
import { ApiError } from './api';

/**
 * What a member reads for a failed request, in their language: the text of the answer's code (i18n `errors.*`), or
 * `fallback` (a screen's own "could not …" line) when the answer carries no code we know or never came. Never the
 * server's English sentence. `values` fill a text's placeholders (e.g. `{{name}}`) from what the screen already shows.
 */
export function errorText(t: TFunction, error: unknown, fallback?: string, values?: Record<string, string>): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code) return t(`errors.${code}`, { replace: values });
  return fallback ?? t('common.errors.generic');
}
