"""Live-update fan-out shared by the store backends: the subscribers of one store and the
delivery of ``(game_id, seq)`` notices to them.

A notice says "game ``game_id`` now has ``seq`` events". Notices of a game only ever grow,
so one that is not newer than the last delivered for that game is dropped: a backend may
learn of a write twice (its own publish and its poll, say) and subscribers still hear of it
once. A subscriber that raises is logged and stays subscribed; the others are still called.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable

Callback = Callable[[str, int], None]
"""A subscriber: called with a game id and its new event count, on a store thread."""

REMEMBERED = 10_000
"""How many games' last delivered ``seq`` are remembered (older ones are forgotten)."""

log = logging.getLogger(__name__)


class Fanout:
    """Subscribers and the last ``seq`` delivered per game. Thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subscribers: dict[int, Callback] = {}
        self._next = 0
        self._seen: OrderedDict[str, int] = OrderedDict()

    def add(self, callback: Callback) -> Callable[[], None]:
        """Subscribe ``callback``; the function that unsubscribes it (idempotent)."""
        with self._lock:
            key = self._next
            self._next += 1
            self._subscribers[key] = callback

        def unsubscribe() -> None:
            with self._lock:
                self._subscribers.pop(key, None)

        return unsubscribe

    def __len__(self) -> int:
        with self._lock:
            return len(self._subscribers)

    def deliver(self, game_id: str, seq: int) -> bool:
        """Call every subscriber unless this game's ``seq`` was delivered already;
        whether it was delivered."""
        with self._lock:
            if self._seen.get(game_id, -1) >= seq:
                return False
            self._seen[game_id] = seq
            self._seen.move_to_end(game_id)
            while len(self._seen) > REMEMBERED:
                self._seen.popitem(last=False)
            subscribers = list(self._subscribers.values())
        for callback in subscribers:
            try:
                callback(game_id, seq)
            except Exception:
                log.exception("a store subscriber failed on %s@%d", game_id, seq)
        return True
