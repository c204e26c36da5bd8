"""Tables: live games in memory, their seats, locks and waiting browsers.

Every action on a game runs under that game's lock: the in-memory game is checked against
the store's event count (another process may have written), the engine applies the action,
the new events are appended to SQLite in one transaction, and only then is the answer sent
and every waiting browser woken. A request that names a stale ``seq`` gets a conflict; a
failed write reloads the game from the store, so memory never runs ahead of the disk.
"""

from __future__ import annotations

import logging
import random
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from wordyahtzee.advisor import LEVELS
from wordyahtzee.errors import RuleError, WordyahtzeeError
from wordyahtzee.store import Finish, Seat, StaleGameError, Store, StoreError

from .modes import BadRequest, ModeAdapter, Played, get_mode

KINDS = ("solo", "hotseat", "online")
MAX_PLAYERS = 8
MAX_NAME = 24
COMPUTER_MODES = ("classic",)

log = logging.getLogger(__name__)


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
    worker: threading.Thread | None = field(default=None, repr=False)

    def seats_for(self, token: str | None) -> set[int]:
        """The seats a token acts for (hot-seat: one token holds every human seat;
        computer seats have no token)."""
        if not token:
            return set()
        return {s.seat for s in self.seats
                if s.token and s.computer is None and secrets.compare_digest(s.token, token)}


def _check_players(players: Any, kind: str, mode: str) -> list[tuple[str, str | None]]:
    """Seats from ``players``: each a name, or ``{"name", "computer": level}`` (classic)."""
    if not isinstance(players, list) or not players:
        raise BadRequest("players must be a list of names", "bad_players")
    seats: list[tuple[str, str | None]] = []
    for entry in players:
        level = None
        if isinstance(entry, Mapping):
            level = entry.get("computer")
            entry = entry.get("name")
            if level is not None and (not isinstance(level, str) or level not in LEVELS):
                raise BadRequest("computer is a level: " + ", ".join(LEVELS), "bad_players")
            if level is not None and mode not in COMPUTER_MODES:
                raise BadRequest("computer players play classic Yahtzee only", "bad_players")
        if not isinstance(entry, str):
            raise BadRequest("players must be a list of names", "bad_players")
        seats.append((" ".join(entry.split()), level))
    names = [n for n, _ in seats]
    humans = sum(1 for _, level in seats if level is None)
    if any(not n for n in names):
        raise BadRequest("every player needs a name", "bad_players")
    if any(len(n) > MAX_NAME for n in names):
        raise BadRequest(f"a name has at most {MAX_NAME} characters", "bad_players")
    if len({n.casefold() for n in names}) != len(names):
        raise BadRequest("player names must differ", "bad_players")
    if len(names) > MAX_PLAYERS:
        raise BadRequest(f"a table has at most {MAX_PLAYERS} players", "bad_players")
    if kind == "solo" and humans != 1:
        raise BadRequest("a solo game has one (human) player", "bad_players")
    if kind != "solo" and len(names) < 2:
        raise BadRequest(f"a {kind} game has 2 to {MAX_PLAYERS} players", "bad_players")
    if humans < 1:
        raise BadRequest("a table needs at least one human player", "bad_players")
    return seats


