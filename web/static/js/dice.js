// The turn of five pip dice that classic and Triple Yahtzee share: their page's link to the
// table and its drawing order, keeping dice, the throw, the dice drawn rolling, the hint
// followed whole, the review of finished turns, and the dice games' shortcut keys
// (Kaartspel's too).
import { $, $$, announce, boxName, el, showMessage, t } from "./common.js";
import { hintAsker, unaided } from "./hints.js";
import { noteForm, pipEntry } from "./pad.js";
import { diceText, pipDieButton } from "./pips.js";
import { turnMemory } from "./seat-store.js";
import { connectTable } from "./table.js";

/** @typedef {import("./api.js").ClassicState | import("./api.js").TripleState} FiveDiceState */

/**
 * The page of a five-dice game (classic, Triple Yahtzee) joined to table `gameId`. With
 * every state it says aloud what changed (`page.announce(previous, state)` first, if the
 * mode has more to say; else the turn that ended, `page.describe(turn)`, or the throw),
 * draws the dice, then the page's own parts (`page.draw(state)`: status, hint, sheet,
 * review, end), and enables what may be used now. `page.key(state)` names the game and
 * turn, `page.hintShown()` redraws the parts that show the hint. Returns `{ table, dice }`.
 * @template {FiveDiceState} S the states of the page's mode
 * @param {string} gameId
 * @param {{ key: (state: import("./types.js").Shown<S>) => string, announce?: (previous: import("./types.js").Shown<S>, state: import("./types.js").Shown<S>) => boolean,
 *   describe: (turn: import("./types.js").Shown<S>["history"][number]) => string, draw: (state: import("./types.js").Shown<S>) => void,
 *   hintShown: () => void }} page
 */
export function fiveDicePage(gameId, page) {
  const table = connectTable(gameId, { render, message: showMessage, busy: sync });
  const dice = fiveDice({ table, gameId, state: () => table.state, key: page.key, changed: sync,
    hintShown: () => {
      page.hintShown();
      sync();
    } });

  /**
   * @param {import("./types.js").Shown<S>} state
   * @param {import("./types.js").Shown<S> | null} previous
   */
  function render(state, previous) {
    dice.update(previous, state);
    if (previous && !page.announce?.(previous, state) && !table.announceTurn(previous, state, page.describe)) {
      dice.announceThrow(previous, state, table.playerName);
    }
    dice.draw();
    page.draw(state);
    sync();
  }

  function sync() {
    dice.syncDisabled();
    // the coach advises people; while a computer plays the server answers 422 anyway
    $("hint-button").disabled = !table.state?.turn || table.computerToMove();
    $$("#sheet button.option").forEach((b) => { b.disabled = table.busy || !table.myTurn(); });
  }

  return { table, dice };
}

/**
 * The five pip dice of a turn in classic and Triple Yahtzee: which dice the player keeps
 * (remembered across a reload mid-turn), the throw, the dice drawn rolling after it, and
 * the hint (hints.js) with the dice it keeps outlined. `page` gives `table` and `gameId`,
 * `state()` (the state shown), `key(state)` (names the game and turn; a new one starts
 * with no dice kept), `changed()` (redraw what depends on the kept dice) and `hintShown()`
 * (redraw what shows the hint, `hint()`). Call `update(previous, state)` with every new
 * state, then `draw()`.
 * @template {FiveDiceState} S
 * @param {{ table: import("./types.js").PageTable<S>, gameId: string,
 *   state: () => import("./types.js").Shown<S> | null, key: (state: import("./types.js").Shown<S>) => string, changed: () => void,
 *   hintShown: () => void }} page
 */
