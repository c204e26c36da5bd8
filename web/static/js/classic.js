// The classic Yahtzee screen. It renders the state the server sends and posts the player's
// intent; every score, legal box, hint and computer move comes from the server.
import { announce, api, boxName, el, errorText, number, renderEnd, renderHintPanel, renderScoreSheet, showMessage, t, tn } from "./common.js";
import { diceText, fiveDice } from "./dice.js";
import { connectTable } from "./table.js";

const root = document.getElementById("game");
const gameId = root.dataset.gameId;
const $ = (id) => document.getElementById(id);

let state = null;
const table = connectTable(gameId, { render, message: showMessage, busy: syncDisabled });
const dice = fiveDice({
  table, gameId, state: () => state, key: (s) => `${gameNumber(s)}:${s.turn.number}`,
  label: (i, pips) => t("classic.die", { i: i + 1, pips }), changed: syncDisabled,
  suggested: (i) => hint?.answer?.best?.kind === "keep" && hint.answer.throws > 0
    && hint.answer.best.keep_indices.includes(i),
});
let hint = null;        // { seq, answer } of the last hint shown
let hintTicket = 0;
let hintPending = false; // a hint request is waiting for the strategy table

function myTurn() {
  return table.myTurn(state);
}
function seatOf(i) {
  return state.seats?.[i] || {};
}
function playerName(i) {
  return state.players[i]?.name ?? "?";
}
function gameNumber(s) {
  return s?.match ? s.match.game : 1;
}
function computerToMove() {
  return Boolean(state && state.to_move !== null && seatOf(state.to_move).computer);
}

async function claim(box) {
  if (!myTurn() || table.busy || !(box in state.options)) return;
  await table.act("claim", { box });
}

async function askHint() {
  if (!state || !state.turn || state.status === "finished" || computerToMove()) return;
  const ticket = ++hintTicket;
  const seq = state.seq;
  hintPending = true;
  $("hint").hidden = false;
  $("hint-best").textContent = t("classic.hint_busy");
  try {
    for (;;) {
      const answer = await api("GET", `/api/games/${gameId}/hint`, undefined, table.token);
      if (ticket !== hintTicket || !state || state.seq !== seq) return;
      if (answer.ready) {
        hintPending = false;
        hint = { seq: answer.seq, answer };
        dice.draw();
        renderSheet();
        syncDisabled();
        renderHint();
        announce($("hint-best").textContent);
        return;
      }
      if (answer.failed) {
        hintPending = false;
        $("hint-best").textContent = t("classic.hint_failed", { why: answer.failed });
        return;
      }
      $("hint-best").textContent = t("classic.hint_busy");
      $("hint-table").hidden = true;
      $("hint-apply").hidden = true;
      await new Promise((resolve) => { window.setTimeout(resolve, 1000); });
    }
  } catch (err) {
    if (ticket === hintTicket) {
      hintPending = false;
      $("hint-best").textContent = errorText(err.error);
    }
  }
}

// -- rendering ------------------------------------------------------------------------------
function render(next) {
  const previous = state;
  state = next;
  dice.update(previous, state);
  if (hint ? hint.seq !== state.seq : previous && previous.seq !== state.seq) {
    const wasPending = hintPending;
    hint = null;
    hintTicket += 1; // a hint still being fetched is for a position that has gone
    hintPending = false;
    // asked for while the table was being prepared or a throw was under way: ask again
    if (wasPending && state.turn) window.setTimeout(askHint, 0);
  }
  announceChanges(previous, state);
  renderStatus();
  dice.draw();
  renderHint();
  renderSheet();
  renderMatch();
  renderReview();
  renderEnd(state, state.match ? state.match.totals : undefined);
  syncDisabled();
}

function announceChanges(previous, current) {
  if (!previous) return;
  if (gameNumber(current) > gameNumber(previous)) {
    const text = t("classic.game_over_next", { g: gameNumber(previous), next: gameNumber(current) });
    announce(`${text} ${table.turnLine()}`);
    showMessage(text);
    return;
  }
  if (table.announceTurn(previous, current, historyLine)) return;
  dice.announceThrow(previous, current, playerName);
}

