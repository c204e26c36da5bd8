// The start screen: kind of game, player names, dictionary and rules; POST /api/games.
import { api, el, errorText, t } from "./common.js";

const form = document.getElementById("start-form");
const list = document.getElementById("players");
const addButton = document.getElementById("add-player");
const errorBox = document.getElementById("start-error");
const MAX_PLAYERS = 8;

function kind() {
  return form.querySelector("input[name=kind]:checked").value;
}

function nameInputs() {
  return [...list.querySelectorAll("input")];
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
  nameInputs().forEach((input, i) => {
    const n = i + 1;
    input.id = `player-${n}`;
    input.placeholder = t("start.default_name", { n });
    const item = input.closest("li");
    item.querySelector("label").setAttribute("for", input.id);
    item.querySelector("label").textContent = t("start.player", { n });
    const remove = item.querySelector(".remove");
    remove.setAttribute("aria-label", t("start.remove_player", { n }));
    remove.hidden = solo || nameInputs().length <= 2;
  });
  addButton.hidden = solo || nameInputs().length >= MAX_PLAYERS;
}

function syncKind() {
  const solo = kind() === "solo";
  const inputs = nameInputs();
  if (solo) inputs.slice(1).forEach((input) => input.closest("li").remove());
  else while (nameInputs().length < 2) addPlayer();
  relabel();
}

form.querySelectorAll("input[name=kind]").forEach((radio) => radio.addEventListener("change", syncKind));
addButton.addEventListener("click", () => addPlayer().focus());
addPlayer();
syncKind();

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  errorBox.textContent = "";
  const players = nameInputs().map((input, i) => input.value.trim() || t("start.default_name", { n: i + 1 }));
  const bonus = Number.parseInt(document.getElementById("bonus").value, 10);
  const rules = {
    dictionary: document.getElementById("dictionary").value,
    free_order: form.querySelector("input[name=order]:checked").value === "free",
    turn_seconds: form.querySelector("input[name=timer]:checked").value === "on" ? 60 : null,
    upper_bonus_threshold: Number.isFinite(bonus) ? bonus : 40,
  };
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const created = await api("POST", "/api/games", { mode: "woord", kind: kind(), players, rules });
    const mine = created.links[0];
    if (created.kind === "online") {
      sessionStorage.setItem(`wy-links-${created.id}`, JSON.stringify(created.links));
    }
    localStorage.setItem(`wy-seat-${created.id}`, mine.token);
    window.location.assign(mine.url);
  } catch (err) {
    errorBox.textContent = errorText(err.error);
    button.disabled = false;
  }
});
