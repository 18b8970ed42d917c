import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** In the header on the dashboard: the admin is signed in (the header otherwise offers a visitor's Sign in). */
export function AdminSignedIn() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex h-9 items-center gap-1 px-2 text-sm font-semibold text-stone-800" data-testid="admin-signed-in">
      <ShieldCheck aria-hidden className="size-4 text-saffron-800" />
      {t('admin.header.signedIn')}
    </span>
  );
}
