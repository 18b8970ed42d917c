import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_DETAILS_MAX, reportReasons, type ReportReason } from '#domain/safety/safety';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox';
import { Dialog } from '#web/components/ui/dialog';
import { FormAlert } from '#web/components/ui/form-alert';
import { TextareaField } from '#web/components/ui/textarea';
import { toast } from '#web/components/ui/toast-store';
import { ApiError } from '#web/lib/api';
import { useBlock } from '#web/lib/blocks';
import { useReport } from '../api/reports';

/**
 * Report a person (optionally one message of theirs): a reason, details, and "also block". Reporting
 * alone blocks nothing; the confirmation says which happened.
 */
export function ReportDialog({
  userId,
  name,
  open,
  onOpenChange,
  messageId,
  defaultReason,
  onBlocked,
}: {
  userId: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  messageId?: string | undefined;
  defaultReason?: ReportReason | undefined;
  onBlocked?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const report = useReport();
  const block = useBlock();
  const [reason, setReason] = useState<ReportReason | ''>(defaultReason ?? '');
  const [details, setDetails] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [missingReason, setMissingReason] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    try {
      await report.mutateAsync({ userId, reason, details: details.trim() || undefined, messageId });
      if (alsoBlock) await block.mutateAsync(userId);
    } catch {
      return;
    }
    onOpenChange(false);
    toast({ title: alsoBlock ? t('safety.report.sentAndBlocked', { name }) : t('safety.report.sent') });
    if (alsoBlock) onBlocked?.();
  }

  const error = report.error ?? block.error;
  const failure = error ? (error instanceof ApiError && error.status === 429 ? t('safety.report.tooMany') : t('safety.report.failed')) : null;
  const pending = report.isPending || block.isPending;
  const tooLong = details.length > REPORT_DETAILS_MAX;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('safety.report.title', { name })} description={t('safety.report.intro', { name })}>
      <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
        <fieldset aria-describedby={missingReason ? 'report-reason-error' : undefined} className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-stone-800">{t('safety.report.reason')}</legend>
          {reportReasons.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 has-checked:border-saffron-700 has-checked:bg-saffron-50"
            >
              <input
                type="radio"
                name="report-reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setMissingReason(false);
                }}
                className="size-4 accent-saffron-700"
              />
              {t(`safety.reasons.${value}`)}
            </label>
          ))}
          {missingReason ? (
            <p id="report-reason-error" className="text-sm text-red-800">
              {t('safety.validation.reportReasonInvalid')}
            </p>
          ) : null}
        </fieldset>
        <TextareaField
          label={t('safety.report.details')}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          error={tooLong ? t('common.validation.tooLong2000') : undefined}
          rows={3}
        />
        <CheckboxField
          label={t('safety.report.alsoBlock', { name })}
          hint={t('safety.report.alsoBlockHint')}
          checked={alsoBlock}
          onChange={(event) => setAlsoBlock(event.target.checked)}
        />
        <FormAlert>{failure}</FormAlert>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('safety.report.cancel')}
          </Button>
          <Button type="submit" disabled={pending || tooLong}>
            {pending ? t('safety.report.sending') : t('safety.report.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
