import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ResendVerification } from '#web/features/auth/components/resend-verification';

/**
 * On /profile while the email is not confirmed: the mail sent at sign-up, and a button for a new link. A new
 * member lands here right after signing up, so this is where they learn to look in their inbox.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="verify-email-notice-title" data-testid="verify-email-notice" className="flex flex-col gap-3 rounded-lg border border-sky-300 bg-sky-50 p-4 text-stone-900 md:p-5">
      <div className="flex gap-3">
        <MailCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-sky-800" />
        <div>
          <h2 id="verify-email-notice-title" className="font-semibold">
            {t('profile.verifyNotice.title')}
          </h2>
          <p className="mt-1 text-sm break-words text-stone-800">{t('profile.verifyNotice.body', { email })}</p>
        </div>
      </div>
      <ResendVerification />
    </section>
  );
}
