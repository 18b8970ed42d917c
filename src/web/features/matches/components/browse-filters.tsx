import { SlidersHorizontal } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesQuery } from '#domain/matching/match-api';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox';
import { TextField } from '#web/components/ui/field';
import { AgeField } from '#web/components/ui/age-field';
import { SelectField, type SelectOption } from '#web/components/ui/select';
import { useHeightUnit } from '#web/components/person/height';
import type { TFunction } from 'i18next';
import type { BrowseNarrowing } from '../api/matches';

const NARROWING_KEYS = ['minAge', 'maxAge', 'withinKm', 'country', 'community', 'verified', 'references', 'sort'] as const;

/** The narrowing the address bar holds (/browse?minAge=27&country=USA): known keys with a value, nothing else. */
export function narrowingFromSearch(search: string): BrowseNarrowing {
  const params = new URLSearchParams(search);
  const narrowing: BrowseNarrowing = {};
  for (const key of NARROWING_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if ((key === 'verified' || key === 'references') && value !== 'true') continue;
    // Best first is the list's own order: only "newest" is said.
    if (key === 'sort' && value !== 'newest') continue;
    narrowing[key] = value;
  }
  return narrowing;
}

/** The address of /browse narrowed so. */
export function browseHref(narrowing: BrowseNarrowing): string {
  const params = new URLSearchParams();
  for (const key of NARROWING_KEYS) {
    const value = narrowing[key];
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `/browse?${text}` : '/browse';
}

/** The distances the screen offers, in the reader's units (kilometres, or miles for a reader of feet and inches). */
const DISTANCE_STEPS = [50, 100, 250, 500] as const;
const KM_PER_MILE = 1.609344;

/**
 * The distance choices, each sent as whole kilometres (the API's `withinKm`): 50 mi is 80 km. A distance in the address
 * that is none of them (set in the other units, or typed) is offered too, so the form shows what the list holds.
 */
function distanceOptions(t: TFunction, miles: boolean, current: string): SelectOption[] {
  const label = (km: number) =>
    miles ? t('matches.filters.distanceMi', { distance: Math.round(km / KM_PER_MILE) }) : t('matches.filters.distanceKm', { distance: km });
  const steps = DISTANCE_STEPS.map((step) => (miles ? Math.round(step * KM_PER_MILE) : step));
  const options: SelectOption[] = [{ value: '', label: t('matches.filters.distanceAny') }];
  for (const km of steps) options.push({ value: String(km), label: label(km) });
  const km = Number(current);
  if (current !== '' && Number.isInteger(km) && km > 0 && !steps.includes(km)) options.push({ value: current, label: label(km) });
  return options;
}

type AgeFault = 'ageRange' | 'minAgeAboveMax' | undefined;

/** The ages' faults by the server's own rules (GET /api/matches's query: 18–99, the youngest not above the oldest). */
function ageFaults(minAge: string, maxAge: string): { minAge: AgeFault; maxAge: AgeFault } {
  const parsed = matchesQuery.safeParse({ minAge: minAge.trim() || undefined, maxAge: maxAge.trim() || undefined });
  const faultOf = (field: 'minAge' | 'maxAge') => parsed.error?.issues.find((issue) => issue.path[0] === field)?.message as AgeFault;
  return { minAge: faultOf('minAge'), maxAge: faultOf('maxAge') };
}

/**
 * Narrows /browse (issue 49): an age range, a distance from the reader's place, a country, a community, only people verified by a coordinator, only
 * people with references; and orders it best first or newest first. What is applied lives in the address bar, so a narrowed list can be reloaded and shared
 * with oneself.
 */
export function BrowseFilters({ narrowing, onApply }: { narrowing: BrowseNarrowing; onApply: (next: BrowseNarrowing) => void }) {
  const { t } = useTranslation();
  const [minAge, setMinAge] = useState(narrowing.minAge ?? '');
  const [maxAge, setMaxAge] = useState(narrowing.maxAge ?? '');
  const [withinKm, setWithinKm] = useState(narrowing.withinKm ?? '');
  const [country, setCountry] = useState(narrowing.country ?? '');
  const [community, setCommunity] = useState(narrowing.community ?? '');
  const [verified, setVerified] = useState(narrowing.verified === 'true');
  const [references, setReferences] = useState(narrowing.references === 'true');
  const [newest, setNewest] = useState(narrowing.sort === 'newest');
  const [checked, setChecked] = useState(false);
  const faults = ageFaults(minAge, maxAge);
  // Distances in the units the reader sees heights in (their choice in Settings, else by language and country).
  const miles = useHeightUnit() === 'ft-in';
  // The order is no filter: "2 filters on" counts what leaves people out.
  const active = Object.keys(narrowing).filter((key) => key !== 'sort').length;

  function apply(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (faults.minAge || faults.maxAge) return;
    onApply({
      ...(minAge.trim() ? { minAge: minAge.trim() } : {}),
      ...(maxAge.trim() ? { maxAge: maxAge.trim() } : {}),
      ...(withinKm ? { withinKm } : {}),
      ...(country.trim() ? { country: country.trim() } : {}),
      ...(community.trim() ? { community: community.trim() } : {}),
      ...(verified ? { verified: 'true' } : {}),
      ...(references ? { references: 'true' } : {}),
      ...(newest ? { sort: 'newest' } : {}),
    });
  }

  function clear() {
    setMinAge('');
    setMaxAge('');
    setWithinKm('');
    setCountry('');
    setCommunity('');
    setVerified(false);
    setReferences(false);
    setNewest(false);
    setChecked(false);
    onApply({});
  }

  const faultText = (fault: AgeFault) => (checked && fault ? t(`profile.validation.${fault}`) : undefined);
  return (
    <details className="mb-6 rounded-lg border border-stone-200 bg-white p-4" open={Object.keys(narrowing).length > 0} data-testid="browse-filters">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-medium text-saffron-800">
        <SlidersHorizontal aria-hidden className="size-5" />
        {active > 0 ? t('matches.filters.titleActive', { count: active }) : t('matches.filters.title')}
      </summary>
      <form noValidate onSubmit={apply} className="mt-4 flex flex-col gap-4" aria-label={t('matches.filters.title')}>
        <div className="grid grid-cols-2 gap-3">
          <AgeField
            label={t('matches.filters.minAge')}
            value={minAge}
            error={faultText(faults.minAge)}
            onChange={(event) => setMinAge(event.target.value)}
          />
          <AgeField
            label={t('matches.filters.maxAge')}
            value={maxAge}
            error={faultText(faults.maxAge)}
            onChange={(event) => setMaxAge(event.target.value)}
          />
        </div>
        <SelectField
          label={t('matches.filters.distance')}
          hint={t('matches.filters.distanceHint')}
          options={distanceOptions(t, miles, withinKm)}
          value={withinKm}
          onChange={(event) => setWithinKm(event.target.value)}
        />
        <TextField label={t('matches.filters.country')} hint={t('matches.filters.countryHint')} value={country} maxLength={200} onChange={(event) => setCountry(event.target.value)} />
        <TextField label={t('matches.filters.community')} hint={t('matches.filters.communityHint')} value={community} maxLength={200} onChange={(event) => setCommunity(event.target.value)} />
        <CheckboxField label={t('matches.filters.verified')} checked={verified} onChange={(event) => setVerified(event.target.checked)} />
        <CheckboxField label={t('matches.filters.references')} checked={references} onChange={(event) => setReferences(event.target.checked)} />
        <SelectField
          label={t('matches.filters.order')}
          options={[
            { value: 'score', label: t('matches.filters.orderScore') },
            { value: 'newest', label: t('matches.filters.orderNewest') },
          ]}
          value={newest ? 'newest' : 'score'}
          onChange={(event) => setNewest(event.target.value === 'newest')}
        />
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit">{t('matches.filters.apply')}</Button>
          <Button type="button" variant="ghost" onClick={clear}>
            {t('matches.filters.clear')}
          </Button>
        </div>
      </form>
    </details>
  );
}
