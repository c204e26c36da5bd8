// The hourglass of a Woord Yahtzee turn (#timer): it counts down from the server's
// `seconds_left` with this browser's monotonic clock (never comparing wall clocks), warns
// ten seconds before the end, and at 0 asks the server, which applies the timeout by its
// own clock so that everyone sees it. On a score pad it is the referee: the screen stays
// awake while it runs and a bell rings at the end.
import { $, announce, showMessage, t } from "./common.js";
import { stayAwake } from "./pad.js";
import { bell } from "./sound.js";

/** The hourglass of `table` (its `state`, `refresh()`, `myTurn()`); returns
 * `{ sync(state) }`, called with every state.
 * @param {import("./types.js").Table & { myTurn: () => boolean }} table */
export function hourglass(table) {
  /** @type {{ deadline: number | null, warned: boolean, asked: boolean, handle: number | null,
   *   key: string, rang: string }} */
  const timer = { deadline: null, warned: false, asked: false, handle: null, key: "", rang: "" };

  /** @param {import("./api.js").WoordState} state */
  function sync(state) {
    const box = $("timer");
    const turn = state.turn;
    const key = turn ? `${turn.number}:${turn.started_at}` : "";
    if (!turn || turn.seconds_left === null || turn.seconds_left === undefined) {
      box.hidden = !turn || turn.turn_seconds === null ? true : false;
      if (turn && turn.turn_seconds === null) { box.hidden = false; $("timer-text").textContent = t("game.timer_off"); box.classList.remove("low"); }
      else if (turn) { $("timer-text").textContent = t("game.time_left", { s: Math.round(/** @type {number} */ (turn.turn_seconds)) }); box.classList.remove("low"); }
      timer.deadline = null;
      return;
    }
    box.hidden = false;
    if (key !== timer.key) { timer.warned = false; timer.asked = false; timer.key = key; }
    if (state.kind === "pad") stayAwake(turn.seconds_left > 0);  // the screen stays on meanwhile
    // a state kept offline is `table.age` seconds old: its hourglass ran on meanwhile
    timer.deadline = performance.now() + Math.max(0, turn.seconds_left - (table.age || 0)) * 1000;
    if (!timer.handle) timer.handle = window.setInterval(tick, 250);
    tick();
  }

  function tick() {
    if (timer.deadline === null) return;
    const left = Math.max(0, (timer.deadline - performance.now()) / 1000);
    const shown = Math.ceil(left);
    $("timer-text").textContent = t("game.time_left", { s: shown });
    $("timer").classList.toggle("low", left <= 10);
    $("timer").setAttribute("aria-label", t("game.time_left", { s: shown }));
    if (left <= 10 && !timer.warned && table.myTurn()) {
      timer.warned = true;
      announce(t("game.time_warning"), true);
    }
    if (left <= 0 && !timer.asked) {
      if (table.state?.kind === "pad" && timer.rang !== timer.key) {  // the referee's bell
        timer.rang = timer.key;
        bell();
        showMessage(t("pad.time_up"));
        stayAwake(false);
      }
      timer.asked = true;
      // Ask the server: it applies the timeout by its own clock and everyone sees it.
      window.setTimeout(table.refresh, 300);
      window.setTimeout(() => { timer.asked = false; }, 3000);
    }
  }

  return { sync };
}
