// The game screen. It renders the state the server sends and posts the player's intent;
// every score, legal box and face comes from the server (no rule is computed here).
import { $, $$, announce, api, boxName, el, errorText, keyboardLikely, number, renderEnd, renderScoreSheet, reportButton, showMessage, t, tn, whyText, withWordLinks } from "./common.js";
import { letterEntry, noteForm, stayAwake } from "./pad.js";
import { bell } from "./sound.js";
import { connectTable, turnMemory } from "./table.js";

const root = $("game");
const gameId = root.dataset.gameId;

let state = null;          // the last state from the server
const table = connectTable(gameId, { render, message: showMessage, busy: syncDisabled });
let kept = new Set();      // dice the player means to keep (local intent until a throw)
let keptFor = "";          // turn/throw the keep selection belongs to
let preview = null;        // the last preview answer
let previewSeq = 0;
let roll = null;           // the dice a throw just rolled, drawn rolling until roll.until
const timer = { deadline: null, warned: false, asked: false, handle: null, key: "" };
const bestCache = new Map();
let hint = null;           // { seq, answer } of the hint shown
let letters = null;        // a score pad's letter keys (pad.js)
let note = null;           // a score pad's claim without its throw (pad.js)

// -- small helpers --------------------------------------------------------------------------
function myTurn() {
  return table.myTurn(state);
}
function words() {
  return $("word-input").value.split(/\s+/).filter(Boolean);
}

async function throwDice() {
  if (!myTurn() || state.turn.throws_left <= 0 || table.busy) return;
  const keep = state.turn.throws === 0 ? [] : [...kept].sort();
  const answer = await table.act("throw", { keep });
  // the next step is typing: the word field, not nine Tabs away (with a keyboard at hand;
  // on a phone the on-screen keyboard would cover the claim buttons)
  if (answer && myTurn() && state.turn.faces && keyboardLikely()) $("word-input").focus();
}

async function claim(box, claimWords) {
  if (!myTurn() || table.busy) return;
  const body = { box, words: claimWords };
  const zero = $("zero-box");
  if (state.rules.free_order && state.boxes.special.includes(box) && zero.value) {
    body.zero_box = zero.value;
  }
  const answer = await table.act("claim", body);
  if (answer) {
    $("word-input").value = "";
    const handover = $("handover");  // hot-seat: the hand-over screen keeps the focus
    if (myTurn() && !$("throw").disabled && (!handover || handover.hidden)) $("throw").focus();
  }
}

/** The round box a special claim strikes out (0 points), if it does. */
function zeroBoxFor(box) {
  if (!state.boxes.special.includes(box)) return null;
  if (state.rules.free_order) return $("zero-box").value || state.options[box]?.zero_box || null;
  return state.options[box]?.zero_box ?? state.turn?.zero_box ?? null;
}

// -- the unfinished turn survives a reload (this tab only) --------------------------------
function memoryKey() {
  return state?.turn ? `${state.turn.number}:${state.turn.throws}` : "";
}
function remember() {
  if (!state?.turn || !myTurn()) return;
  turnMemory.save(gameId, memoryKey(), { kept: [...kept], words: $("word-input").value });
}

let previewTimer = null;
function schedulePreview(delay = 150) {
  remember();
  window.clearTimeout(previewTimer);
  previewTimer = window.setTimeout(runPreview, delay);
}

async function runPreview() {
  if (!myTurn() || !state.turn.faces) return;
  const ticket = ++previewSeq;
  const seq = state.seq;
  const body = { words: words() };
  if (state.rules.free_order && $("zero-box").value) body.zero_box = $("zero-box").value;
  try {
    const answer = await api("POST", `/api/games/${gameId}/preview`, body, table.token);
    if (ticket !== previewSeq || answer.seq !== state.seq) return;
    preview = answer;
    renderFeedback();
    renderClaims();
  } catch (err) {
    // an answer about a turn that has since moved on (say, the hourglass ran out) is stale
    if (ticket === previewSeq && seq === state.seq) showMessage(errorText(err.error));
  }
}

