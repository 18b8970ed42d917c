import { MapPin, MessageCircle, UserRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BiodataSummary } from '#web/components/person/biodata-card';
import { VerificationTicks } from '#web/components/person/trust-line';
import { Link } from 'wouter';
import { currentStatuses, isOpen, isStatusIn, type IntroductionOther, type MemberIntroduction } from '#domain/introductions/introductions';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';
import { TextareaField } from '#web/components/ui/textarea';
import type { DeclineReason } from '#domain/introductions/introductions';
import { DeclineReasonsField } from './decline-reasons-field';
import { MetQuestion } from './met-question';
import { StoryQuestion } from './story-question';
import { VedicSection } from '#web/components/vedic/vedic-section';
import { toast, toastError } from '#web/components/ui/toast-store';
import { formatDate } from '#web/lib/format-date';
import { matchName, matchNameAndAge } from '#web/components/person/match-name';
import { PersonCard } from '#web/components/person/person-card';
import { useRespond } from '../api/introductions';
import { CheckInForm } from './check-in-form';
import { ScoreSummary } from './score-summary';
import { IntroductionStatusBadge } from './status-badge';
import { StaffBadges } from '#web/components/person/staff-badges';

/** One introduction as its member sees it: the other's card, the coordinator's note, and what they can do now. */
export function MemberIntroductionCard({ introduction }: { introduction: MemberIntroduction }) {
  // Older servers' answers have no `inactive`: their cards are as before.
  if (introduction.other === null && introduction.inactive) return <InactiveIntroductionCard introduction={introduction} />;
  if (introduction.other === null) return <UnavailableIntroductionCard introduction={introduction} />;
  return <AvailableIntroductionCard introduction={introduction} other={introduction.other} />;
}

/** The other person is no longer available (a block, a suspension): a neutral card with nothing of them. */
function UnavailableIntroductionCard({ introduction }: { introduction: MemberIntroduction }) {
  const { t } = useTranslation();
  const headingId = `introduction-${introduction.id}`;
  return (
    <Card className="flex flex-col gap-2" aria-labelledby={headingId} role="article">
      <h3 id={headingId} className="text-lg font-semibold text-stone-900">
        {t('introductions.member.unavailableTitle')}
      </h3>
      <p className="text-stone-700">{t('introductions.member.unavailableText')}</p>
    </Card>
  );
}

/**
 * Closed, or the other's profile is paused: the first name as it was when proposed, the status and "no longer
 * active", the coordinator's note; nothing live of the other (no age, place, photo or link to the profile).
 */
function InactiveIntroductionCard({ introduction }: { introduction: MemberIntroduction }) {
  const { t } = useTranslation();
  const headingId = `introduction-${introduction.id}`;
  const coordinatorName = introduction.coordinator.name ?? t('introductions.member.aCoordinator');
  return (
    <Card className="flex flex-col gap-2" aria-labelledby={headingId} role="article" data-testid="inactive-introduction">
      <h3 id={headingId} className="text-lg font-semibold break-words text-stone-900">
        {matchName(t, introduction.otherFirstName)}
      </h3>
      <div className="flex flex-wrap items-center gap-2">
        <IntroductionStatusBadge status={introduction.status} />
        <span className="text-sm font-medium text-stone-700">{t('introductions.member.inactive')}</span>
      </div>
      <p className="text-stone-700">{t('introductions.member.inactiveText')}</p>
      {/* A closed card is where the member who did not end it reads who did, and what they can do now. */}
      <ClosedBy introduction={introduction} name={matchName(t, introduction.otherFirstName)} />
      <CoordinatorNote note={introduction.note} coordinatorName={coordinatorName} />
    </Card>
  );
}

function AvailableIntroductionCard({ introduction, other }: { introduction: MemberIntroduction; other: IntroductionOther }) {
  const { t, i18n } = useTranslation();
  const name = matchName(t, other.name);
  const headingId = `introduction-${introduction.id}`;
  const coordinatorName = introduction.coordinator.name ?? t('introductions.member.aCoordinator');
  const current = isStatusIn(currentStatuses, introduction.status);
  return (
    <PersonCard
      layout="beside"
      aria-labelledby={headingId}
      role="article"
      photo={{ src: other.photos[0], alt: t('introductions.member.photoAlt', { name }), placeholderLabel: t('introductions.member.noPhoto', { name }), sizes: '6rem' }}
      headingId={headingId}
      headingLevel="h3"
      heading={matchNameAndAge(t, other.name, other.age)}
      details={
        <>
          <p className="flex items-center gap-1 text-sm text-stone-700">
            <MapPin aria-hidden className="size-4 shrink-0" />
            <span className="break-words">{other.location}</span>
          </p>
          <VerificationTicks rungs={other.rungs} />
          <BiodataSummary biodata={other} />
          <div>
            <IntroductionStatusBadge status={introduction.status} />
          </div>
          {/* While the introduction is open, the decision is made from the whole profile. */}
          {isOpen(introduction.status) ? (
            <Link
              href={`/match/${encodeURIComponent(other.profileId)}?from=introduction`}
              data-testid="introduction-profile-link"
              className="inline-flex min-h-11 items-center gap-1 font-medium break-words text-saffron-800 underline underline-offset-2 hover:text-saffron-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-saffron-700"
            >
              <UserRound aria-hidden className="size-4 shrink-0" />
              {t('introductions.member.viewProfile', { name })}
            </Link>
          ) : null}
        </>
      }
    >
      <ScoreSummary score={other.score} breakdown={other.breakdown} />
      {other.vedic ? <VedicSection vedic={other.vedic} viewer="member" otherName={name} headingLevel={3} /> : null}
      <CoordinatorNote note={introduction.note} coordinatorName={coordinatorName} />
      {introduction.awaitingMe ? <Answer introduction={introduction} otherName={name} /> : null}
      {introduction.status === 'awaiting-second' && !introduction.awaitingMe ? (
        <p className="text-stone-700">{t('introductions.member.waitingForOther')}</p>
      ) : null}
      {introduction.awaitingMe && introduction.respondBy ? (
        <p className="text-sm text-stone-600">{t('introductions.member.respondBy', { date: formatDate(introduction.respondBy, i18n.language) })}</p>
      ) : null}
      <ClosedBy introduction={introduction} name={name} />
      {current ? (
        <>
          <ButtonLink href={`/conversation/${encodeURIComponent(other.userId)}`} icon={MessageCircle} variant="secondary" className="h-auto! min-h-11 max-w-full self-start py-2 break-words">
            {t('introductions.member.write', { name })}
          </ButtonLink>
          {introduction.metAsked ? <MetQuestion introductionId={introduction.id} otherName={name} /> : null}
          <CheckInForm introduction={introduction} otherUserId={other.userId} otherName={name} />
        </>
      ) : null}
      {introduction.storyAsked || introduction.storyShared ? <StoryQuestion introductionId={introduction.id} otherName={name} shared={introduction.storyShared === true} /> : null}
    </PersonCard>
  );
}

