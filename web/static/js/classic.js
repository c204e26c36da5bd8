// The classic Yahtzee screen. It renders the state the server sends and posts the player's
// intent; every score, legal box, hint and computer move comes from the server.
import { $, announce, boxName, el, number, renderEnd, renderHintPanel, renderScoreSheet, showMessage, t, tn } from "./common.js";
import { fiveDicePage } from "./dice.js";
import { diceText } from "./pips.js";

/** @typedef {import("./types.js").Shown<import("./api.js").ClassicState>} State */

const { table, dice } = fiveDicePage($("game").dataset.gameId, {
  // (a new turn's key: there is a turn)
  key: (/** @type {State} */ s) => `${gameNumber(s)}:${/** @type {import("./api.js").PipTurn} */ (s.turn).number}`,
  announce: announceNextGame,
  describe: historyLine,
  draw: (/** @type {State} */ state) => {
    renderStatus();
    renderHint();
    renderSheet();
    renderMatch();
    renderReview();
    renderEnd(state, state.match ? state.match.totals : undefined);
  },
  hintShown: () => {
    renderSheet();
    renderHint();
  },
});
const { myTurn, playerName, seatOf } = table;

/** @param {State | null} s */
function gameNumber(s) {
  return s?.match ? s.match.game : 1;
}

/** @param {string} box */
async function claim(box) {
  if (!myTurn() || table.busy || !(box in shown().options)) return;
  await table.act("claim", { box });
}

/** Between the games of a match: say that one is over and the next begins (true if so).
 * @param {State} previous
 * @param {State} current */
function announceNextGame(previous, current) {
  if (gameNumber(current) <= gameNumber(previous)) return false;
  const text = t("classic.game_over_next", { g: gameNumber(previous), next: gameNumber(current) });
  announce(`${text} ${table.turnLine()}`);
  showMessage(text);
  return true;
}

/** What a finished turn did: the points written in its box.
 * @param {import("./api.js").ClassicTurnDone & { points?: number }} turn
 * @returns {string} */
function historyLine(turn) {
  const name = playerName(turn.player);
  if (turn.skipped) return t("classic.skipped", { name, why: t(`skip.${turn.skipped}`) });
  return t("classic.scored", { name, points: turn.points ?? turn.score ?? 0, box: boxName(/** @type {string} */ (turn.box)) });
}

/** The state shown (there is one from the first render on, before any of these runs). */
function shown() {
  return /** @type {State} */ (table.state);
}

function renderStatus() {
  const title = $("round-title");
  const state = shown();
  let text = state.turn ? t("classic.round", { r: state.turn.round, n: state.rounds }) : t("game.final");
  if (state.match) text = `${t("classic.game_of", { g: state.match.game, n: state.match.length })} · ${text}`;
  title.textContent = text;
  $("turn-line").textContent = table.turnLine();
  document.title = `${text} · ${t("mode.classic_short")}`;
}

/** @param {any} option a hint's option (classic's shape: `kind`, `box`, `keep` …) */
function optionText(option) {
  if (option.kind === "box") return t("classic.hint_box", { points: option.points, box: boxName(option.box) });
  if (dice.hint()?.answer.throws === 0) return t("classic.hint_throw");
  return option.keep.length ? t("classic.hint_keep", { dice: diceText(option.keep) }) : t("classic.hint_keep_none");
}

function renderHint() {
  renderHintPanel(dice.hint(), dice.hintPending(), (answer) => ({
    best: `${optionText(answer.best)} (${t("classic.hint_expected").toLowerCase()} ${number(answer.best.expected_total, 1)})`,
    canApply: myTurn(),
    rows: answer.options.map((/** @type {any} */ option, /** @type {number} */ i) => el("tr", { class: i === 0 ? "best-option" : "" },
      el("td", { text: optionText(option) }),
      el("td", { class: "num", text: number(option.expected_total, 1) }))),
  }));
}

/** A difference with its sign: +3, −5, 0.
 * @param {number} n */
function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function renderSheet() {
  const state = shown();
  const turn = state.turn;
  state.players.forEach((p) => { /** @type {Record<string, unknown>} */ (p).par_text = signed(p.par_total); });
  const best = dice.hint()?.answer.best;
  const suggestedBox = best?.kind === "box" ? best.box : null;
  /** @type {(p: import("./api.js").ClassicPlayer, i: number, box: string) => Node} */
  const cell = (p, i, box) => {
    const v = p.boxes[box];
    if (v !== null && box in p.par) {  // an upper box against three of its face: 12 (+3)
      return el("td", { class: v === 0 ? "zero" : "" }, String(v),
        el("span", { class: `par ${p.par[box] < 0 ? "under" : "over"}`, text: ` (${signed(p.par[box])})` }));
    }
    if (v !== null) return el("td", { class: v === 0 ? "zero" : "" }, String(v));
    const live = turn && turn.player === i && turn.dice;
    if (!live) return el("td", { class: "open" });
    if (!(box in state.options)) {
      return el("td", { class: "open not-allowed" }, el("span", { "aria-hidden": "true", text: "–" }),
        el("span", { class: "sr-only", text: t("classic.not_allowed") }));
    }
    const points = state.options[box];
    if (!myTurn()) return el("td", { class: "open preview" }, String(points));
    return el("td", { class: "open" }, el("button", {
      type: "button", class: `option${suggestedBox === box ? " suggested" : ""}`, "data-box": box,
      "aria-label": tn("classic.write", points, { box: boxName(box), points }),
      onclick: () => claim(box),
    }, String(points)));
  };
  renderScoreSheet($("sheet"), state, {
    cell,
    header: (p, i) => (seatOf(i).computer
      ? el("span", { class: "computer-tag", text: ` (${t(`level.short.${seatOf(i).computer}`)})` }) : null),
    upperTotals: [[t("game.upper_total"), "upper_total", "subtotal"],
      [t("classic.par_total"), "par_text", "subtotal par-row"],
      [t("classic.bonus_needed"), "bonus_needed", "subtotal par-row"],
      [t("classic.upper_bonus", { n: state.upper_bonus_at, bonus: state.upper_bonus_points }), "upper_bonus", "subtotal"]],
    lowerTotals: [[t("classic.yahtzee_bonus"), "yahtzee_bonus", "subtotal"],
      [t("game.total"), "total", "grand-total"]],
  });
}

function renderMatch() {
  const section = $("match");
  const state = shown();
  const match = state.match;
  section.hidden = !match;
  if (!match) return;
  const head = el("tr", {}, el("th", { scope: "col", text: t("classic.match") }),
    state.players.map((p) => el("th", { scope: "col", text: p.name })));
  const rows = match.games.map((g) => el("tr", { class: g.over ? "" : "current-round" },
    el("th", { scope: "row", text: t("classic.game_n", { n: g.number }) }),
    g.totals.map((v) => el("td", { text: String(v) }))));
  rows.push(el("tr", { class: "grand-total" }, el("th", { scope: "row", text: t("classic.match_total") }),
    match.totals.map((v) => el("td", { text: String(v) }))));
  $("match-table").replaceChildren(el("thead", {}, head), el("tbody", {}, rows));
}

function renderReview() {
  dice.renderReview(playerName, (/** @type {import("./api.js").ClassicTurnDone & { points?: number }} */ turn) => (turn.skipped ? historyLine(turn)
    : `${boxName(/** @type {string} */ (turn.box))} (${turn.points ?? turn.score ?? 0})`));
}

// -- keyboard and buttons -------------------------------------------------------------------
dice.wire((/** @type {{ box: string }} */ option) => claim(option.box));

table.start();