// -- rendering ------------------------------------------------------------------------------
function render(next) {
  const previous = state;
  state = next;
  forgetStaleHint();
  const turnKey = state.turn ? `${state.turn.number}:${state.turn.throws}` : "end";
  if (turnKey !== keptFor) {
    // A new throw: the dice kept for it stay kept (a convenience); a new turn starts empty.
    const sameTurn = previous?.turn && state.turn && previous.turn.number === state.turn.number;
    if (!sameTurn) kept = new Set();
    keptFor = turnKey;
    preview = null;
    if (!sameTurn) $("word-input").value = "";
    const stored = !previous && state.turn ? turnMemory.load(gameId, memoryKey()) : null;
    if (stored) {
      kept = new Set(stored.kept || []);
      $("word-input").value = stored.words || "";
    }
  }
  if (previous?.turn && state.turn && previous.turn.number === state.turn.number
      && state.turn.throws > previous.turn.throws && state.turn.dice) {
    roll = { until: performance.now() + 450,
      dice: new Set(state.turn.dice.map((_, i) => i).filter((i) => !kept.has(i) || previous.turn.throws === 0)) };
  }
  announceChanges(previous, state);
  padEntry();
  renderStatus();
  renderDice();
  renderSheet();
  renderReview();
  renderEnd(state);
  syncTimer();
  if (myTurn() && state.turn.faces) {
    renderFeedback();
    renderClaims();
    schedulePreview(0);
  } else {
    $("claims").hidden = true;
    $("words-area").hidden = true;
  }
  syncDisabled();
}

function announceChanges(previous, current) {
  if (!previous) return;
  if (table.announceTurn(previous, current, historyLine)) return;
  if (current.turn && previous.turn && current.turn.throws > previous.turn.throws) {
    const letters = current.turn.dice.map((d) => (d.blank ? t("game.blank") : d.letter.toUpperCase())).join(" ");
    announce(t("game.threw", { t: current.turn.throws, letters }));
  }
}

/** What a finished turn did: the points it wrote in its box (not what the total gained). */
function historyLine(turn) {
  const box = boxName(turn.claim.box);
  if (turn.skipped) return t("game.skipped", { name: turn.player, why: t(`skip.${turn.skipped}`), box });
  if (turn.timeout) return t("game.timeout", { name: turn.player, box });
  const special = state.boxes.special.includes(turn.claim.box);
  const zero = special ? (turn.claim.zero_box ?? (state.rules.free_order ? null : state.boxes.round[turn.round - 1])) : null;
  if (zero) return tn("game.scored_zero", turn.points ?? 0, { name: turn.player, points: turn.points ?? 0, box, zero: boxName(zero) });
  return tn("game.scored", turn.points ?? 0, { name: turn.player, points: turn.points ?? 0, box });
}

function renderStatus() {
  const title = $("round-title");
  if (state.turn) {
    const box = state.rules.free_order ? "" : ` · ${boxName(state.turn.round_box)}`;
    title.textContent = `${t("game.round", { r: state.turn.round, n: state.rounds })}${box}`;
  } else {
    title.textContent = t("game.final");
  }
  $("turn-line").textContent = table.turnLine();
  document.title = `${title.textContent} · ${t("app.title")}`;
}

function renderDice() {
  const box = $("dice");
  box.replaceChildren();
  $("play").hidden = !state.turn;
  if (!state.turn) return;
  const turn = state.turn;
  const dice = turn.dice || Array.from({ length: 7 }, () => null);
  const rolled = roll && performance.now() < roll.until ? roll.dice : null;
  dice.forEach((die, i) => {
    const label = die === null ? `${i + 1}`
      : die.blank ? t("game.die_blank", { i: i + 1 })
        : tn("game.die_label", die.value, { i: i + 1, letter: die.letter.toUpperCase(), value: die.value });
    const isKept = kept.has(i);
    const button = el("button", {
      type: "button",
      class: `tile${die === null ? " empty" : ""}${die?.blank ? " blank" : ""}${isKept ? " kept" : ""}${rolled?.has(i) ? " rolling" : ""}`,
      "aria-pressed": die === null ? null : String(isKept),
      "aria-label": die === null ? label : `${label}, ${isKept ? t("game.kept") : t("game.not_kept")}`,
      "data-die": String(i),
      onclick: () => toggleKeep(i),
    },
    el("span", { class: "letter", "aria-hidden": "true", text: die === null ? "" : (die.blank ? "◆" : die.letter.toUpperCase()) }),
    el("span", { class: "value", "aria-hidden": "true", text: die === null ? "" : String(die.value) }),
    el("span", { class: "key", "aria-hidden": "true", text: String(i + 1) }));
    box.append(button);
  });
  const throwButton = $("throw");
  throwButton.textContent = turn.throws === 0 ? t("game.throw_first") : t("game.throw_again");
  $("throw-count").textContent = turn.throws_left > 0
    ? t("game.throw_count", { t: Math.min(turn.throws + 1, state.max_throws), n: state.max_throws })
    : t("game.no_throws_left");
  $("keep-hint").hidden = !(myTurn() && turn.throws > 0 && turn.throws_left > 0);

  const keys = $("letter-keys");
  keys.replaceChildren();
  (turn.dice || []).forEach((die) => {
    keys.append(el("button", {
      type: "button", class: "letter-key",
      "aria-label": die.blank ? t("game.blank_hint") : t("game.add_letter", { letter: die.letter.toUpperCase() }),
      onclick: () => addLetter(die),
    }, die.blank ? "◆" : die.letter.toUpperCase()));
  });
  $("words-area").hidden = !(myTurn() && turn.faces);
}

