import { useTranslation } from 'react-i18next';
import { isStatusIn, underWayStatuses, type MemberIntroduction } from '#domain/introductions/introductions';
import { PageFrame, PageLoading } from '#web/components/page/page-frame';
import { QueryView } from '#web/components/page/query-view';
import { TitledSection } from '#web/components/page/titled-section';
import { useMyIntroductionRequests, useMyIntroductions } from '#web/features/introductions/api/introductions';
import { PendingRequests } from '#web/features/introductions/components/pending-requests';
import { MemberIntroductionCard } from '#web/features/introductions/components/member-introduction-card';
import { messagingRule } from '#web/lib/messaging-rule';

/** Route /introductions: what awaits the member's answer, the introductions under way, and the history. */
export function IntroductionsPage() {
  const { t } = useTranslation();
  const introductions = useMyIntroductions();
  // The pending requests sit above the lists: shown in the same render, so they do not push the page down.
  const requests = useMyIntroductionRequests();
  if (!introductions.isError && (introductions.isPending || requests.isPending)) {
    return (
      // The status line where the introduction will be, and nothing below it: no box the lists would push down.
      <PageFrame title={t('introductions.member.title')} intro={<PageLoading />} />
    );
  }
  return (
    <PageFrame
      title={t('introductions.member.title')}
      intro={
        introductions.data ? (
          <>
            <p>{t('introductions.member.intro')}</p>
            <p data-testid="messaging-rule" className="mt-2">
              {messagingRule(t)}
            </p>
          </>
        ) : undefined
      }
    >
      <QueryView query={introductions} failed={t('common.errors.generic')}>
        {(all) => <IntroductionLists all={all} />}
      </QueryView>
    </PageFrame>
  );
}

function IntroductionLists({ all }: { all: MemberIntroduction[] }) {
  const { t } = useTranslation();
  const pending = all.filter((i) => i.awaitingMe);
  const current = all.filter((i) => !i.awaitingMe && isStatusIn(underWayStatuses, i.status));
  const history = all.filter((i) => !i.awaitingMe && !isStatusIn(underWayStatuses, i.status));
  return (
    <>
      {all.length === 0 ? <p className="text-stone-700">{t('introductions.member.none')}</p> : null}
      <PendingRequests />
      <Section title={t('introductions.member.pending')} items={pending} id="pending" />
      <Section title={t('introductions.member.current')} items={current} id="current" />
      <Section title={t('introductions.member.history')} items={history} id="history" />
    </>
  );
}

function Section({ title, items, id }: { title: string; items: MemberIntroduction[]; id: string }) {
  if (items.length === 0) return null;
  return (
    <TitledSection id={`introductions-${id}`} title={title} titleStyle="list" className="mt-6">
      <div className="flex flex-col gap-4">
        {items.map((introduction) => (
          <MemberIntroductionCard key={introduction.id} introduction={introduction} />
        ))}
      </div>
    </TitledSection>
  );
}
