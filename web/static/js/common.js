// Shared helpers: translations, the JSON API, the ARIA live regions.

/**
 * The page's element with id `id`, or null. Its kind (a field, a button, a form …) is the
 * template's, and a script uses what that kind offers, so the type is left open.
 * @param {string} id
 * @returns {any}
 */
export const $ = (id) => document.getElementById(id);

/**
 * Every element of the page that `selector` matches, as a list (of the kinds its script
 * knows, as for `$`).
 * @param {string} selector
 * @returns {any[]}
 */
export const $$ = (selector) => [...document.querySelectorAll(selector)];

// The page's catalogue (web/i18n.py script_catalogue): its language, the CLDR plural
// categories of its gettext forms, and every message (a list of forms for a plural one).
const CATALOGUE = JSON.parse($("i18n")?.textContent || "{}");
const STRINGS = CATALOGUE.messages || {};
const LANG = CATALOGUE.lang || document.documentElement.lang || "nl";
const PLURALS = new Intl.PluralRules(LANG);
const CATEGORIES = CATALOGUE.plurals || ["one", "other"];

/**
 * @param {string} text
 * @param {Record<string, unknown>} params
 */
function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/**
 * Translate a key with {named} parameters; an unknown key shows as itself.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  const text = STRINGS[key];
  if (text === undefined) return key;
  return fill(Array.isArray(text) ? text[text.length - 1] : text, params);
}

/** The plural form of a key for `count` (given to the text as {n}, written the page's
 * language's way, unless `params` has an `n`).
 * @param {string} key
 * @param {number} count
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function tn(key, count, params = {}) {
  const forms = STRINGS[key];
  if (forms === undefined) return key;
  const values = { n: number(count), ...params };
  if (!Array.isArray(forms)) return fill(forms, values);
  const index = CATEGORIES.indexOf(PLURALS.select(count));
  return fill(forms[index >= 0 && index < forms.length ? index : forms.length - 1], values);
}

/** A day written the page's language's way (28 nov. 2026, 28.11.2026).
 * @param {Date | number} date */
export function day(date) {
  return new Intl.DateTimeFormat(LANG, { dateStyle: "medium" }).format(date);
}

/** A moment written the page's language's way, day and time (28 nov. 2026 01:00).
 * @param {Date | number} date */
