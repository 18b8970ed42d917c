import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <p aria-hidden className="font-serif text-6xl font-bold text-saffron-700">
        404
      </p>
      <h1 className="font-serif text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="text-stone-700">{t('notFound.body')}</p>
      <Button asChild variant="secondary">
        <Link href="/">{t('notFound.home')}</Link>
      </Button>
    </div>
  );
}
