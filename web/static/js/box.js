// Your own box: the seven dice entered once (six faces each, with their points; ? or an
// empty letter is the blank), kept by the server as this browser's (or its profile's) dice
// set, shared by its link; and the boxes kept already, each of which may be deleted.
import { $, api, errorText, thrown } from "./common.js";

const form = $("box-form");
if (form) {
  form.addEventListener("submit", async (/** @type {SubmitEvent} */ event) => {
    event.preventDefault();
    const error = $("box-error");
    error.textContent = "";
    const dice = [...form.querySelectorAll("tbody tr")].map((row) => [...row.querySelectorAll(".box-face")].map((cell) => [
      cell.querySelector(".face-letter").value.trim() || "?",
      Number(cell.querySelector(".face-points").value || 0),
    ]));
    try {
      const saved = await api("POST", "/api/dice-sets", {
        title: $("box-title-input").value.trim(),
        dice,
      });
      window.location.assign(saved.url);
    } catch (err) {
      error.textContent = errorText(thrown(err));
    }
  });
}

document.querySelectorAll(".box-delete").forEach((button) => button.addEventListener("click", async () => {
  const name = button.getAttribute("data-box") || "";
  const error = $("box-list-error");
  error.textContent = "";
  try {
    await api("DELETE", `/api/dice-sets/${encodeURIComponent(name)}`);
    button.closest("li")?.remove();
  } catch (err) {
    error.textContent = errorText(thrown(err));
  }
}));
