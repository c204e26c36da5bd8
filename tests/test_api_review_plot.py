"""The review of a finished game sets each final score against a sample of optimal play's:
the page renders at once while the sample is prepared in the background (a note says so),
and shows the histogram with every player's score marked once it is ready. Small samples
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

from .test_api import make_app, seat


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
def test_woord_review_plots_the_final_scores_once_the_sample_is_ready(tmp_path: Path) -> None:
    games = 23
    app = make_app(tmp_path / "w.sqlite3", OPTIMAL_SAMPLE_GAMES={"woord": games})
    client = app.test_client()
    gid = finished_woord_game(client, app.extensions["wordyahtzee.tables"])
    strategies.get("woord", "nl/nl/40")

    page = client.get(f"/games/{gid}/review")  # the sample is not in memory: a note
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "optimal-chart" not in html
    assert "De verdeling van de eindscores van perfect spel wordt nog berekend" in html
    assert "table class=\"review\"" in html  # the rest of the review is there
    english = client.get(f"/games/{gid}/review?lang=en").get_data(as_text=True)
    assert "still being computed" in english

    sample = strategies.sample("woord", "nl/nl/40", games)  # waits for the background one
    assert sample.games == games
    answer = client.get(f"/api/games/{gid}/review").json
    optimal = answer["optimal"]
    assert optimal["ready"] and optimal["games"] == games
    assert sum(optimal["histogram"]["counts"]) == games
    totals = answer["totals"]
    assert [(s["name"], s["score"]) for s in optimal["scores"]] == [
        ("Anna", totals[0]), ("Gert", totals[1])]
    assert totals[0] == 0 and optimal["scores"][0]["better_than"] == 0.0
    assert optimal["scores"][1]["better_than"] == round(sample.better_than(totals[1]), 1)

    html = client.get(f"/games/{gid}/review?lang=nl").get_data(as_text=True)
    assert 'id="optimal-chart-title"' in html and "<desc id=\"optimal-chart-desc\">" in html
    assert "Anna: 0 punten, beter dan 0% van perfect spel" in html
    hist = optimal["histogram"]
    end = hist["start"] + hist["width"] * len(hist["counts"])
    chart = re.search(r'<svg[^>]*optimal-chart-title.*?</svg>', html, re.S)
    assert chart is not None
    marker_x = re.findall(r'<line x1="([\d.]+)"[^>]*class="marker"', chart[0])
    assert marker_x == [f"{histogram_x(score, hist['start'], end):.1f}"
                        for score in totals]
    assert chart[0].count('class="bar"') == len(hist["counts"])
    english = client.get(f"/games/{gid}/review?lang=en").get_data(as_text=True)
    assert "Your final score beside perfect play" in english
    assert f"{games} games played" in english


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
