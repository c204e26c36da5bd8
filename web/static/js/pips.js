// Pip dice, drawn the same way by every dice game that has them (classic Yahtzee's five,
// Kaartspel's five black dice and its red die, a score pad's pip keys).
import { el, t } from "./common.js";

/** Pips as a player reads them out: "3 3 5".
 * @param {(number | string)[]} faces */
export function diceText(faces) {
  return faces.join(" ");
}

/** Where the pips of each face sit in a 3 x 3 grid (cells 0-8, row by row).
 * @type {Record<number, number[]>} */
export const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

/**
 * The button of die `index` showing `pips` (null: not thrown yet), a toggle for keeping it.
 * `label` names the die for screen readers ("Dobbelsteen 2: 5"); `kept`, `suggested` (by the
 * hint) and `rolling` (drawn rolling) set its look; `kind` is an extra class ("black").
 * @param {{ pips: number | null, index: number, label: string, kept?: boolean, suggested?: boolean,
 *   rolling?: boolean, kind?: string, onclick?: ((event: MouseEvent) => void) }} die
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
