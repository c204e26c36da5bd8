// The dictionary page: word checker, best words for letters, custom dictionary upload.
import { $, $$, api, ApiError, boxName, el, errorText, reportButton, t, thrown, tn, whyText, withWordLinks } from "./common.js";


$("check-form").addEventListener("submit", async (/** @type {SubmitEvent} */ event) => {
  event.preventDefault();
  const words = $("check-words").value.split(/[\s,]+/).filter(Boolean).slice(0, 50);
  const list = $("check-results");
  list.replaceChildren();
  $("check-error").textContent = words.length ? "" : t("words.check_need");
  if (!words.length) { $("check-words").focus(); return; }
  try {
    /** @type {import("./api.js").CheckReply} */
    const answer = await api("POST", "/api/check", { words, dictionary: $("check-dict").value });
    const dictionary = $("check-dict").value;
    list.replaceChildren(...answer.results.map((r) => el("li", { class: r.valid ? "ok" : "bad" },
      el("span", { class: "mark", "aria-hidden": "true", text: r.valid ? "✓" : "✗" }),
      el("strong", { text: r.word }), ` ${r.valid ? t("words.valid") : t("words.invalid")} `,
      el("span", { class: "why", text: `(${whyText(r.why)}) ` }),
      reportButton(r.word, dictionary, r.valid ? "wrongly_accepted" : "wrongly_refused"))));
  } catch (err) {
    list.replaceChildren(el("li", { class: "bad", text: errorText(thrown(err)) }));
  }
});

$("solve-form")?.addEventListener("submit", async (/** @type {SubmitEvent} */ event) => {
  event.preventDefault();
  const out = $("solve-results");
  const letters = $("solve-letters").value.trim().toLowerCase();
  out.replaceChildren();  // old results never stand next to new letters
  const ok = /^[a-z?]{7}$/.test(letters);
  $("solve-error").textContent = ok ? "" : t("words.solve_need7");
  $("solve-letters").setAttribute("aria-invalid", String(!ok));
  if (!ok) { $("solve-letters").focus(); return; }
  try {
    const dictionary = $("solve-dict").value;
    /** @type {import("./api.js").SolveReply} */
    const answer = await api("POST", "/api/solve", { letters, dictionary });
    const rows = Object.entries(answer.boxes || {}).map(([box, v]) => el("tr", {},
      el("th", { scope: "row", text: boxName(box) }),
      el("td", {}, ...withWordLinks(v && v.words && v.words.length ? v.words.join(" ") : "—", v?.words, dictionary)),
      el("td", { class: "num", text: v ? String(v.score) : "0" })));
    const top = (answer.words || []).slice(0, 20).map((w) => el("li", {}, el("strong", {}, ...withWordLinks(w.word, [w.word], dictionary)), ` (${w.score})`));
    out.replaceChildren(
      el("table", { class: "plain-table" }, el("thead", {}, el("tr", {},
        el("th", { scope: "col", text: t("game.box") }), el("th", { scope: "col", text: t("game.best") }),
        el("th", { scope: "col", text: t("game.points") }))), el("tbody", {}, rows)),
      top.length ? el("ol", { class: "top-words" }, top) : "");
  } catch (err) {
    out.replaceChildren(el("p", { class: "error", text: errorText(thrown(err)) }));
  }
});

/** Show the dictionaries the server has now (after an upload) in the list and the menus.
 * @param {string | null} [select] the dictionary the checker's menu is to show */
async function refreshDictionaries(select = null) {
  /** @type {import("./api.js").DictionaryList} */
  const answer = await api("GET", "/api/dictionaries");
  $("dict-list").replaceChildren(...answer.dictionaries.map((d) => el("li", { "data-name": d.name },
    el("strong", { text: d.title }), " ", el("code", { text: d.name }),
    d.word_count ? ` · ${tn("words.count", d.word_count)}` : "",
    ` · ${d.shipped ? t("words.shipped") : t("words.custom")}`,
    d.listing && d.listing !== "public" ? ` · ${t(`words.listing.${d.listing}`)}` : "")));
  $$(".dict-select").forEach((menu) => {
    const current = menu.value;
    menu.replaceChildren(...answer.dictionaries.map((d) => el("option", { value: d.name, text: d.title })));
    menu.value = select && menu.id === "check-dict" ? select : current;
  });
}

// the file field's own button speaks the browser's language: ours shows the chosen name
$("upload-file").addEventListener("change", (/** @type {Event & { target: HTMLInputElement }} */ event) => {
  const file = event.target.files?.[0];
  $("upload-file-name").textContent = file ? file.name : t("words.file_none");
});

$("upload-form").addEventListener("submit", async (/** @type {SubmitEvent & { target: HTMLFormElement }} */ event) => {
  event.preventDefault();
  const status = $("upload-status");
  const bar = $("upload-progress");
  const data = new FormData(event.target);
  const button = /** @type {HTMLButtonElement} */ (event.target.querySelector("button[type=submit]"));
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
      status.textContent = tn("words.upload_done", job.word_count, { n: job.word_count });
      const link = new URL(`/words?dictionary=${encodeURIComponent(job.name)}`, window.location.href).href;
      $("upload-link-a").textContent = link;
      $("upload-link-a").setAttribute("href", link);
      $("upload-link").hidden = false;
      await refreshDictionaries(job.name);
    } else {
      bar.hidden = true;
      status.textContent = errorText(job.error);
    }
  } catch (err) {
    bar.hidden = true;
    status.textContent = errorText(thrown(err));
  } finally {
    button.disabled = false;
  }
});
