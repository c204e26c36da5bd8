// Who sits at an online table, drawn for every mode from what the state says: each seat's
// presence and marks, its quick reactions, the host's controls the server allows under it
// (`seats[i].host_controls`: none at a rated table, only under an absent player elsewhere),
// and for the viewer's own seat what the host last did to it and why
// (`seats[i].host_action`), with the way back to the table.
import { $, $$, announce, api, el, errorText, t, thrown, tn } from "./common.js";


/** A duration in words: minutes under an hour, hours under two days, else days.
 * @param {number} seconds */
function awayFor(seconds) {
  const minutes = Math.max(1, Math.floor(seconds / 60));
  if (minutes < 60) return tn("seats.minutes", minutes);
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? tn("seats.hours", hours) : tn("seats.days", Math.floor(hours / 24));
}

/** When, as the viewer's clock writes it: the time today, else the day and the time.
 * @param {number} at */
function when(at) {
  const date = new Date(at * 1000);
  const today = date.toDateString() === new Date().toDateString();
  const lang = document.documentElement.lang || "nl";
  return new Intl.DateTimeFormat(lang, today ? { timeStyle: "short" }
    : { dateStyle: "short", timeStyle: "short" }).format(date);
}

/** What the host did to your seat, who and why, in one sentence.
 * @param {import("./api.js").HostAction} done */
function hostActionText(done) {
  const params = { host: done.host, time: when(done.at ?? 0),
    level: done.level ? t(`level.short.${done.level}`) : "" };
  const what = done.action === "skip" ? t("seats.host_skipped", params)
    : done.action === "remove" ? t("seats.host_removed", params) : t("seats.host_computer", params);
  const why = done.absent_seconds === null || done.absent_seconds === undefined ? ""
    : `: ${t("seats.host_why", { away: awayFor(done.absent_seconds) })}`;
  return `${what}${why}.`;
}

/**
 * The seats of table `gameId` for `table` (its `you`, `own`, `token`); `send(seat, action,
 * body)` posts a seat action (the host's, or `return`), shows the answer and says whether
 * it was done; `message(text)` shows a line.
 * @param {string} gameId
 * @param {import("./types.js").Table} table
 * @param {(seat: number, action: string, body?: Record<string, unknown>) => Promise<boolean>} send
 * @param {(text: string) => void} message
 */
export function seatsView(gameId, table, send, message) {
  /** @type {string[] | null} */
  let levels = null;       // computer levels of this mode (GET /api/meta), fetched once
  /** @type {number | null} */
  let lastReaction = null; // the newest reaction announced to screen readers
  let lastNotice = "";     // the notice last announced

  /**
   * @param {import("./types.js").Shown} state
   * @param {import("./api.js").Seat} seat
   */
  function controls(state, seat) {
    const allowed = seat.host_controls || [];
    if (allowed.includes("computer") && levels === null) {
      levels = [];
      api("GET", "/api/meta").then((meta) => {
        const known = meta[state.mode]?.computer_levels || [];
        levels = known;
        if (known.length && table.state) draw(table.state);
      }).catch(() => { levels = null; });
    }
    const out = [];
    if (allowed.includes("skip")) {
      out.push(el("button", {
        type: "button", class: "secondary small", "data-action": "skip",
        onclick: () => send(seat.seat, "skip"),
      }, t("seats.skip")));
    }
    if (allowed.includes("computer") && levels && levels.length) {
      const select = el("select", { class: "seat-level", "aria-label": t("seats.level_label", { name: seat.name }) },
        levels.map((level) => el("option", { value: level, text: t(`level.short.${level}`) })));
      out.push(select, el("button", {
        type: "button", class: "secondary small", "data-action": "computer",
        onclick: () => send(seat.seat, "computer", { level: select.value }),
      }, t("seats.computer_take")));
    }
    if (allowed.includes("remove")) {
      out.push(el("button", {
        type: "button", class: "secondary small", "data-action": "remove",
        onclick: () => {
          if (window.confirm(t("seats.remove_confirm", { name: seat.name }))) send(seat.seat, "remove");
        },
      }, t("seats.remove")));
    }
    return out;
  }

  /** For the viewer's own seat: what the host did to it and why, and the way back.
   * @param {import("./types.js").Shown} state */
  function drawNotice(state) {
    const box = $("seat-notice");
    if (!box) return;
    const seat = state.seats.find((s) => (table.own || []).includes(s.seat) && s.host_action);
    const gone = seat && state.status === "active" && (seat.left || seat.computer);
    box.hidden = !seat;
    if (!seat) {
      lastNotice = "";
      return;
    }
    const text = hostActionText(/** @type {import("./api.js").HostAction} */ (seat.host_action));
    $("seat-notice-text").textContent = text;
    const button = $("seat-return");
    button.hidden = !gone;
    button.dataset.seat = String(seat.seat);
    if (text !== lastNotice) {
      lastNotice = text;
      announce(text, true);
    }
  }

  /** @param {import("./types.js").Shown} state */
  function draw(state) {
    const section = $("seats");
    if (!section) return;
    section.hidden = state.kind !== "online" || !state.seats;
    if (section.hidden) return;
    const mover = state.to_move;
    const items = state.seats.map((seat) => {
      const mine = (table.own || []).includes(seat.seat);
      const marks = [];
      if (seat.computer) marks.push(t("seats.computer", { level: t(`level.short.${seat.computer}`) }));
      else if (seat.left) marks.push(t("seats.left"));
      else if (seat.away) marks.push(t("seats.away"));
      else if (seat.present) marks.push(t("seats.present"));
      else marks.push((state.waiting_for || []).includes(seat.seat) ? t("seats.not_yet") : t("seats.absent"));
      if (mine) marks.push(t("seats.you"));
      if (seat.seat === mover) marks.push(t("seats.to_move"));
      const dotClass = seat.computer ? "computer" : seat.left ? "left"
        : seat.present ? "present" : seat.away ? "away" : "absent";
      const buttons = table.you.includes(state.host ?? 0) && !mine ? controls(state, seat) : [];
      const said = (state.reactions || []).filter((r) => r.seat === seat.seat).pop();
      return el("li", { "data-seat": String(seat.seat), class: seat.seat === mover ? "to-move" : null },
        el("span", { class: `dot ${dotClass}`, "aria-hidden": "true" }),
        el("span", { class: "seat-name", text: seat.name }),
        said ? el("span", { class: "reaction-bubble", title: t(`reaction.${said.emote}`), text: said.symbol }) : null,
        el("span", { class: "seat-marks muted", text: marks.join(" · ") }),
        buttons.length ? el("span", { class: "seat-controls" }, buttons) : null);
    });
    $("seat-list").replaceChildren(...items);
    drawNotice(state);
    const bar = $("reactions");
    if (bar) bar.hidden = table.you.length === 0 || state.status !== "active";
    const latest = (state.reactions || []).at(-1);
    if (latest && latest.at !== lastReaction) {
      lastReaction = latest.at;
      const name = state.seats[latest.seat]?.name ?? "?";
      announce(t("reaction.said", { name, reaction: t(`reaction.${latest.emote}`) }));
    }
  }

  $$("#reactions .reaction").forEach((button) => button.addEventListener("click", async () => {
    try {
      await api("POST", `/api/games/${gameId}/react`, { emote: button.dataset.emote }, table.token);
    } catch (err) {
      message(errorText(thrown(err)));
    }
  }));

  $("seat-return")?.addEventListener("click", async (/** @type {Event & { target: HTMLElement }} */ event) => {
    if (await send(Number(event.target.dataset.seat), "return")) announce(t("seats.back"));
  });

  return { draw };
}
