import { CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '#web/components/ui/card';
import { useLaunchChecklist } from '../api/staff-and-site';

/**
 * What this deployment still lacks: only the undone items, each with its fix; all done, one line. Above
 * them, the messaging mode in force (DIRECT_MESSAGES), whose item recommends introductions-only, and the elder
 * approvals in force (ELDER_APPROVALS) with what they mean: with 0 no elder ever reviews an introduction.
 */
export function LaunchChecklist() {
  const { t } = useTranslation();
  const checklist = useLaunchChecklist();
  if (!checklist.data) return null;
  const missing = checklist.data.filter((entry) => !entry.done);
  const mentors = checklist.data.find((entry) => entry.item === 'mentors');
  const mode = checklist.data.find((entry) => entry.item === 'direct-messages')?.mode;
  const approvals = checklist.data.find((entry) => entry.item === 'elder')?.approvals;
  return (
    <section id="admin-launch" aria-labelledby="admin-launch-title" className="mt-8">
      <h2 id="admin-launch-title" className="font-serif text-2xl font-semibold text-stone-900">
        {t('admin.launch.title')}
      </h2>
      {mode ? (
        // The messaging mode in force, done or not: the admin should know which rule members read.
        <p data-testid="launch-messaging-mode" className="mt-3 break-words text-stone-800">
          <span className="font-semibold">{t('admin.launch.mode.label')}:</span> {t(`admin.launch.mode.${mode}`)}
        </p>
      ) : null}
      {approvals === undefined ? null : (
        <p data-testid="launch-elder-approvals" className="mt-3 break-words text-stone-800">
          <span className="font-semibold">{t('admin.launch.elderApprovals.label')}:</span>{' '}
          {approvals === 0 ? t('admin.launch.elderApprovals.off') : t('admin.launch.elderApprovals.on', { count: approvals })}
        </p>
      )}
      {missing.length === 0 ? (
        <p className="mt-3 flex items-center gap-2 text-stone-800">
          <CircleCheck className="size-5 text-green-700" aria-hidden="true" />
          {t('admin.launch.ready')}
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {missing.map(({ item }) => (
            <li key={item}>
              <Card className="flex gap-3">
                <CircleAlert className="mt-0.5 size-5 shrink-0 text-saffron-800" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="font-semibold text-stone-900">{t(`admin.launch.items.${item}.title`)}</p>
                  <p className="mt-1 break-words text-stone-700">{t(`admin.launch.items.${item}.fix`)}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {/* The mentors are counted whether or not the item is done: members who ask for a consultation meet one. */}
      {mentors?.count !== undefined ? <p className="mt-3 text-stone-700">{t('admin.launch.mentorCount', { count: mentors.count })}</p> : null}
    </section>
  );
}
