import { CheckCircle2, Home, ImagePlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/button-link';
import { Card } from '#web/components/ui/card';

/** Replaces the form after a successful submission; focus moves to its heading. */
export function ApplicationConfirmation() {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <Card className="flex flex-col items-center gap-4 text-center">
      <CheckCircle2 aria-hidden className="size-12 text-green-700" />
      <h2 ref={headingRef} tabIndex={-1} className="font-serif text-2xl font-semibold text-stone-900 outline-none">
        {t('volunteer.confirmation.title')}
      </h2>
      <p className="text-stone-700">{t('volunteer.confirmation.body')}</p>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ButtonLink href="/volunteer-profile" icon={ImagePlus} iconSize="md">{t('volunteer.confirmation.addPhoto')}</ButtonLink>
        <ButtonLink href="/" icon={Home} iconSize="md" variant="secondary">{t('volunteer.confirmation.home')}</ButtonLink>
      </div>
    </Card>
  );
}
