import { ArrowLeft, MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearch } from 'wouter';
import { awaitingStatuses, isStatusIn, type CoordinatorIntroduction, type CoordinatorMemberDetail } from '#domain/introductions/introductions';
import { PageFrame } from '#web/components/page/page-frame';
import { TitledSection } from '#web/components/page/titled-section';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';
import { toast } from '#web/components/ui/toast-store';
import type { SuggestionsLearned } from '#domain/introductions/introductions';
import { useCancelIntroduction, useCoordinatorMember, useSuggestions } from '#web/features/introductions/api/introductions';
import { EndIntroductionButton } from '#web/features/introductions/components/end-introduction-button';
import { ProposeForm } from '#web/features/introductions/components/propose-form';
import { RoleGate } from '#web/features/introductions/components/role-gate';
import { ScoreSummary } from '#web/features/introductions/components/score-summary';
import { IntroductionStatusBadge } from '#web/features/introductions/components/status-badge';
import { MatchPhoto } from '#web/components/person/match-photo';
import { BiodataCard } from '#web/components/person/biodata-card';
import { enumLabel } from '#web/components/person/enum-labels';
import { VedicSection } from '#web/components/vedic/vedic-section';
import { formatDate } from '#web/lib/format-date';
import { MemberReferences, VerificationPanel } from '#web/features/references/components/staff';
import { TrustLine } from '#web/components/person/trust-line';
import type { RungFilter } from '#domain/verification/ladder';
import { RungSelect } from '#web/features/introductions/components/rung-select';

/** Route /coordinator/members/{userId}: a member's biodata, photos, introductions, requests and ranked suggestions. */
export function CoordinatorMemberPage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams<{ userId: string }>();
  // "Follow-ups due" on the coordinator page opens the member with the due introduction highlighted.
  const highlightedId = new URLSearchParams(useSearch()).get('introduction');
  const member = useCoordinatorMember(userId);
  return (
    <PageFrame
      title={member.data?.profile.name ?? t('introductions.coordinator.title')}
      before={
        <ButtonLink href="/coordinator" icon={ArrowLeft} variant="ghost" size="sm" className="-ml-3">
          {t('introductions.coordinator.back')}
        </ButtonLink>
      }
    >
      <RoleGate query={member} notAllowed={t('introductions.coordinator.notAllowed')}>
        {(detail) => (
          <div className="flex flex-col gap-6">
            <ButtonLink href={`/conversation/${encodeURIComponent(detail.userId)}`} icon={MessageCircle} iconSize="md" variant="secondary" className="self-start">
              {t('introductions.team.writeTo')}
            </ButtonLink>
            <Biodata detail={detail} />
            <BiodataCard biodata={detail.profile} />
            <VerificationPanel detail={detail} />
            <MemberReferences userId={detail.userId} />
            <Section id="history" title={t('introductions.coordinator.member.history')}>
              {detail.introductions.length === 0 ? <p className="text-stone-700">{t('introductions.coordinator.member.noHistory')}</p> : null}
              <ul className="flex flex-col gap-2">
                {detail.introductions.map((introduction) => (
                  <HistoryItem key={introduction.id} introduction={introduction} highlighted={introduction.id === highlightedId} />
                ))}
              </ul>
            </Section>
            {detail.requests.length > 0 ? (
              <Section id="requests" title={t('introductions.coordinator.member.requests')}>
                <ul className="flex flex-col gap-2">
                  {detail.requests.map((request) => (
                    <li key={request.id}>
                      <Card className="flex flex-col gap-2 p-3">
                        <p className="break-words">{t('introductions.coordinator.member.requestLine', { from: request.requester.name ?? '—', to: request.other.name ?? '—' })}</p>
                        {request.note ? <p className="text-sm break-words text-stone-700">{request.note}</p> : null}
                        <ProposeForm memberA={request.requester.userId} memberB={request.other.userId} name={(request.requester.userId === detail.userId ? request.other.name : request.requester.name) ?? '—'} names={[request.requester.name, request.other.name]} />
                      </Card>
                    </li>
                  ))}
                </ul>
              </Section>
            ) : null}
            <Suggestions userId={detail.userId} name={detail.profile.name} learned={detail.suggestionsLearned} />
          </div>
        )}
      </RoleGate>
    </PageFrame>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection id={`member-${id}`} title={title} titleStyle="list">
      {children}
    </TitledSection>
  );
}

