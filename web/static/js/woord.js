// The Woord Yahtzee screen. It renders the state the server sends and posts the player's
// intent; every score, legal box and face comes from the server (no rule is computed here).
// The hourglass (hourglass.js), the review (woord-review.js), the hint (hints.js) and the
// score pad's entry (pad.js) are modules of their own.
import { $, $$, announce, api, BLANK, boxName, el, errorText, facesText, keyboardLikely, number, renderEnd, renderScoreSheet, reportButton, showMessage, t, thrown, tn, whyText, withWordLinks } from "./common.js";
import { hintAsker, unaided } from "./hints.js";
import { hourglass } from "./hourglass.js";
import { letterEntry, noteForm } from "./pad.js";
import { turnMemory } from "./seat-store.js";
import { connectTable } from "./table.js";
import { woordReview } from "./woord-review.js";

const gameId = $("game").dataset.gameId;

/** @typedef {import("./types.js").Shown<import("./api.js").WoordState>} State */

// What this page holds between states, in one place.
/** @type {{ state: State, kept: Set<number>, keptFor: string, preview: import("./api.js").Preview | null,
 *   previewSeq: number, previewTimer: number | undefined, roll: { until: number, dice: Set<number> } | null,
 *   letters: ReturnType<typeof letterEntry> | null, note: ReturnType<typeof noteForm> | null }} */
const page = {
  // the last state from the server: null until the first render, which comes before
  // anything here reads it
  state: /** @type {any} */ (null),
  kept: new Set(),     // dice the player means to keep (local intent until a throw)
  keptFor: "",         // turn/throw the keep selection belongs to
  preview: null,       // the last preview answer
  previewSeq: 0,       // the newest preview asked for
  previewTimer: undefined,  // a preview waiting for the typing to pause
  roll: null,          // the dice a throw just rolled, drawn rolling until roll.until
  letters: null,       // a score pad's letter keys (pad.js)
  note: null,          // a score pad's claim without its throw (pad.js)
};
const table = connectTable(gameId, { render, message: showMessage, busy: syncDisabled });
const { myTurn } = table;
const timer = hourglass(table);
const review = woordReview(historyLine);
const hints = hintAsker(gameId, table, {
  canAsk: () => page.state.status !== "finished" && Boolean(page.state.turn),
  busyText: t("woord.hint_busy"),
  failedText: (why) => t("woord.hint_failed", { why }),
  show: renderHint,
});

// -- small helpers --------------------------------------------------------------------------
/** The turn under way (read only where there is one: the page asks first). */
function turnShown() {
  return /** @type {import("./api.js").WoordTurn} */ (page.state.turn);
}

function words() {
  return $("word-input").value.split(/\s+/).filter(Boolean);
}

async function throwDice() {
  if (!myTurn() || turnShown().throws_left <= 0 || table.busy) return;
  const keep = turnShown().throws === 0 ? [] : [...page.kept].sort();
  const answer = await table.act("throw", { keep });
  // the next step is typing: the word field, not nine Tabs away (with a keyboard at hand;
  // on a phone the on-screen keyboard would cover the claim buttons)
  if (answer && myTurn() && turnShown().faces && keyboardLikely()) $("word-input").focus();
}

/**
 * @param {string} box
 * @param {string[]} claimWords
 */
async function claim(box, claimWords) {
  if (!myTurn() || table.busy) return;
  /** @type {{ box: string, words: string[], zero_box?: string }} */
  const body = { box, words: claimWords };
  const zero = $("zero-box");
  if (page.state.rules.free_order && page.state.boxes.special.includes(box) && zero.value) {
    body.zero_box = zero.value;
  }
  const answer = await table.act("claim", body);
  if (answer) {
    $("word-input").value = "";
    const handover = $("handover");  // hot-seat: the hand-over screen keeps the focus
    if (myTurn() && !$("throw").disabled && (!handover || handover.hidden)) $("throw").focus();
  }
}

/** The round box a special claim strikes out (0 points), if it does.
 * @param {string} box
 * @returns {string | null} */
function zeroBoxFor(box) {
  if (!page.state.boxes.special.includes(box)) return null;
  if (page.state.rules.free_order) return $("zero-box").value || page.state.options[box]?.zero_box || null;
  return page.state.options[box]?.zero_box ?? page.state.turn?.zero_box ?? null;
}

