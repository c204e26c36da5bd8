"""Puzzles through the JSON API: games played badly are mined in the background, the
puzzles they give are answered with the best and with another choice, the grade is the
review's own regret, a profile's first answer is rated once, and a daily game's positions
appear only once its day is closed."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from wordyahtzee import daily

from .support.app import assert_error, player, seat
from .support.classic import new_classic, play_turn
from .support.clock import Clock
from .support.daily import play_classic, start
from .support.puzzles import as_choice

pytestmark = [pytest.mark.usefixtures("strategy_tables"),
              pytest.mark.app_config(TICK_SECONDS=None)]  # no background ticker


def wait_for_puzzle(client: Any, mode: str = "classic", seconds: float = 90.0,
                    **query: Any) -> dict[str, Any]:
    """The next puzzle, once the background miner has found one."""
    deadline = time.monotonic() + seconds
    while True:
        r = client.get("/api/puzzles/next", query_string={"mode": mode, **query})
        if r.status_code == 200:
            return dict(r.json)
        assert_error(r, 404, "no_puzzle")
        assert time.monotonic() < deadline, "no puzzle was mined"
        time.sleep(0.2)


def finished_classic_game(client: Any, app: Any) -> tuple[str, str]:
    """A solo classic game played badly to its end (one throw, the first open box)."""
    gid, links, _ = new_classic(client, ["Anna"])
    for _ in range(13):
        play_turn(client, app, gid, links[0]["token"])
    return gid, links[0]["token"]


def test_a_badly_played_game_gives_puzzles_graded_as_its_review(app: Any) -> None:
    client = app.test_client()
    gid, token = finished_classic_game(client, app)
    puzzle = wait_for_puzzle(client)
    assert set(puzzle) >= {"id", "position", "shown", "themes", "rating", "throws"}
    assert "options" not in puzzle and "played" not in puzzle  # nothing of the answer
    assert not {"source", "seat", "day"} & set(puzzle)  # nothing of the game or its player
    review = client.get(f"/api/games/{gid}/review", headers=seat(token)).json
    assert review["ready"]
    # every puzzle of the game: the grade of the choice made is the review's regret
    seen = []
    while True:
        r = client.get("/api/puzzles/next", query_string={"mode": "classic",
                                                          "skip": ",".join(seen)})
        if r.status_code == 404:
            break
        puzzle = r.json
        seen.append(puzzle["id"])
        stored = app.extensions["wordyahtzee.store"].puzzle(puzzle["id"])["data"]
        decision = next(d for t in review["turns"] for d in t["decisions"]
                        if d["turn"] == stored["turn"] and d["throws"] == stored["throws"])
        played = client.post(f"/api/puzzles/{puzzle['id']}/answer",
                             json={"choice": as_choice(puzzle, stored["played"])}).json
        assert played["regret"] == decision["regret"] > 0 and not played["solved"]
        assert played["regret"] >= played["margin"] and not played["rated"]
        best = client.post(f"/api/puzzles/{puzzle['id']}/answer",
                           json={"choice": as_choice(puzzle, played["best"])}).json
        assert best["regret"] == 0 and best["solved"]
        assert best["best"] == decision["best"] and best["top"][0] == best["best"]
        values = [o["value"] for o in best["top"]]
        assert values == sorted(values, reverse=True)
        assert round(values[0] - values[1], 2) >= best["margin"] > 0
    assert seen, "a game played this badly holds puzzles"


def test_a_profile_is_rated_once_per_puzzle(app: Any) -> None:
    finished_classic_game(app.test_client(), app)
    anna = player(app, "Anna")
    puzzle = wait_for_puzzle(anna)
    assert puzzle["rating"] == 1500
    stored = app.extensions["wordyahtzee.store"].puzzle(puzzle["id"])["data"]
    wrong = anna.post(f"/api/puzzles/{puzzle['id']}/answer",
                      json={"choice": as_choice(puzzle, stored["played"])}).json
    assert wrong["rated"] and wrong["rating"]["before"] == 1500
    assert wrong["rating"]["after"] < 1500 < wrong["puzzle_rating"]
    again = anna.post(f"/api/puzzles/{puzzle['id']}/answer",
                      json={"choice": as_choice(puzzle, stored["options"][0])}).json
    assert not again["rated"] and again["solved"] and not again["earlier"]["solved"]
    mine = anna.get("/api/profile/puzzles").json
    assert mine["ratings"]["classic"]["rating"] == wrong["rating"]["after"]
    assert mine["ratings"]["classic"]["attempts"] == 1
    assert [h["puzzle_id"] for h in mine["history"]] == [puzzle["id"]]
    page = anna.get("/profile").get_data(as_text=True)  # the profile page shows them
    assert 'id="profile-puzzles"' in page and 'id="profile-puzzle-history"' in page
    assert f">{wrong['rating']['after']}<" in page
    # the next puzzle is another one: an answered puzzle is not shown again
    r = anna.get("/api/puzzles/next", query_string={"mode": "classic"})
    assert r.status_code == 404 or r.json["id"] != puzzle["id"]


def test_bad_answers_change_nothing(app: Any) -> None:
    client = app.test_client()
    finished_classic_game(client, app)
    puzzle = wait_for_puzzle(client)
    url = f"/api/puzzles/{puzzle['id']}/answer"
    for body, code in (({"choice": {"kind": "keep", "dice": [0, 0]}}, "bad_choice"),
                       ({"choice": {"kind": "keep", "dice": [9]}}, "bad_choice"),
                       ({"choice": {"kind": "box", "box": "nope"}}, "bad_choice"),
                       ({"choice": {"kind": "jump"}}, "bad_choice"),
                       ({"choice": "sixes"}, "bad_choice")):
        assert_error(client.post(url, json=body), 400, code)
    assert_error(client.post("/api/puzzles/nosuchpuzzle/answer",
                             json={"choice": {"kind": "keep", "dice": []}}), 404, "not_found")
    assert_error(client.get("/api/puzzles/next", query_string={"mode": "triple"}), 400,
                 "bad_mode")
    assert_error(client.get("/api/puzzles/next", query_string={"mode": "classic",
                                                               "theme": "chess"}),
                 400, "bad_theme")
    assert app.extensions["wordyahtzee.store"].puzzle(puzzle["id"])["plays"] == 0
    themes = client.get("/api/puzzles/themes", query_string={"mode": "classic"}).json
    assert sum(themes["themes"].values()) >= 1 and set(themes["themes"]) >= {"bonus", "keep"}


def test_a_daily_games_positions_appear_only_once_its_day_is_closed(app: Any,
                                                                     clock: Clock) -> None:
    anna = player(app, "Anna")
    started = start(anna)
    play_classic(anna, started, [0, 1])  # keeps the first two dice whatever they show
    service = app.extensions["wordyahtzee.tables"]
    service.puzzles.mine_later()
    deadline = time.monotonic() + 30
    while service.puzzles._mining and time.monotonic() < deadline:
        time.sleep(0.1)
    store = app.extensions["wordyahtzee.store"]
    assert store.puzzle_count("classic") == 0  # the day is not over: not even mined
    assert_error(anna.get("/api/puzzles/next", query_string={"mode": "classic"}), 404,
                 "no_puzzle")
    day = daily.parse_day(started["day"])
    clock.now = daily.closes_at(day) + 1  # the day closes: its seed is published
    service.sweep()  # the ticker's sweep finds the game to mine
    puzzle = wait_for_puzzle(anna)
    assert "day" not in puzzle and "seat" not in puzzle  # nothing of the game or its player
    stored = app.extensions["wordyahtzee.store"].puzzle(puzzle["id"])
    assert stored["source"] == started["game_id"] and stored["day"] == started["day"]
    assert_error(anna.get("/api/puzzles/daily/classic"), 404, "no_puzzle")  # none before
    clock.now += 86_400  # the next day: its puzzle is one kept before it began
    today = anna.get("/api/puzzles/daily/classic").json
    assert today["date"] == daily.day_of(clock.now).isoformat()
    assert app.test_client().get("/api/puzzles/daily/classic").json["id"] == today["id"]


def test_the_start_page_offers_only_the_puzzles_of_the_day_there_are(app: Any) -> None:
    """A button for the puzzle of the day leads to one: a mode with none yet has none."""
    import json
    import re

    from wordyahtzee.puzzles.cli import mine_record
    from wordyahtzee.puzzles.rating import START

    client = app.test_client()
    page = client.get("/").get_data(as_text=True)
    assert "daily=1" not in page and "Puzzel van de dag" not in page
    assert 'href="/puzzles"' in page  # the trainer is there all the same
    record = json.loads((Path(__file__).parent / "records" / "classic" /
                         "two-players-forced.json").read_text())["record"]
    mined = mine_record(record)
    app.extensions["wordyahtzee.store"].put_puzzles("a-game", [
        {"id": p.id, "mode": p.mode, "rules_key": "{}", "source": p.source, "day": None,
         "themes": p.themes, "data": p.to_json()} for p in mined], 0.0, START)
    page = client.get("/").get_data(as_text=True)
    assert re.findall(r'href="/puzzles\?mode=(\w+)&amp;daily=1"', page) == ["classic"]
    assert "Puzzel van de dag" in page
    assert client.get("/api/puzzles/daily/classic").status_code == 200


def test_the_miner_rests_in_proportion_to_its_judging(app: Any) -> None:
    """However fast games end, mining takes at most its share of the time: after each game
    the miner rests its judging time × (1 / share − 1) before the next one (a tenth by
    default, so that a busy process's moves never pay much more for it)."""
    from wordyahtzee.puzzles.service import MINE_SHARE

    assert 0 < MINE_SHARE <= 0.25
    client = app.test_client()
    puzzles = app.extensions["wordyahtzee.tables"].puzzles
    puzzles.mining = False  # the games end first, then one pass mines them both
    for _ in range(2):
        finished_classic_game(client, app)
    rests: list[float] = []
    judged: list[float] = []
    mine_game = puzzles.mine_game

    def timed(game_id: str) -> int:
        started = time.monotonic()
        try:
            return mine_game(game_id)
        finally:
            judged.append(time.monotonic() - started)

    puzzles.mine_game, puzzles.rest, puzzles.share = timed, rests.append, 0.25
    puzzles.mining = True
    puzzles.mine_later()
    deadline = time.monotonic() + 60
    while puzzles._mining and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(rests) == len(judged) == 2
    for rest, spent in zip(rests, judged, strict=True):
        assert rest >= 3 * spent > 0  # 1 / 0.25 - 1 = 3 times the game's judging
    assert app.extensions["wordyahtzee.store"].puzzle_count("classic") > 0
