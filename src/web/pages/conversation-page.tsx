import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { QueryView } from '#web/components/page/query-view';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { useOtherUserInfo } from '#web/features/messages/api/other-user-info';
import { useThread } from '#web/features/messages/api/thread';
import { ConversationHeader } from '#web/features/messages/components/conversation-header';
import { MessageComposer } from '#web/features/messages/components/message-composer';
import { MessageList } from '#web/features/messages/components/message-list';
import { MessagesFrame } from '#web/features/messages/components/messages-frame';
import { useLiveEvents } from '#web/lib/live-events';
import { useNow } from '#web/features/messages/use-now';
import { ReportDialog } from '#web/features/safety/components/report-dialog';
import { SafetyActions } from '#web/features/safety/components/safety-actions';
import { SafetyTips } from '#web/features/safety/components/safety-tips';

/** A conversation this short is new: its thread shows the safety tips above the messages. */
const NEW_CONVERSATION_MESSAGES = 10;

/** Route /conversation/{otherUserId}: the thread with one person, and the composer (spec §2). */
export function ConversationPage() {
  const { t } = useTranslation();
  const { otherUserId = '' } = useParams<{ otherUserId: string }>();
  const { user } = useCurrentUser();
  const info = useOtherUserInfo(otherUserId);
  const thread = useThread(otherUserId);
  const { connected } = useLiveEvents();
  const now = useNow();
  const [, navigate] = useLocation();
  const [reportedMessage, setReportedMessage] = useState<string | null>(null);

  const departed = info.data?.departed === true;
  const otherName = departed ? t('messages.deletedMember') : (info.data?.name ?? t('messages.unknownName'));
  // A stranger's info is a 404 and oneself may not be written to: no composer then, but the reason.
  const mayWrite = info.data ? info.data.mayWrite : !info.isError;
  const self = user?.id === otherUserId;
  // A report from the header carries the other's latest message; a message's own Report picks that one.
  const lastFromOther = thread.data?.findLast((message) => message.senderId === otherUserId)?.id;
  // Until the thread and the person's info are in, only the header and a status line: the actions, notes, thread
  // and composer come in one render, so none is pushed down by another arriving above it (a layout shift).
  const loading = !thread.isError && (thread.isPending || info.isPending);
  // The tips are about meeting a possible partner: not for a thread with a mentor or a team member.
  const datingThread = info.data !== undefined && !info.data.isVolunteer && info.data.staffRoles.length === 0;
  // Messages from them held back before an introduction (contact details or money): said, with the tips, however long the thread.
  const heldAttempts = self ? 0 : (info.data?.heldAttempts ?? 0);
  // A hurtful message is reported as harassment; a message that asks for money (its warning's Report) as a scam.
  const reportedReason = thread.data?.find((message) => message.id === reportedMessage)?.concealed ? 'harassment' : 'scam-or-money';
  const body = (
    <QueryView query={{ ...thread, data: loading ? undefined : thread.data }} loading={t('messages.thread.loading')} failed={t('messages.thread.loadFailed')}>
      {(messages) => (
      <>
        {heldAttempts > 0 ? (
          <p role="note" data-testid="held-from-them" className="mb-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-stone-900">
            {t('messages.thread.heldFrom', { name: otherName })}
          </p>
        ) : null}
        {(messages.length < NEW_CONVERSATION_MESSAGES || heldAttempts > 0) && !self && datingThread ? <SafetyTips /> : null}
        <MessageList messages={messages} ownId={user?.id} otherName={otherName} now={now} live={connected} onReportMessage={departed ? undefined : setReportedMessage} />
      </>
      )}
    </QueryView>
  );

  return (
    <MessagesFrame backTo="/messages">
      <ConversationHeader info={info.data} />
      {info.data && !self && !departed && !loading ? <SafetyActions userId={otherUserId} name={otherName} onBlocked={() => navigate('/messages')} messageId={lastFromOther} /> : null}
      {reportedMessage ? (
        <ReportDialog
          userId={otherUserId}
          name={otherName}
          open
          onOpenChange={(open) => (open ? undefined : setReportedMessage(null))}
          messageId={reportedMessage}
          defaultReason={reportedReason}
          onBlocked={() => navigate('/messages')}
        />
      ) : null}
      {(loading ? [] : (info.data?.chaperones ?? [])).map((chaperone) => (
        // Both members are told, from the moment a guardian could read this conversation; the member herself in the
        // second person (her family member), the other by her name.
        <p key={chaperone.since} role="note" data-testid="chaperone-line" className="mt-4 rounded-md border border-stone-300 bg-stone-50 p-3 text-sm text-stone-800">
          {chaperone.yours ? t('guardians.chaperone.lineYours') : t('guardians.chaperone.line', { name: chaperone.memberFirstName ?? t('guardians.chaperone.someone') })}
        </p>
      ))}
      <div className="mt-6">{body}</div>
      {mayWrite && !self && !loading ? <MessageComposer key={otherUserId} receiverId={otherUserId} /> : null}
      {!mayWrite || self ? (
        <p role="note" data-testid="may-not-write" className="mt-4 rounded-md border border-stone-300 bg-stone-50 p-3 text-sm text-stone-800">
          {departed
            ? t('messages.thread.departed')
            : info.data?.mayNotWriteReason === 'introduction-closed'
              ? t('messages.thread.mayNotWriteIntroductionClosed', { name: otherName })
              : info.data?.mayNotWriteReason === 'introductions-only'
                ? t('messages.thread.mayNotWriteIntroductionsOnly')
                : t('messages.thread.mayNotWrite')}
        </p>
      ) : null}
    </MessagesFrame>
  );
}
