import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentStatuses, isStatusIn, type CoordinatorIntroduction } from '#domain/introductions/introductions';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { toast, toastError } from '#web/components/ui/toast-store';
import { errorText } from '#web/lib/error-text';
import { useEndIntroduction } from '../api/introductions';

/**
 * The coordinator's "End this introduction" on an introduction both accepted (introduced, courting,
 * engaged): it asks first, then `POST /api/introductions/{id}/end`. Both members are told that a coordinator ended it
 * (no name, no reason), so the dialog offers no reason field: the server would keep none.
 */
export function EndIntroductionButton({ introduction }: { introduction: CoordinatorIntroduction }) {
  const { t } = useTranslation();
  const end = useEndIntroduction();
  const [open, setOpen] = useState(false);
  if (!isStatusIn(currentStatuses, introduction.status)) return null;
  const names = { a: introduction.memberA.name ?? '—', b: introduction.memberB.name ?? '—' };
  return (
    <>
      <Button type="button" size="sm" variant="secondary" className="self-start" onClick={() => setOpen(true)}>
        {t('introductions.coordinator.member.end')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('introductions.coordinator.member.endTitle')} description={`${t('introductions.coordinator.member.endDescription', names)} ${t('introductions.rule.closed')}`}>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="destructive"
            disabled={end.isPending}
            onClick={() =>
              end.mutate(
                { id: introduction.id },
                {
                  onSuccess: () => {
                    setOpen(false);
                    toast({ title: t('introductions.statuses.ended'), description: t('introductions.coordinator.member.ended') });
                  },
                  onError: (error) => toastError(t('common.errors.title'), errorText(t, error, t('introductions.coordinator.member.endFailed'))),
                },
              )
            }
          >
            {t('introductions.coordinator.member.confirmEnd')}
          </Button>
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            {t('introductions.coordinator.member.keep')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
