import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageFrame } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';

/** The messaging screens: the page frame with a Back button above; the page supplies its h1 (the thread's is the header). */
export function MessagesFrame({ backTo, children }: { backTo: string; children: ReactNode }) {
  const { t } = useTranslation();
  const back = (
    <Button asChild variant="ghost" size="sm" className="-ml-3">
      <Link href={backTo}>
        <ArrowLeft aria-hidden className="size-4" />
        {t('messages.back')}
      </Link>
    </Button>
  );
  return (
    <PageFrame width="thread" before={back}>
      {children}
    </PageFrame>
  );
}
