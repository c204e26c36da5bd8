"""The daily game and profiles through the JSON API and the pages: one attempt a day (409),
no Tip, the same throws for two players who make the same choices, the par, the board, the
seed kept secret until the day is over, a day that closes, and profiles made, carried,
renamed and deleted."""

from __future__ import annotations

import time
from typing import Any

import pytest

import wordyahtzee.tables.strategies as strategies
from wordyahtzee import daily

from .support.app import assert_error, player, seat
from .support.clock import Clock
from .support.daily import play_classic, start

pytestmark = pytest.mark.app_config(TICK_SECONDS=None)  # no background ticker

DAY_SECONDS = 86400.0


def test_one_attempt_a_day_without_tips(app: Any) -> None:
    anna = player(app, "Anna")
    assert_error(app.test_client().post("/api/daily/classic", json={}), 403, "no_profile")
    started = start(anna)
    assert started["url"] == f"/games/{started['game_id']}#seat={started['token']}"
    r = anna.post("/api/daily/classic", json={})
    assert_error(r, 409, "daily_played")
    assert r.json["entry"]["game_id"] == started["game_id"]
    assert_error(anna.get(f"/api/games/{started['game_id']}/hint"), 403, "no_hints_here")
    state = anna.get(f"/api/games/{started['game_id']}").json
    assert state["kind"] == "daily" and state["daily"] == started["day"]
    assert state["rules"] == {}  # the standard rules: no option differs
    # the day's game is nobody's to list, and it has no rematch
    assert all(g["id"] != started["game_id"] for g in anna.get("/api/games").json["games"])
    play_classic(anna, started, [0, 1])
    r = anna.post(f"/api/games/{started['game_id']}/rematch", json={},
                  headers=seat(started["token"]))
    assert_error(r, 409, "daily_played")
    assert_error(anna.post("/api/daily/classic", json={}), 409, "daily_played")
    start(anna, "woord")  # one attempt per mode


def test_two_players_making_the_same_choices_get_the_same_throws(app: Any) -> None:
    anna, bram = player(app, "Anna"), player(app, "Bram")
    carl, dora = player(app, "Carl"), player(app, "Dora")
    a = play_classic(anna, start(anna), [0, 1])
    b = play_classic(bram, start(bram), [0, 1])
    c = play_classic(carl, start(carl), [2, 3, 4])
    d = play_classic(dora, start(dora), [])  # throws all five again
    assert a == b
    assert a[::2] == c[::2] == d[::2]  # every turn's first throw is everyone's
    for turn in range(13):  # a die kept stays; a die thrown again shows its position's face
        first, again = 2 * turn, 2 * turn + 1
        for position in range(5):
            kept_by_anna = position in (0, 1)
            assert a[again][position] == (a[first][position] if kept_by_anna
                                          else d[again][position])
            assert c[again][position] == (d[again][position] if kept_by_anna
                                          else c[first][position])


def test_the_board_par_histogram_and_share(app: Any, clock: Clock,
                                           strategy_tables: None) -> None:
    strategies.get("classic", "free")
    anna, bram = player(app, "Anna"), player(app, "Bram")
    day = daily.day_of(clock.now).isoformat()
    view = anna.get("/api/daily/classic").json
    assert view["day"] == day and view["players"] == 0 and view["you"] is None
    started = start(anna)
    clock.now += 10
    play_classic(anna, started, [0, 1])
    clock.now += 10
    play_classic(bram, start(bram), [0, 1])  # the same score, finished later
    for _ in range(300):  # the par and the fair-play checks run in the background
        view = anna.get("/api/daily/classic").json
        if view["par"] is not None and view["players"] == 2:
            break
        time.sleep(0.1)
    assert isinstance(view["par"], int)
    rules = daily.daily_rules("classic")
    seed = daily.day_seed(app.extensions["wordyahtzee.tables"].daily_secret(),
                          daily.parse_day(day))
    assert view["par"] == daily.play_par("classic", seed, rules,
                                         strategies.get("classic", "free")).totals()[0]
    # the same choices lose as many points: a shared place, who finished first on top
    assert [(row["rank"], row["name"]) for row in view["board"]] == [(1, "Anna"), (1, "Bram")]
    assert view["board"][0]["score"] == view["board"][1]["score"]
    assert view["board"][0]["loss"] == view["board"][1]["loss"] > 0  # keeping two dice
    review = anna.get(f"/api/games/{started['game_id']}/review").json
    assert view["board"][0]["loss"] == pytest.approx(review["regret"][0], abs=0.02)
    assert [row["mine"] for row in view["board"]] == [True, False]
    assert all(row["game_id"] is None for row in view["board"])  # not before the day is over
    assert view["players"] == 2 and sum(bar["count"] for bar in view["histogram"]) == 2
    you = view["you"]
    assert you["rank"] == 1 and you["finished"] and len(you["symbols"]) == 13
    score = you["score"]
    figure = round(you["skill"]["figure"])
    assert you["share"] == (f"Yahtzee van de dag {day}\n{you['symbols']}\n{score} · "
                            f"vaardigheid {figure} · par {view['par']} "
                            f"({score - view['par']:+d})\nhttp://localhost/daily/classic")
    assert view["seed"] is None
    page = anna.get("/daily/classic").get_data(as_text=True)
    assert 'id="daily-histogram"' in page and you["symbols"] in page
    assert f"par {view['par']}" in page and 'id="daily-board"' in page
    assert 'id="daily-loss"' in page and "Verloren" in page
    # the day over: the seed is published and the games can be reviewed
    clock.now = daily.closes_at(daily.parse_day(day))
    view = anna.get(f"/api/daily/classic?date={day}").json
    assert view["over"] and view["seed"] == seed.hex() and view["board"][0]["game_id"]
    days = anna.get("/api/daily/classic/days").json["days"]
    assert days == [{"day": day, "par": view["par"], "players": 2,
                     "best": view["board"][0]["loss"]}]


