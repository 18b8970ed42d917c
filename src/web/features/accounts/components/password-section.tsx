import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePasswordInput, type ChangePasswordInput } from '#domain/accounts/account';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/field';
import { FormAlert } from '#web/components/ui/form-alert';
import { translateValidation } from '#web/i18n/validation-text';
import { useChangePassword } from '../api/account';
import { showServerFieldErrors } from '#web/lib/server-form-errors';
import { Done, SettingsSection } from '#web/components/page/settings-section';

export function PasswordSection() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordInput), defaultValues: { currentPassword: '', newPassword: '' } });
  const { errors } = form.formState;

  function handleSubmit(values: ChangePasswordInput) {
    change.mutate(values, {
      onSuccess: () => form.reset(),
      onError: (error) => void showServerFieldErrors(form, error, ['currentPassword', 'newPassword']),
    });
  }

  const failed = change.isError && !errors.currentPassword && !errors.newPassword;
  return (
    <SettingsSection id="password" title={t('account.password.heading')}>
      <form noValidate onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4">
        {change.isSuccess ? <Done>{t('account.password.done')}</Done> : null}
        <TextField
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          error={translateValidation(t, errors.currentPassword?.message)}
          {...form.register('currentPassword')}
        />
        <TextField
          label={t('account.password.new')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.fields.passwordHint')}
          error={translateValidation(t, errors.newPassword?.message)}
          {...form.register('newPassword')}
        />
        <FormAlert>{failed ? t('common.errors.generic') : null}</FormAlert>
        <Button type="submit" className="self-start" disabled={change.isPending}>
          {change.isPending ? t('account.password.submitting') : t('account.password.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}
