// The start screen: kind of game, player names, dictionary and rules; POST /api/games.
import { $, $$, api, ApiError, el, errorText, t, thrown } from "./common.js";
import { rememberSeat, seatedGames, seatToken } from "./seat-store.js";

const form = $("start-form");
const list = $("players");
const addButton = $("add-player");
const errorBox = $("start-error");
const computerList = $("computers");
const addComputerButton = $("add-computer");
const MAX_PLAYERS = 8;
// Computer levels and player counts per mode, from the mode choices' data attributes.
/** @type {Record<string, string[]>} */
const modeLevels = {};
/** @type {Record<string, number[]>} */
const modePlayers = {};
form.querySelectorAll("input[name=mode]").forEach((/** @type {HTMLInputElement} */ radio) => {
  modeLevels[radio.value] = radio.dataset.levels ? radio.dataset.levels.split(",") : [];
  if (radio.dataset.players) modePlayers[radio.value] = radio.dataset.players.split(",").map(Number);
});

function kind() {
  return form.querySelector("input[name=kind]:checked").value;
}

function mode() {
  return form.querySelector("input[name=mode]:checked").value;
}

function computerRows() {
  return [...computerList.querySelectorAll("li")];
}

function addComputer() {
  const n = computerRows().length + 1;
  const input = el("input", { type: "text", maxlength: "24", autocomplete: "off", class: "computer-name" });
  const select = el("select", { class: "computer-level" }, levelOptions());
  const remove = el("button", {
    type: "button", class: "secondary small remove", text: "×",
    onclick: () => { item.remove(); relabelComputers(); },
  });
  const item = el("li", {}, el("label", { class: "sr-only computer-name-label" }), input,
    el("label", { class: "sr-only computer-level-label" }), select, remove);
  computerList.append(item);
  relabelComputers();
  return n;
}

function relabelComputers() {
  computerRows().forEach((item, i) => {
    const n = i + 1;
    const input = item.querySelector("input");
    const select = item.querySelector("select");
    input.id = `computer-${n}`;
    select.id = `computer-level-${n}`;
    input.placeholder = t("start.computer_default", { n });
    item.querySelector(".computer-name-label").setAttribute("for", input.id);
    item.querySelector(".computer-name-label").textContent = t("start.computer_name", { n });
    item.querySelector(".computer-level-label").setAttribute("for", select.id);
    item.querySelector(".computer-level-label").textContent = t("start.computer_level", { n });
    item.querySelector(".remove").setAttribute("aria-label", t("start.remove_computer", { n }));
  });
  addComputerButton.hidden = nameInputs().length + computerRows().length >= maxPlayers();
}

function levelOptions() {
  return (modeLevels[mode()] || []).map((level) => el("option", { value: level, text: t(`level.${level}`) }));
}

/** Whether the start screen offers computer seats for mode `m` (its levels from the meta).
 * @param {string} m */
function offersComputers(m) {
  return (modeLevels[m] || []).length > 0;
}

function maxPlayers() {
  return modePlayers[mode()]?.[1] ?? MAX_PLAYERS;
}

/** Show the chosen mode's intro and its part of the form (its rules options). */
function syncMode() {
  const current = mode();
  const computers = offersComputers(current);
  form.querySelectorAll(".mode-panel").forEach((/** @type {HTMLElement} */ panel) => { panel.hidden = panel.dataset.mode !== current; });
  $$("p.intro[id^=intro-]").forEach((intro) => { intro.hidden = intro.id !== `intro-${current}`; });
  // a score pad records real dice: nobody plays for a computer
  $("computers-set").hidden = !computers || kind() === "pad";
  computerRows().forEach((item) => {
    const select = item.querySelector("select");
    const chosen = select.value;
    select.replaceChildren(...levelOptions());
    if ([...select.options].some((o) => o.value === chosen)) select.value = chosen;
  });
  // a mode that needs two players starts a solo game against one computer
  const least = modePlayers[current]?.[0] ?? 1;
  if (computers && kind() === "solo" && nameInputs().length + computerRows().length < least) addComputer();
  relabel();
}

function nameInputs() {
  return [...list.querySelectorAll("input")];
}

/** Whether every name differs (ignoring case, as the server does); if not, say which name
 * is there twice and mark its fields.
 * @param {(string | { name: string })[]} players */
function namesDiffer(players) {
  const fields = [...nameInputs(), ...computerRows().map((item) => item.querySelector("input"))];
  fields.forEach((input) => input.removeAttribute("aria-invalid"));
  const seen = new Set();
  const twice = players.map((p) => (typeof p === "string" ? p : p.name))
    .find((name) => { const key = name.toLocaleLowerCase(); const found = seen.has(key); seen.add(key); return found; });
  if (twice === undefined) return true;
  const same = fields.filter((input) => input.value.trim().toLocaleLowerCase() === twice.toLocaleLowerCase());
  same.forEach((input) => input.setAttribute("aria-invalid", "true"));
  errorBox.textContent = t("start.same_names", { name: twice });
  same.at(-1)?.focus();
  return false;
}

