import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../../domain/messages';
import { asksForMoney } from '../../../../domain/money-request';
import { cn } from '../../../lib/cn';
import { MoneyWarning } from '../../safety/components/money-warning';
import { RelativeTime } from './relative-time';

/**
 * The thread, oldest first, at most 500 px high (spec §9) and scrolled to the newest message on
 * load and whenever one arrives. A polite live region, so arrivals are announced; focusable, so it
 * scrolls from the keyboard.
 */
export function MessageList({
  messages,
  ownId,
  otherName,
  now,
  live,
  onReportMessage,
}: {
  messages: readonly Message[];
  ownId: string | undefined;
  otherName: string;
  now: Date;
  live: boolean;
  /** A received message that asks for money shows a warning whose Report button calls this (receiver's side only). */
  onReportMessage?: (messageId: string) => void;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newestId]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-live="polite"
      aria-label={t('messages.thread.logLabel', { name: otherName })}
      tabIndex={0}
      data-updates={live ? 'live' : 'poll'}
      className="max-h-[500px] min-h-40 overflow-y-auto rounded-lg border border-stone-200 bg-white p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-saffron-700 sm:p-4"
    >
      {messages.length === 0 ? (
        <p className="py-8 text-center text-stone-700">{t('messages.thread.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((message) => {
            const own = message.senderId === ownId;
            return (
              <li
                key={message.id}
                data-testid="message"
                data-own={own ? 'true' : 'false'}
                className={cn('flex max-w-[85%] min-w-0 flex-col gap-1', own ? 'items-end self-end' : 'items-start self-start')}
              >
                <div
                  className={cn(
                    'max-w-full rounded-2xl px-4 py-2 whitespace-pre-wrap break-words',
                    own ? 'rounded-br-sm bg-saffron-700 text-white' : 'rounded-bl-sm bg-stone-100 text-stone-900',
                  )}
                >
                  <span className="sr-only">{own ? t('messages.thread.youSaid') : t('messages.thread.said', { name: otherName })} </span>
                  <span data-testid="message-content">{message.content}</span>
                </div>
                <RelativeTime iso={message.createdAt} now={now} />
                {!own && onReportMessage && asksForMoney(message.content) ? <MoneyWarning onReport={() => onReportMessage(message.id)} /> : null}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
