import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useAcknowledgeNotice, useNotices } from '../api/notices';

/**
 * What an admin's decision told the member (a warning, photos removed), in their language, on every screen until
 * they acknowledge it (issue 15).
 */
export function NoticesBanner() {
  const { t } = useTranslation();
  const notices = useNotices();
  const acknowledge = useAcknowledgeNotice();
  if (!notices.data || notices.data.length === 0) return null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-4 sm:px-6">
      {notices.data.map((notice) => (
        <section key={notice.id} aria-label={t('safety.notices.label')} data-testid="notice" className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-stone-900">
          <p className="flex gap-2">
            <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-800" />
            <span>{t(`safety.notices.${notice.kind}`)}</span>
          </p>
          <Button type="button" size="sm" className="mt-3" disabled={acknowledge.isPending} onClick={() => acknowledge.mutate(notice.id)}>
            {t('safety.notices.acknowledge')}
          </Button>
        </section>
      ))}
    </div>
  );
}
