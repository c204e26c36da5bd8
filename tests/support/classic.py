"""Classic Yahtzee through the API: a table made, a turn played."""

from __future__ import annotations

from typing import Any

from wordyahtzee.modes.classic import BOXES

from .app import seat


def new_classic(client: Any, players: list[Any], kind: str = "solo",
                **rules: Any) -> tuple[str, list[dict[str, Any]], dict[str, Any]]:
    r = client.post("/api/games", json={"mode": "classic", "kind": kind, "players": players,
                                        "rules": rules})
    assert r.status_code == 201, r.json
    return r.json["id"], r.json["links"], r.json["state"]


def play_turn(client: Any, app: Any, gid: str, token: str) -> dict[str, Any]:
    """Throw once and write the first box the state offers; wait for the computers."""
    r = client.post(f"/api/games/{gid}/act/throw", json={"keep": []}, headers=seat(token))
    assert r.status_code == 200, r.json
    assert len(r.json["dice"]) == 5 and r.json["state"]["turn"]["dice"] == r.json["dice"]
    options = r.json["state"]["options"]
    box = next(b for b in BOXES if b in options)
    r = client.post(f"/api/games/{gid}/act/claim", json={"box": box, "seq": r.json["state"]["seq"]},
                    headers=seat(token))
    assert r.status_code == 200, r.json
    assert r.json["points"] == options[box]
    assert app.extensions["wordyahtzee.tables"].settle(gid, 20)
    return dict(client.get(f"/api/games/{gid}").json)
