import { Users } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Biodata } from '#domain/profile/profile-api';
import type { HeightUnit } from '#domain/profile/biodata';
import { Card } from '../ui/card';
import { DetailItem } from './detail-item';
import { enumLabel } from './enum-labels';
import { formatHeight, useHeightUnit } from './height';

type ItemKey = 'maritalHistory' | 'children' | 'wantsChildren' | 'education' | 'profession' | 'height' | 'familyInvolvement' | 'familyBackground' | 'tradition' | 'initiation' | 'dailyPractice';

interface Item {
  key: ItemKey;
  term: string;
  value: string;
  long?: boolean;
}

/** The answered biodata as labelled items, in the order families read them; unanswered ones are left out. */
export function biodataItems(t: TFunction, biodata: Biodata, unit: HeightUnit): { family: Item[]; practice: Item[] } {
  const family: Item[] = [];
  const practice: Item[] = [];
  const add = (list: Item[], key: ItemKey, value: string | null | undefined, long = false) => {
    if (value) list.push({ key, term: t(`profile.biodata.${key}`), value, long });
  };
  add(family, 'maritalHistory', biodata.maritalHistory && enumLabel.maritalHistory(t, biodata.maritalHistory));
  add(family, 'children', biodata.children && enumLabel.children(t, biodata.children));
  add(family, 'wantsChildren', biodata.wantsChildren && enumLabel.wantsChildren(t, biodata.wantsChildren));
  const level = biodata.education.level && enumLabel.educationLevel(t, biodata.education.level);
  add(family, 'education', level && biodata.education.field ? t('profile.biodata.educationWithField', { level, field: biodata.education.field }) : (level ?? biodata.education.field));
  add(family, 'profession', biodata.profession);
  add(family, 'height', biodata.heightCm === null ? null : formatHeight(t, biodata.heightCm, unit));
  add(family, 'familyInvolvement', biodata.familyInvolvement === null ? null : enumLabel.familyInvolvement(t, biodata.familyInvolvement));
  add(family, 'familyBackground', biodata.familyBackground, true);
  const { tradition, traditionOther } = biodata.practice;
  add(practice, 'tradition', tradition === 'other' ? (traditionOther ?? enumLabel.tradition(t, 'other')) : tradition && enumLabel.tradition(t, tradition));
  add(practice, 'initiation', biodata.practice.initiation && enumLabel.initiation(t, biodata.practice.initiation));
  add(practice, 'dailyPractice', biodata.practice.daily, true);
  return { family, practice };
}

/**
 * A profile's biodata as a card (the match page, the preview, the elders' review, the coordinator's member page):
 * "Family and Background", then "Spiritual Practice", each only with what the member answered; nothing at all
 * when they answered none.
 */
export function BiodataCard({ biodata }: { biodata: Biodata }) {
  const { t } = useTranslation();
  const titleId = useId();
  const practiceId = useId();
  const { family, practice } = biodataItems(t, biodata, useHeightUnit());
  if (family.length === 0 && practice.length === 0) return null;
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby={titleId} className="flex flex-col gap-6" data-testid="biodata">
        <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold text-stone-900">
          <Users aria-hidden className="size-5 text-saffron-700" />
          {t('profile.biodata.title')}
        </h2>
        {family.length > 0 ? <Items items={family} /> : null}
        {practice.length > 0 ? (
          <section aria-labelledby={practiceId}>
            <h3 id={practiceId} className="mb-3 font-semibold text-stone-900">
              {t('profile.biodata.practiceTitle')}
            </h3>
            <Items items={practice} />
          </section>
        ) : null}
      </section>
    </Card>
  );
}

/** What the introduction card shows at once; the rest is one tap away under it. */
const SUMMARY: readonly ItemKey[] = ['maritalHistory', 'children', 'education', 'height', 'tradition'];

/**
 * The introduction card's biodata (a guardian reads the member's introductions from this card): marital history,
 * children, education, height and tradition as lines, and every other answer under "More of the biodata".
 */
export function BiodataSummary({ biodata }: { biodata: Biodata }) {
  const { t } = useTranslation();
  const { family, practice } = biodataItems(t, biodata, useHeightUnit());
  const all = [...family, ...practice];
  const shown = all.filter((item) => SUMMARY.includes(item.key));
  const more = all.filter((item) => !SUMMARY.includes(item.key));
  if (all.length === 0) return null;
  return (
    <div className="text-sm" data-testid="biodata-summary">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
        {shown.map((item) => (
          <div key={item.key} className="flex flex-wrap gap-x-1">
            <dt className="text-stone-600">{item.term}:</dt>
            <dd className="break-words text-stone-900">{item.value}</dd>
          </div>
        ))}
      </dl>
      {more.length > 0 ? (
        <details className="mt-1">
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-saffron-800">{t('profile.biodata.more')}</summary>
          <Items items={more} />
        </details>
      ) : null}
    </div>
  );
}

function Items({ items }: { items: Item[] }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <DetailItem key={item.key} term={item.term} wide={item.long} long={item.long}>
          {item.value}
        </DetailItem>
      ))}
    </dl>
  );
}
