import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '#web/components/page/page-frame';
import { ButtonLink } from '#web/components/ui/button-link';

/** The messaging screens: the page frame with a Back button above; the page supplies its h1 (the thread's is the header). */
export function MessagesFrame({ backTo, children }: { backTo: string; children: ReactNode }) {
  const { t } = useTranslation();
  const back = (
    <ButtonLink href={backTo} icon={ArrowLeft} variant="ghost" size="sm" className="-ml-3">{t('messages.back')}</ButtonLink>
  );
  return (
    <PageFrame width="thread" before={back}>
      {children}
    </PageFrame>
  );
}
