import { ClipboardList } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchProfileBaseView } from '#domain/matching/match-api';
import { Badge } from '#web/components/ui/badge';
import { Card } from '#web/components/ui/card';
import { consultationBadgeLabel, enumLabel } from '#web/components/person/enum-labels';
import { DetailItem } from '#web/components/person/detail-item';

/**
 * spec §2 /match/{id} details card: age (when known), location, relocation, community, courtship,
 * diet, languages (if present), about, deal-makers, deal-breakers and the consultation badge.
 * Enum values are words in the current language (the profile's enum labels).
 */
export function MatchDetailsCard({ profile }: { profile: MatchProfileBaseView }) {
  const { t } = useTranslation();
  // Its own id: the elders' review shows two of these on one page.
  const titleId = useId();
  return (
    <Card className="p-4 md:p-6">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="mb-4 flex items-center gap-2 text-lg font-semibold text-stone-900">
          <ClipboardList aria-hidden className="size-5 text-saffron-700" />
          {t('matches.detail.detailsTitle')}
        </h2>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {profile.age !== null ? <DetailItem term={t('matches.detail.age')}>{t('matches.detail.ageYears', { age: profile.age })}</DetailItem> : null}
          <DetailItem term={t('matches.detail.location')}>{profile.exactLocation}</DetailItem>
          <DetailItem term={t('matches.detail.relocation')}>{enumLabel.relocation(t, profile.relocation)}</DetailItem>
          <DetailItem term={t('matches.detail.community')}>{profile.communityAffiliation}</DetailItem>
          <DetailItem term={t('matches.detail.courtship')}>{enumLabel.courtshipAlignment(t, profile.courtshipAlignment)}</DetailItem>
          <DetailItem term={t('matches.detail.diet')}>{enumLabel.dietAlignment(t, profile.dietAlignment)}</DetailItem>
          {profile.languagesSpoken?.trim() ? <DetailItem term={t('matches.detail.languages')}>{profile.languagesSpoken}</DetailItem> : null}
          <DetailItem term={t('matches.detail.about')} wide long>
            {profile.aboutYou}
          </DetailItem>
          <DetailItem term={t('matches.detail.dealMakers')} wide long>
            {profile.dealMakers}
          </DetailItem>
          <DetailItem term={t('matches.detail.dealBreakers')} wide long>
            {profile.dealBreakers}
          </DetailItem>
          <DetailItem term={t('matches.detail.consultation')} wide>
            <Badge variant={profile.marriageReadinessConsultation === 'yes' ? 'default' : 'outline'} data-testid="consultation-badge">
              {consultationBadgeLabel(t, profile.marriageReadinessConsultation)}
            </Badge>
          </DetailItem>
        </dl>
      </section>
    </Card>
  );
}
