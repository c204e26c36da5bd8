"""Persistence behind a :class:`Store` protocol: games as append-only event logs, their
seats, finished games and high scores.

A stored game is its *setup* (mode, rules, players, dice set: the game's ``to_json()``
without the events) plus its events, numbered from 0. Its state is always a replay of the
events, so a server that is killed mid-game resumes every table by loading them again.
Appending checks the sequence number, so two writers can never both add event ``n`` to a
game: the second gets :class:`StaleGameError`.

Backends: :class:`~wordyahtzee.store.sqlite.SQLiteStore` (the embedded default) and
:class:`~wordyahtzee.store.postgres.PostgresStore` (several server processes on one
database). :func:`open_store` picks one from a path or URL; both migrate their schema on
open (:mod:`wordyahtzee.store.migrations`). ``publish``/``subscribe`` carry "game X now has
n events" notices between processes. This package knows nothing of the web; docs/storage.md
describes the backends and their guarantees.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import parse_qsl, quote, urlsplit, urlunsplit

from ..errors import WordyahtzeeError
from .engine import EngineRecords
from .lobby import LobbyRecords
from .moderators import ModeratorRecords
from .owned import OwnedRecords
from .players import PlayerRecords
from .puzzles import PuzzleRecords

PING_SECONDS = 1.0
"""How long :meth:`Store.ping` waits for the database to answer."""


class StoreError(WordyahtzeeError):
    """A storage problem a caller can act on (unknown game, a bad argument)."""

    code = "store_error"


class StaleGameError(StoreError):
    """An append that is not the game's next event (someone else wrote first)."""

    code = "stale"


class StoreUnavailableError(StoreError):
    """The database cannot be reached now (a server down or restarting, a network gone).
    Adapters answer 503; the store reconnects by itself, so the next call may succeed."""

    code = "unavailable"


@dataclass(frozen=True)
class Seat:
    """A player's place at a table and the secret token that acts for it. A computer seat
    (``computer`` names its level) is played by the server: its token acts for nothing
    while it is one (a seat made for a computer has none; a seat the host handed to one
    keeps its player's, with which the player may come back)."""

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
    aided: bool = False
    """The player used a Tip in this game."""

    def to_json(self) -> dict[str, Any]:
        """Plain JSON."""
        return {"player": self.player, "score": self.score, "game_id": self.game_id,
                "at": self.at, "kind": self.kind, "aided": self.aided}


def rules_key(rules: Mapping[str, Any]) -> str:
    """A canonical key for a rules set (the dictionary is kept apart): sorted JSON."""
    return json.dumps({k: v for k, v in rules.items() if k != "dictionary"},
                      sort_keys=True, separators=(",", ":"))


REPORT_KINDS = ("wrongly_accepted", "wrongly_refused")
"""What a player may report about a word: the dictionary took it but should not, or the
other way round."""


@dataclass(frozen=True)
class WordReport:
    """A word the players dispute, with how often and what they said."""

    word: str
    dictionary: str
    kind: str
    count: int
    notes: tuple[str, ...] = ()
    last: float = 0.0

    def to_json(self) -> dict[str, Any]:
        """Plain JSON."""
        return {"word": self.word, "dictionary": self.dictionary, "kind": self.kind,
                "count": self.count, "notes": list(self.notes), "last": self.last}


def group_reports(rows: Iterable[tuple[str, str, str, str, float]]) -> list[WordReport]:
    """Reports (word, dictionary, kind, note, time) grouped per word, dictionary and kind,
    most reported first (then the latest first)."""
    groups: dict[tuple[str, str, str], list[tuple[str, float]]] = {}
    for word, dictionary, kind, note, at in rows:
        groups.setdefault((word, dictionary, kind), []).append((note, at))
    reports = [WordReport(word, dictionary, kind, len(items),
                          tuple(n for n, _ in items if n), max(a for _, a in items))
               for (word, dictionary, kind), items in groups.items()]
    return sorted(reports, key=lambda r: (-r.count, -r.last, r.word))


