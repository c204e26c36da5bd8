// The Kaartspel screen: the board (SVG), the red die and the five black dice, the actions
// the view's options allow, the scoreboard and the keep hint. Every rule, score and computer
// move comes from the server; this page draws the state and posts the player's intent.
import { $, $$, announce, el, number, renderEnd, renderHintPanel, showMessage, t, tn } from "./common.js";
import { diceKeys } from "./dice.js";
import { hintAsker, unaided } from "./hints.js";
import { aimLine, cardName, kaartBoard, takeLabel } from "./kaartspel-board.js";
import { drawEntered, pipEntry } from "./pad.js";
import { diceText, pipDieButton } from "./pips.js";
import { connectTable } from "./table.js";

const root = $("game");
/** @typedef {import("./types.js").Shown<import("./api.js").KaartspelState>} State */

const gameId = root.dataset.gameId;
// The state shown: null until the first render, which comes before anything here reads it.
/** @type {State} */
let state = /** @type {any} */ (null);
const table = connectTable(gameId, { render, message: showMessage, busy: syncDisabled });
/** @type {Set<number>} */
let kept = new Set();
let keptFor = "";
const { myTurn, playerName, seatOf } = table;
const board = kaartBoard(playerName);
const hints = hintAsker(gameId, table, {
  canAsk: () => state.status !== "finished",
  busyText: t("kaart.hint_busy"),
  show: () => {
    renderHint();
    renderDice();
  },
});

function options() {
  return Object.fromEntries((mine() ? state.options : []).map((o) => [o.action, o]));
}
function mine() {
  return myTurn() && state.status !== "finished";
}
/** @param {number} p */
function percent(p) {
  return `${Math.round(Math.min(1, Math.max(0, p)) * 100)}%`;
}

// -- actions --------------------------------------------------------------------------------
/**
 * @param {string} action
 * @param {Record<string, unknown>} [body]
 */
async function act(action, body = {}) {
  if (table.busy || !mine()) return;
  await table.act(action, body);
}
function pad() {
  return state?.kind === "pad";
}
function roll() {
  if (!options().roll) return;
  if (pad()) {  // real dice: the red die's face is tapped in
    $("red-entry").hidden = false;
    $("red-keys").querySelector("button")?.focus();
    return;
  }
  act("roll");
}
function throwDice() {
  const option = options().throw;
  if (!option) return;
  if (pad()) {  // real dice: the black dice's pips are tapped in
    $("pad-entry").hidden = false;
    blackEntry.sync();  // its keys open now, not at the next state from the server
    return;
  }
  const keep = state.phase === "throw" && state.throws > 0 ? [...kept].sort() : [];
  act("throw", { keep });
}
/** @param {string | null} card */
function take(card) {
  if (options().take) act("take", { card });
}
function stop() {
  if (options().stop) act("stop");
}

/** Follow the hint: play its best move whole (keep those dice and throw, take the card,
 * roll on or stop), as in every mode. */
function applyHint() {
  const best = hints.current()?.answer.options?.[0];
  if (!best || !mine()) return;
  if (best.kind === "keep") {
    kept = new Set(best.keep);
    renderDice();
    throwDice();
  } else if (best.kind === "take") {
    take(best.card);
  } else if (best.kind === "roll") {
    roll();
  } else if (best.kind === "stop") {
    stop();
  }
}

// -- rendering ------------------------------------------------------------------------------
/** @param {State} next */
function render(next) {
  const previous = state;
  state = next;
  const stepKey = `${state.history.length}:${state.phase}:${state.throws}:${state.dice ? state.dice.join("") : ""}`;
  if (stepKey !== keptFor) {
    // a new throw keeps what was kept (the server checked it); a new step keeps nothing
    const sameStep = previous && previous.history.length === state.history.length
      && state.phase === "throw" && previous.phase === "throw" && state.throws > previous.throws;
    kept = sameStep ? new Set([...kept].filter((i) => state.dice && previous.dice && state.dice[i] === previous.dice[i])) : new Set();
    keptFor = stepKey;
  }
  hints.follow(previous, state);
  announceChanges(previous, state);
  root.dataset.seq = String(state.seq);
  root.dataset.phase = state.status === "finished" ? "over" : state.phase;
  renderStatus();
  board.draw(state);
  renderDice();
  renderActions();
  renderHint();
  renderScores();
  renderReview();
  renderEnd(state);
  syncDisabled();
}

