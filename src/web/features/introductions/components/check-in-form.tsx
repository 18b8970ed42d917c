import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { followUpOutcomes, type FollowUpOutcome, type MemberIntroduction } from '#domain/introductions/introductions';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox';
import { Dialog } from '#web/components/ui/dialog';
import { SelectField } from '#web/components/ui/select';
import { TextareaField } from '#web/components/ui/textarea';
import { toast, toastError } from '#web/components/ui/toast-store';
import { errorText } from '#web/lib/error-text';
import { useBlock } from '#web/lib/blocks';
import { useFollowUp } from '../api/introductions';

/**
 * A check-in: a private answer to the coordinator, never shown to the other person. The form shows
 * itself when a check-in is due (7 and 30 days after both accepted); before that an "Update the coordinator" button
 * opens it. Nothing is pre-selected. "We have ended it" asks first, in a dialog that also offers to block. The
 * form says who is told of each kind of answer, in the same words as the dialog (the rule's `closed` sentence).
 */
export function CheckInForm({ introduction, otherUserId, otherName }: { introduction: MemberIntroduction; otherUserId: string; otherName: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const formId = `check-in-${introduction.id}`;
  if (!introduction.followUpDue && !opened) {
    return (
      <Button type="button" variant="ghost" className="self-start" aria-expanded={false} aria-controls={formId} onClick={() => setOpened(true)}>
        {t('introductions.member.updateCoordinator')}
      </Button>
    );
  }
  return <Form introduction={introduction} otherUserId={otherUserId} otherName={otherName} formId={formId} onDone={() => setOpened(false)} />;
}

function Form({
  introduction,
  otherUserId,
  otherName,
  formId,
  onDone,
}: {
  introduction: MemberIntroduction;
  otherUserId: string;
  otherName: string;
  formId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const followUp = useFollowUp();
  const block = useBlock();
  const [status, setStatus] = useState<FollowUpOutcome | ''>('');
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [alsoBlock, setAlsoBlock] = useState(false);

  function send(outcome: FollowUpOutcome) {
    followUp.mutate(
      { id: introduction.id, status: outcome, note: note.trim() || undefined, confirmed: outcome === 'ended' ? true : undefined },
      {
        onSuccess: () => {
          setNote('');
          setStatus('');
          setConfirming(false);
          if (outcome === 'ended' && alsoBlock) block.mutate(otherUserId);
          toast({
            title: t('introductions.member.followUpTitle'),
            description: t(outcome === 'ended' ? 'introductions.member.endedSent' : 'introductions.member.followUpSent'),
          });
          onDone();
        },
        onError: (error) => toastError(t('common.errors.title'), errorText(t, error, t('introductions.member.failed'))),
      },
    );
  }

  return (
    <form
      id={formId}
      className="flex flex-col gap-3 rounded-md border border-stone-200 p-3"
      aria-label={t('introductions.member.followUpTitle')}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (status === '') return;
        if (status === 'ended') setConfirming(true);
        else send(status);
      }}
    >
      {introduction.followUpDue ? <p className="font-medium text-saffron-800">{t('introductions.member.checkInDue')}</p> : null}
      {/* Who is told of each answer, both kinds, so the form never says "not told" of an ending that tells them. */}
      <ul data-testid="check-in-who-is-told" className="list-disc space-y-1 pl-5 text-sm text-stone-700">
        <li>{t('introductions.member.checkInPrivate', { name: otherName })}</li>
        <li>{t('introductions.member.checkInEnding', { name: otherName })}</li>
      </ul>
      <SelectField
        label={t('introductions.member.followUpStatus')}
        value={status}
        required
        placeholder={t('introductions.member.chooseAnswer')}
        onChange={(event) => setStatus(event.target.value as FollowUpOutcome | '')}
        options={followUpOutcomes.map((value) => ({ value, label: t(`introductions.outcomes.${value}`) }))}
      />
      <TextareaField label={t('introductions.member.followUpNote')} value={note} maxLength={2000} rows={2} onChange={(event) => setNote(event.target.value)} />
      <Button type="submit" variant="secondary" className="self-start" disabled={followUp.isPending || status === ''}>
        {t('introductions.member.sendFollowUp')}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('introductions.member.endTitle')}
        description={`${t('introductions.member.endDescription', { name: otherName })} ${t('introductions.rule.closed')}`}
      >
        <div className="flex flex-col gap-4">
          <CheckboxField label={t('introductions.member.alsoBlock', { name: otherName })} checked={alsoBlock} onChange={(event) => setAlsoBlock(event.target.checked)} />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="destructive" disabled={followUp.isPending} onClick={() => send('ended')}>
              {t('introductions.member.confirmEnd')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirming(false)}>
              {t('introductions.member.keep')}
            </Button>
          </div>
        </div>
      </Dialog>
    </form>
  );
}
