import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Notice } from '#domain/safety/safety';
import { Button } from '#web/components/ui/button';
import { useAcknowledgeNotice, useNotices } from '../api/notices';

/**
 * What an admin's decision or an introduction's ending told the member, in their language, on every screen until
 * they acknowledge it. A coordinator's "an introduction you proposed ended" notices share one banner:
 * one line per introduction with its two names, acknowledged together.
 */
export function NoticesBanner() {
  const notices = useNotices();
  if (!notices.data || notices.data.length === 0) return null;
  const endings = notices.data.filter((notice) => notice.kind === 'coordinated-introduction-ended');
  const others = notices.data.filter((notice) => notice.kind !== 'coordinated-introduction-ended');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 pt-4 sm:px-6">
      {others.map((notice) => (
        <NoticeCard key={notice.id} notices={[notice]} />
      ))}
      {endings.length > 0 ? <NoticeCard notices={endings} /> : null}
    </div>
  );
}

function NoticeCard({ notices }: { notices: Notice[] }) {
  const { t } = useTranslation();
  const acknowledge = useAcknowledgeNotice();
  const [first] = notices;
  if (!first) return null;
  const endings = first.kind === 'coordinated-introduction-ended';
  const pair = (notice: Notice) =>
    t('safety.notices.endedPair', { a: notice.introduction?.memberA ?? t('safety.notices.endedSomeone'), b: notice.introduction?.memberB ?? t('safety.notices.endedSomeone') });
  return (
    <section aria-label={t('safety.notices.label')} data-testid="notice" className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-stone-900">
      <div className="flex gap-2">
        <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-800" />
        {endings ? (
          <div className="min-w-0">
            <p>{t('safety.notices.endedTitle', { count: notices.length })}</p>
            <ul className="mt-1 list-disc pl-5">
              {notices.map((notice) => (
                <li key={notice.id} data-testid="ended-introduction" className="break-words">
                  {pair(notice)}
                </li>
              ))}
            </ul>
            <p className="mt-1">{t('safety.notices.endedSeeAll')}</p>
          </div>
        ) : first.kind === 'verify-again' ? (
          <span>
            {t('safety.notices.verify-again')}{' '}
            <Link href="/profile/verification" className="font-medium text-saffron-800 underline underline-offset-4">
              {t('verification.mine.link')}
            </Link>
          </span>
        ) : (
          <span>{t(`safety.notices.${first.kind}`)}</span>
        )}
      </div>
      <Button
        type="button"
        size="sm"
        className="mt-3"
        disabled={acknowledge.isPending}
        onClick={() => {
          for (const notice of notices) acknowledge.mutate(notice.id);
        }}
      >
        {t('safety.notices.acknowledge')}
      </Button>
    </section>
  );
}
