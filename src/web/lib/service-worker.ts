/**
 * The page's side of the service worker (src/web/service-worker/sw.js): registered once the app has taken over
 * and the browser is idle (so a first visit's paint and downloads are not delayed), a new build's worker offered
 * as "A new version of Sanga is ready — Reload" (app/connection-notices.tsx), and whether the browser is online.
 */
const SHELL_CACHE_PREFIX = 'sanga-shell-';

let updateWaiting: ServiceWorker | null = null;
let online = typeof navigator === 'undefined' || navigator.onLine !== false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isOffline = () => !online;
export const isUpdateReady = () => updateWaiting !== null;

/** Follows the browser's online state, and registers the worker when the page is loaded and the browser idle. */
export function startServiceWorker(): void {
  const setOnline = () => {
    online = navigator.onLine !== false;
    changed();
  };
  window.addEventListener('online', setOnline);
  window.addEventListener('offline', setOnline);
  if (!('serviceWorker' in navigator)) return;
  const whenIdle = () => (window.requestIdleCallback ? window.requestIdleCallback(() => void register(), { timeout: 5000 }) : setTimeout(() => void register(), 1000));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

async function register(): Promise<void> {
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register('/sw.js');
  } catch {
    return; // Not served (the dev server has no worker) or refused: the app works as without one.
  }
  // A worker that finished installing while another one controls this page is a new build, waiting for a reload.
  // (The first worker of a browser controls nothing yet: it simply takes over, there is nothing to reload.)
  const offer = (worker: ServiceWorker | null) => {
    if (!worker || !navigator.serviceWorker.controller) return;
    updateWaiting = worker;
    changed();
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  // A phone keeps the app open for days: look for a new build whenever it comes back to the screen.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
  });
}

/** "Reload": the waiting worker takes over, and the page reloads under it (old and new chunks never meet). */
export function applyUpdate(): void {
  const worker = updateWaiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * At logout: deletes every cache of this site but the build's own (the app's page and hashed files, the same for
 * everyone). The worker keeps nothing else by design; this makes sure that stays true on a shared phone.
 */
export async function clearMemberCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    for (const name of await caches.keys()) if (!name.startsWith(SHELL_CACHE_PREFIX)) await caches.delete(name);
  } catch {
    // Storage refused (private mode): there is nothing to clear.
  }
}
