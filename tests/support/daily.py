"""The daily game through the API: a day's game started and played to its end."""

from __future__ import annotations

from typing import Any

from .app import seat


def start(client: Any, mode: str = "classic") -> dict[str, Any]:
    r = client.post(f"/api/daily/{mode}", json={})
    assert r.status_code == 201, r.json
    return dict(r.json)


def play_classic(client: Any, started: dict[str, Any], keep: list[int],
                 box_order: list[str] | None = None) -> list[list[int]]:
    """Play the daily classic game to its end: each turn throws, keeps ``keep``, throws
    again and writes the first open box (or the next of ``box_order``); every throw."""
    from wordyahtzee.modes.classic import BOXES

    gid, token = started["game_id"], started["token"]
    thrown = []
    for turn in range(13):
        for body in ({}, {"keep": keep}):
            r = client.post(f"/api/games/{gid}/act/throw", json=body, headers=seat(token))
            assert r.status_code == 200, r.json
            thrown.append(r.json["dice"])
        state = r.json["state"]
        box = (box_order or list(BOXES))[turn]
        if box_order is None:
            box = next(b for b in BOXES if b in state["options"])
        r = client.post(f"/api/games/{gid}/act/claim", json={"box": box}, headers=seat(token))
        assert r.status_code == 200, r.json
    assert r.json["state"]["status"] == "finished"
    return thrown
