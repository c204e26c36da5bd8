"""The PostgreSQL store: the same games, events, seats and high scores as the SQLite store,
for several server processes sharing one database.

Semantics are SQLite's (see :mod:`wordyahtzee.store`): a game is its setup plus an
append-only event log numbered from 0; every append is one transaction that first locks
the game's row (``SELECT … FOR UPDATE``), so appends to one game are serialised across
every process, and checks that ``first_seq`` is the game's event count; the loser of a race
gets :class:`~wordyahtzee.store.StaleGameError`. The events' primary key
``(game_id, seq)`` backs this up: a duplicate can never be stored, and a unique violation
is reported as stale too. Timestamps come from the injected clock.

JSON (setup, events, result, record) is kept in ``json`` columns: PostgreSQL checks it is
JSON and keeps the text exactly as written (key order, numbers), like SQLite's TEXT;
``jsonb`` would reorder keys and nothing here queries inside the documents.

Connections come from a :class:`psycopg_pool.ConnectionPool` (2 to 10 by default; each is
checked before use by :func:`check_idle`, without a round trip). When the server cannot
be reached every call raises :class:`~wordyahtzee.store.StoreUnavailableError` (code
``unavailable``, HTTP 503) after at most ``timeout`` seconds; the pool reconnects by itself
once the server is back.

Live updates use ``LISTEN``/``NOTIFY`` on the channel
:data:`~wordyahtzee.store.notices.CHANNEL`: :meth:`publish`
notifies, and one dedicated connection listens in a daemon thread (started by the first
:meth:`subscribe`), reconnecting when it drops. An append's notice carries its events when
they fit, and the store keeps them (:mod:`wordyahtzee.store.notices`), so a process
catching up with another's move usually needs no query.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg.rows import dict_row
from psycopg.types.json import Json
from psycopg_pool import ConnectionPool, PoolClosed, PoolTimeout

from ..runtime import metrics
from . import (
    PING_SECONDS,
    Finish,
    HighScore,
    Seat,
    StaleGameError,
    StoredGame,
    StoreError,
    StoreUnavailableError,
    WordReport,
    group_reports,
    queries,
    rank_wins,
    redact,
    rules_key,
)
from .engine import EngineRecords
from .fanout import Fanout
from .jsontext import compact
from .lobby import LobbyRecords
from .migrations import migrate_postgres
from .moderators import ModeratorRecords
from .notices import CHANNEL, HeardEvents, notice, read_notice
from .owned import OwnedRecords
from .pg_append import APPEND
from .pg_connections import check_idle, cut
from .players import PlayerRecords
from .puzzles import PuzzleRecords

MIN_SIZE = 2
MAX_SIZE = 10
TIMEOUT = 5.0
"""Seconds a call waits for a connection (the server down: then ``unavailable``)."""
RECONNECT_SECONDS = 10.0
"""How long the pool keeps retrying one connection (with backoff) before starting over
with a fresh attempt; caps how long recovery waits after the server is back."""


COUNTED = frozenset({"unavailable", "busy"})
"""The store errors :data:`~wordyahtzee.runtime.metrics.STORE_ERRORS` counts: the database's
trouble, not a request's."""

PROBE_SECONDS = 0.5
"""While the server is down, calls fail at once; one of them checks this often whether it
is back."""

log = logging.getLogger(__name__)


def _json(value: Any) -> Json:
    return Json(value, dumps=compact)


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _busy(exc: psycopg.Error) -> bool:
    """A transaction the server gave up on (a deadlock, a serialisation failure, a lock or
    statement timeout) rather than a connection lost."""
    state = exc.sqlstate or ""
    return state.startswith("40") or state in ("55P03", "57014")


