import { useTranslation } from 'react-i18next';
import { declineReasons, type DeclineReason } from '#domain/introductions/introductions';
import { CheckboxField } from '#web/components/ui/checkbox';

/**
 * Why a no (issue 51): the reasons from the list, any number, as a group of checkboxes under one legend. Only the
 * coordinators read them; the hint says so in the words of whoever declines (a member, or an elder).
 */
export function DeclineReasonsField({ value, onChange, hint, error }: { value: DeclineReason[]; onChange: (next: DeclineReason[]) => void; hint: string; error?: string | undefined }) {
  const { t } = useTranslation();
  const toggle = (reason: DeclineReason, on: boolean) => onChange(on ? declineReasons.filter((r) => r === reason || value.includes(r)) : value.filter((r) => r !== reason));
  return (
    <fieldset className="flex flex-col gap-2" data-testid="decline-reasons">
      <legend className="text-base font-semibold text-stone-900">{t('introductions.declineReasons.heading')}</legend>
      <p className="text-sm text-stone-700">{hint}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {declineReasons.map((reason) => (
          <CheckboxField key={reason} label={t(`introductions.declineReasons.${reason}`)} checked={value.includes(reason)} onChange={(event) => toggle(reason, event.target.checked)} />
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
