import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** The column the messaging screens sit in, with a Back button above the page's content. */
export function MessagesFrame({ backTo, children }: { backTo: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 md:py-10">
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-3">
        <Link href={backTo}>
          <ArrowLeft aria-hidden className="size-4" />
          {t('messages.back')}
        </Link>
      </Button>
      {children}
    </div>
  );
}

/** A status line while something loads. */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="text-stone-700">
      {children}
    </p>
  );
}

/** A failed load, with a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card>
      <p role="alert" className="text-stone-700">
        {message}
      </p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {t('messages.list.retry')}
      </Button>
    </Card>
  );
}

/** Signed out: messaging needs a session; sign-in is a full navigation to /api/login. */
export function MessagesSignedOut({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 md:py-10">
      <h1 className="font-serif text-3xl font-bold text-stone-900">{t('messages.signedOut.title')}</h1>
      <Card className="mt-6">
        <p className="text-stone-700">{t('messages.signedOut.body')}</p>
        <Button asChild className="mt-4">
          <a href={`/api/login?${new URLSearchParams({ returnTo })}`}>{t('messages.signedOut.getStarted')}</a>
        </Button>
      </Card>
    </div>
  );
}
