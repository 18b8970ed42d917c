import { and, count, eq, sql } from 'drizzle-orm';
import type { Language } from '#domain/language/language';
import { MAX_PUSH_DEVICES, type PushDevice, type PushSubscriptionInput } from '#domain/messaging/push';
import type { Db } from '#server/db/client';
import { pushSubscriptions, users } from '#server/db/schema';
import { HttpError, notFound } from '#server/errors';
import type { EndpointPolicy } from './endpoint-check';
import type { PushPayload, PushSender } from './push-sender';
import { pushTexts } from './push-texts';

export type PushTopic = 'messages' | 'introductions';

/** The member's devices subscribed to Web Push, and the pushes sent to them (features/push). */
export class PushService {
  constructor(
    private readonly db: Db,
    private readonly policy: EndpointPolicy,
    private readonly sender: PushSender,
    readonly publicKey: string,
  ) {}

  /**
   * Stores this browser's subscription for the member (201). The endpoint must be a public https host (checked
   * with DNS, endpoint-check.ts). A browser already subscribed under someone else (a shared phone whose last member
   * did not sign out) moves to this member: one endpoint is one device, which tells only whoever uses it now.
   */
  async subscribe(userId: string, input: PushSubscriptionInput, userAgent: string | null): Promise<PushDevice> {
    const verdict = await this.policy.check(input.endpoint);
    if (!verdict.ok) throw new HttpError(422, 'push-endpoint-refused', `The push endpoint cannot be used (${verdict.reason})`);
    return this.db.transaction(async (tx) => {
      // The member's row locked: two subscribes at once cannot both pass the device count.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [held] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), sql`${pushSubscriptions.endpoint} <> ${input.endpoint}`));
      if ((held?.n ?? 0) >= MAX_PUSH_DEVICES) throw new HttpError(409, 'push-device-limit', `At most ${MAX_PUSH_DEVICES} devices can receive notifications`);
      const values = { userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: userAgent?.slice(0, 300) ?? null };
      const [row] = await tx
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date(), lastPushAt: null } })
        .returning();
      return toDevice(row!);
    });
  }

  /** This browser unsubscribing (also at sign-out): only the member's own endpoint goes; unknown is no error. */
  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }

  async list(userId: string): Promise<PushDevice[]> {
    const rows = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.createdAt);
    return rows.map(toDevice);
  }

  /** Removing another device from /settings (a lost phone): 404 when it is not the member's. */
  async remove(userId: string, id: string): Promise<void> {
    const deleted = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
      .returning({ id: pushSubscriptions.id });
    if (deleted.length === 0) throw notFound('push-device-not-found');
  }

  /**
   * Sends a push to every device of the member when they want this topic; answers whether at least one push service
   * took it (then no mail goes). Dead subscriptions (404/410, or an endpoint no longer allowed) are deleted.
   */
  async deliver(userId: string, topic: PushTopic, compose: (texts: (typeof pushTexts)[Language]) => PushPayload): Promise<{ attempted: boolean; sent: boolean }> {
    const [member] = await this.db
      .select({ language: users.language, messages: users.pushMessages, introductions: users.pushIntroductions })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!member || !(topic === 'messages' ? member.messages : member.introductions)) return { attempted: false, sent: false };
    const devices = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    if (devices.length === 0) return { attempted: false, sent: false };
    const payload = compose(pushTexts[member.language]);
    let sent = false;
    for (const device of devices) {
      const outcome = await this.sender.send(device, payload);
      if (outcome === 'sent') {
        sent = true;
        await this.db.update(pushSubscriptions).set({ lastPushAt: new Date() }).where(eq(pushSubscriptions.id, device.id));
      } else if (outcome === 'gone') {
        await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      }
    }
    return { attempted: true, sent };
  }
}

function toDevice(row: typeof pushSubscriptions.$inferSelect): PushDevice {
  return {
    id: row.id,
    endpoint: row.endpoint,
    service: new URL(row.endpoint).host,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastPushAt: row.lastPushAt?.toISOString() ?? null,
  };
}
