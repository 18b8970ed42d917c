import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PageFrame, PageLoading } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import type { GuardianInvitationView } from '#domain/introductions/guardians';
import { useAcceptGuardianInvitation, useGuardianInvitation } from '#web/features/guardians/api/guardians';
import { errorText } from '#web/lib/error-text';
import { forgetInvitation, rememberInvitation } from '#web/features/auth/invitation/pending-invitation';

/**
 * Route /guardian-invitation?token=…: the link a member mailed to a parent, sibling, relative or mentor.
 * A visitor signs in or signs up and comes back here; a signed-in person accepts with one press.
 */
export function GuardianInvitationPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { user, isLoading } = useCurrentUser();
  const accept = useAcceptGuardianInvitation();
  const invitation = useGuardianInvitation(token);
  const here = `/guardian-invitation?token=${token}`;
  const back = encodeURIComponent(here);
  // Remembered while it can be taken, so a confirmation page opened from the mailbox leads back here.
  const usable = invitation.isSuccess && !accept.isSuccess;
  const unusable = invitation.isError || accept.isSuccess;
  useEffect(() => {
    if (usable) rememberInvitation(here);
    else if (unusable) forgetInvitation();
  }, [usable, unusable, here]);

  return (
    <PageFrame width="form" title={t('guardians.invitation.title')}>
      {isLoading ? (
        <PageLoading />
      ) : (
        <div className="flex flex-col gap-4">
          {invitation.data ? <InvitedBy invitation={invitation.data} /> : <p className="text-stone-800">{t('guardians.invitation.intro')}</p>}
          {!token ? <FormAlert>{t('guardians.invitation.missing')}</FormAlert> : null}
          {invitation.isError && !accept.isSuccess ? <FormAlert>{errorText(t, invitation.error)}</FormAlert> : null}
          {accept.isError ? <FormAlert>{errorText(t, accept.error)}</FormAlert> : null}
          {accept.isSuccess ? (
            <>
              <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
                {t('guardians.invitation.done')}
              </p>
              <Button asChild className="self-start">
                <Link href="/guarding">{t('guardians.invitation.toGuarding')}</Link>
              </Button>
            </>
          ) : token && user ? (
            <Button type="button" className="self-start" disabled={accept.isPending} onClick={() => accept.mutate(token)}>
              {accept.isPending ? t('guardians.invitation.accepting') : t('guardians.invitation.accept')}
            </Button>
          ) : token ? (
            <div className="flex flex-wrap gap-3">
              <Button asChild>
                <Link href={`/login?returnTo=${back}`}>{t('guardians.invitation.signIn')}</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link href={`/login?mode=signup&returnTo=${back}`}>{t('guardians.invitation.signUp')}</Link>
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </PageFrame>
  );
}

/** Who invited them, as what, and what they will read: the invitation as its mail said it. */
function InvitedBy({ invitation }: { invitation: GuardianInvitationView }) {
  const { t } = useTranslation();
  const relation = t(`guardians.relation.${invitation.relation}`).toLowerCase();
  return (
    <div className="flex flex-col gap-2 text-stone-800" data-testid="guardian-invited-by">
      <p className="font-medium text-stone-900">
        {invitation.memberFirstName ? t('guardians.invitation.invitedBy', { name: invitation.memberFirstName, relation }) : t('guardians.invitation.invitedByUnknown', { relation })}
      </p>
      <p>{invitation.seesMessages ? t('guardians.invitation.readsMessages') : t('guardians.invitation.readsIntroductions')}</p>
      <p>{t('guardians.invitation.noProfileNeeded')}</p>
    </div>
  );
}
