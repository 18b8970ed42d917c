import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { PageFrame, PageLoading } from '#web/components/page/page-frame';
import { QueryView } from '#web/components/page/query-view';
import { Card } from '#web/components/ui/card';
import { useCurrentUser } from '#web/features/auth/api/current-user';
import { useGuardedConversations, useGuardedIntroductions, useGuardedThread, useGuarding } from '#web/features/guardians/api/guardians';
import { useLanguage } from '#web/features/language/components/language-provider';
import { ConcealedMessage } from '#web/features/messages/components/concealed-message';
import { errorText } from '#web/lib/error-text';
import { formatDate } from '#web/lib/format-date';

/**
 * The guardian's screens, read only: /guarding lists the members the caller accompanies,
 * /guarding/{memberUserId} one member's introductions (as the member sees them) and, when shared, conversations,
 * /guarding/{memberUserId}/conversation/{otherUserId} one conversation from the moment the guardian could read it.
 */
export function GuardingPage() {
  const { memberUserId, otherUserId } = useParams<{ memberUserId?: string; otherUserId?: string }>();
  if (memberUserId && otherUserId) return <GuardedThreadView memberUserId={memberUserId} otherUserId={otherUserId} />;
  if (memberUserId) return <GuardedMemberView memberUserId={memberUserId} />;
  return <GuardingList />;
}