function turnLine() {
  if (state.status === "finished") {
    const names = state.winners.join(", ");
    return state.winners.length > 1 ? t("game.winners", { names }) : t("game.winner", { names });
  }
  return table.turnLine();
}

function renderStatus() {
  let title;
  if (state.status === "finished") title = t("game.over");
  else if (state.casino) title = (state.casino_left ?? 0) > 1 ? t("kaart.casino_left", { n: state.casino_left }) : t("kaart.casino_last");
  else title = t("kaart.turn_count", { n: state.history.length + 1 });
  $("round-title").textContent = title;
  $("turn-line").textContent = turnLine();
  $("casino-flag").hidden = !state.casino || state.status === "finished";
  root.classList.toggle("in-casino", Boolean(state.casino) && state.status !== "finished");
  document.title = `${title} · ${t("mode.kaartspel_short")}`;
  $("phase-line").textContent = phaseText();
}

function phaseText() {
  if (state.status === "finished" || state.to_move === null) return "";
  const seat = state.to_move;
  if (!myTurn()) {
    const name = playerName(seat);
    if (state.phase === "move") return t("kaart.phase.wait_move", { name });
    if (state.phase === "choose") return t("kaart.phase.wait_choose", { name });
    return t("kaart.phase.wait_throw", { name });
  }
  if (state.phase === "move") return state.red !== null ? t("kaart.phase.move_casino") : t("kaart.phase.move");
  return aimLine(state, seat, Boolean(options().throw), playerName);
}

/**
 * @param {number | null} pips
 * @param {number} i
 */
function dieButton(pips, i) {
  const best = hints.current()?.answer.options?.[0];
  const suggested = best?.kind === "keep" && state.dice && state.phase === "throw" && best.keep.includes(i);
  return pipDieButton({
    pips, index: i, label: t("kaart.die", { i: i + 1, pips }), kept: kept.has(i), kind: "black",
    suggested: Boolean(suggested), onclick: () => toggleKeep(i),
  });
}

function canKeep() {
  return !pad() && mine() && state.phase === "throw" && state.dice && state.throws > 0 && Boolean(options().throw);
}

function renderDice() {
  $("play").hidden = state.status === "finished";
  const dice = state.dice || [null, null, null, null, null];
  $("dice").replaceChildren(...dice.map((pips, i) => dieButton(pips, i)));
  $("keep-hint").hidden = !canKeep();
}

/** @param {number} i */
function toggleKeep(i) {
  if (!canKeep()) return;
  if (kept.has(i)) kept.delete(i); else kept.add(i);
  renderDice();
  syncDisabled();
  announce(`${/** @type {number[]} */ (state.dice)[i]}: ${kept.has(i) ? t("game.kept") : t("game.not_kept")}`);
  $$(`#dice [data-die="${i}"]`)[0]?.focus();
}