function addPlayer(value = "") {
  const n = nameInputs().length + 1;
  const id = `player-${n}`;
  const input = el("input", {
    id, type: "text", maxlength: "24", autocomplete: "off", value,
    placeholder: t("start.default_name", { n }),
  });
  const remove = el("button", {
    type: "button", class: "secondary small remove",
    "aria-label": t("start.remove_player", { n }), text: "×",
    onclick: () => { item.remove(); relabel(); },
  });
  const item = el("li", {}, el("label", { for: id, class: "sr-only", text: t("start.player", { n }) }),
    input, remove);
  list.append(item);
  relabel();
  return input;
}

function relabel() {
  const solo = kind() === "solo";
  const pad = kind() === "pad";
  nameInputs().forEach((input, i) => {
    const n = i + 1;
    input.id = `player-${n}`;
    input.placeholder = t("start.default_name", { n });
    const item = input.closest("li");
    item.querySelector("label").setAttribute("for", input.id);
    item.querySelector("label").textContent = t("start.player", { n });
    const remove = item.querySelector(".remove");
    remove.setAttribute("aria-label", t("start.remove_player", { n }));
    remove.hidden = solo || nameInputs().length <= (pad ? 1 : 2);
  });
  addButton.hidden = solo || nameInputs().length + computerRows().length >= maxPlayers();
  addComputerButton.hidden = nameInputs().length + computerRows().length >= maxPlayers();
}

function syncKind() {
  const solo = kind() === "solo";
  const inputs = nameInputs();
  if (solo) inputs.slice(1).forEach((input) => input.closest("li").remove());
  else if (kind() !== "pad") while (nameInputs().length < 2) addPlayer();
  relabel();
  syncPadDice();
}

/** The dice set a dictionary brings: its language's, or at a score pad the one that takes
 * any box's letters (the server says which). */
function dictionaryDice() {
  const chosen = $("dictionary")?.selectedOptions[0];
  return kind() === "pad" ? chosen?.dataset.padDiceSet : chosen?.dataset.diceSet;
}

// A dictionary brings the dice of its language (the server says which; the player may
// still pick another set).
function syncDice() {
  const own = dictionaryDice();
  if (own) $("dice-set").value = own;
  syncPadDice();
}

// The sets that take any box's letters are a score pad's alone, and its default: a real
// box's throws are never refused. Another kind of game leaves them for the dictionary's.
function syncPadDice() {
  const select = /** @type {HTMLSelectElement | null} */ ($("dice-set"));
  if (!select) return;
  const pad = kind() === "pad";
  [...select.options].forEach((option) => {
    if (option.dataset.anyBox) { option.hidden = !pad; option.disabled = !pad; }
  });
  const current = select.selectedOptions[0];
  if (pad ? !current?.dataset.own : current?.dataset.anyBox) select.value = dictionaryDice() || select.value;
  syncDiceHint();
}

// The note under the dice set speaks of the set chosen, and of no other.
function syncDiceHint() {
  const chosen = $("dice-set")?.value;
  document.querySelectorAll("#dice-set-hint [data-dice-set]").forEach((note) => {
    /** @type {HTMLElement} */ (note).hidden = note.getAttribute("data-dice-set") !== chosen;
  });
}

$("dictionary")?.addEventListener("change", syncDice);
$("dice-set")?.addEventListener("change", syncDiceHint);
form.querySelectorAll("input[name=kind]").forEach((/** @type {HTMLInputElement} */ radio) => radio.addEventListener("change", () => {
  syncKind();
  syncMode();
}));
form.querySelectorAll("input[name=mode]").forEach((/** @type {HTMLInputElement} */ radio) => radio.addEventListener("change", syncMode));
addButton.addEventListener("click", () => addPlayer().focus());
addComputerButton.addEventListener("click", () => {
  const n = addComputer();
  $(`computer-${n}`).focus();
});
// A shared box's link (/dice/<name>) starts here with its mode, kind and dice set chosen;
// an uploaded dictionary's link (?dictionary=) with that dictionary.
const wanted = new URLSearchParams(window.location.search);
for (const name of ["mode", "kind"]) {
  const radio = form.querySelector(`input[name=${name}][value="${CSS.escape(wanted.get(name) || "")}"]`);
  if (radio) radio.checked = true;
}
addPlayer();
syncKind();
syncMode();
const dictionaryChoice = $("dictionary");
if (dictionaryChoice && [...dictionaryChoice.options].some((o) => o.value === wanted.get("dictionary"))) {
  dictionaryChoice.value = wanted.get("dictionary");
  syncDice();
}
// a set the link asks for (an own box's "Scoreblok met deze stenen"), if this kind plays it
const diceChoice = /** @type {HTMLSelectElement | null} */ ($("dice-set"));
syncPadDice();
const asked = diceChoice && [...diceChoice.options].find((o) => o.value === wanted.get("dice_set") && !o.disabled);
if (diceChoice && asked) diceChoice.value = asked.value;
syncDiceHint();

