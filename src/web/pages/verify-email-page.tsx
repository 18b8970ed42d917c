import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PageFrame, PageLoading } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { useVerifyEmail } from '#web/features/accounts/api/account';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { ApiError } from '#web/lib/api';
import { landingPathFor } from '#domain/accounts/sign-in';
import { signInHref } from '#web/lib/sign-in-href';
import { pendingInvitation } from '#web/features/auth/invitation/pending-invitation';

// The remembered invitation changes only on the invitation pages, never while this page is open.
const noSubscription = () => () => {};
const noInvitation = () => null;

/** The link of a verification or change-of-email mail: confirms once, on arrival (no session needed). */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const verify = useVerifyEmail();
  const { user, isAuthenticated } = useCurrentUser();
  // Once per page: React's development double effect must not spend the token twice.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  // An invitation this browser opened and has not accepted: the way back to it comes first. None on the server, so
  // the page the server sent and the app's first render agree; the stored one right after.
  const invitation = useSyncExternalStore(noSubscription, pendingInvitation, noInvitation);

  const taken = verify.error instanceof ApiError && verify.error.status === 409;
  // On to the profile, the new member's next step, or for a guardian without one the members they
  // accompany (landingPathFor); signed out, through sign-in and back there.
  const landing = user && landingPathFor(user) === '/guarding' ? '/guarding' : '/profile';
  const next = isAuthenticated
    ? { href: landing, label: landing === '/guarding' ? t('account.verifyPage.toGuarding') : t('account.verifyPage.toProfile') }
    : { href: signInHref('/profile'), label: t('account.verifyPage.toSignIn') };
  return (
    <PageFrame width="form" title={t('account.verifyPage.title')}>
      <div className="flex flex-col gap-4">
        {!token || verify.isError ? <FormAlert>{taken ? t('account.verifyPage.taken') : t('account.verifyPage.invalid')}</FormAlert> : null}
        {verify.isPending ? <PageLoading label={t('account.verifyPage.working')} /> : null}
        {verify.isSuccess ? (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
            {t('account.verifyPage.done')}
          </p>
        ) : null}
        {verify.isPending ? null : (
          <div className="flex flex-wrap gap-3">
            {invitation ? (
              // Signed out, the invitation's page itself offers sign-in and brings the person back to it.
              <Button asChild>
                <Link href={invitation}>{t('account.verifyPage.toInvitation')}</Link>
              </Button>
            ) : null}
            <Button asChild variant={invitation ? 'secondary' : 'primary'}>
              {isAuthenticated ? <Link href={next.href}>{next.label}</Link> : <a href={next.href}>{next.label}</a>}
            </Button>
          </div>
        )}
      </div>
    </PageFrame>
  );
}
