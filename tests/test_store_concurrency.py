"""One writer per event, whatever races: threads of one store, and two processes each
with its own store (as two servers on one database) appending the same ``seq`` at the same
moment. Exactly one wins each race; the loser gets StaleGameError; nothing is duplicated.
SQLite's group commit keeps each writer's outcome its own."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from wordyahtzee.store import Seat, StaleGameError, Store, StoreError, open_store
from wordyahtzee.store.sqlite import SQLiteStore

from .support import store_workers
from .support.pg import BACKENDS

GAMES = 25


@pytest.fixture(params=BACKENDS)
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a fresh store of each backend lives (a path or a URL)."""
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def store(where: str) -> Iterator[Store]:
    opened = open_store(where)
    yield opened
    opened.close()


def test_two_processes_race_for_each_seq(where: str, store: Store) -> None:
    ids = [f"race{i}" for i in range(GAMES)]
    for game_id in ids:
        store.create_game(game_id, "woord", "online", {"rules": {}}, [Seat(0, "A", "t")])
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(2)
    results = ctx.Queue()
    racers = [ctx.Process(target=store_workers.race, args=(where, ids, barrier, results))
              for _ in range(2)]
    for p in racers:
        p.start()
    outcomes: dict[str, list[str]] = {game_id: [] for game_id in ids}
    for _ in range(2 * GAMES):
        game_id, outcome = results.get(timeout=120)
        outcomes[game_id].append(outcome)
    for p in racers:
        p.join(timeout=60)
        assert p.exitcode == 0
    for game_id in ids:
        assert sorted(outcomes[game_id]) == ["stale", "won"], game_id
        stored = store.load_game(game_id)
        assert store.event_count(game_id) == 1 and len(stored.events) == 1


def test_threads_on_many_games_each_get_one_winner(store: Store) -> None:
    ids = [f"g{i}" for i in range(6)]
    for game_id in ids:
        store.create_game(game_id, "woord", "online", {"rules": {}}, [Seat(0, "A", "t")])
    wins: dict[str, int] = dict.fromkeys(ids, 0)
    lock = threading.Lock()
    start = threading.Barrier(12)

    def writer(i: int) -> None:
        start.wait()
        for seq in range(5):
            for game_id in ids:
                try:
                    store.append_events(game_id, seq, [{"type": "x", "by": i}])
                except StaleGameError:
                    continue
                with lock:
                    wins[game_id] += 1

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for game_id in ids:
        events = store.load_game(game_id).events
        assert wins[game_id] == len(events) == store.event_count(game_id) <= 5


def _waiting_writers(store: SQLiteStore, count: int) -> None:
    """Until ``count`` writers wait for the commit in progress."""
    for _ in range(1000):
        if len(store._waiting) >= count:
            return
        time.sleep(0.005)
    raise AssertionError(f"only {len(store._waiting)} writers arrived")


def test_sqlite_writers_that_wait_share_one_commit(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Group commit: the writes that arrive while a commit runs are committed together,
    each one's outcome its own (a stale ``seq`` refuses only that write)."""
    store = SQLiteStore(tmp_path / "games.sqlite3")
    for game_id in ("a", "b", "c"):
        store.create_game(game_id, "woord", "online", {"rules": {}}, [Seat(0, "A", "t")])
    batches: list[int] = []
    commit = store._commit

    def counted(batch: list[Any]) -> None:
        batches.append(len(batch))
        commit(batch)

    monkeypatch.setattr(store, "_commit", counted)
    outcomes: dict[str, str] = {}

    def append(name: str, game_id: str, seq: int) -> None:
        try:
            store.append_events(game_id, seq, [{"type": "x", "by": name}])
            outcomes[name] = "stored"
        except StaleGameError as exc:
            outcomes[name] = exc.code

    plan = [("a0", "a", 0), ("b0", "b", 0), ("late", "c", 3), ("b0 again", "b", 0),
            ("a1", "a", 1)]
    with store._committer:  # a commit in progress: every writer must wait for it
        threads = []
        for name, game_id, seq in plan:
            threads.append(threading.Thread(target=append, args=(name, game_id, seq)))
            threads[-1].start()
            _waiting_writers(store, len(threads))  # in this order
    for t in threads:
        t.join(timeout=30)
    assert batches == [len(plan)]  # one transaction, one sync, for all five
    assert outcomes == {"a0": "stored", "b0": "stored", "late": "stale",
                        "b0 again": "stale", "a1": "stored"}
    assert [e["by"] for e in store.load_game("a").events] == ["a0", "a1"]
    assert [e["by"] for e in store.load_game("b").events] == ["b0"]
    assert store.event_count("c") == 0 and not store._waiting
    store.close()


class _Interrupted(BaseException):
    """A writer stopped mid-commit (as gevent's Timeout or GreenletExit would)."""


def test_sqlite_an_interrupted_group_commit_stores_nothing(tmp_path: Path) -> None:
    """If the writer committing for a group is stopped mid-commit (the interruption
    reaches whoever runs the commit, as gevent's Timeout would), none of the group's writes
    is stored and every writer is told: no answer claims a move the file does not hold."""
    store = SQLiteStore(tmp_path / "games.sqlite3")
    store.create_game("g", "woord", "online", {"rules": {}}, [Seat(0, "A", "t")])
    errors: dict[str, BaseException] = {}

    def interrupted(db: object) -> None:
        raise _Interrupted

    def write(name: str, work: Any) -> None:
        try:
            store._write(work)
        except BaseException as exc:  # what each writer was told
            errors[name] = exc

    with store._committer:
        threads = [threading.Thread(target=write, args=(
            "first", lambda db: db.execute(
                "INSERT INTO events (game_id, seq, event, at) VALUES ('g', 0, '{}', 0)")))]
        threads[0].start()
        _waiting_writers(store, 1)
        threads.append(threading.Thread(target=write, args=("second", interrupted)))
        threads[1].start()
        _waiting_writers(store, 2)
    for t in threads:
        t.join(timeout=30)
    told = sorted(type(errors[name]).__name__ for name in ("first", "second"))
    assert told == ["StoreError", "_Interrupted"]  # the committer's own interruption ...
    assert all(exc.code == "unavailable" for exc in errors.values()  # ... the other's 503
               if isinstance(exc, StoreError))
    assert store.event_count("g") == 0
    store.append_events("g", 0, [{"type": "x"}])  # the store works on
    assert store.event_count("g") == 1
    store.close()
