"""The classic advisor's strategy tables for the web: warmed in the background, never
computed inside a request.

The first use of a joker reading computes its table (15-20 s on two cores) and caches it on
disk (:func:`wordyahtzee.advisor.load_strategy`); later starts load it in milliseconds. The
app warms the readings in a daemon thread at start (``WARM_STRATEGIES``); a hint asked for
meanwhile answers "not ready yet" at once, and a computer player waits in its own
background thread. One lock per reading makes sure a table is computed once per process.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable

from wordyahtzee.advisor import ComputerPlayer, computer_player, load_strategy
from wordyahtzee.advisor.strategy import ClassicStrategy
from wordyahtzee.modes.classic import JOKER_READINGS

log = logging.getLogger(__name__)

_locks = {joker: threading.Lock() for joker in JOKER_READINGS}
_ready: dict[str, ClassicStrategy] = {}
_failed: dict[str, str] = {}
_players: dict[tuple[str, str], ComputerPlayer] = {}
_players_lock = threading.Lock()


def get(joker: str) -> ClassicStrategy:
    """The strategy for ``joker``, loading or computing it if needed (blocks: call it from a
    background thread, never from a request)."""
    strategy = _ready.get(joker)
    if strategy is not None:
        return strategy
    with _locks[joker]:
        strategy = _ready.get(joker)
        if strategy is None:
            try:
                strategy = load_strategy(joker, quiet=True)
            except Exception as exc:  # kept so a hint can say so instead of waiting forever
                _failed[joker] = str(exc)
                raise
            _failed.pop(joker, None)
            _ready[joker] = strategy
        return strategy


def peek(joker: str) -> ClassicStrategy | None:
    """The strategy if it is in memory now; otherwise start warming it and return None."""
    strategy = _ready.get(joker)
    if strategy is None:
        warm([joker])
    return strategy


def is_ready(joker: str) -> bool:
    """Is the table for ``joker`` in memory (without starting anything)?"""
    return joker in _ready


def failure(joker: str) -> str | None:
    """Why the last attempt to load the table failed, if it did."""
    return _failed.get(joker)


def warm(jokers: Iterable[str]) -> threading.Thread | None:
    """Load or compute the tables for ``jokers`` in a daemon thread (one after another)."""
    todo = [j for j in jokers if j in JOKER_READINGS and j not in _ready]
    if not todo or all(_locks[j].locked() for j in todo):
        return None

    def run() -> None:
        for joker in todo:
            try:
                get(joker)
            except Exception:  # pragma: no cover - logged; a hint reports it
                log.exception("could not prepare the %s strategy table", joker)

    thread = threading.Thread(target=run, name="wordyahtzee-strategy-warm", daemon=True)
    thread.start()
    return thread


def player(level: str, joker: str) -> ComputerPlayer:
    """A computer player (shared: players keep no state between moves). The optimal level
    waits for its strategy table (call from a background thread)."""
    key = (level, joker)
    with _players_lock:
        found = _players.get(key)
    if found is not None:
        return found
    if level == "optimal":
        get(joker)  # under our lock, so the table is computed once
    made = computer_player(level, joker)
    with _players_lock:
        return _players.setdefault(key, made)