function toggleKeep(i) {
  if (!myTurn() || !state.turn.faces || state.turn.throws_left <= 0) return;
  if (kept.has(i)) kept.delete(i); else kept.add(i);
  remember();
  renderDice();
  syncDisabled();
  const die = state.turn.dice[i];
  const letter = die.blank ? t("game.blank") : die.letter.toUpperCase();
  announce(`${letter}: ${kept.has(i) ? t("game.kept") : t("game.not_kept")}`);
  // typing digits in the word field keeps dice without leaving it
  if (document.activeElement?.id !== "word-input") $$(`#dice [data-die="${i}"]`)[0]?.focus();
}

function addLetter(die) {
  const input = $("word-input");
  if (die.blank) {
    input.focus();
    showMessage(t("game.blank_hint"));
    announce(t("game.blank_hint"));
    return;
  }
  input.value += die.letter;
  schedulePreview();
}

function renderFeedback() {
  const list = $("feedback");
  list.replaceChildren();
  if (!preview) return;
  for (const info of preview.words) {
    const parts = [];
    let ok = true;
    if (!info.letters) { parts.push(t("game.not_letters")); ok = false; } else {
      if (!info.long_enough) { parts.push(t("game.too_short")); ok = false; }
      parts.push(info.in_dictionary ? t("game.in_dict") : t("game.not_in_dict"));
      parts.push(info.formable ? t("game.formable") : t("game.not_formable"));
      if (!info.in_dictionary || !info.formable) ok = false;
      if (info.value !== null) parts.push(tn("game.value", info.value, { points: info.value }));
    }
    const refused = info.letters && !info.in_dictionary;
    list.append(el("li", { class: ok ? "ok" : "bad" },
      el("span", { class: "mark", "aria-hidden": "true", text: ok ? "✓" : "✗" }),
      el("strong", { text: info.word }), ` — ${parts.join(", ")}`,
      refused ? el("span", { class: "why", text: ` (${whyText(info.refused)}) ` }) : "",
      refused ? reportButton(info.word, state.rules.dictionary, "wrongly_refused") : ""));
  }
  if (preview.words.length > 1 && !preview.formable_together) {
    list.append(el("li", { class: "bad" }, el("span", { class: "mark", "aria-hidden": "true", text: "✗" }),
      t("game.together_not")));
  }
}

function bestClaim() {
  if (!preview) return null;
  let best = null;
  for (const [box, info] of Object.entries(preview.boxes)) {
    if (info.score === null || info.score <= 0 || !info.words.length) continue;
    if (!best || info.score > best.score) best = { box, ...info };
  }
  return best;
}

