/* global BUILD */
// Sanga's service worker (issue 34; docs/security.md, "The service worker"). `BUILD` is put in front of this file
// at build time (scripts/vite-service-worker.ts): this build's version and its hashed files.
// Hand-written, not Workbox: one cache and two fetch rules are smaller than its runtime, and readable here in full.
//
// It keeps exactly one cache, `sanga-shell-<version>`: the app's page (the same for everyone, fetched without
// cookies) and this build's hashed scripts, styles and fonts. It never caches anything else, least of all anyone's
// data: /api/*, photos (/objects/*) and event streams are not even intercepted, so they always go to the network
// with the browser's own (no-store) rules. A shared phone shows nobody's messages after logout.
//
// - Pages (navigations) go to the network first, as without a worker (the server renders a visitor's first page
//   per language and path and sets cookies); only when the network fails is the precached page answered, and the
//   app boots and says it is offline.
// - This build's hashed files are answered from the cache first (they never change), so a page of this build
//   never mixes in chunks of another one, even after the server moved on to a new build.
// - A new build is a new worker: it installs beside the old one and waits until the member reloads (the app offers
//   it: lib/service-worker.ts); once active it deletes the old build's cache.

const CACHE = `sanga-shell-${BUILD.version}`;
// Any path the server answers with the app's page (not one of the visitors' first pages it renders per language).
const SHELL_URL = '/app-shell';
const PRECACHED = new Set(BUILD.assets);

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

async function precache() {
  const cache = await caches.open(CACHE);
  // Without cookies: the page can only be the one every visitor gets. `reload`: not an older copy from the HTTP cache.
  const shell = await fetch(SHELL_URL, { credentials: 'omit', cache: 'reload' });
  if (!shell.ok) throw new Error(`The app's page answered ${shell.status}`);
  const html = await shell.clone().text();
  // The server already runs another build than this worker's: installing would pair this page with other chunks.
  for (const [asset] of html.matchAll(/\/assets\/[^"'\s?#]+/g)) {
    if (!PRECACHED.has(asset)) throw new Error(`The app's page uses ${asset}, which is not of build ${BUILD.version}`);
  }
  await cache.addAll(BUILD.assets.map((asset) => new Request(asset, { credentials: 'omit', cache: 'reload' })));
  await cache.put(SHELL_URL, shell);
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Every other cache of this site's workers: an older build's, or anything a former version may have kept.
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      // The page's request starts while the worker wakes up, so a page is not slower than without a worker.
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  // The member chose "Reload" (lib/service-worker.ts).
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(networkThenShell(event));
    return;
  }
  if (PRECACHED.has(url.pathname)) event.respondWith(cacheFirst(request));
  // Anything else (/api, /objects, event streams, the manifest and icons): not intercepted, never cached.
});

async function networkThenShell(event) {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    const shell = await caches.match(SHELL_URL, { cacheName: CACHE, ignoreVary: true });
    if (shell) return shell;
    throw new Error('Offline, and the app is not cached');
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request, { cacheName: CACHE, ignoreVary: true });
  return cached ?? fetch(request);
}

// Web Push (issue 34 item 3). The server writes the words in the member's language and says who and where, never
// what (features/push/push-texts.ts): { title, body, url, tag }. Nothing of it is cached or kept by the worker.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    // Not ours or damaged: a plain notice still opens the app.
  }
  const url = sameOriginPath(data.url);
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : 'Sanga', {
      body: typeof data.body === 'string' ? data.body : undefined,
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

/** Only a path of this site: a payload cannot make a click open another site. */
function sameOriginPath(value) {
  if (typeof value !== 'string') return '/';
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search : '/';
  } catch {
    return '/';
  }
}

// A click opens the screen the notification is about: in a window of the app already open (navigated there and
// focused), else in a new one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(sameOriginPath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const navigated = open.url === target ? open : await open.navigate(target).catch(() => null);
        await (navigated ?? open).focus().catch(() => undefined);
        if (navigated) return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
