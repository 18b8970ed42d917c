import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

/** The column every profile screen sits in, with the page's one h1. */
export function ProfilePageFrame({
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
  return (
    <div className={cn('mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-10', className)}>
      <h1 className="font-serif text-3xl font-bold text-stone-900">{title}</h1>
      {intro ? <p className="mt-2 text-stone-700">{intro}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** While the profile loads. */
export function ProfileLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-stone-700">
      {t('common.loading')}
    </p>
  );
}

/** Signed out: the profile screens need a session; sign-in is a full navigation to /api/login. */
export function SignedOutNotice({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  return (
    <ProfilePageFrame title={t('profile.signedOut.title')}>
      <Card>
        <p className="text-stone-700">{t('profile.signedOut.body')}</p>
        <Button asChild className="mt-4">
          <a href={`/api/login?returnTo=${encodeURIComponent(returnTo)}`}>{t('profile.signedOut.signIn')}</a>
        </Button>
      </Card>
    </ProfilePageFrame>
  );
}

/** The own profile could not be loaded (not a 404: a server or network failure). */
export function ProfileLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ProfilePageFrame title={t('profile.loadFailed.title')}>
      <Card>
        <p role="alert" className="text-stone-700">
          {t('profile.loadFailed.body')}
        </p>
        <Button variant="secondary" className="mt-4" onClick={onRetry}>
          {t('profile.loadFailed.retry')}
        </Button>
      </Card>
    </ProfilePageFrame>
  );
}