/** The rules options of mode `m`: every input of its panel with `data-rule` (a checkbox
 * its state, a radio the checked one, a number its value; a `data-value` is JSON).
 * @param {string} m */
function rulesOf(m) {
  /** @type {Record<string, unknown>} */
  const rules = {};
  form.querySelectorAll(`.mode-panel[data-mode="${m}"] [data-rule]`).forEach((/** @type {HTMLInputElement} */ input) => {
    if (input.type === "radio" && !input.checked) return;
    /** @type {unknown} */
    let value = input.value;
    if (input.type === "checkbox") value = input.checked;
    else if (input.type === "number") {
      const number = Number.parseInt(input.value, 10);
      value = Number.isFinite(number) ? number : Number(input.defaultValue);
    }
    else if (input.dataset.value !== undefined) value = JSON.parse(input.dataset.value);
    rules[/** @type {string} */ (input.dataset.rule)] = value;
  });
  return rules;
}

form.addEventListener("submit", async (/** @type {SubmitEvent} */ event) => {
  event.preventDefault();
  errorBox.textContent = "";
  // a row left blank is no player (a solo game with no name gets the default one)
  const players = nameInputs().map((input) => input.value.trim()).filter(Boolean);
  if (!players.length && ["solo", "pad"].includes(kind())) players.push(t("start.default_name", { n: 1 }));
  const gameMode = mode();
  if (offersComputers(gameMode) && kind() !== "pad") {
    computerRows().forEach((item, i) => {
      players.push({
        name: item.querySelector("input").value.trim() || t("start.computer_default", { n: i + 1 }),
        computer: item.querySelector("select").value,
      });
    });
  }
  if (!namesDiffer(players)) return;
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const created = await api("POST", "/api/games", { mode: gameMode, kind: kind(), players, rules: rulesOf(gameMode) });
    const mine = created.links[0];
    if (created.kind === "online") {
      sessionStorage.setItem(`wy-links-${created.id}`, JSON.stringify(created.links));
    }
    rememberSeat(created.id, mine.token);
    window.location.assign(mine.url);
  } catch (err) {
    errorBox.textContent = errorText(thrown(err));
    button.disabled = false;
  }
});

// How far the tips, computer players and reviews are prepared after the server started:
// asked again every few seconds until everything is ready.
async function watchPreparing() {
  const line = $("preparing");
  if (!line || line.hidden) return;
  try {
    const { preparing } = await api("GET", "/api/meta");
    $("preparing-text").textContent = t("start.preparing", preparing);
    const bar = $("preparing-bar");
    bar.max = Math.max(1, preparing.total);
    bar.value = preparing.done;
    if (preparing.done >= preparing.total) {
      line.hidden = true;
      return;
    }
  } catch {
    // the next look may work
  }
  window.setTimeout(watchPreparing, 3000);
}
window.setTimeout(watchPreparing, 3000);

// This browser's tables in play: the server lists its profile's; these are the tables whose
// seat links it keeps (localStorage `wy-seat-<id>`), each asked of the server with its own
// token, so nothing of anyone else's table is ever shown. A table found over (or gone) is
// remembered in `wy-ended` and not asked again.
const ENDED_KEY = "wy-ended";
const MOST_ASKED = 20;
const MOST_REMEMBERED = 500;

function endedTables() {
  try {
    const ended = JSON.parse(localStorage.getItem(ENDED_KEY) || "[]");
    return Array.isArray(ended) ? ended : [];
  } catch {
    return [];
  }
}

async function listOwnTables() {
  const section = $("active-tables");
  const list = $("active-list");
  if (!section || !list) return;
  const ended = endedTables();
  const shown = new Set([...list.querySelectorAll("li[data-game]")].map((item) => item.dataset.game));
  const ids = seatedGames().filter((id) => /^[0-9a-f]{1,64}$/.test(id) && !shown.has(id) && !ended.includes(id));
  const states = await Promise.all(ids.slice(0, MOST_ASKED).map(async (id) => {
    try {
      /** @type {import("./api.js").GameState} */
      const state = await api("GET", `/api/games/${id}`, undefined, seatToken(id));
      return state;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) ended.push(id);
      return null;
    }
  }));
  for (const state of states) {
    if (!state) continue;
    if (state.status !== "active") {
      ended.push(state.id);
      continue;
    }
    if (!(state.you || []).length) continue;  // the link holds no seat any more
    const kind = state.daily ? t("start.daily") : t(`kind.${state.kind}`);
    list.append(el("li", { "data-game": state.id },
      el("a", { href: `/games/${state.id}`, text: state.seats.map((seat) => seat.name).join(", ") }),
      " ", el("span", { class: "muted", text: `(${t(`mode.${state.mode}_short`)}, ${kind})` })));
    section.hidden = false;
  }
  localStorage.setItem(ENDED_KEY, JSON.stringify(ended.slice(-MOST_REMEMBERED)));
}
listOwnTables();

// the form works from now on: a tap before the script had taken it over went nowhere
$$("[data-script]").forEach((button) => { button.disabled = false; });
