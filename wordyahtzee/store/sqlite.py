"""The SQLite store (the embedded default): games as append-only event logs, seats,
finished games, high scores.

A stored game is its *setup* (mode, rules, players, dice set: the game's ``to_json()``
without the events) plus its events, numbered from 0. Its state is always a replay of the
events, so a server that is killed mid-game resumes every table by loading them again.

The database runs in WAL mode (readers never block the writer); every write is one short
transaction. Appending checks the sequence number, so two writers can never both add event
``n`` to a game: the second gets :class:`StaleGameError`.

This module is pure standard library (``sqlite3``); it knows nothing of Flask or the web.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from . import Finish, HighScore, Seat, StaleGameError, StoredGame, StoreError, rules_key

SCHEMA_VERSION = 2
DB_FILE = "wordyahtzee.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id          TEXT PRIMARY KEY,
    mode        TEXT NOT NULL,
    kind        TEXT NOT NULL,
    setup       TEXT NOT NULL,
    dictionary  TEXT NOT NULL DEFAULT '',
    rules_key   TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL DEFAULT 'active',
    created_at  REAL NOT NULL,
    updated_at  REAL NOT NULL,
    finished_at REAL,
    result      TEXT,
    record      TEXT
);
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,
    event   TEXT NOT NULL,
    at      REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat    INTEGER NOT NULL,
    name    TEXT NOT NULL,
    token   TEXT NOT NULL,
    computer TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_token ON seats (game_id, token);
CREATE TABLE IF NOT EXISTS high_scores (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    mode        TEXT NOT NULL,
    kind        TEXT NOT NULL,
    dictionary  TEXT NOT NULL,
    rules_key   TEXT NOT NULL,
    player      TEXT NOT NULL,
    score       INTEGER NOT NULL,
    game_id     TEXT NOT NULL,
    at          REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS high_scores_list ON high_scores (mode, dictionary, rules_key,
                                                             score DESC);
"""


