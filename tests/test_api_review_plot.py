"""The review of a finished game sets each final score against a sample of optimal play's
where optimal play is the judge (classic; not Woord Yahtzee, whose perfect play chains
bonuses nobody reaches): the page renders at once while the sample is prepared in the
background (a note says so), and shows the histogram with every player's score marked once
it is ready. Small samples
(``OPTIMAL_SAMPLE_GAMES``) keep this quick; each test asks for its own size, so that no
other test has put that sample in memory yet."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from wordyahtzee.web.plots import histogram_x

import wordyahtzee.tables.strategies as strategies
from wordyahtzee.modes.classic import BOXES

from .support.app import make_app, seat


def finished_woord_game(client: Any, tables: Any) -> str:
    """Anna scores nothing in eight rounds; the greedy computer plays for real."""
    r = client.post("/api/games", json={"mode": "woord", "kind": "solo", "players": [
        "Anna", {"name": "Gert", "computer": "greedy"}], "rules": {"turn_seconds": None}})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    for _ in range(8):
        thrown = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
        state = thrown.json["state"]
        r = client.post(f"/api/games/{gid}/act/claim", json={"box": state["turn"]["round_box"],
                                                        "words": []}, headers=seat(token))
        assert r.status_code == 200, r.json
        assert tables.settle(gid, 60)
    return str(gid)


@pytest.mark.usefixtures("strategy_tables")
def test_a_woord_review_sets_no_score_beside_perfect_plays_bonus_chains(tmp_path: Path
                                                                        ) -> None:
    """Perfect play's Woord Yahtzee games score 569 on average, chains of 100-point bonuses:
    every person's score beat "0% of perfect play". The review shows the skill figure, set
    against the computer levels', instead (docs/skill.md)."""
    app = make_app(tmp_path / "w.sqlite3", OPTIMAL_SAMPLE_GAMES={"woord": 23})
    client = app.test_client()
    gid = finished_woord_game(client, app.extensions["wordyahtzee.tables"])
    strategies.get("woord", "nl/nl/40")
    answer = client.get(f"/api/games/{gid}/review").json
    assert answer["ready"] and "optimal" not in answer and answer["judge"] == "claims"
    assert ("woord", "nl/nl/40", 23) not in strategies._sampling  # nothing drawn for it
    anna, gert = answer["skill"]
    assert anna["judged"] == 8 and anna["best"] == sum(
        1 for t in answer["turns"] for d in t["decisions"]
        if t["seat"] == 0 and d["lost"] == 0)
    assert gert["figure"] == 100.0  # the greedy player writes the best claim of its throw
    html = client.get(f"/games/{gid}/review?lang=nl").get_data(as_text=True)
    assert 'id="optimal-chart-title"' not in html and "beter dan 0% van perfect spel" not in html
    assert "beste claim" in html and "<table class=\"review " in html


@pytest.mark.usefixtures("strategy_tables")
def test_classic_review_plots_the_final_score(tmp_path: Path) -> None:
    games = 301
    app = make_app(tmp_path / "c.sqlite3", OPTIMAL_SAMPLE_GAMES={"classic": games})
    client = app.test_client()
    r = client.post("/api/games", json={"mode": "classic", "kind": "solo", "players": ["Anna"]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    strategies.get("classic", "free")
    for turn in range(13):
        options = client.post(f"/api/games/{gid}/act/throw", json={},
                              headers=seat(token)).json["state"]["options"]
        box = next(b for b in BOXES if b in options)
        assert client.post(f"/api/games/{gid}/act/claim", json={"box": box},
                           headers=seat(token)).status_code == 200
        if turn == 5:  # mid-game: a review, but no final score to plot (and no sample)
            answer = client.get(f"/api/games/{gid}/review").json
            assert answer["ready"] and "optimal" not in answer
            assert ("classic", "free", games) not in strategies._sampling
    page = client.get(f"/games/{gid}/review")
    assert page.status_code == 200
    assert "wordt nog berekend" in page.get_data(as_text=True)
    sample = strategies.sample("classic", "free", games)
    optimal = client.get(f"/api/games/{gid}/review").json["optimal"]
    total = client.get(f"/api/games/{gid}").json["players"][0]["total"]
    assert optimal["scores"] == [{"seat": 0, "game": 0, "score": total, "name": "Anna",
                                  "better_than": round(sample.better_than(total), 1)}]
    assert sum(optimal["histogram"]["counts"]) == games
    assert abs(optimal["mean"] - 254.59) < 15  # a small sample of the real strategy
    html = client.get(f"/games/{gid}/review").get_data(as_text=True)
    assert f"Anna: {total}</text>" in html and 'class="marker"' in html
    assert 'id="optimal-chart-title"' in html and "<desc id=\"optimal-chart-desc\">" in html
    hist = optimal["histogram"]
    end = hist["start"] + hist["width"] * len(hist["counts"])
    chart = re.search(r'<svg[^>]*optimal-chart-title.*?</svg>', html, re.S)
    assert chart is not None
    marker_x = re.findall(r'<line x1="([\d.]+)"[^>]*class="marker"', chart[0])
    assert marker_x == [f"{histogram_x(total, hist['start'], end):.1f}"]
    assert chart[0].count('class="bar"') == len(hist["counts"])
