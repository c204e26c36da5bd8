"""Tables: live games in memory, their seats, locks and waiting browsers.

Every action on a game runs under that game's lock: the in-memory game is checked against
the store's event count (another process may have written), the engine applies the action,
the new events are appended to SQLite in one transaction, and only then is the answer sent
and every waiting browser woken. A request that names a stale ``seq`` gets a conflict; a
failed write reloads the game from the store, so memory never runs ahead of the disk.
"""

from __future__ import annotations

import random
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from wordyahtzee.errors import WordyahtzeeError
from wordyahtzee.store import Finish, Seat, StaleGameError, Store, StoreError

from .modes import BadRequest, ModeAdapter, Played, get_mode

KINDS = ("solo", "hotseat", "online")
MAX_PLAYERS = 8
MAX_NAME = 24


class ApiError(WordyahtzeeError):
    """An error with an HTTP status (404 unknown game, 403 wrong seat, 409 conflict)."""

    def __init__(self, status: int, message: str, code: str,
                 extra: dict[str, Any] | None = None) -> None:
        super().__init__(message, code)
        self.status = status
        self.extra = extra or {}


@dataclass
class Table:
    """One game being played: its engine state, seats and the lock that serialises it."""

    id: str
    kind: str
    mode: ModeAdapter
    seats: list[Seat]
    played: Played
    seq: int
    lock: threading.RLock
    changed: threading.Condition

    def seats_for(self, token: str | None) -> set[int]:
        """The seats a token acts for (hot-seat: one token holds every seat)."""
        if not token:
            return set()
        return {s.seat for s in self.seats if secrets.compare_digest(s.token, token)}


def _check_players(players: Any, kind: str) -> list[str]:
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadRequest("players must be a list of names", "bad_players")
    names = [" ".join(p.split()) for p in players]
    if not names or any(not n for n in names):
        raise BadRequest("every player needs a name", "bad_players")
    if any(len(n) > MAX_NAME for n in names):
        raise BadRequest(f"a name has at most {MAX_NAME} characters", "bad_players")
    if len({n.casefold() for n in names}) != len(names):
        raise BadRequest("player names must differ", "bad_players")
    if kind == "solo" and len(names) != 1:
        raise BadRequest("a solo game has one player", "bad_players")
    if kind != "solo" and not 2 <= len(names) <= MAX_PLAYERS:
        raise BadRequest(f"a {kind} game has 2 to {MAX_PLAYERS} players", "bad_players")
    return names


