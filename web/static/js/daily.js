// The daily game's page, the profile page and a profile's link (/p/<secret>): making a
// profile, starting the day's one attempt, copying the result, renaming and deleting.
import { $, $$, announce, api, copyText, errorText, profileErrorText, t, thrown } from "./common.js";
import { rememberSeat } from "./seat-store.js";


/** Show an API error in the page's error line.
 * @param {HTMLElement | null} line
 * @param {unknown} err */
function fail(line, err) {
  if (line) line.textContent = errorText(thrown(err));
}

/** Start today's game of the page's mode and go to its table.
 * @param {string} mode
 * @param {HTMLElement | null} line */
async function start(mode, line) {
  try {
    const answer = await api("POST", `/api/daily/${mode}`, {});
    rememberSeat(answer.game_id, answer.token);
    window.location.assign(answer.url);
  } catch (err) {
    if (thrown(err)?.code === "daily_played") window.location.reload();
    else fail(line, err);
  }
}

const play = $("daily-play");
if (play) {
  const mode = play.dataset.mode;
  const line = $("daily-error");
  $("daily-start")?.addEventListener("click", () => start(mode, line));
  $("profile-form")?.addEventListener("submit", async (/** @type {SubmitEvent} */ event) => {
    event.preventDefault();
    try {
      await api("POST", "/api/profile", { name: $("profile-name").value });
    } catch (err) {
      if (line) line.textContent = profileErrorText(err);
      return;
    }
    await start(mode, line);
  });
}

$("share-copy")?.addEventListener("click", async () => {
  const text = /** @type {HTMLInputElement} */ ($("share-text"));
  await copyText(text.value, text);
  $("share-done").textContent = t("daily.copied");
});

$("profile-link-copy")?.addEventListener("click", async (/** @type {MouseEvent & { target: HTMLElement }} */ event) => {
  const link = /** @type {HTMLInputElement} */ ($("profile-link"));
  await copyText(link.value, link);
  event.target.textContent = t("game.copied");
  announce(t("game.copied"));
});

$("rename-form")?.addEventListener("submit", async (/** @type {SubmitEvent} */ event) => {
  event.preventDefault();
  try {
    const answer = await api("PATCH", "/api/profile", { name: $("rename").value });
    $("profile-name").textContent = answer.name;
    $("profile-error").textContent = "";
  } catch (err) {
    fail($("profile-error"), err);
  }
});

$("profile-link")?.addEventListener("focus", (/** @type {FocusEvent & { target: HTMLInputElement }} */ event) => event.target.select());

$("profile-delete")?.addEventListener("click", async () => {
  if (!window.confirm(t("profile.delete_confirm"))) return;
  try {
    await api("DELETE", "/api/profile");
    window.location.assign("/");
  } catch (err) {
    fail($("profile-error"), err);
  }
});

$("carry-use")?.addEventListener("click", async () => {
  try {
    await api("POST", "/api/profile/carry", { secret: $("carry").dataset.secret });
    window.location.assign("/profile");
  } catch (err) {
    fail($("carry-error"), err);
  }
});

// a turn's deadline in the reader's own time
$$("[data-deadline]").forEach((item) => {
  const when = new Date(Number(item.dataset.deadline) * 1000);
  item.textContent = t("profile.turn_until", { when: when.toLocaleString(document.documentElement.lang) });
});

// every button the script serves works from now on (disabled in the page until here)
$$("[data-script]").forEach((button) => { button.disabled = false; });
