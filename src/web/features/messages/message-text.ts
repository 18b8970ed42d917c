import type { TFunction } from 'i18next';
import type { Message, SystemMessage } from '#domain/messaging/messages';

/** A system message's words in the reader's language (the server stores only its kind and params). */
export function systemText(t: TFunction, system: SystemMessage): string {
  return t('messages.system.introduced', { name: system.name ?? t('messages.system.yourMatch') });
}

/** What a message says: a person's words, or a system message's words followed by the coordinator's note. */
export function messageText(t: TFunction, message: Pick<Message, 'content' | 'system'>): string {
  if (!message.system) return message.content;
  const said = systemText(t, message.system);
  return message.content ? `${said}\n\n${message.content}` : said;
}
