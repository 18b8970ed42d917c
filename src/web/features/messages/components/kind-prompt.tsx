import { HeartHandshake, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';

/**
 * "Are you sure?" under the composer when a message holds hurtful words (409 message-unkind, issue 50): the text stays
 * where it is, Edit returns to it, Send anyway delivers it marked (the receiver sees it behind a tap). An alert, so a
 * screen reader says it at once; both buttons are plain buttons, reached with Tab.
 */
export function KindPrompt({ pending, onEdit, onSendAnyway }: { pending: boolean; onEdit: () => void; onSendAnyway: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="kind-prompt" className="mt-2 rounded-md border border-saffron-300 bg-saffron-50 p-3 text-sm text-stone-900">
      <p className="flex gap-2 font-semibold">
        <HeartHandshake aria-hidden className="mt-0.5 size-4 shrink-0 text-saffron-800" />
        <span>{t('errors.message-unkind')}</span>
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onEdit}>
          {t('messages.thread.edit')}
        </Button>
        <Button type="button" size="sm" variant="secondary" disabled={pending} onClick={onSendAnyway}>
          {t('messages.thread.sendAnyway')}
        </Button>
      </div>
    </div>
  );
}

/**
 * Why a message was not sent before an introduction (409 contact-before-introduction or money-request): nothing
 * overrides it, so it only says why; the text stays in the composer to rephrase.
 */
export function HeldNotice({ code }: { code: 'contact-before-introduction' | 'money-request' }) {
  const { t } = useTranslation();
  return (
    <p role="alert" data-testid="held-notice" className="mt-2 flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-stone-900">
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-800" />
      <span>{t(`errors.${code}`)}</span>
    </p>
  );
}
