// The puzzle trainer: the next puzzle of a mode and theme near the profile's puzzle rating,
// or the puzzle of the day; the answer graded against perfect play.
import { $, $$, api, el, errorText, t, thrown } from "./common.js";
import { showGrade, showQuestion } from "./puzzle-view.js";

const container = $("puzzle");
const next = $("next");
const theme = /** @type {HTMLSelectElement} */ ($("theme"));
let mode = container.dataset.mode || "";
/** @type {string[]} */
const seen = [];

async function loadThemes() {
  const answer = await api("GET", `/api/puzzles/themes?mode=${mode}`);
  theme.replaceChildren(el("option", { value: "", text: t("puzzle.any_theme") }),
    ...Object.entries(answer.themes).map(([name, count]) =>
      el("option", { value: name, text: `${t(`theme.${name}`)} (${count})` })));
}

/** Show a puzzle (from `path`) and grade the answer.
 * @param {string} path */
async function show(path) {
  next.hidden = true;
  let question;
  try {
    question = await api("GET", path);
  } catch (err) {
    container.replaceChildren(el("p", { class: "muted", id: "no-puzzle", text: errorText(thrown(err)) }));
    return;
  }
  seen.push(question.id);
  showQuestion(container, question, async (choice) => {
    try {
      showGrade(container, await api("POST", `/api/puzzles/${question.id}/answer`, { choice }), question.themes);
      next.hidden = false;
      next.focus();
    } catch (err) {
      container.append(el("p", { class: "bad", text: errorText(thrown(err)) }));
    }
  });
}

function showNext() {
  const query = new URLSearchParams({ mode });
  if (theme.value) query.set("theme", theme.value);
  if (seen.length) query.set("skip", seen.slice(-20).join(","));
  show(`/api/puzzles/next?${query}`);
}

$$("button[data-mode]").forEach((button) => button.addEventListener("click", () => {
  mode = button.dataset.mode || "";
  $$("button[data-mode]").forEach((b) => b.setAttribute("aria-pressed", String(b === button)));
  $("test-link").setAttribute("href", `/puzzles/test/${mode}`);
  loadThemes().then(showNext);
}));
theme.addEventListener("change", showNext);
next.addEventListener("click", showNext);
$("daily").addEventListener("click", () => show(`/api/puzzles/daily/${mode}`));
const opening = container.dataset.puzzle
  ? `/api/puzzles/${encodeURIComponent(container.dataset.puzzle)}`
  : container.dataset.daily ? `/api/puzzles/daily/${mode}` : null;
loadThemes().then(() => (opening ? show(opening) : showNext()));
