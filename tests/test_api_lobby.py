"""The lobby, quick matches, slow games, ratings and a profile's tables through the JSON
API: two profiles seated together, a table that starts when its last seat is taken, a slow
game whose turns wait a day and are skipped after it, Glicko-2 ratings once per game, and
the tables where it is a profile's turn."""

from __future__ import annotations

from typing import Any

import pytest

from wordyahtzee.lobby.ratings import rate
from wordyahtzee.modes.classic import BOXES

from .support.app import assert_error, make_app, player, seat
from .support.clock import Clock
from .support.tables import link, play_turn

pytestmark = pytest.mark.app_config(TICK_SECONDS=None)  # no background ticker


def test_a_quick_match_seats_two_players_together(app: Any) -> None:
    anna, bram = player(app, "Anna"), player(app, "Anna")  # the same name twice
    assert_error(app.test_client().post("/api/lobby/quick", json={"mode": "classic"}), 403,
                 "no_profile")
    waiting = anna.post("/api/lobby/quick", json={"mode": "classic"}).json
    assert waiting["free"] == 1 and waiting["url"] is None and waiting["rated"]
    assert anna.post("/api/lobby/quick", json={"mode": "classic"}).json["id"] == waiting["id"]
    listed = bram.get("/api/lobby").json["tables"]
    assert [(t["id"], t["players"][0]["rating"]) for t in listed] == [(waiting["id"], 1500)]
    # another kind of game does not match
    other = bram.post("/api/lobby/quick", json={"mode": "classic", "pace": "slow"}).json
    assert other["id"] != waiting["id"]
    bram.post(f"/api/lobby/{other['id']}/leave", json={})
    seated = bram.post("/api/lobby/quick", json={"mode": "classic"}).json
    assert seated["id"] == waiting["id"] and seated["free"] == 0 and seated["url"]
    mine = anna.get(f"/api/lobby/{waiting['id']}").json
    gid, token_a = link(mine["url"])
    assert link(seated["url"])[0] == gid and link(seated["url"])[1] != token_a
    state = anna.get(f"/api/games/{gid}").json
    assert state["kind"] == "online" and [s["name"] for s in state["seats"]] == ["Anna",
                                                                                 "Anna 2"]
    assert bram.get("/api/lobby").json["tables"] == []  # started: no longer open
    assert bram.post(f"/api/lobby/{waiting['id']}/join", json={}).json["url"] == seated["url"]
    carol = player(app, "Carol")
    assert_error(carol.post(f"/api/lobby/{waiting['id']}/join", json={}), 409, "lobby_full")


def test_an_open_table_starts_when_its_last_seat_is_taken(app: Any) -> None:
    a, b, c = player(app, "A"), player(app, "B"), player(app, "C")
    entry = a.post("/api/lobby", json={"mode": "woord", "seats": 3, "rated": False}).json
    assert entry["seats"] == 3 and entry["free"] == 2 and not entry["rated"]
    assert b.post(f"/api/lobby/{entry['id']}/join", json={}).json["free"] == 1
    assert b.post(f"/api/lobby/{entry['id']}/join", json={}).json["free"] == 1  # once
    started = c.post(f"/api/lobby/{entry['id']}/join", json={}).json
    assert started["game_id"] and started["url"]
    assert a.get(f"/api/lobby/{entry['id']}").json["url"] != started["url"]
    for bad in ({"mode": "woord", "seats": 1}, {"mode": "woord", "seats": 9},
                {"mode": "woord", "pace": "fast"}, {"mode": "nope"},
                {"mode": "woord", "rated": "yes"},
                {"mode": "woord", "pace": "slow", "idle_seconds": 60}):
        assert_error(a.post("/api/lobby", json=bad), 400)
    assert_error(a.get("/api/lobby/nope"), 404, "not_found")


def test_ratings_change_once_per_rated_game(app: Any) -> None:
    anna, bram = player(app, "Anna"), player(app, "Bram")
    lobby = anna.post("/api/lobby/quick", json={"mode": "classic"}).json["id"]
    bram.post("/api/lobby/quick", json={"mode": "classic"})
    gid, ta = link(anna.get(f"/api/lobby/{lobby}").json["url"])
    tb = link(bram.get(f"/api/lobby/{lobby}").json["url"])[1]
    state: dict[str, Any] = {}
    for _ in range(26):
        state = anna.get(f"/api/games/{gid}").json
        client, token = (anna, ta) if state["to_move"] == 0 else (bram, tb)
        state = play_turn(client, gid, token)
    assert state["status"] == "finished"
    totals = [p["total"] for p in state["players"]]
    profiles = [anna.get("/api/profile").json, bram.get("/api/profile").json]
    expected = rate([(profiles[0]["id"], totals[0]), (profiles[1]["id"], totals[1])], {})
    for profile in profiles:
        assert profile["ratings"]["classic"] == {
            "rating": round(expected[profile["id"]][0]), "rd": round(expected[profile["id"]][1]),
            "games": 1}
        assert profile["history"][0]["game_id"] == gid
        assert profile["figures"] == [{"mode": "classic", "dice_set": "", "games": 1,
                                       "mean": float(profile["history"][0]["total"]),
                                       "best": profile["history"][0]["total"], "yahtzees":
                                       profile["history"][0]["yahtzees"]}]
    service = app.extensions["wordyahtzee.tables"]
    service.lobby.rate_finished(service.table(gid))  # a second call (another process): no change
    assert anna.get("/api/profile").json["ratings"] == profiles[0]["ratings"]


