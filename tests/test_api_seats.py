"""Seats belong to their players: in a rated game nobody but the absence rules skips,
removes or hands over a player; at an unrated table the host acts only on a player absent
from the table; the player always sees who did what and why, and may come back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from wordyahtzee.tables.table import ABSENT_SECONDS

from .support.app import assert_error, make_app, player, seat
from .support.clock import Clock
from .support.tables import at_table, play_turn

pytestmark = pytest.mark.app_config(TICK_SECONDS=None)  # no background ticker

ACTIONS = (("skip", {}), ("remove", {}), ("computer", {"level": "greedy"}))


def tables(app: Any) -> Any:
    return app.extensions["wordyahtzee.tables"]


def online(client: Any, mode: str = "classic", players: Any = ("Anna", "Bram"),
           **extra: Any) -> tuple[str, list[str]]:
    r = client.post("/api/games", json={"mode": mode, "kind": "online",
                                        "players": list(players), **extra})
    assert r.status_code == 201, r.json
    return r.json["id"], [link["token"] for link in r.json["links"]]


def manage(client: Any, gid: str, host: str, seat_no: int, action: str,
           body: dict[str, Any] | None = None) -> Any:
    return client.post(f"/api/games/{gid}/seats/{seat_no}/{action}", json=body or {},
                       headers=seat(host))


def back(client: Any, gid: str, token: str | None, seat_no: int) -> Any:
    return client.post(f"/api/games/{gid}/seats/{seat_no}/return", json={},
                       headers=seat(token) if token else {})


def quick_match(app: Any) -> tuple[str, str, str, Any, Any]:
    """Two profiles quick-matched into a rated classic table: its id, both seats' tokens
    (the first is the host's) and both browsers (the host's first)."""
    anna, bram = player(app, "Anna"), player(app, "Bram")
    lobby = anna.post("/api/lobby/quick", json={"mode": "classic"}).json["id"]
    bram.post("/api/lobby/quick", json={"mode": "classic"})
    url = anna.get(f"/api/lobby/{lobby}").json["url"]
    gid, host = url.split("/games/")[1].split("#seat=")
    other = bram.get(f"/api/lobby/{lobby}").json["url"].split("#seat=")[1]
    return gid, host, other, anna, bram


def test_a_rated_game_refuses_every_host_action_and_keeps_the_absence_rules(
        app: Any, clock: Clock) -> None:
    gid, host, other, anna, bram = quick_match(app)
    state = anna.get(f"/api/games/{gid}").json
    assert state["rated"] and state["host"] == 0 and state["to_move"] == 0
    at_table(app, gid, host, anna)  # Anna's page stays open: the table's clock runs
    gone = at_table(app, gid, other, bram)  # Bram is at the table
    state = play_turn(anna, gid, host)
    assert state["to_move"] == 1 and state["seats"][1]["present"]
    for action, body in ACTIONS:
        assert_error(manage(anna, gid, host, 1, action, body), 403, "rated_seat")
    gone()  # Bram closes the page and stays away: still his seat
    clock.now += 100
    state = anna.get(f"/api/games/{gid}").json
    assert state["to_move"] == 1 and state["history"][-1]["player"] == 0
    assert all(s["host_controls"] == [] for s in state["seats"])
    for action, body in ACTIONS:
        assert_error(manage(anna, gid, host, 1, action, body), 403, "rated_seat")
    state = anna.get(f"/api/games/{gid}").json
    assert state["seq"] == 2 and not state["seats"][1]["left"]  # nothing changed
    assert state["seats"][1]["computer"] is None
    assert all(s["host_action"] is None for s in state["seats"])
    # the absence rules still skip him: the idle clock (two minutes at a live table)
    clock.now += 21
    state = anna.get(f"/api/games/{gid}").json
    assert state["to_move"] == 0 and state["history"][-1] == {
        **state["history"][-1], "player": 1, "skipped": "absent"}
    assert state["seats"][1]["host_action"] is None  # the rules did it, not the host


def test_an_unrated_table_lets_the_host_act_only_on_an_absent_seat(app: Any, client: Any,
                                                                   clock: Clock) -> None:
    gid, (host, bram, _) = online(client, players=("Anna", "Bram", "Cees"),
                                  idle_seconds=3600)
    leave = at_table(app, gid, bram)
    state = play_turn(client, gid, host)
    assert state["to_move"] == 1 and not state["rated"]
    clock.now += 300
    for action, body in ACTIONS:  # Bram is here, though he does not move
        assert_error(manage(client, gid, host, 1, action, body), 409, "seat_present")
    state = client.get(f"/api/games/{gid}").json
    assert state["seats"][1]["host_controls"] == []
    assert state["seats"][2]["host_controls"] == ["remove", "computer"]  # never came
    leave()  # his connection drops: for a moment he is not absent yet
    clock.now += ABSENT_SECONDS - 1
    assert_error(manage(client, gid, host, 1, "skip"), 409, "seat_present")
    back_again = at_table(app, gid, bram)  # the page reconnects: the minute starts over
    back_again()
    clock.now += ABSENT_SECONDS - 1
    assert_error(manage(client, gid, host, 1, "skip"), 409, "seat_present")
    clock.now += 2
    state = client.get(f"/api/games/{gid}").json
    assert state["seats"][1]["host_controls"] == ["skip", "remove", "computer"]
    r = manage(client, gid, host, 1, "skip")
    assert r.status_code == 200
    skipped = r.json["state"]["seats"][1]["host_action"]
    assert skipped == {"action": "skip", "level": None, "by": 0, "host": "Anna",
                       "absent_seconds": int(ABSENT_SECONDS + 1), "at": clock.now}
    assert r.json["state"]["history"][-1]["skipped"] == "host"


def test_the_removed_player_sees_who_and_why_and_comes_back(tmp_path: Path,
                                                            clock: Clock) -> None:
    app = make_app(tmp_path / "back.sqlite3", clock, TICK_SECONDS=None)
    client = app.test_client()
    gid, (host, bram, cees) = online(client, players=("Anna", "Bram", "Cees"),
                                     idle_seconds=3600)
    play_turn(client, gid, host)
    clock.now += 180
    r = manage(client, gid, host, 1, "remove")
    assert r.status_code == 200
    state = r.json["state"]  # Bram was to move: his turn goes at once
    assert state["seats"][1]["left"] and state["to_move"] == 2
    removed = {"action": "remove", "level": None, "by": 0, "host": "Anna",
               "absent_seconds": 180, "at": clock.now}
    assert state["seats"][1]["host_action"] == removed
    # every process, and a restart, tells the same: it is in the game's events
    again = make_app(tmp_path / "back.sqlite3", clock, TICK_SECONDS=None).test_client()
    mine = again.get(f"/api/games/{gid}", headers=seat(bram)).json
    assert mine["seats"][1]["host_action"] == removed and mine["you"] == [1]
    # only his own link brings him back
    for stranger in (host, cees, "not-a-token", None):
        assert_error(back(client, gid, stranger, 1), 403, "not_your_seat")
    assert_error(back(client, gid, cees, 2), 409, "at_table")
    assert_error(back(client, gid, bram, 7), 404, "not_found")
    r = back(client, gid, bram, 1)
    assert r.status_code == 200, r.json
    state = r.json["state"]
    assert not state["seats"][1]["left"] and state["seats"][1]["host_action"] is None
    assert state["you"] == [1] and state["history"][-1]["skipped"] == "left"
    assert_error(back(client, gid, bram, 1), 409, "at_table")
    play_turn(client, gid, cees)
    play_turn(client, gid, host)
    state = play_turn(client, gid, bram)  # he plays again from his next turn
    assert state["history"][-1]["player"] == 1 and "skipped" not in state["history"][-1]
    record = client.get(f"/api/games/{gid}/record").json["record"]
    assert [t.get("skipped") for t in record["turns"]] == [None, "left", None, None, None]


def test_a_seat_handed_to_a_computer_comes_back_and_plays(tmp_path: Path,
                                                          clock: Clock) -> None:
    app = make_app(tmp_path / "computer.sqlite3", clock, TICK_SECONDS=None)
    client = app.test_client()
    gid, (host, bram) = online(client, idle_seconds=3600)
    clock.now += 90
    r = manage(client, gid, host, 1, "computer", {"level": "beginner"})
    assert r.status_code == 200 and r.json["state"]["seats"][1]["computer"] == "beginner"
    assert r.json["state"]["seats"][1]["host_action"] == {
        "action": "computer", "level": "beginner", "by": 0, "host": "Anna",
        "absent_seconds": 90, "at": clock.now}
    play_turn(client, gid, host)
    assert tables(app).settle(gid)  # the computer plays Bram's turn
    state = client.get(f"/api/games/{gid}", headers=seat(bram)).json
    assert state["history"][-1]["player"] == 1 and state["to_move"] == 0
    assert state["you"] == [] and state["own"] == [1]  # his link moves nothing now ...
    assert_error(client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(bram)), 403)
    assert_error(back(client, gid, host, 1), 403, "not_your_seat")
    r = back(client, gid, bram, 1)  # ... but brings him back
    assert r.status_code == 200, r.json
    assert r.json["state"]["seats"][1]["computer"] is None
    assert r.json["state"]["you"] == [1] and r.json["state"]["seats"][1]["host_action"] is None
    stored = app.extensions["wordyahtzee.store"].load_game(gid).seats[1]
    assert stored.computer is None and stored.token == bram  # the store's row follows
    play_turn(client, gid, host)
    assert tables(app).settle(gid)
    state = play_turn(client, gid, bram)  # his own turn, with his own link
    assert state["history"][-1]["player"] == 1 and state["seats"][1]["computer"] is None


def test_seat_actions_refuse_bad_input_without_changing_anything(client: Any,
                                                                 clock: Clock) -> None:
    gid, (host, bram) = online(client)
    clock.now += 61
    before = client.get(f"/api/games/{gid}").json["seq"]
    assert_error(manage(client, gid, host, 1, "computer", {"level": 5}), 400, "bad_level")
    assert_error(manage(client, gid, host, 1, "computer", {"level": "genius"}), 400,
                 "bad_level")
    assert_error(manage(client, gid, bram, 1, "remove"), 403, "not_host")
    assert_error(client.post(f"/api/games/{gid}/seats/1/return", data="[",
                             content_type="application/json", headers=seat(bram)), 400)
    assert_error(back(client, "nope", bram, 1), 404, "not_found")
    assert client.get(f"/api/games/{gid}").json["seq"] == before


def test_a_player_cannot_write_a_skip_as_the_hosts(client: Any) -> None:
    """A player may pass their own turn, but a skip "by the host" or "for a seat that left"
    is the table's to write: the history never says the host did what a player did."""
    gid, (host, _) = online(client)
    for reason in ("host", "left"):
        r = client.post(f"/api/games/{gid}/act/skip", json={"reason": reason},
                        headers=seat(host))
        assert_error(r, 400, "bad_request")
    assert client.get(f"/api/games/{gid}").json["seq"] == 0
    r = client.post(f"/api/games/{gid}/act/skip", json={}, headers=seat(host))
    assert r.status_code == 200 and r.json["skipped"] == "absent"
    assert r.json["state"]["to_move"] == 1


