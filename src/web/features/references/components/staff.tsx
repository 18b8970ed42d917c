import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoordinatorMemberDetail } from '#domain/introductions/introductions';
import { verificationMethods, type StaffReference, type VerificationMethod } from '#domain/references/references';
import { TitledSection } from '#web/components/page/titled-section';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { FormAlert } from '#web/components/ui/form-alert';
import { SelectField } from '#web/components/ui/select';
import { TextareaField } from '#web/components/ui/textarea';
import { toast } from '#web/components/ui/toast-store';
import { errorText } from '#web/lib/error-text';
import { formatDate } from '#web/lib/format-date';
import { useStaffReferences, useVerification } from '../api/references';

/** A member's references with the answers, as coordinators and elders read them. Confidential. */
export function ReferenceList({ references, headingLevel = 3 }: { references: StaffReference[]; headingLevel?: 2 | 3 | 4 }) {
  const { t, i18n } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  if (references.length === 0) return <p className="text-stone-700">{t('references.staff.none')}</p>;
  return (
    <ul className="flex flex-col gap-2" data-testid="staff-references">
      {references.map((reference) => {
        const answer = reference.answer;
        return (
          <li key={reference.id}>
            <Card className="flex flex-col gap-1 p-3">
              <Heading className="font-semibold break-words text-stone-900">
                {t('references.staff.from', { name: answer?.refereeName ?? reference.name, relationship: t(`references.relationships.${reference.relationship}`) })}
              </Heading>
              <p className="text-sm text-stone-600">
                {t(`references.statuses.${reference.status}`)}
                {reference.answeredAt ? ` · ${formatDate(reference.answeredAt, i18n.language)}` : ''}
              </p>
              {answer ? (
                <>
                  <p className="text-sm text-stone-800">{t('references.staff.knownFor', { count: answer.knownForYears })}</p>
                  <p className="text-sm text-stone-800">{t('references.staff.inGoodStanding', { answer: t(`references.referee.standing.${answer.inGoodStanding}`) })}</p>
                  <p className="text-sm text-stone-800">{t('references.staff.recommend', { answer: t(`references.referee.recommendations.${answer.recommend}`) })}</p>
                  <p className="break-words whitespace-pre-line text-stone-900">{answer.character}</p>
                  {answer.concerns ? <p className="text-sm break-words text-amber-900">{t('references.staff.concerns', { text: answer.concerns })}</p> : null}
                  <p className="text-sm break-words text-stone-700">
                    {answer.mayContact ? t('references.staff.contact', { contact: [reference.email, answer.phone].filter(Boolean).join(' · ') }) : t('references.staff.noContact')}
                  </p>
                </>
              ) : reference.status === 'requested' ? (
                <p className="text-sm text-stone-700">{t('references.staff.waiting')}</p>
              ) : null}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}

/** The coordinator member page's references section: read through the audited route. */
export function MemberReferences({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const references = useStaffReferences(userId);
  return (
    <TitledSection id="member-references" title={t('references.staff.title')} titleStyle="panel" className="flex flex-col gap-2">
      <p className="text-sm text-stone-700">{t('references.staff.confidential')}</p>
      {references.isError ? <FormAlert>{errorText(t, references.error, t('references.staff.loadFailed'))}</FormAlert> : null}
      {references.data ? <ReferenceList references={references.data} /> : null}
    </TitledSection>
  );
}

/** Verify (in person or by video, with a note) or revoke; says when the profile changed since. */
export function VerificationPanel({ detail }: { detail: CoordinatorMemberDetail }) {
  const { t, i18n } = useTranslation();
  const { verify, revoke } = useVerification(detail.userId);
  const [method, setMethod] = useState<VerificationMethod>('in-person');
  const [note, setNote] = useState('');
  const current = detail.verification;
  const failure = verify.error ?? revoke.error;
  return (
    <section aria-labelledby="member-verification">
      <Card className="flex flex-col gap-3">
        <h2 id="member-verification" className="text-xl font-semibold text-stone-900">
          {t('references.staff.verificationTitle')}
        </h2>
        {current ? (
          <>
            <p className="text-stone-900" data-testid="verification-status">
              {t('references.staff.verifiedBy', {
                method: t(`references.staff.methods.${current.method}`),
                date: formatDate(current.verifiedAt, i18n.language),
                name: current.coordinator.name ?? t('references.staff.someone'),
              })}
            </p>
            {current.note ? <p className="text-sm break-words text-stone-700">{current.note}</p> : null}
            {current.changedSinceVerified ? (
              <p className="text-sm font-medium text-amber-900">
                {t('references.staff.changedSinceVerified')}: {t('references.staff.changedHint')}
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-stone-700">{t('references.staff.notVerified')}</p>
        )}
        {failure ? <FormAlert>{errorText(t, failure, t('references.staff.failed'))}</FormAlert> : null}
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            verify.mutate({ method, note }, { onSuccess: () => toast({ title: t('references.staff.verified') }) });
          }}
        >
          <SelectField
            label={t('references.staff.method')}
            value={method}
            onChange={(event) => setMethod(event.target.value as VerificationMethod)}
            options={verificationMethods.map((value) => ({ value, label: t(`references.staff.methods.${value}`) }))}
          />
          <TextareaField label={t('references.staff.note')} value={note} maxLength={2000} rows={2} onChange={(event) => setNote(event.target.value)} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={verify.isPending}>
              {verify.isPending ? t('references.staff.verifying') : t('references.staff.verify')}
            </Button>
            {current ? (
              <Button type="button" variant="secondary" disabled={revoke.isPending} onClick={() => revoke.mutate(undefined, { onSuccess: () => toast({ title: t('references.staff.revoked') }) })}>
                {t('references.staff.revoke')}
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
    </section>
  );
}
