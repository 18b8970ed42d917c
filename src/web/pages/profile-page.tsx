import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LoadFailed, PageFrame, PageLoading } from '../components/page/page-frame';
import { Button } from '../components/ui/button';
import { useOwnProfile } from '../features/profile/api/own-profile';
import { ProfileForm } from '../features/profile/components/profile-form';
import { ProfileStatusBanner } from '../features/profile/components/profile-status-banner';

/** Route /profile: create or edit the matchmaking profile, with the banner for its state (spec §2, §4). */
export function ProfilePage() {
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
      <PageFrame title={t('profile.page.title')}>
        <PageLoading />
      </PageFrame>
    );
  }

  const profile = profileQuery.data;
  return (
    <PageFrame title={t('profile.page.title')} intro={t('profile.page.intro')}>
      <div className="flex flex-col gap-6">
        <ProfileStatusBanner profile={profile} />
        {profile ? (
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="secondary">
              <Link href="/profile/preview">
                <Eye aria-hidden className="size-4" />
                {t('profile.page.preview')}
              </Link>
            </Button>
            <Button asChild variant="ghost">
              <Link href="/profile/photos">{t('profile.page.addPhotos')}</Link>
            </Button>
          </div>
        ) : null}
        <ProfileForm profile={profile} />
      </div>
    </PageFrame>
  );
}