type BiodataField = 'emailVerified' | 'gender' | 'age' | 'location' | 'relocation' | 'community' | 'courtship' | 'diet' | 'languages' | 'ageRange' | 'about' | 'dealMakers' | 'dealBreakers';

function Biodata({ detail }: { detail: CoordinatorMemberDetail }) {
  const { t } = useTranslation();
  const p = detail.profile;
  const field = (key: BiodataField, value: ReactNode) => (
    <div className="min-w-0">
      <dt className="text-sm text-stone-600">{t(`introductions.coordinator.member.fields.${key}`)}</dt>
      <dd className="break-words text-stone-900">{value}</dd>
    </div>
  );
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold text-stone-900">{t('introductions.coordinator.member.biodata')}</h2>
      <ul aria-label={t('introductions.coordinator.member.photos')} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {detail.photos.map((photo, index) => (
          <li key={photo} className="aspect-[3/4] overflow-hidden rounded-md">
            <MatchPhoto src={photo} alt={t('introductions.coordinator.member.photoAlt', { number: index + 1, name: p.name })} placeholderLabel="" sizes="(min-width: 640px) 25vw, 33vw" className="size-full" />
          </li>
        ))}
      </ul>
      <dl className="grid gap-3 sm:grid-cols-2">
        {field('emailVerified', detail.emailVerified ? t('introductions.coordinator.member.verified') : t('introductions.coordinator.member.notVerified'))}
        {field('gender', enumLabel.gender(t, p.gender))}
        {field('age', p.age ?? '—')}
        {field('location', p.exactLocation)}
        {field('relocation', enumLabel.relocation(t, p.relocation))}
        {field('community', p.communityAffiliation)}
        {field('courtship', enumLabel.courtshipAlignment(t, p.courtshipAlignment))}
        {field('diet', enumLabel.dietAlignment(t, p.dietAlignment))}
        {field('languages', p.languagesSpoken ?? '—')}
        {field('ageRange', `${p.minAge}–${p.maxAge} (${enumLabel.ageFlexibility(t, p.ageFlexibility)})`)}
        {field('about', p.aboutYou)}
        {field('dealMakers', p.dealMakers)}
        {field('dealBreakers', p.dealBreakers)}
      </dl>
    </Card>
  );
}