class PostgresStore(PlayerRecords, LobbyRecords, ModeratorRecords, PuzzleRecords,
                    OwnedRecords, EngineRecords):
    """The PostgreSQL store. Thread-safe: every call borrows a pooled connection."""

    def __init__(self, url: str, *, clock: Callable[[], float] = time.time,
                 min_size: int = MIN_SIZE, max_size: int = MAX_SIZE,
                 timeout: float = TIMEOUT,
                 reconnect_seconds: float = RECONNECT_SECONDS) -> None:
        self.url = url
        self.clock = clock
        self.timeout = timeout
        self._location = redact(url)
        params = psycopg.conninfo.conninfo_to_dict(url) if "://" in url else {}
        self._connect_kwargs: dict[str, Any] = {}
        if "connect_timeout" not in params:
            self._connect_kwargs["connect_timeout"] = max(1, round(timeout))
        if "application_name" not in params:
            self._connect_kwargs["application_name"] = "wordyahtzee"
        self._fanout = Fanout()
        self._heard = HeardEvents()
        self._closed = threading.Event()
        self._listening = threading.Event()
        self._listener: threading.Thread | None = None
        self._listener_lock = threading.Lock()
        self._down: str | None = None  # why the server cannot be reached, while it cannot
        self._probed = 0.0
        self._probing = threading.Lock()
        try:
            with psycopg.connect(url, autocommit=True, **self._connect_kwargs) as conn:
                self.schema_version = migrate_postgres(conn, where=self._location,
                                                       clock=clock)
        except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
            raise self._unavailable(exc) from None
        except psycopg.Error as exc:  # connected, but the schema cannot be made (rights)
            raise StoreUnavailableError(
                f"the database {self._location} cannot be migrated: {_first_line(exc)}",
                "unavailable") from None
        self._pool: ConnectionPool[Any] = ConnectionPool(
            url, min_size=min_size, max_size=max_size, timeout=timeout, open=False,
            reconnect_timeout=reconnect_seconds, name="wordyahtzee",
            check=check_idle, reconnect_failed=self._reconnect_failed,
            kwargs={"autocommit": True, "row_factory": dict_row, **self._connect_kwargs})
        try:
            self._pool.open(wait=True, timeout=timeout)
        except PoolTimeout as exc:
            self._pool.close()
            raise self._unavailable(exc) from None

    # -- connections ----------------------------------------------------------------------

    def _unavailable(self, exc: BaseException) -> StoreUnavailableError:
        return StoreUnavailableError(
            f"the database {self._location} cannot be reached: {_first_line(exc)}",
            "unavailable")

    def _reconnect_failed(self, pool: Any) -> None:
        metrics.STORE_ERRORS.labels(kind="reconnect").inc()
        log.warning("the database %s is still unreachable; retrying", self._location)

    def _probe(self) -> str | None:
        """Connect once, outside the pool: None if the server answers, else why not."""
        try:
            with psycopg.connect(self.url, autocommit=True, **self._connect_kwargs):
                return None
        except psycopg.Error as exc:
            return _first_line(exc)

    def _gate(self) -> None:
        """While the server is known to be down, fail at once instead of waiting
        ``timeout`` for the pool; one caller at a time probes (every
        :data:`PROBE_SECONDS`) whether it is back."""
        reason = self._down
        if reason is None:
            return
        if not self._probing.acquire(blocking=False):
            raise self._down_error(reason)
        try:
            reason = self._down
            if reason is None:
                return
            now = time.monotonic()
            if now - self._probed < PROBE_SECONDS:
                raise self._down_error(reason)
            self._probed = now
            reason = self._probe()
            if reason is not None:
                self._down = reason
                raise self._down_error(reason)
            self._down = None
            log.info("the database %s is back", self._location)
        finally:
            self._probing.release()

    def _down_error(self, reason: str) -> StoreUnavailableError:
        return StoreUnavailableError(
            f"the database {self._location} cannot be reached: {reason}", "unavailable")

    def _timed_out(self, exc: BaseException) -> StoreUnavailableError:
        """No connection within ``timeout``: the server down (remember it, so the calls
        after this fail at once) or every connection busy."""
        reason = self._probe()
        if reason is None:
            return StoreUnavailableError(
                f"the database {self._location} is overloaded: {_first_line(exc)}",
                "unavailable")
        if self._down is None:
            log.warning("the database %s cannot be reached: %s", self._location, reason)
        self._down, self._probed = reason, time.monotonic()
        return self._down_error(reason)

    @contextmanager
    def _conn(self, timeout: float | None = None) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection (autocommit: use ``transaction()`` for several statements),
        waited for ``timeout`` seconds (default: the store's); database trouble becomes a
        :class:`StoreError` (counted in :data:`~wordyahtzee.runtime.metrics.STORE_ERRORS`)."""
        try:
            with self._pooled(timeout) as conn:
                yield conn
        except StoreError as exc:
            if exc.code in COUNTED:  # not a game's own refusal (not_found, stale …)
                metrics.STORE_ERRORS.labels(kind=exc.code).inc()
            raise

    @contextmanager
    def _pooled(self, timeout: float | None) -> Iterator[psycopg.Connection[Any]]:
        self._gate()
        try:
            with self._pool.connection(timeout) as conn:
                yield conn
        except StoreError:
            raise
        except PoolTimeout as exc:
            raise self._timed_out(exc) from None
        except PoolClosed as exc:
            raise self._unavailable(exc) from None
        except psycopg.DataError as exc:
            raise StoreError(f"the database refused a value: {_first_line(exc)}",
                             "bad_input") from None
        except (psycopg.OperationalError, psycopg.InterfaceError) as exc:
            if _busy(exc):
                raise StoreError(f"the database is busy, try again: {_first_line(exc)}",
                                 "busy") from None
            raise self._unavailable(exc) from None

    def _read(self, query: queries.Query,
              conn: psycopg.Connection[Any] | None = None) -> list[dict[str, Any]]:
        """The rows of a shared read query (:mod:`wordyahtzee.store.queries`), on ``conn``
        or a connection of its own."""
        sql, params = query
        if conn is not None:
            return list(conn.execute(queries.for_postgres(sql), params))
        with self._conn() as own:
            return list(own.execute(queries.for_postgres(sql), params))

    def _rows(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        return self._read((sql, list(params)))

    def _change(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> list[int]:
        with self._conn() as conn, conn.transaction():
            return [conn.execute(queries.for_postgres(sql), params).rowcount
                    for sql, params in statements]

    def close(self) -> None:
        """Close the pool and stop the listener thread."""
        self._closed.set()
        self._pool.close()
        listener = self._listener
        if listener is not None and listener is not threading.current_thread():
            listener.join(timeout=5.0)

    @property
    def location(self) -> str:
        """The database URL without its password."""
        return self._location

    def ping(self, timeout: float = PING_SECONDS) -> bool:
        """Whether the database answers within ``timeout`` seconds (never raises): the
        wait for a connection and the query's answer each take at most ``timeout``. A
        server that accepted the query but does not answer (stopped, or cut off without a
        reset) would keep the query waiting for ever: its connection is cut at the
        deadline, which ends the query with an error and drops the connection."""
        try:
            with self._conn(timeout) as conn:
                watchdog = threading.Timer(timeout, cut, (conn,))
                watchdog.daemon = True
                watchdog.start()
                try:
                    conn.execute("SELECT 1")
                finally:
                    watchdog.cancel()
            return True
        except StoreError:
            return False

    # -- games ----------------------------------------------------------------------------

    def create_game(self, game_id: str, mode: str, kind: str, setup: Mapping[str, Any],
                    seats: Sequence[Seat]) -> None:
        """Store a new game (no events yet) and its seats."""
        now = self.clock()
        rules = setup.get("rules") or {}
        dictionary = str(rules.get("dictionary", "")) if isinstance(rules, Mapping) else ""
        key = rules_key(rules) if isinstance(rules, Mapping) else ""
        with self._conn() as conn:
            try:
                with conn.transaction(), conn.cursor() as cur:
                    cur.execute(
                        "INSERT INTO games (id, mode, kind, setup, dictionary, rules_key,"
                        " status, created_at, updated_at)"
                        " VALUES (%s, %s, %s, %s, %s, %s, 'active', %s, %s)",
                        (game_id, mode, kind, _json(dict(setup)), dictionary, key, now, now))
                    if seats:
                        cur.executemany(
                            "INSERT INTO seats (game_id, seat, name, token, computer) "
                            "VALUES (%s, %s, %s, %s, %s)",
                            [(game_id, s.seat, s.name, s.token, s.computer) for s in seats])
            except psycopg.errors.UniqueViolation:
                raise StoreError(f"game {game_id!r} exists already", "exists") from None

    def load_game(self, game_id: str) -> StoredGame:
        """A game with its events and seats (one consistent snapshot);
        :class:`StoreError` ``not_found`` if absent."""
        with self._conn() as conn, conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            row = conn.execute("SELECT * FROM games WHERE id = %s", (game_id,)).fetchone()
            if row is None:
                raise StoreError(f"no game {game_id!r}", "not_found")
            events = [r["event"] for r in conn.execute(
                "SELECT event FROM events WHERE game_id = %s ORDER BY seq", (game_id,))]
            seats = [Seat(r["seat"], r["name"], r["token"], r["computer"])
                     for r in conn.execute(
                         "SELECT seat, name, token, computer FROM seats WHERE game_id = %s "
                         "ORDER BY seat", (game_id,))]
        return StoredGame(
            id=row["id"], mode=row["mode"], kind=row["kind"], setup=row["setup"],
            events=events, seats=seats, status=row["status"], created_at=row["created_at"],
            updated_at=row["updated_at"], finished_at=row["finished_at"],
            result=row["result"], record=row["record"],
            dictionary=row["dictionary"], rules_key=row["rules_key"])

    def event_count(self, game_id: str) -> int:
        """How many events the game has (the next event's sequence number)."""
        with self._conn() as conn:
            row = conn.execute("SELECT COUNT(*) AS n FROM events WHERE game_id = %s",
                               (game_id,)).fetchone()
        return int(row["n"]) if row else 0

    def events_since(self, game_id: str, seq: int,
                     until: int | None = None) -> list[dict[str, Any]]:
        """The game's events numbered ``seq`` and later, in order; with ``until``, from
        the notices this store heard when they carried them all, without a query."""
        if until is not None:
            heard = self._heard.between(game_id, seq, until)
            if heard is not None:
                return heard
        with self._conn() as conn:
            rows = conn.execute("SELECT event FROM events WHERE game_id = %s AND seq >= %s "
                                "ORDER BY seq", (game_id, seq)).fetchall()
        return [r["event"] for r in rows]

    def event_counts(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The event count of each of these games, in one query."""
        ids = list(game_ids)
        if not ids:
            return {}
        with self._conn() as conn:
            rows = conn.execute("SELECT game_id, MAX(seq) + 1 AS n FROM events "
                                "WHERE game_id = ANY(%s) GROUP BY game_id", (ids,)).fetchall()
        found = {row["game_id"]: int(row["n"]) for row in rows}
        return {game_id: found.get(game_id, 0) for game_id in ids}

    def set_computer(self, game_id: str, seat: int, level: str | None) -> None:
        """Hand a seat to a computer player of ``level``, or back to its player (None);
        the seat keeps its token."""
        with self._conn() as conn, conn.transaction():
            changed = conn.execute("UPDATE seats SET computer = %s "
                                   "WHERE game_id = %s AND seat = %s",
                                   (level, game_id, seat)).rowcount
        if not changed:
            raise StoreError(f"no seat {seat} in game {game_id!r}", "not_found")

    def append_events(self, game_id: str, first_seq: int,
                      events: Sequence[Mapping[str, Any]],
                      finish: Finish | None = None,
                      high_scores: Sequence[tuple[str, int]] = ()) -> None:
        """Append events numbered from ``first_seq`` and announce the new count to every
        process (``NOTIFY``, delivered at commit): one statement, one round trip.

        The game's row is locked first, so concurrent appends to one game (from any
        process) run one after the other; the events' primary key (game, seq) refuses a
        second writer of the same numbers. Raises :class:`StaleGameError` unless
        ``first_seq`` follows the game's last event. With ``finish``, the game is marked
        finished in the same statement and its high-score entries are written;
        ``high_scores`` are entries written with these events without finishing the game.
        """
        now = self.clock()
        entries = [*(finish.high_scores if finish is not None else ()), *high_scores]
        payload = notice(game_id, first_seq, events)
        params = {"id": game_id, "first": first_seq, "now": now,
                  # one JSON text each, not arrays: psycopg quotes every element of an
                  # array in Python (a regular expression per quote of each event)
                  "events": _json([dict(e) for e in events]),
                  "scores": _json([{"player": player, "score": int(score)}
                                   for player, score in entries]),
                  "finished": finish is not None,
                  "daily_score": int(entries[0][1]) if finish is not None and entries
                  else None,
                  "result": _json(finish.result) if finish is not None else None,
                  "record": _json(finish.record) if finish is not None else None,
                  "channel": CHANNEL, "payload": payload}
        with self._conn() as conn:
            try:
                row = conn.execute(APPEND, params).fetchone()
            except psycopg.errors.UniqueViolation:
                raise StaleGameError(f"game {game_id!r} already has event {first_seq}",
                                     "stale") from None
        if row is None or row["status"] is None:
            raise StoreError(f"no game {game_id!r}", "not_found")
        if row["status"] != "active":
            raise StaleGameError(f"game {game_id!r} is over", "game_over")
        if not row["ok"]:
            raise StaleGameError(f"game {game_id!r} has no event {first_seq - 1} or has "
                                 f"event {first_seq} already", "stale")

    def list_games(self, status: str | None = None, limit: int = 50,
                   after: tuple[float, str] | None = None,
                   profile: str | None = None) -> list[dict[str, Any]]:
        """Recent games, newest first (as :meth:`SQLiteStore.list_games`)."""
        return [queries.game_summary(r, r["setup"], r["result"])
                for r in self._read(queries.list_games(status, limit, after, profile))]

    def game_ids(self, status: str | None = None) -> list[str]:
        """Ids of every game, or of those with ``status``, oldest first."""
        with self._conn() as conn:
            if status is None:
                return [r["id"] for r in conn.execute(
                    "SELECT id FROM games ORDER BY created_at, id")]
            return [r["id"] for r in conn.execute(
                "SELECT id FROM games WHERE status = %s ORDER BY created_at, id", (status,))]

    def abandon_idle(self, before: float) -> list[str]:
        """Mark every active game without a move since ``before`` as abandoned."""
        with self._conn() as conn, conn.transaction():
            rows = conn.execute(
                "UPDATE games SET status = 'abandoned', finished_at = %s WHERE status = "
                "'active' AND updated_at < %s RETURNING id", (self.clock(), before)).fetchall()
        return [r["id"] for r in rows]

    # -- high scores ----------------------------------------------------------------------

    def high_scores(self, mode: str, dictionary: str, rules: str, limit: int = 10,
                    kind: str | None = "solo", aided: bool | None = False) -> list[HighScore]:
        """The best scores for a mode, dictionary and rules key, best first.

        ``kind`` selects solo games (the default), another kind, or every game (``None``);
        ``aided`` None lists the games in which the player used a Tip too (marked).
        """
        return [queries.high_score(r)
                for r in self._read(queries.high_scores(mode, dictionary, rules, limit, kind,
                                                      aided))]

    def wins(self, mode: str, limit: int = 10, kind: str | None = "solo",
             aided: bool | None = False) -> dict[str, Any]:
        """Wins per human player over the finished games of ``mode`` (``kind`` as for
        :meth:`high_scores`), ranked by :func:`rank_wins`."""
        games, humans = queries.finished_games(mode, kind)
        with self._conn() as conn:  # one connection: both reads see the same games
            return rank_wins(self._read(games, conn), self._read(humans, conn), limit, aided)

    def high_score_lists(self, mode: str | None = None) -> list[dict[str, Any]]:
        """Every (mode, dictionary, rules key) that has a list, with its entry count."""
        return [queries.score_list(r)
                for r in self._read(queries.high_score_lists(mode, ' COLLATE "C"'))]

    def profile_scores(self, profile_id: str, mode: str, dictionary: str, rules: str,
                       limit: int = 50) -> list[HighScore]:
        """A profile's scores in finished games with these rules, oldest first."""
        rows = self._read(queries.profile_scores(profile_id, mode, dictionary, rules, limit))
        return [queries.high_score(r) for r in reversed(rows)]

    # -- word reports ---------------------------------------------------------------------

    def add_report(self, word: str, dictionary: str, kind: str, note: str = "") -> None:
        """Store a player's report that ``word`` is wrongly accepted or refused."""
        with self._conn() as conn, conn.transaction():
            conn.execute("INSERT INTO word_reports (word, dictionary, kind, note, at) "
                         "VALUES (%s, %s, %s, %s, %s)",
                         (word, dictionary, kind, note, self.clock()))

    def word_reports(self, dictionary: str | None = None) -> list[WordReport]:
        """The reported words, grouped by word, dictionary and kind, most reported first."""
        return group_reports((r["word"], r["dictionary"], r["kind"], r["note"], r["at"])
                             for r in self._read(queries.word_reports(dictionary)))

    # -- what any process answers for -----------------------------------------------------

    def claim_rematch(self, game_id: str, new_id: str) -> str:
        """Point ``game_id``'s rematch at ``new_id`` unless it points somewhere already;
        the pointer it holds now (one statement: the row lock orders two processes)."""
        with self._conn() as conn:
            conn.execute("UPDATE games SET rematch = %s WHERE id = %s AND rematch IS NULL",
                         (new_id, game_id))
            row = conn.execute("SELECT rematch FROM games WHERE id = %s",
                               (game_id,)).fetchone()
        if row is None or row["rematch"] is None:
            raise StoreError(f"no game {game_id!r}", "not_found")
        return str(row["rematch"])

    def rematch_of(self, game_id: str) -> str | None:
        """The rematch table of ``game_id``, if one was made."""
        with self._conn() as conn:
            row = conn.execute("SELECT rematch FROM games WHERE id = %s",
                               (game_id,)).fetchone()
        return str(row["rematch"]) if row and row["rematch"] is not None else None

    def put_job(self, job_id: str, state: Mapping[str, Any]) -> None:
        """Keep a background job's state, for any process to read."""
        with self._conn() as conn:
            conn.execute("INSERT INTO jobs (id, state, updated_at) VALUES (%s, %s, %s) "
                         "ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, "
                         "updated_at = EXCLUDED.updated_at",
                         (job_id, _json(dict(state)), self.clock()))

    def get_job(self, job_id: str) -> dict[str, Any] | None:
        """A background job's state, or None."""
        with self._conn() as conn:
            row = conn.execute("SELECT state FROM jobs WHERE id = %s", (job_id,)).fetchone()
        return dict(row["state"]) if row else None

    # -- live updates ---------------------------------------------------------------------

    def publish(self, game_id: str, seq: int) -> None:
        """Tell every subscriber, in every process listening on this database, that
        ``game_id`` now has ``seq`` events (``NOTIFY``; an append does it by itself).
        Raises :class:`StoreUnavailableError` while the server is down."""
        with self._conn() as conn:
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, notice(game_id, seq, ())))

    def subscribe(self, callback: Callable[[str, int], None]) -> Callable[[], None]:
        """Call ``callback(game_id, seq)`` on the listener thread for every newer ``seq``
        published by any process; the function returned unsubscribes. Waits (up to
        ``timeout``) until the listener listens, so a publish right after is heard;
        notices sent while its connection is down are lost (the event count is the
        truth)."""
        unsubscribe = self._fanout.add(callback)
        with self._listener_lock:
            if self._listener is None and not self._closed.is_set():
                self._listener = threading.Thread(target=self._listen, daemon=True,
                                                  name="wordyahtzee-store-listen")
                self._listener.start()
        self._listening.wait(self.timeout)
        return unsubscribe

    def listening(self) -> bool:
        """Whether the listener thread is connected and listening now."""
        return self._listening.is_set()

    def _listen(self) -> None:
        """The listener thread: one connection, ``LISTEN``, deliver; reconnect with
        backoff (at most 5 s apart) when the connection drops."""
        delay = 0.1
        while not self._closed.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True,
                                     **self._connect_kwargs) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    delay = 0.1
                    while not self._closed.is_set():
                        for notice in conn.notifies(timeout=0.5):
                            self._deliver(notice.payload)
            except psycopg.Error as exc:
                if self._closed.is_set():
                    break
                if self._listening.is_set():
                    log.warning("live updates from %s interrupted: %s", self._location,
                                _first_line(exc))
                self._listening.clear()
                self._closed.wait(delay)
                delay = min(5.0, delay * 2)
        self._listening.clear()

    def _deliver(self, payload: str) -> None:
        heard = read_notice(payload)
        if heard is None:
            log.warning("ignoring a malformed notice on %s: %r", CHANNEL, payload[:100])
            return
        if heard.events:
            self._heard.add(heard.game, heard.first, heard.events)
        self._fanout.deliver(heard.game, heard.seq)
