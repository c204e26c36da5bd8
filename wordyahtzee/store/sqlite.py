"""The SQLite store (the embedded default): games as append-only event logs, seats,
finished games, high scores.

A stored game is its *setup* (mode, rules, players, dice set: the game's ``to_json()``
without the events) plus its events, numbered from 0. Its state is always a replay of the
events, so a server that is killed mid-game resumes every table by loading them again.

The database runs in WAL mode (readers never block the writer) with ``synchronous=FULL``
(a commit is on disk before the answer, even across a power loss); every write is one short
transaction, and the moves that arrive while one is being synced share the next commit
(group commit: one sync for several answers, none of them sent before its sync).
Appending checks the sequence number, so two writers can never both add event ``n`` to a
game: the second gets :class:`StaleGameError`. The schema is migrated at open
(:mod:`wordyahtzee.store.migrations`); live updates go to subscribers in this process at
once and to other processes' subscribers through a cheap poll.

This module is pure standard library (``sqlite3``); it knows nothing of Flask or the web.
"""

from __future__ import annotations

import json
import logging
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TypeVar

from ..runtime import metrics
from ..runtime.loop import run_blocking
from . import (
    PING_SECONDS,
    Finish,
    HighScore,
    Seat,
    StaleGameError,
    StoredGame,
    StoreError,
    WordReport,
    group_reports,
    queries,
    rank_wins,
    rules_key,
)
from .engine import EngineRecords
from .fanout import Fanout
from .jsontext import compact
from .lobby import LobbyRecords
from .migrations import migrate_sqlite
from .moderators import ModeratorRecords
from .owned import OwnedRecords
from .players import PlayerRecords
from .puzzles import PuzzleRecords

log = logging.getLogger(__name__)

T = TypeVar("T")

DB_FILE = "wordyahtzee.sqlite3"
POOL_SIZE = 4
"""Connections a store keeps open (SQLite in WAL mode: readers never block the writer)."""
SYNCHRONOUS = "FULL"
"""``PRAGMA synchronous`` in force: ``FULL`` syncs the WAL at every commit, so an event
stored before the answer survives a power loss too (``NORMAL`` only survives a crash of the
process; see docs/storage.md for what it costs)."""
POLL_SECONDS = 1.0
"""How often subscribers' poll looks for events other processes wrote."""


def default_path() -> Path:
    """The database in the user data directory (``WORDYAHTZEE_DATA_DIR`` overrides)."""
    from ..lexicon.registry import data_dir

    return data_dir() / DB_FILE


class _Write:
    """One caller's part of a group commit: its work, then its outcome."""

    __slots__ = ("done", "error", "value", "work")

    def __init__(self, work: Callable[[sqlite3.Connection], Any]) -> None:
        self.work = work
        self.done = False
        self.value: Any = None
        self.error: BaseException | None = None


