import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportActions, type AdminReport, type ReportAction } from '#domain/safety/safety';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { cn } from '#web/lib/cn';
import { formatDate } from '#web/lib/format-date';
import { Detail } from './admin-section';
import { ConfirmStaffAction } from './confirm-staff-action';
import { ReportEvidence } from './report-evidence';
import { UnsuspendButton } from './unsuspend-button';

/** Suspend stands apart in red; removing photos is serious too, but it is not the same act. */
const actionVariant: Record<ReportAction, 'secondary' | 'destructive' | 'ghost'> = { dismiss: 'ghost', warn: 'secondary', 'remove-photos': 'secondary', suspend: 'destructive' };

/** Days since an ISO time, for a reporter's account age. */
const daysSince = (iso: string) => Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / (24 * 60 * 60 * 1000)));

/**
 * One open report: who, about whom, why, the message in its conversation, the evidence on demand, and the four
 * decisions, each confirmed with a reason.
 */
export function ReportCard({
  report,
  deciding,
  failed,
  onResolve,
}: {
  report: AdminReport;
  deciding: boolean;
  failed: boolean;
  onResolve: (action: ReportAction, note: string, done: () => void) => void;
}) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState<ReportAction | null>(null);
  const [showEvidence, setShowEvidence] = useState(false);
  // A name the server leaves null (no first name, or a deleted account) is said here, in the reader's language.
  // Sanga's own report (messages held back on their way to several people) has no reporter.
  const reporter = report.reporter ? { ...report.reporter, name: report.reporter.name ?? t('messages.unknownName') } : null;
  const reported = { ...report.reported, name: report.reported.name ?? (report.reported.deleted ? t('safety.admin.deletedMember') : t('messages.unknownName')) };
  return (
    <Card className="flex flex-col gap-3" data-testid="admin-report">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-stone-900">
          {reported.deleted ? t('safety.admin.aboutDeleted') : t('safety.admin.about', { name: reported.name, email: reported.email })}
        </h3>
        <div className="flex flex-wrap gap-2">
          {/* One status: a suspended member is hidden anyway, so "hidden pending review" would only add noise. */}
          {reported.suspended ? (
            <Badge variant="secondary">{t('safety.admin.suspended')}</Badge>
          ) : reported.hiddenPendingReview ? (
            <Badge variant="outline">{t('safety.admin.hiddenPendingReview')}</Badge>
          ) : null}
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-y-2 sm:grid-cols-2 sm:gap-x-4">
        <Detail label={t('safety.report.reason')} value={t(`safety.reasons.${report.reason}`)} />
        <Detail label={t('admin.userProfiles.created')} value={formatDate(report.createdAt, i18n.language, 'dateTime')} />
        <Detail label={t('safety.admin.details')} value={report.details} multiline className="sm:col-span-2" />
      </dl>
      {reporter ? (
        <>
          <p className="text-sm break-words text-stone-700">{t('safety.admin.reportedBy', { name: reporter.name, email: reporter.email })}</p>
          <p className="text-sm text-stone-700" data-testid="reporter-standing">
            {t('safety.admin.reporterAccount', { count: daysSince(reporter.accountCreatedAt) })}{' '}
            {reporter.emailVerified ? t('safety.admin.reporterVerified') : t('safety.admin.reporterUnverified')}{' '}
            {reporter.standing ? t('safety.admin.standing') : t('safety.admin.noStanding')}
          </p>
        </>
      ) : (
        <p className="text-sm break-words text-stone-700" data-testid="automatic-report">
          {t('safety.admin.bySanga')}
        </p>
      )}
      <p className="text-sm text-stone-700">{t('safety.admin.openReports', { count: reported.openReports })}</p>
      {reported.heldAttempts > 0 ? (
        <p className="text-sm text-stone-700" data-testid="held-attempts">
          {t('safety.admin.held', { held: reported.heldAttempts, people: reported.heldReceivers })}
        </p>
      ) : null}
      {report.context && report.message ? (
        <section aria-label={t('safety.admin.messageTitle')}>
          <p className="text-sm font-medium text-stone-600">{t('safety.admin.messageTitle')}</p>
          <ol className="mt-1 flex flex-col gap-1 rounded-md border border-stone-200 p-2 text-sm">
            {report.context.map((message) => {
              const isReported = message.id === report.message!.id;
              const from = message.senderId === reported.userId ? reported.name : (reporter?.name ?? t('messages.unknownName'));
              return (
                <li key={message.id} className={cn('rounded px-2 py-1 break-words', isReported ? 'border border-red-300 bg-red-50 text-red-900' : 'text-stone-800')}>
                  {isReported ? <span className="font-semibold">{t('safety.admin.reportedMessage')}: </span> : null}
                  <span className="font-medium">{from}:</span> {message.content}
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}
      <div>
        <Button type="button" size="sm" variant="secondary" aria-expanded={showEvidence} onClick={() => setShowEvidence((shown) => !shown)}>
          {showEvidence ? t('safety.admin.evidence.hide') : t('safety.admin.evidence.show')}
        </Button>
      </div>
      {showEvidence ? <ReportEvidence reportId={report.id} /> : null}
      <div role="group" aria-label={t('safety.admin.actionsLabel')} className="flex flex-wrap gap-2">
        {reportActions.map((action) => (
          <Button key={action} type="button" size="sm" variant={actionVariant[action]} disabled={deciding} onClick={() => setConfirming(action)}>
            {t(`safety.admin.actions.${action}`)}
          </Button>
        ))}
        {reported.suspended ? <UnsuspendButton userId={reported.userId} name={reported.name} /> : null}
      </div>
      {confirming ? (
        <ConfirmStaffAction
          open
          onOpenChange={(open) => (open ? undefined : setConfirming(null))}
          title={t(`safety.admin.confirm.${confirming}.title`, { name: reported.name })}
          description={t(`safety.admin.confirm.${confirming}.body`, { name: reported.name })}
          confirmLabel={t(`safety.admin.confirm.${confirming}.confirm`)}
          destructive={confirming === 'suspend' || confirming === 'remove-photos'}
          reasonRequired
          pending={deciding}
          failed={failed}
          onConfirm={(reason) => onResolve(confirming, reason, () => setConfirming(null))}
        />
      ) : null}
    </Card>
  );
}
