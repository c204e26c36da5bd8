"""Woord Yahtzee computer opponents and hints through the tables: a greedy and a beginner
computer play their turns on the server, and the hint ranks keeps and claims by the optimal
strategy's expected final score."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import wordyahtzee.tables.strategies as strategies

from .test_api import make_app, seat


def test_computer_seats_play_woord_yahtzee(tmp_path: Path) -> None:
    app = make_app(tmp_path / "w.sqlite3")
    client = app.test_client()
    r = client.post("/api/games", json={"mode": "woord", "kind": "solo", "players": [
        "Anna", {"name": "Gert", "computer": "greedy"}, {"name": "Bea", "computer": "beginner"}],
        "rules": {"turn_seconds": None}})
    assert r.status_code == 201, r.json
    gid, token = r.json["id"], r.json["links"][0]["token"]
    tables = app.extensions["wordyahtzee.tables"]
    for _ in range(2):
        state = client.post(f"/api/games/{gid}/throw", json={}, headers=seat(token)).json["state"]
        client.post(f"/api/games/{gid}/claim", json={"box": state["turn"]["round_box"],
                                                    "words": []}, headers=seat(token))
        assert tables.settle(gid, 60)
    state = client.get(f"/api/games/{gid}").json
    assert [h["player"] for h in state["history"]] == ["Anna", "Gert", "Bea"] * 2
    assert state["turn"]["player"] == 0 and state["players"][1]["total"] > 0


def test_the_woord_hint_follows_the_optimal_strategy(tmp_path: Path) -> None:
    app = make_app(tmp_path / "h.sqlite3")
    client = app.test_client()
    r = client.post("/api/games", json={"mode": "woord", "kind": "solo", "players": ["Anna"],
                                        "rules": {"turn_seconds": None}})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    strategy: Any = strategies.get("woord", "nl/nl/40")  # computed once, then cached
    hint = client.get(f"/api/games/{gid}/hint")
    assert hint.status_code == 200
    assert hint.json["best"]["expected_total"] == round(strategy.expected_score, 2)
    client.post(f"/api/games/{gid}/throw", json={}, headers=seat(token))
    hint = client.get(f"/api/games/{gid}/hint").json
    options = hint["options"]
    assert hint["throws"] == 1 and options
    assert [o["expected_total"] for o in options] == sorted(
        (o["expected_total"] for o in options), reverse=True)
    best = hint["best"]
    if best["kind"] == "claim":
        r = client.post(f"/api/games/{gid}/claim", json={"box": best["box"],
                                                        "words": best["words"]},
                        headers=seat(token))
        assert r.status_code == 200 and r.json["points"] == best["points"]
    else:
        r = client.post(f"/api/games/{gid}/throw", json={"keep": best["dice"]},
                        headers=seat(token))
        assert r.status_code == 200
