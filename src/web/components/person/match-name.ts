import type { TFunction } from 'i18next';

/** "Priya, 31", "Priya" when the age is unknown, "Anonymous" without a first name (spec §2). */
export function matchName(t: TFunction, firstName: string | null): string {
  const trimmed = firstName?.trim();
  return trimmed ? trimmed : t('matches.browse.anonymous');
}

export function matchNameAndAge(t: TFunction, firstName: string | null, age: number | null): string {
  const name = matchName(t, firstName);
  return age === null ? name : t('matches.browse.nameAndAge', { name, age });
}
