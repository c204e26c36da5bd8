"""What an append's notice carries between PostgreSQL-backed processes, and what a process
keeps of it.

An append NOTIFYs every listening process of the game's new event count and, when they fit
in the payload, of the new events themselves (:func:`notice`). A listener keeps the events
notices brought (:class:`HeardEvents`), so catching up with another process's move usually
needs no query. Pure standard library: the payload is JSON, the keeping a bounded map.
"""

from __future__ import annotations

import copy
import json
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .jsontext import compact

__all__ = ["CHANNEL", "HEARD_EVENTS", "HEARD_GAMES", "NOTICE_BYTES", "HeardEvents", "Notice",
           "notice", "read_notice"]

CHANNEL = "wordyahtzee_events"
"""The ``LISTEN``/``NOTIFY`` channel of live updates."""

NOTICE_BYTES = 7900
"""The most a notice may carry (PostgreSQL refuses payloads of 8,000 bytes): the new events
ride along when they fit, else the notice says only the new count."""

HEARD_GAMES = 2000
"""How many games' recently announced events a store keeps, newest first."""

HEARD_EVENTS = 64
"""How many of a game's recently announced events a store keeps."""


class HeardEvents:
    """The events other processes' notices carried, per game (the last :data:`HEARD_EVENTS`
    of the last :data:`HEARD_GAMES` games), so catching up with a notice costs no query.
    Thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: OrderedDict[str, tuple[int, list[dict[str, Any]]]] = OrderedDict()

    def add(self, game_id: str, first: int, events: list[dict[str, Any]]) -> None:
        """Events numbered from ``first`` were stored."""
        with self._lock:
            start, known = self._games.get(game_id, (first, []))
            if start <= first <= start + len(known):  # follows or overlaps what is known
                at = first - start
                known = known[:at] + events + known[at + len(events):]
            elif first > start or first + len(events) >= start + len(known):
                start, known = first, list(events)  # a gap: keep only the newest
            if len(known) > HEARD_EVENTS:
                start, known = start + len(known) - HEARD_EVENTS, known[-HEARD_EVENTS:]
            self._games[game_id] = (start, known)
            self._games.move_to_end(game_id)
            while len(self._games) > HEARD_GAMES:
                self._games.popitem(last=False)

    def between(self, game_id: str, seq: int, until: int) -> list[dict[str, Any]] | None:
        """Events ``seq`` to ``until - 1`` (copies), or None unless all are known."""
        with self._lock:
            start, known = self._games.get(game_id, (0, []))
            if not start <= seq <= until <= start + len(known):
                return None
            return copy.deepcopy(known[seq - start:until - start])


def notice(game_id: str, first: int, events: Sequence[Mapping[str, Any]]) -> str:
    """The payload announcing events numbered from ``first``: the game, its new count and,
    if there are any and they fit in :data:`NOTICE_BYTES`, the events themselves.

    >>> notice("g1", 3, [{"type": "throw"}])
    '{"game":"g1","seq":4,"first":3,"events":[{"type":"throw"}]}'
    >>> notice("g1", 3, [{"word": "x" * 8000}])
    '{"game":"g1","seq":4}'
    """
    short = {"game": str(game_id), "seq": int(first) + len(events)}
    if not events:
        return compact(short)
    full = compact({**short, "first": int(first), "events": [dict(e) for e in events]})
    if len(full.encode()) <= NOTICE_BYTES:
        return full
    return compact(short)


class Notice(NamedTuple):
    """A notice read back: the game, its event count, and the events from ``first`` it
    carried (empty when it carried none)."""

    game: str
    seq: int
    first: int
    events: list[dict[str, Any]]


def read_notice(payload: str) -> Notice | None:
    """A notice's payload read back (one of an older process, without events, too); None
    if it is malformed.

    >>> read_notice('{"game":"g1","seq":4,"first":3,"events":[{"type":"throw"}]}')
    Notice(game='g1', seq=4, first=3, events=[{'type': 'throw'}])
    >>> read_notice('{"game":"g1","seq":4}').events, read_notice("[1]")
    ([], None)
    """
    try:
        data = json.loads(payload)
        game, seq = str(data["game"]), int(data["seq"])
        first, events = data.get("first"), data.get("events")
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    if (type(first) is int and isinstance(events, list) and first + len(events) == seq
            and all(isinstance(e, dict) for e in events)):
        return Notice(game, seq, first, events)
    return Notice(game, seq, seq, [])
