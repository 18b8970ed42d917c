import http from 'node:http';
import https from 'node:https';
import webPush from 'web-push';
import type { VapidKeys } from '#server/config';
import type { EndpointPolicy } from './endpoint-check';

/** What a push carries (never a message's content): who and where, in the member's language (push-texts.ts). */
export interface PushPayload {
  title: string;
  body: string;
  /** The screen a click opens, a path of this site ("/conversation/…"). */
  url: string;
  /** Notifications with the same tag replace each other (one per conversation, one for introductions). */
  tag: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** sent: the push service took it; gone: the subscription is dead (404/410) or no longer allowed; failed: try mail. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** How long a push service has to answer before the push counts as failed (the mail then goes). */
const PUSH_TIMEOUT_MS = 10_000;
/** A push not delivered within a day is dropped by the push service: a day-old "new message" is no news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends one Web Push (RFC 8030) with the `web-push` library's VAPID signature (RFC 8292) and aes128gcm payload
 * encryption (RFC 8291). The library builds the request; this module sends it itself so that the connection goes
 * through the endpoint policy's guarded DNS lookup (web-push's own sender would resolve the name unchecked).
 */
export class PushSender {
  constructor(
    private readonly vapid: VapidKeys,
    private readonly policy: EndpointPolicy,
    private readonly log: { warn(object: unknown, message: string): void },
  ) {}

  async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    const verdict = await this.policy.check(target.endpoint);
    if (!verdict.ok) return 'gone';
    const details = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: this.vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    });
    try {
      const status = await this.post(verdict.url, details.headers as Record<string, string | number>, details.body, verdict.allowListed);
      if (status === 404 || status === 410) return 'gone';
      if (status >= 200 && status < 300) return 'sent';
      this.log.warn({ status, service: verdict.url.host }, 'push service refused a push');
      return 'failed';
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Re-pointed inside the network since it was stored: never usable again.
      if (code === 'EPUSHNOTPUBLIC') return 'gone';
      this.log.warn({ code, service: verdict.url.host }, 'push could not be sent');
      return 'failed';
    }
  }

  private post(url: URL, headers: Record<string, string | number>, body: Buffer, allowListed: boolean): Promise<number> {
    return new Promise((resolve, reject) => {
      const client = url.protocol === 'http:' ? http : https;
      const request = client.request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'Content-Length': body.length },
          timeout: PUSH_TIMEOUT_MS,
          // Allowed origins are the operator's own choice; every other host is resolved again and checked.
          ...(allowListed ? {} : { lookup: this.policy.guardedLookup() as never }),
          agent: false,
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('push service timed out')));
      request.on('error', reject);
      request.end(body);
    });
  }
}
