// The service worker (served at /sw.js so its scope is the whole site): keeps the static
// files (scripts, style, icons) for offline starts and fast loads. The API and the pages
// always go to the network: a game's state must be the server's.
//
// The server fills in the two values below as it serves this file (web/offline.py): every
// file under web/static, and a cache named after a digest of their contents, so that a
// deploy that changes any of them installs a fresh cache and drops the old one.
const CACHE = /* CACHE */ "wy-static";
const PRECACHE = /* PRECACHE */ [];

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

worker.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => Promise.all(PRECACHE.map((url) => cache.add(url).catch(() => null))))
    .then(() => worker.skipWaiting()));
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => worker.clients.claim()));
});

// Static files: the network first (a new version shows at once), the cache when offline.
worker.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== worker.location.origin
      || !url.pathname.startsWith("/static/")) return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(event.request, copy));
    }
    return response;
  }).catch(() => caches.match(event.request)));
});