def test_a_slow_game_waits_a_day_per_turn_and_lists_whose_turn_it_is(app: Any,
                                                                    clock: Clock) -> None:
    anna, bram = player(app, "Anna"), player(app, "Bram")
    lobby = anna.post("/api/lobby/quick", json={"mode": "classic", "pace": "slow"}).json
    assert lobby["pace"] == "slow" and lobby["idle_seconds"] == 86400
    bram.post("/api/lobby/quick", json={"mode": "classic", "pace": "slow"})
    gid, ta = link(anna.get(f"/api/lobby/{lobby['id']}").json["url"])
    tb = link(bram.get(f"/api/lobby/{lobby['id']}").json["url"])[1]
    assert [t["game_id"] for t in anna.get("/api/profile/turns").json["turns"]] == [gid]
    assert bram.get("/api/profile/turns").json["turns"] == []
    page = anna.get("/profile").get_data(as_text=True)
    assert "<title>(1) " in page and "favicon-turn.svg" in page and 'id="profile-turns"' in page
    play_turn(anna, gid, ta)
    clock.now += 20 * 3600  # hours later: still Bram's turn
    assert anna.get(f"/api/games/{gid}").json["to_move"] == 1
    assert [t["game_id"] for t in bram.get("/api/profile/turns").json["turns"]] == [gid]
    play_turn(bram, gid, tb)
    clock.now += 86400 + 60  # Anna lets a day pass: her turn is skipped
    state = anna.get(f"/api/games/{gid}").json
    assert state["to_move"] == 1 and state["history"][-1].get("skipped") == "absent"
    assert "(1) " not in anna.get("/profile").get_data(as_text=True).split("</title>")[0]


def test_a_slow_table_from_the_start_page_and_its_limits(app: Any) -> None:
    client = app.test_client()
    r = client.post("/api/games", json={"mode": "classic", "kind": "online",
                                        "players": ["A", "B"], "pace": "slow"})
    assert r.status_code == 201 and r.json["state"]["idle_seconds"] == 86400
    r = client.post("/api/games", json={"mode": "classic", "kind": "online",
                                        "players": ["A", "B"], "pace": "slow",
                                        "idle_seconds": 3 * 86400})
    assert r.json["state"]["idle_seconds"] == 3 * 86400
    for body in ({"kind": "solo", "players": ["A"], "pace": "slow"},
                 {"kind": "online", "players": ["A", "B"], "pace": "slow",
                  "idle_seconds": 8 * 86400},
                 {"kind": "online", "players": ["A", "B"], "pace": "later"}):
        assert_error(client.post("/api/games", json={"mode": "classic", **body}), 400,
                     "bad_option")


def test_a_seat_becomes_the_profile_of_whoever_acts_for_it(app: Any) -> None:
    anna, bram = player(app, "Anna"), player(app, "Bram")
    r = anna.post("/api/games", json={"mode": "classic", "kind": "online",
                                      "players": ["Anna", "Bram"]})
    gid = r.json["id"]
    ta, tb = (entry["token"] for entry in r.json["links"])
    service = app.extensions["wordyahtzee.tables"]
    anna_id = anna.get("/api/profile").json["id"]
    assert service.table(gid).profiles == {0: anna_id}
    play_turn(anna, gid, ta)
    play_turn(bram, gid, tb)
    assert service.store.seat_profiles(gid) == {0: anna_id,
                                                1: bram.get("/api/profile").json["id"]}
    # the first profile keeps the seat
    carol = player(app, "Carol")
    play_turn(anna, gid, ta)
    play_turn(carol, gid, tb)
    assert service.store.seat_profiles(gid)[1] == bram.get("/api/profile").json["id"]


def test_leaving_the_lobby_and_deleting_a_profile_there(app: Any) -> None:
    anna, bram = player(app, "Anna"), player(app, "Bram")
    entry = anna.post("/api/lobby", json={"mode": "classic", "seats": 3}).json
    bram.post(f"/api/lobby/{entry['id']}/join", json={})
    assert bram.post(f"/api/lobby/{entry['id']}/leave", json={}).json == {"left": True}
    assert_error(bram.post(f"/api/lobby/{entry['id']}/leave", json={}), 404)
    assert anna.get(f"/api/lobby/{entry['id']}").json["free"] == 2
    anna.delete("/api/profile", json={})
    assert_error(bram.get(f"/api/lobby/{entry['id']}"), 404)  # its last player gone
    assert bram.get("/api/lobby").json["tables"] == []
    assert bram.get("/lobby").status_code == 200


