// The high-score lists, per dictionary and rules set.
import { api, el, errorText, rulesText, t } from "./common.js";

const container = document.getElementById("lists");
const buttons = [...document.querySelectorAll("[data-kind]")];

let titles = null;  // dictionary name -> its title, for the headings

/** A list's heading in words: the game, the dictionary's title and the rules. */
function heading(list) {
  const key = `mode.${list.mode}_short`;
  const mode = t(key) === key ? list.mode : t(key);
  return t("scores.list_title", { mode, rules: rulesText(list.rules, list.mode, titles) });
}

async function show(kind) {
  buttons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.kind === kind)));
  try {
    if (titles === null) {
      const known = await api("GET", "/api/dictionaries");
      titles = Object.fromEntries(known.dictionaries.map((d) => [d.name, d.title]));
    }
    const answer = await api("GET", `/api/highscores?kind=${kind}`);
    const lists = answer.lists.filter((l) => l.entries.length);
    if (!lists.length) { container.replaceChildren(el("p", { text: t("scores.none") })); return; }
    const lang = document.body.dataset.lang === "en" ? "en-GB" : "nl-NL";
    container.replaceChildren(...lists.map((list) => el("section", { class: "card" },
      el("h2", { text: heading(list) }),
      el("table", { class: "plain-table" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "#" }),
          el("th", { scope: "col", text: t("scores.player") }),
          el("th", { scope: "col", text: t("scores.score") }),
          el("th", { scope: "col", text: t("scores.when") }))),
        el("tbody", {}, list.entries.map((e, i) => el("tr", {},
          el("td", { text: String(i + 1) }),
          el("td", {}, el("a", { href: `/games/${e.game_id}`, text: e.player })),
          el("td", { class: "num", text: String(e.score) }),
          el("td", { text: new Date(e.at * 1000).toLocaleDateString(lang) }))))))));
  } catch (err) {
    container.replaceChildren(el("p", { class: "error", text: errorText(err.error) }));
  }
}

buttons.forEach((b) => b.addEventListener("click", () => show(b.dataset.kind)));
show("solo");
