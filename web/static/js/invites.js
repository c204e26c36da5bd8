// The host's invite card (#invite) at an online table: each other seat's link and the
// watch link, from the server (GET /api/games/<id>/invites, so the host sees them on any
// device), each with Copy and, where the browser can, Share; until the game ends.
import { $, announce, api, el, t } from "./common.js";

/** The invite card of `table` (its `token`, `you`, `state`) at game `gameId`; returns
 * `{ draw(state) }`, called with every state. */
export function inviteCard(gameId, table) {
  let invites = null;  // the host's invite links, fetched once

  function draw(state) {
    const section = $("invite");
    if (!section || !state) return;
    if (state.kind !== "online" || !table.you.includes(state.host ?? 0) || state.status === "finished") {
      section.hidden = true;
      return;
    }
    if (invites === null) {
      invites = [];
      api("GET", `/api/games/${gameId}/invites`, undefined, table.token).then((answer) => {
        invites = answer;
        draw(table.state);
      }).catch(() => { invites = null; });
      return;
    }
    if (!invites.links) return;
    const links = invites.links.filter((link) => !link.seats.some((s) => table.you.includes(s)));
    const origin = window.location.origin;
    $("invite-list").replaceChildren(
      ...links.map((link) => row(link.name, origin + link.url, "seat")),
      row(t("game.watch_link"), origin + (invites.watch_url || `/games/${gameId}`), "watch"));
    section.hidden = false;
  }

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
        type: "button", class: "secondary small copy", text: t("game.copy"),
        "aria-label": `${t("game.copy")}: ${label}`,
        onclick: async (event) => {
          try { await navigator.clipboard.writeText(url); } catch { input.select(); document.execCommand?.("copy"); }
          event.target.textContent = t("game.copied");
          announce(t("game.copied"));
        },
      }), share);
  }

  return { draw };
}
