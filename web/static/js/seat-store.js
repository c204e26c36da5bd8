// What this browser keeps of its tables: each game's seat token (localStorage, the one
// place its key `wy-seat-<id>` is written: the invite link's `#seat=` is remembered so a
// reload, the start page and the lobby find the seat again), the unfinished turn of a
// game in this tab (sessionStorage: the kept dice and typed words survive a reload) and
// the last state a game page showed (the service worker's `wy-state` cache, which a reload
// without a connection reads).

const SEAT_PREFIX = "wy-seat-";

/** The seat token a link carries in its fragment (`…#seat=TOKEN`), or null.
 * @param {string} url */
export function linkToken(url) {
  return new URLSearchParams(url.split("#")[1] || "").get("seat");
}

/** Remember `token` as this browser's seat at game `gameId` (nothing when there is none).
 * @param {string} gameId
 * @param {string | null} token */
export function rememberSeat(gameId, token) {
  if (token) localStorage.setItem(`${SEAT_PREFIX}${gameId}`, token);
}

/** Remember the seat of an invite link (`url` with `#seat=`) at game `gameId`.
 * @param {string} gameId
 * @param {string} url */
export function rememberLink(gameId, url) {
  rememberSeat(gameId, linkToken(url));
}

/** This browser's seat token at game `gameId`, or null.
 * @param {string} gameId */
export function seatToken(gameId) {
  return localStorage.getItem(`${SEAT_PREFIX}${gameId}`);
}

/** The ids of every game whose seat this browser keeps. */
export function seatedGames() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i) || "";
    if (key.startsWith(SEAT_PREFIX)) ids.push(key.slice(SEAT_PREFIX.length));
  }
  return ids;
}

const STATE_CACHE = "wy-state";  // the service worker's name for it (web/static/sw.js)
let keeping = Promise.resolve();  // one write after the other: the newest state stays

/** Keep `state`, the newest state game `gameId`'s page shows, as the answer to
 * `GET /api/games/<id>` that a reload without a connection gets (from the service worker),
 * with `kept_at`: this browser's time (ms) it was shown, so the page knows how old it is.
 * @param {string} gameId
 * @param {import("./types.js").Shown} state */
export function keepState(gameId, state) {
  if (!("caches" in window) || state.kept_at !== undefined) return;
  const copy = JSON.stringify({ ...state, kept_at: Date.now() });
  keeping = keeping.then(() => caches.open(STATE_CACHE))
    .then((cache) => cache.put(`/api/games/${gameId}`, new Response(copy, { headers: { "Content-Type": "application/json" } })))
    .catch(() => {});
}

/** Remember a page's unfinished turn in this tab (kept dice, typed words) so a reload
 * mid-turn gets it back; `key` names the game, turn and throw. */
export const turnMemory = {
  /**
   * @param {string} gameId
   * @param {string} key
   * @param {Record<string, unknown>} data
   */
  save(gameId, key, data) {
    try { sessionStorage.setItem(`wy-turn-${gameId}`, JSON.stringify({ key, ...data })); } catch { /* full */ }
  },
  /**
   * @param {string} gameId
   * @param {string} key
   * @returns {any} what `save` kept under `key`, or null
   */
  load(gameId, key) {
    try {
      const stored = JSON.parse(sessionStorage.getItem(`wy-turn-${gameId}`) || "null");
      return stored && stored.key === key ? stored : null;
    } catch {
      return null;
    }
  },
};
