import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { QueryView } from '#web/components/page/query-view';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { useConversations } from '#web/features/messages/api/conversations';
import { ConversationCard } from '#web/features/messages/components/conversation-card';
import { MessagesFrame } from '#web/features/messages/components/messages-frame';
import { useNow } from '#web/features/messages/use-now';

/** Route /messages: one card per conversation, newest first (spec §2). */
export function MessagesPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const conversations = useConversations({ poll: true });
  const now = useNow();

  const body = (
    <QueryView
      query={conversations}
      loading={t('messages.list.loading')}
      failed={t('messages.list.loadFailed')}
      empty={
      <Card className="flex flex-col items-center gap-3 py-10 text-center">
        <MessageCircle aria-hidden className="size-10 text-saffron-700" />
        <h2 className="text-xl font-semibold text-stone-900">{t('messages.list.empty')}</h2>
        <p className="text-stone-700">{t('messages.list.emptyBody')}</p>
        <Button asChild className="mt-2">
          <Link href="/browse">{t('messages.list.browse')}</Link>
        </Button>
      </Card>
      }
    >
      {(list) => (
      <ul className="flex flex-col gap-3">
        {list.map((conversation) => (
          <li key={conversation.otherUserId}>
            <ConversationCard conversation={conversation} ownId={user?.id} now={now} />
          </li>
        ))}
      </ul>
      )}
    </QueryView>
  );

  return (
    <MessagesFrame backTo="/browse">
      <h1 className="font-serif text-3xl font-bold text-stone-900">{t('messages.list.title')}</h1>
      <p className="mt-2 text-stone-700">{t('messages.list.intro')}</p>
      <div className="mt-6">{body}</div>
      <p className="mt-6 text-sm">
        <Link href="/messages/hidden" className="font-medium text-saffron-800 underline underline-offset-4">
          {t('safety.hiddenFolder.link')}
        </Link>
      </p>
    </MessagesFrame>
  );
}
