// The lobby: make a profile, find an opponent (quick match), open a table or join one, and
// wait until its seats are taken; then go to the table with this player's seat.
import { api, errorText, profileErrorText, t, tn } from "./common.js";

const byId = (id) => document.getElementById(id);
let waiting = null;  // the lobby entry this page waits on

function fail(err) {
  byId("lobby-error").textContent = errorText(err.error);
}

/** Show the entry's state; go to the game once it has started. */
function show(entry) {
  if (entry.url) {
    localStorage.setItem(`wy-seat-${entry.game_id}`, new URLSearchParams(entry.url.split("#")[1]).get("seat"));
    window.location.assign(entry.url);
    return;
  }
  waiting = entry.id;
  byId("lobby-wait").hidden = false;
  byId("lobby-wait-text").textContent = tn("lobby.waiting", entry.free, { free: entry.free });
  window.setTimeout(poll, 1500);
}

async function poll() {
  if (!waiting) return;
  try {
    show(await api("GET", `/api/lobby/${waiting}`));
  } catch (err) {
    if (err.transient) window.setTimeout(poll, 3000);
    else fail(err);
  }
}

function choices() {
  return {
    mode: byId("lobby-mode").value, pace: byId("lobby-pace").value,
    seats: Number(byId("lobby-seats").value), rated: byId("lobby-rated").checked,
    public: byId("lobby-public").checked,
  };
}

byId("quick-match")?.addEventListener("click", async () => {
  const { mode, pace } = choices();
  try { show(await api("POST", "/api/lobby/quick", { mode, pace })); } catch (err) { fail(err); }
});

byId("lobby-open")?.addEventListener("click", async () => {
  try { show(await api("POST", "/api/lobby", choices())); } catch (err) { fail(err); }
});

byId("lobby-leave")?.addEventListener("click", async () => {
  if (!waiting) return;
  try {
    await api("POST", `/api/lobby/${waiting}/leave`, {});
    waiting = null;
    window.location.reload();
  } catch (err) { fail(err); }
});

document.querySelectorAll(".lobby-join").forEach((button) => button.addEventListener("click", async () => {
  try { show(await api("POST", `/api/lobby/${button.dataset.lobby}/join`, {})); } catch (err) { fail(err); }
}));

byId("profile-form")?.addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    await api("POST", "/api/profile", { name: byId("profile-name").value });
    window.location.reload();
  } catch (err) {
    byId("profile-error").textContent = profileErrorText(err);
  }
});

// every button the script serves works from now on (disabled in the page until here)
document.querySelectorAll("[data-script]").forEach((button) => { button.disabled = false; });
