// Pip dice, drawn the same way by every dice game that has them (classic Yahtzee's five,
// Kaartspel's five black dice and its red die).
import { $, $$, announce, boxName, el, t } from "./common.js";
import { noteForm, pipEntry } from "./pad.js";
import { turnMemory } from "./table.js";

/** Pips as a player reads them out: "3 3 5". */
export function diceText(faces) {
  return faces.join(" ");
}

/** Where the pips of each face sit in a 3 x 3 grid (cells 0-8, row by row). */
export const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/**
 * The button of die `index` showing `pips` (null: not thrown yet), a toggle for keeping it.
 * `label` names the die for screen readers ("Dobbelsteen 2: 5"); `kept`, `suggested` (by the
 * hint) and `rolling` (drawn rolling) set its look; `kind` is an extra class ("black").
 */
export function pipDieButton({ pips, index, label, kept = false, suggested = false, rolling = false,
  kind = "", onclick }) {
  const name = pips === null ? `${index + 1}` : label;
  const face = el("span", { class: "face", "aria-hidden": "true" },
    Array.from({ length: 9 }, (_, cell) => el("span", {
      class: `pip${pips !== null && PIPS[pips].includes(cell) ? " on" : ""}`,
    })));
  const classes = ["die", kind, pips === null ? "empty" : "", kept ? "kept" : "",
    suggested ? "suggested" : "", rolling ? "rolling" : ""].filter(Boolean).join(" ");
  return el("button", {
    type: "button", class: classes,
    "aria-pressed": pips === null ? null : String(kept),
    "aria-label": pips === null ? name : `${name}, ${kept ? t("game.kept") : t("game.not_kept")}`,
    "data-die": String(index), "data-pips": pips === null ? "" : String(pips),
    onclick,
  }, face, el("span", { class: "key", "aria-hidden": "true", text: String(index + 1) }));
}

/**
 * The five pip dice of a turn in classic and Triple Yahtzee: which dice the player keeps
 * (remembered across a reload mid-turn), the throw, and the dice drawn rolling after it.
 * `page` gives `table` and `gameId`, `state()` (the state shown), `key(state)` (names the
 * game and turn; a new one starts with no dice kept), `label(i, pips)` (a die's name for
 * screen readers), `suggested(i)` (the hint keeps die i) and `changed()` (redraw what
 * depends on the kept dice). Call `update(previous, state)` with every new state, then
 * `draw()`.
 */
