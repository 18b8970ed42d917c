import { Check, Loader2, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminVolunteerApplication } from '#domain/staff/admin';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { formatDate } from '#web/lib/format-date';
import { Detail } from './admin-section';

interface VolunteerApplicationCardProps {
  application: AdminVolunteerApplication;
  /** This application's approval is being changed. */
  updating: boolean;
  onSetApproved: (approved: boolean) => void;
}

export function VolunteerApplicationCard({ application, updating, onSetApproved }: VolunteerApplicationCardProps) {
  const { t, i18n } = useTranslation();
  const nameId = useId();
  return (
    <Card className="flex flex-col gap-4" data-testid="volunteer-application">
      <div className="flex flex-col gap-4 sm:flex-row">
        {application.photo ? (
          <img
            src={application.photo}
            alt={t('admin.volunteers.photoAlt', { name: application.name })}
            className="size-24 shrink-0 rounded-full object-cover"
          />
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 id={nameId} className="min-w-0 font-semibold break-words text-stone-900">
              {application.name}
            </h3>
            <Badge variant={application.approved ? 'success' : 'secondary'}>
              {application.approved ? t('admin.volunteers.status.approved') : t('admin.volunteers.status.pending')}
            </Badge>
          </div>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label={t('admin.volunteers.email')} value={application.email} />
            <Detail label={t('admin.volunteers.birthYear')} value={application.dateOfBirth ?? t('admin.volunteers.notGiven')} />
            <Detail
              label={t('admin.volunteers.submitted')}
              value={formatDate(application.createdAt, i18n.language, 'dateTime')}
            />
            <Detail
              label={t('admin.volunteers.agreement')}
              value={
                application.agreement.agreed && application.agreement.agreedAt
                  ? t('admin.volunteers.agreed', {
                      date: formatDate(application.agreement.agreedAt, i18n.language, 'dateTime'),
                      version: application.agreement.policyVersion ?? 1,
                    })
                  : t('admin.volunteers.notAgreed')
              }
            />
          </dl>
          <dl className="flex flex-col gap-2">
            <Detail label={t('admin.volunteers.contribution')} value={application.contribution} multiline />
            <Detail label={t('admin.volunteers.background')} value={application.background} multiline />
          </dl>
          {application.photo ? null : <p className="text-sm text-stone-600">{t('admin.volunteers.noPhoto')}</p>}
        </div>
      </div>
      <Button
        type="button"
        variant={application.approved ? 'secondary' : 'primary'}
        className="w-full sm:w-auto sm:self-end"
        disabled={updating}
        aria-describedby={nameId}
        onClick={() => onSetApproved(!application.approved)}
      >
        {updating ? (
          <Loader2 aria-hidden className="size-5 animate-spin" />
        ) : application.approved ? (
          <X aria-hidden className="size-5" />
        ) : (
          <Check aria-hidden className="size-5" />
        )}
        {updating ? t('admin.volunteers.updating') : application.approved ? t('admin.volunteers.remove') : t('admin.volunteers.approve')}
      </Button>
    </Card>
  );
}
