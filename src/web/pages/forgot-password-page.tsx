import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PasswordResetRequestInput } from '#domain/accounts/auth';
import { PageFrame } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { TextField } from '#web/components/ui/field';
import { useRequestPasswordReset } from '#web/features/auth/api/session';
import { translateValidation } from '#web/i18n/validation-text';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver';

const resetRequest = lazyZodResolver<PasswordResetRequestInput>(() => import('#domain/accounts/auth').then((auth) => auth.passwordResetRequestInput));

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequestInput>({
    resolver: resetRequest.resolver,
    // No default values: the field keeps what was typed before the app took the server's page over (lib/app-ready.ts).
  });

  return (
    <PageFrame width="form" title={t('auth.forgot.title')}>
      {request.isSuccess ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {t('auth.forgot.sent')}
        </p>
      ) : (
        <>
          <p className="mb-6 text-stone-700">{t('auth.forgot.intro')}</p>
          {/* POST: a form sent before the app took over the server's page carries its fields in the body, never the URL. */}
          <form method="post" noValidate onFocus={resetRequest.preload} onSubmit={form.handleSubmit((values) => request.mutate(values))} className="flex flex-col gap-4">
            <TextField
              label={t('auth.fields.email')}
              type="email"
              autoComplete="email"
              error={translateValidation(t, form.formState.errors.email?.message)}
              {...form.register('email')}
            />
            {request.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {t('common.errors.generic')}
              </p>
            ) : null}
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
            </Button>
          </form>
        </>
      )}
      <Link href="/login" className="mt-6 inline-block text-sm font-medium text-saffron-800 underline">
        {t('auth.forgot.backToSignIn')}
      </Link>
    </PageFrame>
  );
}
