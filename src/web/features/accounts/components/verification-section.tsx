import { useTranslation } from 'react-i18next';
import { SettingsSection } from '#web/components/page/settings-section';
import { ResendVerification } from '#web/features/auth/components/resend-verification';

export function VerificationSection({ email, verified }: { email: string; verified: boolean }) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="verification" title={t('account.verification.heading')}>
      <p className="mb-3 text-stone-800 break-words">{t(verified ? 'account.verification.verified' : 'account.verification.unverified', { email })}</p>
      {verified ? null : <ResendVerification />}
    </SettingsSection>
  );
}
