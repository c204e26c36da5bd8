"""The life of tables over time: resuming after a restart, waiting for news, the ticker
that applies timeouts and picks up other processes' moves, and the sweep that finishes
abandoned tables and unloads idle ones."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable

from ..errors import ServiceError
from ..store import StaleGameError, StoreError, StoreUnavailableError
from .playing import Playing
from .table import Table

log = logging.getLogger(__name__)


class Lifecycle(Playing):
    """Ticks, waits, sweeps and the store's notices."""

    def resume_all(self) -> int:
        """Load every active game (after a restart) and apply any timeouts; how many were
        resumed. Games idle past :attr:`abandon_seconds` are finished as abandoned first,
        not loaded. A game that does not replay is put aside (``game_damaged``, logged
        once) and the others resume: one bad game never stops a server's start."""
        self.sweep(every=0)
        resumed = 0
        for game_id in self.store.game_ids("active"):
            try:
                self.tick(game_id)
            except ServiceError as exc:
                if exc.code not in ("game_damaged", "not_found"):
                    log.error("game %s did not resume: %s", game_id, exc.message)
                continue
            except StoreUnavailableError:
                raise  # the database is gone: no game can resume
            except Exception:  # a fault of this game's: the others resume all the same
                log.exception("game %s did not resume", game_id)
                continue
            resumed += 1
        return resumed

    def wait(self, table: Table, since: int, timeout: float,
             watch_presence: bool = False) -> bool:
        """Block until the table moves past ``since`` or ``timeout`` seconds pass (with
        ``watch_presence``, also when a viewer comes or goes, a rematch is made, or a
        player reacts).

        A waiter only sleeps on the table's condition: the ticker (:meth:`tick_watched`)
        applies due timeouts and picks up other processes' moves, and wakes it. True when
        there is news.
        """
        end = time.monotonic() + timeout
        with table.lock:
            before = table.surroundings()
            while table.seq == since:
                if self.closing:
                    return False
                if watch_presence and table.surroundings() != before:
                    return True
                left = end - time.monotonic()
                if left <= 0:
                    return False
                table.changed.wait(left)
            return True

    def close_streams(self) -> None:
        """The server is stopping: wake every waiter and make every later :meth:`wait` end
        at once, so live streams say goodbye (browsers reconnect to the next server) instead
        of holding the shutdown until they time out."""
        self.closing = True
        with self._lock:
            tables = list(self._tables.values())
        for table in tables:
            with table.lock:
                table.changed.notify_all()

    def unload(self, game_ids: Iterable[str], *, wake: bool = True) -> int:
        """Let this process's memory go of these tables, so that they load again from the
        store (a profile's hidden name, its deleted daily games); ``wake``: wake their
        watchers. How many were loaded."""
        with self._lock:
            gone = [self._tables.pop(game_id) for game_id in game_ids
                    if game_id in self._tables]
        if wake:
            for table in gone:
                with table.lock:
                    table.changed.notify_all()
        return len(gone)

    def tick_watched(self) -> int:
        """One beat of the ticker: for every loaded table that someone watches or whose
        turn can run out, pick up events another process stored (one store query for all)
        and apply due timeouts and skips, waking the table's watchers; wake them too when
        a player has been away long enough for the host to act, or the table's clock
        starts (the wait for its players is over). How many tables moved."""
        self.sweep()
        with self._lock:
            tables = [t for t in self._tables.values() if not t.game.finished
                      and not t.abandoned and (t.viewers or t.idle_seconds is not None
                                               or t.game.deadline() is not None)]
        if not tables:
            return 0
        counts = self.store.event_counts([t.id for t in tables])
        self.pick_up_reactions(tables)
        moved = 0
        for table in tables:
            with table.lock:
                try:
                    if counts.get(table.id, table.seq) != table.seq:
                        self._reload(table)
                        table.changed.notify_all()
                        moved += 1
                    if self._expire(table):
                        moved += 1
                    now = self.clock()
                    # the host's controls changed, or the table's clock started
                    if table.mark_absent(now) | table.mark_clock(now):
                        table.changed.notify_all()
                except StaleGameError:
                    self._reload(table)
                except Exception:  # one broken table must not stop the beat
                    log.exception("ticking table %s", table.id)
                self._kick(table)
        return moved

    def sweep(self, every: float = 60.0) -> None:
        """At most once per ``every`` seconds: finish the tables nobody moved in for
        :attr:`abandon_seconds` as abandoned, and unload from memory those that nobody
        watches and nobody moved in for :attr:`unload_seconds` (they reload on demand);
        then tell the features that follow the sweep (:attr:`announce`)."""
        now = self.clock()
        if now - self._last_sweep < every:
            return
        self._last_sweep = now
        gone = set()
        if self.abandon_seconds is not None:
            gone = set(self.store.abandon_idle(now - self.abandon_seconds))
        with self._lock:
            for game_id, table in list(self._tables.items()):
                idle = now - table.last_move_at > self.unload_seconds
                if game_id in gone or (idle and not table.viewers and table.worker is None):
                    del self._tables[game_id]
                    with table.lock:
                        table.changed.notify_all()
        self.announce.swept()

    def _heard(self, game_id: str, seq: int) -> None:
        """A notice from the store: another process stored event ``seq - 1`` of a game."""
        with self._lock:
            table = self._tables.get(game_id)
        if table is None:
            return
        with table.lock:
            if seq > table.seq:  # an older notice: the table caught up meanwhile
                try:
                    self._reload(table, seq)
                except StoreError:
                    return  # the ticker tries again
                table.changed.notify_all()

    def run_ticker(self, interval: float = 1.0,
                   stop: threading.Event | None = None) -> threading.Thread:
        """Listen to the store's notices of other processes' moves (PostgreSQL: at once),
        and run :meth:`tick_watched` every ``interval`` seconds in a daemon thread, which
        also keeps the dictionaries' overlay of moderators' word decisions current
        (:meth:`wordyahtzee.lexicon.overlay.Overlay.refresh`: one query a beat)."""
        halt = stop or threading.Event()
        self.store.subscribe(self._heard)

        def beat() -> None:
            while not halt.wait(interval):
                try:
                    self.overlay.refresh(self.store)
                except Exception:
                    log.exception("word decisions")
                try:
                    self.tick_watched()
                except Exception:
                    log.exception("table ticker")

        thread = threading.Thread(target=beat, name="wordyahtzee-ticker", daemon=True)
        thread.start()
        return thread
