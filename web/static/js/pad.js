// The score pad (a table of kind "pad"): the players throw real dice and enter what they
// show, faster than writing it down. Pips are tapped on six keys (or typed 1–6); Woord
// Yahtzee's letters on a keyboard of the dice set's faces (or typed), where a letter no free
// die can show is greyed out. The entry is sent as a throw's `faces`; the server checks it.
import { $, announce, el, facesText, t, tn } from "./common.js";
import { pipDieButton } from "./pips.js";

/**
 * The pip keys of a score pad: `count` dice of 1–6 entered by tapping six keys, typing 1–6,
 * Backspace and Enter. `active()` says whether the pad may take an entry now, `changed(pips)`
 * redraws the dice entered so far and `record(pips)` sends a complete entry. Returns
 * `{ entered(), reset() }`.
 * @param {{ count?: number, active: () => boolean, changed: (pips: number[]) => void,
 *   record: (pips: number[]) => Promise<boolean> }} hooks
 */
export function pipEntry({ count = 5, active, changed, record }) {
  /** @type {number[]} */
  let pips = [];
  const keys = $("pad-keys");
  const recordButton = $("pad-record");

  function sync() {
    recordButton.disabled = pips.length !== count || !active();
    keys.querySelectorAll("button").forEach((/** @type {HTMLButtonElement} */ b) => { b.disabled = pips.length >= count || !active(); });
    $("pad-back").disabled = pips.length === 0;
    changed(pips);
  }
  /** @param {number} p */
  function add(p) {
    if (!active() || pips.length >= count) return;
    pips.push(p);
    announce(String(p));
    sync();
  }
  function back() {
    pips.pop();
    sync();
  }
  async function send() {
    if (pips.length !== count || !active()) return;
    const entry = pips;
    if (await record(entry)) pips = [];
    sync();
  }
  keys.replaceChildren(...[1, 2, 3, 4, 5, 6].map((p) => {
    const key = pipDieButton({ pips: p, index: p - 1, label: String(p), onclick: () => add(p) });
    key.classList.add("pad-key");
    key.removeAttribute("aria-pressed");
    key.setAttribute("aria-label", tn("pad.add_pips", p, { p }));
    return key;
  }));
  $("pad-back").addEventListener("click", back);
  recordButton.addEventListener("click", send);
  document.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (!active() || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (/^[1-6]$/.test(event.key)) {
      event.preventDefault();
      add(Number(event.key));
    } else if (event.key === "Backspace") {
      event.preventDefault();
      back();
    } else if (event.key === "Enter" && pips.length === count) {
      event.preventDefault();
      send();
    }
  });
  return {
    entered: () => pips,
    reset: () => { pips = []; sync(); },
    sync,
  };
}

/**
 * Match `letters` to distinct dice that can show them (`faces[d]`: die d's letters, "?" the
 * blank): the die of each letter, or null when the dice cannot show them all at once.
 * @param {string[]} letters
 * @param {string[][]} faces
 * @returns {number[] | null}
 */
function assignLetters(letters, faces) {
  /** @type {number[]} */
  const owner = new Array(faces.length).fill(-1);
  /**
   * @param {number} i
   * @param {boolean[]} seen
   * @returns {boolean}
   */
  function place(i, seen) {
    for (let d = 0; d < faces.length; d += 1) {
      if (seen[d] || !faces[d].includes(letters[i])) continue;
      seen[d] = true;
      if (owner[d] < 0 || place(owner[d], seen)) {
        owner[d] = i;
        return true;
      }
    }
    return false;
  }
  for (let i = 0; i < letters.length; i += 1) {
    if (!place(i, new Array(faces.length).fill(false))) return null;
  }
  /** @type {number[]} */
  const dieOf = new Array(letters.length);
  owner.forEach((i, d) => { if (i >= 0) dieOf[i] = d; });
  return dieOf;
}

/**
 * Why the dice cannot show `letters` all at once: a letter asked for more often than dice
 * can show it ("only 1 die shows a W"), else that they do not fit together.
 * @param {string[]} letters
 * @param {string[][]} faces
 */
function impossible(letters, faces) {
  for (const letter of new Set(letters)) {
    const asked = letters.filter((l) => l === letter).length;
    const dice = faces.filter((f) => f.includes(letter)).length;
    if (asked > dice) {
      const shown = letter === "?" ? t("game.blank") : letter.toUpperCase();
      return dice === 0 ? t("pad.no_die_shows", { letter: shown })
        : tn("pad.only_dice_show", dice, { n: dice, letter: shown });
    }
  }
  return t("pad.letters_clash");
}

