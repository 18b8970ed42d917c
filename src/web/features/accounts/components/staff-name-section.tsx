import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { accountNameInput } from '#domain/staff/staff-name';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/field';
import { FormAlert } from '#web/components/ui/form-alert';
import { translateValidation } from '#web/i18n/validation-text';
import { errorText } from '#web/lib/error-text';
import { useSetAccountName } from '../api/account';
import { Done, SettingsSection } from '#web/components/page/settings-section';

/**
 * A coordinator's or elder's name as members see it when no profile name comes first (given when joining the
 * team): the same rules as on the join page (domain/staff/staff-name.ts).
 */
export function StaffNameSection({ firstName, lastName }: { firstName: string | null; lastName: string | null }) {
  const { t } = useTranslation();
  const save = useSetAccountName();
  const [first, setFirst] = useState(firstName ?? '');
  const [last, setLast] = useState(lastName ?? '');
  const [faults, setFaults] = useState<{ firstName?: string; lastName?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = accountNameInput.safeParse({ firstName: first, lastName: last });
    if (!parsed.success) {
      const next: { firstName?: string; lastName?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'firstName' || field === 'lastName') && !next[field]) next[field] = translateValidation(t, issue.message);
      }
      setFaults(next);
      return;
    }
    setFaults({});
    save.mutate(parsed.data);
  };

  return (
    <SettingsSection id="staff-name" title={t('account.staffName.heading')} intro={t('account.staffName.intro')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('account.staffName.heading')}>
        <TextField label={t('account.staffName.firstName')} value={first} onChange={(e) => setFirst(e.target.value)} error={faults.firstName} autoComplete="given-name" maxLength={80} required />
        <TextField label={t('account.staffName.lastName')} value={last} onChange={(e) => setLast(e.target.value)} error={faults.lastName} autoComplete="family-name" maxLength={80} />
        {save.isSuccess ? <Done>{t('account.staffName.saved')}</Done> : null}
        {save.isError ? <FormAlert>{errorText(t, save.error)}</FormAlert> : null}
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {save.isPending ? t('account.staffName.saving') : t('account.staffName.save')}
        </Button>
      </form>
    </SettingsSection>
  );
}
