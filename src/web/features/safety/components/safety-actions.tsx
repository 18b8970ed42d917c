import { Ban, Flag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { BlockDialog } from './block-dialog';
import { ReportDialog } from './report-dialog';

/**
 * Report and Block for one person, on a match's page and in a conversation's header. In a conversation,
 * `messageId` is the other person's latest message: a report made there carries it, so the admin sees the
 * conversation around it.
 */
export function SafetyActions({ userId, name, onBlocked, messageId }: { userId: string; name: string; onBlocked?: () => void; messageId?: string | undefined }) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);
  return (
    <div role="group" aria-label={t('safety.actions.label')} className="flex flex-wrap gap-2">
      <Button type="button" variant="ghost" size="sm" onClick={() => setReporting(true)}>
        <Flag aria-hidden className="size-4" />
        {t('safety.actions.report')}
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={() => setBlocking(true)}>
        <Ban aria-hidden className="size-4" />
        {t('safety.actions.block')}
      </Button>
      {reporting ? <ReportDialog userId={userId} name={name} open={reporting} onOpenChange={setReporting} onBlocked={onBlocked} messageId={messageId} /> : null}
      <BlockDialog userId={userId} name={name} open={blocking} onOpenChange={setBlocking} onBlocked={onBlocked} />
    </div>
  );
}