// -- the unfinished turn survives a reload (this tab only) --------------------------------
function memoryKey() {
  return page.state?.turn ? `${turnShown().number}:${turnShown().throws}` : "";
}
function remember() {
  if (!page.state?.turn || !myTurn()) return;
  turnMemory.save(gameId, memoryKey(), { kept: [...page.kept], words: $("word-input").value });
}

function schedulePreview(delay = 150) {
  remember();
  window.clearTimeout(page.previewTimer);
  page.previewTimer = window.setTimeout(runPreview, delay);
}

async function runPreview() {
  if (!myTurn() || !turnShown().faces) return;
  const ticket = ++page.previewSeq;
  const seq = page.state.seq;
  /** @type {{ words: string[], zero_box?: string }} */
  const body = { words: words() };
  if (page.state.rules.free_order && $("zero-box").value) body.zero_box = $("zero-box").value;
  try {
    const answer = await api("POST", `/api/games/${gameId}/preview`, body, table.token);
    if (ticket !== page.previewSeq || answer.seq !== page.state.seq) return;
    page.preview = answer;
    renderFeedback();
    renderClaims();
  } catch (err) {
    // an answer about a turn that has since moved on (say, the hourglass ran out) is stale
    if (ticket === page.previewSeq && seq === page.state.seq) showMessage(errorText(thrown(err)));
  }
}

// -- rendering ------------------------------------------------------------------------------
/** @param {State} next */
function render(next) {
  const previous = page.state;
  page.state = next;
  hints.follow(previous, page.state);
  renderHint();
  const turnKey = page.state.turn ? `${turnShown().number}:${turnShown().throws}` : "end";
  if (turnKey !== page.keptFor) {
    // A new throw: the dice kept for it stay kept (a convenience); a new turn starts empty.
    const sameTurn = previous?.turn && page.state.turn && previous.turn.number === turnShown().number;
    if (!sameTurn) page.kept = new Set();
    page.keptFor = turnKey;
    page.preview = null;
    if (!sameTurn) $("word-input").value = "";
    const stored = !previous && page.state.turn ? turnMemory.load(gameId, memoryKey()) : null;
    if (stored) {
      page.kept = new Set(stored.kept || []);
      $("word-input").value = stored.words || "";
    }
  }
  const before = previous?.turn;
  const dice = page.state.turn?.dice;
  if (before && page.state.turn && before.number === turnShown().number
      && turnShown().throws > before.throws && dice) {
    page.roll = { until: performance.now() + 450,
      dice: new Set(dice.map((_, i) => i).filter((i) => !page.kept.has(i) || before.throws === 0)) };
  }
  announceChanges(previous, page.state);
  padEntry();
  renderStatus();
  renderDice();
  renderSheet();
  review.draw(page.state);
  renderEnd(page.state);
  timer.sync(page.state);
  if (myTurn() && turnShown().faces) {
    renderFeedback();
    renderClaims();
    schedulePreview(0);
  } else {
    $("claims").hidden = true;
    $("words-area").hidden = true;
  }
  syncDisabled();
}

/**
 * @param {State | null} previous
 * @param {State} current
 */
function announceChanges(previous, current) {
  if (!previous) return;
  if (table.announceTurn(previous, current, historyLine)) return;
  if (current.turn && previous.turn && current.turn.throws > previous.turn.throws) {
    const shown = /** @type {import("./api.js").LetterDie[]} */ (current.turn.dice).map((d) => (d.blank ? t("game.blank") : d.letter.toUpperCase())).join(" ");
    announce(t("game.threw", { t: current.turn.throws, letters: shown }));
  }
}

/** What a finished turn did: the points it wrote in its box (not what the total gained).
 * @param {import("./api.js").WoordTurnDone} turn
 * @returns {string} */
function historyLine(turn) {
  const box = boxName(turn.claim.box);
  if (turn.skipped) return t("game.skipped", { name: turn.player, why: t(`skip.${turn.skipped}`), box });
  if (turn.timeout) return t("game.timeout", { name: turn.player, box });
  const special = page.state.boxes.special.includes(turn.claim.box);
  const zero = special ? (turn.claim.zero_box ?? (page.state.rules.free_order ? null : page.state.boxes.round[turn.round - 1])) : null;
  if (zero) return tn("game.scored_zero", turn.points ?? 0, { name: turn.player, points: turn.points ?? 0, box, zero: boxName(zero) });
  return tn("game.scored", turn.points ?? 0, { name: turn.player, points: turn.points ?? 0, box });
}

