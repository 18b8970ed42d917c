import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElderIntroduction, ReviewDecision } from '#domain/introductions/introductions';
import { PageFrame } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { TextareaField } from '#web/components/ui/textarea';
import { toast, toastError } from '#web/components/ui/toast-store';
import { ConfirmStaffAction } from '#web/features/admin/components/confirm-staff-action';
import { useElderQueue, useReview } from '#web/features/introductions/api/introductions';
import { DeclineReasonsField } from '#web/features/introductions/components/decline-reasons-field';
import type { DeclineReason } from '#domain/introductions/introductions';
import { RoleGate } from '#web/features/introductions/components/role-gate';
import { enumLabel } from '#web/components/person/enum-labels';
import { TrustLine } from '#web/components/person/trust-line';
import { ReferenceList } from '#web/features/references/components/staff';
import { MatchDetailsCard } from '#web/features/matches/components/match-details-card';
import { BiodataCard } from '#web/components/person/biodata-card';
import { MatchPhoto } from '#web/components/person/match-photo';
import { VedicSection } from '#web/components/vedic/vedic-section';
import { getSiteInfo } from '#web/lib/site-info';

/**
 * Route /elders: the introductions awaiting the panel, each with both summaries, the coordinator's note, approve or
 * decline. With ELDER_APPROVALS=0 new introductions never wait for the panel (introduction-proposal.ts), so the page
 * says so instead of promising a review; one left waiting from before the change can still be approved or declined.
 */
export function EldersPage() {
  const { t } = useTranslation();
  const queue = useElderQueue();
  const reviewOn = getSiteInfo().eldersApprove;
  return (
    <PageFrame title={t('introductions.elders.title')} intro={<p>{t(reviewOn ? 'introductions.elders.intro' : 'introductions.elders.introNoReview')}</p>}>
      <RoleGate query={queue} notAllowed={t('introductions.elders.notAllowed')}>
        {(items) =>
          <div className="flex flex-col gap-6">
            {reviewOn ? null : (
              <p data-testid="elders-review-off" className="rounded-md border border-stone-300 bg-stone-50 p-3 text-stone-800">
                {t('introductions.elders.noReview')}
              </p>
            )}
            {/* The elder's overview: the count links to its list, as a staff mail's link does. */}
            <dl className="flex flex-wrap gap-3">
              <Card className="p-3">
                <dt className="text-sm text-stone-600">{t('introductions.elders.awaitingCount')}</dt>
                <dd className="text-2xl font-semibold text-stone-900 tabular-nums">
                  <a href="#elder-queue" className="text-saffron-800 underline" aria-label={t('introductions.elders.awaitingCountLink', { value: items.length })}>
                    {items.length}
                  </a>
                </dd>
              </Card>
            </dl>
            {items.length === 0 ? (
              <p id="elder-queue" className="text-stone-700">
                {t('introductions.elders.none')}
              </p>
            ) : (
              <ul id="elder-queue" className="flex scroll-mt-4 flex-col gap-4">
                {items.map((introduction) => (
                  <ReviewCard key={introduction.id} introduction={introduction} />
                ))}
              </ul>
            )}
          </div>
        }
      </RoleGate>
    </PageFrame>
  );
}

