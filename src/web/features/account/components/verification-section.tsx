import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api';
import { useResendVerification } from '../api/account';
import { Done, SettingsSection } from './settings-section';

/** Whether the email is verified, with a button for a new link; also shown where activation needs it. */
export function ResendVerification() {
  const { t } = useTranslation();
  const resend = useResendVerification();
  if (resend.isSuccess) return <Done>{t('account.verification.resent')}</Done>;
  const tooMany = resend.error instanceof ApiError && resend.error.status === 429;
  return (
    <div className="flex flex-col gap-3">
      <FormAlert>{resend.isError ? (tooMany ? t('account.verification.tooMany') : t('common.errors.generic')) : null}</FormAlert>
      <Button type="button" variant="secondary" className="self-start" onClick={() => resend.mutate()} disabled={resend.isPending}>
        {resend.isPending ? t('account.verification.resending') : t('account.verification.resend')}
      </Button>
    </div>
  );
}

export function VerificationSection({ email, verified }: { email: string; verified: boolean }) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="verification" title={t('account.verification.heading')}>
      <p className="mb-3 text-stone-800 break-words">{t(verified ? 'account.verification.verified' : 'account.verification.unverified', { email })}</p>
      {verified ? null : <ResendVerification />}
    </SettingsSection>
  );
}
