import { MessageCircle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONSULTATION_NOTE_MAX, consultationStatuses, type ConsultationRequest, type ConsultationStatus } from '#domain/introductions/consultations';
import { QueryView } from '#web/components/page/query-view';
import { Button } from '#web/components/ui/button';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';
import { Dialog } from '#web/components/ui/dialog';
import { FormAlert } from '#web/components/ui/form-alert';
import { SelectField } from '#web/components/ui/select';
import { TextareaField } from '#web/components/ui/textarea';
import { toast } from '#web/components/ui/toast-store';
import { flattenPages } from '#web/lib/api-page';
import { errorText } from '#web/lib/error-text';
import { formatDate } from '#web/lib/format-date';
import { useConsultations, useMarkConsultationHandled } from '../api/consultations';

/**
 * Members who answered Yes to "a volunteer mentor can meet with you before introductions begin": the oldest request
 * first, each with the day it came, a way to write to the member, and "Mark handled" with a private note (the member
 * never reads it). The handled ones stay readable, with who handled them, when and the note.
 */
export function ConsultationQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<ConsultationStatus>('open');
  const consultations = useConsultations(status);
  return (
    <section aria-labelledby="coordinator-consultations-heading" id="coordinator-consultations" className="scroll-mt-4">
      <h2 id="coordinator-consultations-heading" className="mb-1 text-xl font-semibold text-stone-900">
        {t('introductions.consultations.title')}
      </h2>
      <p className="mb-3 text-stone-700">{t('introductions.consultations.intro')}</p>
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('introductions.consultations.show')}
          value={status}
          onChange={(event) => setStatus(event.target.value as ConsultationStatus)}
          options={consultationStatuses.map((value) => ({ value, label: t(`introductions.consultations.statuses.${value}`) }))}
        />
      </div>
      <QueryView
        query={{ ...consultations, data: consultations.data ? flattenPages(consultations.data.pages, (item) => item.userId) : undefined }}
        empty={<p className="text-stone-700">{t(`introductions.consultations.empty.${status}`)}</p>}
      >
        {(list) => (
          <ul className="grid gap-3 md:grid-cols-2">
            {list.map((item) => (
              <li key={item.userId}>
                <ConsultationCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
      {consultations.hasNextPage ? (
        <Button type="button" variant="secondary" className="mt-3" disabled={consultations.isFetchingNextPage} onClick={() => void consultations.fetchNextPage()}>
          {t('common.loadMore')}
        </Button>
      ) : null}
    </section>
  );
}

function ConsultationCard({ item }: { item: ConsultationRequest }) {
  const { t, i18n } = useTranslation();
  const [marking, setMarking] = useState(false);
  return (
    <Card className="flex flex-col gap-2 p-4">
      <h3 className="font-semibold break-words text-stone-900">{item.name}</h3>
      <p className="text-sm break-words text-stone-700">{item.location}</p>
      <p className="text-sm text-stone-700">{t('introductions.consultations.askedOn', { date: formatDate(item.requestedAt, i18n.language) })}</p>
      {item.handledAt ? (
        <div className="rounded-md bg-stone-50 p-2 text-sm text-stone-800">
          <p>{t('introductions.consultations.handledOn', { date: formatDate(item.handledAt, i18n.language), name: item.handledBy ?? t('introductions.consultations.someone') })}</p>
          {item.note ? <p className="mt-1 break-words whitespace-pre-line">{item.note}</p> : null}
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <ButtonLink href={`/conversation/${encodeURIComponent(item.userId)}`} icon={MessageCircle} size="sm" variant="secondary">
          {t('introductions.team.writeTo')}
        </ButtonLink>
        {item.handledAt ? null : (
          <Button type="button" size="sm" onClick={() => setMarking(true)} aria-label={t('introductions.consultations.markFor', { name: item.name })}>
            {t('introductions.consultations.mark')}
          </Button>
        )}
      </div>
      {marking ? <MarkHandledDialog item={item} onClose={() => setMarking(false)} /> : null}
    </Card>
  );
}

function MarkHandledDialog({ item, onClose }: { item: ConsultationRequest; onClose: () => void }) {
  const { t } = useTranslation();
  const mark = useMarkConsultationHandled();
  const [note, setNote] = useState('');
  const tooLong = note.length > CONSULTATION_NOTE_MAX;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (tooLong) return;
    mark.mutate(
      { userId: item.userId, note: note.trim() },
      {
        onSuccess: () => {
          onClose();
          toast({ title: t('introductions.consultations.marked', { name: item.name }) });
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('introductions.consultations.dialogTitle', { name: item.name })} description={t('introductions.consultations.dialogBody')}>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3">
        <TextareaField
          label={t('introductions.consultations.note')}
          hint={t('introductions.consultations.noteHint')}
          value={note}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
          error={tooLong ? t('common.validation.tooLong2000') : undefined}
        />
        <FormAlert>{mark.isError ? errorText(t, mark.error, t('introductions.consultations.failed')) : null}</FormAlert>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('introductions.consultations.cancel')}
          </Button>
          <Button type="submit" disabled={mark.isPending}>
            {t('introductions.consultations.mark')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
