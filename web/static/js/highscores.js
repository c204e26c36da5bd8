// The high-score lists, per dictionary and rules set.
import { api, el, errorText, rulesText, t } from "./common.js";

const container = document.getElementById("lists");
const buttons = [...document.querySelectorAll("[data-kind]")];

async function show(kind) {
  buttons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.kind === kind)));
  try {
    const answer = await api("GET", `/api/highscores?kind=${kind}`);
    const lists = answer.lists.filter((l) => l.entries.length);
    if (!lists.length) { container.replaceChildren(el("p", { text: t("scores.none") })); return; }
    const lang = document.body.dataset.lang === "en" ? "en-GB" : "nl-NL";
    container.replaceChildren(...lists.map((list) => el("section", { class: "card" },
      el("h2", { text: rulesText(list.rules, list.mode) }),
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
