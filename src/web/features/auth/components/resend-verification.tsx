import { useTranslation } from 'react-i18next';
import { Done } from '#web/components/page/settings-section';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { ApiError } from '#web/lib/api';
import { useResendVerification } from '../api/session';

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
