// A puzzle on screen: the position as the player saw it (dice or letters, the sheet, the
// throws and the hourglass), the choice (dice to keep, or a box), and the grade.
import { BLANK, boxName, el, facesText, number, t } from "./common.js";
import { kaartChoiceText, showKaartQuestion } from "./puzzle-kaart.js";
import { pipDieButton } from "./pips.js";

/**
 * @typedef {{ id: string, mode: string, shown: string, throws: number, themes: string[],
 *   position: Record<string, any>, boxes: string[], can_keep: boolean, rating?: number }} Question
 * @typedef {{ kind: string, dice?: number[], box?: string }} Choice
 */

/** The sheet as the player saw it: the filled boxes with their points. */
function sheetLine(question) {
  const pos = question.position;
  const filled = question.mode === "classic"
    ? Object.entries(pos.scores)
    : Object.entries(pos.boxes).filter(([, points]) => points !== null);
  const items = filled.map(([box, points]) => `${boxName(box)} ${points}`);
  return items.length ? items.join(" · ") : t("puzzle.sheet_empty");
}

/** The facts above the dice: round, throw, upper total, the hourglass. */
function factsLine(question) {
  const pos = question.position;
  const parts = [t("puzzle.round", { round: pos.round, rounds: pos.rounds }),
    t("puzzle.after_throw", { throws: question.throws })];
  if (question.mode === "classic") {
    parts.push(t("puzzle.upper", { total: pos.upper_total, at: pos.upper_bonus_at }));
  } else {
    parts.push(t("puzzle.upper", { total: pos.upper_total, at: pos.upper_bonus_threshold }));
    if (pos.seconds_left !== null && pos.seconds_left !== undefined) {
      parts.push(t("puzzle.seconds_left", { seconds: number(pos.seconds_left) }));
    }
  }
  return parts.join(" · ");
}

/** One die or letter tile, a toggle for keeping it. */
function dieButton(question, index, kept, onclick) {
  const face = question.shown[index];
  if (question.mode === "classic") {
    return pipDieButton({ pips: Number(face), index, kept, onclick,
      label: t("puzzle.die", { n: index + 1, face }) });
  }
  const blank = face === "?";
  return el("button", { type: "button", class: `tile${kept ? " kept" : ""}`,
    "aria-pressed": String(kept), "aria-label": t("puzzle.die", { n: index + 1, face: blank ? t("game.blank") : face.toUpperCase() }),
    onclick }, el("span", { class: "letter", text: blank ? BLANK : face.toUpperCase() }));
}

/**
 * Draw `question` into `container`; `answer(choice)` is called with the player's choice.
 * @param {HTMLElement} container
 * @param {Question} question
 * @param {(choice: Choice) => void} answer
 */
export function showQuestion(container, question, answer) {
  container.dataset.id = question.id;
  if (question.mode === "kaartspel") {
    showKaartQuestion(container, question, answer);
    return;
  }
  const kept = new Set();
  const dice = el("div", { class: question.mode === "classic" ? "pip-dice" : "dice", role: "group",
    "aria-label": t("puzzle.dice") });
  const drawDice = () => {
    dice.replaceChildren(...[...question.shown].map((_, i) => dieButton(question, i, kept.has(i),
      question.can_keep ? () => { if (kept.has(i)) kept.delete(i); else kept.add(i); drawDice(); } : undefined)));
  };
  drawDice();
  const keep = question.can_keep
    ? el("button", { type: "button", class: "primary", id: "keep-choice",
      onclick: () => answer({ kind: "keep", dice: [...kept].sort((a, b) => a - b) }) }, t("puzzle.keep_and_throw"))
    : null;
  const kind = question.mode === "classic" ? "box" : "claim";
  const boxes = el("div", { class: "puzzle-choices", id: "box-choices" }, question.boxes.map((box) =>
    el("button", { type: "button", class: "secondary small", "data-box": box,
      onclick: () => answer({ kind, box }) }, boxName(box))));
  container.replaceChildren(...[
    el("h2", { text: t("puzzle.question") }),
    question.rating === undefined ? null : el("p", { class: "muted", text: t("puzzle.rating", { rating: question.rating }) }),
    el("p", { text: factsLine(question) }),
    el("p", { class: "sheet-line", text: `${t("puzzle.sheet")}: ${sheetLine(question)}` }),
    dice,
    el("p", { class: "puzzle-choices" }, keep,
      question.can_keep ? el("span", { class: "muted", text: t("puzzle.or_box") }) : null),
    boxes].filter((node) => node !== null));
}

/** A choice in words: "keep 3 3 3", "sixes", "one_word (trace) for 11", a Kaartspel take. */
export function choiceText(option) {
  if (["take", "throw", "roll", "stop"].includes(option.kind)) return kaartChoiceText(option);
  if (option.kind === "keep") {
    const kept = option.letters !== undefined ? facesText(option.letters) : (option.keep || []).join(" ");
    return kept ? t("puzzle.keep", { dice: kept }) : t("puzzle.keep_none");
  }
  const words = option.words && option.words.length ? ` (${option.words.join(", ")})` : "";
  return `${boxName(option.box)}${words}${option.points === undefined ? "" : ` · ${option.points}`}`;
}

/**
 * The grade of an answer below the position: the regret, the best choice, the top choices
 * with their expected points, the best words (Woord Yahtzee) and the rating change.
 * @param {HTMLElement} container
 * @param {Record<string, any>} graded
 * @param {string[]} [themes] the puzzle's themes, shown once it is answered
 */
export function showGrade(container, graded, themes = []) {
  const verdict = graded.solved
    ? el("p", { class: "good", id: "puzzle-verdict", text: t("puzzle.solved") })
    : el("p", { class: "bad", id: "puzzle-verdict", text: t("puzzle.regret", { points: number(graded.regret, 2) }) });
  const rows = graded.top.map((/** @type {any} */ option) => el("tr", {},
    el("td", { text: choiceText(option) }),
    el("td", { class: "num", text: number(option.value, 2) }),
    el("td", { class: "num", text: number(graded.best.value - option.value, 2) })));
  const words = graded.best_words
    ? el("p", { text: t("puzzle.best_words", { box: boxName(graded.best_words.box),
      words: graded.best_words.words.join(", ") || "–", points: graded.best_words.points }) })
    : null;
  const rating = graded.rated
    ? el("p", { class: "muted", text: t("puzzle.rating_change", { before: graded.rating.before, after: graded.rating.after }) })
    : null;
  container.querySelectorAll("button").forEach((button) => { button.disabled = true; });
  container.append(el("div", { id: "puzzle-grade" }, verdict,
    el("p", { text: `${t("puzzle.your_choice")}: ${choiceText(graded.chosen)} · ${t("puzzle.best_choice")}: ${choiceText(graded.best)}` }),
    el("div", { class: "table-wrap" }, el("table", { class: "plain-table" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("puzzle.choice") }),
        el("th", { scope: "col", class: "num", text: t("puzzle.expected") }),
        el("th", { scope: "col", class: "num", text: t("puzzle.lost") }))),
      el("tbody", {}, rows))),
    words,
    el("p", { class: "muted", text: t("puzzle.played", { choice: choiceText(graded.played) }) }),
    themes.length ? el("p", { class: "muted", text: `${t("puzzle.theme")}: ${themes.map((theme) => t(`theme.${theme}`)).join(", ")}` }) : null,
    rating));
}
