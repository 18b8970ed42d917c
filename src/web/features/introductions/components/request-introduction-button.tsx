import { HeartHandshake } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { TextareaField } from '#web/components/ui/textarea';
import { toast, toastError } from '#web/components/ui/toast-store';
import { errorText } from '#web/lib/error-text';
import { useMyIntroductionRequests, useRequestIntroduction } from '../api/introductions';

/** Characters of the optional note (the server takes up to 2000; a short note is what is asked for). */
const NOTE_MAX = 500;

/**
 * The match page's "Ask a coordinator to introduce us": a dialog takes a short note; the request goes
 * to the coordinators' queue only, and shows as pending here and on /introductions, where it can be withdrawn.
 */
export function RequestIntroductionButton({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation();
  const request = useRequestIntroduction();
  const mine = useMyIntroductionRequests();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const pending = mine.data?.some((item) => item.other.userId === userId) ?? false;

  if (pending) {
    return (
      <Button type="button" variant="secondary" className="w-full sm:w-auto" disabled>
        <HeartHandshake aria-hidden className="size-4" />
        {t('introductions.request.pendingButton')}
      </Button>
    );
  }
  return (
    <>
      <Button type="button" variant="secondary" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        <HeartHandshake aria-hidden className="size-4" />
        {t('introductions.request.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('introductions.request.button')} description={t('introductions.request.dialogDescription', { name })}>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            request.mutate(
              { userId, note: note.trim() || undefined },
              {
                onSuccess: () => {
                  setOpen(false);
                  setNote('');
                  toast({ title: t('introductions.request.button'), description: t('introductions.request.sent') });
                },
                onError: (error) => toastError(t('common.errors.title'), errorText(t, error, t('introductions.request.failed'))),
              },
            );
          }}
        >
          <TextareaField label={t('introductions.request.notePrompt')} value={note} maxLength={NOTE_MAX} rows={3} onChange={(event) => setNote(event.target.value)} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={request.isPending}>
              {t('introductions.request.send')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              {t('introductions.request.cancel')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
