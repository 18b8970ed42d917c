import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** In the header on the dashboard: the admin is signed in (the header otherwise offers a visitor's Sign in). */
export function AdminSignedIn() {
  const { t } = useTranslation();
  return (
    // Two short lines on a phone rather than pushing the language switch off the screen (the icon only from sm up).
    <span className="inline-flex min-w-0 items-center gap-1 px-1 text-sm leading-tight font-semibold text-stone-800 sm:px-2" data-testid="admin-signed-in">
      <ShieldCheck aria-hidden className="hidden size-4 shrink-0 text-saffron-800 sm:block" />
      {t('admin.header.signedIn')}
    </span>
  );
}
