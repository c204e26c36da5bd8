"""Live updates through the store: ``publish(game_id, seq)`` reaches ``subscribe``rs of
the same store at once, of another store on the same database (SQLite: by its poll;
PostgreSQL: LISTEN/NOTIFY), and of another process; a seq not newer than the last one
heard is not repeated; unsubscribing stops the notices."""

from __future__ import annotations

import multiprocessing
import queue
import time
from pathlib import Path

import pytest

from wordyahtzee.store import Seat, Store, open_store
from wordyahtzee.store.sqlite import SQLiteStore

from .support import store_workers
from .support.pg import BACKENDS
from .support.store_workers import Heard


@pytest.fixture(params=BACKENDS)
def where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "games.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


def _open(where: str) -> Store:
    """A store that polls often (SQLite), so the tests wait little."""
    if where.startswith("postgresql://"):
        return open_store(where)
    return SQLiteStore(where, poll_seconds=0.05)


def test_publish_reaches_subscribers_of_the_same_store_once(where: str) -> None:
    store = _open(where)
    heard, other = Heard(), Heard()
    broken = store.subscribe(lambda g, s: 1 / 0)  # a failing subscriber harms nobody
    unsubscribe = store.subscribe(heard)
    store.subscribe(other)
    store.publish("g1", 1)
    store.publish("g1", 1)  # not newer: not repeated
    store.publish("g1", 2)
    store.publish("g2", 7)
    assert heard.wait_for(lambda n: ("g2", 7) in n)
    assert other.wait_for(lambda n: ("g2", 7) in n)
    assert heard.notices == [("g1", 1), ("g1", 2), ("g2", 7)]
    unsubscribe()
    broken()
    store.publish("g1", 3)
    assert other.wait_for(lambda n: ("g1", 3) in n)
    assert ("g1", 3) not in heard.notices
    store.close()


def test_another_store_on_the_database_hears_of_writes(where: str) -> None:
    writer, reader = _open(where), _open(where)
    writer.create_game("g", "woord", "online", {}, [Seat(0, "A", "t")])
    heard = Heard()
    reader.subscribe(heard)
    for seq in range(3):
        writer.append_events("g", seq, [{"type": "x"}])
        writer.publish("g", seq + 1)
    assert heard.wait_for(lambda n: ("g", 3) in n)
    assert [s for _, s in heard.notices] == sorted({s for _, s in heard.notices})
    writer.close()
    reader.close()


def test_another_process_hears_and_is_heard(where: str) -> None:
    store = _open(where)
    store.create_game("mine", "woord", "online", {}, [Seat(0, "A", "t")])
    store.create_game("theirs", "woord", "online", {}, [Seat(0, "A", "t")])
    heard = Heard()
    store.subscribe(heard)
    ctx = multiprocessing.get_context("spawn")
    # a child writes and publishes; this process hears
    writer = ctx.Process(target=store_workers.write_and_publish,
                         args=(where, "theirs", 3, 0.05))
    writer.start()
    assert heard.wait_for(lambda n: ("theirs", 3) in n, timeout=30)
    writer.join(timeout=30)
    assert writer.exitcode == 0
    # this process writes and publishes; a child hears
    ready, results = ctx.Event(), ctx.Queue()
    listener = ctx.Process(target=store_workers.listen,
                           args=(where, ready, results, 2, 30.0))
    listener.start()
    assert ready.wait(30)
    for seq in range(2):
        store.append_events("mine", seq, [{"type": "x"}])
        store.publish("mine", seq + 1)
        time.sleep(0.05)
    got: list[tuple[str, int]] = []
    while ("mine", 2) not in got:
        try:
            got.append(results.get(timeout=30))
        except queue.Empty:
            break
    listener.join(timeout=30)
    assert ("mine", 2) in got
    store.close()
