import { useTranslation } from 'react-i18next';
import { languages } from '#domain/language/language';
import { cn } from '#web/lib/cn';
import { useLanguage } from './language-provider';

/** The EN/ES switch: two buttons, the current one pressed. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  return (
    <div role="group" aria-label={t('common.language.label')} className={cn('inline-flex rounded-md border border-stone-300 bg-white p-0.5', className)}>
      {languages.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={language === code}
          // The name starts with the visible "EN"/"ES" (WCAG 2.5.3, axe label-content-name-mismatch), then says the language.
          aria-label={`${code.toUpperCase()} (${t(`common.language.${code}`)})`}
          onClick={() => setLanguage(code)}
          className={cn(
            'h-9 min-w-11 rounded px-2 text-sm font-semibold uppercase',
            language === code ? 'bg-saffron-700 text-white' : 'text-stone-700 hover:bg-stone-100',
          )}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