class TableManager:
    """Creates, loads, plays and watches tables. One per app; thread-safe."""

    def __init__(self, store: Store, clock: Callable[[], float],
                 rng_factory: Callable[[], random.Random]) -> None:
        self.store = store
        self.clock = clock
        self.rng_factory = rng_factory
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    # -- creating and loading -------------------------------------------------------------

    def create(self, body: Mapping[str, Any]) -> tuple[Table, list[Seat]]:
        """A new table from ``{"mode", "kind", "players", "rules"}``; its seats with tokens."""
        mode = get_mode(body.get("mode", "woord"))
        kind = body.get("kind", "solo")
        if kind not in KINDS:
            raise BadRequest("kind must be one of: " + ", ".join(KINDS), "bad_kind")
        players = _check_players(body.get("players"), kind)
        rules = mode.parse_rules(body.get("rules"))
        played = mode.new_game(players, rules, self.rng_factory(), self.clock)
        game_id = secrets.token_hex(6)
        if kind == "online":
            seats = [Seat(i, name, secrets.token_urlsafe(18)) for i, name in enumerate(players)]
        else:
            token = secrets.token_urlsafe(18)
            seats = [Seat(i, name, token) for i, name in enumerate(players)]
        self.store.create_game(game_id, mode.name, kind, mode.setup(played), seats)
        lock = threading.RLock()
        table = Table(game_id, kind, mode, seats, played, 0, lock, threading.Condition(lock))
        with self._lock:
            self._tables[game_id] = table
        return table, seats

    def table(self, game_id: str) -> Table:
        """The live table (loaded from the store on first use: this is how games resume)."""
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 64:
            raise ApiError(404, "no such game", "not_found")
        with self._lock:
            table = self._tables.get(game_id)
        if table is not None:
            return table
        try:
            stored = self.store.load_game(game_id)
        except StoreError:
            raise ApiError(404, f"no game {game_id!r}", "not_found") from None
        mode = get_mode(stored.mode)
        played = mode.restore(stored.to_json(), self.rng_factory(), self.clock)
        lock = threading.RLock()
        table = Table(stored.id, stored.kind, mode, stored.seats, played, len(stored.events),
                      lock, threading.Condition(lock))
        with self._lock:
            return self._tables.setdefault(game_id, table)

    def resume_all(self) -> int:
        """Load every active game (after a restart) and apply any timeouts; how many."""
        ids = self.store.active_game_ids()
        for game_id in ids:
            self.tick(game_id)
        return len(ids)

    # -- writing --------------------------------------------------------------------------

    def _sync(self, table: Table) -> None:
        """Reload from the store if another writer got there first (call under the lock)."""
        if self.store.event_count(table.id) != table.seq:
            self._reload(table)

    def _reload(self, table: Table) -> None:
        stored = self.store.load_game(table.id)
        table.played = table.mode.restore(stored.to_json(), self.rng_factory(), self.clock)
        table.seq = len(stored.events)

    def _commit(self, table: Table) -> None:
        """Store the events the engine added since ``table.seq`` (call under the lock)."""
        events = table.played.game.events[table.seq:]
        if not events:
            return
        mode, played = table.mode, table.played
        finish = None
        if mode.finished(played):
            names = [s.name for s in table.seats]
            finish = Finish(mode.result(played), mode.record(played),
                            list(zip(names, mode.totals(played), strict=True)))
        try:
            self.store.append_events(table.id, table.seq, events, finish)
        except BaseException:
            self._reload(table)
            raise
        table.seq += len(events)
        table.changed.notify_all()

    def _expire(self, table: Table) -> bool:
        if table.mode.finished(table.played):
            return False
        if table.mode.expire(table.played):
            self._commit(table)
            return True
        return False

    def tick(self, game_id: str) -> Table:
        """Load a table and apply a timeout if its hourglass has run out."""
        table = self.table(game_id)
        with table.lock:
            try:
                self._sync(table)
                self._expire(table)
            except StaleGameError:
                pass
        return table

    def tick_all(self) -> None:
        """Apply due timeouts on every loaded table (tests call this after moving the clock)."""
        with self._lock:
            ids = list(self._tables)
        for game_id in ids:
            self.tick(game_id)

    def act(self, game_id: str, token: Any, action: str,
            body: Mapping[str, Any]) -> dict[str, Any]:
        """Perform an action for the seat whose token this is."""
        table = self.table(game_id)
        seq = body.get("seq")
        if seq is not None and (type(seq) is not int or seq < 0):
            raise BadRequest("seq must be the number of events the browser has seen")
        with table.lock:
            self._sync(table)
            if self._expire(table):
                raise ApiError(409, "the time ran out: the turn scored 0", "time_up",
                               {"state": self.state(table)})
            mode, played = table.mode, table.played
            if mode.finished(played):
                raise ApiError(409, "the game is over", "game_over",
                               {"state": self.state(table)})
            if seq is not None and seq != table.seq:
                raise ApiError(409, f"the game has moved on (event {table.seq}, not {seq}); "
                               "here is the current state", "stale",
                               {"state": self.state(table)})
            seats = table.seats_for(token if isinstance(token, str) else None)
            if not seats:
                raise ApiError(403, "this link cannot act in this game (watching only)",
                               "not_a_player")
            if mode.current_seat(played) not in seats:
                raise ApiError(403, "it is not your turn", "not_your_turn")
            result = mode.act(played, action, body)
            self._commit(table)
            return {**result, "state": self.state(table)}

    # -- reading --------------------------------------------------------------------------

    def state(self, table: Table) -> dict[str, Any]:
        """The table's public state: the mode's state plus id, kind, seats and ``seq``."""
        with table.lock:
            state = table.mode.state(table.played)
            state.update({
                "id": table.id, "kind": table.kind, "seq": table.seq,
                "status": "finished" if table.mode.finished(table.played) else "active",
                "seats": [{"seat": s.seat, "name": s.name} for s in table.seats],
                "server_time": self.clock()})
            return state

    def current_state(self, game_id: str) -> dict[str, Any]:
        """The state after applying any due timeout."""
        return self.state(self.tick(game_id))

    def preview(self, game_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """What claims with these words would score now."""
        table = self.tick(game_id)
        with table.lock:
            return {**table.mode.preview(table.played, body), "seq": table.seq}

    def wait(self, table: Table, since: int, timeout: float) -> bool:
        """Block until the table moves past ``since`` or ``timeout`` seconds pass.

        Checks the hourglass every second meanwhile and applies a due timeout itself, so
        every watcher sees it at once. True when there is news.
        """
        end = time.monotonic() + timeout
        with table.lock:
            while table.seq == since:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                table.changed.wait(min(left, 1.0))
                try:
                    self._expire(table)
                except StaleGameError:
                    self._reload(table)
            return True