function renderActions() {
  const opts = options();
  const roll = $("roll");
  roll.hidden = !opts.roll;
  if (state.phase === "choose") roll.textContent = t("kaart.roll_on");
  else roll.textContent = state.red !== null && state.phase === "move" ? t("kaart.roll_casino") : t("kaart.roll");
  const throwButton = $("throw");
  throwButton.hidden = !opts.throw;
  if (state.phase === "choose" && opts.throw) throwButton.textContent = t("kaart.throw_raise", { card: cardName(/** @type {string} */ (opts.throw.raise)) });
  else throwButton.textContent = state.throws === 0 ? t("kaart.throw_first") : t("kaart.throw_again");
  $("throw-count").textContent = opts.throw ? tn("kaart.throws_left", /** @type {number} */ (opts.throw.throws_left), { n: opts.throw.throws_left })
    : (mine() && state.phase === "throw" && state.throws ? t("kaart.throws_none") : "");
  $("stop").hidden = !opts.stop;
  const section = $("takes");
  section.hidden = !opts.take;
  if (!opts.take) { $("take-list").replaceChildren(); return; }
  const cards = Object.entries(/** @type {Record<string, import("./api.js").CardTake>} */ (opts.take.cards)).sort((a, b) => b[1].score - a[1].score);
  const items = cards.map(([card, option]) => el("li", {}, el("button", {
    type: "button", class: `take ${option.kind}${option.yahtzee ? " yahtzee" : ""}`, "data-card": card,
    onclick: () => take(card),
  }, takeLabel(card, option))));
  if (!cards.length) items.push(el("li", { class: "muted", text: t("kaart.no_takes") }));
  items.push(el("li", {}, el("button", {
    type: "button", class: "take none secondary", id: "take-none", "data-card": "",
    onclick: () => take(null),
  }, state.casino ? t("kaart.take_none_casino") : t("kaart.take_none"))));
  $("take-list").replaceChildren(...items);
}

/** @param {number[]} keep */
function keepText(keep) {
  const dice = state.dice;
  if (!keep.length || !dice) return t("kaart.hint_keep_none");
  return t("kaart.hint_keep", { dice: diceText(keep.map((i) => dice[i])) });
}

/** @param {Record<string, number>} chances */
function chancesText(chances) {
  const top = Object.entries(chances).filter(([, p]) => p > 0.005).sort((a, b) => b[1] - a[1]).slice(0, 3);
  if (!top.length) return t("kaart.hint_no_chance");
  return top.map(([card, p]) => `${cardName(card)} ${percent(p)}`).join(", ");
}

/** One hinted move in words: a keep (or the throw that raises, or the first throw), a
 * card to take with what it does, rolling on, or stopping.
 * @param {any} option a hint's option (Kaartspel's shape: `kind`, `keep`, `card` …) */
function optionText(option) {
  if (option.kind === "keep") {
    const raise = state.options.find((o) => o.action === "throw")?.raise;
    if (state.phase === "choose" && raise) return t("kaart.throw_raise", { card: cardName(raise) });
    if (!state.dice) return t("kaart.throw_first");
    return keepText(option.keep);
  }
  if (option.kind === "take") {
    if (!option.card) return state.casino ? t("kaart.take_none_casino") : t("kaart.take_none");
    return takeLabel(option.card, state.options.find((o) => o.action === "take")?.cards?.[option.card]
      || { kind: option.how, score: option.score });
  }
  return t(`kaart.hint_${option.kind}`);
}

/** @param {{ value: number }} option */
function valueText(option) {
  return t("kaart.hint_value", { value: number(option.value, 1) });
}

function renderHint() {
  renderHintPanel(hints.current(), hints.pending(), (answer) => {
    const list = answer.options || [];
    if (!list.length) return { best: t("kaart.hint_none") };
    const best = list[0];
    const chances = best.kind === "keep" && state.dice && state.phase === "throw" ? `: ${chancesText(best.chances)}` : "";
    return {
      best: `${optionText(best)} (${valueText(best)})${chances}`,
      canApply: mine(),
      rows: list.map((/** @type {any} */ option, /** @type {number} */ i) => el("tr", { class: i === 0 ? "best-option" : "" },
        el("td", { text: optionText(option) }),
        el("td", { class: "num", text: number(option.value, 1) }),
        el("td", { text: option.kind === "keep" && state.dice && state.phase === "throw" ? chancesText(option.chances) : "" }))),
    };
  });
}