/** The coordinator's note to the member, with who wrote it; nothing when there is none. */
function CoordinatorNote({ note, coordinatorName }: { note: string; coordinatorName: string }) {
  const { t } = useTranslation();
  if (!note) return null;
  return (
    <blockquote className="border-l-4 border-saffron-200 pl-3 text-stone-800">
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-stone-600">
        {t('introductions.member.fromCoordinator', { name: coordinatorName })}
        <StaffBadges roles={['coordinator']} />
      </p>
      <p className="break-words whitespace-pre-line">{note}</p>
    </blockquote>
  );
}

/**
 * Who ended or declined it: whoever did reads that it is done; the other reads who did, that they can
 * no longer write to each other, and what they can do now (ask a coordinator, with a link to write to theirs).
 */
function ClosedBy({ introduction, name }: { introduction: MemberIntroduction; name: string }) {
  const { t } = useTranslation();
  const { closedBy, status, coordinator } = introduction;
  const text =
    status === 'ended' && closedBy !== null
      ? t(`introductions.member.closedBy.ended.${closedBy}`, { name })
      : status === 'declined' && (closedBy === 'me' || closedBy === 'other')
        ? t(`introductions.member.closedBy.declined.${closedBy}`, { name })
        : null;
  if (text === null) return null;
  const told = closedBy !== 'me';
  return (
    <div data-testid="introduction-closed-by" className="flex flex-col gap-2 text-stone-700">
      <p>{text}</p>
      {told ? <p>{t('introductions.member.askAgain')}</p> : null}
      {told && coordinator.userId ? (
        <ButtonLink href={`/conversation/${encodeURIComponent(coordinator.userId)}`} icon={MessageCircle} variant="secondary" className="h-auto! min-h-11 max-w-full self-start py-2 break-words">
          {t('introductions.member.writeCoordinator', { name: coordinator.name ?? t('introductions.member.aCoordinator') })}
        </ButtonLink>
      ) : null}
    </div>
  );
}

function Answer({ introduction, otherName }: { introduction: MemberIntroduction; otherName: string }) {
  const { t } = useTranslation();
  const respond = useRespond();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [reasons, setReasons] = useState<DeclineReason[]>([]);
  // "Something else" asks for its words in the note (the server's rule, checked here first).
  const otherWithoutWords = reasons.includes('other') && reason.trim() === '';
  const [showFault, setShowFault] = useState(false);

  function send(accept: boolean) {
    if (!accept && otherWithoutWords) {
      setShowFault(true);
      return;
    }
    respond.mutate(
      { id: introduction.id, accept, reason: accept ? undefined : reason.trim() || undefined, reasons: accept ? undefined : reasons },
      {
        onSuccess: (changed) =>
          toast({
            title: t(`introductions.statuses.${changed.status}`),
            description: t(changed.status === 'introduced' ? 'introductions.member.introducedNow' : accept ? 'introductions.member.accepted' : 'introductions.member.declined'),
          }),
        onError: () => toastError(t('common.errors.title'), t('introductions.member.failed')),
      },
    );
  }

  if (declining) {
    return (
      <form
        className="flex flex-col gap-3"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          send(false);
        }}
      >
        <DeclineReasonsField value={reasons} onChange={setReasons} hint={t('introductions.declineReasons.hint', { name: otherName })} />
        <TextareaField
          label={t('introductions.member.reasonLabel')}
          value={reason}
          maxLength={2000}
          rows={3}
          onChange={(event) => setReason(event.target.value)}
          error={showFault && otherWithoutWords ? t('introductions.validation.declineOtherNeedsText') : undefined}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="destructive" disabled={respond.isPending}>
            {t('introductions.member.confirmDecline')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setDeclining(false)}>
            {t('introductions.member.keep')}
          </Button>
        </div>
      </form>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="button" onClick={() => send(true)} disabled={respond.isPending}>
        {t('introductions.member.accept')}
      </Button>
      <Button type="button" variant="secondary" onClick={() => setDeclining(true)} disabled={respond.isPending}>
        {t('introductions.member.decline')}
      </Button>
    </div>
  );
}