def test_a_day_closes_an_hour_after_midnight(app: Any, clock: Clock) -> None:
    anna = player(app, "Anna")
    started = start(anna)
    gid, token = started["game_id"], started["token"]
    assert anna.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token)).status_code == 200
    clock.now = daily.closes_at(daily.parse_day(started["day"]))
    assert_error(anna.post(f"/api/games/{gid}/act/throw", json={"keep": [0]},
                           headers=seat(token)), 409, "daily_closed")
    # a new day: a new game, the old one stays as it was
    assert start(anna)["day"] != started["day"]


def test_the_seed_and_the_secret_are_never_served_before_the_day_is_over(app: Any) -> None:
    anna = player(app, "Anna")
    started = start(anna)
    secret = app.extensions["wordyahtzee.tables"].daily_secret()
    seed = daily.day_seed(secret, daily.parse_day(started["day"]))
    gid = started["game_id"]
    answers = [anna.get(path).get_data(as_text=True) for path in (
        "/api/daily/classic", "/daily/classic", f"/api/games/{gid}", f"/api/games/{gid}/record",
        "/api/profile", "/profile", "/api/meta", "/")]
    for text in answers:
        assert secret.hex() not in text and seed.hex() not in text


def test_bad_days_and_modes(app: Any) -> None:
    client = app.test_client()
    assert_error(client.get("/api/daily/classic?date=2026-02-30"), 400, "bad_date")
    assert_error(client.get("/api/daily/classic?date=2099-01-01"), 404, "not_found")
    assert_error(client.get("/api/daily/kaartspel"), 400, "bad_mode")
    assert_error(client.get("/api/daily/triple/days"), 400, "bad_mode")
    assert client.get("/daily/kaartspel").status_code == 400


def test_profiles_are_carried_renamed_and_deleted(app: Any) -> None:
    anna = player(app, "Anna")
    assert_error(anna.post("/api/profile", json={"name": "Again"}), 409, "has_profile")
    profile = anna.get("/api/profile").json
    link = profile["link"]
    secret = link.rsplit("/", 1)[1]
    other = app.test_client()
    assert_error(other.get("/api/profile"), 403, "no_profile")
    page = other.get(f"/p/{secret}")
    assert page.status_code == 200 and "Anna" in page.get_data(as_text=True)
    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert other.get("/p/not-a-profile-secret-at-all").status_code == 404
    r = other.post("/api/profile/carry", json={"secret": secret})
    assert r.status_code == 200 and r.json["profile"]["id"] == profile["id"]
    assert other.get("/api/profile").json["id"] == profile["id"]
    assert_error(other.post("/api/profile/carry", json={"secret": "x" * 30}), 403,
                 "no_profile")
    r = other.patch("/api/profile", json={"name": "  Anneke  "})
    assert r.status_code == 200 and r.json["name"] == "Anneke"
    assert anna.get("/api/profile").json["name"] == "Anneke"
    for bad in ("", "   ", "x" * 100, 7, None):
        assert_error(anna.patch("/api/profile", json={"name": bad}), 400)
    started = start(anna)
    r = anna.delete("/api/profile", json={})
    assert r.status_code == 200 and "wy_profile=;" in r.headers["Set-Cookie"]
    assert_error(other.get("/api/profile"), 403, "no_profile")  # gone everywhere
    assert_error(anna.get(f"/api/games/{started['game_id']}"), 404, "not_found")


def test_profile_names_are_checked_like_player_names(app: Any) -> None:
    client = app.test_client()
    for bad in ({"name": ""}, {"name": "x" * 200}, {"name": ["Anna"]}, {}):
        assert_error(client.post("/api/profile", json=bad), 400)
    assert_error(client.post("/api/profile", data='{"name": "\\ud800"}',
                             content_type="application/json"), 400, "bad_json")
    assert_error(client.post("/api/profile", json={"name": "Anna"},
                             headers={"Origin": "https://evil.example"}), 403, "cross_site")


def test_daily_without_a_mode_leads_to_the_daily_game(app: Any) -> None:
    """``/daily``, as people type it, is the daily game's page; each mode's page links to
    the other daily modes."""
    client = app.test_client()
    r = client.get("/daily")
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/daily/{daily.DAILY_MODES[0]}")
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    others = page[page.index('id="daily-other"'):]
    others = others[:others.index("</p>")]
    for mode in daily.DAILY_MODES[1:]:
        assert f'href="/daily/{mode}"' in others
    assert f'href="/daily/{daily.DAILY_MODES[0]}"' not in others
