import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changeEmailInput, type ChangeEmailInput } from '#domain/accounts/account';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/field';
import { FormAlert } from '#web/components/ui/form-alert';
import { translateValidation } from '#web/i18n/validation-text';
import { ApiError } from '#web/lib/api';
import { useChangeEmail } from '../api/account';
import { showServerFieldErrors } from '#web/lib/server-form-errors';
import { Done, SettingsSection } from '#web/components/page/settings-section';

export function EmailSection() {
  const { t } = useTranslation();
  const change = useChangeEmail();
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(changeEmailInput), defaultValues: { newEmail: '', password: '' } });
  const { errors } = form.formState;

  function handleSubmit(values: ChangeEmailInput) {
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => void showServerFieldErrors(form, error, ['newEmail', 'password']),
    });
  }

  const failed = change.isError && !errors.newEmail && !errors.password;
  // A current email never verified may not move (403), and an address has a daily cap (429).
  const notVerified = change.error instanceof ApiError && change.error.code === 'email-not-verified';
  const tooMany = change.error instanceof ApiError && change.error.status === 429;
  return (
    <SettingsSection id="email" title={t('account.email.heading')} intro={t('account.email.intro')}>
      <form noValidate onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4">
        {change.isSuccess ? <Done>{t('account.email.sent')}</Done> : null}
        <TextField
          label={t('account.email.newEmail')}
          type="email"
          autoComplete="email"
          error={translateValidation(t, errors.newEmail?.message)}
          {...form.register('newEmail')}
        />
        <TextField
          label={t('account.email.password')}
          type="password"
          autoComplete="current-password"
          error={translateValidation(t, errors.password?.message)}
          {...form.register('password')}
        />
        <FormAlert>{notVerified ? t('auth.validation.emailNotVerified') : tooMany ? t('account.email.tooMany') : failed ? t('common.errors.generic') : null}</FormAlert>
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending ? t('account.email.submitting') : t('account.email.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}
