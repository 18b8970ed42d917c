import { Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ErrorCode } from '#domain/error-codes';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '#domain/messaging/messages';
import { Button } from '#web/components/ui/button';
import { toastError } from '#web/components/ui/toast-store';
import { ApiError } from '#web/lib/api';
import { errorText } from '#web/lib/error-text';
import { useSendMessage } from '../api/send-message';
import { HeldNotice, KindPrompt } from './kind-prompt';

/** The checks before delivery that keep the text in the composer (409). */
const checkCodes = ['message-unkind', 'contact-before-introduction', 'money-request'] as const satisfies readonly ErrorCode[];
type CheckCode = (typeof checkCodes)[number];
const isCheckCode = (code: ErrorCode): code is CheckCode => (checkCodes as readonly ErrorCode[]).includes(code);

/** The counter appears once the text is this close to the limit (spec §5 allows 4,000 characters). */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

/**
 * The two-row composer (spec §5): Enter sends, Shift+Enter makes a newline; Send is disabled while
 * the text is blank (trimmed for the check only) or a send is pending; cleared after sending.
 *
 * Two sends from one double click happen before React re-renders with `isPending`, so the guard is a ref
 * set synchronously; and each text gets one idempotency key (`clientId`), kept until it is sent, so even a
 * retry after a lost answer is stored once by the server.
 */
export function MessageComposer({ receiverId }: { receiverId: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const counterId = `${id}-counter`;
  const [text, setText] = useState('');
  const sending = useRef(false);
  const clientId = useRef<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  /** The check that stopped the last send of this text, while the text is unchanged. */
  const [stopped, setStopped] = useState<CheckCode | null>(null);
  const send = useSendMessage(receiverId);
  // The server counts UTF-16 units (zod's max), as does the textarea: count the same way.
  const length = text.length;
  const over = length - MESSAGE_MAX_LENGTH;
  const canSend = text.trim().length > 0 && over <= 0 && !send.isPending;
  const number = (value: number) => value.toLocaleString(i18n.language);

  function submit(sendAnyway = false) {
    if (!canSend || sending.current) return;
    sending.current = true;
    clientId.current ??= crypto.randomUUID();
    send.mutate(
      { content: text, clientId: clientId.current, sendAnyway },
      {
        onSuccess: () => {
          setText('');
          setStopped(null);
          clientId.current = null;
        },
        onError: (error) => {
          const code = error instanceof ApiError && error.status === 409 ? error.code : undefined;
          // A check before delivery: the text stays, and the composer says why beside it.
          if (code && isCheckCode(code)) return setStopped(code);
          // Why, in the reader's language (e.g. a block since the page opened: message-refused).
          toastError(t('messages.thread.sendFailed.title'), errorText(t, error, t('messages.thread.sendFailed.body')));
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  function handleChange(value: string) {
    // A different text is a different message: it gets its own key, and what stopped the old one no longer applies.
    if (value !== text) {
      clientId.current = null;
      setStopped(null);
    }
    setText(value);
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
        {/* No maxLength: the browser would cut a long paste silently; the counter says it instead. */}
        <textarea
          ref={textarea}
          id={id}
          rows={2}
          value={text}
          onChange={(event) => handleChange(event.target.value)}
          onKeyDown={handleKeyDown}
          readOnly={send.isPending}
          placeholder={t('messages.thread.composer.placeholder')}
          aria-describedby={length >= COUNTER_FROM ? `${hintId} ${counterId}` : hintId}
          aria-invalid={over > 0 || undefined}
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
      {stopped === 'message-unkind' ? (
        <KindPrompt
          pending={send.isPending}
          onEdit={() => {
            setStopped(null);
            textarea.current?.focus();
          }}
          onSendAnyway={() => submit(true)}
        />
      ) : stopped ? (
        <HeldNotice code={stopped} />
      ) : null}
      {length >= COUNTER_FROM && (
        <p id={counterId} data-testid="composer-counter" aria-live="polite" className={over > 0 ? 'text-sm font-medium text-red-700' : 'text-xs text-stone-600'}>
          {over > 0
            ? t('messages.thread.composer.tooLong', { over: number(over), max: number(MESSAGE_MAX_LENGTH) })
            : t('messages.thread.composer.counter', { length: number(length), max: number(MESSAGE_MAX_LENGTH) })}
        </p>
      )}
    </form>
  );
}
