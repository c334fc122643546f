// The driver app's service worker (scope /driver): keeps the app, the run and the consignment
// note PDFs on the phone so they open without signal, and sends the outbox (driver-queue.js) when
// the network returns, also with the page closed where the browser has Background Sync. Served by
// the app after a line that sets self.DRIVER_APP: the cache's version, the page and its files.
(() => {
  'use strict';

  const { version, shell, files, queue } = self.DRIVER_APP;
  importScripts(queue);

  const APP_CACHE = `driver-app-${version}`;
  // The run and the PDFs outlive a release: the driver may update the app in a basement.
  const DATA_CACHE = 'driver-data';
  const FILES = '/files/';
  const API = '/v1/driver/';

  self.addEventListener('install', (event) => {
    event.waitUntil((async () => {
      const cache = await caches.open(APP_CACHE);
      await cache.addAll(files);
      // The page in the driver's language, with the driver's cookie (same origin).
      await cache.add(shell).catch(() => {});
      await self.skipWaiting();
    })());
  });

  self.addEventListener('activate', (event) => {
    event.waitUntil((async () => {
      for (const name of await caches.keys()) if (name.startsWith('driver-app-') && name !== APP_CACHE) await caches.delete(name);
      await self.clients.claim();
    })());
  });

  /** The network's answer, kept under `key`; without network, the kept one (or a 503 the page reads as "no connection"). */
  async function networkFirst(request, cacheName, key, mark) {
    const cache = await caches.open(cacheName);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(key, response.clone());
      return response;
    } catch {
      const kept = await cache.match(key);
      if (!kept) return new Response(JSON.stringify({ code: 'network' }), { status: 503, headers: { 'content-type': 'application/problem+json', 'x-driver-offline': '1' } });
      if (!mark) return kept;
      // Tell the page it is reading the phone's copy (it says so, with the time it was fetched).
      const headers = new Headers(kept.headers);
      headers.set('x-driver-offline', '1');
      return new Response(await kept.blob(), { status: kept.status, headers });
    }
  }

  self.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin) return;
    if (request.mode === 'navigate' && url.pathname === shell) {
      event.respondWith(networkFirst(request, APP_CACHE, shell, false));
    } else if (files.includes(url.pathname)) {
      event.respondWith(caches.match(url.pathname).then((kept) => kept ?? fetch(request)));
    } else if (url.pathname.startsWith(API) && url.pathname !== `${API}session`) {
      event.respondWith(networkFirst(request, DATA_CACHE, url.pathname, true));
    } else if (url.pathname.startsWith(FILES)) {
      // A note PDF: one document id is one version, so the path alone names it (the query is the
      // signature, which changes with each fetch of the run).
      event.respondWith(networkFirst(request, DATA_CACHE, url.pathname, false));
    }
  });

  /** Fetches the run's note PDFs once, so they open without signal. */
  async function keep(urls) {
    const cache = await caches.open(DATA_CACHE);
    for (const href of urls) {
      const path = new URL(href, self.location.origin).pathname;
      if (!path.startsWith(FILES) || (await cache.match(path))) continue;
      try {
        const response = await fetch(href, { credentials: 'omit' });
        if (response.ok) await cache.put(path, response);
      } catch {
        return; // no signal: the next run fetch tries again
      }
    }
  }

  const drain = () => self.driverQueue.browserQueue().drain();

  self.addEventListener('message', (event) => {
    const message = event.data || {};
    if (message.type === 'keep' && Array.isArray(message.urls)) event.waitUntil(keep(message.urls));
    if (message.type === 'drain') event.waitUntil(drain());
    if (message.type === 'forget') event.waitUntil(caches.delete(DATA_CACHE));
  });

  self.addEventListener('sync', (event) => {
    if (event.tag === self.driverQueue.SYNC_TAG) event.waitUntil(drain());
  });
})();