def default_path() -> Path:
    """The database in the user data directory (``WORDYAHTZEE_DATA_DIR`` overrides)."""
    from ..lexicon.registry import data_dir

    return data_dir() / DB_FILE


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class SQLiteStore:
    """The SQLite store. Safe to share between threads (one connection per thread)."""

    def __init__(self, path: str | Path | None = None, *,
                 clock: Any = time.time) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.clock = clock
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        db = self._connect()
        db.executescript(_SCHEMA)  # idempotent; executescript commits on its own
        columns = {r[1] for r in db.execute("PRAGMA table_info(seats)")}
        if "computer" not in columns:  # a version-1 database: computer seats came later
            # another process may have added it a moment ago
            with contextlib.suppress(sqlite3.OperationalError):
                db.execute("ALTER TABLE seats ADD COLUMN computer TEXT")
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    # -- connections ----------------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None,
                                 check_same_thread=False)
            db.row_factory = sqlite3.Row
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA foreign_keys = ON")
            self._local.db = db
        return db

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``: writers queue instead of failing)."""
        db = self._connect()
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def close(self) -> None:
        """Close this thread's connection (others close when their threads end)."""
        db = getattr(self._local, "db", None)
        if db is not None:
            db.close()
            self._local.db = None

    @property
    def location(self) -> str:
        """The database file."""
        return str(self.path)

    def journal_mode(self) -> str:
        """The SQLite journal mode in force (``"wal"``)."""
        return str(self._connect().execute("PRAGMA journal_mode").fetchone()[0])

    # -- games ----------------------------------------------------------------------------

    def create_game(self, game_id: str, mode: str, kind: str, setup: Mapping[str, Any],
                    seats: Sequence[Seat]) -> None:
        """Store a new game (no events yet) and its seats."""
        now = self.clock()
        rules = setup.get("rules") or {}
        dictionary = str(rules.get("dictionary", "")) if isinstance(rules, Mapping) else ""
        key = rules_key(rules) if isinstance(rules, Mapping) else ""
        try:
            with self._tx() as db:
                db.execute(
                    "INSERT INTO games (id, mode, kind, setup, dictionary, rules_key, status,"
                    " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?)",
                    (game_id, mode, kind, _dumps(dict(setup)), dictionary, key, now, now))
                db.executemany(
                    "INSERT INTO seats (game_id, seat, name, token, computer) "
                    "VALUES (?, ?, ?, ?, ?)",
                    [(game_id, s.seat, s.name, s.token, s.computer) for s in seats])
        except sqlite3.IntegrityError:
            raise StoreError(f"game {game_id!r} exists already", "exists") from None

    def load_game(self, game_id: str) -> StoredGame:
        """A game with its events and seats; :class:`StoreError` ``not_found`` if absent."""
        db = self._connect()
        db.execute("BEGIN")
        try:
            row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise StoreError(f"no game {game_id!r}", "not_found")
            events = [json.loads(r[0]) for r in db.execute(
                "SELECT event FROM events WHERE game_id = ? ORDER BY seq", (game_id,))]
            seats = [Seat(r["seat"], r["name"], r["token"], r["computer"]) for r in db.execute(
                "SELECT seat, name, token, computer FROM seats WHERE game_id = ? ORDER BY seat",
                (game_id,))]
        finally:
            db.execute("COMMIT")
        return StoredGame(
            id=row["id"], mode=row["mode"], kind=row["kind"], setup=json.loads(row["setup"]),
            events=events, seats=seats, status=row["status"], created_at=row["created_at"],
            updated_at=row["updated_at"], finished_at=row["finished_at"],
            result=json.loads(row["result"]) if row["result"] else None,
            record=json.loads(row["record"]) if row["record"] else None,
            dictionary=row["dictionary"], rules_key=row["rules_key"])

    def set_computer(self, game_id: str, seat: int, level: str) -> None:
        """Hand a seat to a computer player of ``level`` (its token stops working)."""
        with self._tx() as db:
            changed = db.execute("UPDATE seats SET computer = ?, token = '' WHERE game_id = ? "
                                 "AND seat = ?", (level, game_id, seat)).rowcount
        if not changed:
            raise StoreError(f"no seat {seat} in game {game_id!r}", "not_found")

    def event_count(self, game_id: str) -> int:
        """How many events the game has (the next event's sequence number)."""
        row = self._connect().execute(
            "SELECT COUNT(*) FROM events WHERE game_id = ?", (game_id,)).fetchone()
        return int(row[0])

    def append_events(self, game_id: str, first_seq: int,
                      events: Sequence[Mapping[str, Any]],
                      finish: Finish | None = None,
                      high_scores: Sequence[tuple[str, int]] = ()) -> None:
        """Append events numbered from ``first_seq`` in one transaction.

        Raises :class:`StaleGameError` unless ``first_seq`` is exactly the game's event
        count. With ``finish``, the game is marked finished in the same transaction and
        its high-score entries are written. ``high_scores`` are entries written with these
        events without finishing the game (a game of a classic match ended).
        """
        now = self.clock()
        with self._tx() as db:
            row = db.execute("SELECT status, mode, kind, dictionary, rules_key FROM games "
                             "WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise StoreError(f"no game {game_id!r}", "not_found")
            if row["status"] != "active":
                raise StaleGameError(f"game {game_id!r} is over", "game_over")
            count = db.execute("SELECT COUNT(*) FROM events WHERE game_id = ?",
                               (game_id,)).fetchone()[0]
            if count != first_seq:
                raise StaleGameError(
                    f"game {game_id!r} has {count} events, not {first_seq}", "stale")
            db.executemany(
                "INSERT INTO events (game_id, seq, event, at) VALUES (?, ?, ?, ?)",
                [(game_id, first_seq + i, _dumps(dict(e)), now)
                 for i, e in enumerate(events)])
            db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            if finish is not None:
                db.execute(
                    "UPDATE games SET status = 'finished', finished_at = ?, result = ?, "
                    "record = ? WHERE id = ?",
                    (now, _dumps(finish.result), _dumps(finish.record), game_id))
            entries = [*(finish.high_scores if finish is not None else ()), *high_scores]
            db.executemany(
                "INSERT INTO high_scores (mode, kind, dictionary, rules_key, player,"
                " score, game_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(row["mode"], row["kind"], row["dictionary"], row["rules_key"], player,
                  int(score), game_id, now) for player, score in entries])

    def list_games(self, status: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        """Recent games, newest first: id, mode, kind, status, players, timestamps."""
        query = "SELECT id, mode, kind, status, setup, created_at, updated_at, finished_at, " \
                "result FROM games"
        params: list[Any] = []
        if status is not None:
            query += " WHERE status = ?"
            params.append(status)
        query += " ORDER BY updated_at DESC LIMIT ?"
        params.append(max(1, min(int(limit), 500)))
        games = []
        for row in self._connect().execute(query, params):
            setup = json.loads(row["setup"])
            games.append({"id": row["id"], "mode": row["mode"], "kind": row["kind"],
                          "status": row["status"], "players": setup.get("players", []),
                          "created_at": row["created_at"], "updated_at": row["updated_at"],
                          "finished_at": row["finished_at"],
                          "result": json.loads(row["result"]) if row["result"] else None})
        return games

    def active_game_ids(self) -> list[str]:
        """Ids of every game still being played (to resume after a restart)."""
        return [r[0] for r in self._connect().execute(
            "SELECT id FROM games WHERE status = 'active' ORDER BY created_at")]

    # -- high scores ----------------------------------------------------------------------

    def high_scores(self, mode: str, dictionary: str, rules: str, limit: int = 10,
                    kind: str | None = "solo") -> list[HighScore]:
        """The best scores for a mode, dictionary and rules key, best first.

        ``kind`` selects solo games (the default), another kind, or every game (``None``).
        """
        query = ("SELECT player, score, game_id, at, kind FROM high_scores WHERE mode = ? "
                 "AND dictionary = ? AND rules_key = ?")
        params: list[Any] = [mode, dictionary, rules]
        if kind is not None:
            query += " AND kind = ?"
            params.append(kind)
        query += " ORDER BY score DESC, at ASC LIMIT ?"
        params.append(max(1, min(int(limit), 100)))
        return [HighScore(r["player"], r["score"], r["game_id"], r["at"], r["kind"])
                for r in self._connect().execute(query, params)]

    def wins(self, mode: str, limit: int = 10, kind: str | None = "solo") -> dict[str, Any]:
        """Wins per human player over the finished games of ``mode`` (``kind`` as for
        :meth:`high_scores`), from each game's result (``players`` with ``name`` and
        ``total``, ``winners``; a shared win counts for every winner):
        ``{"players": [{"player", "games", "wins", "best_win"}], "best": [{"player",
        "score", "players", "game_id", "at", "kind"}]}``, most wins first (then the higher
        win share, then the higher best winning total), the best winning totals first."""
        query = ("SELECT g.id, g.kind, g.finished_at, g.result, "
                 "(SELECT json_group_array(s.name) FROM seats s WHERE s.game_id = g.id "
                 "AND s.computer IS NULL) AS humans FROM games g "
                 "WHERE g.mode = ? AND g.status = 'finished' AND g.result IS NOT NULL")
        params: list[Any] = [mode]
        if kind is not None:
            query += " AND g.kind = ?"
            params.append(kind)
        tally: dict[str, dict[str, Any]] = {}
        best: list[dict[str, Any]] = []
        for row in self._connect().execute(query + " ORDER BY g.finished_at", params):
            result = json.loads(row["result"])
            humans = set(json.loads(row["humans"] or "[]"))
            totals = {p["name"]: int(p["total"]) for p in result.get("players", [])}
            winners = set(result.get("winners", []))
            for name in (n for n in totals if n in humans):
                entry = tally.setdefault(name, {"player": name, "games": 0, "wins": 0,
                                                "best_win": None})
                entry["games"] += 1
                if name in winners:
                    entry["wins"] += 1
                    entry["best_win"] = max(entry["best_win"] or 0, totals[name])
                    best.append({"player": name, "score": totals[name],
                                 "players": len(totals), "game_id": row["id"],
                                 "at": row["finished_at"], "kind": row["kind"]})
        ranking = sorted(tally.values(), key=lambda r: (
            -r["wins"], -r["wins"] / max(r["games"], 1), -(r["best_win"] or 0), r["player"]))
        best.sort(key=lambda e: (-e["score"], e["at"]))
        size = max(1, min(int(limit), 100))
        return {"players": ranking[:size], "best": best[:size]}

    def high_score_lists(self, mode: str | None = None) -> list[dict[str, Any]]:
        """Every (mode, dictionary, rules key) that has a list, with its entry count."""
        query = ("SELECT mode, dictionary, rules_key, COUNT(*) AS n, MAX(score) AS best "
                 "FROM high_scores")
        params: list[Any] = []
        if mode is not None:
            query += " WHERE mode = ?"
            params.append(mode)
        query += " GROUP BY mode, dictionary, rules_key ORDER BY mode, dictionary, rules_key"
        return [{"mode": r["mode"], "dictionary": r["dictionary"], "rules": r["rules_key"],
                 "entries": r["n"], "best": r["best"]}
                for r in self._connect().execute(query, params)]
