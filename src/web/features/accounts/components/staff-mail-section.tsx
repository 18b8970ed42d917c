import { useTranslation } from 'react-i18next';
import { staffMailModes, type StaffMailMode, type StaffMailPreference } from '#domain/staff/staff-notifications';
import { FormAlert } from '#web/components/ui/form-alert';
import { SelectField } from '#web/components/ui/select';
import { errorText } from '#web/lib/error-text';
import { useSetStaffMail } from '../api/account';
import { Done, SettingsSection } from '#web/components/page/settings-section';

/**
 * A coordinator's or elder's staff mails, one choice a kind — at once (the default), in one daily
 * digest, or none. Each change is saved as it is made.
 */
export function StaffMailsSection({ saved }: { saved: StaffMailPreference[] }) {
  const { t } = useTranslation();
  const save = useSetStaffMail();
  return (
    <SettingsSection id="staff-notices" title={t('account.staffMail.heading')} intro={<p>{t('account.staffMail.intro')}</p>}>
      <div className="flex flex-col gap-4">
        {saved.map((row) => (
          <SelectField
            key={row.kind}
            label={t(`account.staffMail.kinds.${row.kind}`)}
            value={row.mode}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ kind: row.kind, mode: event.target.value as StaffMailMode })}
            options={staffMailModes.map((mode) => ({ value: mode, label: t(`account.staffMail.modes.${mode}`) }))}
          />
        ))}
        {save.isSuccess ? <Done>{t('account.staffMail.saved')}</Done> : null}
        <FormAlert>{save.isError ? errorText(t, save.error) : null}</FormAlert>
      </div>
    </SettingsSection>
  );
}