function renderClaims() {
  const section = $("claims");
  section.hidden = !(myTurn() && state.turn.faces);
  if (section.hidden) return;
  const zeroWrap = $("zero-box-wrap");
  const zeroSelect = $("zero-box");
  const sheet = state.players[state.turn.player];
  if (state.rules.free_order) {
    const open = state.boxes.round.filter((b) => sheet.boxes[b] === null);
    const current = zeroSelect.value;
    zeroSelect.replaceChildren(...open.map((b) => el("option", { value: b, text: boxName(b) })));
    if (open.includes(current)) zeroSelect.value = current;
    zeroWrap.hidden = false;
  } else {
    zeroWrap.hidden = true;
  }
  const list = $("claim-list");
  list.replaceChildren();
  const best = bestClaim();
  const typed = words();
  for (const [box, option] of Object.entries(state.options)) {
    const info = preview?.boxes?.[box];
    const isRound = state.boxes.round.includes(box);
    const bonus = option.bonus ? ` (${boxName("woord_yahtzee_bonus")})` : "";
    const zero = zeroBoxFor(box);  // a special box: which round box gets the 0
    if (info && info.score !== null && (info.words.length > 0 || option.needs === "nothing")) {
      const label = zero
        ? tn("game.claim_with_zero", info.score, { box: boxName(box) + bonus, points: info.score, zero: boxName(zero) })
        : tn("game.claim_box", info.score, { box: boxName(box) + bonus, points: info.score });
      list.append(el("button", {
        type: "button", class: `claim ${best && best.box === box ? "primary" : "secondary"}`,
        "data-box": box, "data-zero-box": zero, onclick: () => claim(box, info.words),
      }, label));
    } else if (option.needs === "words") {
      const reason = !typed.length || !info ? t("game.needs_words") : errorText(info.error);
      list.append(el("button", {
        type: "button", class: "claim secondary", disabled: true, "data-box": box,
        "aria-disabled": "true",
      }, `${boxName(box)}${bonus}: `, el("span", { class: "reason", text: reason }),
      zero ? el("span", { class: "reason", text: ` ${t("game.claim_needs_zero", { zero: boxName(zero) })}` }) : null));
    }
    if (isRound) {
      list.append(el("button", {
        type: "button", class: "claim zero", "data-box": box, "data-zero": "yes",
        onclick: () => claim(box, []),
      }, t("game.claim_zero", { box: boxName(box) })));
    }
  }
}

function syncDisabled() {
  const mine = myTurn();
  const turn = state?.turn;
  const pad = state?.kind === "pad";
  $("throw").disabled = table.busy || !mine || !turn || turn.throws_left <= 0;
  // a spectator sees the game, not buttons it cannot use; a score pad enters real dice
  $("throw").hidden = !turn || table.watching() || pad;
  $("pad-entry").hidden = !(pad && mine && turn && turn.throws_left > 0);
  $("pad-free").hidden = $("pad-entry").hidden;
  $("pad-hourglass").hidden = !(pad && mine && turn && turn.turn_seconds && turn.deadline === null);
  $("pad-hourglass").disabled = table.busy;
  if (pad) {
    letters?.sync();
    note?.sync();
  }
  $("hint-button").hidden = table.watching() || Boolean(state?.daily);  // the daily game: unaided
  $$("#dice .tile").forEach((tile) => {
    tile.disabled = table.busy || !mine || !turn?.faces || turn.throws_left <= 0;
  });
  $$("#claim-list button:not([aria-disabled])").forEach((b) => { b.disabled = table.busy; });
}

function renderSheet() {
  const current = state.turn;
  const isCurrent = (box) => current && !state.rules.free_order && current.round_box === box;
  renderScoreSheet($("sheet"), state, {
    cell: (p, i, box) => {
      const v = p.boxes[box];
      return el("td", { class: v === null ? "open" : (v === 0 ? "zero" : "") }, v === null ? "" : String(v));
    },
    rowClass: (box) => (isCurrent(box) ? " current-round" : ""),
    rowLabel: (box) => (isCurrent(box) ? el("span", { class: "sr-only", text: ` (${t("game.current_round")})` }) : null),
    upperTotals: [[t("game.upper_total"), "upper_total", "subtotal"],
      [t("game.upper_bonus", { n: state.rules.upper_bonus_threshold }), "upper_bonus", "subtotal"]],
    lowerTotals: [[t("game.lower_total"), "lower_total", "subtotal"],
      [t("game.wy_bonus"), "woord_yahtzee_bonus", "subtotal"], [t("game.total"), "total", "grand-total"]],
  });
}

function renderReview() {
  const list = $("review-list");
  const showBest = $("show-best")?.checked;
  list.replaceChildren();
  const items = [...state.history].reverse();
  for (const turn of items) {
    const throws = turn.throws.map((f) => f.toUpperCase().replaceAll("?", "◆")).join(" → ") || "—";
    const claimText = turn.skipped || turn.timeout ? historyLine(turn)
      : `${boxName(turn.claim.box)}: ${turn.claim.words.length ? turn.claim.words.join(" ") : "—"} (${turn.points ?? 0})`;
    const item = el("li", {},
      el("p", { class: "review-head" }, el("strong", { text: t("game.review_turn", { r: turn.round, name: turn.player }) })),
      el("p", {}, `${t("game.throws")}: `, el("code", { text: throws })),
      el("p", {}, `${t("game.you_played")}: `, ...withWordLinks(claimText, turn.claim?.words, state.rules.dictionary)));
    if (showBest) {
      const box = el("div", { class: "best" });
      item.append(box);
      fillBest(box, turn.throws[turn.throws.length - 1]);
    }
    list.append(item);
  }
}

