import { Send } from 'lucide-react';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '../../../../domain/messages';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toaster';
import { useSendMessage } from '../api/send-message';

/**
 * The two-row composer (spec §5): Enter sends, Shift+Enter makes a newline; Send is disabled while
 * the text is blank (trimmed for the check only) or a send is pending; cleared after sending.
 */
export function MessageComposer({ receiverId }: { receiverId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const [text, setText] = useState('');
  const send = useSendMessage(receiverId);
  const canSend = text.trim().length > 0 && !send.isPending;

  function submit() {
    if (!canSend) return;
    const content = text;
    send.mutate(content, {
      onSuccess: () => setText(''),
      onError: () => toast({ title: t('messages.thread.sendFailed.title'), description: t('messages.thread.sendFailed.body'), variant: 'destructive' }),
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form onSubmit={handleSubmit} className="mt-4 flex flex-col gap-1" aria-busy={send.isPending}>
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {t('messages.thread.composer.label')}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={id}
          rows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          readOnly={send.isPending}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={t('messages.thread.composer.placeholder')}
          aria-describedby={hintId}
          className="min-w-0 flex-1 resize-none rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500"
        />
        <Button type="submit" disabled={!canSend} className="shrink-0">
          <Send aria-hidden className="size-4" />
          {t('messages.thread.composer.send')}
        </Button>
      </div>
      <p id={hintId} className="text-xs text-stone-600">
        {t('messages.thread.composer.hint')}
      </p>
    </form>
  );
}