class TableManager:
    """Creates, loads, plays and watches tables. One per app; thread-safe."""

    def __init__(self, store: Store, clock: Callable[[], float],
                 rng_factory: Callable[[], random.Random],
                 computer_pace: float = 0.8) -> None:
        self.store = store
        self.clock = clock
        self.rng_factory = rng_factory
        self.computer_pace = computer_pace
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    # -- creating and loading -------------------------------------------------------------

    def create(self, body: Mapping[str, Any]) -> tuple[Table, list[Seat]]:
        """A new table from ``{"mode", "kind", "players", "rules"}``; its seats with tokens."""
        mode = get_mode(body.get("mode", "woord"))
        kind = body.get("kind", "solo")
        if kind not in KINDS:
            raise BadRequest("kind must be one of: " + ", ".join(KINDS), "bad_kind")
        entries = _check_players(body.get("players"), kind, mode.name)
        rules = mode.parse_rules(body.get("rules"))
        played = mode.new_game([n for n, _ in entries], rules, self.rng_factory(), self.clock)
        game_id = secrets.token_hex(6)
        shared = secrets.token_urlsafe(18)
        seats = [Seat(i, name, "", level) if level is not None
                 else Seat(i, name, secrets.token_urlsafe(18) if kind == "online" else shared)
                 for i, (name, level) in enumerate(entries)]
        self.store.create_game(game_id, mode.name, kind, mode.setup(played), seats)
        lock = threading.RLock()
        table = Table(game_id, kind, mode, seats, played, 0, lock, threading.Condition(lock))
        with self._lock:
            self._tables[game_id] = table
        self._kick(table)
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
            table = self._tables.setdefault(game_id, table)
        self._kick(table)  # a computer may have been in the middle of its turn
        return table

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
            finish = Finish(mode.result(played), mode.record(played))
        # a high-score entry per human seat for every game these events ended
        scores = [(seat.name, totals[seat.seat])
                  for totals in mode.game_results(played, table.seq)
                  for seat in table.seats if seat.computer is None]
        try:
            self.store.append_events(table.id, table.seq, events, finish, scores)
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
            self._kick(table)
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
            self._kick(table)
            return {**result, "state": self.state(table)}

    # -- computer seats -------------------------------------------------------------------

    def _computer_to_move(self, table: Table) -> str | None:
        """The level of the computer seat to move, if a computer is to move."""
        seat = table.mode.current_seat(table.played)
        return None if seat is None else table.seats[seat].computer

    def _kick(self, table: Table) -> None:
        """Start the table's computer worker if a computer is to move and none runs."""
        with table.lock:
            if table.worker is not None or self._computer_to_move(table) is None:
                return
            worker = threading.Thread(target=self._play_computers, args=(table,),
                                      name=f"wordyahtzee-computer-{table.id}", daemon=True)
            table.worker = worker
            worker.start()

    def _play_computers(self, table: Table) -> None:
        """Play the computer seats' moves one event at a time, each committed and streamed,
        with a short pace between moves, until a human is to move (a background thread: no
        request waits for it). The strategy table is prepared outside the table lock."""
        me = threading.current_thread()
        try:
            while True:
                with table.lock:
                    self._sync(table)
                    level = self._computer_to_move(table)
                    if level is None:
                        table.worker = None
                        return
                prepare = getattr(table.mode, "prepare_computer", None)
                if prepare is not None:
                    prepare(table.played, level)
                time.sleep(self.computer_pace)
                with table.lock:
                    self._sync(table)
                    if self._computer_to_move(table) != level:
                        continue
                    table.mode.computer_move(table.played, level)  # type: ignore[attr-defined]
                    self._commit(table)
        except StaleGameError:
            pass  # another writer; the next request or load starts a worker again
        except Exception:
            log.exception("computer player stopped on table %s", table.id)
        finally:
            with table.lock:
                if table.worker is me:
                    table.worker = None

    def settle(self, game_id: str, timeout: float = 30.0) -> bool:
        """Wait until no computer is to move (tests); True when settled in time."""
        table = self.table(game_id)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with table.lock:
                worker = table.worker
                if worker is None and self._computer_to_move(table) is None:
                    return True
            if worker is not None:
                worker.join(min(0.5, max(0.0, end - time.monotonic())))
            else:
                self._kick(table)
                time.sleep(0.02)
        return False

    def hint(self, game_id: str) -> dict[str, Any]:
        """The advisor's suggestion for the player to move (modes with an advisor)."""
        table = self.tick(game_id)
        hint = getattr(table.mode, "hint", None)
        if hint is None:
            raise RuleError(f"{table.mode.name} games have no hints", "no_hint")
        with table.lock:
            if table.mode.finished(table.played):
                raise RuleError("the game is over", "game_over")
            seat = table.mode.current_seat(table.played)
            return {**hint(table.played), "seq": table.seq, "player": seat}

    # -- reading --------------------------------------------------------------------------

    def state(self, table: Table) -> dict[str, Any]:
        """The table's public state: the mode's state plus id, kind, seats and ``seq``."""
        with table.lock:
            state = table.mode.state(table.played)
            state.update({
                "id": table.id, "kind": table.kind, "seq": table.seq,
                "status": "finished" if table.mode.finished(table.played) else "active",
                "seats": [{"seat": s.seat, "name": s.name, "computer": s.computer}
                          for s in table.seats],
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
