import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledSection } from './titled-section';
import { cn } from '#web/lib/cn';
import { Button } from '../ui/button';
import { Card } from '../ui/card';

/** Column widths: a single form (sign-in), a thread, a profile or application, a grid of cards. */
const widths = { form: 'max-w-md', thread: 'max-w-2xl', page: 'max-w-3xl', wide: 'max-w-6xl' } as const;
export type PageWidth = keyof typeof widths;

/**
 * The one column every screen sits in, with the page's one h1 (spec §9: one h1 a page). `before` sits above the
 * title (a Back button); without a title the page supplies its own h1 in `children` (the conversation header).
 */
export function PageFrame({
  title,
  intro,
  before,
  width = 'page',
  className,
  children,
}: {
  title?: ReactNode;
  intro?: ReactNode;
  before?: ReactNode;
  width?: PageWidth;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('mx-auto w-full px-4 py-8 sm:px-6 md:py-10', widths[width], className)}>
      {before ? <div className="mb-4">{before}</div> : null}
      {title ? <h1 className="font-serif text-3xl font-bold break-words text-stone-900">{title}</h1> : null}
      {intro ? <div className="mt-2 text-stone-700">{intro}</div> : null}
      <div className={title ? 'mt-6' : undefined}>{children}</div>
    </div>
  );
}

/** While a screen's data loads: a status line screen readers announce. */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-stone-700">
      {label ?? t('common.loading')}
    </p>
  );
}

/** A failed load (a server or network failure, not a 404), with a retry. */
export function LoadFailed({ message, onRetry, retrying = false }: { message: string; onRetry: () => void; retrying?: boolean }) {
  const { t } = useTranslation();
  return (
    <Card>
      <p role="alert" className="text-stone-700">
        {message}
      </p>
      <Button variant="secondary" className="mt-4" onClick={onRetry} disabled={retrying}>
        {t('common.retry')}
      </Button>
    </Card>
  );
}

/** A state of a screen (empty, not active, failed): a titled card with a message and actions. */
export function StateCard({ id, title, children, actions }: { id: string; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Card className="mx-auto max-w-xl p-6 text-center">
      <TitledSection id={id} title={title} titleStyle="page">
        <div className="mt-3 text-stone-700">{children}</div>
        {actions ? <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div> : null}
      </TitledSection>
    </Card>
  );
}
