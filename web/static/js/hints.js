// Asking for a hint, the same in every mode: GET /api/games/<id>/hint for the position on
// screen. While the server prepares the strategy table (202 `ready: false`) the page says
// so and asks again every second; an answer for a position that has gone is dropped, and a
// hint still wanted when the position changes is asked again for the new one.
import { $, announce, api, errorText, thrown } from "./common.js";

/** Whether a game is played without the engine's advice: a rated game and the daily game
 * have no Tip (the server refuses it too: 403 `no_hints_here`).
 * @param {import("./types.js").Shown | null | undefined} state */
export function unaided(state) {
  return Boolean(state?.daily || state?.rated);
}

/**
 * The hint of `table` (its `state`, `token`) at game `gameId`. `canAsk()` says whether the
 * position may have one (the mode's rule: a turn under way, no computer to move …);
 * `busyText` and `failedText(why)` are the panel's line while waiting or after the table
 * could not be made (by default the server's reason itself); `show()` redraws what depends on the hint (read with `current()`).
 * Call `follow(previous, state)` with every new state, before drawing.
 * @param {string} gameId
 * @param {import("./types.js").Table} table
 * @param {{ canAsk: () => boolean, busyText: string, failedText?: (why: string) => string,
 *   show: () => void }} hooks
 */
export function hintAsker(gameId, table, { canAsk, busyText, failedText = (why) => why, show }) {
  /** @type {{ seq: number, answer: any } | null} */
  let hint = null;     // { seq, answer } of the hint shown (`answer`: the mode's Hint answer)
  let ticket = 0;      // the newest request; older answers are dropped
  let pending = false; // a hint is asked for and not there yet

  /** @param {string} text */
  const line = (text) => { $("hint-best").textContent = text; };

  async function ask() {
    const state = table.state;
    if (!state || unaided(state) || !canAsk()) return;
    const mine = ++ticket;
    const seq = state.seq;
    hint = null;
    pending = true;
    $("hint").hidden = false;
    line(busyText);
    show();
    try {
      for (;;) {
        const answer = await api("GET", `/api/games/${gameId}/hint`, undefined, table.token);
        if (mine !== ticket || table.state?.seq !== seq) return;
        if (answer.ready !== false) {
          pending = false;
          hint = { seq, answer };
          show();
          announce($("hint-best").textContent);
          return;
        }
        if (answer.failed) {
          pending = false;
          line(failedText(answer.failed));
          return;
        }
        await new Promise((resolve) => { window.setTimeout(resolve, 1000); });
      }
    } catch (err) {
      if (mine === ticket) {
        pending = false;
        line(errorText(thrown(err)));
      }
    }
  }

  /**
   * @param {{ seq: number } | null} previous
   * @param {{ seq: number }} state
   */
  function follow(previous, state) {
    if (hint ? hint.seq === state.seq : !previous || previous.seq === state.seq) return;
    const again = pending;
    hint = null;
    ticket += 1;  // a hint still being fetched is for a position that has gone
    pending = false;
    if (again) window.setTimeout(ask, 0);
  }

  return { ask, follow, current: () => hint, pending: () => pending };
}
