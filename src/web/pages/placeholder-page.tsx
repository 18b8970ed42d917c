import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../components/ui/button';

/** Stands in for screens whose issues have not landed yet. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="font-serif text-3xl font-bold">{t('common.placeholder.title')}</h1>
      <p className="text-stone-700">{t('common.placeholder.body')}</p>
      <Button asChild variant="secondary">
        <Link href="/">{t('common.placeholder.home')}</Link>
      </Button>
    </div>
  );
}