def _solo_classic(client: Any, name: str, tip: bool) -> str:
    r = client.post("/api/games", json={"mode": "classic", "kind": "solo", "players": [name]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    for turn in range(13):
        if tip and turn == 3:
            r = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
            assert client.get(f"/api/games/{gid}/hint").status_code == 200
            box = next(b for b in BOXES if b in r.json["state"]["options"])
            client.post(f"/api/games/{gid}/act/claim", json={"box": box}, headers=seat(token))
            continue
        play_turn(client, gid, token)
    return gid


def test_games_with_a_tip_are_marked_and_left_out_by_default(app: Any,
                                                             strategy_tables: None) -> None:
    import wordyahtzee.tables.strategies as strategies

    strategies.get("classic", "free")
    anna = player(app, "Anna")
    aided = _solo_classic(anna, "Anna", tip=True)
    unaided = _solo_classic(anna, "Bram", tip=False)

    def listed(query: str) -> list[tuple[str, bool]]:
        lists = anna.get(f"/api/highscores?mode=classic{query}").json["lists"]
        return [(e["game_id"], e["aided"]) for e in lists[0]["entries"]]

    assert listed("") == [(unaided, False)]
    assert sorted(listed("&aided=all")) == sorted([(aided, True), (unaided, False)])
    assert_error(anna.get("/api/highscores?aided=maybe"), 400)
    history = {g["game_id"]: g["aided"] for g in anna.get("/api/profile").json["history"]}
    assert history == {aided: True, unaided: False}
    page = anna.get("/profile").get_data(as_text=True)
    assert page.count('class="figure profile-progress"') == 1 and "met Tip" in page
    # at an online table, only the player to move may ask for a Tip
    r = anna.post("/api/games", json={"mode": "classic", "kind": "online",
                                      "players": ["Anna", "Bram"]})
    gid = r.json["id"]
    ta, tb = (entry["token"] for entry in r.json["links"])
    anna.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(ta))
    assert_error(anna.get(f"/api/games/{gid}/hint"), 403, "not_your_turn")
    assert_error(anna.get(f"/api/games/{gid}/hint", headers=seat(tb)), 403, "not_your_turn")
    assert anna.get(f"/api/games/{gid}/hint", headers=seat(ta)).status_code == 200
    assert app.extensions["wordyahtzee.store"].aided_seats(gid) == {0}


def test_quick_reactions_reach_every_viewer_and_are_limited(app: Any, clock: Clock) -> None:
    client = app.test_client()
    r = client.post("/api/games", json={"mode": "classic", "kind": "online",
                                        "players": ["Anna", "Bram"]})
    gid = r.json["id"]
    ta = r.json["links"][0]["token"]
    r = client.post(f"/api/games/{gid}/react", json={"emote": "like"}, headers=seat(ta))
    assert r.status_code == 200 and r.json["seat"] == 0
    state = client.get(f"/api/games/{gid}").json
    assert [(x["seat"], x["emote"], x["symbol"]) for x in state["reactions"]] == [
        (0, "like", "👍")]
    assert_error(client.post(f"/api/games/{gid}/react", json={"emote": "wow"},
                             headers=seat(ta)), 429, "rate_limited")  # one every 2 s
    for bad in ("hallo", "", None, ["like"]):
        assert_error(client.post(f"/api/games/{gid}/react", json={"emote": bad},
                                 headers=seat(ta)), 400, "bad_option")
    assert_error(client.post(f"/api/games/{gid}/react", json={"emote": "wow"}), 403,
                 "not_a_player")  # a spectator
    clock.now += 3
    assert client.post(f"/api/games/{gid}/react", json={"emote": "wow"},
                       headers=seat(ta)).status_code == 200
    # another server process on the same database sees it on its ticker's next beat
    other = make_app(app.config["DATABASE"], clock, TICK_SECONDS=None)
    service = other.extensions["wordyahtzee.tables"]
    table = service.table(gid)
    table.viewers = 1
    service.tick_watched()
    assert [x["emote"] for x in service.state(table)["reactions"]] == ["like", "wow"]
    clock.now += 10  # gone after a few seconds
    assert client.get(f"/api/games/{gid}").json["reactions"] == []
    solo = client.post("/api/games", json={"mode": "classic", "kind": "solo",
                                           "players": ["Anna"]}).json
    assert_error(client.post(f"/api/games/{solo['id']}/react", json={"emote": "like"},
                             headers=seat(solo["links"][0]["token"])), 403, "not_a_player")
