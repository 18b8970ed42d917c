import { HeartHandshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useRequestIntroduction } from '../api/introductions';

/** The match page's "Ask a coordinator to introduce us": the request goes to the coordinators' queue only. */
export function RequestIntroductionButton({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const request = useRequestIntroduction();
  return (
    <Button
      type="button"
      variant="secondary"
      className="w-full sm:w-auto"
      disabled={request.isPending || request.isSuccess}
      onClick={() =>
        request.mutate(
          { userId },
          {
            onSuccess: () => toast({ title: t('introductions.request.button'), description: t('introductions.request.sent') }),
            onError: () => toast({ title: t('common.errors.title'), description: t('introductions.request.failed'), variant: 'destructive' }),
          },
        )
      }
    >
      <HeartHandshake aria-hidden className="size-4" />
      {t('introductions.request.button')}
    </Button>
  );
}
