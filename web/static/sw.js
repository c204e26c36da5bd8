// The service worker (served at /sw.js so its scope is the whole site): the site goes on
// working without a connection, as far as it can.
//  - Static files (scripts, style, icons): all kept at install, the network first (a new
//    version shows at once), the cache when offline.
//  - Pages: the network first; each page this browser visits is kept, so a reload offline
//    shows it as last seen. The rules, the blank sheets and the start page are kept at
//    install; a page never visited says, in the site's words, that it needs the server
//    (/offline). Pages that hold a secret (a profile's link, the moderators') are never kept.
//  - A table's state (GET /api/games/<id>): the network first; offline, the last state the
//    page showed (kept by the page, with the time it was shown), so a game reloaded offline
//    shows where it was and a score pad takes entries (they wait in the page's queue).
//    Every other API call goes to the network.
//
// The server fills in the three values below as it serves this file (web/offline.py): every
// file under web/static, a cache named after a digest of their contents (a deploy that
// changes any of them installs a fresh cache and drops the old one) and the pages to keep.
const CACHE = /* CACHE */ "wy-static";
/** @type {string[]} */
const PRECACHE = /* PRECACHE */ [];
/** @type {string[]} */
const PAGES_AT_INSTALL = /* PAGES */ [];
const PAGES = "wy-pages";
const STATE = "wy-state";
const OFFLINE = "/offline";
const PRIVATE = /^\/(p|moderate|profile)(\/|$)/;
const TABLE_STATE = /^\/api\/games\/[A-Za-z0-9_-]+$/;

const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

worker.addEventListener("install", (event) => {
  const keep = (/** @type {string} */ name, /** @type {string[]} */ urls) => caches.open(name)
    .then((cache) => Promise.all(urls.map((url) => cache.add(url).catch(() => null))));
  event.waitUntil(Promise.all([keep(CACHE, PRECACHE), keep(PAGES, PAGES_AT_INSTALL)])
    .then(() => worker.skipWaiting()));
});

worker.addEventListener("activate", (event) => {
  const kept = [CACHE, PAGES, STATE];
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => !kept.includes(key)).map((key) => caches.delete(key))))
    .then(() => worker.clients.claim())
    .then(() => keepOpenPages()));
});

/** The pages open when the worker took over were loaded before it: keep them too, so a
 * page first visited online reloads offline. */
function keepOpenPages() {
  return worker.clients.matchAll({ type: "window" }).then((open) => caches.open(PAGES)
    .then((cache) => Promise.all(open.map((client) => new URL(client.url))
      .filter((url) => url.origin === worker.location.origin && !PRIVATE.test(url.pathname))
      .map((url) => cache.add(url.pathname + url.search).catch(() => null)))));
}

/**
 * The network's answer, kept in `name` when it is a good one (and `keep`); offline, the
 * kept copy.
 * @param {Request} request @param {string} name @param {boolean} [anySearch]
 * @param {boolean} [keep]
 * @returns {Promise<Response | undefined>}
 */
function networkFirst(request, name, anySearch = false, keep = true) {
  return fetch(request).then((response) => {
    const stored = !(response.headers.get("Cache-Control") || "").includes("no-store");
    if (keep && response.ok && response.type === "basic" && stored) {
      const copy = response.clone();
      caches.open(name).then((cache) => cache.put(request, copy));
    }
    return response;
  }, () => caches.open(name).then((cache) => cache.match(request)
    .then((hit) => hit || (anySearch ? cache.match(request, { ignoreSearch: true }) : undefined))));
}

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== worker.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(networkFirst(request, CACHE).then((hit) => hit || Response.error()));
  } else if (request.mode === "navigate" && !PRIVATE.test(url.pathname)) {
    event.respondWith(networkFirst(request, PAGES, true)
      .then((hit) => hit || caches.open(PAGES).then((cache) => cache.match(OFFLINE)))
      .then((hit) => hit || Response.error()));
  } else if (TABLE_STATE.test(url.pathname)) {
    // the page keeps the newest state it shows there itself (seat-store.js keepState):
    // newer than this answer once a move or a live update came
    event.respondWith(networkFirst(request, STATE, false, false).then((hit) => hit || Response.error()));
  }
});
