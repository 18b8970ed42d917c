import { useTranslation } from 'react-i18next';
import type { AdminPartnerApplication } from '#domain/staff/admin';
import { Card } from '#web/components/ui/card';
import { formatDate } from '#web/lib/format-date';
import { Detail } from './admin-section';

const shortFields = ['email', 'dateOfBirth', 'age', 'communityAffiliation', 'exactLocation', 'relocation', 'diet', 'courtshipStyle', 'marriageReadinessConsultation'] as const;
const longFields = ['dealMakers', 'dealBreakers', 'aboutYou'] as const;

export function PartnerApplicationCard({ application }: { application: AdminPartnerApplication }) {
  const { t, i18n } = useTranslation();
  const name = [application.firstName, application.lastName].filter(Boolean).join(' ') || t('admin.partner.unnamed');
  return (
    <Card className="flex flex-col gap-3">
      <h3 className="font-semibold break-words text-stone-900">{name}</h3>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {shortFields.map((field) => (
          <Detail key={field} label={t(`admin.partner.fields.${field}`)} value={application[field]} />
        ))}
        <Detail label={t('admin.partner.fields.created')} value={formatDate(application.createdAt, i18n.language)} />
      </dl>
      <dl className="flex flex-col gap-2">
        {longFields.map((field) => (
          <Detail key={field} label={t(`admin.partner.fields.${field}`)} value={application[field]} multiline />
        ))}
      </dl>
    </Card>
  );
}
