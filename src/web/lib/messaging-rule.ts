import type { TFunction } from 'i18next';
import { getSiteInfo } from './site-info';

/**
 * The messaging rule in force (the server's DIRECT_MESSAGES, handed over with the site information), in the same
 * words wherever a screen states it (the Introductions page, the match page, the end dialogs): how members first
 * write to each other in this mode, then what an ended or declined introduction closes, which holds in every mode.
 */
export function messagingRule(t: TFunction): string {
  return `${t(`introductions.rule.${getSiteInfo().directMessages}`)} ${t('introductions.rule.closed')}`;
}
