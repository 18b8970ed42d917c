import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#domain/language/language';
import { memberRoles, type MemberRole } from '#domain/staff/roles';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/field';
import { SelectField } from '#web/components/ui/select';
import { toast, toastError } from '#web/components/ui/toast-store';
import { useLanguage } from '#web/features/language/components/language-provider';
import { useInviteToTeam } from '../api/staff-and-site';

/** The admin invites a coordinator or an elder by email: no marriage profile needed. */
export function TeamInviteForm() {
  const { t } = useTranslation();
  const { language: pageLanguage } = useLanguage();
  const invite = useInviteToTeam();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('coordinator');
  const [language, setLanguage] = useState<Language>(pageLanguage);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    invite.mutate(
      { email: email.trim(), role, language },
      {
        onSuccess: () => {
          toast({ title: t('admin.toasts.successTitle'), description: t('admin.invite.sent', { email: email.trim() }) });
          setEmail('');
        },
        onError: () => toastError(t('admin.toasts.errorTitle'), t('admin.invite.failed')),
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} aria-labelledby="admin-invite-title" className="mt-4 rounded-lg border border-stone-200 bg-white p-4">
      <h3 id="admin-invite-title" className="text-lg font-semibold text-stone-900">
        {t('admin.invite.title')}
      </h3>
      <p className="mt-1 text-sm text-stone-700">{t('admin.invite.intro')}</p>
      <div className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-3">
        <TextField label={t('admin.invite.email')} type="email" required autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        <SelectField
          label={t('admin.invite.role')}
          value={role}
          onChange={(event) => setRole(event.target.value as MemberRole)}
          options={memberRoles.map((value) => ({ value, label: t(`introductions.admin.${value}`) }))}
        />
        <SelectField
          label={t('admin.invite.language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value as Language)}
          options={(['en', 'es'] as const).map((value) => ({ value, label: t(`admin.invite.languages.${value}`) }))}
        />
      </div>
      <Button type="submit" className="mt-3" disabled={invite.isPending}>
        {invite.isPending ? t('admin.invite.sending') : t('admin.invite.send')}
      </Button>
    </form>
  );
}
