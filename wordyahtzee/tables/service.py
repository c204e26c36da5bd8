"""Tables: live games in memory, their seats, locks, deadlines, computer seats and the
browsers waiting for news. No web framework here: the web, the CLI and the tests drive it.

Every action on a game runs under that game's lock: the in-memory game is checked against
the store's event count (another process may have written), the engine applies the action,
the new events are appended to the store in one transaction, and only then is the answer
sent and every waiting watcher woken. A request that names a stale ``seq`` gets a conflict;
a failed write reloads the game from the store, so memory never runs ahead of the disk.
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

from .. import games
from ..advisor.coach import Coach, coach
from ..errors import BadRequest, RuleError, ServiceError
from ..modes.contract import MAX_NAME, Game, check_players
from ..store import Finish, Seat, StaleGameError, Store, StoreError
from . import strategies

KINDS = ("solo", "hotseat", "online")
MAX_PLAYERS = 8

log = logging.getLogger(__name__)


@dataclass
class Table:
    """One game being played: its engine state, seats and the lock that serialises it."""

    id: str
    kind: str
    mode: str
    rules: dict[str, Any]
    seats: list[Seat]
    game: Game
    seq: int
    lock: threading.RLock
    changed: threading.Condition
    worker: threading.Thread | None = field(default=None, repr=False)

    def seats_for(self, token: str | None) -> set[int]:
        """The seats a token acts for (hot-seat: one token holds every human seat;
        computer seats have no token)."""
        if not token:
            return set()
        try:
            given = token.encode("ascii")
        except UnicodeEncodeError:
            return set()
        return {s.seat for s in self.seats
                if s.token and s.computer is None
                and secrets.compare_digest(s.token.encode("ascii"), given)}


def parse_seats(players: Any, kind: str, levels: tuple[str, ...]
                ) -> list[tuple[str, str | None]]:
    """Seats from ``players``: each a name, or ``{"name", "computer": level}``. Names are
    trimmed; a blank name is refused (never a seat)."""
    if not isinstance(players, list) or not players:
        raise BadRequest("players must be a list of names", "bad_players")
    seats: list[tuple[str, str | None]] = []
    for entry in players:
        level = None
        if isinstance(entry, Mapping):
            level = entry.get("computer")
            entry = entry.get("name")
            if level is not None and (not isinstance(level, str) or level not in levels):
                raise BadRequest("computer players: " + (", ".join(levels) or "none in "
                                 "this mode"), "bad_players")
        if not isinstance(entry, str):
            raise BadRequest("players must be a list of names", "bad_players")
        seats.append((" ".join(entry.split()), level))
    names = check_players([n for n, _ in seats], max_players=MAX_PLAYERS, max_name=MAX_NAME)
    humans = sum(1 for _, level in seats if level is None)
    if kind == "solo" and humans != 1:
        raise BadRequest("a solo game has one (human) player", "bad_players")
    if kind != "solo" and len(names) < 2:
        raise BadRequest(f"a {kind} game has 2 to {MAX_PLAYERS} players", "bad_players")
    if humans < 1:
        raise BadRequest("a table needs at least one human player", "bad_players")
    return seats


class TableService:
    """Creates, loads, plays and watches tables. One per server process; thread-safe."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 rng_factory: Callable[[], random.Random] = random.SystemRandom,
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
        mode = body.get("mode", "woord")
        kind = body.get("kind", "solo")
        if kind not in KINDS:
            raise BadRequest("kind must be one of: " + ", ".join(KINDS), "bad_kind")
        rules = games.parse_rules(mode, body.get("rules"))
        helper = coach(mode)
        entries = parse_seats(body.get("players"), kind, helper.levels if helper else ())
        game = games.new_game(mode, [n for n, _ in entries], rules, rng=self.rng_factory(),
                              clock=self.clock)
        game_id = secrets.token_hex(6)
        shared = secrets.token_urlsafe(18)
        seats = [Seat(i, name, "", level) if level is not None
                 else Seat(i, name, secrets.token_urlsafe(18) if kind == "online" else shared)
                 for i, (name, level) in enumerate(entries)]
        setup = game.to_json()
        setup.pop("events", None)
        self.store.create_game(game_id, mode, kind, setup, seats)
        table = self._add(Table(game_id, kind, mode, rules, seats, game, 0,
                                *_lock_pair()))
        self._kick(table)
        return table, seats

    def _add(self, table: Table) -> Table:
        with self._lock:
            return self._tables.setdefault(table.id, table)

    def table(self, game_id: str) -> Table:
        """The live table (loaded from the store on first use: this is how games resume)."""
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 64:
            raise ServiceError("no such game", "not_found")
        with self._lock:
            table = self._tables.get(game_id)
        if table is not None:
            return table
        try:
            stored = self.store.load_game(game_id)
        except StoreError:
            raise ServiceError(f"no game {game_id!r}", "not_found") from None
        game = games.restore(stored.to_json(), rng=self.rng_factory(), clock=self.clock)
        table = self._add(Table(stored.id, stored.kind, stored.mode,
                                dict(stored.setup.get("rules") or {}), stored.seats, game,
                                len(stored.events), *_lock_pair()))
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
        table.game = games.restore(stored.to_json(), rng=self.rng_factory(), clock=self.clock)
        table.seq = len(stored.events)

    def _commit(self, table: Table) -> None:
        """Store the events the engine added since ``table.seq`` (call under the lock)."""
        game = table.game
        events = game.events[table.seq:]
        if not events:
            return
        finish = Finish(game.result(), game.to_record()) if game.finished else None
        # a high-score entry per human seat for every game these events ended
        scores = [(seat.name, totals[seat.seat])
                  for totals in game.finished_games(table.seq)
                  for seat in table.seats if seat.computer is None]
        try:
            self.store.append_events(table.id, table.seq, events, finish, scores)
        except BaseException:
            self._reload(table)
            raise
        table.seq += len(events)
        table.changed.notify_all()

    def _expire(self, table: Table) -> bool:
        if table.game.finished or not table.game.expire():
            return False
        self._commit(table)
        return True

    def tick(self, game_id: str) -> Table:
        """Load a table and apply a timeout if its turn has run out."""
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
        """Perform an action (``throw``, ``claim`` …) for the seat whose token this is."""
        table = self.table(game_id)
        seq = body.get("seq")
        if seq is not None and (type(seq) is not int or seq < 0):
            raise BadRequest("seq must be the number of events the browser has seen")
        with table.lock:
            self._sync(table)
            if self._expire(table):
                raise ServiceError("the time ran out: the turn scored 0", "time_up",
                                   status=409, extra={"state": self.state(table)})
            game = table.game
            if game.finished:
                raise ServiceError("the game is over", "game_over", status=409,
                                   extra={"state": self.state(table)})
            if seq is not None and seq != table.seq:
                raise ServiceError(f"the game has moved on (event {table.seq}, not {seq}); "
                                   "here is the current state", "stale",
                                   extra={"state": self.state(table)})
            seats = table.seats_for(token if isinstance(token, str) else None)
            if not seats:
                raise ServiceError("this link cannot act in this game (watching only)",
                                   "not_a_player")
            if game.current_seat not in seats:
                raise ServiceError("it is not your turn", "not_your_turn")
            outcome = game.act(game.parse_action(action, body))
            self._commit(table)
            self._kick(table)
            return {**outcome.summary, "state": self.state(table)}

    # -- computer seats -------------------------------------------------------------------

    def _computer_to_move(self, table: Table) -> str | None:
        """The level of the computer seat to move, if a computer is to move."""
        seat = table.game.current_seat
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
        """Play the computer seats' moves one action at a time, each committed and
        streamed, with a short pace between moves, until a human is to move (a background
        thread: no request waits for it). A strategy table is loaded outside the lock."""
        me = threading.current_thread()
        helper = coach(table.mode)
        try:
            while True:
                with table.lock:
                    self._sync(table)
                    level = self._computer_to_move(table)
                    if level is None or helper is None:
                        table.worker = None
                        return
                strategy = self._strategy_for(helper, table, level)
                time.sleep(self.computer_pace)
                with table.lock:
                    self._sync(table)
                    if self._computer_to_move(table) != level:
                        continue
                    table.game.act(helper.decide(table.game, level, strategy))
                    self._commit(table)
        except StaleGameError:
            pass  # another writer; the next request or load starts a worker again
        except Exception:
            log.exception("computer player stopped on table %s", table.id)
        finally:
            with table.lock:
                if table.worker is me:
                    table.worker = None

    @staticmethod
    def _strategy_for(helper: Coach, table: Table, level: str) -> Any:
        key = helper.table_key(table.rules)
        if key is None or not helper.needs_table(level):
            return None
        return strategies.get(table.mode, key)

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
        """The coach's suggestion for the player to move; ``ready: false`` while its
        strategy table is being prepared (never computed inside a request)."""
        table = self.tick(game_id)
        helper = coach(table.mode)
        if helper is None:
            raise RuleError(f"{table.mode} games have no hints", "no_hint")
        with table.lock:
            if table.game.finished:
                raise RuleError("the game is over", "game_over")
            key = helper.table_key(table.rules)
            strategy = None if key is None else strategies.peek(table.mode, key)
            if key is not None and strategy is None:
                return {"ready": False, "failed": strategies.failure(table.mode, key),
                        "seq": table.seq, "player": table.game.current_seat}
            return {**helper.hint(table.game, strategy), "seq": table.seq,
                    "player": table.game.current_seat}

    # -- reading --------------------------------------------------------------------------

    def describe_modes(self) -> dict[str, dict[str, Any]]:
        """Every mode's start-screen facts, with its computer levels and whether its
        strategy tables are ready (without starting to warm them)."""
        modes = games.describe_modes()
        for name, info in modes.items():
            helper = coach(name)
            if helper is not None:
                info["hints_ready"] = {key: strategies.is_ready(name, key)
                                       for key in helper.table_keys}
        return modes

    def warm(self, keys: list[str] | None = None) -> None:
        """Start loading every mode's strategy tables in the background (``keys``: only
        these table keys; an empty list: none)."""
        from ..modes import MODES

        wanted = [(mode, key) for mode in MODES if (helper := coach(mode)) is not None
                  for key in helper.table_keys if keys is None or key in keys]
        strategies.warm(wanted)

    def state(self, table: Table) -> dict[str, Any]:
        """The table's public state: the game's view plus id, kind, seats and ``seq``."""
        with table.lock:
            state = table.game.view()
            state.update({
                "id": table.id, "kind": table.kind, "seq": table.seq,
                "status": "finished" if table.game.finished else "active",
                "seats": [{"seat": s.seat, "name": s.name, "computer": s.computer}
                          for s in table.seats],
                "server_time": self.clock()})
            return state

    def current_state(self, game_id: str) -> dict[str, Any]:
        """The state after applying any due timeout."""
        return self.state(self.tick(game_id))

    def record(self, game_id: str) -> dict[str, Any]:
        """The game record of the turns played so far, and the result once finished."""
        table = self.tick(game_id)
        with table.lock:
            game = table.game
            return {"record": game.to_record(),
                    "result": game.result() if game.finished else None}

    def preview(self, game_id: str, body: Mapping[str, Any]) -> dict[str, Any]:
        """What a move would give now (the words typed so far …), without playing it."""
        table = self.tick(game_id)
        with table.lock:
            return {**table.game.preview(body), "seq": table.seq}

    def wait(self, table: Table, since: int, timeout: float) -> bool:
        """Block until the table moves past ``since`` or ``timeout`` seconds pass.

        Checks the deadline every second meanwhile and applies a due timeout itself, so
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


def _lock_pair() -> tuple[threading.RLock, threading.Condition]:
    lock = threading.RLock()
    return lock, threading.Condition(lock)
