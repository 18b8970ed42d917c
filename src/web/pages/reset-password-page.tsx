import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import type { PasswordResetConfirmInput } from '#domain/accounts/auth';
import { PageFrame } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/field';
import { useConfirmPasswordReset } from '#web/features/auth/api/session';
import { translateValidation } from '#web/i18n/validation-text';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver';

const resetConfirm = lazyZodResolver<PasswordResetConfirmInput>(() => import('#domain/accounts/auth').then((auth) => auth.passwordResetConfirmInput));

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const form = useForm<PasswordResetConfirmInput>({
    resolver: resetConfirm.resolver,
    // No default password: the field keeps what was typed before the app took the server's page over (lib/app-ready.ts).
    defaultValues: { token },
  });

  if (confirm.isSuccess) {
    return (
      <PageFrame width="form" title={t('auth.reset.title')}>
        <p role="status" className="mb-6 rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {t('auth.reset.done')}
        </p>
        <Button asChild>
          <Link href="/login">{t('auth.reset.toSignIn')}</Link>
        </Button>
      </PageFrame>
    );
  }

  const invalidLink = !token || confirm.isError || Boolean(form.formState.errors.token);
  return (
    <PageFrame width="form" title={t('auth.reset.title')}>
      {invalidLink ? (
        <div role="alert" className="mb-6 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p>{t('auth.reset.invalid')}</p>
          <Link href="/forgot-password" className="mt-2 inline-block font-medium underline">
            {t('auth.reset.requestNew')}
          </Link>
        </div>
      ) : null}
      {/* POST: a form sent before the app took over the server's page carries its fields in the body, never the URL. */}
      <form method="post" noValidate onFocus={resetConfirm.preload} onSubmit={form.handleSubmit((values) => confirm.mutate(values))} className="flex flex-col gap-4">
        <TextField
          label={t('auth.fields.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.fields.passwordHint')}
          error={translateValidation(t, form.formState.errors.password?.message)}
          {...form.register('password')}
        />
        <Button type="submit" disabled={confirm.isPending || !token}>
          {confirm.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
      </form>
    </PageFrame>
  );
}