function renderScores() {
  const head = el("tr", {}, el("th", { scope: "col", text: t("kaart.player") }),
    el("th", { scope: "col", text: t("kaart.cards") }),
    el("th", { scope: "col", class: "num", text: t("kaart.total") }));
  const rows = state.players.map((p, seat) => {
    const cards = Object.entries(p.cards).sort((a, b) => b[1] - a[1]);
    const level = seatOf(seat).computer;
    return el("tr", {
      class: seat === state.to_move ? "current-player" : null,
      "aria-current": seat === state.to_move ? "true" : null,
    },
    el("th", { scope: "row" }, el("span", { class: `swatch seat-${seat}`, "aria-hidden": "true" }),
      p.name,
      level ? el("span", { class: "computer-tag", text: ` (${t(`level.short.${level}`)})` }) : null,
      table.you.includes(seat) && table.you.length === 1 ? el("span", { class: "computer-tag", text: ` (${t("kaart.you")})` }) : null),
    el("td", {}, cards.length ? el("ul", { class: "plain card-chips" }, cards.map(([card, score]) => el("li", {
      class: `card-chip seat-${seat}${p.token === card ? " token" : ""}`,
      title: p.token === card ? t("kaart.token") : null,
    }, `${cardName(card)} ${score}`, p.token === card ? el("span", { class: "token-star", text: " Y", "aria-label": t("kaart.token") }) : null)))
      : el("span", { class: "muted", text: t("kaart.no_cards") })),
    el("td", { class: "num total", text: String(p.total) }));
  });
  $("scoreboard").replaceChildren(el("caption", { class: "sr-only", text: t("kaart.scoreboard") }),
    el("thead", {}, head), el("tbody", {}, rows));
  $("unplaced").replaceChildren(...(state.unplaced.length
    ? state.unplaced.map((card) => el("li", { class: "card-chip loose", text: cardName(card) }))
    : [el("li", { class: "muted", text: t("kaart.unplaced_none") })]));
}

/** @param {import("./api.js").RedStep | import("./api.js").TakeStep} step */
function stepText(step) {
  if ("red" in step) return t("kaart.step_red", { n: step.red });
  const parts = [t("kaart.step_throws", { dice: step.throws.map((d) => d.split("").join(" ")).join(" → ") })];
  parts.push(step.take ? t("kaart.step_take", { card: cardName(step.take) }) : t("kaart.step_nothing"));
  return parts.join(", ");
}

function renderReview() {
  const items = state.history.slice(-30).reverse().map((turn) => el("li", {},
    el("span", { class: `swatch seat-${turn.seat}`, "aria-hidden": "true" }),
    el("strong", { text: `${turn.player}: ` }),
    [...turn.steps.map(stepText), ...(turn.skipped ? [t("kaart.step_skipped")] : [])].join(" · "),
    el("span", { class: "muted", text: ` (${t("kaart.history_points", { points: turn.points > 0 ? `+${turn.points}` : turn.points })})` })));
  $("review-list").replaceChildren(...items);
}

function syncDisabled() {
  if (!state) return;
  const busy = table.busy;
  if (pad()) {
    /** @type {HTMLElement} */ (document.querySelector("p.keys")).textContent = t("pad.keys_kaart");
    // the red die's keys stay open once asked for; the black dice's while a throw is due
    if (!options().roll) $("red-entry").hidden = true;
    if (!options().throw) $("pad-entry").hidden = true;
    $("red-keys").querySelectorAll("button").forEach((/** @type {HTMLButtonElement} */ b) => { b.disabled = busy || !mine(); });
    blackEntry.sync();
  }
  root.dataset.busy = busy ? "yes" : "no";
  ["roll", "throw", "stop"].forEach((id) => { $(id).disabled = busy || !mine(); });
  $$("#take-list button").forEach((b) => { b.disabled = busy || !mine(); });
  $$("#dice .die").forEach((die) => { die.disabled = busy || !canKeep(); });
  $("hint-button").disabled = state.status === "finished";
  $("hint-button").hidden = table.watching() || unaided(state);  // a rated game: unaided
}

// -- what happened (the live region) --------------------------------------------------------
/**
 * @param {State | null} previous
 * @param {State} current
 */
