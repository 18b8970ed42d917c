import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';

/**
 * In the receiver's thread, a message its sender sent anyway after "Are you sure?" (Message.concealed, issue 50): its
 * words stay hidden until a tap on "Show it", with Report beside it (the report dialog, "Scam or asking for money"
 * changed as the member likes). The sender's own thread shows the message as written.
 */
export function ConcealedMessage({ otherName, onShow, onReport }: { otherName: string; onShow: () => void; onReport: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <div data-testid="concealed-message" className="max-w-full rounded-2xl rounded-bl-sm border border-stone-300 bg-stone-50 px-4 py-2 text-sm text-stone-900">
      <p className="flex gap-2">
        <Eye aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-600" />
        <span>
          <span className="sr-only">{t('messages.thread.said', { name: otherName })} </span>
          {t('messages.thread.hurtful')}
        </span>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={onShow}>
          {t('messages.thread.showIt')}
        </Button>
        {onReport ? (
          <Button type="button" variant="ghost" size="sm" onClick={onReport}>
            {t('safety.actions.report')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
