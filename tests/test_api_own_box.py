"""A player's own box: seven dice entered once (an Umlaut counts as its plain vowel), kept as
a dice set the server names (its link), checked like any dice set; a score pad with it
scores and checks words with its letters and points. Who owns a box and who sees it:
tests/test_api_owned.py."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from wordyahtzee.dice import DiceSet

from .support.app import make_app, seat


def nl_dice() -> list[list[list[Any]]]:
    return copy.deepcopy(DiceSet.load("nl").to_json()["dice"])


def test_an_own_box_is_kept_shared_and_played_with(tmp_path: Path) -> None:
    app = make_app(tmp_path / "box.sqlite3")
    client = app.test_client()
    dice = nl_dice()
    dice[0][5] = ["Q", 10]                                           # a letter of its own
    dice[1] = [["Ä", 1], ["e", 1], ["Ö", 1], ["u", 4], ["i", 1], ["w", 5]]  # Umlauts
    r = client.post("/api/dice-sets", json={"title": "Onze doos", "dice": dice})
    assert r.status_code == 201, r.json
    name = r.json["name"]  # the server names it: 128 random bits, its link
    assert name.startswith("box-") and len(name) == 30
    assert r.json["url"] == f"/dice/{name}" and r.json["own"] and r.json["mine"]
    assert r.json["dice"][1][0] == ["a", 1] and r.json["dice"][1][2] == ["o", 1]
    assert r.json["dice"][0][5] == ["q", 10]
    # the same box entered twice is two boxes, each with its own link
    again = client.post("/api/dice-sets", json={"title": "Onze doos", "dice": dice})
    assert again.status_code == 201 and again.json["name"] != name
    shared = client.get(f"/dice/{name}").get_data(as_text=True)
    assert "Onze doos" in shared and f"dice_set={name}" in shared
    assert client.get(f"/api/dice-sets/{name}").json["title"] == "Onze doos"
    assert name in client.get("/api/meta").json["dice_sets"]
    assert client.get("/api/dice-sets/geen-doos").status_code == 404
    # a pad with it: the letters and points of this box, not the shipped set's
    r = client.post("/api/games", json={"mode": "woord", "kind": "pad", "players": ["Anna"],
                                        "rules": {"dice_set": name, "turn_seconds": None}})
    assert r.status_code == 201, r.json
    gid, token = r.json["id"], r.json["links"][0]["token"]
    # q shows only on this box's first die, worth 10; the shipped set has no q
    r = client.post(f"/api/games/{gid}/act/throw", json={"faces": "qaksdhe"}, headers=seat(token))
    assert r.status_code == 200, r.json
    assert r.json["state"]["turn"]["dice"][0] == {"letter": "q", "value": 10, "blank": False}
    r = client.post(f"/api/games/{gid}/act/claim", json={"box": "letters_2", "words": ["ah"]},
                    headers=seat(token))
    assert r.status_code == 200, r.json
    assert r.json["points"] == 1 + 4
    # the same faces at a pad with the shipped set: no die shows a q
    r = client.post("/api/games", json={"mode": "woord", "kind": "pad", "players": ["Bea"]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    r = client.post(f"/api/games/{gid}/act/throw", json={"faces": "qaksdhe"}, headers=seat(token))
    assert r.status_code == 422 and r.json["error"]["code"] == "impossible_throw"


def test_a_malformed_box_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    app = make_app(tmp_path / "bad.sqlite3", RATE_LIMITS={"dice_sets": ""})  # every try counts
    client = app.test_client()
    good = nl_dice()
    bad_bodies: list[Any] = [
        {"dice": good},                                        # no title
        {"title": " ", "dice": good},                          # an empty one
        {"title": 7, "dice": good},
        {"title": "zes stenen", "dice": good[:6]},             # six dice
        {"title": "vijf zijden", "dice": [d[:5] for d in good]},
        {"title": "cijfer", "dice": [[["1", 1]] * 6, *good[1:]]},
        {"title": "twee waarden", "dice": [[["a", 1], ["a", 2], *good[0][2:]], *good[1:]]},
        {"title": "blanco punten", "dice": [[["?", 3], *good[0][1:]], *good[1:]]},
        {"title": "negatief", "dice": [[["a", -1], *good[0][1:]], *good[1:]]},
        {"title": "lange letter", "dice": [[["aaaaaaaa", 1], *good[0][1:]], *good[1:]]},
        {"title": "geen lijst", "dice": "abc"},
        ["niet", "een", "object"],
    ]
    for body in bad_bodies:
        r = client.post("/api/dice-sets", json=body)
        assert r.status_code == 400, (body, r.json)
        assert r.json["error"]["code"] in ("bad_dice_set", "bad_json"), (body, r.json)
        assert r.json["error"]["message"] and "\n" not in r.json["error"]["message"]
    assert [d for d in client.get("/api/dice-sets").json["dice_sets"] if d["own"]] == []
