"""One writer per event, whatever races: threads of one store, and two processes each
with its own store (as two servers on one database) appending the same ``seq`` at the same
moment. Exactly one wins each race; the loser gets StaleGameError; nothing is duplicated."""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from wordyahtzee.store import Seat, StaleGameError, Store, open_store

from . import store_workers
from .pg import BACKENDS

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
