import { Eye } from 'lucide-react';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { OwnProfile } from '#domain/profile/profile-api';
import { PageFrame, PageLoading } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { OwnProfileGate } from '#web/features/profiles/components/own-profile-gate';
import { ProfileForm } from '#web/features/profiles/components/profile-form';
import { ProfileStatusBanner } from '#web/features/profiles/components/profile-status-banner';
import { MaritalHistoryAsk } from '#web/features/profiles/components/marital-history-ask';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { VerifiedBadge } from '#web/components/person/trust-line';
import { VerifyEmailNotice } from '#web/features/profiles/components/verify-email-notice';

/** Route /profile: create or edit the matchmaking profile, with the banner for its state (spec §2, §4). */
export function ProfilePage() {
  const { t } = useTranslation();
  return <OwnProfileGate title={t('profile.page.title')}>{(profile) => <ProfileScreen profile={profile} />}</OwnProfileGate>;
}

function ProfileScreen({ profile }: { profile: OwnProfile | null }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  // The form (some forty fields) is rendered in a transition after the rest of the page has painted: React yields
  // to the browser while building it, where in one go it was a long task on a phone (total blocking time).
  const [formShown, setFormShown] = useState(false);
  useEffect(() => startTransition(() => setFormShown(true)), []);
  return (
    <PageFrame title={t('profile.page.title')} intro={t('profile.page.intro')}>
      <div className="flex flex-col gap-6">
        {user && !user.emailVerified ? <VerifyEmailNotice email={user.email} /> : null}
        {profile ? <MaritalHistoryAsk profile={profile} /> : null}
        <ProfileStatusBanner profile={profile} />
        {/* The member sees her own badge as her matches do. */}
        {user?.verified && user.verifiedAt ? <VerifiedBadge verifiedAt={user.verifiedAt} method={user.verificationMethod} className="self-start" /> : null}
        {profile ? (
          <div className="flex flex-col gap-3 sm:flex-row">
            <ButtonLink href="/profile/preview" icon={Eye} variant="secondary">{t('profile.page.preview')}</ButtonLink>
            <Button asChild variant="ghost">
              <Link href="/profile/photos">{t('profile.page.addPhotos')}</Link>
            </Button>
          </div>
        ) : null}
        <p>
          <Link href="/profile/blocked" className="font-medium text-saffron-800 underline underline-offset-4">
            {t('safety.blocked.link')}
          </Link>
        </p>
        <p>
          <Link href="/profile/references" className="font-medium text-saffron-800 underline underline-offset-4">
            {t('references.mine.link')}
          </Link>
        </p>
        <p>
          <Link href="/profile/verification" className="font-medium text-saffron-800 underline underline-offset-4" data-testid="verification-link">
            {t('verification.mine.link')}
          </Link>
        </p>
        {formShown ? <ProfileForm profile={profile} /> : <PageLoading />}
      </div>
    </PageFrame>
  );
}
