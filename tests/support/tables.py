"""Tables through the API: a seat's link read, a classic turn played, an online table
made, a seat's page open at the table (with its profile or without), a Woord Yahtzee turn
of zero points."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wordyahtzee.modes.classic import BOXES

from .app import seat


def link(url: str) -> tuple[str, str]:
    """The game id and seat token of a seat's link."""
    path, token = url.split("#seat=")
    return path.rsplit("/", 1)[1], token


def play_turn(client: Any, gid: str, token: str) -> dict[str, Any]:
    """A classic turn: one throw, the first open box."""
    r = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    assert r.status_code == 200, r.json
    box = next(b for b in BOXES if b in r.json["state"]["options"])
    r = client.post(f"/api/games/{gid}/act/claim", json={"box": box}, headers=seat(token))
    assert r.status_code == 200, r.json
    return dict(r.json["state"])


def online(client: Any, mode: str = "woord", players: Any = ("Anna", "Bram", "Cees"),
           **extra: Any) -> tuple[str, dict[str, str]]:
    """An online table: its id and each player's token by name."""
    r = client.post("/api/games", json={"mode": mode, "kind": "online",
                                        "players": list(players), **extra})
    assert r.status_code == 201, r.json
    tokens = {link["name"]: link["token"] for link in r.json["links"]}
    return r.json["id"], tokens


def open_page(client: Any, gid: str, token: str) -> Callable[[], None]:
    """The seat's page opens at the table (its live stream: the player is there); the
    call that closes it."""
    service = client.application.extensions["wordyahtzee.tables"]
    return service.watching(service.table(gid), token)


def play_zero(client: Any, gid: str, token: str) -> dict[str, Any]:
    """Throw once and write a 0 in the round box (Woord Yahtzee)."""
    state = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token)).json["state"]
    box = state["turn"]["round_box"]
    r = client.post(f"/api/games/{gid}/act/claim", json={"box": box, "words": []},
                    headers=seat(token))
    assert r.status_code == 200, r.json
    return r.json["state"]


def at_table(app: Any, gid: str, token: str, browser: Any = None) -> Callable[[], None]:
    """A page of the seat open at the table (its live stream; ``browser``: the test client
    whose profile holds the seat, at a table the lobby started): returns its closing."""
    service = app.extensions["wordyahtzee.tables"]
    secret = None if browser is None else profile_of(browser)
    leave: Callable[[], None] = service.watching(service.table(gid), token, secret)
    return leave


def profile_of(browser: Any) -> str:
    """The profile secret a test client's cookie holds."""
    cookie = browser.get_cookie("wy_profile")
    assert cookie is not None
    return str(cookie.value)