function renderStatus() {
  const title = $("round-title");
  if (page.state.turn) {
    const box = page.state.rules.free_order ? "" : ` · ${boxName(turnShown().round_box)}`;
    title.textContent = `${t("game.round", { r: turnShown().round, n: page.state.rounds })}${box}`;
  } else {
    title.textContent = t("game.final");
  }
  $("turn-line").textContent = table.turnLine();
  document.title = `${title.textContent} · ${t("app.title")}`;
}

function renderDice() {
  const box = $("dice");
  box.replaceChildren();
  $("play").hidden = !page.state.turn;
  if (!page.state.turn) return;
  const turn = page.state.turn;
  const dice = turn.dice || Array.from({ length: 7 }, () => null);
  const rolled = page.roll && performance.now() < page.roll.until ? page.roll.dice : null;
  dice.forEach((die, i) => {
    const label = die === null ? `${i + 1}`
      : die.blank ? t("game.die_blank", { i: i + 1 })
        : tn("game.die_label", die.value, { i: i + 1, letter: die.letter.toUpperCase(), value: die.value });
    const isKept = page.kept.has(i);
    const button = el("button", {
      type: "button",
      class: `tile${die === null ? " empty" : ""}${die?.blank ? " blank" : ""}${isKept ? " kept" : ""}${rolled?.has(i) ? " rolling" : ""}`,
      "aria-pressed": die === null ? null : String(isKept),
      "aria-label": die === null ? label : `${label}, ${isKept ? t("game.kept") : t("game.not_kept")}`,
      "data-die": String(i),
      onclick: () => toggleKeep(i),
    },
    el("span", { class: "letter", "aria-hidden": "true", text: die === null ? "" : (die.blank ? BLANK : die.letter.toUpperCase()) }),
    // the value and the key are drawn by the style sheet from data-text: the button's name
    // (its aria-label) says them, and its visible text is the letter alone
    el("span", { class: "value", "aria-hidden": "true", "data-text": die === null ? "" : String(die.value) }),
    el("span", { class: "key", "aria-hidden": "true", "data-text": String(i + 1) }));
    box.append(button);
  });
  const throwButton = $("throw");
  throwButton.textContent = turn.throws === 0 ? t("game.throw_first") : t("game.throw_again");
  $("throw-count").textContent = turn.throws_left > 0
    ? t("game.throw_count", { t: Math.min(turn.throws + 1, page.state.max_throws), n: page.state.max_throws })
    : t("game.no_throws_left");
  $("keep-hint").hidden = !(myTurn() && turn.throws > 0 && turn.throws_left > 0);

  const keys = $("letter-keys");
  keys.replaceChildren();
  (turn.dice || []).forEach((die) => {
    keys.append(el("button", {
      type: "button", class: "letter-key",
      "aria-label": die.blank ? t("game.blank_hint") : t("game.add_letter", { letter: die.letter.toUpperCase() }),
      onclick: () => addLetter(die),
    }, die.blank ? BLANK : die.letter.toUpperCase()));
  });
  $("words-area").hidden = !(myTurn() && turn.faces);
}

/** @param {number} i */
function toggleKeep(i) {
  if (!myTurn() || !turnShown().faces || turnShown().throws_left <= 0) return;
  if (page.kept.has(i)) page.kept.delete(i); else page.kept.add(i);
  remember();
  renderDice();
  syncDisabled();
  const die = /** @type {import("./api.js").LetterDie[]} */ (turnShown().dice)[i];
  const letter = die.blank ? t("game.blank") : die.letter.toUpperCase();
  announce(`${letter}: ${page.kept.has(i) ? t("game.kept") : t("game.not_kept")}`);
  // typing digits in the word field keeps dice without leaving it
  if (document.activeElement?.id !== "word-input") $$(`#dice [data-die="${i}"]`)[0]?.focus();
}

/** @param {import("./api.js").LetterDie} die */
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
  if (!page.preview) return;
  for (const info of /** @type {{ word: string, letters: boolean, long_enough: boolean, in_dictionary: boolean,
    formable: boolean, value: number | null, refused?: import("./api.js").Why }[]} */ (page.preview.words)) {
    /** @type {string[]} */
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
      refused ? reportButton(info.word, page.state.rules.dictionary, "wrongly_refused") : ""));
  }
  if (page.preview.words.length > 1 && !page.preview.formable_together) {
    list.append(el("li", { class: "bad" }, el("span", { class: "mark", "aria-hidden": "true", text: "✗" }),
      t("game.together_not")));
  }
}