export function moment(date) {
  return new Intl.DateTimeFormat(LANG, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** A time of day written the page's language's way (14:32).
 * @param {Date | number} date */
export function time(date) {
  return new Intl.DateTimeFormat(LANG, { timeStyle: "short" }).format(date);
}

/** Whether the catalogue has a message (for a key built at run time).
 * @param {string} key */
export function hasText(key) {
  return key in STRINGS;
}

/** A number written the page's language's way (1.234,5 in Dutch and German), with exactly
 * `decimals` decimals, rounded as a reader rounds what is written: its shortest decimal form
 * (189.65), a half away from zero (189,7), as Intl does in the browsers; the server's pages
 * round the same way (`rounded` in web/i18n.py).
 * @param {number} value
 * @param {number} [decimals] */
export function number(value, decimals = 0) {
  return new Intl.NumberFormat(LANG, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** How every screen shows the blank die face ("?" in the API): ◆ (the pages' `faces`
 * filter in web/pages.py shows it the same). */
export const BLANK = "◆";

/** Letters as the dice show them: upper case, the blank as ◆.
 * @param {string} letters */
export function facesText(letters) {
  return letters.toUpperCase().replaceAll("?", BLANK);
}

/** The label of a box id ("letters_3" -> "3 letters").
 * @param {string} box */
export function boxName(box) {
  return t(`box.${box}`);
}

/** A readable message for an API error: the translated code, else the server's message.
 * @param {{ code: string, message?: string } | null | undefined} error */
export function errorText(error) {
  if (!error) return t("err.generic");
  return hasText(`err.${error.code}`) ? t(`err.${error.code}`) : (error.message || t("err.generic"));
}

/** What a refused new profile says: a 429 (an address that made many profiles lately) with
 * the time to try again, else the error's text.
 * @param {any} err what a call threw (an ApiError, or anything else) */
export function profileErrorText(err) {
  if (err?.status !== 429) return errorText(err?.error);
  const wait = Math.max(60, err.retryAfter || 0);
  return t("profile.too_many", { time: moment(new Date(Date.now() + wait * 1000)) });
}

export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {any} payload the answer's body (an error body, or null)
   * @param {number} [retryAfter]
   */
  constructor(status, payload, retryAfter = 0) {
    super(payload?.error?.message || `HTTP ${status}`);
    this.status = status;
    this.payload = payload || {};
    /** @type {{ code: string, message?: string }} */
    this.error = this.payload.error || { code: "http", message: this.message };
    this.retryAfter = retryAfter;  // seconds, from the Retry-After of a 503 or a 429
  }

  /** Whether the server was only briefly out of reach: no connection, a proxy that found
   * no process (502, 504), or the database restarting (503 `unavailable`). */
  get transient() {
    if (this.status === 503) return this.error.code === "unavailable";
    return [0, 502, 504].includes(this.status);
  }
}

/** The error body an {@link ApiError} carries (`{code, message}`), or null for anything
 * else thrown: what {@link errorText} reads of a failed call.
 * @param {unknown} err
 * @returns {{ code: string, message?: string } | null} */
export function thrown(err) {
  return err instanceof ApiError ? err.error : null;
}

/**
 * Call the JSON API. Throws ApiError (with the server's error body) on a non-2xx answer.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {string | null} [token]
 * @returns {Promise<any>} the answer's body (its type: api.d.ts, by the route)
 */
export async function api(method, path, body = undefined, token = null) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  let response;
  try {
    response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { error: { code: "network", message: t("err.network") } });
  }
  let payload = null;
  try { payload = await response.json(); } catch { payload = null; }
  if (!response.ok) {
    throw new ApiError(response.status, payload, Number(response.headers.get("Retry-After")) || 0);
  }
  return payload;
}

// Whether the player has a hardware keyboard at hand: a fine pointer (a mouse or touchpad),
// or keys pressed since the last touch. On a phone, focusing a text field pops up the
// on-screen keyboard over the buttons, so pages move the focus there only when this says so.
let keysUsed = false;
document.addEventListener("keydown", () => { keysUsed = true; }, { capture: true });
document.addEventListener("pointerdown", (/** @type {PointerEvent} */ event) => {
  if (event.pointerType === "touch") keysUsed = false;
}, { capture: true });
export function keyboardLikely() {
  return keysUsed || window.matchMedia("(pointer: fine)").matches;
}

/** Show a line in the page's message area (#message). */
/** @param {string} text */
export function showMessage(text) {
  const box = $("message");
  if (box) box.textContent = text || "";
}

/** Say something through the polite (or assertive) live region. */
/**
 * @param {string} text
 * @param {boolean} [assertive]
 */
export function announce(text, assertive = false) {
  const region = $(assertive ? "alert" : "live");
  if (!region) return;
  region.textContent = "";
  // A fresh text node after a tick makes screen readers speak repeated messages too.
  window.setTimeout(() => { region.textContent = text; }, 30);
}

/** Create an element with attributes and children.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...any} children nodes, texts, lists of them; null, undefined and false left out
 * @returns {any} the element (of the kind `tag` makes)
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A rules set in words ("nl; vaste volgorde; zandloper 60 s; bonus vanaf 40"). Another
 * mode's summary is its `scores.<mode>_rules` text, each option value shown by its
 * `<option>.short.<value>` text where there is one (classic: "jokerregel vrij"); "" for a
 * mode without one.
 * @param {Record<string, any>} rules
 * @param {string} [mode]
 * @param {Record<string, string>} [titles] the dictionaries' titles by name
 */
export function rulesText(rules, mode = "woord", titles = {}) {
  if (mode === "woord") {
    return t("scores.rules", {
      dict: titles[rules.dictionary ?? "nl"] ?? rules.dictionary ?? "nl",
      order: rules.free_order ? t("rules.free") : t("rules.strict"),
      timer: rules.turn_seconds ? t("rules.timer", { s: rules.turn_seconds }) : t("rules.no_timer"),
      bonus: rules.upper_bonus_at,
    });
  }
  if (!hasText(`scores.${mode}_rules`)) return "";
  /** @type {(name: string, value: unknown) => string} */
  const shown = (name, value) => (hasText(`${name}.short.${value}`) ? t(`${name}.short.${value}`) : String(value));
  return t(`scores.${mode}_rules`, Object.fromEntries(Object.entries(rules).map(([name, value]) => [name, shown(name, value)])));
}

/**
 * Render a score sheet into `table`: a header row of players (the mover marked), the upper
 * boxes, `upperTotals` rows, the lower boxes, then `lowerTotals` rows. `cell(player, index,
 * box)` makes a box's cell; `header(player, index)` extra content after a player's name;
 * `rowClass(box)` an extra class for a box's row. A total row is [label, key, class].
 * @param {HTMLElement} table
 * @param {{ players: any[], to_move: number | null, boxes: { upper: string[], lower: string[] } }} state
 * @param {{ cell: (player: any, index: number, box: string) => Node,
 *   upperTotals: [string, string, string][], lowerTotals: [string, string, string][],
 *   header?: (player: any, index: number) => Node | null,
 *   rowClass?: (box: string) => string, rowLabel?: (box: string) => Node | null }} parts
 */
export function renderScoreSheet(table, state, { cell, upperTotals, lowerTotals,
  header = () => null, rowClass = () => "", rowLabel = () => null }) {
  const head = el("tr", {}, el("th", { scope: "col", text: t("game.box") }),
    state.players.map((p, i) => el("th", {
      scope: "col", class: state.to_move === i ? "current-player" : null,
      "aria-current": state.to_move === i ? "true" : null,
    }, p.name, header(p, i))));
  /** @type {(box: string, extraClass?: string) => Node} */
  const boxRow = (box, extraClass = "") => el("tr", { class: `${extraClass}${rowClass(box)}`.trim() || null },
    el("th", { scope: "row" }, boxName(box), rowLabel(box)),
    state.players.map((p, i) => cell(p, i, box)));
  /** @type {(row: [string, string, string]) => Node} */
  const totalRow = ([label, key, cls]) => el("tr", { class: cls },
    el("th", { scope: "row", text: label }), state.players.map((p) => el("td", { text: String(p[key]) })));
  /** @type {Node[]} */
  const rows = [];
  state.boxes.upper.forEach((b) => rows.push(boxRow(b)));
  upperTotals.forEach((row) => rows.push(totalRow(row)));
  state.boxes.lower.forEach((b, i) => rows.push(boxRow(b, i === 0 ? "lower-start" : "")));
  lowerTotals.forEach((row) => rows.push(totalRow(row)));
  table.replaceChildren(el("caption", { class: "sr-only", text: t("game.sheet") }),
    el("thead", {}, head), el("tbody", {}, rows));
}

// The hint panel of a game screen (#hint with #hint-best, #hint-table, #hint-apply). With
// no answer it hides, unless one is on its way (the panel then keeps its "busy" line).
// Otherwise show(answer) gives { best, rows, canApply, table }: the best option's line, the
// table rows of the options, whether "apply" is offered, and whether the table shows
// (default: when there is a choice).
/**
 * @param {any} hint the hint's answer (its `answer` by mode), or null
 * @param {boolean} pending
 * @param {(answer: any) => { best: string, rows?: Node[], canApply?: boolean, table?: boolean }} show
 */
export function renderHintPanel(hint, pending, show) {
  const panel = $("hint");
  panel.dataset.ready = hint ? "yes" : "no";
  if (!hint) {
    if (!pending) {
      panel.hidden = true;
      $("hint-best").textContent = "";
    }
    $("hint-table").hidden = true;
    $("hint-apply").hidden = true;
    return;
  }
  const { best, rows = [], canApply = false, table = rows.length > 1 } = show(hint.answer);
  panel.hidden = false;
  $("hint-best").textContent = best;
  $("hint-apply").hidden = !canApply;
  $("hint-table").querySelector("tbody").replaceChildren(...rows);
  $("hint-table").hidden = !table;
}

/** The public dictionary entry of `word`: Wiktionary in the dictionary's language (English
 * for `en` dictionaries, Dutch for every other).
 * @param {string} word
 * @param {string | null | undefined} dictionary */
function wordUrl(word, dictionary) {
  const lang = /^en(\b|-|$)/.test(dictionary || "") ? "en" : "nl";
  return `https://${lang}.wiktionary.org/wiki/${encodeURIComponent(word.toLowerCase())}`;
}

/** Where `word` stands on its own in `text` from `from` on (not inside a longer word), or -1.
 * @param {string} text
 * @param {string} word
 * @param {number} from */
function wholeWordAt(text, word, from) {
  const letter = /\p{L}/u;
  for (let i = text.indexOf(word, from); i >= 0; i = text.indexOf(word, i + 1)) {
    if (!letter.test(text[i - 1] || "") && !letter.test(text[i + word.length] || "")) return i;
  }
  return -1;
}

/** `text` as nodes, each of `words` in it a link to its dictionary entry (a tap on a played
 * or suggested word shows what it means), opened in a new tab.
 * @param {string} text
 * @param {string[] | null | undefined} words
 * @param {string | null | undefined} dictionary
 * @returns {(string | Node)[]} */
export function withWordLinks(text, words, dictionary) {
  /** @type {(string | Node)[]} */
  const nodes = [];
  let at = 0;
  for (const word of words || []) {
    const found = word ? wholeWordAt(text, word, at) : -1;
    if (found < 0) continue;
    if (found > at) nodes.push(text.slice(at, found));
    nodes.push(el("a", {
      href: wordUrl(word, dictionary), class: "word-link", target: "_blank", rel: "noopener noreferrer",
      title: t("words.meaning", { word }), text: word,
    }));
    at = found + word.length;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}

/** Why a dictionary holds or refuses a word (the `why` of the check API and of a claim's
 * preview), in the page's language, with the valid words one edit away.
 * @param {import("./api.js").Why | null | undefined} why */
export function whyText(why) {
  if (!why) return "";
  const english = LANG === "en";
  let text = english && why.text ? why.text : t(`why.${why.source}`, { base: why.detail });
  if (why.nearby && why.nearby.length) text += ` — ${t("why.nearby", { words: why.nearby.join(", ") })}`;
  return text;
}

/** Copy `text` to the clipboard; where there is none (an insecure page), select it in
 * `field` for the player to copy.
 * @param {string} text
 * @param {HTMLInputElement | HTMLTextAreaElement | null} [field] */
export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    field?.select();
    document.execCommand?.("copy");
  }
}

