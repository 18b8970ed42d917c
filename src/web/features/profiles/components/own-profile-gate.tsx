import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnProfile } from '#domain/profile/profile-api';
import { LoadFailed, PageFrame, PageLoading } from '#web/components/page/page-frame';
import { useOwnProfile } from '../api/own-profile';

/**
 * The own profile's loading and failed states, said once for the screens built on it (/profile, /profile/photos):
 * while it loads, the page's frame with a status line; on a failure, the retry card; then the page itself, with
 * the profile or null when there is none yet.
 */
export function OwnProfileGate({ title, children }: { title: string; children: (profile: OwnProfile | null) => ReactNode }) {
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
      <PageFrame title={title}>
        <PageLoading />
      </PageFrame>
    );
  }
  return children(profileQuery.data);
}