function bestClaim() {
  if (!page.preview) return null;
  /** @type {(import("./api.js").BoxPreview & { box: string, score: number }) | null} */
  let best = null;
  for (const [box, info] of Object.entries(page.preview.boxes)) {
    if (info.score === null || info.score <= 0 || !info.words.length) continue;
    if (!best || info.score > best.score) best = { box, ...info, score: info.score };
  }
  return best;
}

function renderClaims() {
  const section = $("claims");
  section.hidden = !(myTurn() && turnShown().faces);
  if (section.hidden) return;
  const zeroWrap = $("zero-box-wrap");
  const zeroSelect = $("zero-box");
  const sheet = page.state.players[turnShown().player];
  if (page.state.rules.free_order) {
    const open = page.state.boxes.round.filter((b) => sheet.boxes[b] === null);
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
  for (const [box, option] of Object.entries(page.state.options)) {
    const info = page.preview?.boxes?.[box];
    const isRound = page.state.boxes.round.includes(box);
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
      const reason = !typed.length || !info ? t("game.needs_words") : errorText(/** @type {{ code: string, message?: string } | null} */ (info.error));
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
  const turn = page.state?.turn;
  const pad = page.state?.kind === "pad";
  $("throw").disabled = table.busy || !mine || !turn || turn.throws_left <= 0;
  // a spectator sees the game, not buttons it cannot use; a score pad enters real dice
  $("throw").hidden = !turn || table.watching() || pad;
  $("pad-entry").hidden = !(pad && mine && turn && turn.throws_left > 0);
  $("pad-free").hidden = $("pad-entry").hidden;
  $("pad-any-box").hidden = !(pad && page.state.any_box);  // what this pad referees, and why no Tip
  $("pad-hourglass").hidden = !(pad && mine && turn && turn.turn_seconds && turn.deadline === null);
  $("pad-hourglass").disabled = table.busy;
  if (pad) {
    page.letters?.sync();
    page.note?.sync();
  }
  // rated and daily games: unaided; a pad without its box: no Tip (#pad-any-box says why)
  $("hint-button").hidden = table.watching() || unaided(page.state) || Boolean(page.state?.any_box);
  $$("#dice .tile").forEach((tile) => {
    tile.disabled = table.busy || !mine || !turn?.faces || turn.throws_left <= 0;
  });
  $$("#claim-list button:not([aria-disabled])").forEach((b) => { b.disabled = table.busy; });
}

function renderSheet() {
  const current = page.state.turn;
  /** @param {string} box */
  const isCurrent = (box) => current && !page.state.rules.free_order && current.round_box === box;
  renderScoreSheet($("sheet"), page.state, {
    cell: (p, i, box) => {
      const v = p.boxes[box];
      return el("td", { class: v === null ? "open" : (v === 0 ? "zero" : "") }, v === null ? "" : String(v));
    },
    rowClass: (box) => (isCurrent(box) ? " current-round" : ""),
    rowLabel: (box) => (isCurrent(box) ? el("span", { class: "sr-only", text: ` (${t("game.current_round")})` }) : null),
    upperTotals: [[t("game.upper_total"), "upper_total", "subtotal"],
      [t("game.upper_bonus", { n: page.state.rules.upper_bonus_at }), "upper_bonus", "subtotal"]],
    lowerTotals: [[t("game.lower_total"), "lower_total", "subtotal"],
      [t("game.wy_bonus"), "woord_yahtzee_bonus", "subtotal"], [t("game.total"), "total", "grand-total"]],
  });
}

// -- keyboard -------------------------------------------------------------------------------
document.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
  if (!page.state || event.ctrlKey || event.metaKey || event.altKey) return;
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
$("show-best")?.addEventListener("change", () => review.draw(page.state));

table.start();


// -- the hint: the optimal strategy's keeps and claims, each with its expected final score --

/** A hint line; `which`: name the dice too, as another keep reads the same (dice that
 * share a letter: "Houd EGSLE (stenen 1 2 3 5 6)").
 * @param {any} option a hint's option (Woord Yahtzee's shape: `kind`, `letters`, `dice`, `words` …)
 * @param {number} throws
 * @param {boolean} [which] */
function hintText(option, throws, which = false) {
  const total = number(option.expected_total, 1);
  if (option.kind === "claim") {
    const words = option.words.length ? option.words.join(" ") : "—";
    return tn("woord.hint_claim", option.points, { box: boxName(option.box), words, points: option.points, total });
  }
  if (throws === 0) return t("woord.hint_throw", { total });
  let letters = option.letters ? facesText(option.letters) : "";
  if (letters && which) letters += ` (${t("woord.hint_dice", { dice: option.dice.map((/** @type {number} */ d) => d + 1).join(" ") })})`;
  return letters ? t("woord.hint_keep", { dice: letters, total }) : t("woord.hint_keep_none", { total });
}

/** Every line of a hint, best first; keeps that read alike name their dice.
 * @param {any} answer the hint's answer (Woord Yahtzee's: `best`, `options`, `throws`) */
function hintTexts(answer) {
  const shown = [answer.best, ...answer.options.slice(1)];
  const alike = new Map();
  shown.filter((o) => o.kind === "keep").forEach((o) => alike.set(o.letters, (alike.get(o.letters) || 0) + 1));
  return shown.map((o) => hintText(o, answer.throws, o.kind === "keep" && alike.get(o.letters) > 1));
}

/** Draw the hint panel: the best option and the others, each with its words linked; while
 * one is asked for, only its line. */
function renderHint() {
  const hint = hints.current();
  if (!hint) {
    $("hint-list").replaceChildren();
    $("hint-apply").hidden = true;
    if (!hints.pending()) $("hint").hidden = true;
    return;
  }
  const { answer } = hint;
  const dictionary = page.state.rules.dictionary;
  $("hint").hidden = false;
  const [best, ...rest] = hintTexts(answer);
  $("hint-best").replaceChildren(...withWordLinks(best, answer.best.words, dictionary));
  $("hint-list").replaceChildren(...answer.options.slice(1).map((/** @type {any} */ o, /** @type {number} */ i) => el("li", {},
    ...withWordLinks(rest[i], o.words, dictionary))));
  $("hint-apply").hidden = !myTurn();
}

function applyHint() {
  const best = hints.current()?.answer.best;
  if (!best || !myTurn()) return;
  if (best.kind === "keep" && page.state.kind === "pad") {  // real dice: kept by hand
    announce($("hint-best").textContent);
    return;
  }
  if (best.kind === "keep") {
    page.kept = new Set(best.dice);
    remember();
    renderDice();
    throwDice();
  } else {
    claim(best.box, best.words);
  }
}

$("hint-button").addEventListener("click", hints.ask);
$("hint-apply").addEventListener("click", applyHint);


// -- the score pad (kind "pad"): real dice, their letters entered here -----------------------

/** A die's letters as the pad lists them: "A–Z" (and the blank) for a die that may show any
 * letter, which a pad without its own box assumes of every die.
 * @param {string[]} faces */
function dieLetters(faces) {
  const letters = faces.filter((f) => f !== "?");
  const every = letters.length === 26 && new Set(letters).size === 26;
  return every ? `A–Z${faces.includes("?") ? ` ${BLANK}` : ""}` : facesText(faces.join(""));
}

/** The pad's letter keys, made once the state (with the dice set's faces) is known. */
function padEntry() {
  if (page.letters || page.state?.kind !== "pad") return;
  const faces = page.state.dice_faces;
  page.letters = letterEntry({
    faces, field: $("pad-letters"),
    active: () => myTurn() && !table.busy && (page.state.turn?.throws_left ?? 0) > 0,
    changed: (now, dieOf) => {
      const used = new Set(dieOf || []);
      const free = faces.map((f, d) => (used.has(d) ? null : `${d + 1}: ${dieLetters(f)}`))
        .filter(Boolean);
      $("pad-free").textContent = `${t("pad.free_dice")}: ${free.join(" · ") || "—"}`;
    },
    record: async (shown) => Boolean(await table.act("throw", { faces: shown })),
  });
  page.note = noteForm({
    active: () => myTurn() && page.state.turn?.throws === 0,
    boxes: () => {
      const sheet = page.state.players[turnShown().player].boxes;
      const order = page.state.rules.free_order ? page.state.boxes.round : [turnShown().round_box];
      return [...order, ...page.state.boxes.special].filter((box) => sheet[box] === null)
        .map((box) => [box, boxName(box)]);
    },
    send: async (box, text) => Boolean(await table.act("note", { box, words: text.split(/\s+/).filter(Boolean) })),
  });
  $("show-best").checked = true;  // after each claim: what that throw held, per box
  /** @type {HTMLElement} */ (document.querySelector("p.keys")).textContent = t("pad.keys_letters");
}

$("pad-hourglass").addEventListener("click", async () => {
  if (!myTurn() || table.busy) return;
  await table.act("hourglass", {});
});
