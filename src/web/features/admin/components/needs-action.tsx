import { ClipboardCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TitledSection } from '#web/components/page/titled-section';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { usePendingVolunteerCount } from '../api/admin-lists';

/**
 * The top of the dashboard: what waits for the admin (volunteer applications to review), with a button that
 * shows exactly those in their list. Nothing waiting says so, so the admin need not scroll to find out.
 */
export function NeedsAction({ onReviewVolunteers }: { onReviewVolunteers: () => void }) {
  const { t } = useTranslation();
  const pending = usePendingVolunteerCount();
  const count = pending.data?.total;
  return (
    <TitledSection id="admin-needs-action-title" title={t('admin.needsAction.title')} titleStyle="page" className="mt-8">
      <Card className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-stone-800" data-testid="needs-action-volunteers">
          <ClipboardCheck aria-hidden className="size-5 shrink-0 text-saffron-700" />
          {count === undefined
            ? pending.isError
              ? t('admin.dashboard.loadFailed')
              : t('admin.needsAction.loading')
            : count === 0
              ? t('admin.needsAction.nothing')
              : t('admin.needsAction.pendingVolunteers', { count })}
        </p>
        {count ? (
          <Button type="button" variant="primary" size="sm" onClick={onReviewVolunteers}>
            {t('admin.needsAction.review')}
          </Button>
        ) : null}
      </Card>
    </TitledSection>
  );
}
