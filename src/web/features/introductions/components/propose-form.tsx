import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { TextareaField } from '#web/components/ui/textarea';
import { toast, toastError } from '#web/components/ui/toast-store';
import { errorPaths } from '#web/lib/api';
import { errorText } from '#web/lib/error-text';
import { usePropose } from '../api/introductions';

/**
 * "Propose {name}": opens a note for both members, then proposes; the member viewed is asked first. `names` are the
 * two members' names as the screen shows them: a refusal about one of them names them from here, in the reader's
 * language (the server's sentence is English).
 */
export function ProposeForm({ memberA, memberB, name, names }: { memberA: string; memberB: string; name: string; names: [string | null, string | null] }) {
  const { t } = useTranslation();
  const propose = usePropose();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  if (!open) {
    return (
      <Button type="button" size="sm" variant="secondary" className="h-auto! min-h-9 max-w-full py-1 break-words" onClick={() => setOpen(true)}>
        {t('introductions.coordinator.member.proposeTo', { name })}
      </Button>
    );
  }
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        propose.mutate(
          { memberA, memberB, note: note.trim() },
          {
            onSuccess: () => {
              setOpen(false);
              toast({ title: t('introductions.coordinator.member.propose'), description: t('introductions.coordinator.member.proposed') });
            },
            // The 409's code says exactly why (a limit, a block, already declined); a limit names the member it is about.
            onError: (error) => {
              const about = errorPaths(error)[0] === 'memberA' ? names[0] : names[1];
              const description = errorText(t, error, t('common.errors.generic'), { name: about ?? t('introductions.coordinator.member.thisMember') });
              toastError(t('introductions.coordinator.member.proposeFailed'), description);
            },
          },
        );
      }}
    >
      <TextareaField label={t('introductions.coordinator.member.note')} value={note} maxLength={2000} rows={3} onChange={(event) => setNote(event.target.value)} />
      <Button type="submit" size="sm" className="self-start" disabled={propose.isPending}>
        {t('introductions.coordinator.member.send')}
      </Button>
    </form>
  );
}
