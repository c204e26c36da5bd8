// The link between a game page and its table on the server, shared by every mode's page:
// the seat token from the invite link, the first load, the live updates (server-sent
// events, reconnecting) and the player's actions (each carrying the state's sequence
// number, so a stale page gets the current state back instead of acting on an old one).
import { ApiError, announce, api, el, errorText, t } from "./common.js";

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
    you: [],      // the seats this browser acts for
    seq: -1,      // the sequence number of the state shown
    busy: false,  // an action is on its way
    act,
    showInvites,
    start: () => load().then(listen),
  };

  function show(next) {
    table.seq = next.seq;
    view.render(next);
  }

  async function load() {
    try {
      const answer = await api("GET", `/api/games/${gameId}`, undefined, table.token);
      table.you = answer.you || [];
      show(answer);
    } catch (err) {
      view.message(errorText(err.error));
    }
  }

  function listen() {
    const source = new EventSource(`/api/games/${gameId}/events`);
    source.addEventListener("state", (event) => {
      const next = JSON.parse(event.data);
      if (next.seq >= table.seq) show(next);
    });
    source.addEventListener("error", () => {
      if (source.readyState === EventSource.CLOSED) window.setTimeout(listen, 2000);
    });
  }

  async function act(action, body) {
    if (table.busy) return null;
    setBusy(true);
    try {
      const answer = await api("POST", `/api/games/${gameId}/${action}`,
        { ...body, seq: table.seq }, table.token);
      show(answer.state);
      return answer;
    } catch (err) {
      let text = errorText(err.error);
      if (err instanceof ApiError && err.payload?.state) {
        show(err.payload.state);
        if (err.error.code === "time_up") text = t("game.time_up");
      }
      view.message(text);
      announce(text, true);
      return null;
    } finally {
      setBusy(false);
    }
  }

  /** The host's invite links (kept in this tab when the table was made), until it ends. */
  function showInvites(state) {
    const section = document.getElementById("invite");
    const stored = sessionStorage.getItem(`wy-links-${gameId}`);
    if (state.kind !== "online" || !stored || state.status === "finished") {
      section.hidden = true;
      return;
    }
    const links = JSON.parse(stored).filter((link) => !link.seats.some((s) => table.you.includes(s)));
    const origin = window.location.origin;
    const row = (label, url) => {
      const input = el("input", { type: "text", readonly: true, value: url, "aria-label": label });
      return el("li", {}, el("span", { class: "invite-name", text: label }), input,
        el("button", {
          type: "button", class: "secondary small", text: t("game.copy"),
          onclick: async (event) => {
            try { await navigator.clipboard.writeText(url); } catch (err) { input.select(); }
            event.target.textContent = t("game.copied");
          },
        }));
    };
    document.getElementById("invite-list").replaceChildren(
      ...links.map((link) => row(link.name, origin + link.url)),
      row(t("game.watch_link"), `${origin}/games/${gameId}`));
    section.hidden = false;
  }

  function setBusy(flag) {
    table.busy = flag;
    view.busy();
  }

  return table;
}