/** A button that reports a word as wrongly accepted or refused (a dispute), once.
 * @param {string} word
 * @param {string} dictionary
 * @param {string} kind */
export function reportButton(word, dictionary, kind) {
  const button = el("button", {
    type: "button", class: "secondary small report", text: t(`words.report_${kind}`),
    onclick: async () => {
      button.disabled = true;
      try {
        await api("POST", "/api/reports", { word, dictionary, kind });
        button.textContent = t("words.reported");
        announce(t("words.reported"));
      } catch (err) {
        button.textContent = errorText(thrown(err));
      }
    },
  });
  return button;
}

/** The end of a game (#end): the winner or winners, or a solo player's score, and every
 * player's total, best first. `totals` defaults to each player's `total` (a classic match
 * passes the match totals).
 * @param {import("./api.js").GameState} state
 * @param {number[]} [totals] */
export function renderEnd(state, totals = state.players.map((p) => p.total)) {
  const section = $("end");
  section.hidden = state.status !== "finished";
  if (section.hidden) return;
  const names = state.winners.join(", ");
  const solo = state.players.length === 1;
  $("winners").textContent = solo
    ? tn("game.solo_score", totals[0], { name: state.players[0].name, total: number(totals[0]) })
    : t(state.winners.length > 1 ? "game.winners" : "game.winner", { names });
  const list = $("final-totals");
  list.hidden = solo;
  const ranked = state.players.map((p, i) => ({ name: p.name, total: totals[i] }))
    .sort((a, b) => b.total - a.total);
  list.replaceChildren(...ranked.map((p) => el("li", { text: tn("game.final_total", p.total, { name: p.name, total: number(p.total) }) })));
  // a finished game's table link shows it read-only: share it (a score pad's game most of all)
  const share = $("share-wrap");
  if (share) share.hidden = false;
}
