import { useTranslation } from 'react-i18next';
import { PageFrame } from '#web/components/page/page-frame';
import { QueryView } from '#web/components/page/query-view';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { toast, toastError } from '#web/components/ui/toast-store';
import { useBlockedPeople, useUnblock } from '#web/features/safety/api/blocked-people';
import { formatDate } from '#web/lib/format-date';

/** Route /profile/blocked: the people the member blocked, each with Unblock. */
export function BlockedPeoplePage() {
  const { t, i18n } = useTranslation();
  const blocked = useBlockedPeople();
  const unblock = useUnblock();

  const body = (
    <QueryView query={blocked} failed={t('safety.blocked.loadFailed')} empty={<Card><p className="text-stone-700">{t('safety.blocked.empty')}</p></Card>}>
      {(people) => (
      <ul className="flex flex-col gap-3">
        {people.map(({ name, ...rest }) => ({ ...rest, name: name ?? t('messages.unknownName') })).map((person) => (
          <li key={person.userId}>
            <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <p className="font-semibold break-words text-stone-900">{person.name}</p>
                <p className="text-sm text-stone-700">{t('safety.blocked.since', { date: formatDate(person.createdAt, i18n.language) })}</p>
              </div>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                aria-label={t('safety.blocked.unblockLabel', { name: person.name })}
                disabled={unblock.isPending && unblock.variables === person.userId}
                onClick={() =>
                  unblock.mutate(person.userId, {
                    onSuccess: () => toast({ title: t('safety.blocked.unblocked', { name: person.name }) }),
                    onError: () => toastError(t('safety.blocked.failed')),
                  })
                }
              >
                {t('safety.blocked.unblock')}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
      )}
    </QueryView>
  );
  return (
    <PageFrame title={t('safety.blocked.title')} intro={t('safety.blocked.intro')}>
      {body}
    </PageFrame>
  );
}
