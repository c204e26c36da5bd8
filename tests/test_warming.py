"""What start-up prepares in the background, most used first: every mode's strategy tables
(hints and computer players) and then the samples of optimal play the reviews draw; the
start page and ``/api/meta`` say how far that is."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from wordyahtzee.runtime import metrics

from .support.app import make_app


def test_the_plan_puts_the_most_used_tables_first(tmp_path: Path) -> None:
    app = make_app(tmp_path / "plan.sqlite3")
    client = app.test_client()
    for _ in range(2):
        r = client.post("/api/games", json={"mode": "woord", "kind": "solo", "players": ["A"],
                                            "rules": {"dice_set": "nl-balans"}})
        assert r.status_code == 201, r.json
    r = client.post("/api/games", json={"mode": "classic", "kind": "solo", "players": ["A"],
                                        "rules": {"joker": "forced"}})
    assert r.status_code == 201, r.json
    service: Any = app.extensions["wordyahtzee.tables"]
    tables, samples = service.coaching.warm_plan()
    assert tables[:2] == [("woord", "nl/nl-balans/40"), ("classic", "forced")]
    # then the rest in the coaches' own order: every shipped dice set's default rules
    assert set(tables) == {("classic", "free"), ("classic", "forced"), ("woord", "nl/nl/40"),
                           ("woord", "nl/nl-balans/40"), ("woord", "en/en/40")}
    assert [(mode, key) for mode, key, _ in samples] == tables
    # nothing was asked to start: the plan alone, and a server told to warm nothing
    assert service.coaching.preparing() == {"done": 0, "total": 0, "items": []}
    page = client.get("/").get_data(as_text=True)
    assert 'id="preparing"' in page and "hidden" in page.split('id="preparing"')[1][:200]


@pytest.mark.usefixtures("strategy_tables")
def test_start_up_prepares_the_table_and_then_its_sample(tmp_path: Path) -> None:
    app = make_app(tmp_path / "warm.sqlite3", WARM_STRATEGIES=("free",),
                   OPTIMAL_SAMPLE_GAMES={"classic": 300})
    client = app.test_client()
    first = client.get("/api/meta").json["preparing"]
    assert first["total"] == 2
    assert [(i["mode"], i["key"], i["what"]) for i in first["items"]] == [
        ("classic", "free", "table"), ("classic", "free", "sample")]
    if first["done"] < 2:
        assert "voorbereid" in client.get("/").get_data(as_text=True)
    end = time.monotonic() + 300
    while (preparing := client.get("/api/meta").json["preparing"])["done"] < 2:
        assert time.monotonic() < end, preparing
        assert all(i["state"] != "failed" for i in preparing["items"]), preparing
        time.sleep(0.2)
    assert [i["state"] for i in preparing["items"]] == ["ready", "ready"]
    # the machine sees it too: the table is warm, how long it took, and the server ready
    assert metrics.WARM.labels(mode="classic", key="free")._value.get() == 1
    assert metrics.WARM_SECONDS.labels(mode="classic", key="free")._value.get() > 0
    assert client.get("/readyz").json["checks"]["strategies"] == "ok"
    # a finished game's review now finds the sample ready at once
    r = client.post("/api/games", json={"mode": "classic", "kind": "solo", "players": ["A"]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    boxes = ["ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind",
             "four_of_a_kind", "full_house", "small_straight", "large_straight", "yahtzee",
             "chance"]
    for box in boxes:
        client.post(f"/api/games/{gid}/act/throw", json={}, headers={"X-Seat-Token": token})
        client.post(f"/api/games/{gid}/act/claim", json={"box": box},
                    headers={"X-Seat-Token": token})
    review = client.get(f"/api/games/{gid}/review").json
    assert review["optimal"]["ready"] and review["optimal"]["games"] == 300
