import { createContext, useContext, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { defaultHeightUnit, feetAndInches, MAX_HEIGHT_CM, MIN_HEIGHT_CM, type HeightUnit } from '#domain/profile/biodata';
import type { SelectOption } from '../ui/select';

/*
 * Heights in the reader's units: feet and inches for English read in the United States, centimetres everywhere
 * else (domain biodata.ts). Stored and sent in centimetres.
 */

const noSubscription = () => () => undefined;

/**
 * The browser's locale (en-US), read through useSyncExternalStore: a screen rendered on the server has none, so
 * hydration renders what the server did and React then renders again with the browser's.
 */
function useBrowserLocale(): string | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => navigator.language,
    () => undefined,
  );
}

/** The units the signed-in member chose in Settings (app/ provides it from who is signed in); null: none chosen. */
export const ChosenHeightUnit = createContext<HeightUnit | null>(null);

/** The units this reader sees heights in: their choice, else by the screens' language and the browser's country. */
export function useHeightUnit(): HeightUnit {
  const chosen = useContext(ChosenHeightUnit);
  const { i18n } = useTranslation();
  const locale = useBrowserLocale();
  return chosen ?? defaultHeightUnit(i18n.language, locale);
}

/** "5 ft 7 in" or "170 cm". */
export function formatHeight(t: TFunction, cm: number, unit: HeightUnit): string {
  if (unit === 'cm') return t('profile.height.cm', { cm });
  return t('profile.height.ftIn', feetAndInches(cm));
}

/** Every height a member may give, one option a centimetre, labelled in the reader's units (in feet, the centimetres too). */
export function heightOptions(t: TFunction, unit: HeightUnit): SelectOption[] {
  const options: SelectOption[] = [];
  for (let cm = MIN_HEIGHT_CM; cm <= MAX_HEIGHT_CM; cm += 1) {
    const label = unit === 'cm' ? formatHeight(t, cm, 'cm') : `${formatHeight(t, cm, 'ft-in')} (${formatHeight(t, cm, 'cm')})`;
    options.push({ value: String(cm), label });
  }
  return options;
}
