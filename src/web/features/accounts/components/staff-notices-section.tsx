import { useTranslation } from 'react-i18next';
import { staffNoticeModes, type StaffNoticeMode, type StaffNoticePreference } from '#domain/staff/staff-notifications';
import { FormAlert } from '#web/components/ui/form-alert';
import { SelectField } from '#web/components/ui/select';
import { errorText } from '#web/lib/error-text';
import { useSetStaffNotice } from '../api/account';
import { Done, SettingsSection } from '#web/components/page/settings-section';

/**
 * A coordinator's or elder's staff mails, one choice a kind — at once (the default), in one daily
 * digest, or none. Each change is saved as it is made.
 */
export function StaffNoticesSection({ saved }: { saved: StaffNoticePreference[] }) {
  const { t } = useTranslation();
  const save = useSetStaffNotice();
  return (
    <SettingsSection id="staff-notices" title={t('account.staffNotices.heading')} intro={<p>{t('account.staffNotices.intro')}</p>}>
      <div className="flex flex-col gap-4">
        {saved.map((row) => (
          <SelectField
            key={row.kind}
            label={t(`account.staffNotices.kinds.${row.kind}`)}
            value={row.mode}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ kind: row.kind, mode: event.target.value as StaffNoticeMode })}
            options={staffNoticeModes.map((mode) => ({ value: mode, label: t(`account.staffNotices.modes.${mode}`) }))}
          />
        ))}
        {save.isSuccess ? <Done>{t('account.staffNotices.saved')}</Done> : null}
        <FormAlert>{save.isError ? errorText(t, save.error) : null}</FormAlert>
      </div>
    </SettingsSection>
  );
}
