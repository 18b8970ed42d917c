import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useCurrentUser } from '../../auth/api/current-user';
import { LanguageSwitch } from '../../language/language-switch';

/** The column the volunteer screens sit in, with the page's one h1 (and the language switch when there is no nav bar). */
export function VolunteerPageFrame({
  title,
  intro,
  children,
  className,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const { user, isLoading } = useCurrentUser();
  return (
    <div className={cn('mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-10', className)}>
      {!user && !isLoading ? (
        <div className="mb-4 flex justify-end">
          <LanguageSwitch />
        </div>
      ) : null}
      <h1 className="font-serif text-3xl font-bold text-stone-900">{title}</h1>
      {intro ? <p className="mt-2 text-stone-700">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}

export function LoadingNotice({ label }: { label: string }) {
  return (
    <p role="status" className="text-stone-700">
      {label}
    </p>
  );
}

/** Signed out: sign-in is a full navigation to /api/login, coming back here afterwards (returnTo is one of our own paths). */
export function SignInPrompt({ message, returnTo }: { message: string; returnTo: string }) {
  const { t } = useTranslation();
  return (
    <VolunteerPageFrame title={t('volunteer.signedOut.title')}>
      <Card>
        <p className="text-stone-700">{message}</p>
        <Button asChild className="mt-4">
          <a href={`/api/login?returnTo=${returnTo}`}>{t('volunteer.signedOut.action')}</a>
        </Button>
      </Card>
    </VolunteerPageFrame>
  );
}
