// The host's invite card (#invite) at an online table: each other seat's link and the
// watch link, from the server (GET /api/games/<id>/invites, so the host sees them on any
// device), each with Copy and, where the browser can, Share; until the game ends.
import { $, announce, api, copyText, el, t } from "./common.js";

const LOOPBACK = /^(localhost|127(\.\d+){3}|\[::1\])$/;

/** The invite card of `table` (its `token`, `you`, `state`) at game `gameId`; returns
 * `{ draw(state) }`, called with every state.
 * @param {string} gameId
 * @param {import("./types.js").Table} table */
export function inviteCard(gameId, table) {
  /** @type {Partial<import("./api.js").Invites> | null} */
  let invites = null;  // the host's invite links, fetched once
  let shown = "";      // the links on screen: a new state that changes none redraws nothing
  /** @type {string | null} */
  let copied = null;   // the link copied last: it says so through every redraw

  /** @param {import("./types.js").Shown | null} state */
  function draw(state) {
    const section = $("invite");
    if (!section || !state) return;
    if (state.kind !== "online" || !table.you.includes(state.host ?? 0) || state.status === "finished") {
      section.hidden = true;
      return;
    }
    if (invites === null) {
      invites = {};
      api("GET", `/api/games/${gameId}/invites`, undefined, table.token).then((answer) => {
        invites = answer;
        draw(table.state);
      }).catch(() => { invites = null; });
      return;
    }
    if (!invites.links) return;
    const links = invites.links.filter((link) => !link.seats.some((s) => table.you.includes(s)));
    // a page opened at 127.0.0.1 makes links only this computer opens: the server's address
    // on its network instead, where it listens there; else the card says how to get one
    const origin = invites.base || window.location.origin;
    const local = LOOPBACK.test(window.location.hostname);
    $("invite-network").hidden = !invites.base;
    if (invites.base) $("invite-network").textContent = t("game.invite_network", { address: new URL(invites.base).host });
    $("invite-local").hidden = !local || Boolean(invites.base);
    const watch = origin + (invites.watch_url || `/games/${gameId}`);
    const now = JSON.stringify([links.map((link) => [link.name, link.url]), watch]);
    section.hidden = false;
    if (now === shown) return;  // a presence update: keep the rows, their focus and "copied"
    shown = now;
    $("invite-list").replaceChildren(
      ...links.map((link) => row(link.name, origin + link.url, "seat")),
      row(t("game.watch_link"), watch, "watch"));
  }

  /**
   * @param {string} label
   * @param {string} url
   * @param {string} kind
   */
  function row(label, url, kind) {
    const input = el("input", { type: "text", readonly: true, value: url, "aria-label": label });
    const share = navigator.share ? el("button", {
      type: "button", class: "secondary small share", text: t("game.share"),
      "aria-label": `${t("game.share")}: ${label}`,
      onclick: () => navigator.share({ title: t("app.title"), text: t("game.share_text", { name: label }), url })
        .catch(() => {}),
    }) : null;
    return el("li", { "data-kind": kind }, el("span", { class: "invite-name", text: label }), input,
      el("button", {
        type: "button", class: "secondary small copy", text: copied === url ? t("game.copied") : t("game.copy"),
        "aria-label": `${t("game.copy")}: ${label}`,
        onclick: async (/** @type {Event} */ event) => {
          await copyText(url, input);
          copied = url;
          /** @type {HTMLElement} */ (event.target).textContent = t("game.copied");
          announce(t("game.copied"));
        },
      }), share);
  }

  return { draw };
}
