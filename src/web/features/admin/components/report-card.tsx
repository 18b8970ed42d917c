import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_DETAILS_MAX, reportActions, type AdminReport, type ReportAction } from '../../../../domain/safety';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextareaField } from '../../../components/ui/textarea';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format-date';
import { Detail } from './admin-section';

/** One open report: who, about whom, why, the message in its conversation, and the four decisions (issue 15). */
export function ReportCard({ report, deciding, onResolve }: { report: AdminReport; deciding: boolean; onResolve: (action: ReportAction, note: string) => void }) {
  const { t, i18n } = useTranslation();
  const [note, setNote] = useState('');
  const { reporter, reported } = report;
  return (
    <Card className="flex flex-col gap-3" data-testid="admin-report">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-stone-900">{t('safety.admin.about', { name: reported.name, email: reported.email })}</h3>
        <div className="flex flex-wrap gap-2">
          {reported.hiddenPendingReview ? <Badge variant="outline">{t('safety.admin.hiddenPendingReview')}</Badge> : null}
          {reported.suspended ? <Badge variant="secondary">{t('safety.admin.suspended')}</Badge> : null}
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-y-2 sm:grid-cols-2 sm:gap-x-4">
        <Detail label={t('safety.report.reason')} value={t(`safety.reasons.${report.reason}`)} />
        <Detail label={t('admin.userProfiles.created')} value={formatDate(report.createdAt, i18n.language, 'dateTime')} />
        <Detail label={t('safety.admin.details')} value={report.details} multiline className="sm:col-span-2" />
      </dl>
      <p className="text-sm break-words text-stone-700">{t('safety.admin.reportedBy', { name: reporter.name, email: reporter.email })}</p>
      <p className="text-sm text-stone-700">{t('safety.admin.openReports', { count: reported.openReports })}</p>
      {report.context && report.message ? (
        <section aria-label={t('safety.admin.messageTitle')}>
          <p className="text-sm font-medium text-stone-600">{t('safety.admin.messageTitle')}</p>
          <ol className="mt-1 flex flex-col gap-1 rounded-md border border-stone-200 p-2 text-sm">
            {report.context.map((message) => {
              const isReported = message.id === report.message!.id;
              const from = message.senderId === reported.userId ? reported.name : reporter.name;
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
      <TextareaField
        label={t('safety.admin.note')}
        value={note}
        rows={2}
        onChange={(event) => setNote(event.target.value)}
        error={note.length > REPORT_DETAILS_MAX ? t('common.validation.tooLong2000') : undefined}
      />
      <div role="group" aria-label={t('safety.admin.actionsLabel')} className="flex flex-wrap gap-2">
        {reportActions.map((action) => (
          <Button
            key={action}
            type="button"
            size="sm"
            variant={action === 'suspend' || action === 'remove-photos' ? 'destructive' : 'secondary'}
            disabled={deciding || note.length > REPORT_DETAILS_MAX}
            onClick={() => onResolve(action, note)}
          >
            {t(`safety.admin.actions.${action}`)}
          </Button>
        ))}
      </div>
    </Card>
  );
}
