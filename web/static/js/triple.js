// The Triple Yahtzee screen: classic's dice on a score card of three columns (×1, ×2, ×3)
// per player. It renders the state the server sends and posts the player's intent; every
// score, open box, hint and computer move comes from the server.
import { $, boxName, el, renderEnd, renderHintPanel, t, tn } from "./common.js";
import { fiveDicePage } from "./dice.js";
import { diceText } from "./pips.js";

/** @typedef {import("./types.js").Shown<import("./api.js").TripleState>} State */

const { table, dice } = fiveDicePage($("game").dataset.gameId, {
  // (a new turn's key: there is a turn)
  key: (/** @type {State} */ s) => String(/** @type {import("./api.js").PipTurn} */ (s.turn).number),
  describe: historyLine,
  draw: (/** @type {State} */ state) => {
    renderStatus();
    renderHint();
    renderSheet();
    renderReview();
    renderEnd(state);
  },
  hintShown: () => {
    renderSheet();
    renderHint();
  },
});
const { myTurn, playerName, seatOf } = table;

/** The state shown (there is one from the first render on, before any of these runs). */
function shown() {
  return /** @type {State} */ (table.state);
}

/** @param {number} column
 * @returns {number} */
function factorOf(column) {
  return shown().columns[column - 1]?.factor ?? column;
}
/** The points the dice would gain in `box` of `column` now (undefined: not open).
 * @param {number} column
 * @param {string} box
 * @returns {number | undefined} */
function optionPoints(column, box) {
  return shown().options?.[String(column)]?.[box];
}

/**
 * @param {number} column
 * @param {string} box
 */
async function claim(column, box) {
  if (!myTurn() || table.busy || optionPoints(column, box) === undefined) return;
  await table.act("claim", { box, column });
}

/** What a finished turn did: the points written in a box of a column.
 * @param {import("./api.js").TripleTurnDone} turn
 * @returns {string} */
function historyLine(turn) {
  const name = playerName(turn.player);
  const f = factorOf(turn.column);
  if (turn.skipped) return t("triple.skipped", { name, why: t(`skip.${turn.skipped}`), box: boxName(turn.box), f });
  return t("triple.scored", { name, points: turn.points, box: boxName(turn.box), f, weighted: turn.weighted });
}

function renderStatus() {
  const state = shown();
  const text = state.turn ? t("classic.round", { r: state.turn.round, n: state.rounds }) : t("game.final");
  $("round-title").textContent = `${t("mode.triple_short")} · ${text}`;
  $("turn-line").textContent = table.turnLine();
  document.title = `${text} · ${t("mode.triple_short")}`;
}

/** @param {any} option a hint's option (Triple Yahtzee's shape: `kind`, `box`, `factor` …) */
function optionText(option) {
  if (option.kind === "box") {
    return t("triple.hint_box", { points: option.points, box: boxName(option.box), f: option.factor, weighted: option.weighted });
  }
  if (dice.hint()?.answer.throws === 0) return t("classic.hint_throw");
  return option.keep.length ? t("classic.hint_keep", { dice: diceText(option.keep) }) : t("classic.hint_keep_none");
}

function renderHint() {
  renderHintPanel(dice.hint(), dice.hintPending(), (answer) => ({
    best: optionText(answer.best),
    canApply: myTurn(),
    rows: answer.options.map((/** @type {any} */ option, /** @type {number} */ i) => el("tr", { class: i === 0 ? "best-option" : "" },
      el("td", { text: optionText(option) }),
      // a keep counts nothing yet: it says so, rather than leave its cell empty
      option.kind === "box" ? el("td", { class: "num", text: String(option.weighted) })
        : el("td", { class: "num", title: t("triple.hint_keep_counts") }, el("span", { "aria-hidden": "true", text: "–" }),
          el("span", { class: "sr-only", text: t("triple.hint_keep_counts") })))),
  }));
}

// -- the score card: per player three columns ----------------------------------------------
/**
 * @param {import("./api.js").TriplePlayer} player
 * @param {number} i
 * @param {number} column
 * @param {string} box
 * @param {{ column: number, box: string } | null} suggested
 */
function boxCell(player, i, column, box, suggested) {
  const value = player.columns[column - 1].boxes[box];
  const cls = column === 1 ? "col-start" : "";
  if (value !== null) return el("td", { class: `${cls}${value === 0 ? " zero" : ""}`.trim() || null }, String(value));
  const turn = shown().turn;
  const points = turn && turn.player === i && turn.dice ? optionPoints(column, box) : undefined;
  if (points === undefined) return el("td", { class: `${cls} open`.trim() });
  if (!myTurn()) return el("td", { class: `${cls} open preview`.trim() }, String(points));
  const f = factorOf(column);
  const isSuggested = suggested && suggested.column === column && suggested.box === box;
  return el("td", { class: `${cls} open`.trim() }, el("button", {
    type: "button", class: `option${isSuggested ? " suggested" : ""}`,
    "data-column": String(column), "data-box": box,
    "aria-label": tn("triple.write", points, { box: boxName(box), f, points, weighted: f * points }),
    onclick: () => claim(column, box),
  }, String(points)));
}