function HistoryItem({ introduction, highlighted }: { introduction: CoordinatorIntroduction; highlighted: boolean }) {
  const { t, i18n } = useTranslation();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView({ block: 'center' });
  }, [highlighted]);
  // Who wrote each check-in: the member of the two with that id.
  const writer = (userId: string) => (userId === introduction.memberA.userId ? introduction.memberA.name : userId === introduction.memberB.userId ? introduction.memberB.name : null) ?? '—';
  const cancel = useCancelIntroduction();
  const awaiting = isStatusIn(awaitingStatuses, introduction.status);
  const reasons = [introduction.reasons.first, introduction.reasons.second].filter(Boolean);
  return (
    <li ref={ref} data-testid="history-item" data-highlighted={highlighted || undefined} aria-current={highlighted ? 'true' : undefined}>
      <Card className={highlighted ? 'flex flex-col gap-2 p-3 ring-2 ring-saffron-600' : 'flex flex-col gap-2 p-3'}>
        {highlighted ? <p className="text-sm font-semibold text-saffron-800">{t('introductions.coordinator.member.dueHere')}</p> : null}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="break-words">{t('introductions.coordinator.pair', { a: introduction.memberA.name ?? '—', b: introduction.memberB.name ?? '—' })}</span>
          <IntroductionStatusBadge status={introduction.status} />
        </div>
        <p className="text-sm text-stone-600">{formatDate(introduction.createdAt, i18n.language)}</p>
        {reasons.length > 0 ? (
          <p className="text-sm break-words text-stone-700">
            {t('introductions.coordinator.member.reasons')}: {reasons.join(' · ')}
          </p>
        ) : null}
        {(
          [
            [introduction.memberA.name, introduction.declineReasons.first],
            [introduction.memberB.name, introduction.declineReasons.second],
            [t('introductions.coordinator.member.theElders'), introduction.declineReasons.elders],
          ] as const
        )
          .filter(([, list]) => list.length > 0)
          .map(([who, list]) => (
            <p key={who ?? '—'} data-testid="decline-reasons-given" className="text-sm break-words text-stone-700">
              {t('introductions.coordinator.member.declinedFor', { name: who ?? '—', reasons: list.map((reason) => t(`introductions.declineReasons.${reason}`)).join(', ') })}
            </p>
          ))}
        {introduction.meetings.map((meeting) => (
          <p key={meeting.userId} data-testid="met-answer" className="text-sm break-words text-stone-700">
            {t('introductions.met.byMember', {
              name: writer(meeting.userId),
              answer: [
                t(`introductions.met.answers.${meeting.met}`),
                ...(meeting.again === null ? [] : [t(meeting.again ? 'introductions.met.wouldMeetAgain' : 'introductions.met.wouldNotMeetAgain')]),
              ].join(' · '),
            })}
          </p>
        ))}
        {introduction.vedic ? (
          <VedicSection vedic={introduction.vedic} viewer="staff" firstName={introduction.memberA.name ?? '—'} secondName={introduction.memberB.name ?? '—'} headingLevel={3} />
        ) : null}
        {introduction.followUps.map((followUp) => (
          <p key={followUp.createdAt + followUp.userId} data-testid="check-in" className="text-sm break-words text-stone-700">
            {t('introductions.coordinator.member.checkInBy', {
              name: writer(followUp.userId),
              date: formatDate(followUp.createdAt, i18n.language),
              outcome: t(`introductions.outcomes.${followUp.status}`),
            })}
            {followUp.note ? `: ${followUp.note}` : ''}
          </p>
        ))}
        {awaiting ? (
          <Button
            type="button"
            size="sm"
            variant="secondary"
            className="self-start"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(
                { id: introduction.id, note: '' },
                { onSuccess: () => toast({ title: t('introductions.statuses.cancelled'), description: t('introductions.coordinator.member.cancelled') }) },
              )
            }
          >
            {t('introductions.coordinator.member.cancel')}
          </Button>
        ) : null}
        <EndIntroductionButton introduction={introduction} />
      </Card>
    </li>
  );
}

function Suggestions({ userId, name, learned }: { userId: string; name: string | null; learned: SuggestionsLearned[] }) {
  const { t } = useTranslation();
  const [rung, setRung] = useState<RungFilter | ''>('');
  const suggestions = useSuggestions(userId, rung || undefined);
  return (
    <Section id="suggestions" title={t('introductions.coordinator.member.suggestions')}>
      {/* What her own earlier no's taught the list (issue 51), a line each. */}
      {learned.map((rule) => (
        <p key={rule.reason} data-testid="suggestions-learned" className="mb-2 text-sm text-stone-700">
          {t(`introductions.coordinator.member.learned.${rule.reason}`, { name: name ?? '—', count: rule.declined, within: rule.within })}
        </p>
      ))}
      <div className="mb-3 max-w-xs">
        <RungSelect value={rung} onChange={setRung} />
      </div>
      {suggestions.isSuccess && suggestions.data.length === 0 ? <p className="text-stone-700">{t('introductions.coordinator.member.noSuggestions')}</p> : null}
      <ul className="flex flex-col gap-3">
        {(suggestions.data ?? []).map((suggestion) => (
          <li key={suggestion.userId}>
            <Card className="flex flex-col gap-2 p-4">
              <Link href={`/coordinator/members/${suggestion.userId}`} className="font-semibold break-words text-saffron-800 underline">
                {suggestion.name ?? '—'}
              </Link>
              <p className="text-sm break-words text-stone-700">
                {t('introductions.coordinator.memberLine', { age: suggestion.age ?? '—', location: suggestion.location, community: suggestion.community })}
              </p>
              {suggestion.openReports > 0 ? (
                <p className="text-sm font-medium text-red-800" data-testid="suggestion-open-reports">
                  {t('introductions.coordinator.member.openReports', { count: suggestion.openReports })}
                </p>
              ) : null}
              <TrustLine facts={suggestion} />
              <ScoreSummary score={suggestion.score} breakdown={suggestion.breakdown} />
              <ProposeForm memberA={userId} memberB={suggestion.userId} name={suggestion.name ?? '—'} names={[name, suggestion.name]} />
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}
