// The link between a game page and its table on the server, shared by every mode's page.
// It holds what the page knows of the table (the seat token, the seats it acts for, the
// state shown and its sequence number) and joins the modules that each do one job with
// it: the live stream (live.js), the moves (acting.js), whose turn it is (turn.js), and
// what every table draws: the seats and the host's controls (seats.js), the idle
// countdown (idle.js), the invite links (invites.js), the rematch (rematch.js), the
// hot-seat hand-over (handover.js) and the turn's title, icon and sound (turn-signal.js).
import { api, errorText, t, thrown, time } from "./common.js";
import { acting } from "./acting.js";
import { handover } from "./handover.js";
import { idleClock } from "./idle.js";
import { inviteCard } from "./invites.js";
import { listen } from "./live.js";
import { rematchCard } from "./rematch.js";
import { keepState, linkToken, rememberSeat, seatToken } from "./seat-store.js";
import { seatsView } from "./seats.js";
import { turnOf } from "./turn.js";
import { turnSignal } from "./turn-signal.js";

/**
 * Connect a game page to table `gameId`. The page supplies `view`:
 * `render(state, previous)` draws a state (`previous`: the one shown before, or null), `message(text)` shows a line, `busy()` re-enables or
 * disables its controls after `table.busy` changed. Call `table.start()` once.
 * @template {import("./api.js").GameState} S the states of the page's mode
 * @param {string} gameId
 * @param {{ render: (state: import("./types.js").Shown<S>,
 *   previous: import("./types.js").Shown<S> | null) => void,
 *   message: (text: string) => void, busy: () => void }} view
 */
export function connectTable(gameId, view) {
  const linked = linkToken(window.location.href);
  rememberSeat(gameId, linked);
  /** @type {import("./types.js").Table} */
  const table = {
    token: linked || seatToken(gameId),
    own: /** @type {number[]} */ ([]),  // the seats this browser's link holds (one a computer plays too)
    you: /** @type {number[]} */ ([]),  // the seats it acts for: those of `own` no computer plays
    seq: -1,      // the sequence number of the state shown
    busy: false,  // an action is on its way
    age: 0,       // seconds since the state shown was the server's (0 unless kept offline)
    state: null,  // the state shown
    refresh: load, // ask the server again (it applies a due timeout or idle skip first)
    // a daily game hidden from this browser (no seat token of it): nothing to follow
    start: () => load().then((refused) => {
      if (refused === "daily_hidden") return;
      moves.resend();
      listen(gameId, table.token, show);
    }),
  };
  const turn = turnOf(table, view.message);
  const moves = acting(gameId, table, { show, message: view.message, setBusy });
  const seats = seatsView(gameId, table, moves.seatAction, view.message);
  const idle = idleClock(table, { myTurn: turn.myTurn, refresh: load });
  const invites = inviteCard(gameId, table);
  const rematch = rematchCard(gameId, table, view.message);
  const handing = handover();
  const signal = turnSignal(turn.myTurn, turn.watching);

  // Never back: the stream can bring the moves that follow an action (a computer's, the
  // next player's) before the action's own answer arrives; that older answer is dropped,
  // or the page would wait on a state the server has left, and that a resumed stream
  // (Last-Event-ID) would not send again.
  /** @param {import("./types.js").Shown} next */
  function show(next) {
    const previous = table.state;
    if (previous && next.seq < previous.seq) return;
    reveal();
    table.seq = next.seq;
    table.state = next;
    table.you = table.own.filter((seat) => !next.seats?.[seat]?.computer);
    // a state kept in this browser (a reload without a connection): how old it is, which
    // the clocks count from, and a line that says so until the server answers again
    table.age = next.kept_at ? Math.max(0, (Date.now() - next.kept_at) / 1000) : 0;
    if (next.kept_at) view.message(t("game.offline_copy", { time: time(new Date(next.kept_at)) }));
    else if (previous?.kept_at) view.message("");
    keepState(gameId, { ...next, own: table.own });  // a reload offline: whose seats
    const root = document.getElementById("game");
    if (root) root.dataset.seq = String(next.seq);  // the state shown (the tests wait on it)
    // (the page's own mode: its states are S)
    view.render(/** @type {import("./types.js").Shown<S>} */ (next),
      /** @type {import("./types.js").Shown<S> | null} */ (previous));
    seats.draw(next);
    idle.sync(next);
    invites.draw(next);
    rematch.draw(next);
    handing.draw(previous, next);
    signal.draw(previous, next);
  }

  /** The state from the server, shown; on a refusal, the error's code. */
  async function load() {
    try {
      const answer = await api("GET", `/api/games/${gameId}`, undefined, table.token);
      table.own = answer.own || answer.you || [];
      show(answer);
      return null;
    } catch (err) {
      view.message(errorText(thrown(err)));
      return thrown(err)?.code ?? null;
    }
  }

  // Today's daily game, opened in a browser without its player's profile, comes with
  // its board hidden: the API has just shown the state to the link's seat token, so this
  // browser is the player's.
  function reveal() {
    const notice = document.getElementById("daily-hidden");
    if (!notice) return;
    notice.remove();
    const board = document.getElementById("game");
    if (board) board.hidden = false;
  }

  /** @param {boolean} flag */
  function setBusy(flag) {
    table.busy = flag;
    view.busy();
  }

  return /** @type {import("./types.js").PageTable<S>} */ (
    Object.assign(table, turn, { act: moves.act }));
}