function GuardingList() {
  const { t } = useTranslation();
  const list = useGuarding();
  const { user } = useCurrentUser();
  return (
    <PageFrame width="form" title={t('guardians.guarding.title')} intro={t('guardians.guarding.intro')}>
      <div className="flex flex-col gap-6">
      <QueryView query={list} failed={t('guardians.guarding.loadFailed')} empty={<p className="text-stone-800">{t('guardians.guarding.empty')}</p>}>
        {(members) => (
        <ul className="flex flex-col gap-3">
          {members.map((member) => (
            <li key={member.memberUserId}>
              <Card className="flex flex-wrap items-center justify-between gap-3">
                <span className="font-medium text-stone-900">{member.memberFirstName ?? t('guardians.guarding.member')}</span>
                <Link href={`/guarding/${member.memberUserId}`} className="font-medium text-saffron-800 underline">
                  {t('guardians.guarding.open')}
                  <span className="sr-only"> {member.memberFirstName ?? ''}</span>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
        )}
      </QueryView>
      {/* Said, never asked: a guardian came to read along, and a profile of their own is theirs to want. */}
      {user && !user.hasProfile ? (
        <p className="text-sm text-stone-700" data-testid="guarding-own-profile">
          {t('guardians.guarding.ownProfile')}{' '}
          <Link href="/profile" className="font-medium text-saffron-800 underline">
            {t('guardians.guarding.ownProfileLink')}
          </Link>
          .
        </p>
      ) : null}
      </div>
    </PageFrame>
  );
}

function GuardedMemberView({ memberUserId }: { memberUserId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const guarding = useGuarding();
  const member = guarding.data?.find((m) => m.memberUserId === memberUserId);
  const name = member?.memberFirstName ?? t('guardians.guarding.member');
  const introductions = useGuardedIntroductions(memberUserId);
  const conversations = useGuardedConversations(memberUserId, member?.seesMessages === true);

  return (
    <PageFrame width="form" title={t('guardians.guarding.memberHeading', { name })} intro={t('guardians.guarding.intro')}>
      <div className="flex flex-col gap-6">
        <Link href="/guarding" className="text-sm font-medium text-saffron-800 underline">
          {t('guardians.guarding.back')}
        </Link>
        <section aria-labelledby="guarded-introductions" className="flex flex-col gap-3">
          <h2 id="guarded-introductions" className="font-serif text-xl font-semibold text-stone-900">
            {t('guardians.guarding.introductions')}
          </h2>
          <QueryView query={introductions} failed={t('guardians.guarding.loadFailed')} empty={<p className="text-stone-800">{t('guardians.guarding.noIntroductions')}</p>}>
            {(items) => (
            <ul className="flex flex-col gap-3" data-testid="guarded-introductions">
              {items.map((intro) => (
                <li key={intro.id}>
                  <Card className="flex flex-col gap-1">
                    <span className="font-medium text-stone-900">
                      {intro.other
                        ? t('guardians.guarding.withPerson', { name: intro.other.name ?? t('guardians.guarding.someone') })
                        : intro.inactive
                          ? t('guardians.guarding.withPerson', { name: intro.otherFirstName ?? t('guardians.guarding.someone') })
                          : t('guardians.guarding.unavailable')}
                    </span>
                    {/* Closed, or the other's profile paused: the name as it was, nothing live. */}
                    {intro.inactive ? <span className="text-sm font-medium text-stone-700">{t('guardians.guarding.inactive')}</span> : null}
                    <span className="text-sm text-stone-700">
                      {t(`guardians.guarding.status.${intro.status}`)} · {formatDate(intro.createdAt, language)}
                    </span>
                    {intro.other ? (
                      <span className="text-sm text-stone-700">
                        {[intro.other.age, intro.other.location].filter((part) => part !== null && part !== '').join(' · ')}
                      </span>
                    ) : null}
                    {intro.note ? <p className="text-sm break-words whitespace-pre-wrap text-stone-800">{intro.note}</p> : null}
                  </Card>
                </li>
              ))}
            </ul>
            )}
          </QueryView>
        </section>
        <section aria-labelledby="guarded-conversations" className="flex flex-col gap-3">
          <h2 id="guarded-conversations" className="font-serif text-xl font-semibold text-stone-900">
            {t('guardians.guarding.conversations')}
          </h2>
          {member && !member.seesMessages ? (
            <p className="text-stone-800">{t('guardians.guarding.notShared', { name })}</p>
          ) : conversations.isPending ? (
            member ? <PageLoading /> : null
          ) : conversations.isError ? (
            <p className="text-stone-800">{errorText(t, conversations.error, t('guardians.guarding.loadFailed'))}</p>
          ) : conversations.data.length === 0 ? (
            <p className="text-stone-800">{t('guardians.guarding.noConversations')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {conversations.data.map((c) => (
                <li key={c.otherUserId}>
                  <Card className="flex flex-wrap items-center justify-between gap-3">
                    <span className="flex flex-col">
                      <span className="font-medium text-stone-900">{c.otherUserName ?? t('guardians.guarding.someone')}</span>
                      <span className="text-sm text-stone-700">{t('guardians.guarding.lastMessage', { when: formatDate(c.lastMessageAt, language, 'dateTime') })}</span>
                    </span>
                    <Link href={`/guarding/${memberUserId}/conversation/${c.otherUserId}`} className="font-medium text-saffron-800 underline">
                      {t('guardians.guarding.open')}
                      <span className="sr-only"> {c.otherUserName ?? ''}</span>
                    </Link>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </PageFrame>
  );
}

function GuardedThreadView({ memberUserId, otherUserId }: { memberUserId: string; otherUserId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const thread = useGuardedThread(memberUserId, otherUserId);
  const memberName = thread.data?.memberFirstName ?? t('guardians.guarding.member');
  const otherName = thread.data?.otherUserName ?? t('guardians.guarding.someone');
  // Messages sent to her anyway after "Are you sure?", shown after a tap here as in her own thread.
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  return (
    <PageFrame width="form" title={t('guardians.guarding.withPerson', { name: otherName })} intro={t('guardians.guarding.readOnly')}>
      <div className="flex flex-col gap-4">
        <Link href={`/guarding/${memberUserId}`} className="text-sm font-medium text-saffron-800 underline">
          {t('guardians.guarding.back')}
        </Link>
        <QueryView query={thread} failed={t('guardians.guarding.loadFailed')}>
          {(data) => (
          <>
            <p role="note" className="rounded-md border border-stone-300 bg-stone-50 p-3 text-sm text-stone-800">
              {t('guardians.chaperone.line', { name: memberName })} {t('guardians.guarding.readableSince', { when: formatDate(data.readableSince, language, 'dateTime') })}
            </p>
            {data.messages.length === 0 ? (
              <p className="text-stone-800">{t('guardians.guarding.noMessages')}</p>
            ) : (
              <ol className="flex flex-col gap-3" data-testid="guarded-thread">
                {data.messages.map((m) => (
                  <li key={m.id} className={m.fromMember ? 'self-end' : 'self-start'}>
                    <div className={`max-w-[85vw] rounded-lg p-3 sm:max-w-md ${m.fromMember ? 'bg-saffron-50' : 'bg-stone-100'}`}>
                      <p className="text-xs font-medium text-stone-700">
                        {m.fromMember ? t('guardians.guarding.fromMember', { name: memberName }) : t('guardians.guarding.fromOther', { name: otherName })} ·{' '}
                        {formatDate(m.createdAt, language, 'dateTime')}
                      </p>
                      {m.concealed && !revealed.has(m.id) ? (
                        <ConcealedMessage otherName={otherName} onShow={() => setRevealed((shown) => new Set(shown).add(m.id))} onReport={undefined} />
                      ) : (
                        <p className="break-words whitespace-pre-wrap text-stone-900">{m.content}</p>
                      )}
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </>
          )}
        </QueryView>
      </div>
    </PageFrame>
  );
}