class SQLiteStore(PlayerRecords, LobbyRecords, ModeratorRecords, PuzzleRecords,
                  OwnedRecords, EngineRecords):
    """The SQLite store. Safe to share between threads and greenlets (a small pool of
    connections)."""

    def __init__(self, path: str | Path | None = None, *,
                 clock: Any = time.time, synchronous: str = SYNCHRONOUS,
                 poll_seconds: float = POLL_SECONDS) -> None:
        if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise StoreError(f"synchronous must be OFF, NORMAL, FULL or EXTRA, not "
                             f"{synchronous!r}", "bad_option")
        self.path = Path(path) if path is not None else default_path()
        self.clock = clock
        self.synchronous = synchronous.upper()
        self.poll_seconds = poll_seconds
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._pool: queue.LifoQueue[sqlite3.Connection] = queue.LifoQueue()
        self._made = 0
        self._made_lock = threading.Lock()
        self._fanout = Fanout()
        self._notices: queue.SimpleQueue[tuple[str, int] | None] = queue.SimpleQueue()
        self._notifier: threading.Thread | None = None
        self._notifier_lock = threading.Lock()
        self._closed = threading.Event()
        self._waiting: list[_Write] = []
        self._waiting_lock = threading.Lock()  # the list is swapped whole, never torn
        self._committer = threading.Lock()
        with self._db() as db:
            self.schema_version = migrate_sqlite(db, where=str(self.path), clock=self.clock)

    # -- connections ----------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30.0, isolation_level=None,
                             check_same_thread=False)
        db.row_factory = sqlite3.Row
        db.execute("PRAGMA journal_mode = WAL")
        db.execute(f"PRAGMA synchronous = {self.synchronous}")
        db.execute("PRAGMA foreign_keys = ON")
        return db

    @contextmanager
    def _db(self) -> Iterator[sqlite3.Connection]:
        """A connection from the store's small pool (at most :data:`POOL_SIZE`, so
        thousands of waiting requests never hold thousands of open files)."""
        try:
            db = self._pool.get_nowait()
        except queue.Empty:
            with self._made_lock:
                fresh = self._made < POOL_SIZE
                if fresh:
                    self._made += 1
            db = self._open() if fresh else self._pool.get()
        try:
            yield db
        finally:
            self._pool.put(db)

    def _query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._db() as db:
            return list(db.execute(sql, params))

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._query(sql, params)

    def _change(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[int]:
        return self._write(lambda db: [db.execute(sql, params).rowcount
                                       for sql, params in statements])

    def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(db)`` in a write transaction shared with the writes that arrive
        meanwhile (group commit), its value or its exception once that transaction is
        committed (synced, with ``FULL``). Every write of the store goes this way.

        The first writer commits for every writer waiting when it starts, each one's work in
        a savepoint of its own, so one's refusal (a stale ``seq``) undoes only its own
        statements; the writers that arrive while that sync runs wait, and the next of them
        commits for them all. Before it starts, a committer yields once (``time.sleep(0)``:
        under gevent, the requests that are ready run up to their write and join it). The
        works run one after the other, in the order they arrived, as separate
        transactions would; the sync runs in a real thread under gevent
        (:func:`~wordyahtzee.runtime.loop.run_blocking`), so the event loop goes on meanwhile.
        """
        mine = _Write(work)
        with self._waiting_lock:
            self._waiting.append(mine)
        with self._committer:
            if not mine.done:
                time.sleep(0)
                with self._waiting_lock:
                    batch, self._waiting = self._waiting, []
                self._commit(batch)
        if mine.error is not None:
            raise mine.error
        value: T = mine.value
        return value

    def _commit(self, batch: list[_Write]) -> None:
        """Run a group's works in one transaction and commit it; every write of the group
        is done afterwards, with its value or an error."""
        metrics.GROUP_COMMIT.observe(len(batch))
        try:
            with self._db() as db:
                db.execute("BEGIN IMMEDIATE")
                try:
                    for write in batch:
                        db.execute("SAVEPOINT write")
                        try:
                            write.value = write.work(db)
                        except Exception as exc:  # that writer's own answer
                            db.execute("ROLLBACK TO write")
                            write.error = exc
                        db.execute("RELEASE write")
                    run_blocking(db.execute, "COMMIT")  # the sync: the loop goes on
                except BaseException:
                    with suppress(sqlite3.Error):  # none left: the sync had finished
                        db.execute("ROLLBACK")
                    raise
        except BaseException as exc:
            for write in batch:
                if write.error is None:
                    write.error = exc if isinstance(exc, Exception) else StoreError(
                        "the write was interrupted", "unavailable")
            raise
        finally:
            for write in batch:
                write.done = True

    def close(self) -> None:
        """Close the pooled connections (a later call opens new ones) and stop the
        notifier thread."""
        self._closed.set()
        self._notices.put(None)
        while True:
            try:
                self._pool.get_nowait().close()
            except queue.Empty:
                break
            with self._made_lock:
                self._made -= 1

    def ping(self, timeout: float = PING_SECONDS) -> bool:
        """Whether the database answers a query within ``timeout`` seconds (never
        raises). It opens the file read-write without creating it: a database file that
        has gone (a data directory unmounted or moved) is not answering, and the probe
        must not leave an empty database in its place."""
        try:
            db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=rw", uri=True,
                                 timeout=timeout, isolation_level=None,
                                 check_same_thread=False)
            try:
                db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            finally:
                db.close()
        except sqlite3.Error:
            return False
        return True

    @property
    def location(self) -> str:
        """The database file."""
        return str(self.path)

    def journal_mode(self) -> str:
        """The SQLite journal mode in force (``"wal"``)."""
        return str(self._query("PRAGMA journal_mode")[0][0])

    def synchronous_level(self) -> int:
        """``PRAGMA synchronous`` in force (0 off, 1 normal, 2 full, 3 extra)."""
        return int(self._query("PRAGMA synchronous")[0][0])

    # -- games ----------------------------------------------------------------------------

    def create_game(self, game_id: str, mode: str, kind: str, setup: Mapping[str, Any],
                    seats: Sequence[Seat]) -> None:
        """Store a new game (no events yet) and its seats."""
        now = self.clock()
        rules = setup.get("rules") or {}
        dictionary = str(rules.get("dictionary", "")) if isinstance(rules, Mapping) else ""
        key = rules_key(rules) if isinstance(rules, Mapping) else ""

        def create(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO games (id, mode, kind, setup, dictionary, rules_key, status,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'active', ?, ?)",
                (game_id, mode, kind, compact(dict(setup)), dictionary, key, now, now))
            db.executemany(
                "INSERT INTO seats (game_id, seat, name, token, computer) "
                "VALUES (?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.name, s.token, s.computer) for s in seats])

        try:
            self._write(create)
        except sqlite3.IntegrityError:
            raise StoreError(f"game {game_id!r} exists already", "exists") from None

    def load_game(self, game_id: str) -> StoredGame:
        """A game with its events and seats; :class:`StoreError` ``not_found`` if absent."""
        with self._db() as db:
            db.execute("BEGIN")
            try:
                row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
                if row is None:
                    raise StoreError(f"no game {game_id!r}", "not_found")
                events = [json.loads(r[0]) for r in db.execute(
                    "SELECT event FROM events WHERE game_id = ? ORDER BY seq", (game_id,))]
                seats = [Seat(r["seat"], r["name"], r["token"], r["computer"])
                         for r in db.execute("SELECT seat, name, token, computer FROM seats "
                                             "WHERE game_id = ? ORDER BY seat", (game_id,))]
            finally:
                db.execute("COMMIT")
        return StoredGame(
            id=row["id"], mode=row["mode"], kind=row["kind"], setup=json.loads(row["setup"]),
            events=events, seats=seats, status=row["status"], created_at=row["created_at"],
            updated_at=row["updated_at"], finished_at=row["finished_at"],
            result=json.loads(row["result"]) if row["result"] else None,
            record=json.loads(row["record"]) if row["record"] else None,
            dictionary=row["dictionary"], rules_key=row["rules_key"])

    def event_count(self, game_id: str) -> int:
        """How many events the game has (the next event's sequence number)."""
        rows = self._query("SELECT COUNT(*) FROM events WHERE game_id = ?", (game_id,))
        return int(rows[0][0])

    def events_since(self, game_id: str, seq: int,
                     until: int | None = None) -> list[dict[str, Any]]:
        """The game's events numbered ``seq`` and later, in order (``until`` is not needed:
        a read of the file is no round trip)."""
        return [json.loads(r[0]) for r in self._query(
            "SELECT event FROM events WHERE game_id = ? AND seq >= ? ORDER BY seq",
            (game_id, seq))]

    def event_counts(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The event count of each of these games, in one query."""
        out: dict[str, int] = {}
        ids = list(game_ids)
        for start in range(0, len(ids), 500):  # SQLite's bound on parameters
            chunk = ids[start:start + 500]
            marks = ", ".join("?" for _ in chunk)
            out.update((row[0], int(row[1])) for row in self._query(
                f"SELECT game_id, MAX(seq) + 1 FROM events WHERE game_id IN ({marks}) "
                "GROUP BY game_id", chunk))
        return {game_id: out.get(game_id, 0) for game_id in ids}

    def set_computer(self, game_id: str, seat: int, level: str | None) -> None:
        """Hand a seat to a computer player of ``level``, or back to its player (None);
        the seat keeps its token."""
        changed = self._change([("UPDATE seats SET computer = ? WHERE game_id = ? "
                                 "AND seat = ?", (level, game_id, seat))])[0]
        if not changed:
            raise StoreError(f"no seat {seat} in game {game_id!r}", "not_found")

    def append_events(self, game_id: str, first_seq: int,
                      events: Sequence[Mapping[str, Any]],
                      finish: Finish | None = None,
                      high_scores: Sequence[tuple[str, int]] = ()) -> None:
        """Append events numbered from ``first_seq`` in one transaction, then announce the
        new count to this process's subscribers (:meth:`publish`).

        Raises :class:`StaleGameError` unless ``first_seq`` is exactly the game's event
        count. With ``finish``, the game is marked finished in the same transaction and
        its high-score entries are written. ``high_scores`` are entries written with these
        events without finishing the game (a game of a classic match ended).
        """
        now = self.clock()

        def append(db: sqlite3.Connection) -> None:
            row = db.execute("SELECT status, mode, kind, dictionary, rules_key FROM games "
                             "WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise StoreError(f"no game {game_id!r}", "not_found")
            if row["status"] != "active":
                raise StaleGameError(f"game {game_id!r} is over", "game_over")
            count = db.execute("SELECT COALESCE(MAX(seq) + 1, 0) FROM events "
                               "WHERE game_id = ?", (game_id,)).fetchone()[0]
            if count != first_seq:
                raise StaleGameError(
                    f"game {game_id!r} has {count} events, not {first_seq}", "stale")
            db.executemany(
                "INSERT INTO events (game_id, seq, event, at) VALUES (?, ?, ?, ?)",
                [(game_id, first_seq + i, compact(dict(e)), now)
                 for i, e in enumerate(events)])
            db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            if finish is not None:
                db.execute(
                    "UPDATE games SET status = 'finished', finished_at = ?, result = ?, "
                    "record = ? WHERE id = ?",
                    (now, compact(finish.result), compact(finish.record), game_id))
            entries = [*(finish.high_scores if finish is not None else ()), *high_scores]
            if finish is not None and entries:  # a daily game: its score on the day's board
                db.execute("UPDATE daily_entries SET score = ?, finished_at = ? WHERE "
                           "game_id = ?", (int(entries[0][1]), now, game_id))
            db.executemany(
                "INSERT INTO high_scores (mode, kind, dictionary, rules_key, player,"
                " score, game_id, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [(row["mode"], row["kind"], row["dictionary"], row["rules_key"], player,
                  int(score), game_id, now) for player, score in entries])
        self._write(append)
        self.publish(game_id, first_seq + len(events))

    def list_games(self, status: str | None = None, limit: int = 50,
                   after: tuple[float, str] | None = None,
                   profile: str | None = None) -> list[dict[str, Any]]:
        """Recent games, newest first: id, mode, kind, status, players, timestamps (at most
        500); ``after``: the ``(updated_at, id)`` of the last game of the page before;
        ``profile``: only the tables where it holds a seat."""
        return [queries.game_summary(row, json.loads(row["setup"]),
                                     json.loads(row["result"]) if row["result"] else None)
                for row in self._query(*queries.list_games(status, limit, after, profile))]

    def game_ids(self, status: str | None = None) -> list[str]:
        """Ids of every game, or of those with ``status``, oldest first."""
        if status is None:
            return [r[0] for r in self._query("SELECT id FROM games ORDER BY created_at, id")]
        return [r[0] for r in self._query(
            "SELECT id FROM games WHERE status = ? ORDER BY created_at, id", (status,))]

    def abandon_idle(self, before: float) -> list[str]:
        """Mark every active game without a move since ``before`` as abandoned."""
        def abandon(db: sqlite3.Connection) -> list[str]:
            ids = [r[0] for r in db.execute(
                "SELECT id FROM games WHERE status = 'active' AND updated_at < ?", (before,))]
            db.executemany("UPDATE games SET status = 'abandoned', finished_at = ? WHERE id = ?",
                           [(self.clock(), game_id) for game_id in ids])
            return ids

        return self._write(abandon)

    # -- high scores ----------------------------------------------------------------------

    def high_scores(self, mode: str, dictionary: str, rules: str, limit: int = 10,
                    kind: str | None = "solo", aided: bool | None = False) -> list[HighScore]:
        """The best scores for a mode, dictionary and rules key, best first.

        ``kind`` selects solo games (the default), another kind, or every game (``None``);
        ``aided`` None lists the games in which the player used a Tip too (marked).
        """
        return [queries.high_score(r)
                for r in self._query(*queries.high_scores(mode, dictionary, rules, limit, kind,
                                                      aided))]

    def wins(self, mode: str, limit: int = 10, kind: str | None = "solo",
             aided: bool | None = False) -> dict[str, Any]:
        """Wins per human player over the finished games of ``mode`` (``kind`` as for
        :meth:`high_scores`), ranked by :func:`rank_wins`: ``{"players": [{"player",
        "games", "wins", "best_win"}], "best": [{"player", "score", "players", "game_id",
        "at", "kind", "aided"}]}``; ``aided`` as for :meth:`high_scores`."""
        games, humans = (self._query(*query) for query in queries.finished_games(mode, kind))
        return rank_wins(map(dict, games), map(dict, humans), limit, aided)

    def high_score_lists(self, mode: str | None = None) -> list[dict[str, Any]]:
        """Every (mode, dictionary, rules key) that has a list, with its entry count."""
        return [queries.score_list(r) for r in self._query(*queries.high_score_lists(mode))]

    def profile_scores(self, profile_id: str, mode: str, dictionary: str, rules: str,
                       limit: int = 50) -> list[HighScore]:
        """A profile's scores in finished games with these rules, oldest first."""
        rows = self._query(*queries.profile_scores(profile_id, mode, dictionary, rules, limit))
        return [queries.high_score(r) for r in reversed(rows)]

    # -- word reports ---------------------------------------------------------------------

    def add_report(self, word: str, dictionary: str, kind: str, note: str = "") -> None:
        """Store a player's report that ``word`` is wrongly accepted or refused."""
        self._change([("INSERT INTO word_reports (word, dictionary, kind, note, at) "
                       "VALUES (?, ?, ?, ?, ?)", (word, dictionary, kind, note, self.clock()))])

    def word_reports(self, dictionary: str | None = None) -> list[WordReport]:
        """The reported words, grouped by word, dictionary and kind, most reported first."""
        return group_reports(tuple(r) for r in self._query(*queries.word_reports(dictionary)))

    # -- what any process answers for -----------------------------------------------------

    def claim_rematch(self, game_id: str, new_id: str) -> str:
        """Point ``game_id``'s rematch at ``new_id`` unless it points somewhere already;
        the pointer it holds now."""
        def claim(db: sqlite3.Connection) -> Any:
            db.execute("UPDATE games SET rematch = ? WHERE id = ? AND rematch IS NULL",
                       (new_id, game_id))
            return db.execute("SELECT rematch FROM games WHERE id = ?", (game_id,)).fetchone()

        row = self._write(claim)
        if row is None or row[0] is None:
            raise StoreError(f"no game {game_id!r}", "not_found")
        return str(row[0])

    def rematch_of(self, game_id: str) -> str | None:
        """The rematch table of ``game_id``, if one was made."""
        rows = self._query("SELECT rematch FROM games WHERE id = ?", (game_id,))
        return str(rows[0][0]) if rows and rows[0][0] is not None else None

    def put_job(self, job_id: str, state: Mapping[str, Any]) -> None:
        """Keep a background job's state, for any process to read."""
        self._change([("INSERT INTO jobs (id, state, updated_at) VALUES (?, ?, ?) "
                       "ON CONFLICT (id) DO UPDATE SET state = excluded.state, "
                       "updated_at = excluded.updated_at",
                       (job_id, compact(dict(state)), self.clock()))])

    def get_job(self, job_id: str) -> dict[str, Any] | None:
        """A background job's state, or None."""
        rows = self._query("SELECT state FROM jobs WHERE id = ?", (job_id,))
        return dict(json.loads(rows[0][0])) if rows else None

    # -- live updates ---------------------------------------------------------------------

    def publish(self, game_id: str, seq: int) -> None:
        """Tell every subscriber of this store that ``game_id`` now has ``seq`` events.

        In-process only: other processes' subscribers learn of the write from their poll
        (every :attr:`poll_seconds`). Delivery runs on the notifier thread, never on the
        caller's.
        """
        self._start_notifier()
        self._notices.put((str(game_id), int(seq)))

    def subscribe(self, callback: Callable[[str, int], None]) -> Callable[[], None]:
        """Call ``callback(game_id, seq)`` on the notifier thread whenever a game gets new
        events: published in this process, or found by the poll (any process's writes).
        The function returned unsubscribes."""
        unsubscribe = self._fanout.add(callback)
        self._start_notifier()
        return unsubscribe

    def _start_notifier(self) -> None:
        with self._notifier_lock:
            if self._notifier is None and not self._closed.is_set():
                db = self._open()  # the poll's own connection, opened before we return
                last = db.execute("SELECT COALESCE(MAX(rowid), 0) FROM events").fetchone()[0]
                self._notifier = threading.Thread(
                    target=self._notify_loop, args=(db, int(last)), daemon=True,
                    name=f"wordyahtzee-store-notify-{self.path.name}")
                self._notifier.start()

    def _notify_loop(self, db: sqlite3.Connection, last: int) -> None:
        """Deliver published notices; between them, poll for events other connections
        wrote (``PRAGMA data_version`` changes only when another connection commits)."""
        version = db.execute("PRAGMA data_version").fetchone()[0]
        next_poll = time.monotonic() + self.poll_seconds
        try:
            while not self._closed.is_set():
                try:
                    notice = self._notices.get(
                        timeout=max(0.0, next_poll - time.monotonic()))
                except queue.Empty:
                    notice = None
                if notice is not None:
                    self._fanout.deliver(*notice)
                if time.monotonic() < next_poll:
                    continue
                next_poll = time.monotonic() + self.poll_seconds
                if self._closed.is_set() or not len(self._fanout):
                    continue
                try:
                    now = db.execute("PRAGMA data_version").fetchone()[0]
                    if now == version:
                        continue
                    version = now
                    rows = db.execute(
                        "SELECT game_id, MAX(seq) + 1, MAX(rowid) FROM events "
                        "WHERE rowid > ? GROUP BY game_id ORDER BY MAX(rowid)",
                        (last,)).fetchall()
                except sqlite3.Error:
                    log.exception("store poll failed (%s)", self.path)
                    continue
                for game_id, seq, rowid in rows:
                    last = max(last, int(rowid))
                    self._fanout.deliver(str(game_id), int(seq))
        finally:
            db.close()
