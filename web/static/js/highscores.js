// The high-score lists, per dictionary and rules set.
import { $, $$, api, day, el, errorText, hasText, rulesText, t, thrown } from "./common.js";

/**
 * @typedef {{ player: string, score: number, players: number, game_id: string, at: number,
 *   aided?: boolean, kind?: string }} Entry a list's entry (a game)
 * @typedef {Omit<import("./api.js").HighScoreList, "entries"> & { entries: Entry[],
 *   players?: { player: string, wins: number, games: number, best_win: number | null }[] }} ScoreList
 */

const container = $("lists");
const buttons = $$("[data-kind]");

/** A list ranked by wins before points: players by wins, then the best winning totals.
 * @param {ScoreList} list */
function winsList(list) {
  /** @type {(...names: string[][]) => Node} */
  const head = (...names) => el("thead", {}, el("tr", {}, names.map(([text, cls]) => el("th", { scope: "col", class: cls, text }))));
  return el("section", { class: "card wins-list" },
    el("h2", { text: `${t(`mode.${list.mode}_short`)} (${t("scores.by_wins")})` }),
    el("table", { class: "plain-table" },
      head(["#"], [t("scores.player")], [t("scores.wins"), "num"], [t("scores.games"), "num"], [t("scores.best_win"), "num"]),
      el("tbody", {}, /** @type {NonNullable<ScoreList["players"]>} */ (list.players).map((p, i) => el("tr", {},
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

/** @type {Record<string, string> | null} */
let titles = null;  // dictionary name -> its title, for the headings

/** A list's heading in words: the game, the dictionary's title and the rules.
 * @param {ScoreList} list */
function heading(list) {
  const mode = hasText(`mode.${list.mode}_short`) ? t(`mode.${list.mode}_short`) : list.mode;
  const rules = rulesText(list.rules, list.mode, titles ?? {});
  return rules ? t("scores.list_title", { mode, rules }) : mode;
}

/** @param {string} kind */
async function show(kind) {
  buttons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.kind === kind)));
  try {
    if (titles === null) {
      /** @type {import("./api.js").DictionaryList} */
      const known = await api("GET", "/api/dictionaries");
      titles = Object.fromEntries(known.dictionaries.map((d) => [d.name, d.title]));
    }
    // without the games that used a Tip: ask for them too, to say so when some are left out
    const withTips = Boolean(/** @type {HTMLInputElement | null} */ ($("with-tips"))?.checked);
    /** @type {[{ lists: ScoreList[] }, { lists: ScoreList[] } | null]} */
    const [answer, every] = await Promise.all([
      api("GET", `/api/highscores?kind=${kind}&aided=${withTips ? "all" : "no"}`),
      withTips ? null : api("GET", `/api/highscores?kind=${kind}&aided=all`)]);
    const lists = answer.lists.filter((l) => l.entries.length || l.players?.length);
    const hidden = Boolean(every?.lists.some((l) => l.entries.some((e) => e.aided)));
    const note = hidden ? el("p", { id: "aided-note", class: "muted" }, `${t("scores.aided_hidden")} `,
      el("button", { type: "button", class: "secondary small", text: t("scores.show_aided"),
        onclick: () => { /** @type {HTMLInputElement} */ ($("with-tips")).checked = true; show(shown); } })) : null;
    if (!lists.length) {
      container.replaceChildren(el("p", { id: "no-scores", text: t(hidden ? "scores.none_without_tips" : "scores.none") }), note ?? "");
      return;
    }
    container.replaceChildren(note ?? "", ...lists.map((list) => (list.ranking === "wins" ? winsList(list) : el("section", { class: "card" },
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
    container.replaceChildren(el("p", { class: "error", text: errorText(thrown(err)) }));
  }
}

let shown = "solo";
buttons.forEach((b) => b.addEventListener("click", () => { shown = b.dataset.kind; show(shown); }));
$("with-tips")?.addEventListener("change", () => show(shown));
show(shown);
