// Stratagem's service worker. The build (pwa/vite-plugin.ts) writes in the list of the
// files it keeps and their version. It keeps the app shell (the build's hashed assets,
// the offline page, manifests and icons) so the installed app opens without a network,
// and answers a page that cannot be fetched with the "no connection" page. The API and
// the live event streams are never touched: they always go to the server.
const SHELL = self.__SHELL__;
const CACHE = 'stratagem-shell-__VERSION__';
const OFFLINE_PAGE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith('stratagem-shell-') && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // Pages come fresh from the server while it answers (index.html is never cached).
    event.respondWith(fetch(request).catch(() => caches.open(CACHE).then((cache) => cache.match(OFFLINE_PAGE))));
    return;
  }
  if (SHELL.includes(url.pathname))
    event.respondWith(caches.open(CACHE).then((cache) => cache.match(url.pathname)).then((kept) => kept ?? fetch(request)));
});

// A notice from the server by Web Push (src/server/push_sender.h): {title, body, url,
// tag, lang}, already in the reader's language.
self.addEventListener('push', (event) => {
  let message = null;
  try { message = event.data ? event.data.json() : null; } catch { message = null; }
  if (!message || typeof message.title !== 'string') return;
  event.waitUntil(self.registration.showNotification(message.title, {
    body: message.body ?? '', tag: message.tag, lang: message.lang, icon: '/icons/icon-192.png',
    data: { url: message.url },
  }));
});

// Opening a notice opens its game: a window already there is brought forward. Only this
// origin's pages are opened (the server's links are to them).
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const linked = new URL(event.notification.data?.url ?? '/', self.location.origin);
  const url = new URL(linked.pathname + linked.search, self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
    const open = windows.find((w) => w.url === url);
    return open ? open.focus() : self.clients.openWindow(url);
  }));
});
