import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { guardianInput, guardianRelations, MAX_GUARDIANS, type GuardianRelation } from '#domain/introductions/guardians';
import { Button } from '#web/components/ui/button';
import { CheckboxField } from '#web/components/ui/checkbox';
import { TextField } from '#web/components/ui/field';
import { FormAlert } from '#web/components/ui/form-alert';
import { SelectField } from '#web/components/ui/select';
import { translateValidation } from '#web/i18n/validation-text';
import { errorText } from '#web/lib/error-text';
import { Done, SettingsSection } from '#web/components/page/settings-section';
import { useGuardians, useGuarding, useInviteGuardian, useRemoveGuardian, useSetSeesMessages } from '../api/guardians';

type Faults = Partial<Record<'name' | 'email', string>>;

/**
 * /settings, "Family at the table": who follows the member's introductions, whether each reads her
 * conversations (she switches it), and an invitation form while she has fewer than MAX_GUARDIANS.
 */
export function GuardiansSection() {
  const { t } = useTranslation();
  const list = useGuardians();
  const guarding = useGuarding();
  const invite = useInviteGuardian();
  const toggle = useSetSeesMessages();
  const remove = useRemoveGuardian();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [relation, setRelation] = useState<GuardianRelation>('parent');
  const [seesMessages, setSeesMessages] = useState(false);
  const [faults, setFaults] = useState<Faults>({});

  const current = (list.data ?? []).filter((g) => g.status !== 'expired');
  const atLimit = current.length >= MAX_GUARDIANS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = guardianInput.safeParse({ name, email, relation, seesMessages });
    if (!parsed.success) {
      const next: Faults = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'email') && !next[field]) next[field] = translateValidation(t, issue.message);
      }
      setFaults(next);
      return;
    }
    setFaults({});
    invite.mutate(parsed.data, {
      onSuccess: () => {
        setName('');
        setEmail('');
        setSeesMessages(false);
      },
    });
  };

  return (
    <SettingsSection id="guardians" title={t('guardians.settings.heading')} intro={t('guardians.settings.intro')}>
      <div className="flex flex-col gap-4">
        <h3 className="text-base font-semibold text-stone-900">{t('guardians.settings.list')}</h3>
        {list.data && list.data.length === 0 ? <p className="text-sm text-stone-700">{t('guardians.settings.empty')}</p> : null}
        {list.data && list.data.length > 0 ? (
          <ul className="flex flex-col gap-3" data-testid="guardian-list">
            {list.data.map((g) => (
              <li key={g.id} className="flex flex-col gap-2 rounded-md border border-stone-200 p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium break-words text-stone-900">{g.name}</span>
                  <span className="text-sm text-stone-700">
                    {t(`guardians.relation.${g.relation}`)} · {t(`guardians.settings.status.${g.status}`)}
                  </span>
                </div>
                <span className="text-sm break-all text-stone-700">{g.email}</span>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <CheckboxField
                    id={`guardian-reads-${g.id}`}
                    label={t('guardians.settings.readsMessagesLabel', { name: g.name })}
                    checked={g.seesMessages}
                    disabled={toggle.isPending}
                    onChange={(event) => toggle.mutate({ id: g.id, seesMessages: event.target.checked })}
                  />
                  <Button type="button" variant="secondary" size="sm" aria-label={t('guardians.settings.removeLabel', { name: g.name })} disabled={remove.isPending} onClick={() => remove.mutate(g.id)}>
                    {t('guardians.settings.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {toggle.isError || remove.isError ? <FormAlert>{errorText(t, toggle.error ?? remove.error)}</FormAlert> : null}
        {atLimit ? (
          <p className="text-sm text-stone-700">{t('guardians.settings.limitReached')}</p>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('guardians.settings.invite')}>
            <TextField label={t('guardians.settings.name')} value={name} onChange={(e) => setName(e.target.value)} error={faults.name} autoComplete="off" maxLength={80} />
            <TextField label={t('guardians.settings.email')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={faults.email} autoComplete="off" />
            <SelectField
              label={t('guardians.settings.relation')}
              options={guardianRelations.map((value) => ({ value, label: t(`guardians.relation.${value}`) }))}
              value={relation}
              onChange={(e) => setRelation(e.target.value as GuardianRelation)}
            />
            <CheckboxField label={t('guardians.settings.seesMessages')} checked={seesMessages} onChange={(e) => setSeesMessages(e.target.checked)} />
            {invite.isSuccess ? <Done>{t('guardians.settings.invited')}</Done> : null}
            {invite.isError ? <FormAlert>{errorText(t, invite.error)}</FormAlert> : null}
            <Button type="submit" className="self-start" disabled={invite.isPending}>
              {invite.isPending ? t('guardians.settings.inviting') : t('guardians.settings.invite')}
            </Button>
          </form>
        )}
        {guarding.data && guarding.data.length > 0 ? (
          <Link href="/guarding" className="text-sm font-medium text-saffron-800 underline">
            {t('guardians.settings.guardingLink')}
          </Link>
        ) : null}
      </div>
    </SettingsSection>
  );
}
