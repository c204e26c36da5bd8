// A Kaartspel puzzle on screen: the board as the player saw it (kaartspel-board.js, the
// seats named "you" and by number, never by name), whose cards and totals, what the black
// dice are thrown for, the dice to keep, and the other choices: a card to take, taking
// nothing, and next to an own card throwing to raise, moving on or stopping.
import { el, t } from "./common.js";
import { aimLine, kaartBoard, takeLabel } from "./kaartspel-board.js";
import { pipDieButton } from "./pips.js";

const SVG = "http://www.w3.org/2000/svg";

/** A seat as the puzzle names it: "player n", and "player n (you)" for the seat to move
 * (a name in "Threes of {name}", never "Threes of You").
 * @param {KaartPosition} position
 * @param {number} seat */
function seatName(position, seat) {
  return seat === position.to_move ? t("puzzle.you", { n: seat + 1 }) : t("puzzle.seat", { n: seat + 1 });
}

/**
 * @typedef {{ to_move: number, dice?: number[] | null, spaces: import("./api.js").KaartspelSpace[],
 *   players: { seat: number, total: number, pawn: number }[], round: number, casino?: boolean,
 *   phase: string, [key: string]: any }} KaartPosition
 *   a Kaartspel puzzle's position (the board's state as the player saw it)
 * @typedef {{ kind: string, card?: string | null, how?: string, score?: number }} KaartChoice
 */

/** A Kaartspel choice in words: a take, taking nothing, throwing to raise, moving on, stopping.
 * @param {KaartChoice} option */
export function kaartChoiceText(option) {
  if (option.kind === "take") {
    return option.card ? takeLabel(option.card, { kind: option.how, score: option.score }) : t("kaart.take_none");
  }
  if (option.kind === "throw") return t("puzzle.kaart_raise");
  if (option.kind === "roll") return t("kaart.roll_on");
  return t("kaart.stop");
}

/**
 * Draw the Kaartspel `question` into `container`; `answer(choice)` gets the player's choice.
 * @param {HTMLElement} container
 * @param {{ position: KaartPosition, can_keep: boolean, throws: number, rating?: number,
 *   choices: KaartChoice[] }} question
 * @param {(choice: { kind: string, dice?: number[], card?: string | null }) => void} answer
 */
export function showKaartQuestion(container, question, answer) {
  const position = question.position;
  const board = document.createElementNS(SVG, "svg");
  for (const [name, value] of Object.entries({ id: "board", class: "board", viewBox: "0 0 500 500",
    role: "img", "aria-label": t("kaart.board") })) board.setAttribute(name, value);
  const list = el("ol", { id: "board-list", class: "sr-only", "aria-label": t("kaart.board") });
  /** @type {Set<number>} */
  const kept = new Set();
  const dice = el("div", { class: "pip-dice kaart-dice", role: "group", "aria-label": t("kaart.black") });
  const drawDice = () => {
    dice.replaceChildren(...(position.dice || []).map((pips, i) => pipDieButton({
      pips, index: i, kind: "black", kept: kept.has(i), label: t("kaart.die", { i: i + 1, pips }),
      onclick: question.can_keep ? () => { if (kept.has(i)) kept.delete(i); else kept.add(i); drawDice(); } : undefined,
    })));
  };
  drawDice();
  const totals = position.players.map((p) => `${seatName(position, p.seat)} ${p.total}`).join(" · ");
  const facts = [t("puzzle.kaart_turn", { round: position.round })];
  if (position.casino) facts.push(t("kaart.casino"));
  if (position.phase === "throw") facts.push(t("puzzle.after_throw", { throws: question.throws }));
  const keep = question.can_keep
    ? el("button", { type: "button", class: "primary", id: "keep-choice",
      onclick: () => answer({ kind: "keep", dice: [...kept].sort((a, b) => a - b) }) }, t("puzzle.keep_and_throw"))
    : null;
  const choices = el("div", { class: "puzzle-choices", id: "box-choices" }, question.choices.map((choice) =>
    el("button", { type: "button", class: "secondary small", "data-kind": choice.kind,
      "data-card": choice.card === undefined ? null : String(choice.card),
      onclick: () => answer(choice.kind === "take" ? { kind: "take", card: choice.card } : { kind: choice.kind }) },
    kaartChoiceText(choice))));
  container.replaceChildren(...[
    el("h2", { text: t("puzzle.question") }),
    el("p", { class: "hint", text: t("puzzle.kaart_judge") }),
    question.rating === undefined ? null : el("p", { class: "muted", text: t("puzzle.rating", { rating: question.rating }) }),
    el("p", { text: facts.join(" · ") }),
    board, list,
    el("p", { class: "sheet-line", text: `${t("kaart.total")}: ${totals}` }),
    el("p", { class: "phase-line", text: aimLine(position, position.to_move,
      question.choices.some((choice) => choice.kind === "throw"), (/** @type {number} */ seat) => seatName(position, seat)) }),
    position.dice ? dice : null,
    el("p", { class: "puzzle-choices" }, keep,
      question.can_keep ? el("span", { class: "muted", text: t("puzzle.or_take") }) : null),
    choices].filter((node) => node !== null));
  const players = position.players.map((p) => ({ ...p, name: seatName(position, p.seat) }));
  kaartBoard((/** @type {number} */ seat) => seatName(position, seat)).draw({ ...position, players, status: "playing" });
}
