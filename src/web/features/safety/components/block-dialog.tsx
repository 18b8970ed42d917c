import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { FormAlert } from '#web/components/ui/form-alert';
import { toast } from '#web/components/ui/toast-store';
import { useBlock } from '#web/lib/blocks';

/** Asks before blocking, saying what a block does (both ways, the other is not told, undone from My Profile). */
export function BlockDialog({
  userId,
  name,
  open,
  onOpenChange,
  onBlocked,
}: {
  userId: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBlocked?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const block = useBlock();

  function handleBlock() {
    block.mutate(userId, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: t('safety.block.done', { name }) });
        onBlocked?.();
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('safety.block.title', { name })} description={t('safety.block.body', { name })}>
      <FormAlert>{block.isError ? t('safety.block.failed') : null}</FormAlert>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
          {t('safety.block.cancel')}
        </Button>
        <Button type="button" variant="destructive" disabled={block.isPending} onClick={handleBlock}>
          {t('safety.block.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
