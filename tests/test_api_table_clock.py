"""An online table's clock, on the server with an injected clock (issue 46): it waits until
every player has come to the table (or fifteen minutes), turns skipped before a player came
do not make them *away*, a live table nobody is at pauses and goes on where it stood when a
player comes back, a slow table's day runs regardless, an abandoned game or a seat the game
ended without never enters the high scores."""

from __future__ import annotations

from typing import Any

from wordyahtzee.store import Finish, Seat, Store
from wordyahtzee.tables.table import JOIN_SECONDS

from .support.app import seat
from .support.clock import Clock
from .support.tables import online, open_page, play_zero


def service(client: Any) -> Any:
    return client.application.extensions["wordyahtzee.tables"]


def state(client: Any, gid: str) -> dict[str, Any]:
    """The state as a watcher reads it (the ticker's beat first: what the table decides
    by time alone)."""
    service(client).tick_watched()
    answer = client.get(f"/api/games/{gid}")
    assert answer.status_code == 200, answer.json
    return dict(answer.json)


def family(client: Any, **extra: Any) -> tuple[str, dict[str, str]]:
    """Mama's table for Mama and Tim: Woord Yahtzee, the 60 s turn time."""
    return online(client, players=("Mama", "Tim"), **extra)


def test_the_clock_waits_until_every_player_has_come(client: Any, clock: Clock) -> None:
    gid, tokens = family(client)
    made = clock.now
    mama = open_page(client, gid, tokens["Mama"])
    clock.now += 75  # Mama takes 75 s to send the link: her page is open, her turn waits
    now = state(client, gid)
    assert now["seq"] == 0 and now["history"] == [] and now["turn"]["player"] == 0
    assert now["waiting_for"] == [1] and now["idle_deadline"] is None
    assert now["wait_until"] == made + JOIN_SECONDS and not now["paused"]
    assert now["seats"][0]["came"] and not now["seats"][1]["came"]
    tim = open_page(client, gid, tokens["Tim"])  # Tim opens the link: the clock starts
    now = state(client, gid)
    assert now["waiting_for"] == [] and now["wait_until"] is None
    assert now["idle_deadline"] == clock.now + 60
    clock.now += 59
    assert state(client, gid)["history"] == []
    clock.now += 2  # a minute after Tim came, not after the table was made
    assert state(client, gid)["history"][0]["skipped"] == "absent"
    mama()
    tim()


def test_a_read_or_a_move_with_the_seats_token_is_coming_too(client: Any,
                                                            clock: Clock) -> None:
    gid, tokens = family(client)
    play_zero(client, gid, tokens["Mama"])  # a move: Mama has come (no page open)
    assert state(client, gid)["waiting_for"] == [1]
    assert client.get(f"/api/games/{gid}", headers=seat(tokens["Tim"])).json[
        "waiting_for"] == []  # Tim's first read: he has come


def test_a_player_who_never_comes_is_waited_for_fifteen_minutes(client: Any,
                                                               clock: Clock) -> None:
    gid, tokens = family(client)
    mama = open_page(client, gid, tokens["Mama"])
    play_zero(client, gid, tokens["Mama"])
    clock.now += JOIN_SECONDS - 1
    now = state(client, gid)
    assert now["turn"]["player"] == 1 and now["waiting_for"] == [1]
    clock.now += 1  # the wait is over: Tim's turn gets its minute from now
    now = state(client, gid)
    assert now["waiting_for"] == [] and now["idle_deadline"] == clock.now + 60
    clock.now += 61
    assert state(client, gid)["history"][-1]["skipped"] == "absent"
    play_zero(client, gid, tokens["Mama"])
    clock.now += 61
    now = state(client, gid)
    assert now["players"][1]["missed"] == 2 and now["seats"][1]["away"]
    now = play_zero(client, gid, tokens["Mama"])  # away: skipped at once
    assert now["turn"]["player"] == 0 and now["history"][-1]["skipped"] == "absent"
    # Tim comes at last, and his phone's page drops at once: the three turns he missed
    # before he came do not make him away; his turn waits its minute
    open_page(client, gid, tokens["Tim"])()
    now = play_zero(client, gid, tokens["Mama"])
    assert now["players"][1]["missed"] == 3 and not now["seats"][1]["away"]
    assert now["turn"]["player"] == 1 and now["idle_deadline"] == clock.now + 60
    clock.now += 61  # two turns missed since he came make him away again
    assert state(client, gid)["players"][1]["missed"] == 4
    play_zero(client, gid, tokens["Mama"])
    clock.now += 61
    assert state(client, gid)["seats"][1]["away"]
    now = play_zero(client, gid, tokens["Mama"])
    assert now["turn"]["player"] == 0 and now["players"][1]["missed"] == 6
    mama()


