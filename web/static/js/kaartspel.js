// The Kaartspel screen: the board (SVG), the red die and the five black dice, the actions
// the view's options allow, the scoreboard and the keep hint. Every rule, score and computer
// move comes from the server; this page draws the state and posts the player's intent.
import { $, $$, announce, api, el, errorText, number, renderEnd, renderHintPanel, showMessage, t, tn } from "./common.js";
import { PIPS, diceKeys, diceText, pipDieButton } from "./dice.js";
import { drawEntered, pipEntry } from "./pad.js";
import { connectTable } from "./table.js";

const root = $("game");
const gameId = root.dataset.gameId;
const SVG = "http://www.w3.org/2000/svg";
// The seats' colours (a seat's JOKER corner, chips and pawn).
const COLORS = ["#c8322b", "#2456b8", "#23803f", "#d99a00"];
// Each space's (row, column) on a 5 x 5 ring, clockwise from the top-left corner.
const GRID = [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [1, 4], [2, 4], [3, 4],
  [4, 4], [4, 3], [4, 2], [4, 1], [4, 0], [3, 0], [2, 0], [1, 0]];
const CELL = 100;          // an outer space
const TRACK0 = 110;        // the yellow track's ring starts here
const TRACK = 56;          // a track square
const STEP_MS = 230;       // a pawn's step from square to square
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

let state = null;
const table = connectTable(gameId, { render, message: showMessage, busy: syncDisabled });
let kept = new Set();
let keptFor = "";
let hint = null;          // { seq, answer } of the last hint shown
let hintTicket = 0;
let hintPending = false; // a hint request is on its way
const pawnAt = [];        // the square each pawn is drawn on now
const pawnTimers = [];

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
  children.flat().forEach((c) => { if (c !== null && c !== undefined) node.append(c); });
  return node;
}
function cardName(card) {
  return t(`kaart.card.${card}`);
}
function playerName(seat) {
  return state.players[seat]?.name ?? "?";
}
function seatOf(seat) {
  return state.seats?.[seat] || {};
}
function myTurn() {
  return table.myTurn(state);
}
function options() {
  return Object.fromEntries((mine() ? state.options : []).map((o) => [o.action, o]));
}
function mine() {
  return myTurn() && state.status !== "finished";
}
function percent(p) {
  return `${Math.round(Math.min(1, Math.max(0, p)) * 100)}%`;
}

