import { useTranslation } from 'react-i18next';
import { TitledSection } from '#web/components/page/titled-section';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { toast, toastError } from '#web/components/ui/toast-store';
import { errorText } from '#web/lib/error-text';
import { useMyIntroductionRequests, useWithdrawRequest } from '../api/introductions';

/**
 * The member's own pending "introduce us" requests on /introductions, each with a Withdraw button. The
 * other person is named only while the member may still see them (the server sends null otherwise).
 */
export function PendingRequests() {
  const { t } = useTranslation();
  const requests = useMyIntroductionRequests();
  const withdraw = useWithdrawRequest();
  const items = requests.data ?? [];
  if (items.length === 0) return null;
  return (
    <TitledSection id="introductions-requests" title={t('introductions.request.pendingTitle')} titleStyle="list" className="mt-6">
      <ul className="flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.id}>
            <Card className="flex flex-col gap-3">
              <p className="break-words text-stone-800">{t('introductions.request.pendingText', { name: item.other.name ?? t('introductions.request.someone') })}</p>
              {item.note ? <p className="border-l-4 border-saffron-200 pl-3 break-words whitespace-pre-line text-stone-700">{item.note}</p> : null}
              <Button
                type="button"
                variant="secondary"
                className="self-start"
                disabled={withdraw.isPending}
                onClick={() =>
                  withdraw.mutate(item.id, {
                    onSuccess: () => toast({ title: t('introductions.request.withdraw'), description: t('introductions.request.withdrawn') }),
                    onError: (error) => toastError(t('common.errors.title'), errorText(t, error)),
                  })
                }
              >
                {t('introductions.request.withdraw')}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
