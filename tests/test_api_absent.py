"""Online tables that nobody can block: idle turns are skipped, away seats are skipped at
once, the host can skip, remove or hand over the seat of an absent player, invite links
come back to the host, and a finished table offers a rematch. (The clock that waits for
the players and pauses while none is there: tests/test_api_table_clock.py.)"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from .support.app import make_app, seat
from .support.clock import Clock
from .support.tables import online, open_page, play_zero


def everyone_came(client: Any, gid: str, tokens: dict[str, str], *,
                  staying: tuple[str, ...] = ()) -> list[Callable[[], None]]:
    """Every player opens the table (the clock starts); the pages of ``staying`` stay
    open (their closers are returned), the others close again."""
    kept = []
    for name, token in tokens.items():
        close = open_page(client, gid, token)
        if name in staying:
            kept.append(close)
        else:
            close()
    return kept


def test_a_turn_nobody_throws_is_skipped_after_the_turn_time(client: Any, clock: Clock) -> None:
    gid, tokens = online(client)
    everyone_came(client, gid, tokens, staying=("Anna", "Cees"))
    state = play_zero(client, gid, tokens["Anna"])
    assert state["turn"]["player"] == 1 and state["idle_seconds"] == 60
    assert state["idle_deadline"] == pytest.approx(clock.now + 60)
    clock.now += 59
    assert client.get(f"/api/games/{gid}").json["turn"]["player"] == 1
    clock.now += 2
    state = client.get(f"/api/games/{gid}").json
    assert state["turn"]["player"] == 2  # Bram's turn went by
    skipped = state["history"][-1]
    assert skipped["skipped"] == "absent" and skipped["points"] == 0
    assert state["players"][1]["boxes"]["letters_2"] == 0
    assert state["players"][1]["missed"] == 1 and not state["seats"][1]["away"]


def test_a_seat_that_misses_two_turns_is_away_and_then_skipped_at_once(
        client: Any, clock: Clock) -> None:
    gid, tokens = online(client)
    everyone_came(client, gid, tokens, staying=("Anna", "Cees"))
    for _ in range(2):  # two rounds: Anna and Cees play, Bram idles out
        play_zero(client, gid, tokens["Anna"])
        clock.now += 61
        client.get(f"/api/games/{gid}")
        play_zero(client, gid, tokens["Cees"])
    state = client.get(f"/api/games/{gid}").json
    assert state["seats"][1]["away"] and state["players"][1]["missed"] == 2
    state = play_zero(client, gid, tokens["Anna"])  # Bram is skipped without waiting
    assert state["turn"]["player"] == 2 and state["history"][-1]["skipped"] == "absent"
    # Bram comes back: a live stream with his token makes him present, so he gets his turn
    table = client.application.extensions["wordyahtzee.tables"].table(gid)
    leave = client.application.extensions["wordyahtzee.tables"].watching(table, tokens["Bram"])
    try:
        state = play_zero(client, gid, tokens["Cees"])
        state = play_zero(client, gid, tokens["Anna"])
        assert state["turn"]["player"] == 1 and state["seats"][1]["present"]
        assert not state["seats"][1]["away"]
    finally:
        leave()


def test_the_host_skips_removes_and_gets_the_invites_back(client: Any, clock: Clock) -> None:
    gid, tokens = online(client, rules={"turn_seconds": None})  # 120 s to move
    r = client.get(f"/api/games/{gid}/invites", headers=seat(tokens["Anna"]))
    assert r.status_code == 200
    links = {link["name"]: link for link in r.json["links"]}
    assert set(links) == {"Anna", "Bram", "Cees"}
    assert links["Bram"]["url"] == f"/games/{gid}#seat={tokens['Bram']}"
    for other in (tokens["Bram"], None):
        r = client.get(f"/api/games/{gid}/invites", headers=seat(other) if other else {})
        assert r.status_code == 403 and r.json["error"]["code"] == "not_host"
    play_zero(client, gid, tokens["Anna"])
    r = client.post(f"/api/games/{gid}/seats/1/skip", json={}, headers=seat(tokens["Anna"]))
    assert r.status_code == 409 and r.json["error"]["code"] == "seat_present"  # just came
    clock.now += 61  # nobody has had the table open for a minute: absent
    r = client.post(f"/api/games/{gid}/seats/2/skip", json={}, headers=seat(tokens["Anna"]))
    assert r.status_code == 409 and r.json["error"]["code"] == "not_their_turn"
    r = client.post(f"/api/games/{gid}/seats/1/skip", json={}, headers=seat(tokens["Bram"]))
    assert r.status_code == 403 and r.json["error"]["code"] == "not_host"
    r = client.post(f"/api/games/{gid}/seats/1/skip", json={}, headers=seat(tokens["Anna"]))
    assert r.status_code == 200 and r.json["state"]["history"][-1]["skipped"] == "host"
    assert r.json["state"]["seats"][1]["host_action"] == {
        "action": "skip", "level": None, "by": 0, "host": "Anna", "absent_seconds": 61,
        "at": clock.now}
    r = client.post(f"/api/games/{gid}/seats/2/remove", json={},
                    headers=seat(tokens["Anna"]))
    state = r.json["state"]  # Cees was to move: removed, so skipped at once
    assert state["seats"][2]["left"] and state["turn"]["player"] == 0
    assert state["history"][-1]["skipped"] == "left"
    assert state["seats"][2]["host_controls"] == ["computer"]  # not removed twice
    r = client.post(f"/api/games/{gid}/seats/2/remove", json={},
                    headers=seat(tokens["Anna"]))
    assert r.status_code == 409 and r.json["error"]["code"] == "seat_left"
    r = client.post(f"/api/games/{gid}/seats/0/remove", json={},
                    headers=seat(tokens["Anna"]))
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_request"
    r = client.post(f"/api/games/{gid}/seats/1/computer", json={"level": "genius"},
                    headers=seat(tokens["Anna"]))
    assert r.status_code == 400 and r.json["error"]["code"] == "bad_level"
    r = client.post(f"/api/games/{gid}/seats/1/computer", json={"level": "greedy"},
                    headers=seat(tokens["Anna"]))
    assert r.status_code == 200 and r.json["state"]["seats"][1]["computer"] == "greedy"
    r = client.post(f"/api/games/{gid}/seats/1/remove", json={},
                    headers=seat(tokens["Anna"]))
    assert r.status_code == 409 and r.json["error"]["code"] == "computer_seat"
    r = client.post(f"/api/games/{gid}/seats/9/remove", json={},
                    headers=seat(tokens["Anna"]))
    assert r.status_code == 404 and r.json["error"]["code"] == "not_found"


def test_classic_tables_have_an_idle_limit_and_a_computer_can_take_a_seat(
        client: Any, clock: Clock) -> None:
    gid, tokens = online(client, "classic", ("Anna", "Bram"))
    everyone_came(client, gid, tokens, staying=("Anna",))
    state = client.get(f"/api/games/{gid}").json
    assert state["idle_seconds"] == 120
    clock.now += 121
    state = client.get(f"/api/games/{gid}").json
    assert state["turn"]["player"] == 1 and state["history"][-1]["skipped"] == "absent"
    assert state["players"][0]["boxes"]["ones"] == 0
    r = client.post(f"/api/games/{gid}/seats/1/computer", json={"level": "greedy"},
                    headers=seat(tokens["Anna"]))
    assert r.status_code == 200 and r.json["state"]["seats"][1]["computer"] == "greedy"
    assert client.application.extensions["wordyahtzee.tables"].settle(gid)
    state = client.get(f"/api/games/{gid}").json
    assert state["turn"]["player"] == 0 and state["history"][-1]["player"] == 1
    r = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(tokens["Bram"]))
    assert r.status_code == 403  # the handed-over seat's link no longer acts (but see
    # tests/test_api_seats.py: it brings the seat back)


def test_no_hint_while_a_computer_is_to_move(app: Any) -> None:
    slow = make_app(Path(app.config["DATABASE"]).with_name("slow.sqlite3"),
                    COMPUTER_PACE=1000.0)
    client = slow.test_client()
    r = client.post("/api/games", json={"mode": "classic", "kind": "solo", "players": [
        "Anna", {"name": "Gert", "computer": "greedy"}]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(token))
    client.post(f"/api/games/{gid}/act/claim", json={"box": "chance"}, headers=seat(token))
    r = client.get(f"/api/games/{gid}/hint")
    assert r.status_code == 422 and r.json["error"]["code"] == "computer_to_move"


def test_a_rematch_gives_every_seat_its_new_link(client: Any) -> None:
    r = client.post("/api/games", json={"mode": "woord", "kind": "online",
                                        "players": ["Anna", "Bram"],
                                        "rules": {"turn_seconds": None}})
    gid = r.json["id"]
    tokens = {link["name"]: link["token"] for link in r.json["links"]}
    r = client.post(f"/api/games/{gid}/rematch", json={}, headers=seat(tokens["Anna"]))
    assert r.status_code == 422 and r.json["error"]["code"] == "game_not_over"
    for _ in range(8):
        for name in ("Anna", "Bram"):
            play_zero(client, gid, tokens[name])
    r = client.post(f"/api/games/{gid}/rematch", json={}, headers=seat(tokens["Anna"]))
    assert r.status_code == 201
    new_id = r.json["id"]
    assert client.get(f"/api/games/{gid}").json["rematch"] == new_id
    again = client.post(f"/api/games/{gid}/rematch", json={}, headers=seat(tokens["Bram"]))
    assert again.json["id"] == new_id and again.json["url"] != r.json["url"]
    state = client.get(f"/api/games/{new_id}").json
    assert [s["name"] for s in state["seats"]] == ["Anna", "Bram"]
    assert state["rules"]["turn_seconds"] is None and state["seq"] == 0
    bram = again.json["url"].split("#seat=")[1]
    assert client.post(f"/api/games/{new_id}/act/throw", json={},
                       headers=seat(bram)).status_code == 403  # Anna moves first


def test_idle_tables_are_abandoned_and_unloaded(client: Any, clock: Clock) -> None:
    service = client.application.extensions["wordyahtzee.tables"]
    gid, tokens = online(client)
    quiet, _ = online(client)
    play_zero(client, gid, tokens["Anna"])
    clock.now += 11 * 60  # nobody watches, nobody moves: both leave memory
    service.sweep(every=0)
    assert gid not in service._tables and quiet not in service._tables
    assert client.get(f"/api/games/{gid}").json["seq"] == 2  # loaded again on demand
    clock.now += 8 * 24 * 3600  # a week without a move: finished as abandoned
    assert service.resume_all() == 0
    state = client.get(f"/api/games/{gid}").json
    assert state["status"] == "abandoned"
    r = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(tokens["Bram"]))
    assert r.status_code == 409 and r.json["error"]["code"] == "game_over"
    listed = client.get("/api/games?status=active").json["games"]
    assert gid not in [g["id"] for g in listed]
