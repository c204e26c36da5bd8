"""Woord Yahtzee computer opponents and hints through the tables: a greedy and a beginner
computer play their turns on the server, and the hint ranks keeps and claims by the optimal
strategy's expected final score."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

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


@pytest.mark.usefixtures("strategy_tables")
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


@pytest.mark.usefixtures("strategy_tables")
def test_a_review_weighs_every_decision_against_optimal_play(tmp_path: Path) -> None:
    app = make_app(tmp_path / "r.sqlite3")
    client = app.test_client()
    r = client.post("/api/games", json={"mode": "woord", "kind": "solo", "players": ["Anna"],
                                        "rules": {"turn_seconds": None}})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    strategies.get("woord", "nl/nl/40")
    for _ in range(2):  # a throw, a re-throw keeping nothing, then a zero
        client.post(f"/api/games/{gid}/throw", json={}, headers=seat(token))
        state = client.post(f"/api/games/{gid}/throw", json={"keep": []},
                            headers=seat(token)).json["state"]
        client.post(f"/api/games/{gid}/claim", json={"box": state["turn"]["round_box"],
                                                    "words": []}, headers=seat(token))
    review = client.get(f"/api/games/{gid}/review").json
    assert review["ready"] and [t["turn"] for t in review["turns"]] == [0, 1]
    decisions = [d for t in review["turns"] for d in t["decisions"]]
    assert [(d["throws"], d["chosen"]["kind"]) for d in decisions] == [
        (1, "keep"), (2, "claim")] * 2
    for d in decisions:
        assert d["regret"] == round(max(0.0, d["best"]["value"] - d["chosen"]["value"]), 2)
        assert d["best"]["value"] >= d["chosen"]["value"] - 0.01
    assert review["regret"][0] == round(sum(t["regret"] for t in review["turns"]), 2) > 0
    page = client.get(f"/games/{gid}/review")
    assert page.status_code == 200 and "<svg" in page.get_data(as_text=True)


@pytest.mark.usefixtures("strategy_tables")
def test_a_classic_review(tmp_path: Path) -> None:
    from wordyahtzee.advisor.classic.strategy import load_strategy

    app = make_app(tmp_path / "c.sqlite3")
    client = app.test_client()
    r = client.post("/api/games", json={"mode": "classic", "kind": "solo", "players": ["Anna"]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    strategies._ready[("classic", "free")] = load_strategy("free", quiet=True)
    client.post(f"/api/games/{gid}/throw", json={}, headers=seat(token))
    client.post(f"/api/games/{gid}/throw", json={"keep": [0]}, headers=seat(token))
    client.post(f"/api/games/{gid}/claim", json={"box": "chance"}, headers=seat(token))
    review = client.get(f"/api/games/{gid}/review").json
    decisions = review["turns"][0]["decisions"]
    assert [d["chosen"]["kind"] for d in decisions] == ["keep", "box"]
    assert decisions[1]["chosen"]["box"] == "chance"
    assert all(d["regret"] >= 0 for d in decisions)
