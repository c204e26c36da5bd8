"""Persistence behind a :class:`Store` protocol: games as append-only event logs, their
seats, finished games and high scores.

A stored game is its *setup* (mode, rules, players, dice set: the game's ``to_json()``
without the events) plus its events, numbered from 0. Its state is always a replay of the
events, so a server that is killed mid-game resumes every table by loading them again.
Appending checks the sequence number, so two writers can never both add event ``n`` to a
game: the second gets :class:`StaleGameError`.

Backends: :class:`~wordyahtzee.store.sqlite.SQLiteStore` (the embedded default).
:func:`open_store` picks one from a path or URL. This package knows nothing of the web.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..errors import WordyahtzeeError


class StoreError(WordyahtzeeError):
    """A storage problem a caller can act on (unknown game, a bad argument)."""

    code = "store_error"


class StaleGameError(StoreError):
    """An append that is not the game's next event (someone else wrote first)."""

    code = "stale"


@dataclass(frozen=True)
class Seat:
    """A player's place at a table and the secret token that acts for it. A computer seat
    (``computer`` names its level) has no token: the server plays it."""

    seat: int
    name: str
    token: str
    computer: str | None = None


@dataclass
class StoredGame:
    """A game as the store holds it: setup, events in order, seats and status."""

    id: str
    mode: str
    kind: str
    setup: dict[str, Any]
    events: list[dict[str, Any]]
    seats: list[Seat]
    status: str
    created_at: float
    updated_at: float
    finished_at: float | None = None
    result: dict[str, Any] | None = None
    record: dict[str, Any] | None = None
    dictionary: str = ""
    rules_key: str = ""

    def to_json(self) -> dict[str, Any]:
        """The setup with its events: what a mode's ``from_json`` reads."""
        return {**self.setup, "events": list(self.events)}


@dataclass(frozen=True)
class Finish:
    """What is written when a game ends: its result, its record and high-score entries."""

    result: dict[str, Any]
    record: dict[str, Any]
    high_scores: Sequence[tuple[str, int]] = field(default_factory=tuple)


@dataclass(frozen=True)
class HighScore:
    """One line of a high-score list."""

    player: str
    score: int
    game_id: str
    at: float
    kind: str = "solo"

    def to_json(self) -> dict[str, Any]:
        """Plain JSON."""
        return {"player": self.player, "score": self.score, "game_id": self.game_id,
                "at": self.at, "kind": self.kind}


def rules_key(rules: Mapping[str, Any]) -> str:
    """A canonical key for a rules set (the dictionary is kept apart): sorted JSON."""
    return json.dumps({k: v for k, v in rules.items() if k != "dictionary"},
                      sort_keys=True, separators=(",", ":"))


class Store(Protocol):
    """What the table service needs of a store; every backend implements it."""

    def create_game(self, game_id: str, mode: str, kind: str, setup: Mapping[str, Any],
                    seats: Sequence[Seat]) -> None:
        """Store a new game (no events yet) and its seats."""
        ...

    def load_game(self, game_id: str) -> StoredGame:
        """A game with its events and seats; :class:`StoreError` ``not_found`` if absent."""
        ...

    def event_count(self, game_id: str) -> int:
        """How many events the game has (the next event's sequence number)."""
        ...

    def set_computer(self, game_id: str, seat: int, level: str) -> None:
        """Hand a seat to a computer player of ``level`` (its token stops working)."""
        ...

    def append_events(self, game_id: str, first_seq: int,
                      events: Sequence[Mapping[str, Any]], finish: Finish | None = None,
                      high_scores: Sequence[tuple[str, int]] = ()) -> None:
        """Append events numbered from ``first_seq`` in one transaction (see
        :meth:`SQLiteStore.append_events`)."""
        ...

    def list_games(self, status: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        """Recent games, newest first."""
        ...

    def active_game_ids(self) -> list[str]:
        """Ids of every game still being played."""
        ...

    def high_scores(self, mode: str, dictionary: str, rules: str, limit: int = 10,
                    kind: str | None = "solo") -> list[HighScore]:
        """The best scores for a mode, dictionary and rules key, best first."""
        ...

    def high_score_lists(self, mode: str | None = None) -> list[dict[str, Any]]:
        """Every (mode, dictionary, rules key) that has a list, with its entry count."""
        ...

    def wins(self, mode: str, limit: int = 10, kind: str | None = "solo") -> dict[str, Any]:
        """Wins per (human) player over the mode's finished games: ``players`` ranked by
        wins, win share, best winning total; ``best`` the highest winning totals."""
        ...

    @property
    def location(self) -> str:
        """Where the data lives, for log lines (a path or a URL without password)."""
        ...


def open_store(where: str | Path | None = None, *, clock: Any = None) -> Store:
    """The store at ``where``: a SQLite file path (default: the user data dir)."""
    from .sqlite import SQLiteStore

    return SQLiteStore(where) if clock is None else SQLiteStore(where, clock=clock)


__all__ = ["Finish", "HighScore", "Seat", "StaleGameError", "Store", "StoreError",
           "StoredGame", "open_store", "rules_key"]
