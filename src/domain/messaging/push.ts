import { z } from 'zod';


/** POST /api/push/subscriptions: a browser's PushSubscription.toJSON() (expirationTime ignored). */
export const pushSubscriptionInput = z.object({
  endpoint: z.string().min(1).max(1000),
  keys: z.object({
    // base64url, padded or not, as PushSubscription.toJSON() writes them (checked by shape: the web shares this file).
    // p256dh: an uncompressed P-256 point, 65 bytes starting 0x04 (hence "B" and a second character A–P).
    p256dh: z.string().regex(/^B[A-P][A-Za-z0-9_-]{85}=?$/, { error: 'must be an uncompressed P-256 key, base64url' }),
    // auth: 16 bytes (the last character carries 2 bits, the rest zero).
    auth: z.string().regex(/^[A-Za-z0-9_-]{21}[AQgw](==)?$/, { error: 'must be 16 bytes, base64url' }),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** DELETE /api/push/subscriptions: the device's own endpoint (this browser unsubscribing, at logout too). */
export const pushUnsubscribeInput = z.object({ endpoint: z.string().min(1).max(1000) });

/** One subscribed device as /settings lists it: the endpoint only to tell "this device" apart, never the keys. */
export const pushDevice = z.object({
  id: z.uuid(),
  endpoint: z.string(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com…): which browser family. */
  service: z.string(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastPushAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDevice>;

export const pushPublicKey = z.object({ publicKey: z.string() });

/** Devices one member may subscribe (a phone, a tablet, a few browsers); a bound on what one account can store. */
export const MAX_PUSH_DEVICES = 20;
