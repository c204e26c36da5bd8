"""Who sits at a seat of an online table, as a game's events say it: a seat the host
removed (``leave``), its player back (``return``), a computer player seated in its place
(``computer``), and the host's note those events and a host's ``skip`` carry (who did it,
how long the player had been away, when). None of them scores anything: the game applies
them only to know which seats have left; the table service reads the rest.

Events written before these fields existed carry none of them and stay valid.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import RuleError

JSON = dict[str, Any]

SEAT_EVENTS = ("leave", "return", "computer")
"""Events about who sits at a seat, not about the play; they score nothing. ``leave``: the
host removed the seat (from now on its turns are skipped); ``return``: its player came back
(it plays again from its next turn); ``computer``: a computer player of ``level`` plays it
from now on."""

MAX_LEVEL = 32
"""The longest computer level name a ``computer`` event may carry."""


@dataclass(frozen=True)
class HostNote:
    """Who changed another player's turn or seat, and why, as the events carry it: the
    host's seat ``by``, how long the seat's player had been away from the table
    (``absent_seconds``: no page of theirs open; None for a computer seat), and when
    (``at``, clock time). Every field is optional in a stored event: older events have
    none."""

    by: int
    absent_seconds: int | None = None
    at: float | None = None

    def to_json(self) -> JSON:
        """The event's fields: ``by``, and ``absent_seconds`` and ``at`` when known."""
        out: JSON = {"by": self.by}
        if self.absent_seconds is not None:
            out["absent_seconds"] = self.absent_seconds
        if self.at is not None:
            out["at"] = self.at
        return out


def _number(value: Any) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)
            and math.isfinite(value) and value >= 0)


def check_note(event: Mapping[str, Any], seats: int, mover: int | None = None) -> None:
    """Check the optional fields of an event the host caused (:class:`HostNote`), and the
    ``seat`` a host's skip names (``mover``, the seat to move): a bad one raises
    :class:`RuleError` ``bad_event``."""
    for key in ("seat", "by"):
        if key in event and (type(event[key]) is not int or not 0 <= event[key] < seats):
            raise RuleError(f"{key} is a seat number 0-{seats - 1}", "bad_event")
    if mover is not None and event.get("seat", mover) != mover:
        raise RuleError(f"a skip names the seat to move ({mover})", "bad_event")
    absent = event.get("absent_seconds")
    if absent is not None and (type(absent) is not int or absent < 0):
        raise RuleError("absent_seconds is a whole number of seconds", "bad_event")
    if event.get("at") is not None and not _number(event["at"]):
        raise RuleError("at is a clock time", "bad_event")


def seat_event(event: Mapping[str, Any], seats: int) -> int:
    """Check an event of :data:`SEAT_EVENTS` (its ``seat``, its host's note, a computer's
    ``level``); its seat."""
    seat = event.get("seat")
    if type(seat) is not int or not 0 <= seat < seats:
        raise RuleError(f"a seat is a number 0-{seats - 1}", "bad_event")
    check_note(event, seats)
    if event.get("type") == "computer":
        level = event.get("level")
        if not isinstance(level, str) or not 0 < len(level) <= MAX_LEVEL:
            raise RuleError("a computer event names the computer's level", "bad_event")
    return seat


def follow_seat(left: set[int], event: Mapping[str, Any], seats: int) -> None:
    """Apply an event of :data:`SEAT_EVENTS` to ``left``, the seats that have left: a
    ``leave`` adds its seat, a ``return`` takes it out, a ``computer`` changes nothing
    there (the table service seats the computer)."""
    seat = seat_event(event, seats)
    if event["type"] == "leave":
        left.add(seat)
    elif event["type"] == "return":
        left.discard(seat)


def left_seats(events: Iterable[Mapping[str, Any]], seats: int) -> set[int]:
    """The seats that have left, after ``events`` (checked events of a game)."""
    left: set[int] = set()
    for event in events:
        if event.get("type") in SEAT_EVENTS:
            follow_seat(left, event, seats)
    return left


HOST_ACTION_OF = {"skip": "skip", "leave": "remove", "computer": "computer"}
"""The host's action each event type records."""


def host_actions(events: Iterable[Mapping[str, Any]]) -> dict[int, JSON]:
    """The last thing the host did to each seat, from a game's events, since the seat last
    came back: ``action`` (``skip``, ``remove`` or ``computer``), ``level`` (a computer's),
    ``by``, ``absent_seconds`` and ``at`` (:class:`HostNote`). Only events that carry the
    host's note count (older events have none)."""
    done: dict[int, JSON] = {}
    for event in events:
        kind = event.get("type")
        seat = event.get("seat")
        if type(seat) is not int:
            continue
        if kind == "return":
            done.pop(seat, None)
        elif kind in HOST_ACTION_OF and type(event.get("by")) is int:
            done[seat] = {"action": HOST_ACTION_OF[kind], "level": event.get("level"),
                          "by": event["by"], "absent_seconds": event.get("absent_seconds"),
                          "at": event.get("at")}
    return done


@dataclass(frozen=True)
class SeatAction:
    """What the seat actions share: the ``seat`` they act on, their JSON form and their
    ``event`` (the table service makes them; no player posts one)."""

    name: ClassVar[str]
    summary: ClassVar[str]
    schema: ClassVar[JSON] = {"seat": {"type": "integer", "minimum": 0}}
    seat: int

    def to_json(self) -> JSON:
        """``{"seat": n}``."""
        return {"seat": self.seat}

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any = None) -> Any:
        """Read ``{"seat": n}``."""
        seat = body.get("seat")
        if type(seat) is not int or seat < 0:
            raise RuleError("a seat is a number from 0", "bad_request")
        return cls(seat)

    def event(self) -> JSON:
        """The event that records it."""
        return {"type": self.name, "seat": self.seat}


@dataclass(frozen=True)
class Leave(SeatAction):
    """The ``leave`` action: seat ``seat`` has left the table (the host removed it, with
    its ``note``); from now on the table service skips its turns. It scores nothing by
    itself."""

    name: ClassVar[str] = "leave"
    summary: ClassVar[str] = "left"
    note: HostNote | None = None

    def event(self) -> JSON:
        """The ``leave`` event."""
        return {**super().event(), **(self.note.to_json() if self.note else {})}


@dataclass(frozen=True)
class Return(SeatAction):
    """The ``return`` action: the player of seat ``seat``, removed or replaced by a
    computer, is back (at clock time ``at``); the seat plays again from its next turn."""

    name: ClassVar[str] = "return"
    summary: ClassVar[str] = "returned"
    at: float | None = None

    def event(self) -> JSON:
        """The ``return`` event."""
        return {**super().event(), **({"at": self.at} if self.at is not None else {})}


@dataclass(frozen=True)
class HandOver(SeatAction):
    """The host hands seat ``seat`` to a computer player of ``level`` (with its ``note``):
    a ``computer`` event, which scores nothing; the table service seats the computer."""

    name: ClassVar[str] = "computer"
    summary: ClassVar[str] = "computer"
    level: str = ""
    note: HostNote | None = None

    def to_json(self) -> JSON:
        """``{"seat": n, "level": level}``."""
        return {"seat": self.seat, "level": self.level}

    def event(self) -> JSON:
        """The ``computer`` event."""
        return {**super().event(), "level": self.level,
                **(self.note.to_json() if self.note else {})}
