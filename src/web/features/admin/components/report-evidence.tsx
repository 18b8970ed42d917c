import { useTranslation } from 'react-i18next';
import type { AdminReportDetail } from '#domain/safety/safety';
import { formatDate } from '#web/lib/format-date';
import { useAdminReportDetail } from '../api/admin-reports';
import { Detail } from './admin-section';

/** Whole days since an ISO time, for an account's age. */
const daysSince = (iso: string) => Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / (24 * 60 * 60 * 1000)));

/**
 * The evidence of one report, read from GET /api/admin/reports/{id} when the admin opens it (every read
 * is audited): the reported member's photos and biodata, their account, and earlier reports with their outcome.
 */
export function ReportEvidence({ reportId }: { reportId: string }) {
  const { t, i18n } = useTranslation();
  const detail = useAdminReportDetail(reportId, true);
  if (detail.isPending) return <p className="text-sm text-stone-700">{t('safety.admin.evidence.loading')}</p>;
  if (detail.isError) return <p role="alert" className="text-sm text-red-800">{t('safety.admin.evidence.failed')}</p>;
  const { reported, earlierReports } = detail.data;
  const name = reported.profile?.name ?? reported.name ?? (reported.deleted ? t('safety.admin.deletedMember') : t('messages.unknownName'));
  return (
    <section aria-label={t('safety.admin.evidence.title', { name })} className="flex flex-col gap-3 rounded-md border border-stone-200 p-3" data-testid="report-evidence">
      <h4 className="font-semibold text-stone-900">{t('safety.admin.evidence.title', { name })}</h4>
      {reported.photos.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {reported.photos.map((photo, index) => (
            <li key={photo}>
              <img
                src={photo}
                alt={t('safety.admin.evidence.photoAlt', { name, number: index + 1 })}
                className="aspect-square w-full rounded-md object-cover"
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-700">{t('safety.admin.evidence.noPhotos')}</p>
      )}
      <dl className="grid grid-cols-1 gap-y-2 sm:grid-cols-2 sm:gap-x-4">
        <Detail
          label={t('safety.admin.evidence.account')}
          value={
            reported.accountCreatedAt
              ? t('safety.admin.evidence.accountAge', { count: daysSince(reported.accountCreatedAt), date: formatDate(reported.accountCreatedAt, i18n.language) })
              : null
          }
        />
        <Detail label={t('admin.userProfiles.emailVerified')} value={reported.emailVerified ? t('admin.userProfiles.yes') : t('admin.userProfiles.no')} />
        {reported.profile ? <Biodata profile={reported.profile} /> : null}
      </dl>
      <section aria-label={t('safety.admin.evidence.earlier')}>
        <h5 className="text-sm font-medium text-stone-600">{t('safety.admin.evidence.earlier')}</h5>
        {earlierReports.length === 0 ? (
          <p className="text-sm text-stone-800">{t('safety.admin.evidence.noEarlier')}</p>
        ) : (
          <ul className="mt-1 flex flex-col gap-1 text-sm text-stone-800">
            {earlierReports.map((report) => (
              <li key={report.id} className="break-words">
                {formatDate(report.createdAt, i18n.language)}: {t(`safety.reasons.${report.reason}`)} —{' '}
                {report.resolution ? t(`safety.admin.actions.${report.resolution}`) : t('safety.admin.evidence.stillOpen')}
                {report.resolutionNote ? ` (${report.resolutionNote})` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

function Biodata({ profile }: { profile: NonNullable<AdminReportDetail['reported']['profile']> }) {
  const { t } = useTranslation();
  return (
    <>
      <Detail label={t('admin.userProfiles.gender')} value={t(`admin.userProfiles.genders.${profile.gender}`)} />
      <Detail label={t('admin.userProfiles.age')} value={profile.age ?? t('admin.userProfiles.unknown')} />
      <Detail label={t('admin.userProfiles.location')} value={profile.exactLocation} />
      <Detail label={t('admin.userProfiles.community')} value={profile.communityAffiliation} />
      <Detail label={t('safety.admin.evidence.about')} value={profile.aboutYou} multiline className="sm:col-span-2" />
    </>
  );
}