function renderSheet() {
  const best = dice.hint()?.answer.best;
  const suggested = best?.kind === "box" ? best : null;
  const columns = shown().columns;
  const mover = shown().to_move;
  const head1 = el("tr", {}, el("td", { class: "corner" }),
    shown().players.map((p, i) => el("th", {
      scope: "colgroup", colspan: String(columns.length),
      class: `player-head col-start${mover === i ? " current-player" : ""}`,
      "aria-current": mover === i ? "true" : null,
    }, p.name, seatOf(i).computer
      ? el("span", { class: "computer-tag", text: ` (${t(`level.short.${seatOf(i).computer}`)})` }) : null)));
  const head2 = el("tr", {}, el("th", { scope: "col", text: t("game.box") }),
    shown().players.flatMap((p, i) => columns.map((c) => el("th", {
      scope: "col", class: `factor${c.column === 1 ? " col-start" : ""}${mover === i ? " current-player" : ""}`,
      "aria-label": `${p.name}, ${t("triple.column_name", { f: c.factor })}`,
    }, t("triple.column", { f: c.factor })))));
  /** @type {(box: string, cls?: string | null) => Node} */
  const boxRow = (box, cls = null) => el("tr", { class: cls },
    el("th", { scope: "row", text: boxName(box) }),
    shown().players.flatMap((p, i) => columns.map((c) => boxCell(p, i, c.column, box, mover === i ? suggested : null))));
  /** @type {(label: string, key: "upper_total" | "upper_bonus" | "yahtzee_bonus" | "total" | "weighted", cls: string) => Node} */
  const totalRow = (label, key, cls) => el("tr", { class: cls },
    el("th", { scope: "row", text: label }),
    shown().players.flatMap((p) => p.columns.map((c) => el("td", { class: c.column === 1 ? "col-start" : null, text: String(c[key]) }))));
  /** @type {Node[]} */
  const rows = [];
  shown().boxes.upper.forEach((b) => rows.push(boxRow(b)));
  rows.push(totalRow(t("game.upper_total"), "upper_total", "subtotal"));
  rows.push(totalRow(t("classic.upper_bonus", { n: shown().upper_bonus_at, bonus: shown().upper_bonus_points }), "upper_bonus", "subtotal"));
  shown().boxes.lower.forEach((b, i) => rows.push(boxRow(b, i === 0 ? "lower-start" : null)));
  rows.push(totalRow(t("classic.yahtzee_bonus"), "yahtzee_bonus", "subtotal"));
  rows.push(totalRow(t("triple.column_total"), "total", "column-total"));
  rows.push(totalRow(t("triple.weighted"), "weighted", "weighted"));
  rows.push(el("tr", { class: "grand-total" }, el("th", { scope: "row", text: t("game.total") }),
    shown().players.map((p) => el("td", { class: "col-start", colspan: String(columns.length), "data-total": String(p.total), text: String(p.total) }))));
  $("sheet").replaceChildren(el("caption", { class: "sr-only", text: t("game.sheet") }),
    el("thead", {}, head1, head2), el("tbody", {}, rows));
  keepMoverInView();
}

/** @type {number | null} */
let scrolledFor = null; // the turn the card was last scrolled for
/** A card wider than the screen (several players on a phone) scrolls sideways: when the
 * turn passes, bring the columns of the player to move into view (once, so a player may
 * scroll away and look at the others). */
function keepMoverInView() {
  const turn = shown().turn;
  const key = turn ? turn.number : null;
  if (key === scrolledFor) return;
  scrolledFor = key;
  const sheet = $("sheet");
  const wrap = sheet.parentElement;
  const head = sheet.querySelector("th.player-head.current-player");
  if (!head || wrap.scrollWidth <= wrap.clientWidth) return;
  const labels = sheet.querySelector("thead tr:nth-child(2) th").offsetWidth;
  const left = head.offsetLeft - labels;
  const right = head.offsetLeft + head.offsetWidth - wrap.clientWidth;
  if (wrap.scrollLeft > left || wrap.scrollLeft < right) wrap.scrollLeft = Math.max(0, left);
}

function renderReview() {
  dice.renderReview(playerName, (/** @type {import("./api.js").TripleTurnDone} */ turn) => (turn.skipped ? historyLine(turn)
    : t("triple.played", { box: boxName(turn.box), f: factorOf(turn.column), points: turn.points, weighted: turn.weighted })));
}

// -- keyboard and buttons -------------------------------------------------------------------
dice.wire((/** @type {{ column: number, box: string }} */ option) => claim(option.column, option.box));

table.start();
