// The link between a game page and its table on the server, shared by every mode's page:
// the seat token from the invite link, the first load, the live updates (server-sent
// events, reconnecting, counting this viewer as present at its seats) and the player's
// actions (each carrying the state's sequence number, so a stale page gets the current
// state back instead of acting on an old one). It also draws what every table has: who is
// at the table and the host's controls (seats.js), the idle countdown, the invite links,
// the rematch, the hot-seat hand-over, the tab title and the optional turn sound.
import { $, announce, api, ApiError, el, errorText, moment, t } from "./common.js";
import { seatsView } from "./seats.js";
import { beep } from "./sound.js";

const SOUND_KEY = "wy-sound";

/**
 * Connect a game page to table `gameId`. The page supplies `view`:
 * `render(state)` draws a state, `message(text)` shows a line, `busy()` re-enables or
 * disables its controls after `table.busy` changed. Call `table.start()` once.
 */
export function connectTable(gameId, view) {
  const hashToken = new URLSearchParams(window.location.hash.slice(1)).get("seat");
  if (hashToken) localStorage.setItem(`wy-seat-${gameId}`, hashToken);
  const table = {
    token: hashToken || localStorage.getItem(`wy-seat-${gameId}`),
    own: [],      // the seats this browser's link holds (one a computer plays too)
    you: [],      // the seats this browser acts for: those of `own` no computer plays
    seq: -1,      // the sequence number of the state shown
    busy: false,  // an action is on its way
    state: null,  // the state shown
    act,
    refresh: load, // ask the server again (it applies a due timeout or idle skip first)
    showInvites,   // kept for pages that call it; drawn on every state anyway
    myTurn,
    watching,
    turnLine,
    announceTurn,
    start: () => load().then(() => { resend(); listen(); }),
  };
  let clockOffset = 0;  // server time minus this browser's time, in seconds
  let idleHandle = null;
  let idleAsked = 0;
  let invites = null;   // the host's invite links, fetched once

  // Whose turn it is comes from the table's state (`to_move`, the same in every mode).
  function myTurn(state = table.state) {
    return Boolean(state && state.to_move !== null && table.you.includes(state.to_move));
  }

  // Does this browser only watch (it acts for no seat, once the table is known)?
  function watching() {
    return table.state !== null && table.you.length === 0;
  }

  // The line that says whose turn it is, seen from this browser: yours, a computer's (with
  // its level), someone you wait for, or someone you watch. "" when nobody is to move.
  function turnLine(seat = table.state?.to_move) {
    const state = table.state;
    if (!state || seat === null || seat === undefined) return "";
    const name = state.players[seat]?.name ?? "?";
    const level = state.seats?.[seat]?.computer;
    if (level) return t("game.computer_turn", { name, level: t(`level.short.${level}`) });
    if (table.you.includes(seat)) {
      return table.you.length > 1 ? t("game.turn_of", { name }) : t("game.your_turn", { name });
    }
    if (table.you.length === 0) return `${t("game.turn_of", { name })} ${t("game.watching")}`;
    return t("game.waiting_for", { name });
  }

  // When a turn has just ended: say what it did (`describe(turn)` of the last history
  // entry) and who is to move now, in the live region and the message line. True if so.
  function announceTurn(previous, current, describe) {
    const done = current.history.length;
    if (!previous || done <= previous.history.length) return false;
    const text = describe(current.history[done - 1]);
    announce(`${text} ${current.to_move === null ? `${t("game.over")}.` : turnLine(current.to_move)}`);
    view.message(text);
    return true;
  }

  // Never back: the stream can bring the moves that follow an action (a computer's, the
  // next player's) before the action's own answer arrives; that older answer is dropped,
  // or the page would wait on a state the server has left, and that a resumed stream
  // (Last-Event-ID) would not send again.
  function show(next) {
    const previous = table.state;
    if (previous && next.seq < previous.seq) return;
    table.seq = next.seq;
    table.state = next;
    table.you = table.own.filter((seat) => !next.seats?.[seat]?.computer);
    if (typeof next.server_time === "number") clockOffset = next.server_time - Date.now() / 1000;
    view.render(next);
    drawTable(previous, next);
  }

  async function load() {
    try {
      const answer = await api("GET", `/api/games/${gameId}`, undefined, table.token);
      table.own = answer.own || answer.you || [];
      show(answer);
    } catch (err) {
      view.message(errorText(err.error));
    }
  }

  function listen() {
    const query = table.token ? `?token=${encodeURIComponent(table.token)}` : "";
    const source = new EventSource(`/api/games/${gameId}/events${query}`);
    source.addEventListener("state", (event) => {
      show(JSON.parse(event.data));
    });
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) window.setTimeout(listen, 2000);
    });
  }

  async function act(action, body) {
    if (table.busy) return null;
    setBusy(true);
    let waiting = false;
    let retried = false;
    try {
      const answer = await post(action, { ...body, seq: table.seq }, () => { retried = true; });
      show(answer.state);
      if (retried) view.message("");
      return answer;
    } catch (err) {
      if (retried && err instanceof ApiError && err.error.code === "stale" && err.payload?.state) {
        show(err.payload.state);  // an earlier try did arrive (only its answer was lost)
        view.message("");
        return null;
      }
      if (err instanceof ApiError && err.status === 0 && table.state?.kind === "pad") {
        // at the kitchen table the connection drops: keep the entry, say so, send it again
        localStorage.setItem(queueKey, JSON.stringify({ action, body: { ...body, seq: table.seq } }));
        waiting = true;
        view.message(t("pad.queued"));
        announce(t("pad.queued"), true);
        window.setTimeout(resend, RESEND_MS);
        return null;
      }
      let text = errorText(err.error);
      if (err instanceof ApiError && err.payload?.state) {
        show(err.payload.state);
        if (err.error.code === "time_up") text = t("game.time_up");
      }
      view.message(text);
      announce(text, true);
      return null;
    } finally {
      if (!waiting) setBusy(false);
    }
  }

  // While the server is briefly out of reach (a process restarting behind the proxy, the
  // database restarting), send the move again for a while, as often as Retry-After allows;
  // its `seq` keeps a try that did arrive from counting twice. A score pad without a
  // connection at all keeps its entry instead (below).
  const RETRY_FOR_MS = 20000;
  async function post(action, body, retrying) {
    const until = Date.now() + RETRY_FOR_MS;
    for (;;) {
      try {
        return await api("POST", `/api/games/${gameId}/${action}`, body, table.token);
      } catch (err) {
        const offlinePad = err.status === 0 && table.state?.kind === "pad";
        if (!(err instanceof ApiError) || !err.transient || offlinePad || Date.now() > until) {
          throw err;
        }
        retrying();
        view.message(t("game.reconnecting"));
        const seconds = Math.min(5, Math.max(1, err.retryAfter));
        await new Promise((resolve) => { window.setTimeout(resolve, seconds * 1000); });
      }
    }
  }

  // A score pad's entry that met no connection waits in this browser (a reload keeps it)
  // and is sent again until the server answers; its `seq` keeps it from counting twice.
  const queueKey = `wy-queue-${gameId}`;
  const RESEND_MS = 2000;
  async function resend() {
    const entry = JSON.parse(localStorage.getItem(queueKey) || "null");
    if (!entry) return;
    setBusy(true);
    try {
      const answer = await api("POST", `/api/games/${gameId}/${entry.action}`, entry.body, table.token);
      localStorage.removeItem(queueKey);
      show(answer.state);
      view.message(t("pad.sent"));
      announce(t("pad.sent"));
      setBusy(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 0) {
        window.setTimeout(resend, RESEND_MS);
        return;
      }
      localStorage.removeItem(queueKey);  // the server has it already, or refuses it: say why
      if (err instanceof ApiError && err.payload?.state) show(err.payload.state);
      // "stale": the first try did arrive (only its answer was lost), so it counts once
      view.message(err.error?.code === "stale" ? t("pad.sent") : errorText(err.error));
      setBusy(false);
    }
  }
  window.addEventListener("online", resend);

  function setBusy(flag) {
    table.busy = flag;
    view.busy();
  }

  // -- everything a table has, whatever its mode ------------------------------------------
  function drawTable(previous, state) {
    seats.draw(state);
    syncIdle(state);
    showInvites(state);
    drawRematch(state);
    drawHandover(previous, state);
    drawTitle(state);
    drawSound();
    if (previous && !myTurn(previous) && myTurn(state) && state.kind === "online") turnBeep();
  }

  function isHost(state) {
    return table.you.includes(state.host ?? 0);
  }

  // A seat action: the host's over another seat, or `return` to one's own; true when done.
  async function sendSeat(seat, action, body = {}) {
    if (table.busy) return false;
    setBusy(true);
    try {
      const answer = await api("POST", `/api/games/${gameId}/seats/${seat}/${action}`, body, table.token);
      show(answer.state);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.payload?.state) show(err.payload.state);
      const text = errorText(err.error);
      view.message(text);
      announce(text, true);
      return false;
    } finally {
      setBusy(false);
    }
  }
  const seats = seatsView(gameId, table, sendSeat, (text) => view.message(text));

  /** When the seat to move loses its turn if nobody acts (online tables without an
   * hourglass); at the deadline ask the server, which applies the skip. */
  function syncIdle(state) {
    const box = $("idle");
    if (!box) return;
    const deadline = state.idle_deadline;
    box.hidden = deadline === null || deadline === undefined || state.to_move === null || state.kind !== "online";
    if (box.hidden) {
      window.clearInterval(idleHandle);
      idleHandle = null;
      return;
    }
    if (!idleHandle) idleHandle = window.setInterval(() => tickIdle(), 500);
    tickIdle();
  }

  function tickIdle() {
    const state = table.state;
    const box = $("idle");
    if (!state || !box || box.hidden || state.to_move === null) return;
    const left = Math.max(0, state.idle_deadline - (Date.now() / 1000 + clockOffset));
    const whole = Math.ceil(left);
    const clock = `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
    const name = state.players[state.to_move]?.name ?? "?";
    box.textContent = myTurn(state) ? t("seats.idle_you", { s: clock }) : t("seats.idle", { name, s: clock });
    box.classList.toggle("low", left <= 15);
    if (left <= 0 && Date.now() - idleAsked > 3000) {
      idleAsked = Date.now();
      window.setTimeout(load, 300);
    }
  }

  /** The host's invite links, from the server (on any device), until the game ends. */
  function showInvites(state = table.state) {
    const section = $("invite");
    if (!section || !state) return;
    if (state.kind !== "online" || !isHost(state) || state.status === "finished") {
      section.hidden = true;
      return;
    }
    if (invites === null) {
      invites = [];
      api("GET", `/api/games/${gameId}/invites`, undefined, table.token).then((answer) => {
        invites = answer;
        showInvites(table.state);
      }).catch(() => { invites = null; });
      return;
    }
    if (!invites.links) return;
    const links = invites.links.filter((link) => !link.seats.some((s) => table.you.includes(s)));
    const origin = window.location.origin;
    const row = (label, url, kind) => {
      const input = el("input", { type: "text", readonly: true, value: url, "aria-label": label });
      const share = navigator.share ? el("button", {
        type: "button", class: "secondary small share", text: t("game.share"),
        "aria-label": `${t("game.share")}: ${label}`,
        onclick: () => navigator.share({ title: t("app.title"), text: t("game.share_text", { name: label }), url })
          .catch(() => {}),
      }) : null;
      return el("li", { "data-kind": kind }, el("span", { class: "invite-name", text: label }), input,
        el("button", {
          type: "button", class: "secondary small copy", text: t("game.copy"),
          "aria-label": `${t("game.copy")}: ${label}`,
          onclick: async (event) => {
            try { await navigator.clipboard.writeText(url); } catch { input.select(); document.execCommand?.("copy"); }
            event.target.textContent = t("game.copied");
            announce(t("game.copied"));
          },
        }), share);
    };
    $("invite-list").replaceChildren(
      ...links.map((link) => row(link.name, origin + link.url, "seat")),
      row(t("game.watch_link"), origin + (invites.watch_url || `/games/${gameId}`), "watch"));
    section.hidden = false;
  }

  /** At the end: a button for a new game with the same players and rules; once someone
   * made it, the others see that it is waiting for them. */
  function drawRematch(state) {
    const wrap = $("rematch-wrap");
    if (!wrap) return;
    const daily = $("daily-wrap");
    if (daily && state.daily) {  // a daily game: one attempt, and its result on the day's page
      daily.hidden = state.status !== "finished";
      $("daily-link").href = `/daily/${state.mode}?date=${state.daily}`;
      // its dice are everyone's today: nobody else sees it before the day is over, so its
      // link is offered from then on, and until then the card says when
      const over = state.server_time >= state.daily_closes_at;
      const note = $("daily-watch-note");
      $("share-wrap").hidden = state.status !== "finished" || !over;
      note.hidden = state.status !== "finished" || over;
      note.textContent = t("daily.watch_later", { time: moment(new Date(state.daily_closes_at * 1000)) });
    }
    wrap.hidden = state.status !== "finished" || table.you.length === 0 || Boolean(state.daily);
    if (wrap.hidden) return;
    $("rematch-note").hidden = !state.rematch;
    $("rematch").textContent = state.rematch ? t("game.rematch_join") : t("game.rematch");
  }

  async function rematch() {
    const button = $("rematch");
    button.disabled = true;
    try {
      const answer = await api("POST", `/api/games/${gameId}/rematch`, {}, table.token);
      const token = new URLSearchParams(answer.url.split("#")[1] || "").get("seat");
      if (token) localStorage.setItem(`wy-seat-${answer.id}`, token);
      window.location.assign(answer.url);
    } catch (err) {
      view.message(errorText(err.error));
      button.disabled = false;
    }
  }
  $("rematch")?.addEventListener("click", rematch);

  /** Hot-seat: when the turn passes to another person, a screen that says whose turn it
   * is, so nobody plays on with the other's dice; it stays until they say they are there. */
  function drawHandover(previous, state) {
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
  // while the hand-over screen is up, the game's shortcut keys do nothing
  document.addEventListener("keydown", (event) => {
    const screen = $("handover");
    if (screen && !screen.hidden && !["Enter", " ", "Tab"].includes(event.key)) {
      event.stopImmediatePropagation();
    }
  }, true);
  $("handover-go")?.addEventListener("click", () => {
    $("handover").hidden = true;
    $("throw")?.focus();
  });

  function drawTitle(state) {
    const mine = state.kind === "online" && myTurn(state);
    if (mine) {
      const mark = t("game.your_turn_title");
      if (!document.title.startsWith(mark)) document.title = `${mark} · ${document.title}`;
    }
    const icon = /** @type {HTMLLinkElement | null} */ (document.querySelector("link[rel=icon]"));  // a dot on the icon: your turn
    if (icon?.dataset.turn) icon.href = mine ? icon.dataset.turn : icon.dataset.plain;
  }

  // -- the optional turn sound (off unless switched on; remembered) -------------------------
  function drawSound() {
    const box = $("sound");
    if (!box) return;
    box.checked = localStorage.getItem(SOUND_KEY) === "on";
  }
  $("sound")?.addEventListener("change", (event) => {
    localStorage.setItem(SOUND_KEY, event.target.checked ? "on" : "off");
    if (event.target.checked) turnBeep();
  });

  function turnBeep() {
    if (localStorage.getItem(SOUND_KEY) !== "on") return;
    document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
    beep();
  }

  return table;
}

/** Remember a page's unfinished turn in this tab (kept dice, typed words) so a reload
 * mid-turn gets it back; `key` names the game, turn and throw. */
export const turnMemory = {
  save(gameId, key, data) {
    try { sessionStorage.setItem(`wy-turn-${gameId}`, JSON.stringify({ key, ...data })); } catch { /* full */ }
  },
  load(gameId, key) {
    try {
      const stored = JSON.parse(sessionStorage.getItem(`wy-turn-${gameId}`) || "null");
      return stored && stored.key === key ? stored : null;
    } catch {
      return null;
    }
  },
};
