import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { OwnProfile } from '#domain/profile/profile-api';
import { PageFrame } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { OwnProfileGate } from '#web/features/profiles/components/own-profile-gate';
import { PhotoManager } from '#web/features/profiles/components/photo-manager';

/** Route /profile/photos: two photo slots, upload and remove, Save Photos (spec §2, §4). */
export function ProfilePhotosPage() {
  const { t } = useTranslation();
  return <OwnProfileGate title={t('profile.photos.title')}>{(profile) => <PhotosScreen profile={profile} />}</OwnProfileGate>;
}

function PhotosScreen({ profile }: { profile: OwnProfile | null }) {
  const { t } = useTranslation();
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
