import { ClipboardPen, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { VolunteerProfile } from '#domain/volunteers/volunteer';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';
import { LoadFailed, PageFrame, PageLoading } from '#web/components/page/page-frame';
import { useVolunteerProfile } from '#web/features/volunteers/api/volunteer-profile';
import { VolunteerPhotoBlock } from '#web/features/volunteers/components/volunteer-photo-block';
import { formatDate } from '#web/lib/format-date';

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="font-serif text-xl font-semibold text-stone-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

function Term({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-2">
      <dt className="font-medium text-stone-800 sm:w-40 sm:shrink-0">{label}</dt>
      <dd className="break-words text-stone-700">{value}</dd>
    </div>
  );
}

function VolunteerProfileView({ profile }: { profile: VolunteerProfile }) {
  const { t, i18n } = useTranslation();
  const notGiven = <span className="text-stone-500">{t('volunteer.profile.personal.notGiven')}</span>;
  let note: string;
  if (!profile.approved) note = t('volunteer.profile.pendingNote');
  else note = `${t('volunteer.profile.approvedNote')} ${profile.photo ? t('volunteer.profile.approvedVisible') : t('volunteer.profile.approvedNeedsPhoto')}`;

  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-3">
        <p className="flex flex-wrap items-center gap-2 text-stone-800">
          <span className="font-medium">{t('volunteer.profile.statusLabel')}</span>
          <Badge variant={profile.approved ? 'success' : 'secondary'} data-testid="volunteer-status">
            {profile.approved ? t('volunteer.profile.status.approved') : t('volunteer.profile.status.pending')}
          </Badge>
        </p>
        <p className="text-stone-700">{note}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          {profile.approved && profile.photo ? (
            <ButtonLink href="/guidance" icon={UsersRound} iconSize="md" variant="secondary">{t('volunteer.profile.viewGuidance')}</ButtonLink>
          ) : null}
          <ButtonLink href="/volunteer-apply" icon={ClipboardPen} iconSize="md" variant="ghost">
            {t('volunteer.profile.updateApplication')}
          </ButtonLink>
        </div>
      </Card>

      <VolunteerPhotoBlock photo={profile.photo} />

      <InfoCard title={t('volunteer.profile.personal.title')}>
        <dl className="flex flex-col gap-2">
          <Term label={t('volunteer.profile.personal.name')} value={profile.name} />
          <Term label={t('volunteer.profile.personal.email')} value={profile.email} />
          <Term label={t('volunteer.profile.personal.dateOfBirth')} value={profile.dateOfBirth ?? notGiven} />
        </dl>
      </InfoCard>

      <InfoCard title={t('volunteer.profile.contribution')}>
        <p className="break-words whitespace-pre-line text-stone-700">{profile.contribution}</p>
      </InfoCard>

      <InfoCard title={t('volunteer.profile.background')}>
        <p className="break-words whitespace-pre-line text-stone-700">{profile.background}</p>
      </InfoCard>

      <InfoCard title={t('volunteer.profile.agreement.title')}>
        <p className="text-stone-700" data-testid="volunteer-agreement">
          {profile.agreement.agreed && profile.agreement.agreedAt
            ? t('volunteer.profile.agreement.agreed', {
                date: formatDate(profile.agreement.agreedAt, i18n.language, 'dateTime'),
                version: profile.agreement.policyVersion ?? 1,
              })
            : t('volunteer.profile.agreement.notRecorded')}
        </p>
      </InfoCard>

      <InfoCard title={t('volunteer.profile.donation.title')}>
        {profile.minimumDonation || profile.donationInfo ? (
          <dl className="flex flex-col gap-2">
            {profile.minimumDonation ? <Term label={t('volunteer.profile.donation.minimum')} value={profile.minimumDonation} /> : null}
            {profile.donationInfo ? (
              <Term label={t('volunteer.profile.donation.info')} value={<span className="whitespace-pre-line">{profile.donationInfo}</span>} />
            ) : null}
          </dl>
        ) : (
          <p className="text-stone-600">{t('volunteer.profile.donation.none')}</p>
        )}
      </InfoCard>
    </div>
  );
}

/** Route /volunteer-profile: the own application, its status and its photo (spec §2). */
export function VolunteerProfilePage() {
  const { t } = useTranslation();
  const profile = useVolunteerProfile();

  if (profile.isPending) {
    return (
      <PageFrame title={t('volunteer.profile.title')}>
        <PageLoading label={t('volunteer.loading')} />
      </PageFrame>
    );
  }

  if (profile.isError) {
    return (
      <PageFrame title={t('volunteer.profile.title')}>
        <LoadFailed message={t('volunteer.loadFailed.body')} onRetry={() => void profile.refetch()} />
      </PageFrame>
    );
  }

  if (!profile.data) {
    return (
      <PageFrame title={t('volunteer.profile.none.title')}>
        <Card>
          <p className="text-stone-700">{t('volunteer.profile.none.body')}</p>
          <Button asChild className="mt-4">
            <Link href="/volunteer-apply">{t('volunteer.profile.none.action')}</Link>
          </Button>
        </Card>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('volunteer.profile.title')}>
      <VolunteerProfileView profile={profile.data} />
    </PageFrame>
  );
}
