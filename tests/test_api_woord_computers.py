"""Woord Yahtzee computer opponents and hints through the tables: a greedy and a beginner
computer play their turns on the server, and the hint ranks keeps and claims by the optimal
strategy's expected final score."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import wordyahtzee.tables.strategies as strategies

from .support.app import make_app, seat
from .support.clock import Clock


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
        thrown = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
        state = thrown.json["state"]
        client.post(f"/api/games/{gid}/act/claim", json={"box": state["turn"]["round_box"],
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
    client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    hint = client.get(f"/api/games/{gid}/hint").json
    options = hint["options"]
    assert hint["throws"] == 1 and options
    assert [o["expected_total"] for o in options] == sorted(
        (o["expected_total"] for o in options), reverse=True)
    best = hint["best"]
    if best["kind"] == "claim":
        r = client.post(f"/api/games/{gid}/act/claim", json={"box": best["box"],
                                                        "words": best["words"]},
                        headers=seat(token))
        assert r.status_code == 200 and r.json["points"] == best["points"]
    else:
        r = client.post(f"/api/games/{gid}/act/throw", json={"keep": best["dice"]},
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
        client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
        state = client.post(f"/api/games/{gid}/act/throw", json={"keep": []},
                            headers=seat(token)).json["state"]
        client.post(f"/api/games/{gid}/act/claim", json={"box": state["turn"]["round_box"],
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
def test_a_turn_the_hourglass_ended_is_reviewed_as_a_costly_decision(tmp_path: Path) -> None:
    clock = Clock()
    app = make_app(tmp_path / "t.sqlite3", clock)
    client = app.test_client()
    r = client.post("/api/games", json={"mode": "woord", "kind": "solo", "players": ["Anna"],
                                        "rules": {"turn_seconds": 60}})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    strategy: Any = strategies.get("woord", "nl/nl/40")
    # turn 0: one throw, then the hourglass runs out
    client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    clock.now += 61
    state = client.get(f"/api/games/{gid}").json
    assert state["history"][0]["timeout"] and state["turn"]["number"] == 1
    # turn 1: a throw, a re-throw keeping nothing, then time runs out again
    client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    client.post(f"/api/games/{gid}/act/throw", json={"keep": []}, headers=seat(token))
    clock.now += 61
    client.get(f"/api/games/{gid}")
    review = client.get(f"/api/games/{gid}/review").json
    assert [t["turn"] for t in review["turns"]] == [0, 1]
    first, second = review["turns"]
    assert [d["chosen"]["kind"] for d in first["decisions"]] == ["timeout"]
    assert [d["chosen"]["kind"] for d in second["decisions"]] == ["keep", "timeout"]
    timeout = first["decisions"][0]
    assert timeout["chosen"]["points"] == 0 and timeout["chosen"]["box"] == "letters_2"
    # what the best claim would have scored, and the cost: the best move's value against
    # the value of 0 in the round's box
    best_claim = timeout["chosen"]["best_claim"]
    assert best_claim["kind"] == "claim" and best_claim["points"] > 0
    assert timeout["regret"] == round(timeout["best"]["value"] - timeout["chosen"]["value"], 2)
    assert timeout["regret"] > 0
    assert timeout["chosen"]["value"] == round(
        strategy.claim_ev(_sheet_state(strategy, "Anna"), 1, "letters_2", 0), 2)
    page = client.get(f"/games/{gid}/review").get_data(as_text=True)
    assert "Tijd om" in page and str(best_claim["points"]) in page
    # the chart names both axes and has a bar for every turn, the first one included
    assert "Verlies (punten)" in page and ">Beurt</text>" in page
    assert page.count('class="bar"') == 2


def _sheet_state(strategy: Any, name: str) -> Any:
    """The state of a fresh sheet (value measured from 0 points)."""
    from wordyahtzee.advisor.woord.strategy import SheetState
    from wordyahtzee.modes.woord.rules import ScoreSheet

    return SheetState.from_sheet(ScoreSheet())


@pytest.mark.usefixtures("strategy_tables")
def test_a_classic_review(tmp_path: Path) -> None:
    from wordyahtzee.advisor.classic.strategy import load_strategy

    app = make_app(tmp_path / "c.sqlite3")
    client = app.test_client()
    r = client.post("/api/games", json={"mode": "classic", "kind": "solo", "players": ["Anna"]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    strategies._ready[("classic", "free")] = load_strategy("free", quiet=True)
    client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    client.post(f"/api/games/{gid}/act/throw", json={"keep": [0]}, headers=seat(token))
    client.post(f"/api/games/{gid}/act/claim", json={"box": "chance"}, headers=seat(token))
    review = client.get(f"/api/games/{gid}/review").json
    decisions = review["turns"][0]["decisions"]
    assert [d["chosen"]["kind"] for d in decisions] == ["keep", "box"]
    assert decisions[1]["chosen"]["box"] == "chance"
    assert all(d["regret"] >= 0 for d in decisions)


@pytest.mark.usefixtures("strategy_tables")
def test_a_hotseat_review_numbers_each_players_turns(tmp_path: Path) -> None:
    from wordyahtzee.advisor.classic.strategy import load_strategy

    app = make_app(tmp_path / "c2.sqlite3")
    client = app.test_client()
    r = client.post("/api/games", json={"mode": "classic", "kind": "hotseat",
                                        "players": ["Anna", "Bram"]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    strategies._ready[("classic", "free")] = load_strategy("free", quiet=True)
    for _ in range(4):  # two turns each, each written at once in the chance box or ones
        state = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token)).json
        box = "chance" if state["state"]["players"][state["state"]["to_move"]]["boxes"][
            "chance"] is None else "ones"
        client.post(f"/api/games/{gid}/act/claim", json={"box": box}, headers=seat(token))
    review = client.get(f"/api/games/{gid}/review").json
    assert [(t["seat"], t["round"]) for t in review["turns"]] == [(0, 0), (1, 0), (0, 1),
                                                                  (1, 1)]
    page = client.get(f"/games/{gid}/review").get_data(as_text=True)
    charts = 0
    for name in ("Anna", "Bram"):
        if review["regret"][review["players"].index(name)] > 0:
            assert f"Verwacht verlies per beurt: {name}" in page
            charts += 1
    assert page.count('class="bar"') == 2 * charts  # two turns each, numbered 1 and 2