/** What a finished turn did: the points written in its box. */
function historyLine(turn) {
  const name = playerName(turn.player);
  if (turn.skipped) return t("classic.skipped", { name, why: t(`skip.${turn.skipped}`) });
  return t("classic.scored", { name, points: turn.points ?? turn.score ?? 0, box: boxName(turn.box) });
}

function renderStatus() {
  const title = $("round-title");
  let text = state.turn ? t("classic.round", { r: state.turn.round, n: state.rounds }) : t("game.final");
  if (state.match) text = `${t("classic.game_of", { g: state.match.game, n: state.match.length })} · ${text}`;
  title.textContent = text;
  $("turn-line").textContent = table.turnLine();
  document.title = `${text} · ${t("mode.classic_short")}`;
}

function optionText(option) {
  if (option.kind === "box") return t("classic.hint_box", { points: option.points, box: boxName(option.box) });
  if (hint.answer.throws === 0) return t("classic.hint_throw");
  return option.keep.length ? t("classic.hint_keep", { dice: diceText(option.keep) }) : t("classic.hint_keep_none");
}

function renderHint() {
  renderHintPanel(hint, hintPending, (answer) => ({
    best: `${optionText(answer.best)} (${t("classic.hint_expected").toLowerCase()} ${number(answer.best.expected_total, 1)})`,
    canApply: myTurn() && hint.seq === state.seq,
    rows: answer.options.map((option, i) => el("tr", { class: i === 0 ? "best-option" : "" },
      el("td", { text: optionText(option) }),
      el("td", { class: "num", text: number(option.expected_total, 1) }))),
  }));
}

function syncDisabled() {
  dice.syncDisabled();
  // the coach advises people; while a computer plays the server answers 422 anyway
  $("hint-button").disabled = !state?.turn || computerToMove();
  document.querySelectorAll("#sheet button.option").forEach((b) => { b.disabled = table.busy || !myTurn(); });
}

/** A difference with its sign: +3, −5, 0. */
function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function renderSheet() {
  const turn = state.turn;
  state.players.forEach((p) => { p.par_text = signed(p.par_total); });
  const suggestedBox = hint?.answer?.best?.kind === "box" ? hint.answer.best.box : null;
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
      [t("classic.upper_bonus", { n: state.upper_bonus_at }), "upper_bonus", "subtotal"]],
    lowerTotals: [[t("classic.yahtzee_bonus"), "yahtzee_bonus", "subtotal"],
      [t("game.total"), "total", "grand-total"]],
  });
}

function renderMatch() {
  const section = $("match");
  section.hidden = !state.match;
  if (!state.match) return;
  const head = el("tr", {}, el("th", { scope: "col", text: t("classic.match") }),
    state.players.map((p) => el("th", { scope: "col", text: p.name })));
  const rows = state.match.games.map((g) => el("tr", { class: g.over ? "" : "current-round" },
    el("th", { scope: "row", text: t("classic.game_n", { n: g.number }) }),
    g.totals.map((v) => el("td", { text: String(v) }))));
  rows.push(el("tr", { class: "grand-total" }, el("th", { scope: "row", text: t("classic.match_total") }),
    state.match.totals.map((v) => el("td", { text: String(v) }))));
  $("match-table").replaceChildren(el("thead", {}, head), el("tbody", {}, rows));
}

function renderReview() {
  dice.renderReview(playerName, (turn) => (turn.skipped ? historyLine(turn)
    : `${boxName(turn.box)} (${turn.points ?? turn.score ?? 0})`));
}

// -- keyboard and buttons -------------------------------------------------------------------
dice.wire(askHint, () => (hint && state && hint.seq === state.seq ? hint.answer.best : null),
  (option) => claim(option.box));

table.start();
