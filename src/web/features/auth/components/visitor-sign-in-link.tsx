import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { cn } from '#web/lib/cn';

/**
 * "Sign in" in a visitor's header (the landing hero's and every other screen's): Get Started opens the sign-up
 * form for a browser new here, so a member on a new device finds sign-in one tap away. Left out on
 * the sign-in form itself. A plain link: it works before the scripts have arrived.
 */
export function VisitorSignInLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [path] = useLocation();
  const search = new URLSearchParams(useSearch());
  if (path === '/login' && search.get('mode') !== 'signup') return null;
  return (
    <Link
      href="/login"
      className={cn('inline-flex h-9 items-center rounded-md px-2 text-sm font-semibold text-saffron-800 underline underline-offset-4 hover:bg-saffron-50', className)}
    >
      {t('auth.header.signIn')}
    </Link>
  );
}
