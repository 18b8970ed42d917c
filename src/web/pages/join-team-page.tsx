import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PageFrame, PageLoading } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { currentUserKey } from '#web/lib/query-keys';
import { TextField } from '#web/components/ui/field';
import { accountNameInput, type AccountNameInput } from '#domain/staff/staff-name';
import type { TeamInvitationOffer } from '#domain/staff/team';
import { translateValidation } from '#web/i18n/validation-text';
import { ApiError, apiRequest } from '#web/lib/api';
import { getSiteInfo } from '#web/lib/site-info';
import { forgetInvitation, rememberInvitation } from '#web/features/auth/invitation/pending-invitation';

/**
 * Why an acceptance was refused, from the answer's code (404 unknown, 410 used or expired, 403 an account that is
 * not the invited address's). The invited address's own account is never refused for being unverified: accepting
 * proves it.
 */
function refusal(error: unknown): 'unknown' | 'used' | 'expired' | 'otherAccount' | 'failed' {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.code === 'invitation-other-account') return 'otherAccount';
  if (error.status === 404) return 'unknown';
  if (error.status !== 410) return 'failed';
  return error.body.includes('invitationExpired') ? 'expired' : 'used';
}

/**
 * Route /join-team?token=…: the link of an invitation to the team. A visitor signs in or signs up and
 * comes back here; a signed-in person gives the name members will see and accepts. No marriage profile is asked for.
 */
export function JoinTeamPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { user, isLoading } = useCurrentUser();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: (name: AccountNameInput) => apiRequest('POST', '/api/team/accept', { token, ...name }),
    onSuccess: () => {
      forgetInvitation();
      return queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
  });
  // The name members will see: the account's own if it has one (a second invitation), else typed here.
  const [typedFirst, setFirstName] = useState<string | null>(null);
  const [typedLast, setLastName] = useState<string | null>(null);
  const firstNameValue = typedFirst ?? user?.firstName ?? '';
  const lastNameValue = typedLast ?? user?.lastName ?? '';
  const [nameFault, setNameFault] = useState<string | undefined>();
  const [lastNameFault, setLastNameFault] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = accountNameInput.safeParse({ firstName: firstNameValue, lastName: lastNameValue });
    if (!parsed.success) {
      const faultAt = (field: string) => parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      const first = faultAt('firstName');
      const last = faultAt('lastName');
      setNameFault(first ? translateValidation(t, first) : undefined);
      setLastNameFault(last ? translateValidation(t, last) : undefined);
      return;
    }
    setNameFault(undefined);
    setLastNameFault(undefined);
    accept.mutate(parsed.data);
  };
  // The role the link offers, named before anyone signs in; a link that cannot be taken says why at once.
  const offer = useQuery<TeamInvitationOffer>({
    queryKey: ['/api/team/invitations', token],
    queryFn: () => apiRequest('GET', `/api/team/invitations/${encodeURIComponent(token)}`),
    enabled: token !== '',
    retry: false,
  });
  const here = `/join-team?token=${token}`;
  const back = encodeURIComponent(here);
  const refused = offer.isError ? refusal(offer.error) : accept.isError ? refusal(accept.error) : null;
  // Remembered while it can be taken: a confirmation link opened later (an email changed to the invited address)
  // leads back here.
  const usable = offer.isSuccess && !accept.isSuccess;
  const unusable = offer.isError;
  useEffect(() => {
    if (usable) rememberInvitation(here);
    else if (unusable) forgetInvitation();
  }, [usable, unusable, here]);
  // The elder's role as this deployment has it: with ELDER_APPROVALS=0 nothing waits for an elder's review.
  const offerKey = offer.data?.role === 'elder' && !getSiteInfo().eldersApprove ? 'elderNoReview' : offer.data?.role;

  if (isLoading) {
    return (
      <PageFrame width="form" title={t('introductions.team.join.title')}>
        <PageLoading />
      </PageFrame>
    );
  }
  return (
    <PageFrame width="form" title={t('introductions.team.join.title')}>
      <div className="flex flex-col gap-4">
        <p className="text-stone-800">{offerKey ? t(`introductions.team.join.offer.${offerKey}`) : t('introductions.team.join.intro')}</p>
        {!token ? <FormAlert>{t('introductions.team.join.unknown')}</FormAlert> : null}
        {refused ? <FormAlert>{t(`introductions.team.join.${refused}`)}</FormAlert> : null}
        {accept.isSuccess ? (
          <>
            <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
              {t('introductions.team.join.done')}
            </p>
            <div className="flex flex-wrap gap-3">
              {user?.roles.includes('coordinator') ? (
                <Button asChild>
                  <Link href="/coordinator">{t('introductions.team.join.toCoordinator')}</Link>
                </Button>
              ) : null}
              {user?.roles.includes('elder') ? (
                <Button asChild variant={user.roles.includes('coordinator') ? 'secondary' : 'primary'}>
                  <Link href="/elders">{t('introductions.team.join.toElders')}</Link>
                </Button>
              ) : null}
            </div>
          </>
        ) : offer.isError && !accept.isSuccess ? null : token && user ? (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('introductions.team.join.accept')}>
            <TextField
              label={t('introductions.team.join.firstName')}
              hint={t('introductions.team.join.nameHint')}
              value={firstNameValue}
              onChange={(e) => setFirstName(e.target.value)}
              error={nameFault}
              autoComplete="given-name"
              maxLength={80}
              required
            />
            <TextField
              label={t('introductions.team.join.lastName')}
              value={lastNameValue}
              onChange={(e) => setLastName(e.target.value)}
              error={lastNameFault}
              autoComplete="family-name"
              maxLength={80}
            />
            <Button type="submit" className="self-start" disabled={accept.isPending}>
              {accept.isPending ? t('introductions.team.join.accepting') : t('introductions.team.join.accept')}
            </Button>
          </form>
        ) : token ? (
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link href={`/login?returnTo=${back}`}>{t('introductions.team.join.signIn')}</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link href={`/login?mode=signup&returnTo=${back}`}>{t('introductions.team.join.signUp')}</Link>
            </Button>
          </div>
        ) : null}
      </div>
    </PageFrame>
  );
}