function fiveDice(page) {
  /** @type {Set<number>} */
  let kept = new Set();
  let keptFor = "";
  /** @type {{ until: number, dice: Set<number> } | null} */
  let roll = null;  // the dice a throw just rolled, drawn rolling until roll.until
  /** @type {ReturnType<typeof pipEntry> | null} */
  let entry = null; // a score pad's pip keys (pad.js), once wired
  /** @type {ReturnType<typeof noteForm> | null} */
  let note = null;  // a score pad's box without its throw (pad.js), once wired
  // (the state is there from the first render on, before any of these runs)
  const showing = () => /** @type {import("./types.js").Shown<S>} */ (page.state());
  const mine = () => page.table.myTurn(/** @type {import("./types.js").Shown | null} */ (page.state()));
  const pad = () => page.state()?.kind === "pad";
  /** @param {import("./types.js").Shown<S> | null} state */
  const memoryKey = (state) => (state?.turn ? `${page.key(state)}:${state.turn.throws}` : "");
  const hints = hintAsker(page.gameId, page.table, {
    canAsk: () => Boolean(showing().turn) && showing().status !== "finished" && !page.table.computerToMove(),
    busyText: t("classic.hint_busy"),
    failedText: (why) => t("classic.hint_failed", { why }),
    show: () => {
      draw();
      page.hintShown();
    },
  });
  const advice = () => hints.current()?.answer.best ?? null;  // the hint's best option
  /** @param {number} i */
  const suggested = (i) => advice()?.kind === "keep" && hints.current()?.answer.throws > 0
    && advice().keep_indices.includes(i);

  function remember() {
    const state = page.state();
    if (state?.turn && mine()) turnMemory.save(page.gameId, memoryKey(state), { kept: [...kept] });
  }

  /**
   * @param {import("./types.js").Shown<S> | null} previous
   * @param {import("./types.js").Shown<S>} state
   */
  function update(previous, state) {
    hints.follow(previous, state);
    const turnKey = state.turn ? memoryKey(state) : "end";
    if (turnKey === keptFor) return;
    const now = state.turn;
    const before = previous?.turn;
    const sameTurn = previous && before && now && page.key(previous) === page.key(state);
    kept = sameTurn ? new Set(now.kept) : new Set();
    keptFor = turnKey;
    if (entry && entry.entered().length) entry.reset();  // the pad's entry was recorded
    const stored = !previous && state.turn ? turnMemory.load(page.gameId, memoryKey(state)) : null;
    if (stored) kept = new Set(stored.kept || []);
    if (sameTurn && now.throws > before.throws && now.dice) {
      roll = { until: performance.now() + 450, dice: new Set(now.dice.map((_, i) => i)
        .filter((i) => before.throws === 0 || !now.kept.includes(i))) };
    }
  }

  function draw() {
    const state = showing();
    const box = $("dice");
    $("play").hidden = !state.turn;
    if (!state.turn) { box.replaceChildren(); return; }
    const turn = state.turn;
    const rolled = roll && performance.now() < roll.until ? roll.dice : null;
    const entered = pad() && entry ? entry.entered() : [];
    if (pad()) /** @type {HTMLElement} */ (document.querySelector("p.keys")).textContent = t("pad.keys_pips");
    const shown = entered.length || (pad() && !turn.dice)
      ? [0, 1, 2, 3, 4].map((i) => entered[i] ?? null) : turn.dice || [null, null, null, null, null];
    $("throw").hidden = pad() || page.table.watching();
    $("pad-entry").hidden = !(pad() && mine() && turn.throws_left > 0);
    box.replaceChildren(...shown.map((pips, i) => pipDieButton({
      pips, index: i, label: t("classic.die", { i: i + 1, pips }), kept: kept.has(i), suggested: suggested(i),
      rolling: Boolean(rolled?.has(i)), onclick: () => toggle(i),
    })));
    $("throw").textContent = turn.throws === 0 ? t("game.throw_first") : t("game.throw_again");
    $("throw-count").textContent = turn.throws_left > 0
      ? t("game.throw_count", { t: Math.min(turn.throws + 1, state.max_throws), n: state.max_throws })
      : t("game.no_throws_left");
    $("keep-hint").hidden = pad() || !(mine() && turn.throws > 0 && turn.throws_left > 0);
    $("claim-help").hidden = !(mine() && turn.throws > 0);
  }

  /** @param {number} i */
  function toggle(i) {
    const state = showing();
    if (pad() || !mine() || !state.turn?.dice || state.turn.throws_left <= 0) return;
    if (kept.has(i)) kept.delete(i); else kept.add(i);
    remember();
    draw();
    page.changed();
    announce(`${state.turn.dice[i]}: ${kept.has(i) ? t("game.kept") : t("game.not_kept")}`);
    $$(`#dice [data-die="${i}"]`)[0]?.focus();
  }

  async function throwDice() {
    const state = showing();
    if (!mine() || !state.turn || state.turn.throws_left <= 0 || page.table.busy) return;
    await page.table.act("throw", { keep: state.turn.throws === 0 ? [] : [...kept].sort() });
  }

  /** @param {number[]} indices */
  function keep(indices) {
    kept = new Set(indices);
    remember();
    draw();
    page.changed();
  }

  /** Follow a hint (`advice`: its best option) whole, as in every mode: keep the dice it
   * advises and throw, throw all before the first throw, or write the box it advises
   * (`claim(advice)`).
   * @param {any} advice the hint's best option (its mode's shape)
   * @param {(option: any) => void} claim */
  function follow(advice, claim) {
    const state = showing();
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
    // a rated game and the daily game are played unaided
    $("hint-button").hidden = page.table.watching() || unaided(state);
    if (pad()) {
      entry?.sync();
      note?.sync();
    }
    $$("#dice .die").forEach((die) => {
      die.disabled = !idle || !turn?.dice || turn.throws_left <= 0;
    });
  }

  /** Say a throw aloud once it has landed: the player's own, or who else threw what
   * (`name(seat)`).
   * @param {import("./types.js").Shown<S> | null} previous
   * @param {import("./types.js").Shown<S>} current
   * @param {(seat: number) => string} name */
  function announceThrow(previous, current, name) {
    if (!(current.turn && previous?.turn && current.turn.throws > previous.turn.throws && current.turn.dice)) return;
    const shown = diceText(current.turn.dice);
    announce(mine() ? t("classic.threw", { t: current.turn.throws, dice: shown })
      : t("classic.computer_threw", { name: name(/** @type {number} */ (current.to_move)), dice: shown }));
  }

  /** The finished turns, newest first: whose (`name(seat)`), the throws, and what was
   * played (`played(turn)`).
   * @param {(seat: number) => string} name
   * @param {(turn: any) => string} played a finished turn in words (its mode's shape) */
  function renderReview(name, played) {
    const items = [...showing().history].reverse().map((turn) => el("li", {},
      el("p", { class: "review-head" }, el("strong", { text: t("classic.review_turn", { r: turn.round, name: name(turn.player) }) })),
      el("p", {}, `${t("game.throws")}: `, el("code", { text: turn.throws.map((d) => d.split("").join(" ")).join(" → ") || "—" })),
      el("p", {}, `${t("game.you_played")}: ${played(turn)}`)));
    $("review-list").replaceChildren(...items);
  }

  /** The turn's keys (1–5, G, H) and buttons (throw, hint, follow the hint);
   * `claim(option)` writes a box option.
   * @param {(option: any) => void} claim */
  function wire(claim) {
    entry = pipEntry({
      active: () => pad() && mine() && !page.table.busy && (showing().turn?.throws_left ?? 0) > 0,
      changed: () => { if (page.state()?.turn) draw(); },
      record: async (pips) => Boolean(await page.table.act("throw", { faces: pips })),
    });
    note = noteForm({
      active: () => pad() && mine() && showing().turn?.throws === 0,
      boxes: () => {
        const state = showing();
        // (a Triple Yahtzee card has columns: no box of its own to note)
        const player = /** @type {{ boxes?: Record<string, number | null> } | undefined} */ (
          state.players[/** @type {number} */ (state.to_move)]);
        return Object.entries(player?.boxes || {}).filter(([, v]) => v === null)
          .map(([box]) => [box, boxName(box)]);
      },
      send: async (box, points) => Boolean(await page.table.act("note", { box, points: Number(points) })),
    });
    diceKeys({ ready: () => page.state() !== null && !pad(), keep: toggle, throwDice, hint: hints.ask });
    $("throw").addEventListener("click", throwDice);
    $("hint-button").addEventListener("click", hints.ask);
    $("hint-apply").addEventListener("click", () => follow(advice(), claim));
  }

  return {
    update, draw, toggle, throwDice, follow, syncDisabled, announceThrow, renderReview, wire,
    hint: hints.current, hintPending: hints.pending,
  };
}

/** The dice games' keys, outside text fields and once `ready()`: 1–5 keep a die, G throws,
 * H asks for a hint (and any further letter in `more`, e.g. `{ r: roll }`).
 * @param {{ ready: () => boolean, keep: (index: number) => void, throwDice: () => void,
 *   hint: () => void, more?: Record<string, () => void> }} keys */
export function diceKeys({ ready, keep, throwDice, hint, more = {} }) {
  /** @type {Record<string, () => void>} */
  const actions = { g: throwDice, h: hint, ...more };
  document.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
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
