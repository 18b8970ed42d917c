import { LockKeyhole } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { PageFrame } from '#web/components/page/page-frame';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { TextField } from '#web/components/ui/field';
import { dismissAllToasts, toastError } from '#web/components/ui/toast-store';
import { useAdminLogin } from '#web/features/admin/api/admin-session';
import { translateValidation } from '#web/i18n/validation-text';
import type { z } from 'zod';
import type { adminLoginInput } from '#domain/staff/admin';
import { ApiError } from '#web/lib/api';
import { lazyZodResolver } from '#web/lib/lazy-zod-resolver';

type AdminLoginValues = z.infer<typeof adminLoginInput>;
const adminLogin = lazyZodResolver<AdminLoginValues>(() => import('#domain/staff/admin').then((admin) => admin.adminLoginInput));

/** Route /admin-login: the password is checked by the server, which marks the session as admin. */
export function AdminLoginPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const login = useAdminLogin();
  // No default values: the field keeps what was typed before the app took the server's page over (lib/app-ready.ts).
  const form = useForm<AdminLoginValues>({ resolver: adminLogin.resolver });

  function handleSubmit({ password }: AdminLoginValues) {
    login.mutate(password, {
      onSuccess: () => {
        dismissAllToasts();
        navigate('/admin');
      },
      onError: (error) => {
        form.resetField('password');
        const status = error instanceof ApiError ? error.status : 0;
        if (status === 401) {
          toastError(t('admin.login.deniedTitle'), t('admin.login.denied'));
        }
      },
    });
  }

  let failure: string | null = null;
  if (login.error) {
    const status = login.error instanceof ApiError ? login.error.status : 0;
    if (status === 401) failure = t('admin.login.denied');
    else if (status === 429) failure = t('admin.login.tooMany');
    else if (status === 403) failure = t('admin.login.disabled');
    else failure = t('admin.login.failed');
  }

  return (
    <PageFrame width="form" title={t('admin.login.title')}>
      <p className="mb-6 text-stone-700">{t('admin.login.intro')}</p>
      {/* POST: a form sent before the app took over the server's page carries its fields in the body, never the URL. */}
      <form method="post" noValidate onFocus={adminLogin.preload} onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4">
        <TextField
          label={t('admin.login.password')}
          type="password"
          autoComplete="current-password"
          error={translateValidation(t, form.formState.errors.password?.message)}
          {...form.register('password')}
        />
        <FormAlert>{failure}</FormAlert>
        <Button type="submit" disabled={login.isPending}>
          <LockKeyhole aria-hidden className="size-5" />
          {login.isPending ? t('admin.login.submitting') : t('admin.login.submit')}
        </Button>
      </form>
      <Link href="/" className="mt-6 inline-flex min-h-11 items-center text-sm font-medium text-saffron-800 underline">
        {t('admin.login.home')}
      </Link>
    </PageFrame>
  );
}
