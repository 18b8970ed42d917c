import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { DELETE_CONFIRMATION_WORDS, deleteAccountInput, isDeleteConfirmation } from '#domain/accounts/account';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/field';
import { FormAlert } from '#web/components/ui/form-alert';
import { translateValidation } from '#web/i18n/validation-text';
import { useLanguage } from '#web/features/language/components/language-provider';
import { useDeleteAccount } from '../api/account';
import { showServerFieldErrors } from '#web/lib/server-form-errors';
import { SettingsSection } from '#web/components/page/settings-section';

/** The screen asks for the word typed exactly (the page language's, or the other's), then the password (which the server checks). */
const deleteForm = deleteAccountInput.extend({ confirm: z.string().refine(isDeleteConfirmation, { message: 'mismatch' }) });
type DeleteForm = z.infer<typeof deleteForm>;

export function DeleteSection() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const remove = useDeleteAccount();
  const form = useForm<DeleteForm>({ resolver: zodResolver(deleteForm), defaultValues: { confirm: '', password: '' } });
  const { errors } = form.formState;
  const { language } = useLanguage();
  const word = DELETE_CONFIRMATION_WORDS[language];

  function handleSubmit({ password }: DeleteForm) {
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          // A page of its own says what went and what stays; a mail confirms it.
          navigate('/account-deleted');
        },
        onError: (error) => void showServerFieldErrors(form, error, ['password']),
      },
    );
  }

  const failed = remove.isError && !errors.password;
  return (
    <SettingsSection id="delete" title={t('account.deletion.heading')} intro={t('account.deletion.intro')}>
      <form noValidate onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4">
        <TextField
          label={t('account.deletion.confirmLabel', { word })}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.confirm ? t('account.deletion.mismatch', { word }) : undefined}
          {...form.register('confirm')}
        />
        <TextField
          label={t('account.deletion.password')}
          type="password"
          autoComplete="current-password"
          error={translateValidation(t, errors.password?.message)}
          {...form.register('password')}
        />
        <FormAlert>{failed ? t('common.errors.generic') : null}</FormAlert>
        <Button type="submit" variant="destructive" className="self-start" disabled={remove.isPending}>
          {remove.isPending ? t('account.deletion.submitting') : t('account.deletion.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}
