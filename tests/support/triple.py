"""Triple Yahtzee through the API: a table made, a turn played on the first box offered."""

from __future__ import annotations

from typing import Any

from wordyahtzee.modes.classic import BOXES

from .app import seat


def new_triple(client: Any, players: list[Any], kind: str = "solo"
               ) -> tuple[str, str, dict[str, Any]]:
    r = client.post("/api/games", json={"mode": "triple", "kind": kind, "players": players})
    assert r.status_code == 201, r.json
    return r.json["id"], r.json["links"][0]["token"], r.json["state"]


def first_option(state: dict[str, Any]) -> tuple[int, str, int]:
    """The first open box offered, lowest column first."""
    for column in ("1", "2", "3"):
        for box in BOXES:
            if box in state["options"].get(column, {}):
                return int(column), box, state["options"][column][box]
    raise AssertionError("no option offered")


def play_turn(client: Any, app: Any, gid: str, token: str) -> dict[str, Any]:
    """Throw once, write the first box offered, and wait for the computers."""
    r = client.post(f"/api/games/{gid}/act/throw", json={"keep": []}, headers=seat(token))
    assert r.status_code == 200, r.json
    assert len(r.json["dice"]) == 5 and r.json["state"]["turn"]["dice"] == r.json["dice"]
    column, box, points = first_option(r.json["state"])
    r = client.post(f"/api/games/{gid}/act/claim",
                    json={"box": box, "column": column, "seq": r.json["state"]["seq"]},
                    headers=seat(token))
    assert r.status_code == 200, r.json
    assert (r.json["points"], r.json["column"], r.json["box"]) == (points, column, box)
    assert r.json["weighted"] == column * points
    assert app.extensions["wordyahtzee.tables"].settle(gid, 20)
    return dict(client.get(f"/api/games/{gid}").json)
