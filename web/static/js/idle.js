// The idle countdown of an online table (#idle): when the seat to move loses its turn if
// nobody acts ("Eva verliest de beurt over 1:45"), counted with this browser's clock
// corrected by the server's. At the deadline it asks the server, which applies the skip.
import { $, t } from "./common.js";

/**
 * The countdown for `table` (its `state`); `myTurn(state)` says whether the viewer is to
 * move, `refresh()` asks the server for the state again. Returns `{ sync(state) }`, called
 * with every state.
 */
export function idleClock(table, { myTurn, refresh }) {
  let clockOffset = 0;  // server time minus this browser's time, in seconds
  let handle = null;
  let asked = 0;

  function sync(state) {
    // (a state kept offline was the server's at `kept_at`, not now)
    if (typeof state.server_time === "number") clockOffset = state.server_time - (state.kept_at ?? Date.now()) / 1000;
    const box = $("idle");
    if (!box) return;
    const deadline = state.idle_deadline;
    box.hidden = deadline === null || deadline === undefined || state.to_move === null || state.kind !== "online";
    if (box.hidden) {
      window.clearInterval(handle);
      handle = null;
      return;
    }
    if (!handle) handle = window.setInterval(tick, 500);
    tick();
  }

  function tick() {
    const state = table.state;
    const box = $("idle");
    if (!state || !box || box.hidden || state.to_move === null) return;
    const left = Math.max(0, state.idle_deadline - (Date.now() / 1000 + clockOffset));
    const whole = Math.ceil(left);
    const clock = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
    const name = state.players[state.to_move]?.name ?? "?";
    box.textContent = myTurn(state) ? t("seats.idle_you", { s: clock }) : t("seats.idle", { name, s: clock });
    box.classList.toggle("low", left <= 15);
    if (left <= 0 && Date.now() - asked > 3000) {
      asked = Date.now();
      window.setTimeout(refresh, 300);
    }
  }

  return { sync };
}
