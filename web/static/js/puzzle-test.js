// The proficiency test: every position of the mode's fixed test in turn, then the score
// (0 for answers drawn at random, 100 for the best every time) beside the computer
// levels', with each position's grade.
import { $, api, el, errorText, number, t, thrown } from "./common.js";
import { choiceText, showQuestion } from "./puzzle-view.js";

const container = $("puzzle");
const progress = $("progress");
const result = $("result");
const mode = container.dataset.mode || "";
/** @type {Array<{ kind: string, dice?: number[], box?: string }>} */
const answers = [];

/** The computer levels' scores (and random answers'), weakest first: "willekeurig 0 ·
 * beginner 52 · gevorderd 90 · optimaal 100".
 * @param {Record<string, number> | null | undefined} levels */
function ladder(levels) {
  return Object.entries(levels || {})
    .sort(([, a], [, b]) => a - b)
    .map(([level, value]) => `${level === "random" ? t("review.skill_random") : t(`level.short.${level}`)} ${number(Math.round(value))}`)
    .join(" · ");
}

/** The score, with each answer against the best.
 * @param {import("./api.js").TestScore} score */
function showScore(score) {
  container.hidden = true;
  progress.textContent = "";
  result.hidden = false;
  const levels = ladder(score.levels);
  result.replaceChildren(
    el("h2", { id: "test-score", text: t("puzzle.test_score", { score: number(Math.round(score.score)) }) }),
    el("p", { class: "hint", text: t(`puzzle.test_scale.${mode}`) }),
    ...(levels ? [el("p", { id: "test-levels", class: "hint", text: t("puzzle.test_levels", { levels }) })] : []),
    el("p", { text: t("puzzle.test_detail", { best: score.best_answers, positions: score.positions,
      points: number(score.regret, 2) }) }),
    el("ol", {}, score.graded.map((/** @type {any} */ g) => el("li", {
      class: g.solved ? "good" : "",
      text: `${choiceText(g.chosen)}${g.solved ? "" : ` → ${choiceText(g.best)} (−${number(g.regret, 2)})`}`,
    }))));
  result.querySelector("h2")?.focus();
}

async function start() {
  const test = await api("GET", `/api/puzzles/test/${mode}`);
  /** @param {number} n */
  const ask = (n) => {
    progress.textContent = t("puzzle.test_progress", { n: n + 1, of: test.positions.length });
    showQuestion(container, test.positions[n], async (choice) => {
      answers.push(choice);
      if (answers.length < test.positions.length) {
        ask(n + 1);
        return;
      }
      try {
        showScore(await api("POST", `/api/puzzles/test/${mode}`, { answers }));
      } catch (err) {
        container.append(el("p", { class: "bad", text: errorText(thrown(err)) }));
      }
    });
  };
  ask(0);
}

start().catch((err) => container.replaceChildren(el("p", { class: "bad", text: errorText(thrown(err)) })));
