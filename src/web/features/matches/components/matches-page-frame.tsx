import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

const widths = { wide: 'max-w-6xl', narrow: 'max-w-3xl' } as const;

/** The column the matches screens sit in, with the page's one h1. */
export function MatchesPageFrame({
  title,
  intro,
  before,
  width = 'wide',
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  /** Above the title: the back button. */
  before?: ReactNode;
  width?: keyof typeof widths;
  children?: ReactNode;
}) {
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 md:py-10', widths[width])}>
      {before ? <div className="mb-4">{before}</div> : null}
      <h1 className="font-serif text-3xl font-bold break-words text-stone-900">{title}</h1>
      {intro ? <div className="mt-2 text-stone-700">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** While a matches call is under way. */
export function MatchesLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-stone-700">
      {t('common.loading')}
    </p>
  );
}

/** Signed out: matches need a session; Get Started signs in and comes back here. */
export function MatchesSignedOut({ title, returnTo, width }: { title: string; returnTo: string; width?: keyof typeof widths }) {
  const { t } = useTranslation();
  return (
    <MatchesPageFrame title={title} width={width}>
      <Card>
        <p className="text-stone-700">{t('matches.signedOut.body')}</p>
        <Button asChild className="mt-4">
          <a href={`/api/login?returnTo=${encodeURIComponent(returnTo)}`}>{t('matches.signedOut.signIn')}</a>
        </Button>
      </Card>
    </MatchesPageFrame>
  );
}

/** A state of a screen (empty, not active, failed): a titled card with a message and actions. */
export function MatchesStateCard({ id, title, children, actions }: { id: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Card className="mx-auto max-w-xl p-6 text-center">
      <section aria-labelledby={id}>
        <h2 id={id} className="font-serif text-2xl font-semibold text-stone-900">
          {title}
        </h2>
        <div className="mt-3 text-stone-700">{children}</div>
        {actions ? <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div> : null}
      </section>
    </Card>
  );
}
