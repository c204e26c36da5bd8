// How an online table calls a player whose turn it has become while they look elsewhere:
// the tab title starts with "Jij bent aan de beurt", the icon gets a dot, and, when its
// checkbox (#sound) is on (off by default, remembered in localStorage), a short beep.
import { $, t } from "./common.js";
import { beep } from "./sound.js";

const SOUND_KEY = "wy-sound";

/** Beep if the player switched the sound on (the page counts its beeps for the tests). */
function turnBeep() {
  if (localStorage.getItem(SOUND_KEY) !== "on") return;
  document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  beep();
}

/** The signals; `myTurn(state)` says whether the viewer is to move, `watching()` whether
 * it only watches (no turn of its own comes: no checkbox for its sound). Returns
 * `{ draw(previous, state) }`, called with every state.
 * @param {(state?: import("./types.js").Shown | null) => boolean} myTurn
 * @param {() => boolean} watching */
export function turnSignal(myTurn, watching) {
  /**
   * @param {import("./types.js").Shown | null} previous
   * @param {import("./types.js").Shown} state
   */
  function draw(previous, state) {
    const mine = state.kind === "online" && myTurn(state);
    if (mine) {
      const mark = t("game.your_turn_title");
      if (!document.title.startsWith(mark)) document.title = `${mark} · ${document.title}`;
    }
    const icon = /** @type {HTMLLinkElement | null} */ (document.querySelector("link[rel=icon]"));
    if (icon?.dataset.turn) icon.href = (mine ? icon.dataset.turn : icon.dataset.plain) ?? "";
    const box = $("sound");
    if (box) box.checked = localStorage.getItem(SOUND_KEY) === "on";
    const label = box?.closest("label");
    if (label) label.hidden = watching();
    if (previous && !myTurn(previous) && mine) turnBeep();
  }

  $("sound")?.addEventListener("change", (/** @type {Event & { target: HTMLInputElement }} */ event) => {
    localStorage.setItem(SOUND_KEY, event.target.checked ? "on" : "off");
    if (event.target.checked) turnBeep();
  });

  return { draw };
}
