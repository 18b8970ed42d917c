import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { previewText, type ConversationSummary } from '#domain/messaging/messages';
import { Badge } from '#web/components/ui/badge';
import { cn } from '#web/lib/cn';
import { messageText } from '../message-text';
import { RelativeTime } from './relative-time';

/** One conversation on /messages: the other person's name, the last message cut at 100 characters, when, and the unread count. */
export function ConversationCard({ conversation, ownId, now }: { conversation: ConversationSummary; ownId: string | undefined; now: Date }) {
  const { t } = useTranslation();
  const name = conversation.departed ? t('messages.deletedMember') : (conversation.otherUserName ?? t('messages.unknownName'));
  // A message sent anyway after "Are you sure?" is not previewed to its receiver: the thread shows it behind a tap.
  const preview = conversation.lastMessage.concealed ? t('messages.thread.hurtful') : previewText(messageText(t, conversation.lastMessage));
  const unread = conversation.unreadCount > 0;
  return (
    <Link
      href={`/conversation/${conversation.otherUserId}`}
      data-testid="conversation-card"
      className={cn(
        'block rounded-lg border bg-white p-4 shadow-sm transition-colors hover:border-saffron-600 hover:bg-saffron-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-saffron-700',
        unread ? 'border-saffron-600' : 'border-stone-200',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 truncate text-lg font-semibold text-stone-900">{name}</h2>
        {unread ? <Badge className="shrink-0">{t('messages.unread', { count: conversation.unreadCount })}</Badge> : null}
      </div>
      <p className={cn('mt-1 line-clamp-2 break-words text-stone-700', unread && 'font-semibold text-stone-900')}>
        {conversation.lastMessage.senderId === ownId ? t('messages.list.youPrefix', { text: preview }) : preview}
      </p>
      <RelativeTime iso={conversation.lastMessage.createdAt} now={now} className="mt-2 block" />
    </Link>
  );
}
