import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_DETAILS_MAX } from '#domain/safety/safety';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { FormAlert } from '#web/components/ui/form-alert';
import { TextareaField } from '#web/components/ui/textarea';

/**
 * Asks before a staff action a member will see or that cannot be undone (suspend, remove photos, decide a
 * report, unsuspend). With `reasonRequired`, the action waits for a reason, which is stored with the decision (the
 * report's note or the suspension's reason; never mailed to the member).
 */
export function ConfirmStaffAction({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  destructive,
  reasonRequired,
  pending,
  failed,
  onConfirm,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  reasonRequired?: boolean;
  pending: boolean;
  failed: boolean;
  onConfirm: (reason: string) => void;
  /** A choice the action takes besides the reason (the reverify's rungs). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const tooLong = reason.length > REPORT_DETAILS_MAX;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (reasonRequired && reason.trim() === '') {
      setMissing(true);
      return;
    }
    if (!tooLong) onConfirm(reason.trim());
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3">
        {children}
        {reasonRequired ? (
          <TextareaField
            label={t('safety.admin.confirm.reason')}
            hint={t('safety.admin.confirm.reasonHint')}
            value={reason}
            rows={3}
            required
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
            error={tooLong ? t('common.validation.tooLong2000') : missing ? t('safety.admin.confirm.reasonRequired') : undefined}
          />
        ) : null}
        <FormAlert>{failed ? t('safety.admin.actionFailed') : null}</FormAlert>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('safety.admin.confirm.cancel')}
          </Button>
          <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
