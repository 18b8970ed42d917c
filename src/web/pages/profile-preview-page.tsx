import { ArrowLeft, Pencil, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageFrame, PageLoading } from '#web/components/page/page-frame';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';
import { useProfilePreview } from '#web/features/profiles/api/profile-preview';
import { ProfilePreviewCard } from '#web/features/profiles/components/profile-preview-card';
import { ApiError } from '#web/lib/api';
import { errorText } from '#web/lib/error-text';
import { BiodataCard } from '#web/components/person/biodata-card';

/** Route /profile/preview: the own profile as others see it (spec §2). */
export function ProfilePreviewPage() {
  const { t } = useTranslation();
  const preview = useProfilePreview();

  if (preview.isError) {
    // spec §8: why, in the reader's language (the answer's code), or "Please create your profile first", which is
    // exactly what a 404 means.
    const error = preview.error;
    const missing = t('profile.preview.notFound.body');
    const reason = error instanceof ApiError && error.status === 404 ? missing : errorText(t, error, missing);
    return (
      <PageFrame title={t('profile.preview.notFound.title')}>
        <Card>
          <p className="text-stone-700">{reason}</p>
          <ButtonLink href="/profile" icon={ArrowLeft} variant="secondary" className="mt-4">{t('profile.preview.notFound.back')}</ButtonLink>
        </Card>
      </PageFrame>
    );
  }

  if (preview.isPending) {
    return (
      <PageFrame title={t('profile.preview.title')}>
        <PageLoading />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('profile.preview.title')} intro={t('profile.preview.intro')}>
      <ProfilePreviewCard profile={preview.data} />
      <div className="mt-6">
        <BiodataCard biodata={preview.data} />
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <ButtonLink href="/profile" icon={Pencil} variant="secondary">{t('profile.preview.edit')}</ButtonLink>
        <ButtonLink href="/browse" icon={UsersRound}>{t('profile.preview.matches')}</ButtonLink>
      </div>
    </PageFrame>
  );
}
