// Woord Yahtzee's review of the finished turns (#review-list), newest first: each turn's
// throws and what was played, with every word linked to its dictionary entry, and, when
// asked for (#show-best), the best words each last throw allowed per box (the solver,
// POST /api/solve, asked once per throw).
import { $, api, boxName, el, errorText, facesText, t, thrown, withWordLinks } from "./common.js";

/** The review; `line(turn)` says what a skipped or timed-out turn did. Returns
 * `{ draw(state) }`.
 * @param {(turn: import("./api.js").WoordTurnDone) => string} line */
export function woordReview(line) {
  /** @type {Map<string, Promise<import("./api.js").SolveReply>>} */
  const bestCache = new Map();  // "dictionary:letters" -> the solver's answer (a promise)

  /** @param {import("./api.js").WoordState} state */
  function draw(state) {
    const list = $("review-list");
    const showBest = $("show-best")?.checked;
    list.replaceChildren();
    for (const turn of [...state.history].reverse()) {
      const throws = turn.throws.map(facesText).join(" → ") || "—";
      const claimText = turn.skipped || turn.timeout ? line(turn)
        : `${boxName(turn.claim.box)}: ${turn.claim.words.length ? turn.claim.words.join(" ") : "—"} (${turn.points ?? 0})`;
      const item = el("li", {},
        el("p", { class: "review-head" }, el("strong", { text: t("game.review_turn", { r: turn.round, name: turn.player }) })),
        el("p", {}, `${t("game.throws")}: `, el("code", { text: throws })),
        el("p", {}, `${t("game.you_played")}: `, ...withWordLinks(claimText, turn.claim?.words, state.rules.dictionary)));
      if (showBest) {
        const box = el("div", { class: "best" });
        item.append(box);
        fillBest(box, state.rules, turn.throws[turn.throws.length - 1]);
      }
      list.append(item);
    }
  }

  /**
   * @param {HTMLElement} container
   * @param {Record<string, any>} rules
   * @param {string} letters
   */
  async function fillBest(container, rules, letters) {
    const key = `${rules.dictionary}:${letters}`;
    try {
      if (!bestCache.has(key)) {
        bestCache.set(key, api("POST", "/api/solve", {
          letters, dictionary: rules.dictionary, dice_set: rules.dice_set,
        }));
      }
      const answer = await /** @type {Promise<import("./api.js").SolveReply>} */ (bestCache.get(key));
      const rows = Object.entries(answer.boxes || {}).filter(([, v]) => v && v.score > 0).map(([box, v]) =>
        el("li", {}, `${boxName(box)}: `, el("strong", {}, ...withWordLinks((v.words || []).join(" ") || "—", v.words, rules.dictionary)), ` (${v.score})`));
      container.replaceChildren(el("p", { class: "label", text: `${t("game.missed")}:` }),
        rows.length ? el("ul", { class: "plain best-list" }, rows) : el("p", { text: t("game.no_words") }));
    } catch (err) {
      bestCache.delete(key);
      container.replaceChildren(el("p", { class: "muted", text: errorText(thrown(err)) }));
    }
  }

  return { draw };
}