class Store(PlayerRecords, LobbyRecords, ModeratorRecords, PuzzleRecords, OwnedRecords,
            EngineRecords, Protocol):
    """What the table service needs of a store; every backend implements it (profiles and
    the daily game: :class:`~wordyahtzee.store.players.PlayerRecords`; seats of profiles,
    the lobby and ratings: :class:`~wordyahtzee.store.lobby.LobbyRecords`; moderators, word
    decisions and hidden names: :class:`~wordyahtzee.store.moderators.ModeratorRecords`;
    puzzles, the answers to them and their ratings:
    :class:`~wordyahtzee.store.puzzles.PuzzleRecords`; own dice sets and the owners of
    uploaded dictionaries: :class:`~wordyahtzee.store.owned.OwnedRecords`; the engine-play
    check's judged seats and held profiles: :class:`~wordyahtzee.store.engine.
    EngineRecords`)."""

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

    def events_since(self, game_id: str, seq: int,
                     until: int | None = None) -> list[dict[str, Any]]:
        """The game's events numbered ``seq`` and later, in order. ``until``: the caller
        heard that the game has this many events and needs only those before it; a store
        may then answer from what its notices carried, without a query."""
        ...

    def event_counts(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The event count of each of these games, in one query (the ticker's check for
        moves another process stored)."""
        ...

    def set_computer(self, game_id: str, seat: int, level: str | None) -> None:
        """Hand a seat to a computer player of ``level``, or back to its player (None).
        The seat keeps its token: it acts for nothing while a computer plays the seat."""
        ...

    def add_report(self, word: str, dictionary: str, kind: str, note: str = "") -> None:
        """Store a player's report that ``word`` is wrongly accepted or refused."""
        ...

    def claim_rematch(self, game_id: str, new_id: str) -> str:
        """Point ``game_id``'s rematch at ``new_id`` unless it points somewhere already;
        the pointer it holds now (any process asking gets the same table)."""
        ...

    def rematch_of(self, game_id: str) -> str | None:
        """The rematch table of ``game_id``, if one was made."""
        ...

    def put_job(self, job_id: str, state: Mapping[str, Any]) -> None:
        """Keep a background job's state (a dictionary build), for any process to read."""
        ...

    def get_job(self, job_id: str) -> dict[str, Any] | None:
        """A background job's state, or None."""
        ...

    def word_reports(self, dictionary: str | None = None) -> list[WordReport]:
        """The reported words, grouped by word, dictionary and kind, most reported first."""
        ...

    def append_events(self, game_id: str, first_seq: int,
                      events: Sequence[Mapping[str, Any]], finish: Finish | None = None,
                      high_scores: Sequence[tuple[str, int]] = ()) -> None:
        """Append events numbered from ``first_seq`` in one transaction and announce the
        new count to the subscribers that can hear it (:meth:`publish`; PostgreSQL: every
        process, in the same round trip). See :meth:`SQLiteStore.append_events`."""
        ...

    def list_games(self, status: str | None = None, limit: int = 50,
                   after: tuple[float, str] | None = None,
                   profile: str | None = None) -> list[dict[str, Any]]:
        """Recent games, newest first; ``after``: the ``(updated_at, id)`` of the last game
        of the page before (a cursor); ``profile``: only the tables it sits at."""
        ...

    def game_ids(self, status: str | None = None) -> list[str]:
        """Ids of every game, or of those with ``status`` (``active``: still being played,
        to resume after a restart; ``finished``, ``abandoned``), oldest first."""
        ...

    def abandon_idle(self, before: float) -> list[str]:
        """Mark every active game without a move since ``before`` as ``abandoned`` (it is
        over: nobody can move in it again); their ids."""
        ...

    def high_scores(self, mode: str, dictionary: str, rules: str, limit: int = 10,
                    kind: str | None = "solo", aided: bool | None = False) -> list[HighScore]:
        """The best scores for a mode, dictionary and rules key, best first (``aided``
        None: the games with a Tip too, marked)."""
        ...

    def high_score_lists(self, mode: str | None = None) -> list[dict[str, Any]]:
        """Every (mode, dictionary, rules key) that has a list, with its entry count."""
        ...

    def wins(self, mode: str, limit: int = 10, kind: str | None = "solo",
             aided: bool | None = False) -> dict[str, Any]:
        """Wins per (human) player over the mode's finished games: ``players`` ranked by
        wins, win share, best winning total; ``best`` the highest winning totals
        (``aided`` as for :meth:`high_scores`)."""
        ...

    def profile_scores(self, profile_id: str, mode: str, dictionary: str, rules: str,
                       limit: int = 50) -> list[HighScore]:
        """A profile's scores in finished games with these rules (the games where it holds
        a seat, by profile, never by name), oldest first (the last ``limit``)."""
        ...

    def publish(self, game_id: str, seq: int) -> None:
        """Tell subscribers (in every process using this database, where the backend can)
        that ``game_id`` now has ``seq`` events. Call it after the append committed; it
        may raise :class:`StoreUnavailableError` (the events are stored all the same)."""
        ...

    def subscribe(self, callback: Callable[[str, int], None]) -> Callable[[], None]:
        """Call ``callback(game_id, seq)`` on a store thread for each newer ``seq`` of a
        game published (or, by the backend, observed); returns the unsubscribe function.
        Best effort: a notice can be late or lost, the event count is the truth."""
        ...

    def close(self) -> None:
        """Release connections and stop background threads."""
        ...

    def ping(self, timeout: float = PING_SECONDS) -> bool:
        """Whether the database answers a cheap query within ``timeout`` seconds (never
        raises): the store's part of the server's readiness (``/readyz``)."""
        ...

    @property
    def location(self) -> str:
        """Where the data lives, for log lines (a path or a URL without password)."""
        ...


def rank_wins(games: Iterable[Mapping[str, Any]], humans: Iterable[Mapping[str, Any]],
              limit: int = 10, aided: bool | None = False) -> dict[str, Any]:
    """The wins table of :meth:`Store.wins` from finished games (``id``, ``kind``,
    ``finished_at``, ``result`` with ``players`` [{name, total}] and ``winners``) and their
    human seats (``game_id``, ``name``, ``aided``: the seat used a Tip): a shared win
    counts for every winner; computers never enter; nor, with ``aided`` False (the
    default), a player in a game where they used a Tip (None: they count, and their best
    wins are marked ``aided``)."""
    names: dict[str, set[str]] = {}
    helped: set[tuple[str, str]] = set()
    for seat in humans:
        if seat.get("aided"):
            if aided is False:
                continue
            helped.add((seat["game_id"], seat["name"]))
        names.setdefault(seat["game_id"], set()).add(seat["name"])
    tally: dict[str, dict[str, Any]] = {}
    best: list[dict[str, Any]] = []
    for game in games:
        result = game["result"]
        if isinstance(result, str):
            result = json.loads(result)
        totals = {p["name"]: int(p["total"]) for p in result.get("players", [])}
        winners = set(result.get("winners", []))
        for name in (n for n in totals if n in names.get(game["id"], set())):
            entry = tally.setdefault(name, {"player": name, "games": 0, "wins": 0,
                                            "best_win": None})
            entry["games"] += 1
            if name in winners:
                entry["wins"] += 1
                entry["best_win"] = max(entry["best_win"] or 0, totals[name])
                best.append({"player": name, "score": totals[name], "players": len(totals),
                             "game_id": game["id"], "at": game["finished_at"],
                             "kind": game["kind"], "aided": (game["id"], name) in helped})
    ranking = sorted(tally.values(), key=lambda r: (
        -r["wins"], -r["wins"] / max(r["games"], 1), -(r["best_win"] or 0), r["player"]))
    best.sort(key=lambda e: (-e["score"], e["at"]))
    size = max(1, min(int(limit), 100))
    return {"players": ranking[:size], "best": best[:size]}


POSTGRES_SCHEMES = ("postgresql://", "postgres://")


SHOWN_PARAMETERS = frozenset({
    "host", "hostaddr", "port", "dbname", "user", "sslmode", "connect_timeout",
    "application_name", "target_session_attrs", "load_balance_hosts", "db"})
"""The query parameters of a database URL a log may show (libpq's and Redis's harmless
ones); any other is left out, a password under any name (``password``, ``sslpassword``,
``%70assword`` …) among them."""


def redact(url: str) -> str:
    """The URL for a log: without the password of its user part, and with only the query
    parameters of :data:`SHOWN_PARAMETERS`, read as the database reads them
    (percent-decoded, any case). Never for a client: an error answer names no URL."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return "(a malformed URL)"
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, host = netloc.rsplit("@", 1)
        user = userinfo.split(":", 1)[0]
        netloc = f"{user}@{host}" if user else host
    query = "&".join(
        f"{key}={value}" for key, value in parse_qsl(parts.query, keep_blank_values=True)
        if key.strip().lower() in SHOWN_PARAMETERS)
    return urlunsplit((parts.scheme, netloc, parts.path, quote(query, safe="=&:/,"), ""))



def is_postgres_url(where: str | Path | None) -> bool:
    """Whether ``where`` names a PostgreSQL database (a ``postgresql://`` or ``postgres://``
    URL) rather than a SQLite file."""
    return isinstance(where, str) and where.strip().lower().startswith(POSTGRES_SCHEMES)


def open_store(where: str | Path | None = None, *, clock: Any = None) -> Store:
    """The store at ``where``: a ``postgresql://`` (or ``postgres://``) URL opens a
    :class:`~wordyahtzee.store.postgres.PostgresStore`; anything else is a SQLite file path
    (default: the user data dir). The schema is migrated on open. Raises
    :class:`StoreUnavailableError` when the database cannot be reached."""
    options: dict[str, Any] = {} if clock is None else {"clock": clock}
    if is_postgres_url(where):
        from .postgres import PostgresStore

        return PostgresStore(str(where).strip(), **options)
    from .sqlite import SQLiteStore

    return SQLiteStore(where, **options)


__all__ = [
    "REPORT_KINDS",
    "Finish",
    "HighScore",
    "Seat",
    "StaleGameError",
    "Store",
    "StoreError",
    "StoreUnavailableError",
    "StoredGame",
    "WordReport",
    "is_postgres_url",
    "open_store",
    "rank_wins",
    "rules_key",
]
