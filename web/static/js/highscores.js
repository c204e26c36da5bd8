// The high-score lists, per dictionary and rules set.
import { $, $$, api, day, el, errorText, hasText, rulesText, t } from "./common.js";

const container = $("lists");
const buttons = $$("[data-kind]");

/** A list ranked by wins before points: players by wins, then the best winning totals. */
function winsList(list) {
  const head = (...names) => el("thead", {}, el("tr", {}, names.map(([text, cls]) => el("th", { scope: "col", class: cls, text }))));
  return el("section", { class: "card wins-list" },
    el("h2", { text: `${t(`mode.${list.mode}_short`)} (${t("scores.by_wins")})` }),
    el("table", { class: "plain-table" },
      head(["#"], [t("scores.player")], [t("scores.wins"), "num"], [t("scores.games"), "num"], [t("scores.best_win"), "num"]),
      el("tbody", {}, list.players.map((p, i) => el("tr", {},
        el("td", { text: String(i + 1) }), el("td", { text: p.player }),
        el("td", { class: "num", text: String(p.wins) }), el("td", { class: "num", text: String(p.games) }),
        el("td", { class: "num", text: p.best_win === null ? "–" : String(p.best_win) }))))),
    list.entries.length ? el("h3", { text: t("scores.best_wins") }) : null,
    list.entries.length ? el("table", { class: "plain-table" },
      head(["#"], [t("scores.player")], [t("scores.score"), "num"], [t("scores.players_n"), "num"], [t("scores.when")]),
      el("tbody", {}, list.entries.map((e, i) => el("tr", {},
        el("td", { text: String(i + 1) }),
        el("td", {}, el("a", { href: `/games/${e.game_id}`, text: e.player }),
          e.aided ? el("span", { class: "muted aided", text: ` (${t("scores.aided")})` }) : null),
        el("td", { class: "num", text: String(e.score) }), el("td", { class: "num", text: String(e.players) }),
        el("td", { text: day(new Date(e.at * 1000)) }))))) : null);
}

let titles = null;  // dictionary name -> its title, for the headings

/** A list's heading in words: the game, the dictionary's title and the rules. */
function heading(list) {
  const mode = hasText(`mode.${list.mode}_short`) ? t(`mode.${list.mode}_short`) : list.mode;
  const rules = rulesText(list.rules, list.mode, titles);
  return rules ? t("scores.list_title", { mode, rules }) : mode;
}

async function show(kind) {
  buttons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.kind === kind)));
  try {
    if (titles === null) {
      const known = await api("GET", "/api/dictionaries");
      titles = Object.fromEntries(known.dictionaries.map((d) => [d.name, d.title]));
    }
    const aided = $("with-tips")?.checked ? "all" : "no";
    const answer = await api("GET", `/api/highscores?kind=${kind}&aided=${aided}`);
    const lists = answer.lists.filter((l) => l.entries.length || l.players?.length);
    if (!lists.length) { container.replaceChildren(el("p", { text: t("scores.none") })); return; }
    container.replaceChildren(...lists.map((list) => (list.ranking === "wins" ? winsList(list) : el("section", { class: "card" },
      el("h2", { text: heading(list) }),
      el("table", { class: "plain-table" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "#" }),
          el("th", { scope: "col", text: t("scores.player") }),
          el("th", { scope: "col", text: t("scores.score") }),
          el("th", { scope: "col", text: t("scores.when") }))),
        el("tbody", {}, list.entries.map((e, i) => el("tr", {},
          el("td", { text: String(i + 1) }),
          el("td", {}, el("a", { href: `/games/${e.game_id}`, text: e.player }),
            e.kind === "pad" ? el("span", { class: "muted", text: ` (${t("scores.real_dice")})` }) : null,
            e.aided ? el("span", { class: "muted aided", text: ` (${t("scores.aided")})` }) : null),
          el("td", { class: "num", text: String(e.score) }),
          el("td", { text: day(new Date(e.at * 1000)) })))))))));
  } catch (err) {
    container.replaceChildren(el("p", { class: "error", text: errorText(err.error) }));
  }
}

let shown = "solo";
buttons.forEach((b) => b.addEventListener("click", () => { shown = b.dataset.kind; show(shown); }));
$("with-tips")?.addEventListener("change", () => show(shown));
show(shown);
