// The blank score sheet's tools (the page itself is made to be printed): the print button,
// and the number of players, which redraws the sheet as soon as it is chosen.
document.getElementById("print")?.addEventListener("click", () => window.print());
const players = /** @type {HTMLSelectElement | null} */ (document.getElementById("players"));
players?.addEventListener("change", () => players.form?.submit());
const show = document.getElementById("players-show");
if (show) show.hidden = true;  // the choice applies itself
