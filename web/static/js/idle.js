// The table clock of an online table (#idle): when the seat to move loses its turn if
// nobody acts ("Eva verliest de beurt over 1:45"), counted with this browser's clock
// corrected by the server's; at the deadline it asks the server, which applies the skip.
// Before that clock runs the line says why it does not: the table waits for players who
// have not come yet (`waiting_for`, until `wait_until`), or it is paused because no player
// has a page open (`paused`: only a watcher sees that, a player's own page ends it).
import { $, t } from "./common.js";

/** "Tim", "Tim en Oma": the names of `seats` in the page's language.
 * @param {import("./types.js").Shown} state
 * @param {number[]} seats */
function names(state, seats) {
  const list = seats.map((seat) => state.seats?.[seat]?.name ?? "?");
  const lang = document.documentElement.lang || "nl";
  return new Intl.ListFormat(lang, { type: "conjunction" }).format(list);
}

/** Seconds as m:ss.
 * @param {number} seconds */
function clockText(seconds) {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/**
 * The countdown for `table` (its `state` and `own` seats); `myTurn(state)` says whether the
 * viewer is to move, `refresh()` asks the server for the state again. Returns
 * `{ sync(state) }`, called with every state.
 * @param {import("./types.js").Table} table
 * @param {{ myTurn: (state?: import("./types.js").Shown | null) => boolean,
 *   refresh: () => Promise<unknown> }} hooks
 */
export function idleClock(table, { myTurn, refresh }) {
  let clockOffset = 0;  // server time minus this browser's time, in seconds
  /** @type {number | undefined} */
  let handle;
  let asked = 0;

  /** What the line shows now: "idle", "waiting", "paused", or null (nothing).
   * @param {import("./types.js").Shown} state */
  function phase(state) {
    if (state.kind !== "online" || state.to_move === null || state.status !== "active") return null;
    if (state.paused) return (table.own || []).length ? null : "paused";
    if (state.waiting_for?.length && typeof state.wait_until === "number") return "waiting";
    return typeof state.idle_deadline === "number" ? "idle" : null;
  }

  /** @param {import("./types.js").Shown} state */
  function sync(state) {
    // (a state kept offline was the server's at `kept_at`, not now)
    if (typeof state.server_time === "number") clockOffset = state.server_time - (state.kept_at ?? Date.now()) / 1000;
    const box = $("idle");
    if (!box) return;
    const now = phase(state);
    box.hidden = now === null;
    box.dataset.phase = now ?? "";
    if (now === null || now === "paused") {
      window.clearInterval(handle);
      handle = undefined;
      if (now === "paused") {
        box.textContent = t("seats.paused");
        box.classList.remove("low");
      }
      return;
    }
    if (!handle) handle = window.setInterval(tick, 500);
    tick();
  }

  function tick() {
    const state = table.state;
    const box = $("idle");
    if (!state || !box || box.hidden) return;
    const now = phase(state);
    if (now !== "idle" && now !== "waiting") return;
    // (phase() says which is a number)
    const target = /** @type {number} */ (now === "idle" ? state.idle_deadline : state.wait_until);
    const left = Math.max(0, target - (Date.now() / 1000 + clockOffset));
    const clock = clockText(left);
    if (now === "waiting") {
      box.textContent = t("seats.waiting", { names: names(state, state.waiting_for), s: clock });
      box.classList.remove("low");
    } else {
      const name = state.players[/** @type {number} */ (state.to_move)]?.name ?? "?";
      box.textContent = myTurn(state) ? t("seats.idle_you", { s: clock }) : t("seats.idle", { name, s: clock });
      box.classList.toggle("low", left <= 15);
    }
    if (left <= 0 && Date.now() - asked > 3000) {
      asked = Date.now();
      window.setTimeout(refresh, 300);
    }
  }

  return { sync };
}
