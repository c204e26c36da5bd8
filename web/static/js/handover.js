// The hot-seat hand-over (#handover): when the turn passes to another person at one
// device, a full screen says whose turn it is, so nobody plays on with the other's dice;
// it stays until they say they are there, and meanwhile the game's shortcut keys do nothing.
import { $, t } from "./common.js";

/** Returns `{ draw(previous, state) }`, called with every state. */
export function handover() {
  /**
   * @param {import("./types.js").Shown | null} previous
   * @param {import("./types.js").Shown} state
   */
  function draw(previous, state) {
    const screen = $("handover");
    if (!screen) return;
    const mover = state.to_move;
    const humans = state.seats ? state.seats.filter((s) => !s.computer).length : state.players.length;
    if (state.kind !== "hotseat" || mover === null || humans < 2 || state.seats?.[mover]?.computer) {
      screen.hidden = true;
      return;
    }
    if (previous && previous.to_move !== mover) {
      const name = state.players[mover]?.name ?? "?";
      $("handover-text").textContent = t("game.handover", { name });
      $("handover-go").textContent = t("game.handover_go", { name });
      screen.hidden = false;
      $("handover-go").focus();
    }
  }

  document.addEventListener("keydown", (/** @type {KeyboardEvent} */ event) => {
    const screen = $("handover");
    if (screen && !screen.hidden && !["Enter", " ", "Tab"].includes(event.key)) {
      event.stopImmediatePropagation();
    }
  }, true);
  $("handover-go")?.addEventListener("click", () => {
    $("handover").hidden = true;
    $("throw")?.focus();
  });

  return { draw };
}
