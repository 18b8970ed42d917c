import { useTranslation } from 'react-i18next';
import { PRIVACY_NOTICE_VERSION } from '#domain/accounts/sign-in';
import { BulletList } from '#web/components/page/prose';
import { PageFrame } from '#web/components/page/page-frame';
import { TitledSection } from '#web/components/page/titled-section';
import { getSiteInfo } from '#web/lib/site-info';

const whoSees = ['matches', 'coordinators', 'volunteers', 'admin', 'nobodyElse'] as const;
/** The retention table of docs/privacy.md (features/accounts/retention.ts enforces it), in members' words. */
const keptFor = ['account', 'messages', 'introductions', 'reports', 'reportedAccounts', 'audit', 'links', 'deleted', 'backups'] as const;

/** Route /privacy: what is stored, who sees it, how long, how to delete it; sign-up asks to agree to this version. */
export function PrivacyPage() {
  const { t } = useTranslation();
  const { contactEmail } = getSiteInfo();
  const section = (id: 'stored' | 'delete') => (
    <TitledSection id={`privacy-${id}`} title={t(`privacy.sections.${id}.title`)} titleStyle="notice" className="mt-6">
      <p className="mt-2 text-stone-800">{t(`privacy.sections.${id}.body`)}</p>
    </TitledSection>
  );
  return (
    <PageFrame title={t('privacy.title')} intro={<p>{t('privacy.intro')}</p>}>
      <p className="text-sm text-stone-700">{t('privacy.version', { version: PRIVACY_NOTICE_VERSION })}</p>
      {section('stored')}
      <TitledSection id="privacy-who" title={t('privacy.sections.who.title')} titleStyle="notice" className="mt-6">
        <BulletList items={whoSees.map((id) => t(`privacy.sections.who.${id}`))} className="mt-2" />
      </TitledSection>
      <TitledSection id="privacy-howLong" title={t('privacy.sections.howLong.title')} titleStyle="notice" className="mt-6">
        <p className="mt-2 text-stone-800">{t('privacy.sections.howLong.body')}</p>
        <BulletList items={keptFor.map((id) => t(`privacy.sections.howLong.items.${id}`))} className="mt-2" />
        <p className="mt-2 text-stone-800">{t('privacy.sections.howLong.record')}</p>
      </TitledSection>
      {section('delete')}
      <TitledSection id="privacy-contact" title={t('privacy.sections.contact.title')} titleStyle="notice" className="mt-6">
        <p className="mt-2 text-stone-800">{t('privacy.sections.contact.body', { email: contactEmail })}</p>
      </TitledSection>
    </PageFrame>
  );
}
