import { useTranslation } from 'react-i18next';
import { PageFrame } from '#web/components/page/page-frame';
import { QueryView } from '#web/components/page/query-view';
import { useSessions, useStaffMails } from '#web/features/accounts/api/account';
import { usePreferences } from '#web/lib/preferences';
import { DataSection } from '#web/features/accounts/components/data-section';
import { DeleteSection } from '#web/features/accounts/components/delete-section';
import { EmailSection } from '#web/features/accounts/components/email-section';
import { PasswordSection } from '#web/features/accounts/components/password-section';
import { PreferencesSection } from '#web/features/accounts/components/preferences-section';
import { SessionsSection } from '#web/features/accounts/components/sessions-section';
import { StaffNameSection } from '#web/features/accounts/components/staff-name-section';
import { StaffMailsSection } from '#web/features/accounts/components/staff-mail-section';
import { VerificationSection } from '#web/features/accounts/components/verification-section';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { GuardiansSection } from '#web/features/guardians/components/guardians-section';
import { PushSection } from '#web/features/push/components/push-section';
import { useHiddenWords } from '#web/features/safety/api/hidden-words';
import { HiddenWordsSection } from '#web/features/safety/components/hidden-words-section';

/** /settings: the member's account, one section a concern. Inside RequireSignIn. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const preferences = usePreferences();
  const sessions = useSessions();
  const hiddenWords = useHiddenWords();
  // Staff only: a member without a role has no staff mails to choose.
  const staffMail = useStaffMails((user?.roles.length ?? 0) > 0);

  return (
    <PageFrame width="form" title={t('account.settings.title')} intro={t('account.settings.intro')}>
      <div className="flex flex-col gap-6">
        {user ? <VerificationSection email={user.email} verified={user.emailVerified} /> : null}
        <PasswordSection />
        <EmailSection />
        <QueryView query={preferences}>{(saved) => <PreferencesSection saved={saved} />}</QueryView>
        {preferences.data ? <PushSection preferences={preferences.data} /> : null}
        <GuardiansSection />
        {hiddenWords.data ? <HiddenWordsSection saved={hiddenWords.data} /> : null}
        {user && user.roles.length > 0 ? <StaffNameSection firstName={user.firstName} lastName={user.lastName} /> : null}
        {staffMail.data && staffMail.data.length > 0 ? <StaffMailsSection saved={staffMail.data} /> : null}
        {sessions.data ? <SessionsSection sessions={sessions.data} /> : null}
        <DataSection />
        <DeleteSection />
      </div>
    </PageFrame>
  );
}
