// The classic Yahtzee screen. It renders the state the server sends and posts the player's
// intent; every score, legal box, hint and computer move comes from the server.
import { announce, api, boxName, el, errorText, renderEnd, renderHintPanel, renderScoreSheet, showMessage, t } from "./common.js";
import { pipDieButton } from "./dice.js";
import { connectTable, turnMemory } from "./table.js";

const root = document.getElementById("game");
const gameId = root.dataset.gameId;
const $ = (id) => document.getElementById(id);

let state = null;
const table = connectTable(gameId, { render, message: showMessage, busy: syncDisabled });
let kept = new Set();
let keptFor = "";
let hint = null;        // { seq, answer } of the last hint shown
let hintTicket = 0;
let hintPending = false; // a hint request is waiting for the strategy table
let roll = null;        // the dice a throw just rolled, drawn rolling until roll.until

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
// The dice kept for the next throw survive a reload mid-turn (this tab only).
function memoryKey() {
  return state?.turn ? `${gameNumber(state)}:${state.turn.number}:${state.turn.throws}` : "";
}
function remember() {
  if (state?.turn && myTurn()) turnMemory.save(gameId, memoryKey(), { kept: [...kept] });
}
function diceText(dice) {
  return dice.join(" ");
}

async function throwDice() {
  if (!myTurn() || state.turn.throws_left <= 0 || table.busy) return;
  const keep = state.turn.throws === 0 ? [] : [...kept].sort();
  await table.act("throw", { keep });
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
      const answer = await api("GET", `/api/games/${gameId}/hint`);
      if (ticket !== hintTicket || !state || state.seq !== seq) return;
      if (answer.ready) {
        hintPending = false;
        hint = { seq: answer.seq, answer };
        renderDice();
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

function applyHint() {
  const best = hint?.answer?.best;
  if (!best || best.kind !== "keep" || !myTurn() || state.turn.throws === 0) return;
  kept = new Set(best.keep_indices);
  remember();
  renderDice();
  syncDisabled();
  announce(t("classic.hint_keep", { dice: diceText(best.keep) }));
}

// -- rendering ------------------------------------------------------------------------------
function render(next) {
  const previous = state;
  state = next;
  const turnKey = state.turn ? `${gameNumber(state)}:${state.turn.number}:${state.turn.throws}` : "end";
  if (turnKey !== keptFor) {
    const sameTurn = previous?.turn && state.turn && gameNumber(previous) === gameNumber(state)
      && previous.turn.number === state.turn.number;
    kept = sameTurn ? new Set(state.turn.kept) : new Set();
    keptFor = turnKey;
    const stored = !previous && state.turn ? turnMemory.load(gameId, memoryKey()) : null;
    if (stored) kept = new Set(stored.kept || []);
    if (sameTurn && state.turn.throws > previous.turn.throws && state.turn.dice) {
      roll = { until: performance.now() + 450, dice: new Set(state.turn.dice.map((_, i) => i)
        .filter((i) => previous.turn.throws === 0 || !state.turn.kept.includes(i))) };
    }
  }
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
  renderDice();
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
  if (current.turn && previous.turn && current.turn.throws > previous.turn.throws && current.turn.dice) {
    const dice = diceText(current.turn.dice);
    announce(myTurn() ? t("classic.threw", { t: current.turn.throws, dice })
      : t("classic.computer_threw", { name: playerName(current.to_move), dice }));
  }
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

function dieButton(pips, i, rolled) {
  const suggested = hint?.answer?.best?.kind === "keep" && hint.answer.throws > 0
    && hint.answer.best.keep_indices.includes(i);
  return pipDieButton({
    pips, index: i, label: t("classic.die", { i: i + 1, pips }), kept: kept.has(i), suggested,
    rolling: Boolean(rolled?.has(i)), onclick: () => toggleKeep(i),
  });
}

function renderDice() {
  const box = $("dice");
  $("play").hidden = !state.turn;
  if (!state.turn) { box.replaceChildren(); return; }
  const turn = state.turn;
  const dice = turn.dice || [null, null, null, null, null];
  const rolled = roll && performance.now() < roll.until ? roll.dice : null;
  box.replaceChildren(...dice.map((pips, i) => dieButton(pips, i, rolled)));
  $("throw").textContent = turn.throws === 0 ? t("game.throw_first") : t("game.throw_again");
  $("throw-count").textContent = turn.throws_left > 0
    ? t("game.throw_count", { t: Math.min(turn.throws + 1, state.max_throws), n: state.max_throws })
    : t("game.no_throws_left");
  $("keep-hint").hidden = !(myTurn() && turn.throws > 0 && turn.throws_left > 0);
  $("claim-help").hidden = !(myTurn() && turn.throws > 0);
}

function toggleKeep(i) {
  if (!myTurn() || !state.turn.dice || state.turn.throws_left <= 0) return;
  if (kept.has(i)) kept.delete(i); else kept.add(i);
  remember();
  renderDice();
  syncDisabled();
  announce(`${state.turn.dice[i]}: ${kept.has(i) ? t("game.kept") : t("game.not_kept")}`);
  document.querySelector(`#dice [data-die="${i}"]`)?.focus();
}

function optionText(option) {
  if (option.kind === "box") return t("classic.hint_box", { points: option.points, box: boxName(option.box) });
  if (hint.answer.throws === 0) return t("classic.hint_throw");
  return option.keep.length ? t("classic.hint_keep", { dice: diceText(option.keep) }) : t("classic.hint_keep_none");
}

function renderHint() {
  renderHintPanel(hint, hintPending, (answer) => ({
    best: `${optionText(answer.best)} (${t("classic.hint_expected").toLowerCase()} ${answer.best.expected_total.toFixed(1)})`,
    canApply: answer.best.kind === "keep" && answer.throws > 0 && myTurn(),
    rows: answer.options.map((option, i) => el("tr", { class: i === 0 ? "best-option" : "" },
      el("td", { text: optionText(option) }),
      el("td", { class: "num", text: option.expected_total.toFixed(1) }))),
  }));
}

function syncDisabled() {
  const mine = myTurn();
  const turn = state?.turn;
  $("throw").disabled = table.busy || !mine || !turn || turn.throws_left <= 0;
  // the coach advises people; while a computer plays the server answers 422 anyway
  $("hint-button").disabled = !turn || computerToMove();
  document.querySelectorAll("#dice .die").forEach((die) => {
    die.disabled = table.busy || !mine || !turn?.dice || turn.throws_left <= 0;
  });
  document.querySelectorAll("#sheet button.option").forEach((b) => { b.disabled = table.busy || !mine; });
}

function renderSheet() {
  const turn = state.turn;
  const suggestedBox = hint?.answer?.best?.kind === "box" ? hint.answer.best.box : null;
  const cell = (p, i, box) => {
    const v = p.boxes[box];
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
      "aria-label": t("classic.write", { box: boxName(box), points }),
      onclick: () => claim(box),
    }, String(points)));
  };
  renderScoreSheet($("sheet"), state, {
    cell,
    header: (p, i) => (seatOf(i).computer
      ? el("span", { class: "computer-tag", text: ` (${t(`level.short.${seatOf(i).computer}`)})` }) : null),
    upperTotals: [[t("game.upper_total"), "upper_total", "subtotal"],
      [t("classic.upper_bonus"), "upper_bonus", "subtotal"]],
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
  const items = [...state.history].reverse().map((turn) => el("li", {},
    el("p", { class: "review-head" }, el("strong", { text: t("classic.review_turn", { r: turn.round, name: playerName(turn.player) }) })),
    el("p", {}, `${t("game.throws")}: `, el("code", { text: turn.throws.map((d) => d.split("").join(" ")).join(" → ") || "—" })),
    el("p", {}, `${t("game.you_played")}: ${turn.skipped ? historyLine(turn) : `${boxName(turn.box)} (${turn.points ?? turn.score ?? 0})`}`)));
  $("review-list").replaceChildren(...items);
}

// -- keyboard -------------------------------------------------------------------------------
document.addEventListener("keydown", (event) => {
  if (!state || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
  if (/^[1-5]$/.test(event.key)) {
    event.preventDefault();
    toggleKeep(Number(event.key) - 1);
  } else if (event.key === "g" || event.key === "G") {
    event.preventDefault();
    throwDice();
  } else if (event.key === "h" || event.key === "H") {
    event.preventDefault();
    askHint();
  }
});

$("throw").addEventListener("click", throwDice);
$("hint-button").addEventListener("click", askHint);
$("hint-apply").addEventListener("click", applyHint);

table.start();
