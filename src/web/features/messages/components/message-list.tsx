import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '#domain/messaging/messages';
import { asksForMoney } from '#domain/messaging/money-request';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/lib/cn';
import { messageText } from '../message-text';
import { ConcealedMessage } from './concealed-message';
import { MoneyWarning } from './money-warning';
import { RelativeTime } from './relative-time';

/**
 * The thread, oldest first, at most 500 px high (spec §9) and scrolled to the newest message on
 * load, whenever one arrives, and when the thread rewraps while the reader was at the newest. A polite live region, so arrivals are announced; focusable, so it
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
  /**
   * A received message that asks for money shows a warning whose Report button calls this (receiver's side only), and so
   * does a concealed one (sent anyway after "Are you sure?"), hidden or shown.
   */
  onReportMessage?: (messageId: string) => void;
}) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const newestId = messages.at(-1)?.id;
  /** Concealed messages (sent anyway after "Are you sure?") the reader chose to see. */
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());

  /** Whether the reader is at the newest message: then the thread stays there when its height changes. */
  const pinned = useRef(true);
  const hasMessages = messages.length > 0;

  /** Where the thread was last scrolled to, by the reader or by this component: a scroll event compares with it. */
  const lastTop = useRef(0);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) {
      element.scrollTop = element.scrollHeight;
      lastTop.current = element.scrollTop;
    }
    pinned.current = true;
  }, [newestId]);

  // Messages rewrap when the screen narrows (a phone turned, a window resized) after they arrived: a reader who
  // was at the newest message stays there, instead of finding it pushed below the edge.
  // - Only the reader scrolling up un-pins. A scroll event is delivered at the next frame and reads the thread as it
  //   is then: if the thread grew in between (a rewrap), the event of our own scroll to the bottom would find a gap
  //   and un-pin, and the resize observer, which runs after scroll events in that frame, would leave the reader
  //   there (CI stop 40, and again by hand: 136 px above the newest). Growth never moves scrollTop, so a scroll
  //   whose scrollTop did not go up is not the reader leaving.
  // - The thread opts out of the browser's scroll anchoring (overflow-anchor: none), which would move scrollTop on
  //   a rewrap to keep an older message in place.
  useEffect(() => {
    const element = scroller.current;
    const content = element?.firstElementChild;
    if (!element || !content || !hasMessages || typeof ResizeObserver === 'undefined') return;
    const handleScroll = () => {
      const top = element.scrollTop;
      const atNewest = element.scrollHeight - top - element.clientHeight <= 1;
      if (atNewest) pinned.current = true;
      else if (top < lastTop.current - 1) pinned.current = false;
      lastTop.current = top;
    };
    const observer = new ResizeObserver(() => {
      if (!pinned.current) return;
      element.scrollTop = element.scrollHeight;
      lastTop.current = element.scrollTop;
    });
    observer.observe(content);
    observer.observe(element);
    element.addEventListener('scroll', handleScroll);
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', handleScroll);
    };
  }, [hasMessages]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-live="polite"
      aria-label={t('messages.thread.logLabel', { name: otherName })}
      tabIndex={0}
      data-updates={live ? 'live' : 'poll'}
      className="max-h-[500px] min-h-40 overflow-y-auto rounded-lg [overflow-anchor:none] border border-stone-200 bg-white p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-saffron-700 sm:p-4"
    >
      {messages.length === 0 ? (
        <p className="py-8 text-center text-stone-700">{t('messages.thread.empty')}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {messages.map((message) => {
            const own = message.senderId === ownId;
            if (message.concealed && !revealed.has(message.id)) {
              return (
                <li key={message.id} data-testid="message" data-own="false" className="flex max-w-[85%] min-w-0 flex-col gap-1 items-start self-start">
                  <ConcealedMessage
                    otherName={otherName}
                    onShow={() => setRevealed((shown) => new Set(shown).add(message.id))}
                    onReport={onReportMessage ? () => onReportMessage(message.id) : undefined}
                  />
                  <RelativeTime iso={message.createdAt} now={now} />
                </li>
              );
            }
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
                  <span data-testid="message-content">{messageText(t, message)}</span>
                </div>
                <RelativeTime iso={message.createdAt} now={now} />
                {!own && onReportMessage && asksForMoney(message.content) ? <MoneyWarning onReport={() => onReportMessage(message.id)} /> : null}
                {message.concealed && onReportMessage && !asksForMoney(message.content) ? (
                  <Button type="button" variant="secondary" size="sm" onClick={() => onReportMessage(message.id)}>
                    {t('safety.actions.report')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
