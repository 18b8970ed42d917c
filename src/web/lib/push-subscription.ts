/**
 * This browser's Web Push subscription: made with the server's public key through the service
 * worker's registration, handed to the server, and undone at sign-out so a shared phone stops showing the last
 * member's notifications. Nothing here runs until the member asks for notifications on /settings.
 */
import { apiRequest } from './api';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * An iPhone or iPad outside the home-screen app: Safari there has no Web Push at all; only Sanga added to the home
 * screen (iOS 16.4 and later) can receive notifications, so the member is told how to add it. iPadOS reports itself
 * as a Mac, told apart by its touch screen.
 */
export function needsHomeScreenApp(): boolean {
  if (typeof window === 'undefined' || pushSupported()) return false;
  const apple = /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches;
  return apple && !standalone;
}

/** The worker's registration, waiting at most `ms` for it (it registers once the browser is idle: service-worker.ts). */
async function registration(ms = 10_000): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  return Promise.race([navigator.serviceWorker.ready, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);
}

/**
 * This browser's current subscription, if any (never asks for permission, never waits: a subscription implies a
 * registered worker and granted permission, so sign-out costs nothing without one).
 */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  const found = await navigator.serviceWorker.getRegistration();
  return (await found?.pushManager.getSubscription()) ?? null;
}

/** The server's VAPID key as the push manager takes it. */
function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * `unavailable`: the browser has the API but no push service answers for this window. A private (incognito) window
 * is the usual cause (Chromium's refuse to subscribe there), so the member is told to use a normal window.
 */
export type SubscribeOutcome = 'subscribed' | 'denied' | 'unsupported' | 'unavailable';

/** Asks the browser for permission (on the member's click), subscribes, and stores the subscription on the server. */
export async function subscribeThisDevice(): Promise<SubscribeOutcome> {
  const found = await registration();
  if (!found) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { publicKey } = await apiRequest<{ publicKey: string }>('GET', '/api/push/public-key');
  let subscription = await found.pushManager.getSubscription();
  // Made with another key (the server's keys changed): it cannot receive our pushes any more.
  const key = subscription?.options.applicationServerKey;
  if (subscription && key && btoa(String.fromCharCode(...new Uint8Array(key))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  if (!subscription) {
    try {
      subscription = await found.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
    } catch (error) {
      // The browser's own refusal (AbortError "push service not available", NotAllowedError…): nothing the server
      // or the member's connection did, so it is explained rather than shown as a failure.
      if (error instanceof DOMException) return 'unavailable';
      throw error;
    }
  }
  await apiRequest('POST', '/api/push/subscriptions', subscription.toJSON());
  return 'subscribed';
}

/**
 * Unsubscribes this browser and tells the server (while still signed in: at sign-out this runs first). Errors are
 * swallowed: sign-out must not fail because the push service or the network did.
 */
export async function unsubscribeThisDevice(): Promise<void> {
  try {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    const { endpoint } = subscription;
    await subscription.unsubscribe().catch(() => undefined);
    await apiRequest('DELETE', '/api/push/subscriptions', { endpoint });
  } catch {
    // Offline or signed out already: the server deletes it once its push service answers 404/410.
  }
}

/** The browser's side only (the account is gone, and with it the server's copy). */
export async function forgetThisDevice(): Promise<void> {
  try {
    await (await currentPushSubscription())?.unsubscribe();
  } catch {
    // Nothing to forget.
  }
}