def test_a_table_nobody_is_at_pauses_and_goes_on_where_it_stood(client: Any,
                                                              clock: Clock) -> None:
    gid, tokens = family(client)
    pages = [open_page(client, gid, tokens[name]) for name in ("Mama", "Tim")]
    play_zero(client, gid, tokens["Mama"])
    clock.now += 20  # Tim thinks for 20 s; then both close their browsers
    for close in pages:
        close()
    now = state(client, gid)
    assert now["paused"] and now["idle_deadline"] is None
    clock.now += 5 * 60  # minutes later: nothing was skipped
    now = state(client, gid)
    assert now["paused"] and now["turn"]["player"] == 1 and len(now["history"]) == 1
    mama = open_page(client, gid, tokens["Mama"])  # Mama comes back: the clock goes on
    now = state(client, gid)
    assert not now["paused"] and now["idle_deadline"] == clock.now + 40  # Tim's 40 s left
    clock.now += 39
    assert len(state(client, gid)["history"]) == 1
    mama()  # gone again, for hours: the table leaves the server's memory meanwhile
    clock.now += 3 * 3600
    now = state(client, gid)
    assert now["paused"] and len(now["history"]) == 1 and not now["seats"][1]["away"]
    assert gid not in service(client)._tables or service(client).table(gid).viewers == 0
    tim = open_page(client, gid, tokens["Tim"])  # after so long, a turn's whole minute
    now = state(client, gid)
    assert not now["paused"] and now["idle_deadline"] == clock.now + 60
    clock.now += 61
    assert state(client, gid)["history"][-1]["skipped"] == "absent"
    tim()


def test_a_watcher_does_not_keep_a_table_running(client: Any, clock: Clock) -> None:
    gid, tokens = family(client)
    for name in ("Mama", "Tim"):
        open_page(client, gid, tokens[name])()
    watcher = service(client).watching(service(client).table(gid), None)
    clock.now += 3600
    now = state(client, gid)
    assert now["paused"] and now["history"] == []
    watcher()


def test_a_paused_table_idle_for_days_is_abandoned_without_high_scores(
        client: Any, clock: Clock) -> None:
    gid, tokens = family(client)
    for name in ("Mama", "Tim"):
        open_page(client, gid, tokens[name])()
    play_zero(client, gid, tokens["Mama"])
    clock.now += 8 * 24 * 3600  # a week and a day without a move: the sweep ends it
    service(client).sweep(every=0)
    now = client.get(f"/api/games/{gid}").json
    assert now["status"] == "abandoned" and not now["paused"]
    assert now["idle_deadline"] is None and now["waiting_for"] == []
    r = client.post(f"/api/games/{gid}/act/throw", json={}, headers=seat(tokens["Tim"]))
    assert r.status_code == 409 and r.json["error"]["code"] == "game_over"
    lists = client.get("/api/highscores?kind=all&aided=all").json["lists"]
    assert [e for each in lists for e in each["entries"]] == []


def slow_table(client: Any, clock: Clock) -> tuple[str, dict[str, str]]:
    """A slow table for Mama and Tim: an hour a turn; both came and went."""
    gid, tokens = family(client, pace="slow", idle_seconds=3600)
    for name in ("Mama", "Tim"):
        open_page(client, gid, tokens[name])()
    return gid, tokens


def test_a_slow_tables_day_runs_while_nobody_is_there(client: Any, clock: Clock) -> None:
    gid, tokens = slow_table(client, clock)
    play_zero(client, gid, tokens["Mama"])
    now = state(client, gid)
    assert not now["paused"] and now["idle_deadline"] == clock.now + 3600
    clock.now += 30 * 60  # nobody watches: the table leaves memory
    service(client).sweep(every=0)
    assert gid not in service(client)._tables
    clock.now += 30 * 60 + 1  # loaded again, its hour counted from Mama's move
    assert state(client, gid)["history"][-1]["skipped"] == "absent"


def test_a_game_that_ran_out_without_its_players_enters_no_high_scores(
        client: Any, clock: Clock) -> None:
    gid, tokens = slow_table(client, clock)  # Mama and Tim stop coming: 0 and 0
    while (now := state(client, gid))["status"] == "active":
        clock.now += 3601
    assert now["finished"] and [p["total"] for p in now["players"]] == [0, 0]
    # Mama plays every turn of hers; Tim never comes back: only Mama's game counts
    played, tokens = slow_table(client, clock)
    while (now := state(client, played))["status"] == "active":
        if now["to_move"] == 0:
            play_zero(client, played, tokens["Mama"])
        else:
            clock.now += 3601
    lists = client.get("/api/highscores?kind=all&aided=all").json["lists"]
    entries = [(e["player"], e["game_id"]) for each in lists for e in each["entries"]]
    assert entries == [("Mama", played)]


def test_a_seat_without_a_high_score_line_counts_no_win(store: Store) -> None:
    """The wins table (Kaartspel) counts the seats that entered the high scores: a player
    the game ended without (away at its end) has neither a game nor a win there."""
    totals = {"Anna": 120, "Bram": 120}
    store.create_game("shared", "kaartspel", "online", {"players": list(totals)},
                      [Seat(0, "Anna", "a"), Seat(1, "Bram", "b")])
    result = {"players": [{"name": n, "total": t} for n, t in totals.items()],
              "winners": list(totals)}
    store.append_events("shared", 0, [{"type": "start", "starter": 0}],
                        Finish(result, {}, [("Anna", 120)]))  # Bram was away at the end
    won = store.wins("kaartspel", kind=None)
    assert [(p["player"], p["wins"], p["games"]) for p in won["players"]] == [
        ("Anna", 1, 1)]
    assert [e["player"] for e in won["best"]] == ["Anna"]