/**
 * The letter keys of a Woord Yahtzee score pad: a key per letter on the dice (`faces`, one
 * list per die), greyed when no free die can show it; `field` takes typed letters too.
 * `changed(letters, dieOf)` redraws, `record(letters)` sends seven letters.
 * @param {{ faces: string[][], field: HTMLInputElement, active: () => boolean,
 *   changed: (letters: string[], dieOf: number[] | null) => void,
 *   record: (letters: string) => Promise<boolean> }} hooks
 */
export function letterEntry({ faces, field, active, changed, record }) {
  const keys = $("pad-keys");
  const recordButton = $("pad-record");
  const alphabet = [...new Set(faces.flat())].sort((a, b) => Number(a === "?") - Number(b === "?") || a.localeCompare(b));
  const letters = () => [...field.value.toLowerCase().replace(/[^a-z?]/g, "")];

  function sync() {
    const now = letters();
    const dieOf = assignLetters(now, faces);
    const full = now.length >= faces.length;
    keys.querySelectorAll("button").forEach((/** @type {HTMLButtonElement} */ b) => {
      b.disabled = !active() || full || !dieOf || !assignLetters([...now, /** @type {string} */ (b.dataset.letter)], faces);
    });
    recordButton.disabled = !active() || now.length !== faces.length || !dieOf;
    $("pad-back").disabled = now.length === 0;
    field.setAttribute("aria-invalid", String(!dieOf));
    const why = $("pad-why");
    why.textContent = dieOf ? "" : impossible(now, faces);
    why.hidden = Boolean(dieOf);
    changed(now, dieOf);
  }
  keys.replaceChildren(...alphabet.map((letter) => el("button", {
    type: "button", class: "pad-key letter-key", "data-letter": letter,
    "aria-label": letter === "?" ? t("game.blank") : letter.toUpperCase(),
    text: facesText(letter),
    onclick: () => {
      if (!active()) return;
      field.value = letters().join("") + letter;
      sync();
    },
  })));
  $("pad-back").addEventListener("click", () => {
    field.value = letters().slice(0, -1).join("");
    sync();
  });
  field.addEventListener("input", sync);
  async function send() {
    const now = letters();
    if (!active() || now.length !== faces.length || !assignLetters(now, faces)) return;
    if (await record(now.join(""))) field.value = "";
    sync();
  }
  recordButton.addEventListener("click", send);
  field.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      send();
    }
  });
  return { sync, reset: () => { field.value = ""; sync(); } };
}

/** Keep the screen awake while `on` (the hourglass runs); a no-op where the browser cannot. */
/** @type {WakeLockSentinel | null} */
let wakeLock = null;
/** @param {boolean} on */
export async function stayAwake(on) {
  try {
    if (on && !wakeLock && navigator.wakeLock) {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    } else if (!on && wakeLock) {
      await wakeLock.release();
      wakeLock = null;
    }
  } catch {
    wakeLock = null;  // a hidden page or a refusal: the hourglass still runs
  }
}

/** Draw the dice a score pad's entry has so far (`pips`, the rest empty), in `box`.
 * @param {HTMLElement} box
 * @param {number[]} pips
 * @param {number} count
 * @param {(index: number, pips: number | undefined) => string} label */
export function drawEntered(box, pips, count, label) {
  box.replaceChildren(...Array.from({ length: count }, (_, i) => pipDieButton({
    pips: i < pips.length ? pips[i] : null, index: i, label: label(i, pips[i]), onclick: () => {},
  })));
}

/**
 * A score pad's note: the box and its words or points without the throw (`#pad-note`).
 * `boxes()` lists the open boxes as [id, name]; `send(box, value)` posts the note and says
 * whether it was taken. Shown only while `active()` (the turn's first throw not entered).
 * @param {{ boxes: () => string[][], active: () => boolean,
 *   send: (box: string, value: string) => Promise<boolean> }} hooks
 */
export function noteForm({ boxes, active, send }) {
  const details = $("pad-note");
  if (!details) return { sync: () => {} };
  const select = $("note-box");
  const value = $("note-value");
  function sync() {
    details.hidden = !active();
    if (details.hidden) return;
    const chosen = select.value;
    select.replaceChildren(...boxes().map(([id, name]) => el("option", { value: id, text: name })));
    if ([...select.options].some((o) => o.value === chosen)) select.value = chosen;
  }
  $("note-save").addEventListener("click", async () => {
    if (!active() || !select.value) return;
    if (await send(select.value, value.value)) {
      value.value = "";
      details.open = false;
    }
  });
  return { sync };
}