async function fillBest(container, letters) {
  const key = `${state.rules.dictionary}:${letters}`;
  try {
    if (!bestCache.has(key)) {
      bestCache.set(key, api("POST", "/api/solve", {
        letters, dictionary: state.rules.dictionary, dice_set: state.rules.dice_set,
      }));
    }
    const answer = await bestCache.get(key);
    const rows = Object.entries(answer.boxes || {}).filter(([, v]) => v && v.score > 0).map(([box, v]) =>
      el("li", {}, `${boxName(box)}: `, el("strong", {}, ...withWordLinks((v.words || []).join(" ") || "—", v.words, state.rules.dictionary)), ` (${v.score})`));
    container.replaceChildren(el("p", { class: "label", text: `${t("game.missed")}:` }),
      rows.length ? el("ul", { class: "plain best-list" }, rows) : el("p", { text: t("game.no_words") }));
  } catch (err) {
    bestCache.delete(key);
    container.replaceChildren(el("p", { class: "muted", text: errorText(err.error) }));
  }
}

// -- the hourglass: counts down from the server's seconds_left; the server decides ----------
function syncTimer() {
  const box = $("timer");
  const turn = state.turn;
  const key = turn ? `${turn.number}:${turn.started_at}` : "";
  if (!turn || turn.seconds_left === null || turn.seconds_left === undefined) {
    box.hidden = !turn || turn.turn_seconds === null ? true : false;
    if (turn && turn.turn_seconds === null) { box.hidden = false; $("timer-text").textContent = t("game.timer_off"); box.classList.remove("low"); }
    else if (turn) { $("timer-text").textContent = t("game.time_left", { s: Math.round(turn.turn_seconds) }); box.classList.remove("low"); }
    timer.deadline = null;
    return;
  }
  box.hidden = false;
  if (key !== timer.key) { timer.warned = false; timer.asked = false; timer.key = key; }
  if (state.kind === "pad") stayAwake(turn.seconds_left > 0);  // the screen stays on meanwhile
  timer.deadline = performance.now() + turn.seconds_left * 1000;
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
  if (left <= 10 && !timer.warned && myTurn()) {
    timer.warned = true;
    announce(t("game.time_warning"), true);
  }
  if (left <= 0 && !timer.asked) {
    if (state?.kind === "pad" && timer.rang !== timer.key) {  // the referee's bell
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

// -- keyboard -------------------------------------------------------------------------------
document.addEventListener("keydown", (event) => {
  if (!state || event.ctrlKey || event.metaKey || event.altKey) return;
  const inText = event.target instanceof HTMLInputElement && event.target.type === "text";
  if (/^[1-7]$/.test(event.key)) {
    if (inText && event.target.id !== "word-input") return;
    event.preventDefault();
    toggleKeep(Number(event.key) - 1);
    return;
  }
  if (!inText && (event.key === "g" || event.key === "G")) {
    event.preventDefault();
    throwDice();
    return;
  }
  if (inText && event.target.id === "word-input" && event.key === "Escape") {
    // out of the word field (it has the focus after a throw), so G throws again
    event.preventDefault();
    if ($("throw").disabled) event.target.blur(); else $("throw").focus();
    return;
  }
  if (inText && event.target.id === "word-input" && event.key === "Enter") {
    event.preventDefault();
    const best = bestClaim();
    if (best) claim(best.box, best.words);
  }
});

$("throw").addEventListener("click", throwDice);
$("word-input").addEventListener("input", () => schedulePreview());
$("zero-box").addEventListener("change", () => schedulePreview(0));
$("key-space").addEventListener("click", () => {
  const input = $("word-input");
  if (input.value && !input.value.endsWith(" ")) input.value += " ";
  schedulePreview();
});
$("key-back").addEventListener("click", () => {
  const input = $("word-input");
  input.value = input.value.slice(0, -1);
  schedulePreview();
});
$("key-clear").addEventListener("click", () => { $("word-input").value = ""; schedulePreview(); });
$("show-best")?.addEventListener("change", () => renderReview());

table.start();


// -- the hint: the optimal strategy's keeps and claims, each with its expected final score --

function hintText(option, throws) {
  const total = number(option.expected_total, 1);
  if (option.kind === "claim") {
    const words = option.words.length ? option.words.join(" ") : "—";
    return tn("woord.hint_claim", option.points, { box: boxName(option.box), words, points: option.points, total });
  }
  if (throws === 0) return t("woord.hint_throw", { total });
  const letters = option.letters ? option.letters.toUpperCase().replaceAll("?", "◆") : "";
  return letters ? t("woord.hint_keep", { dice: letters, total }) : t("woord.hint_keep_none", { total });
}

async function askHint() {
  if (!state || state.finished) return;
  const seq = state.seq;
  $("hint").hidden = false;
  $("hint-best").textContent = t("woord.hint_busy");
  $("hint-list").replaceChildren();
  $("hint-apply").hidden = true;
  try {
    const answer = await api("GET", `/api/games/${gameId}/hint`, undefined, table.token);
    if (!state || state.seq !== seq) return;
    if (!answer.ready) {
      $("hint-best").textContent = answer.failed ? t("woord.hint_failed", { why: answer.failed }) : t("woord.hint_busy");
      if (!answer.failed) window.setTimeout(askHint, 3000);
      return;
    }
    hint = { seq, answer };
    const dictionary = state.rules.dictionary;
    $("hint-best").replaceChildren(...withWordLinks(hintText(answer.best, answer.throws), answer.best.words, dictionary));
    $("hint-list").replaceChildren(...answer.options.slice(1).map((o) => el("li", {},
      ...withWordLinks(hintText(o, answer.throws), o.words, dictionary))));
    $("hint-apply").hidden = !myTurn();
    announce($("hint-best").textContent);
  } catch (err) {
    $("hint-best").textContent = errorText(err.error);
  }
}

function applyHint() {
  const best = hint?.answer?.best;
  if (!best || !state || hint.seq !== state.seq || !myTurn()) return;
  if (best.kind === "keep" && state.kind === "pad") {  // real dice: kept by hand
    announce($("hint-best").textContent);
    return;
  }
  if (best.kind === "keep") {
    kept = new Set(best.dice);
    remember();
    renderDice();
    throwDice();
  } else {
    claim(best.box, best.words);
  }
}

function forgetStaleHint() {
  if (hint && state && hint.seq !== state.seq) {
    hint = null;
    $("hint").hidden = true;
  }
}

$("hint-button").addEventListener("click", askHint);
$("hint-apply").addEventListener("click", applyHint);


// -- the score pad (kind "pad"): real dice, their letters entered here -----------------------

/** The pad's letter keys, made once the state (with the dice set's faces) is known. */
function padEntry() {
  if (letters || state?.kind !== "pad") return;
  const faces = state.dice_faces;
  letters = letterEntry({
    faces, field: $("pad-letters"),
    active: () => myTurn() && !table.busy && state.turn?.throws_left > 0,
    changed: (now, dieOf) => {
      const used = new Set(dieOf || []);
      const free = faces.map((f, d) => (used.has(d) ? null : `${d + 1}: ${f.join("").toUpperCase().replaceAll("?", "◆")}`))
        .filter(Boolean);
      $("pad-free").textContent = `${t("pad.free_dice")}: ${free.join(" · ") || "—"}`;
    },
    record: async (shown) => Boolean(await table.act("throw", { faces: shown })),
  });
  note = noteForm({
    active: () => myTurn() && state.turn?.throws === 0,
    boxes: () => {
      const sheet = state.players[state.turn.player].boxes;
      const order = state.rules.free_order ? state.boxes.round : [state.turn.round_box];
      return [...order, ...state.boxes.special].filter((box) => sheet[box] === null)
        .map((box) => [box, boxName(box)]);
    },
    send: async (box, text) => Boolean(await table.act("act/note", { box, words: text.split(/\s+/).filter(Boolean) })),
  });
  $("show-best").checked = true;  // after each claim: what that throw held, per box
  document.querySelector("p.keys").textContent = t("pad.keys_letters");
}

$("pad-hourglass").addEventListener("click", async () => {
  if (!myTurn() || table.busy) return;
  await table.act("act/hourglass", {});
});
