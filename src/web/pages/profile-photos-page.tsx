import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useCurrentUser } from '../features/auth/api/current-user';
import { useOwnProfile } from '../features/profile/api/own-profile';
import { PhotoManager } from '../features/profile/components/photo-manager';
import { ProfileLoadFailed, ProfileLoading, ProfilePageFrame, SignedOutNotice } from '../features/profile/components/profile-page-frame';

/** Route /profile/photos: two photo slots, upload and remove, Save Photos (spec §2, §4). */
export function ProfilePhotosPage() {
  const { t } = useTranslation();
  const { isLoading: userLoading, isAuthenticated } = useCurrentUser();
  const profileQuery = useOwnProfile();

  if (!userLoading && !isAuthenticated) return <SignedOutNotice returnTo="/profile/photos" />;
  if (profileQuery.isError) return <ProfileLoadFailed onRetry={() => void profileQuery.refetch()} />;
  if (userLoading || profileQuery.isPending) {
    return (
      <ProfilePageFrame title={t('profile.photos.title')}>
        <ProfileLoading />
      </ProfilePageFrame>
    );
  }

  const profile = profileQuery.data;
  if (!profile) {
    return (
      <ProfilePageFrame title={t('profile.photos.noProfile.title')}>
        <Card>
          <p className="text-stone-700">{t('profile.photos.noProfile.body')}</p>
          <Button asChild className="mt-4">
            <Link href="/profile">{t('profile.photos.noProfile.action')}</Link>
          </Button>
        </Card>
      </ProfilePageFrame>
    );
  }

  return (
    <ProfilePageFrame title={t('profile.photos.title')} intro={t('profile.photos.intro')}>
      <PhotoManager profile={profile} />
    </ProfilePageFrame>
  );
}
