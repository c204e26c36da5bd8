// The dictionary page: word checker, best words for letters, custom dictionary upload.
import { ApiError, api, boxName, el, errorText, t } from "./common.js";

const $ = (id) => document.getElementById(id);

$("check-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const words = $("check-words").value.split(/[\s,]+/).filter(Boolean).slice(0, 50);
  const list = $("check-results");
  if (!words.length) return;
  try {
    const answer = await api("POST", "/api/check", { words, dictionary: $("check-dict").value });
    list.replaceChildren(...answer.results.map((r) => el("li", { class: r.valid ? "ok" : "bad" },
      el("span", { class: "mark", "aria-hidden": "true", text: r.valid ? "✓" : "✗" }),
      el("strong", { text: r.word }), ` ${r.valid ? t("words.valid") : t("words.invalid")}`)));
  } catch (err) {
    list.replaceChildren(el("li", { class: "bad", text: errorText(err.error) }));
  }
});

$("solve-form")?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const out = $("solve-results");
  try {
    const answer = await api("POST", "/api/solve", {
      letters: $("solve-letters").value.trim().toLowerCase(), dictionary: $("solve-dict").value,
    });
    const rows = Object.entries(answer.boxes || {}).map(([box, v]) => el("tr", {},
      el("th", { scope: "row", text: boxName(box) }),
      el("td", { text: v && v.words && v.words.length ? v.words.join(" ") : "—" }),
      el("td", { class: "num", text: v ? String(v.score) : "0" })));
    const top = (answer.words || []).slice(0, 20).map((w) => el("li", {}, el("strong", { text: w.word }), ` (${w.score})`));
    out.replaceChildren(
      el("table", { class: "plain-table" }, el("thead", {}, el("tr", {},
        el("th", { scope: "col", text: t("game.box") }), el("th", { scope: "col", text: t("game.best") }),
        el("th", { scope: "col", text: t("game.points") }))), el("tbody", {}, rows)),
      top.length ? el("ol", { class: "top-words" }, top) : "");
  } catch (err) {
    out.replaceChildren(el("p", { class: "error", text: errorText(err.error) }));
  }
});

$("upload-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const status = $("upload-status");
  const bar = $("upload-progress");
  const data = new FormData(event.target);
  const button = event.target.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const response = await fetch("/api/dictionaries", { method: "POST", body: data });
    const payload = await response.json().catch(() => null);
    if (!response.ok) throw new ApiError(response.status, payload);
    let job = payload.job;
    bar.hidden = false;
    while (job.status === "queued" || job.status === "building") {
      bar.value = Math.round(job.progress * 100);
      status.textContent = t("words.upload_busy", { p: Math.round(job.progress * 100) });
      await new Promise((resolve) => { window.setTimeout(resolve, 400); });
      job = (await api("GET", `/api/dictionaries/jobs/${job.id}`)).job;
    }
    if (job.status === "done") {
      bar.value = 100;
      status.textContent = t("words.upload_done", { n: job.word_count });
      window.setTimeout(() => window.location.reload(), 1500);
    } else {
      bar.hidden = true;
      status.textContent = errorText(job.error);
    }
  } catch (err) {
    bar.hidden = true;
    status.textContent = errorText(err.error);
  } finally {
    button.disabled = false;
  }
});