function ReviewCard({ introduction }: { introduction: ElderIntroduction }) {
  const { t } = useTranslation();
  const review = useReview();
  const [note, setNote] = useState('');
  const [reasons, setReasons] = useState<DeclineReason[]>([]);
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const headingId = `review-${introduction.id}`;
  function send(decision: ReviewDecision, reviewNote = note.trim()) {
    review.mutate(
      { id: introduction.id, decision, note: reviewNote, reasons: decision === 'decline' ? reasons : undefined },
      {
        onSuccess: () => {
          setConfirmingDecline(false);
          toast({ title: t('introductions.elders.title'), description: t(decision === 'approve' ? 'introductions.elders.approved' : 'introductions.elders.declined') });
        },
        onError: () => toastError(t('common.errors.title'), t('introductions.elders.failed')),
      },
    );
  }
  return (
    <li>
      <Card className="flex flex-col gap-4" role="article" aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold break-words text-stone-900">
          {introduction.members.map((member) => member.name).join(' · ')}
        </h2>
        <p className="text-sm text-stone-600">
          {t('introductions.elders.proposedBy', { name: introduction.coordinator.name ?? '—' })} ·{' '}
          {t('introductions.elders.approvals', { count: introduction.approvals, required: introduction.approvalsRequired })}
        </p>
        {introduction.note ? <p className="break-words whitespace-pre-line text-stone-800">{introduction.note}</p> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          {introduction.members.map((member) => (
            <div key={member.userId} className="rounded-md border border-stone-200 p-3">
              <p className="font-semibold break-words text-stone-900">
                {member.name}
                {member.age === null ? '' : `, ${member.age}`}
              </p>
              <p className="text-sm break-words text-stone-700">
                {enumLabel.gender(t, member.gender)} · {member.location} · {member.community}
              </p>
              <p className="text-sm text-stone-700">{enumLabel.courtshipAlignment(t, member.courtshipAlignment)}</p>
              <p className="mt-2 text-sm break-words text-stone-800">{member.aboutYou}</p>
              {/* Both photos and the whole profile, as a match sees them (each photo read is audited). */}
              {member.profile.photos.length > 0 ? (
                <ul aria-label={t('introductions.elders.photos', { name: member.name })} className="mt-3 grid grid-cols-2 gap-2">
                  {member.profile.photos.map((photo, index) => (
                    <li key={photo} className="aspect-[3/4] overflow-hidden rounded-md">
                      <a href={photo} target="_blank" rel="noreferrer" className="block size-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-saffron-700">
                        <MatchPhoto
                          src={photo}
                          alt={t('introductions.elders.photoAlt', { number: index + 1, name: member.name })}
                          placeholderLabel={t('introductions.elders.photoAlt', { number: index + 1, name: member.name })}
                          sizes="(min-width: 640px) 12rem, 45vw"
                          className="size-full"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
              <details className="mt-3">
                <summary className="min-h-11 cursor-pointer py-2 font-medium text-saffron-800">{t('introductions.elders.wholeProfile', { name: member.name })}</summary>
                <MatchDetailsCard profile={member.profile} />
                <div className="mt-3">
                  <BiodataCard biodata={member.profile} />
                </div>
              </details>
              <TrustLine facts={member} className="mt-2" />
              <details className="mt-2" data-testid="elder-references">
                <summary className="min-h-11 cursor-pointer py-2 font-medium text-saffron-800">
                  {t('references.staff.title')} ({member.referenceList.length})
                </summary>
                <p className="mb-2 text-sm text-stone-700">{t('references.staff.confidential')}</p>
                <ReferenceList references={member.referenceList} headingLevel={4} />
              </details>
            </div>
          ))}
        </div>
        {introduction.vedic && introduction.members.length === 2 ? (
          <VedicSection vedic={introduction.vedic} viewer="staff" firstName={introduction.members[0]!.name} secondName={introduction.members[1]!.name} headingLevel={3} />
        ) : null}
        <TextareaField label={t('introductions.elders.note')} value={note} maxLength={2000} rows={2} onChange={(event) => setNote(event.target.value)} />
        <details data-testid="elder-decline-reasons">
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-saffron-800">{t('introductions.elders.reasonsIfDeclining')}</summary>
          <DeclineReasonsField value={reasons} onChange={setReasons} hint={t('introductions.declineReasons.elderHint')} />
        </details>
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={() => send('approve')} disabled={review.isPending}>
            {t('introductions.elders.approve')}
          </Button>
          <Button type="button" variant="destructive" onClick={() => setConfirmingDecline(true)} disabled={review.isPending}>
            {t('introductions.elders.decline')}
          </Button>
        </div>
        {confirmingDecline ? (
          // One decline ends the introduction at once, so it is asked first, with the reason kept (the
          // note, when written; else the dialog asks for one).
          <ConfirmStaffAction
            open
            onOpenChange={setConfirmingDecline}
            title={t('introductions.elders.confirmDecline.title')}
            description={t('introductions.elders.confirmDecline.body')}
            confirmLabel={t('introductions.elders.confirmDecline.confirm')}
            destructive
            reasonRequired={note.trim() === ''}
            pending={review.isPending}
            failed={review.isError}
            onConfirm={(reason) => send('decline', note.trim() || reason)}
          />
        ) : null}
      </Card>
    </li>
  );
}
