// The lobby: make a profile, find an opponent (quick match), open a table or join one, and
// wait until its seats are taken; then go to the table with this player's seat.
import { $, $$, api, ApiError, errorText, profileErrorText, thrown, tn } from "./common.js";
import { rememberLink } from "./seat-store.js";

/** @type {string | null} */
let waiting = null;  // the lobby entry this page waits on

/** @param {unknown} err */
function fail(err) {
  $("lobby-error").textContent = errorText(thrown(err));
}

/** Show the entry's state; go to the game once it has started.
 * @param {import("./api.js").LobbyTable} entry */
function show(entry) {
  if (entry.url) {
    rememberLink(/** @type {string} */ (entry.game_id), entry.url);
    window.location.assign(entry.url);
    return;
  }
  waiting = entry.id;
  $("lobby-wait").hidden = false;
  $("lobby-wait-text").textContent = tn("lobby.waiting", entry.free, { free: entry.free });
  window.setTimeout(poll, 1500);
}

async function poll() {
  if (!waiting) return;
  try {
    show(await api("GET", `/api/lobby/${waiting}`));
  } catch (err) {
    if (err instanceof ApiError && err.transient) window.setTimeout(poll, 3000);
    else fail(err);
  }
}

function choices() {
  return {
    mode: $("lobby-mode").value, pace: $("lobby-pace").value,
    seats: Number($("lobby-seats").value), rated: $("lobby-rated").checked,
    public: $("lobby-public").checked,
  };
}

$("quick-match")?.addEventListener("click", async () => {
  const { mode, pace } = choices();
  try { show(await api("POST", "/api/lobby/quick", { mode, pace })); } catch (err) { fail(err); }
});

$("lobby-open")?.addEventListener("click", async () => {
  try { show(await api("POST", "/api/lobby", choices())); } catch (err) { fail(err); }
});

$("lobby-leave")?.addEventListener("click", async () => {
  if (!waiting) return;
  try {
    await api("POST", `/api/lobby/${waiting}/leave`, {});
    waiting = null;
    window.location.reload();
  } catch (err) { fail(err); }
});

$$(".lobby-join").forEach((button) => button.addEventListener("click", async () => {
  try { show(await api("POST", `/api/lobby/${button.dataset.lobby}/join`, {})); } catch (err) { fail(err); }
}));

$("profile-form")?.addEventListener("submit", async (/** @type {SubmitEvent} */ event) => {
  event.preventDefault();
  try {
    await api("POST", "/api/profile", { name: $("profile-name").value });
    window.location.reload();
  } catch (err) {
    $("profile-error").textContent = profileErrorText(err);
  }
});

// every button the script serves works from now on (disabled in the page until here)
$$("[data-script]").forEach((button) => { button.disabled = false; });
