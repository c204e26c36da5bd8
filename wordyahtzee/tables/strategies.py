"""Strategy tables for computer players and hints: warmed in the background, never
computed inside a request.

A coach (:mod:`wordyahtzee.advisor.coach`) names the table a rules set needs by a key
(classic: the joker reading). The first use of a key loads its table, or the first time
ever computes it (15-20 s on two cores) and caches it on disk; later starts load it in
milliseconds. :func:`warm` does this in a daemon thread; a hint asked for meanwhile answers
"not ready yet" at once, and a computer player waits in its own background thread. One
lock per key makes sure a table is computed once per process.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from typing import Any

from ..advisor.coach import coach
from .offload import run_blocking

log = logging.getLogger(__name__)

Key = tuple[str, str]  # (mode, table key)

_locks: dict[Key, threading.Lock] = {}
_locks_guard = threading.Lock()
_ready: dict[Key, Any] = {}
_failed: dict[Key, str] = {}


def _lock(key: Key) -> threading.Lock:
    with _locks_guard:
        return _locks.setdefault(key, threading.Lock())


def get(mode: str, key: str) -> Any:
    """The table ``key`` of ``mode``, loading or computing it if needed (blocks: call it
    from a background thread, never from a request)."""
    found = _ready.get((mode, key))
    if found is not None:
        return found
    helper = coach(mode)
    if helper is None:
        raise LookupError(f"{mode} has no strategy tables")
    with _lock((mode, key)):
        found = _ready.get((mode, key))
        if found is None:
            try:
                found = run_blocking(helper.load_table, key)
            except Exception as exc:  # kept so a hint can say so instead of waiting forever
                _failed[(mode, key)] = str(exc)
                raise
            _failed.pop((mode, key), None)
            _ready[(mode, key)] = found
        return found


def peek(mode: str, key: str) -> Any:
    """The table if it is in memory now; otherwise start warming it and return None."""
    found = _ready.get((mode, key))
    if found is None:
        warm([(mode, key)])
    return found


def is_ready(mode: str, key: str) -> bool:
    """Is the table in memory (without starting anything)?"""
    return (mode, key) in _ready


def failure(mode: str, key: str) -> str | None:
    """Why the last attempt to load the table failed, if it did."""
    return _failed.get((mode, key))


def warm(keys: Iterable[Key]) -> threading.Thread | None:
    """Load or compute the tables ``keys`` in a daemon thread (one after another)."""
    todo = [k for k in keys if k not in _ready and coach(k[0]) is not None]
    if not todo or all(_lock(k).locked() for k in todo):
        return None

    def run() -> None:
        for mode, key in todo:
            try:
                get(mode, key)
            except Exception:  # logged; a hint reports it
                log.exception("could not prepare the %s strategy table %s", mode, key)

    thread = threading.Thread(target=run, name="wordyahtzee-strategy-warm", daemon=True)
    thread.start()
    return thread