export function fiveDice(page) {
  let kept = new Set();
  let keptFor = "";
  let roll = null;  // the dice a throw just rolled, drawn rolling until roll.until
  let entry = null; // a score pad's pip keys (pad.js), once wired
  let note = null;  // a score pad's box without its throw (pad.js), once wired
  const mine = () => page.table.myTurn(page.state());
  const pad = () => page.state()?.kind === "pad";
  const memoryKey = (state) => (state?.turn ? `${page.key(state)}:${state.turn.throws}` : "");

  function remember() {
    const state = page.state();
    if (state?.turn && mine()) turnMemory.save(page.gameId, memoryKey(state), { kept: [...kept] });
  }

  function update(previous, state) {
    const turnKey = state.turn ? memoryKey(state) : "end";
    if (turnKey === keptFor) return;
    const sameTurn = previous?.turn && state.turn && page.key(previous) === page.key(state);
    kept = sameTurn ? new Set(state.turn.kept) : new Set();
    keptFor = turnKey;
    if (entry && entry.entered().length) entry.reset();  // the pad's entry was recorded
    const stored = !previous && state.turn ? turnMemory.load(page.gameId, memoryKey(state)) : null;
    if (stored) kept = new Set(stored.kept || []);
    if (sameTurn && state.turn.throws > previous.turn.throws && state.turn.dice) {
      roll = { until: performance.now() + 450, dice: new Set(state.turn.dice.map((_, i) => i)
        .filter((i) => previous.turn.throws === 0 || !state.turn.kept.includes(i))) };
    }
  }

  function draw() {
    const state = page.state();
    const box = $("dice");
    $("play").hidden = !state.turn;
    if (!state.turn) { box.replaceChildren(); return; }
    const turn = state.turn;
    const rolled = roll && performance.now() < roll.until ? roll.dice : null;
    const entered = pad() && entry ? entry.entered() : [];
    if (pad()) document.querySelector("p.keys").textContent = t("pad.keys_pips");
    const shown = entered.length || (pad() && !turn.dice)
      ? [0, 1, 2, 3, 4].map((i) => entered[i] ?? null) : turn.dice || [null, null, null, null, null];
    $("throw").hidden = pad() || page.table.watching();
    $("pad-entry").hidden = !(pad() && mine() && turn.throws_left > 0);
    box.replaceChildren(...shown.map((pips, i) => pipDieButton({
      pips, index: i, label: page.label(i, pips), kept: kept.has(i), suggested: page.suggested(i),
      rolling: Boolean(rolled?.has(i)), onclick: () => toggle(i),
    })));
    $("throw").textContent = turn.throws === 0 ? t("game.throw_first") : t("game.throw_again");
    $("throw-count").textContent = turn.throws_left > 0
      ? t("game.throw_count", { t: Math.min(turn.throws + 1, state.max_throws), n: state.max_throws })
      : t("game.no_throws_left");
    $("keep-hint").hidden = pad() || !(mine() && turn.throws > 0 && turn.throws_left > 0);
    $("claim-help").hidden = !(mine() && turn.throws > 0);
  }

  function toggle(i) {
    const state = page.state();
    if (pad() || !mine() || !state.turn?.dice || state.turn.throws_left <= 0) return;
    if (kept.has(i)) kept.delete(i); else kept.add(i);
    remember();
    draw();
    page.changed();
    announce(`${state.turn.dice[i]}: ${kept.has(i) ? t("game.kept") : t("game.not_kept")}`);
    $$(`#dice [data-die="${i}"]`)[0]?.focus();
  }

  async function throwDice() {
    const state = page.state();
    if (!mine() || !state.turn || state.turn.throws_left <= 0 || page.table.busy) return;
    await page.table.act("throw", { keep: state.turn.throws === 0 ? [] : [...kept].sort() });
  }

  function keep(indices) {
    kept = new Set(indices);
    remember();
    draw();
    page.changed();
  }

  /** Follow a hint (`advice`: its best option) whole, as in every mode: keep the dice it
   * advises and throw, throw all before the first throw, or write the box it advises
   * (`claim(advice)`). */
  function follow(advice, claim) {
    const state = page.state();
    if (!advice || !mine() || !state.turn || page.table.busy) return;
    if (pad() && advice.kind !== "box") {  // real dice: the player keeps them by hand
      announce(t("classic.hint_keep", { dice: (advice.keep || []).join(" ") }));
      return;
    }
    if (advice.kind === "box") {
      claim(advice);
      return;
    }
    if (state.turn.throws > 0) keep(advice.keep_indices);
    throwDice();
  }

  /** Enable the throw button and the dice only while the player to move may use them. */
  function syncDisabled() {
    const state = page.state();
    const turn = state?.turn;
    const idle = !page.table.busy && mine();
    $("throw").disabled = !idle || !turn || turn.throws_left <= 0;
    // a spectator sees the game, not buttons it cannot use
    $("throw").hidden = pad() || page.table.watching();
    // the daily game is played unaided
    $("hint-button").hidden = page.table.watching() || Boolean(state?.daily);
    if (pad()) {
      entry?.sync();
      note?.sync();
    }
    $$("#dice .die").forEach((die) => {
      die.disabled = !idle || !turn?.dice || turn.throws_left <= 0;
    });
  }

  /** Say a throw aloud once it has landed: the player's own, or who else threw what
   * (`name(seat)`). */
  function announceThrow(previous, current, name) {
    if (!(current.turn && previous?.turn && current.turn.throws > previous.turn.throws && current.turn.dice)) return;
    const shown = diceText(current.turn.dice);
    announce(mine() ? t("classic.threw", { t: current.turn.throws, dice: shown })
      : t("classic.computer_threw", { name: name(current.to_move), dice: shown }));
  }

  /** The finished turns, newest first: whose (`name(seat)`), the throws, and what was
   * played (`played(turn)`). */
  function renderReview(name, played) {
    const items = [...page.state().history].reverse().map((turn) => el("li", {},
      el("p", { class: "review-head" }, el("strong", { text: t("classic.review_turn", { r: turn.round, name: name(turn.player) }) })),
      el("p", {}, `${t("game.throws")}: `, el("code", { text: turn.throws.map((d) => d.split("").join(" ")).join(" → ") || "—" })),
      el("p", {}, `${t("game.you_played")}: ${played(turn)}`)));
    $("review-list").replaceChildren(...items);
  }

  /** The turn's keys (1–5, G, H) and buttons (throw, hint, follow the hint);
   * `askHint()` fetches a hint, `advice()` is the hint's best option shown now (null once
   * stale) and `claim(option)` writes a box option. */
  function wire(askHint, advice, claim) {
    entry = pipEntry({
      active: () => pad() && mine() && !page.table.busy && page.state().turn?.throws_left > 0,
      changed: () => { if (page.state()?.turn) draw(); },
      record: async (pips) => Boolean(await page.table.act("throw", { faces: pips })),
    });
    note = noteForm({
      active: () => pad() && mine() && page.state().turn?.throws === 0,
      boxes: () => {
        const state = page.state();
        const player = state.players[state.to_move];
        return Object.entries(player?.boxes || {}).filter(([, v]) => v === null)
          .map(([box]) => [box, boxName(box)]);
      },
      send: async (box, points) => Boolean(await page.table.act("act/note", { box, points: Number(points) })),
    });
    diceKeys({ ready: () => page.state() !== null && !pad(), keep: toggle, throwDice, hint: askHint });
    $("throw").addEventListener("click", throwDice);
    $("hint-button").addEventListener("click", askHint);
    $("hint-apply").addEventListener("click", () => follow(advice(), claim));
  }

  return { update, draw, toggle, throwDice, follow, syncDisabled, announceThrow, renderReview, wire };
}

/** The dice games' keys, outside text fields and once `ready()`: 1–5 keep a die, G throws,
 * H asks for a hint (and any further letter in `more`, e.g. `{ r: roll }`). */
export function diceKeys({ ready, keep, throwDice, hint, more = {} }) {
  const actions = { g: throwDice, h: hint, ...more };
  document.addEventListener("keydown", (event) => {
    if (!ready() || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const key = event.key.toLowerCase();
    if (/^[1-5]$/.test(key)) {
      event.preventDefault();
      keep(Number(key) - 1);
    } else if (actions[key]) {
      event.preventDefault();
      actions[key]();
    }
  });
}
