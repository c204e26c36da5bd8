// The end of a game, whatever its mode: a button for a new game with the same players and
// rules (POST /api/games/<id>/rematch; once someone made it, the others see that it waits
// for them), and for a daily game its card instead: the day's page, and the watch link
// only once the day is over.
import { $, api, errorText, moment, t, thrown } from "./common.js";
import { rememberLink } from "./seat-store.js";

/** The end card of `table` (its `token`, `you`) at game `gameId`; `message(text)` shows a
 * line. Returns `{ draw(state) }`, called with every state.
 * @param {string} gameId
 * @param {import("./types.js").Table} table
 * @param {(text: string) => void} message */
export function rematchCard(gameId, table, message) {
  /** @param {import("./types.js").Shown} state */
  function draw(state) {
    const wrap = $("rematch-wrap");
    if (!wrap) return;
    const daily = $("daily-wrap");
    if (daily && state.daily) {  // a daily game: one attempt, and its result on the day's page
      daily.hidden = state.status !== "finished";
      $("daily-link").href = `/daily/${state.mode}?date=${state.daily}`;
      // its dice are everyone's today: nobody else sees it before the day is over, so its
      // link is offered from then on, and until then the card says when
      const over = state.server_time >= (state.daily_closes_at ?? 0);
      const note = $("daily-watch-note");
      $("share-wrap").hidden = state.status !== "finished" || !over;
      note.hidden = state.status !== "finished" || over;
      note.textContent = t("daily.watch_later", { time: moment(new Date((state.daily_closes_at ?? 0) * 1000)) });
    }
    wrap.hidden = state.status !== "finished" || table.you.length === 0 || Boolean(state.daily);
    if (wrap.hidden) return;
    $("rematch-note").hidden = !state.rematch;
    $("rematch").textContent = state.rematch ? t("game.rematch_join") : t("game.rematch");
  }

  async function rematch() {
    const button = $("rematch");
    button.disabled = true;
    try {
      const answer = await api("POST", `/api/games/${gameId}/rematch`, {}, table.token);
      rememberLink(answer.id, answer.url);
      window.location.assign(answer.url);
    } catch (err) {
      message(errorText(thrown(err)));
      button.disabled = false;
    }
  }
  $("rematch")?.addEventListener("click", rematch);

  return { draw };
}
