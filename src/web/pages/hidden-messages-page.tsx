import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageFrame } from '#web/components/page/page-frame';
import { QueryView } from '#web/components/page/query-view';
import { Card } from '#web/components/ui/card';
import { useHiddenMessages } from '#web/features/safety/api/hidden-words';
import { formatDate } from '#web/lib/format-date';

/**
 * Route /messages/hidden: the messages the member's hidden words kept out of her conversations, newest first, opened
 * only when she chooses to. Nothing here marks them read or tells the sender.
 */
export function HiddenMessagesPage() {
  const { t, i18n } = useTranslation();
  const hidden = useHiddenMessages();

  return (
    <PageFrame width="thread" title={t('safety.hiddenFolder.title')} intro={t('safety.hiddenFolder.intro')}>
      <QueryView query={hidden} failed={t('safety.hiddenFolder.loadFailed')} empty={<Card><p className="text-stone-700">{t('safety.hiddenFolder.empty')}</p></Card>}>
        {(list) => (
          <ul className="flex flex-col gap-3" aria-label={t('safety.hiddenFolder.title')}>
            {list.map((message) => (
              <li key={message.id}>
                <Card className="p-4" data-testid="hidden-message">
                  <p className="flex flex-wrap items-baseline justify-between gap-2">
                    <Link href={`/conversation/${message.senderId}`} className="font-semibold text-saffron-800 underline underline-offset-4">
                      {message.senderName ?? t('messages.unknownName')}
                    </Link>
                    <span className="text-sm text-stone-700">{formatDate(message.createdAt, i18n.language, 'dateTime')}</span>
                  </p>
                  <p className="mt-2 break-words whitespace-pre-wrap text-stone-900">{message.content}</p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      <p className="mt-6">
        <Link href="/settings#hidden-words" className="font-medium text-saffron-800 underline underline-offset-4">
          {t('safety.hiddenFolder.editWords')}
        </Link>
      </p>
    </PageFrame>
  );
}
