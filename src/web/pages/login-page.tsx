import type { TFunction } from 'i18next';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { useEffect, useState } from 'react';
import type { Credentials, CurrentUser } from '#domain/accounts/auth';
import { landingPathFor, PRIVACY_NOTICE_VERSION, safeReturnTo } from '#domain/accounts/sign-in';
import { PageFrame } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox';
import { FormAlert } from '#web/components/ui/form-alert';
import { TextField } from '#web/components/ui/field';
import { useLogin, useRegister } from '#web/features/auth/api/session';
import { useInvitationForSignUp, type InvitationForSignUp } from '#web/features/auth/invitation/invitation-link';
import { useLanguage } from '#web/features/language/components/language-provider';
import { translateValidation } from '#web/i18n/validation-text';
import { ApiError, apiRequest } from '#web/lib/api';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver';
import { getSiteInfo } from '#web/lib/site-info';

const signIn = lazyZodResolver<Credentials>(() => import('#domain/accounts/auth').then((auth) => auth.loginInput));
const signUp = lazyZodResolver<Credentials>(() => import('#domain/accounts/auth').then((auth) => auth.credentialsInput));

/** Sign in, or sign up with ?mode=signup; both land on returnTo (same-site) or /profile. */
export function LoginPage() {
  const { t } = useTranslation();
  const search = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const isSignUp = search.get('mode') === 'signup';
  const returnTo = safeReturnTo(search.get('returnTo'));
  const login = useLogin();
  const register = useRegister();
  const { language } = useLanguage();
  const mutation = isSignUp ? register : login;
  // Sign-up asks for consent to the privacy notice; the server stores the time and this version.
  const [consented, setConsented] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);

  const form = useForm<Credentials>({
    resolver: (isSignUp ? signUp : signIn).resolver,
    // No default values: the fields keep what was typed before the app took the server's page over (lib/app-ready.ts).
  });
  // Reached from an invitation's page: the address it was mailed to, unless the person typed one already.
  const invitation = useInvitationForSignUp(returnTo, isSignUp);
  const invitedEmail = invitation?.email;
  useEffect(() => {
    if (invitedEmail && !form.getValues('email')) form.setValue('email', invitedEmail);
  }, [invitedEmail, form]);

  function handleSubmit(values: Credentials) {
    if (isSignUp && !consented) {
      setConsentMissing(true);
      return;
    }
    // Sign-up sends the page's language: the verification mail, and every later one, is written in it.
    if (isSignUp) register.mutate({ ...values, language, privacyNoticeVersion: PRIVACY_NOTICE_VERSION }, { onSuccess: () => navigate(returnTo) });
    else login.mutate(values, { onSuccess: () => void landAfterSignIn() });
  }

  /**
   * Without a place of its own to return to, a sign-in lands where the person belongs (landingPathFor): staff on
   * their screen, a guardian without a profile on /guarding. "/profile" counts as no place: it is the default every
   * "Get Started" and "Sign in" link carries, not a choice the person made.
   */
  async function landAfterSignIn() {
    if (returnTo !== '/profile') return navigate(returnTo);
    const me = await apiRequest<CurrentUser>('GET', '/api/auth/user').catch(() => null);
    navigate(me ? landingPathFor(me) : returnTo);
  }

  const otherModeSearch = new URLSearchParams(search);
  if (isSignUp) otherModeSearch.delete('mode');
  else otherModeSearch.set('mode', 'signup');
  const otherModeHref = `/login${otherModeSearch.size ? `?${otherModeSearch}` : ''}`;

  let failure: string | null = null;
  if (mutation.error) {
    const status = mutation.error instanceof ApiError ? mutation.error.status : 0;
    const code = mutation.error instanceof ApiError ? mutation.error.code : undefined;
    if (status === 429) failure = t('auth.signIn.tooMany');
    // An address held after a reported member left is answered as a taken one: one text for both.
    else if (isSignUp) failure = status === 409 ? t('auth.signUp.taken', { email: getSiteInfo().contactEmail }) : t('auth.signUp.failed');
    else if (code === 'suspended') failure = t('auth.signIn.suspended', { email: getSiteInfo().contactEmail });
    else failure = t('auth.signIn.failed');
  }

  const errors = form.formState.errors;
  return (
    <PageFrame width="form" title={isSignUp ? t('auth.signUp.title') : t('auth.signIn.title')}>
      <p className="mb-6 text-stone-700">{isSignUp ? (invitation ? invitedIntro(t, invitation) : t('auth.signUp.intro')) : t('auth.signIn.intro')}</p>
      {/* POST: a form sent before the app took over the server's page carries its fields in the body, never the URL. */}
      <form method="post" noValidate onFocus={(isSignUp ? signUp : signIn).preload} onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4">
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          error={translateValidation(t, errors.email?.message)}
          {...form.register('email')}
        />
        <TextField
          label={t('auth.fields.password')}
          type="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          hint={isSignUp ? t('auth.fields.passwordHint') : undefined}
          error={translateValidation(t, errors.password?.message)}
          {...form.register('password')}
        />
        {isSignUp ? (
          <div className="flex flex-col gap-1">
            <CheckboxField
              label={t('auth.signUp.consent')}
              checked={consented}
              error={consentMissing && !consented ? t('auth.signUp.consentRequired') : undefined}
              onChange={(event) => setConsented(event.target.checked)}
            />
            <p className="pl-8 text-sm">
              <Link href="/privacy" className="font-medium text-saffron-800 underline">
                {t('auth.signUp.consentLink')}
              </Link>
            </p>
          </div>
        ) : null}
        <FormAlert>{failure}</FormAlert>
        <Button type="submit" disabled={mutation.isPending}>
          {isSignUp
            ? mutation.isPending
              ? t('auth.signUp.submitting')
              : t('auth.signUp.submit')
            : mutation.isPending
              ? t('auth.signIn.submitting')
              : t('auth.signIn.submit')}
        </Button>
      </form>
      <div className="mt-6 flex flex-col gap-2 text-sm text-stone-700">
        <p>
          {isSignUp ? t('auth.signUp.haveAccount') : t('auth.signIn.noAccount')}{' '}
          <Link href={otherModeHref} className="font-medium text-saffron-800 underline">
            {isSignUp ? t('auth.signUp.toSignIn') : t('auth.signIn.toSignUp')}
          </Link>
        </p>
        {isSignUp ? null : (
          <Link href="/forgot-password" className="font-medium text-saffron-800 underline">
            {t('auth.signIn.forgot')}
          </Link>
        )}
      </div>
    </PageFrame>
  );
}

/** The sign-up page's first line for a person an invitation sent here: what the account is for (no biodata needed). */
function invitedIntro(t: TFunction, invitation: InvitationForSignUp): string {
  if (invitation.kind === 'team') return t(`auth.signUp.invited.${invitation.role}`);
  return invitation.memberFirstName ? t('auth.signUp.invited.guardian', { name: invitation.memberFirstName }) : t('auth.signUp.invited.guardianUnnamed');
}
