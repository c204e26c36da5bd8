// The service worker (served at /sw.js so its scope is the whole site): keeps the static
// files (scripts, style, icons) for offline starts and fast loads. The API and the pages
// always go to the network: a game's state must be the server's.
const CACHE = "wy-static-v1";
const PRECACHE = [
  "/static/css/app.css", "/static/js/common.js", "/static/js/table.js", "/static/js/seats.js",
  "/static/js/start.js",
  "/static/js/dice.js", "/static/js/woord.js", "/static/js/classic.js", "/static/js/kaartspel.js",
  "/static/css/kaartspel.css", "/static/js/words.js",
  "/static/js/highscores.js", "/static/favicon.svg", "/static/icons/icon.svg",
  "/static/icons/icon-192.png", "/static/icons/icon-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE)
    .then((cache) => Promise.all(PRECACHE.map((url) => cache.add(url).catch(() => null))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

// Static files: the network first (a new version shows at once), the cache when offline.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin
      || !url.pathname.startsWith("/static/")) return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(event.request, copy));
    }
    return response;
  }).catch(() => caches.match(event.request)));
});
