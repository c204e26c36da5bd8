"""The stores, SQLite and PostgreSQL alike (every test here runs on both): append-only
events with sequence checks, seats, finishing, high scores, and resuming a game by
replaying what was stored. SQLite's WAL mode and durability setting."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from wordyahtzee.games import new_game, restore
from wordyahtzee.modes.woord import WoordGame, WoordRules
from wordyahtzee.store import Finish, Seat, StaleGameError, Store, StoreError, rules_key
from wordyahtzee.store.sqlite import SQLiteStore

from .support.pg import BACKENDS


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Iterator[SQLiteStore]:
    opened = SQLiteStore(tmp_path / "games.sqlite3")
    yield opened
    opened.close()


def _setup(game: WoordGame) -> dict:
    data = game.to_json()
    data.pop("events")
    return data


def test_wal_mode_and_schema(sqlite_store: SQLiteStore) -> None:
    assert sqlite_store.journal_mode() == "wal"
    assert sqlite_store.synchronous_level() == 2  # FULL: a commit survives a power loss
    SQLiteStore(sqlite_store.path).close()  # opening again is harmless
    assert sqlite_store.location == str(sqlite_store.path)


def test_ping_answers_on_every_backend(store: Store) -> None:
    assert store.ping() is True


def test_ping_of_a_database_file_that_has_gone_fails_and_creates_nothing(
        tmp_path: Path) -> None:
    where = tmp_path / "data #1 ?"  # the probe's URI must quote such a path
    opened = SQLiteStore(where / "games.sqlite3")
    try:
        assert opened.ping() is True
        for made in list(where.iterdir()):
            made.unlink()  # the data directory emptied under a running process
        assert opened.ping() is False
        assert list(where.iterdir()) == []
    finally:
        opened.close()


def test_create_load_and_append(store: Store) -> None:
    game = new_game("woord", ["Anna"], {"turn_seconds": None}, rng=random.Random(1))
    store.create_game("g1", "woord", "solo", _setup(game), [Seat(0, "Anna", "tok")])
    game.throw()
    game.claim("letters_2", [])
    store.append_events("g1", 0, game.events[:1])
    store.append_events("g1", 1, game.events[1:])
    stored = store.load_game("g1")
    assert stored.events == game.events and stored.seats == [Seat(0, "Anna", "tok")]
    assert stored.status == "active" and store.event_count("g1") == 2
    again = restore(stored.to_json())
    assert isinstance(again, WoordGame)
    assert again.sheets[0].boxes == game.sheets[0].boxes and again.turn.round == 2
    assert store.game_ids("active") == ["g1"]


def test_stale_append_is_refused(store: Store) -> None:
    store.create_game("g", "woord", "solo", {"rules": {}}, [Seat(0, "A", "t")])
    store.append_events("g", 0, [{"type": "x"}])
    with pytest.raises(StaleGameError):
        store.append_events("g", 0, [{"type": "y"}])
    with pytest.raises(StaleGameError):
        store.append_events("g", 5, [{"type": "y"}])
    assert store.event_count("g") == 1


def test_concurrent_appends_never_duplicate(store: Store) -> None:
    store.create_game("g", "woord", "solo", {"rules": {}}, [Seat(0, "A", "t")])
    wins: list[int] = []

    def writer(i: int) -> None:
        try:
            store.append_events("g", 0, [{"type": "x", "by": i}])
            wins.append(i)
        except StaleGameError:
            pass

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(wins) == 1 and store.event_count("g") == 1


def test_unknown_and_duplicate_games(store: Store) -> None:
    with pytest.raises(StoreError) as exc:
        store.load_game("nope")
    assert exc.value.code == "not_found"
    store.create_game("g", "woord", "solo", {}, [])
    with pytest.raises(StoreError):
        store.create_game("g", "woord", "solo", {}, [])
    with pytest.raises(StoreError):
        store.append_events("nope", 0, [])


def test_finish_writes_result_and_high_scores(store: Store) -> None:
    rules = WoordRules().to_json()
    store.create_game("s1", "woord", "solo", {"rules": rules}, [Seat(0, "Anna", "t")])
    store.create_game("s2", "woord", "solo", {"rules": rules}, [Seat(0, "Bram", "t")])
    store.create_game("h1", "woord", "hotseat", {"rules": rules}, [Seat(0, "Cato", "t")])
    store.append_events("s1", 0, [{"e": 1}], Finish({"r": 1}, {"rec": 1}, [("Anna", 90)]))
    store.append_events("s2", 0, [{"e": 1}], Finish({"r": 2}, {"rec": 2}, [("Bram", 120)]))
    store.append_events("h1", 0, [{"e": 1}], Finish({"r": 3}, {"rec": 3}, [("Cato", 200)]))
    key = rules_key(rules)
    best = store.high_scores("woord", "nl", key)
    assert [(h.player, h.score) for h in best] == [("Bram", 120), ("Anna", 90)]
    everyone = store.high_scores("woord", "nl", key, kind=None)
    assert everyone[0].player == "Cato" and everyone[0].to_json()["kind"] == "hotseat"
    assert store.load_game("s1").result == {"r": 1}
    assert store.load_game("s1").record == {"rec": 1}
    with pytest.raises(StaleGameError):
        store.append_events("s1", 1, [{"e": 2}])
    lists = store.high_score_lists("woord")
    assert lists == [{"mode": "woord", "dictionary": "nl", "rules": key, "entries": 3,
                      "best": 200}]
    assert [g["id"] for g in store.list_games("finished")][:1] in (["h1"], ["s2"], ["s1"])
    assert store.game_ids("active") == []


def test_equal_scores_list_in_the_same_order_on_every_backend(store: Store) -> None:
    """A tie at the same moment (one finished hot-seat game) keeps the seat order."""
    rules = WoordRules().to_json()
    seats = [Seat(i, name, f"t{i}") for i, name in enumerate(["Dirk", "Cato", "Eva"])]
    store.create_game("tie", "woord", "hotseat", {"rules": rules}, seats)
    store.append_events("tie", 0, [{"e": 1}], Finish({"r": 1}, {"rec": 1},
                                                     [("Dirk", 150), ("Cato", 150), ("Eva", 90)]))
    listed = store.high_scores("woord", "nl", rules_key(rules), kind=None)
    assert [(h.player, h.score) for h in listed] == [("Dirk", 150), ("Cato", 150), ("Eva", 90)]
    assert store.high_scores("woord", "nl", rules_key(rules), limit=1, kind=None)[0].player \
        == "Dirk"


def test_rules_key_is_canonical() -> None:
    a = rules_key({"free_order": False, "upper_bonus_at": 40, "dictionary": "nl"})
    b = rules_key({"upper_bonus_at": 40, "free_order": False})
    assert a == b


def test_counts_seats_reports_scores_and_abandoning(store: Store) -> None:
    store.create_game("a", "woord", "online", {"rules": {}},
                      [Seat(0, "Anna", "t"), Seat(1, "Bram", "u")])
    store.create_game("b", "woord", "solo", {"rules": {}}, [Seat(0, "Anna", "t")])
    store.append_events("a", 0, [{"type": "throw"}, {"type": "claim"}])
    assert store.event_counts(["a", "b", "nope"]) == {"a": 2, "b": 0, "nope": 0}
    store.set_computer("a", 1, "greedy")  # the seat keeps its token: Bram may come back
    assert store.load_game("a").seats[1] == Seat(1, "Bram", "u", "greedy")
    store.set_computer("a", 1, None)
    assert store.load_game("a").seats[1] == Seat(1, "Bram", "u")
    store.set_computer("a", 1, "greedy")
    with pytest.raises(StoreError):
        store.set_computer("a", 7, "greedy")
    store.add_report("okee", "nl", "wrongly_refused", "heel gewoon")
    store.add_report("okee", "nl", "wrongly_refused")
    store.add_report("tv", "nl", "wrongly_accepted")
    reports = store.word_reports("nl")
    assert [(r.word, r.count, r.notes) for r in reports] == [
        ("okee", 2, ("heel gewoon",)), ("tv", 1, ())]
    assert store.word_reports("en") == []
    store.append_events("b", 0, [{"type": "x"}], Finish({"players": []}, {}), [("Anna", 99)])
    assert store.abandon_idle(before=float("inf")) == ["a"]
    assert store.game_ids("active") == [] and store.load_game("a").status == "abandoned"


def test_a_profiles_score_history_is_its_own_never_a_names(store: Store) -> None:
    """Two browsers' Annas, and a hot-seat game where the profile played as Bram: the
    history of a profile holds the lines of its own seats only."""
    key = rules_key({})
    games = {"mine": [Seat(0, "Anna", "t")], "theirs": [Seat(0, "Anna", "u")],
             "hotseat": [Seat(0, "Anna", "v"), Seat(1, "Bram", "v")],
             "daily": [Seat(0, "Anna", "w")]}
    for game_id, seats in games.items():
        kind = "daily" if game_id == "daily" else "hotseat" if len(seats) > 1 else "solo"
        store.create_game(game_id, "woord", kind, {"rules": {}}, seats)
    store.set_seat_profile("mine", 0, "p-anna")
    store.set_seat_profile("hotseat", 1, "p-anna")  # she was Bram at a friend's device
    store.set_seat_profile("theirs", 0, "p-other")
    store.set_seat_profile("daily", 0, "p-other")
    for game_id, lines in (("mine", [("Anna", 10)]), ("theirs", [("Anna", 20)]),
                           ("hotseat", [("Anna", 30), ("Bram", 40)]),
                           ("daily", [("Anna", 50)])):
        store.append_events(game_id, 0, [{"e": 1}], Finish({}, {}, lines))
    assert [(h.player, h.score) for h in store.profile_scores("p-anna", "woord", "", key)] \
        == [("Anna", 10), ("Bram", 40)]
    assert [h.score for h in store.profile_scores("p-other", "woord", "", key)] == [20, 50]
    assert store.profile_scores("nobody", "woord", "", key) == []



@pytest.mark.parametrize("backend", BACKENDS)
def test_games_list_a_page_at_a_time_after_a_cursor(
        backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """``list_games(after=(updated_at, id))`` goes on where the page before ended, also
    across games changed at the same instant (ties are ordered by id)."""
    now = [1000.0]
    if backend == "sqlite":
        opened: Store = SQLiteStore(tmp_path / "pages.sqlite3", clock=lambda: now[0])
    else:
        from wordyahtzee.store.postgres import PostgresStore

        opened = PostgresStore(request.getfixturevalue("postgres_url"), clock=lambda: now[0])
    prefix = f"page-{random.randrange(10**9)}-"  # the database may hold other games
    try:
        for i, at in enumerate([1000.0, 1000.0, 1001.0, 1001.0, 1001.0, 1002.0, 999.0]):
            now[0] = at
            opened.create_game(f"{prefix}{i}", "woord", "solo", {"rules": {}}, [])
        everything = [g["id"] for g in opened.list_games(limit=500)
                      if g["id"].startswith(prefix)]
        assert [g[len(prefix):] for g in everything] == ["5", "2", "3", "4", "0", "1", "6"]
        seen: list[str] = []
        after = None
        while page := opened.list_games(limit=2, after=after):
            assert len(page) <= 2
            seen += [g["id"] for g in page if g["id"].startswith(prefix)]
            after = (page[-1]["updated_at"], page[-1]["id"])
        assert seen == everything
    finally:
        opened.close()
