"""Kaartspel through the JSON API: solo tables with computer seats, hot-seat and online
tables, every move through the generic action route, the engine's error codes, the keep
hint, skipped turns, and high scores ranked by wins."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wordyahtzee.modes.kaartspel import CARDS

from .support.app import assert_error, make_app, seat
from .support.clock import Clock
from .support.kaartspel import act, new_table, play_to_the_end


def test_solo_against_two_computers_to_the_end(client: Any, app: Any) -> None:
    gid, links, state = new_table(client, ["Anna", {"name": "Greta", "computer": "greedy"},
                                           {"name": "Bert", "computer": "beginner"}])
    assert len(links) == 1 and links[0]["seats"] == [0]
    assert [s["computer"] for s in state["seats"]] == [None, "greedy", "beginner"]
    assert state["mode"] == "kaartspel" and len(state["spaces"]) == 16
    assert [p["corner"] for p in state["players"]] == [0, 4, 8]
    assert [s["kind"] for s in state["spaces"]].count("joker") == 4
    final = play_to_the_end(client, app, gid, {0: links[0]["token"]})
    assert final["finished"] and final["winners"] and final["phase"] == "over"
    assert len(final["unplaced"]) == 0 and final["casino"]
    assert sum(p["total"] for p in final["players"]) == sum(
        s["score"] for s in final["spaces"] if s["card"])
    stored = app.extensions["wordyahtzee.store"].load_game(gid)
    assert stored.status == "finished" and stored.result["winners"] == final["winners"]
    record = client.get(f"/api/games/{gid}/record").json
    assert record["result"]["winners"] == final["winners"]


def test_hotseat_one_token_plays_both_seats(client: Any, app: Any) -> None:
    gid, links, state = new_table(client, ["Anna", "Bram"], kind="hotseat")
    assert len(links) == 1 and links[0]["seats"] == [0, 1]
    token = links[0]["token"]
    assert {o["action"] for o in state["options"]} == {"roll"}
    r = act(client, gid, token, "roll", seq=state["seq"])
    assert r.status_code == 200, r.json
    assert 1 <= r.json["roll"] <= 6 and r.json["state"]["red"] == r.json["roll"]
    assert r.json["square"] == r.json["state"]["players"][state["current_seat"]]["pawn"]
    assert r.json["state"]["phase"] == "throw"   # nothing is owned yet: must throw
    r = act(client, gid, token, "throw", keep=[])
    assert r.status_code == 200 and len(r.json["dice"]) == 5
    cards = r.json["options"]
    r = act(client, gid, token, "take", card=next(iter(cards), None))
    assert r.status_code == 200, r.json
    after = r.json["state"]
    assert after["current_seat"] != state["current_seat"] and len(after["history"]) == 1


def test_online_tables_have_a_link_per_seat(client: Any, app: Any) -> None:
    gid, links, state = new_table(client, ["Anna", "Bram", "Cees"], kind="online")
    assert len(links) == 3 and len({link["token"] for link in links}) == 3
    mover = state["current_seat"]
    other = links[(mover + 1) % 3]["token"]
    assert_error(act(client, gid, other, "roll"), 403, "not_your_turn")
    r = act(client, gid, links[mover]["token"], "roll")
    assert r.status_code == 200
    invites = client.get(f"/api/games/{gid}/invites", headers=seat(links[0]["token"])).json
    assert len(invites["links"]) == 3


def test_illegal_actions_are_4xx_with_the_engines_codes(client: Any, app: Any) -> None:
    gid, links, _ = new_table(client, ["Anna", "Bram"], kind="hotseat")
    token = links[0]["token"]
    assert_error(act(client, gid, token, "take", card="chance"), 422, "no_throw")
    assert_error(act(client, gid, token, "throw", keep=[]), 422, "must_move")
    assert_error(act(client, gid, token, "stop"), 422, "cannot_stop")
    assert_error(act(client, gid, token, "fly"), 400, "bad_request")
    assert_error(act(client, gid, token, "take"), 400, "bad_request")
    assert_error(act(client, gid, token, "roll", seq=99), 409, "stale")
    assert_error(act(client, gid, "nope", "roll"), 403, "not_a_player")
    assert act(client, gid, token, "roll").status_code == 200
    assert_error(act(client, gid, token, "roll"), 422, "must_throw")
    r = act(client, gid, token, "throw", keep=[])
    assert r.status_code == 200
    shown = set(r.json["options"])
    missing = next(c for c in CARDS if c not in shown)
    response = act(client, gid, token, "take", card=missing)
    assert 400 <= response.status_code < 500
    assert response.json["error"]["code"] in {"not_shown", "card_placed", "illegal_take",
                                              "wrong_card", "steal_too_low"}
    assert_error(act(client, gid, token, "take", card="joker"), 422, "unknown_card")
    # the older routes still answer
    assert client.post(f"/api/games/{gid}/act/throw", json={"keep": [9]},
                       headers=seat(token)).status_code in (400, 422)


def test_the_hint_ranks_every_move_by_its_worth(client: Any, app: Any) -> None:
    gid, links, _ = new_table(client, ["Anna", "Bram"], kind="hotseat")
    token = links[0]["token"]
    hint = client.get(f"/api/games/{gid}/hint").json
    # the red die first: rolling is the only move, worth what the squares in reach promise
    assert hint["ready"] and [o["kind"] for o in hint["options"]] == ["roll"]
    assert hint["best"] == hint["options"][0] and hint["best"]["value"] > 0
    act(client, gid, token, "roll")
    r = act(client, gid, token, "throw", keep=[])
    hint = client.get(f"/api/games/{gid}/hint").json
    assert hint["ready"] and hint["throws"] == 1 and len(hint["options"]) == 6
    assert hint["seq"] == r.json["state"]["seq"]
    values = [o["value"] for o in hint["options"]]
    assert values == sorted(values, reverse=True)
    dice = r.json["state"]["dice"]
    take = next(o for o in r.json["state"]["options"] if o["action"] == "take")["cards"]
    for option in hint["options"]:
        assert option["kind"] in ("keep", "take")
        if option["kind"] == "keep":
            assert all(0 <= i < 5 for i in option["keep"]) and len(option["keep"]) < 5
            assert all(c in CARDS and 0 <= p <= 1 + 1e-9
                       for c, p in option["chances"].items())
        elif option["card"] is not None:  # a card the throw may take, as the view says
            assert take[option["card"]]["score"] == option["score"]
            assert take[option["card"]]["kind"] == option["how"]
    # one row per way to keep: keeps of the same values are the same choice
    kept = [tuple(sorted(dice[i] for i in o["keep"])) for o in hint["options"]
            if o["kind"] == "keep"]
    assert len(kept) == len(set(kept))


def test_no_hint_while_a_computer_is_to_move(tmp_path: Path) -> None:
    slow = make_app(tmp_path / "slow.sqlite3", Clock(), COMPUTER_PACE=30.0)
    client = slow.test_client()
    for _ in range(20):   # until the computer starts
        gid, _, state = new_table(client, ["Anna", {"name": "Rob", "computer": "strong"}])
        if state["current_seat"] == 1:
            assert_error(client.get(f"/api/games/{gid}/hint"), 422, "computer_to_move")
            return
    raise AssertionError("the computer never started")


def test_the_host_skips_an_absent_seat(client: Any, app: Any) -> None:
    clock = app.config["CLOCK"]
    gid, links, state = new_table(client, ["Anna", "Bram"], kind="online",
                                  idle_seconds=600)
    host = links[0]["token"]
    if state["current_seat"] == 0:  # the host plays their own seat: Anna rolls and stops
        act(client, gid, host, "roll")
        r = client.post(f"/api/games/{gid}/seats/0/skip", json={}, headers=seat(host))
        assert r.status_code == 400 and r.json["error"]["code"] == "bad_request"
        clock.now += 601  # ... or lets her turn run out
        assert client.get(f"/api/games/{gid}").json["current_seat"] == 1
    clock.now += 61  # Bram has not been at the table for a minute: absent
    r = client.post(f"/api/games/{gid}/seats/1/skip", json={}, headers=seat(host))
    assert r.status_code == 200, r.json
    after = r.json["state"]
    assert after["history"][-1]["skipped"] == "host"
    assert not after["seats"][1]["away"]   # one missed turn is not away yet
    assert after["current_seat"] == 0 and after["phase"] == "move"
    r = client.post(f"/api/games/{gid}/seats/1/remove", json={}, headers=seat(host))
    assert r.status_code == 200 and r.json["state"]["seats"][1]["left"]


def test_high_scores_rank_wins_before_points(client: Any, app: Any) -> None:
    for _ in range(2):
        gid, links, _ = new_table(client, ["Anna", {"name": "Greta", "computer": "greedy"}])
        play_to_the_end(client, app, gid, {0: links[0]["token"]})
    answer = client.get("/api/highscores").json
    lists = [lst for lst in answer["lists"] if lst["mode"] == "kaartspel"]
    assert len(lists) == 1
    board = lists[0]
    assert board["ranking"] == "wins"
    assert [p["player"] for p in board["players"]] == ["Anna"]   # computers never enter
    anna = board["players"][0]
    assert anna["games"] == 2 and 0 <= anna["wins"] <= 2
    assert len(board["entries"]) == anna["wins"]
    assert all(e["player"] == "Anna" for e in board["entries"])
    one = client.get("/api/highscores?mode=kaartspel").json["lists"]
    assert one[0]["ranking"] == "wins" and one[0]["players"] == board["players"]


def test_the_wins_table_counts_shared_wins(tmp_path: Path) -> None:
    from wordyahtzee.store import Finish, Seat, open_store

    store = open_store(tmp_path / "s.sqlite3")
    results = [({"Anna": 200, "Bram": 100}, ["Anna"]), ({"Anna": 90, "Bram": 150}, ["Bram"]),
               ({"Anna": 120, "Bram": 120}, ["Anna", "Bram"]),
               ({"Anna": 300, "Bram": 50}, ["Anna"])]
    for i, (totals, winners) in enumerate(results):
        gid = f"g{i}"
        store.create_game(gid, "kaartspel", "hotseat", {"players": list(totals)},
                          [Seat(0, "Anna", "t"), Seat(1, "Bram", "t")])
        result = {"players": [{"name": n, "total": t} for n, t in totals.items()],
                  "winners": winners}
        store.append_events(gid, 0, [{"type": "start", "starter": 0}],
                            Finish(result, {}, list(totals.items())))
    won = store.wins("kaartspel", kind=None)
    assert [(p["player"], p["wins"], p["games"], p["best_win"]) for p in won["players"]] == [
        ("Anna", 3, 4, 300), ("Bram", 2, 4, 150)]
    assert [e["score"] for e in won["best"]] == [300, 200, 150, 120, 120]
    assert store.wins("kaartspel")["players"] == []   # no solo games
    # Anna used a Tip in her best game: it does not count, unless asked for, and is marked
    store.mark_aided("g3", 0)
    won = store.wins("kaartspel", kind=None)
    assert [(p["player"], p["wins"], p["games"]) for p in won["players"]] == [
        ("Anna", 2, 3), ("Bram", 2, 4)]
    everything = store.wins("kaartspel", kind=None, aided=None)
    assert [(e["score"], e["aided"]) for e in everything["best"]][:2] == [(300, True),
                                                                          (200, False)]


def test_a_new_table_survives_a_restart_before_its_first_move(tmp_path: Path) -> None:
    path = tmp_path / "restart.sqlite3"
    first = make_app(path, Clock())
    r = first.test_client().post("/api/games", json={"mode": "kaartspel", "kind": "hotseat",
                                                     "players": ["Anna", "Bram"]})
    gid, token = r.json["id"], r.json["links"][0]["token"]
    assert r.json["state"]["seq"] == 1   # the throw-off is stored with the table
    again = make_app(path, Clock()).test_client()
    state = again.get(f"/api/games/{gid}").json
    assert state["phase"] == "move" and state["current_seat"] == r.json["state"]["current_seat"]
    assert act(again, gid, token, "roll", seq=1).status_code == 200
