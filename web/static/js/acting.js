// A page's moves: each action goes to the one route of every move (POST
// /api/games/<id>/act/<action>) carrying the sequence number of the state on screen, so a
// stale page gets the current state back instead of acting on an old one. While the server
// is briefly out of reach the move is sent again; a score pad without any connection keeps
// its entry in the browser and sends it once it can. Seat actions (the host's over another
// seat, a player's `return`) go the same way to their own routes.
import { announce, api, ApiError, errorText, t, thrown } from "./common.js";

const RETRY_FOR_MS = 20000;  // how long a move is sent again while the server is away
const RESEND_MS = 2000;      // how often a score pad's kept entry is tried again

/**
 * The moves of `table` (its `token`, `seq`, `state`, `busy`) at game `gameId`. `show(state)`
 * shows a state the server sent, `message(text)` a line, `setBusy(flag)` marks an action
 * on its way. Returns `{ act, seatAction, resend }`.
 * @param {string} gameId
 * @param {import("./types.js").Table} table
 * @param {{ show: (state: any) => void, message: (text: string) => void,
 *   setBusy: (flag: boolean) => void }} hooks
 */
export function acting(gameId, table, { show, message, setBusy }) {
  const queueKey = `wy-queue-${gameId}`;
  const pad = () => table.state?.kind === "pad";

  /** Play `action` with `body`; the server's answer, or null when it was refused (the
   * reason shown) or is kept to be sent later.
   * @param {string} action
   * @param {Record<string, unknown>} body
   * @returns {Promise<import("./api.js").MoveReply | null>} */
  async function act(action, body) {
    if (table.busy) return null;
    setBusy(true);
    let waiting = false;
    let retried = false;
    try {
      const answer = await post(action, { ...body, seq: table.seq }, () => { retried = true; });
      show(answer.state);
      if (retried) message("");
      return answer;
    } catch (err) {
      if (retried && err instanceof ApiError && err.error.code === "stale" && err.payload?.state) {
        show(err.payload.state);  // an earlier try did arrive (only its answer was lost)
        message("");
        return null;
      }
      if (err instanceof ApiError && err.status === 0 && pad()) {
        // at the kitchen table the connection drops: keep the entry, say so, send it again
        localStorage.setItem(queueKey, JSON.stringify({ action, body: { ...body, seq: table.seq } }));
        waiting = true;
        message(t("pad.queued"));
        announce(t("pad.queued"), true);
        window.setTimeout(resend, RESEND_MS);
        return null;
      }
      refused(err, err instanceof ApiError && err.error.code === "time_up" ? t("game.time_up") : null);
      return null;
    } finally {
      if (!waiting) setBusy(false);
    }
  }

  /** Show why the server refused, and the state its refusal carries.
   * @param {unknown} err
   * @param {string | null} [text] */
  function refused(err, text = null) {
    if (err instanceof ApiError && err.payload?.state) show(err.payload.state);
    const line = (err instanceof ApiError && err.payload?.state && text) || errorText(thrown(err));
    message(line);
    announce(line, true);
  }

  // While the server is briefly out of reach (a process restarting behind the proxy, the
  // database restarting), send the move again for a while, as often as Retry-After allows;
  // its `seq` keeps a try that did arrive from counting twice. A score pad without a
  // connection at all keeps its entry instead.
  /**
   * @param {string} action
   * @param {Record<string, unknown>} body
   * @param {() => void} retrying
   */
  async function post(action, body, retrying) {
    const until = Date.now() + RETRY_FOR_MS;
    for (;;) {
      try {
        return await api("POST", `/api/games/${gameId}/act/${action}`, body, table.token);
      } catch (err) {
        const offlinePad = err instanceof ApiError && err.status === 0 && pad();
        if (!(err instanceof ApiError) || !err.transient || offlinePad || Date.now() > until) {
          throw err;
        }
        retrying();
        message(t("game.reconnecting"));
        const seconds = Math.min(5, Math.max(1, err.retryAfter));
        await new Promise((resolve) => { window.setTimeout(resolve, seconds * 1000); });
      }
    }
  }

  /** A score pad's entry that met no connection waits in this browser (a reload keeps it)
   * and is sent again until the server answers; its `seq` keeps it from counting twice. */
  async function resend() {
    const entry = JSON.parse(localStorage.getItem(queueKey) || "null");
    if (!entry) return;
    setBusy(true);
    try {
      // an entry queued by an older page named its action "act/note": the same action
      const action = String(entry.action).replace(/^act\//, "");
      const answer = await api("POST", `/api/games/${gameId}/act/${action}`, entry.body, table.token);
      localStorage.removeItem(queueKey);
      show(answer.state);
      message(t("pad.sent"));
      announce(t("pad.sent"));
      setBusy(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) {
        window.setTimeout(resend, RESEND_MS);
        return;
      }
      localStorage.removeItem(queueKey);  // the server has it already, or refuses it: say why
      if (err instanceof ApiError && err.payload?.state) show(err.payload.state);
      // "stale": the first try did arrive (only its answer was lost), so it counts once
      message(thrown(err)?.code === "stale" ? t("pad.sent") : errorText(thrown(err)));
      setBusy(false);
    }
  }
  window.addEventListener("online", resend);

  /** A seat action: the host's over another seat, or `return` to one's own; true when done.
   * @param {number} seat
   * @param {string} action
   * @param {Record<string, unknown>} [body] */
  async function seatAction(seat, action, body = {}) {
    if (table.busy) return false;
    setBusy(true);
    try {
      const answer = await api("POST", `/api/games/${gameId}/seats/${seat}/${action}`, body, table.token);
      show(answer.state);
      return true;
    } catch (err) {
      refused(err);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { act, seatAction, resend };
}