def test_invite_links_name_the_network_address_a_phone_reaches(tmp_path: Path) -> None:
    """A host who opened the site at 127.0.0.1 while the server listens on its network
    (``serve --host 0.0.0.0``: ``LAN_ADDRESSES``) gets the server's network origin for the
    invite links; asked at any other address, the links use that one (no ``base``)."""
    app = make_app(tmp_path / "lan.sqlite3", LAN_ADDRESSES=("192.168.1.20",))
    client = app.test_client()
    made = client.post("/api/games", json={"mode": "classic", "kind": "online",
                                           "players": ["Mama", "Tim"]}).json
    host = {"X-Seat-Token": made["links"][0]["token"]}
    url = f"/api/games/{made['id']}/invites"
    for asked, base in (("127.0.0.1:8000", "http://192.168.1.20:8000"),
                        ("localhost:8000", "http://192.168.1.20:8000"),
                        ("[::1]:8000", "http://192.168.1.20:8000"),
                        ("192.168.1.20:8000", None)):
        answer = client.get(url, headers={**host, "Host": asked}).json
        assert answer.get("base") == base, (asked, answer)
        assert answer["links"] and answer["links"][0]["url"].startswith("/games/")
    plain = make_app(tmp_path / "plain.sqlite3").test_client()
    made = plain.post("/api/games", json={"mode": "classic", "kind": "online",
                                          "players": ["Mama", "Tim"]}).json
    answer = plain.get(f"/api/games/{made['id']}/invites", headers={
        "X-Seat-Token": made["links"][0]["token"], "Host": "127.0.0.1:8000"}).json
    assert "base" not in answer
