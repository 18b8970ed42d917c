import { createHmac, timingSafeEqual } from 'node:crypto';
import { staffMailKinds } from '#domain/staff/staff-notifications';

/**
 * What a notification mail can be switched off for; each flips one preference: a member's message or introduction
 * mails, one kind of staff mail, or every kind a staff member gets in the daily digest ('staff-digest').
 */
export const unsubscribeTopics = ['messages', 'introductions', ...staffMailKinds, 'staff-digest'] as const;
export type UnsubscribeTopic = (typeof unsubscribeTopics)[number];

/**
 * The token of a one-click unsubscribe link: the member and the topic, signed with HMAC so nobody can forge
 * one for another member. It never expires (a mail read months later must still stop the mails) and grants
 * nothing but switching that one notification off.
 */
export function signUnsubscribe(secret: string, userId: string, topic: UnsubscribeTopic): string {
  const payload = Buffer.from(`${userId}:${topic}`).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export function verifyUnsubscribe(secret: string, token: string): { userId: string; topic: UnsubscribeTopic } | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [userId, topic] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (!userId || !unsubscribeTopics.includes(topic as UnsubscribeTopic)) return null;
  return { userId, topic: topic as UnsubscribeTopic };
}

const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(`unsubscribe:${payload}`).digest('base64url');
