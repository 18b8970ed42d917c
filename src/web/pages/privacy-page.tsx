import { useTranslation } from 'react-i18next';
import { PRIVACY_NOTICE_VERSION } from '#domain/accounts/sign-in';
import { PageFrame } from '#web/components/page/page-frame';
import { getSiteInfo } from '#web/lib/site-info';

const whoSees = ['matches', 'coordinators', 'volunteers', 'admin', 'nobodyElse'] as const;
/** The retention table of docs/privacy.md (features/accounts/retention.ts enforces it), in members' words. */
const keptFor = ['account', 'messages', 'introductions', 'reports', 'reportedAccounts', 'audit', 'links', 'deleted', 'backups'] as const;

/** Route /privacy: what is stored, who sees it, how long, how to delete it; sign-up asks to agree to this version. */
export function PrivacyPage() {
  const { t } = useTranslation();
  const { contactEmail } = getSiteInfo();
  const section = (id: 'stored' | 'delete') => (
    <section aria-labelledby={`privacy-${id}`} className="mt-6">
      <h2 id={`privacy-${id}`} className="font-serif text-xl font-bold text-stone-900">
        {t(`privacy.sections.${id}.title`)}
      </h2>
      <p className="mt-2 text-stone-800">{t(`privacy.sections.${id}.body`)}</p>
    </section>
  );
  return (
    <PageFrame title={t('privacy.title')} intro={<p>{t('privacy.intro')}</p>}>
      <p className="text-sm text-stone-700">{t('privacy.version', { version: PRIVACY_NOTICE_VERSION })}</p>
      {section('stored')}
      <section aria-labelledby="privacy-who" className="mt-6">
        <h2 id="privacy-who" className="font-serif text-xl font-bold text-stone-900">
          {t('privacy.sections.who.title')}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-stone-800">
          {whoSees.map((id) => (
            <li key={id}>{t(`privacy.sections.who.${id}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="privacy-howLong" className="mt-6">
        <h2 id="privacy-howLong" className="font-serif text-xl font-bold text-stone-900">
          {t('privacy.sections.howLong.title')}
        </h2>
        <p className="mt-2 text-stone-800">{t('privacy.sections.howLong.body')}</p>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-stone-800">
          {keptFor.map((id) => (
            <li key={id}>{t(`privacy.sections.howLong.items.${id}`)}</li>
          ))}
        </ul>
        <p className="mt-2 text-stone-800">{t('privacy.sections.howLong.record')}</p>
      </section>
      {section('delete')}
      <section aria-labelledby="privacy-contact" className="mt-6">
        <h2 id="privacy-contact" className="font-serif text-xl font-bold text-stone-900">
          {t('privacy.sections.contact.title')}
        </h2>
        <p className="mt-2 text-stone-800">{t('privacy.sections.contact.body', { email: contactEmail })}</p>
      </section>
    </PageFrame>
  );
}
