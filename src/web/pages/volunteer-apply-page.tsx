import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageFrame, PageLoading } from '#web/components/page/page-frame';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { useOwnProfile } from '#web/features/profiles/api/own-profile';
import { useVolunteerProfile } from '#web/features/volunteers/api/volunteer-profile';
import { ApplicationConfirmation } from '#web/features/volunteers/components/application-confirmation';
import { ApplicationForm } from '#web/features/volunteers/components/application-form';

/** Route /volunteer-apply: the volunteer application form (spec §2, §5); signed-in users only. */
export function VolunteerApplyPage() {
  const { t } = useTranslation();
  // RequireSignIn mounts this page only for a signed-in user.
  const { user } = useCurrentUser();
  const existing = useVolunteerProfile();
  // A new application starts from the name on the person's dating profile, when there is one.
  const ownProfile = useOwnProfile();
  const [submitted, setSubmitted] = useState(false);

  // The form's starting values come from the application already sent (or the profile): wait for them.
  if (!user || existing.isPending || ownProfile.isPending) {
    return (
      <PageFrame title={t('volunteer.apply.title')}>
        <PageLoading label={t('volunteer.loading')} />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('volunteer.apply.title')} intro={submitted ? undefined : t('volunteer.apply.intro')}>
      {submitted ? (
        <ApplicationConfirmation />
      ) : (
        <>
          {existing.data ? (
            <p role="note" className="mb-6 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-stone-900">
              {t('volunteer.apply.existing')}{' '}
              <Link href="/volunteer-profile" className="font-medium text-saffron-800 underline">
                {t('volunteer.apply.existingLink')}
              </Link>
            </p>
          ) : null}
          <ApplicationForm defaultEmail={user.email} defaultName={ownProfile.data?.name ?? ''} existing={existing.data} onSubmitted={() => setSubmitted(true)} />
        </>
      )}
    </PageFrame>
  );
}
