"""Work for the store tests' child processes (started with ``spawn``: each opens its own
store, as a second server process would), and a subscriber that can be waited on."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import Any

from wordyahtzee.store import StaleGameError, open_store


def race(where: str, game_ids: list[str], barrier: Any, results: Any) -> None:
    """For each game, wait for the other racer, then try to append its event 0; report
    ``(game_id, "won" | "stale")``."""
    store = open_store(where)
    try:
        for game_id in game_ids:
            barrier.wait(timeout=60)
            try:
                store.append_events(game_id, 0, [{"type": "x", "by": os.getpid()}])
                results.put((game_id, "won"))
            except StaleGameError:
                results.put((game_id, "stale"))
    finally:
        store.close()


def migrate(where: str, barrier: Any, results: Any) -> None:
    """Open (and so migrate) the store at the same moment as another process; report the
    schema version it found."""
    barrier.wait(timeout=60)
    try:
        store = open_store(where)
    except Exception as exc:  # reported, so the test shows it
        results.put(f"error: {type(exc).__name__}: {exc}")
        return
    results.put(getattr(store, "schema_version", None))
    store.close()


def write_and_publish(where: str, game_id: str, count: int, pause: float) -> None:
    """Append ``count`` events to a game one at a time, publishing each."""
    store = open_store(where)
    try:
        for seq in range(count):
            store.append_events(game_id, seq, [{"type": "x", "seq": seq}])
            store.publish(game_id, seq + 1)
            time.sleep(pause)
    finally:
        store.close()


def listen(where: str, ready: Any, results: Any, last: int, timeout: float) -> None:
    """Subscribe, say so, then report every notice until one with ``seq >= last``
    arrived or time is up."""
    store = open_store(where)
    done = threading.Event()

    def heard(game_id: str, seq: int) -> None:
        results.put((game_id, seq))
        if seq >= last:
            done.set()

    unsubscribe = store.subscribe(heard)
    ready.set()
    done.wait(timeout)
    unsubscribe()
    store.close()


class Heard:
    """A subscriber that remembers what it heard and can wait for a notice."""

    def __init__(self) -> None:
        self.notices: list[tuple[str, int]] = []
        self.changed = threading.Condition()

    def __call__(self, game_id: str, seq: int) -> None:
        with self.changed:
            self.notices.append((game_id, seq))
            self.changed.notify_all()

    def wait_for(self, test: Callable[[list[tuple[str, int]]], bool],
                 timeout: float = 10.0) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: test(self.notices), timeout)
