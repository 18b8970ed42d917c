import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LoadFailed, PageFrame, PageLoading } from '../components/page/page-frame';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useOwnProfile } from '../features/profile/api/own-profile';
import { PhotoManager } from '../features/profile/components/photo-manager';

/** Route /profile/photos: two photo slots, upload and remove, Save Photos (spec §2, §4). */
export function ProfilePhotosPage() {
  const { t } = useTranslation();
  const profileQuery = useOwnProfile();

  if (profileQuery.isError) {
    return (
      <PageFrame title={t('profile.loadFailed.title')}>
        <LoadFailed message={t('profile.loadFailed.body')} onRetry={() => void profileQuery.refetch()} />
      </PageFrame>
    );
  }
  if (profileQuery.isPending) {
    return (
      <PageFrame title={t('profile.photos.title')}>
        <PageLoading />
      </PageFrame>
    );
  }

  const profile = profileQuery.data;
  if (!profile) {
    return (
      <PageFrame title={t('profile.photos.noProfile.title')}>
        <Card>
          <p className="text-stone-700">{t('profile.photos.noProfile.body')}</p>
          <Button asChild className="mt-4">
            <Link href="/profile">{t('profile.photos.noProfile.action')}</Link>
          </Button>
        </Card>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('profile.photos.title')} intro={t('profile.photos.intro')}>
      <PhotoManager profile={profile} />
    </PageFrame>
  );
}