function announceChanges(previous, current) {
  if (!previous) return;
  /** @type {string[]} */
  const said = [];
  /** @param {number | null} seat */
  const name = (seat) => current.players[/** @type {number} */ (seat)]?.name ?? "?";
  if (current.casino && !previous.casino) said.push(t("kaart.casino_started"));
  const before = Object.fromEntries(previous.spaces.filter((s) => s.card).map((s) => [s.card, s]));
  let cardsChanged = false;
  current.spaces.filter((s) => s.card).forEach((now) => {
    const then = before[/** @type {string} */ (now.card)];
    const params = { name: name(now.owner), card: cardName(now.card), score: now.score };
    if (!then) said.push(t("kaart.placed", params));
    else if (then.owner !== now.owner) said.push(t("kaart.stole", { ...params, victim: name(then.owner) }));
    else if (/** @type {number} */ (now.score) > /** @type {number} */ (then.score)) said.push(t("kaart.raised", params));
    else return;
    cardsChanged = true;
    if (now.token && !(then && then.token && then.owner === now.owner)) said.push(t("kaart.token_on", params));
  });
  const mover = previous.to_move;
  if (!cardsChanged && mover !== null && current.players[mover].pawn !== previous.players[mover].pawn && current.red) {
    said.push(t("kaart.moved", { name: name(mover), n: current.red, square: current.players[mover].pawn }));
  }
  if (current.dice && (current.throws !== previous.throws || current.dice.join("") !== (previous.dice || []).join(""))) {
    said.push(t("kaart.threw", { name: name(current.to_move), dice: diceText(current.dice) }));
  }
  if (current.history.length > previous.history.length) {
    const last = current.history[current.history.length - 1];
    const step = last.steps[last.steps.length - 1];
    if (last.skipped) said.push(t("kaart.skipped", { name: last.player }));
    else if (!cardsChanged && step && "throws" in step && !step.take) said.push(t("kaart.took_nothing", { name: last.player }));
    else if (!cardsChanged && step && "red" in step) said.push(t("kaart.stopped", { name: last.player }));
    if (last.points) said.push(t("kaart.turn_points", { name: last.player, points: last.points }));
    if (current.status !== "finished") said.push(turnLine());
  }
  if (current.status === "finished" && previous.status !== "finished") said.push(turnLine());
  if (said.length) {
    announce(said.join(" "));
    if (cardsChanged || current.history.length > previous.history.length) showMessage(said.filter((s) => s !== turnLine()).join(" "));
  }
}

// -- keyboard -------------------------------------------------------------------------------
diceKeys({ ready: () => state !== null, keep: toggleKeep, throwDice, hint: hints.ask, more: { r: roll } });

$("roll").addEventListener("click", roll);
$("throw").addEventListener("click", throwDice);
$("stop").addEventListener("click", stop);
$("red-keys").replaceChildren(...[1, 2, 3, 4, 5, 6].map((p) => {
  const key = pipDieButton({ pips: p, index: p - 1, label: String(p), kind: "red", onclick: () => {
    if (!pad() || !options().roll) return;
    $("red-entry").hidden = true;
    act("roll", { faces: p });
  } });
  key.removeAttribute("aria-pressed");
  key.setAttribute("aria-label", t("pad.red_face", { p }));
  return key;
}));
const blackEntry = pipEntry({
  active: () => pad() && mine() && !table.busy && Boolean(options().throw) && !$("pad-entry").hidden,
  changed: (pips) => {
    if (state && pad() && pips.length) drawEntered($("dice"), pips, 5, (i, p) => t("kaart.die", { i: i + 1, pips: p ?? "" }));
    else if (state) renderDice();
  },
  record: async (pips) => {
    const answer = await table.act("throw", { faces: pips });
    return Boolean(answer);
  },
});
$("hint-button").addEventListener("click", hints.ask);
$("hint-apply").addEventListener("click", applyHint);

table.start();