// -- actions --------------------------------------------------------------------------------
async function act(action, body = {}) {
  if (table.busy || !mine()) return;
  await table.act(`act/${action}`, body);
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
function take(card) {
  if (options().take) act("take", { card });
}
function stop() {
  if (options().stop) act("stop");
}

async function askHint() {
  if (!state || state.status === "finished") return;
  const ticket = ++hintTicket;
  const seq = state.seq;
  hintPending = true;
  $("hint").hidden = false;
  $("hint-best").textContent = t("kaart.hint_busy");
  try {
    const answer = await api("GET", `/api/games/${gameId}/hint`, undefined, table.token);
    if (ticket !== hintTicket || !state || state.seq !== seq) return;
    hintPending = false;
    hint = { seq: answer.seq, answer };
    renderHint();
    renderDice();
    announce($("hint-best").textContent);
  } catch (err) {
    if (ticket === hintTicket) {
      hintPending = false;
      $("hint-best").textContent = errorText(err.error);
    }
  }
}

/** Follow the hint: play its best move whole (keep those dice and throw, take the card,
 * roll on or stop), as in every mode. */
function applyHint() {
  const best = hint?.answer?.options?.[0];
  if (!best || !mine() || hint.seq !== state.seq) return;
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
  if (hint ? hint.seq !== state.seq : previous && previous.seq !== state.seq) {
    hint = null;
    hintTicket += 1; // a hint still being fetched is for a position that has gone
    hintPending = false;
  }
  announceChanges(previous, state);
  root.dataset.seq = String(state.seq);
  root.dataset.phase = state.status === "finished" ? "over" : state.phase;
  renderStatus();
  renderBoard();
  renderDice();
  renderActions();
  renderHint();
  renderScores();
  renderReview();
  renderEnd(state);
  table.showInvites(state);
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
  else if (state.casino) title = state.casino_left > 1 ? t("kaart.casino_left", { n: state.casino_left }) : t("kaart.casino_last");
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
  const here = state.spaces[state.players[seat].pawn];
  if (!myTurn()) {
    const name = playerName(seat);
    if (state.phase === "move") return t("kaart.phase.wait_move", { name });
    if (state.phase === "choose") return t("kaart.phase.wait_choose", { name });
    return t("kaart.phase.wait_throw", { name });
  }
  if (state.phase === "move") return state.red !== null ? t("kaart.phase.move_casino") : t("kaart.phase.move");
  if (state.phase === "choose") {
    const params = { card: cardName(here.card), score: here.score };
    return options().throw ? t("kaart.phase.choose", params) : t("kaart.phase.choose_no_raise", params);
  }
  if (state.target === "steal") {
    return t("kaart.phase.steal", { card: cardName(here.card), name: playerName(here.owner), score: here.score });
  }
  if (state.target === "raise") return t("kaart.phase.raise", { card: cardName(here.card), score: here.score });
  return t(`kaart.phase.${state.target === "joker" ? "joker" : "space"}`);
}

// The board: 16 spaces round the edge, the yellow track inside, the tray in the middle.
function spaceBox(space) {
  const [row, col] = GRID[space];
  return { x: col * CELL, y: row * CELL };
}
function trackCentre(square) {
  const [row, col] = GRID[square];
  return { x: TRACK0 + col * TRACK + TRACK / 2, y: TRACK0 + row * TRACK + TRACK / 2 };
}
function pawnPoint(seat, square) {
  const c = trackCentre(square);
  const dx = [-10, 10, -10, 10][seat];
  const dy = [-10, -10, 10, 10][seat];
  return { x: c.x + dx, y: c.y + dy };
}

function buildBoard() {
  const board = $("board");
  if (board.querySelector(".spaces")) return;
  const spaces = svg("g", { class: "spaces" });
  const track = svg("g", { class: "track" });
  for (let s = 0; s < 16; s += 1) {
    const { x, y } = spaceBox(s);
    spaces.append(svg("g", { class: "space", "data-space": s, transform: `translate(${x} ${y})` }));
    const c = trackCentre(s);
    track.append(svg("rect", { class: "track-square", x: c.x - TRACK / 2 + 2, y: c.y - TRACK / 2 + 2,
      width: TRACK - 4, height: TRACK - 4, rx: 6 }),
    svg("text", { class: "track-number", x: c.x - TRACK / 2 + 6, y: c.y - TRACK / 2 + 14 }, String(s)));
  }
  const tray = svg("g", { class: "tray" },
    svg("rect", { class: "tray-felt", x: 168, y: 168, width: 164, height: 164, rx: 12 }),
    svg("text", { class: "tray-player", x: 250, y: 192, "text-anchor": "middle" }),
    svg("g", { class: "red-die", transform: "translate(222 206)" }),
    svg("text", { class: "casino-banner", x: 250, y: 312, "text-anchor": "middle" }));
  board.append(spaces, track, tray, svg("g", { class: "pawns" }));
}

function drawSpace(group, info) {
  group.replaceChildren();
  const n = info.space;
  if (info.kind === "joker") {
    const color = info.corner_of === null ? "#8d8274" : COLORS[info.corner_of];
    group.append(svg("rect", { class: "joker", x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 10, fill: color }),
      svg("text", { class: "joker-label", x: 50, y: 56, "text-anchor": "middle" }, t("kaart.joker")),
      svg("text", { class: "space-number light", x: 8, y: 18 }, String(n)));
    return;
  }
  if (!info.card) {
    group.append(svg("rect", { class: "space-empty", x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 8 }),
      svg("path", { class: "ruit", d: "M50 22 L76 50 L50 78 L24 50 Z" }),
      svg("text", { class: "space-number", x: 8, y: 18 }, String(n)));
    return;
  }
  const color = COLORS[info.owner];
  group.append(svg("rect", { class: "space-card", x: 3, y: 3, width: CELL - 6, height: CELL - 6, rx: 8, stroke: color }),
    cardLabel(t(`kaart.short.${info.card}`)),
    svg("circle", { class: `chip${info.token ? " token" : ""}`, cx: 50, cy: 62, r: 21, fill: color }),
    svg("text", { class: "chip-score", x: 50, y: 69, "text-anchor": "middle" }, String(info.score)),
    svg("text", { class: "space-number", x: 8, y: 18 }, String(n)));
  if (info.token) {
    group.append(svg("text", { class: "token-mark", x: 84, y: 90, "text-anchor": "middle" }, "Y"));
  }
}

// A card's name on its space, squeezed to fit when it is long.
function cardLabel(text) {
  const label = svg("text", { class: "card-name", x: 50, y: 32, "text-anchor": "middle" }, text);
  if (text.length > 8) {
    label.setAttribute("textLength", String(Math.min(84, text.length * 9)));
    label.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return label;
}

function spaceLabel(info) {
  const n = info.space;
  let text;
  if (info.kind === "joker") {
    text = info.corner_of === null ? t("kaart.space_joker", { n })
      : t("kaart.space_joker_of", { n, name: playerName(info.corner_of) });
  } else if (!info.card) {
    text = t("kaart.space_empty", { n });
  } else {
    text = t("kaart.space_card", { n, card: cardName(info.card), name: playerName(info.owner), score: info.score });
    if (info.token) text += ` (${t("kaart.space_token")})`;
  }
  if (info.pawns.length) text += `; ${t("kaart.pawns_here", { names: info.pawns.map(playerName).join(", ") })}`;
  return text;
}

function renderBoard() {
  buildBoard();
  const board = $("board");
  state.spaces.forEach((info) => {
    const group = board.querySelector(`.space[data-space="${info.space}"]`);
    group.classList.toggle("here", state.to_move !== null
      && state.players[state.to_move].pawn === info.space);
    drawSpace(group, info);
  });
  $("board-list").replaceChildren(...state.spaces.map((info) => el("li", { text: spaceLabel(info) })));
  // the tray: whose turn, the red die, the Casino banner
  const mover = state.to_move;
  const who = board.querySelector(".tray-player");
  who.textContent = mover === null ? "" : playerName(mover);
  who.setAttribute("fill", mover === null ? "#fff" : COLORS[mover]);
  const red = board.querySelector(".red-die");
  red.replaceChildren(svg("rect", { class: "red-body", width: 56, height: 56, rx: 10 }));
  if (state.red) {
    PIPS[state.red].forEach((cell) => red.append(svg("circle", {
      class: "red-pip", cx: 12 + (cell % 3) * 16, cy: 12 + Math.floor(cell / 3) * 16, r: 5,
    })));
  }
  red.setAttribute("aria-label", state.red ? t("kaart.red_value", { n: state.red }) : t("kaart.red"));
  board.querySelector(".casino-banner").textContent = state.casino && state.status !== "finished"
    ? t("kaart.casino_banner") : "";
  drawPawns();
}

function drawPawns() {
  const layer = $("board").querySelector(".pawns");
  state.players.forEach((p, seat) => {
    let pawn = layer.querySelector(`[data-seat="${seat}"]`);
    if (!pawn) {
      pawn = svg("g", { class: "pawn", "data-seat": seat },
        svg("circle", { r: 12, fill: COLORS[seat] }),
        svg("text", { class: "pawn-initial", y: 5, "text-anchor": "middle" }, p.name.slice(0, 1).toUpperCase()));
      layer.append(pawn);
      placePawn(pawn, seat, p.pawn);
      return;
    }
    pawn.classList.toggle("moving-now", seat === state.to_move);
    movePawn(pawn, seat, p.pawn);
  });
}

function placePawn(pawn, seat, square) {
  const { x, y } = pawnPoint(seat, square);
  pawn.style.transform = `translate(${x}px, ${y}px)`;
  pawn.dataset.square = String(square);
  pawnAt[seat] = square;
}

// A pawn walks square by square (a red-die move) or goes straight to a card it took.
function movePawn(pawn, seat, square) {
  (pawnTimers[seat] || []).forEach((id) => window.clearTimeout(id));
  pawnTimers[seat] = [];
  const from = pawnAt[seat];
  if (from === square) return;
  const distance = (square - from + 16) % 16;
  if (reducedMotion.matches || distance > 6) {
    placePawn(pawn, seat, square);
    return;
  }
  for (let k = 1; k <= distance; k += 1) {
    pawnTimers[seat].push(window.setTimeout(() => placePawn(pawn, seat, (from + k) % 16), (k - 1) * STEP_MS));
  }
}

function dieButton(pips, i) {
  const best = hint?.answer?.options?.[0];
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

function toggleKeep(i) {
  if (!canKeep()) return;
  if (kept.has(i)) kept.delete(i); else kept.add(i);
  renderDice();
  syncDisabled();
  announce(`${state.dice[i]}: ${kept.has(i) ? t("game.kept") : t("game.not_kept")}`);
  $$(`#dice [data-die="${i}"]`)[0]?.focus();
}

function takeLabel(card, option) {
  let text = t(`kaart.take_${option.kind}`, { card: cardName(card), score: option.score });
  if (option.yahtzee) text = `${t("kaart.take_yahtzee")} ${text}`;
  if (option.token) text += ` (${t("kaart.take_token")})`;
  return text;
}

function renderActions() {
  const opts = options();
  const roll = $("roll");
  roll.hidden = !opts.roll;
  if (state.phase === "choose") roll.textContent = t("kaart.roll_on");
  else roll.textContent = state.red !== null && state.phase === "move" ? t("kaart.roll_casino") : t("kaart.roll");
  const throwButton = $("throw");
  throwButton.hidden = !opts.throw;
  if (state.phase === "choose" && opts.throw) throwButton.textContent = t("kaart.throw_raise", { card: cardName(opts.throw.raise) });
  else throwButton.textContent = state.throws === 0 ? t("kaart.throw_first") : t("kaart.throw_again");
  $("throw-count").textContent = opts.throw ? tn("kaart.throws_left", opts.throw.throws_left, { n: opts.throw.throws_left })
    : (mine() && state.phase === "throw" && state.throws ? t("kaart.throws_none") : "");
  $("stop").hidden = !opts.stop;
  const section = $("takes");
  section.hidden = !opts.take;
  if (!opts.take) { $("take-list").replaceChildren(); return; }
  const cards = Object.entries(opts.take.cards).sort((a, b) => b[1].score - a[1].score);
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

function keepText(keep) {
  if (!keep.length || !state.dice) return t("kaart.hint_keep_none");
  return t("kaart.hint_keep", { dice: diceText(keep.map((i) => state.dice[i])) });
}

function chancesText(chances) {
  const top = Object.entries(chances).filter(([, p]) => p > 0.005).sort((a, b) => b[1] - a[1]).slice(0, 3);
  if (!top.length) return t("kaart.hint_no_chance");
  return top.map(([card, p]) => `${cardName(card)} ${percent(p)}`).join(", ");
}

/** One hinted move in words: a keep (or the throw that raises, or the first throw), a
 * card to take with what it does, rolling on, or stopping. */
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

function valueText(option) {
  return t("kaart.hint_value", { value: number(option.value, 1) });
}

function renderHint() {
  renderHintPanel(hint, hintPending, (answer) => {
    const list = answer.options || [];
    if (!list.length) return { best: t("kaart.hint_none") };
    const best = list[0];
    const chances = best.kind === "keep" && state.dice && state.phase === "throw" ? `: ${chancesText(best.chances)}` : "";
    return {
      best: `${optionText(best)} (${valueText(best)})${chances}`,
      canApply: mine() && hint.seq === state.seq,
      rows: list.map((option, i) => el("tr", { class: i === 0 ? "best-option" : "" },
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
    document.querySelector("p.keys").textContent = t("pad.keys_kaart");
    // the red die's keys stay open once asked for; the black dice's while a throw is due
    if (!options().roll) $("red-entry").hidden = true;
    if (!options().throw) $("pad-entry").hidden = true;
    $("red-keys").querySelectorAll("button").forEach((b) => { b.disabled = busy || !mine(); });
    blackEntry.sync();
  }
  root.dataset.busy = busy ? "yes" : "no";
  ["roll", "throw", "stop"].forEach((id) => { $(id).disabled = busy || !mine(); });
  $$("#take-list button").forEach((b) => { b.disabled = busy || !mine(); });
  $$("#dice .die").forEach((die) => { die.disabled = busy || !canKeep(); });
  $("hint-button").disabled = state.status === "finished";
  $("hint-button").hidden = table.watching();
}

// -- what happened (the live region) --------------------------------------------------------
function announceChanges(previous, current) {
  if (!previous) return;
  const said = [];
  const name = (seat) => current.players[seat]?.name ?? "?";
  if (current.casino && !previous.casino) said.push(t("kaart.casino_started"));
  const before = Object.fromEntries(previous.spaces.filter((s) => s.card).map((s) => [s.card, s]));
  let cardsChanged = false;
  current.spaces.filter((s) => s.card).forEach((now) => {
    const then = before[now.card];
    const params = { name: name(now.owner), card: cardName(now.card), score: now.score };
    if (!then) said.push(t("kaart.placed", params));
    else if (then.owner !== now.owner) said.push(t("kaart.stole", { ...params, victim: name(then.owner) }));
    else if (now.score > then.score) said.push(t("kaart.raised", params));
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
diceKeys({ ready: () => state !== null, keep: toggleKeep, throwDice, hint: askHint, more: { r: roll } });

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
    const answer = await table.act("act/throw", { faces: pips });
    return Boolean(answer);
  },
});
$("hint-button").addEventListener("click", askHint);
$("hint-apply").addEventListener("click", applyHint);

table.start();
