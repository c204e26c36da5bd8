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
from ..errors import BadRequest, RuleError, ServiceError, WordyahtzeeError
from ..modes.contract import MAX_NAME, Game, Leave, Skip, check_players
from ..store import Finish, Seat, StaleGameError, Store, StoreError
from . import strategies

KINDS = ("solo", "hotseat", "online")
MAX_PLAYERS = 8
HOST_SEAT = 0
"""The seat of whoever made the table: its token may skip, remove or hand over seats."""
DEFAULT_IDLE_SECONDS = 120.0
"""How long an online table waits for a seat to act before it skips the turn, when the
rules have no turn time of their own (classic Yahtzee)."""
ABANDON_SECONDS = 7 * 24 * 3600.0
"""A table without a move for this long is finished as abandoned (the default)."""
UNLOAD_SECONDS = 600.0
"""A table nobody watches or moved in for this long leaves memory (it reloads on demand)."""
AWAY_AFTER = 2
"""Missed turns in a row after which a seat is *away*: its turns are skipped at once while
its player is not at the table."""

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
    idle_seconds: float | None = None
    last_move_at: float = 0.0
    present: dict[int, int] = field(default_factory=dict)  # seat -> open live streams
    viewers: int = 0  # open live streams, with or without a seat
    rematch: str | None = None
    abandoned: bool = False
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


def parse_idle(value: Any) -> float | None:
    """The ``idle_seconds`` table option: a number of seconds (10 to a day), or None."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
            10 <= value <= 86400):
        raise BadRequest("idle_seconds is a number of seconds from 10 to 86400",
                         "bad_option")
    return float(value)


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
                 computer_pace: float = 0.8, abandon_seconds: float | None = ABANDON_SECONDS,
                 unload_seconds: float = UNLOAD_SECONDS,
                 sample_games: Mapping[str, int] | None = None) -> None:
        self.store = store
        # per mode, the size of the sample of optimal final scores a review shows (a mode
        # not named: the coach's default, the production size; tests ask for fewer)
        self.sample_games = dict(sample_games or {})
        self.abandon_seconds = abandon_seconds
        self.unload_seconds = unload_seconds
        self._last_sweep = 0.0
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
        idle = parse_idle(body.get("idle_seconds"))
        if kind == "online" and idle is None:
            idle = game.turn_limit() or DEFAULT_IDLE_SECONDS
        setup = game.to_json()
        setup.pop("events", None)
        setup["table"] = {"idle_seconds": idle, "rules": rules}
        self.store.create_game(game_id, mode, kind, setup, seats)
        table = self._add(Table(game_id, kind, mode, rules, seats, game, 0,
                                *_lock_pair(), idle_seconds=idle,
                                last_move_at=self.clock()))
        with table.lock:
            self._commit(table)  # events the new game began with (Kaartspel's throw-off)
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
        except StoreError as exc:
            if exc.code != "not_found":
                raise  # the database is down, say: 503, not a missing game
            raise ServiceError(f"no game {game_id!r}", "not_found") from None
        game = games.restore(stored.to_json(), rng=self.rng_factory(), clock=self.clock)
        options = stored.setup.get("table") or {}
        table = self._add(Table(stored.id, stored.kind, stored.mode,
                                dict(options.get("rules") or stored.setup.get("rules") or {}),
                                stored.seats, game, len(stored.events), *_lock_pair(),
                                idle_seconds=options.get("idle_seconds"),
                                last_move_at=self.clock(),
                                abandoned=stored.status == "abandoned"))
        self._kick(table)  # a computer may have been in the middle of its turn
        return table

    def resume_all(self) -> int:
        """Load every active game (after a restart) and apply any timeouts; how many.
        Games idle past :attr:`abandon_seconds` are finished as abandoned first, not
        loaded."""
        self.sweep(every=0)
        ids = self.store.active_game_ids()
        for game_id in ids:
            self.tick(game_id)
        return len(ids)

    # -- writing --------------------------------------------------------------------------

    def _sync(self, table: Table) -> None:
        """Catch up with another writer, if one got there first (call under the lock)."""
        if self.store.event_count(table.id) != table.seq:
            self._reload(table)

    def _reload(self, table: Table) -> None:
        """Apply the events another process stored since ``table.seq`` (the usual case: a
        move or two), or replay the whole game from the store when memory holds events the
        store refused, or the catching up fails."""
        if len(table.game.events) == table.seq:  # nothing uncommitted in memory
            newer = self.store.events_since(table.id, table.seq)
            try:
                for event in newer:
                    table.game.apply(event)
                table.seq += len(newer)
                if self.store.event_count(table.id) == table.seq:
                    return
            except WordyahtzeeError:
                pass
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
        table.last_move_at = self.clock()
        table.changed.notify_all()
        try:
            self.store.publish(table.id, table.seq)  # other processes' streams wake at once
        except StoreError:
            log.warning("could not announce game %s event %d", table.id, table.seq)

    def _expire(self, table: Table) -> bool:
        """Apply what time and absence decide (call under the lock): the hourglass's
        timeout, then skips of an absent seat's turns. True when something happened."""
        game = table.game
        if game.finished:
            return False
        if game.expire():
            self._commit(table)
            return True
        moved = False
        while not game.finished and (reason := self._skip_reason(table)) is not None:
            try:
                game.act(Skip(reason))
            except RuleError:  # a mode whose turns cannot be skipped (Kaartspel, for now)
                table.idle_seconds = None
                break
            self._commit(table)
            moved = True
        return moved

    def _skip_reason(self, table: Table) -> str | None:
        """Why the seat to move loses its turn now, if it does: it left, it is away (missed
        turns in a row and nobody at its seat), or nobody acted within the idle limit."""
        seat = table.game.current_seat
        if seat is None or table.seats[seat].computer is not None:
            return None
        missed, left = table.game.seat_status(seat)
        if left:
            return "left"
        if missed >= AWAY_AFTER and not table.present.get(seat):
            return "absent"
        if (table.idle_seconds is not None and table.game.deadline() is None
                and self.clock() - table.last_move_at > table.idle_seconds):
            return "absent"
        return None

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
            if seq is None or seq != table.seq:
                self._sync(table)  # else optimistic: the append refuses a stale seq itself
            if self._expire(table):
                raise ServiceError("the time ran out: the turn scored 0", "time_up",
                                   conflict=True, extra={"state": self.state(table)})
            game = table.game
            if game.finished or table.abandoned:
                raise ServiceError("the game is over", "game_over", conflict=True,
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
            self._expire(table)  # the next seat may be away or gone: skip it at once
            self._kick(table)
            return {**outcome.summary, "state": self.state(table)}

    # -- the host's controls, invites, presence and rematches -----------------------------

    def _host(self, table: Table, token: Any) -> None:
        if HOST_SEAT not in table.seats_for(token if isinstance(token, str) else None):
            raise ServiceError("only the table's host (the first seat) may do this",
                               "not_host")

    def _seat(self, table: Table, seat: Any) -> Seat:
        if type(seat) is not int or not 0 <= seat < len(table.seats):
            raise ServiceError(f"no seat {seat!r} at this table", "not_found")
        return table.seats[seat]

    def manage_seat(self, game_id: str, token: Any, seat: Any, action: str,
                    body: Mapping[str, Any]) -> dict[str, Any]:
        """The host's controls over another seat: ``skip`` its turn now, ``remove`` it
        (its turns are skipped from now on) or hand it to a ``computer`` (``{"level"}``)."""
        table = self.table(game_id)
        with table.lock:
            self._sync(table)
            self._host(table, token)
            target = self._seat(table, seat)
            game = table.game
            if game.finished:
                raise ServiceError("the game is over", "game_over", conflict=True)
            if action == "skip":
                if game.current_seat != target.seat:
                    raise ServiceError(f"it is not {target.name}'s turn", "not_their_turn")
                game.act(Skip("host"))
            elif action == "remove":
                if target.seat == HOST_SEAT:
                    raise BadRequest("the host cannot remove their own seat", "bad_request")
                game.act(Leave(target.seat))
            elif action == "computer":
                helper = coach(table.mode)
                level = body.get("level")
                if helper is None:
                    raise ServiceError(f"{table.mode} has no computer players", "no_computer")
                if level not in helper.levels:
                    raise BadRequest("level is one of: " + ", ".join(helper.levels),
                                     "bad_level")
                if target.computer is None and target.seat == HOST_SEAT:
                    raise BadRequest("the host keeps their own seat", "bad_request")
                self.store.set_computer(table.id, target.seat, level)
                table.seats[target.seat] = Seat(target.seat, target.name, "", level)
            else:
                raise ServiceError(f"no seat action {action!r}", "not_found")
            self._commit(table)
            self._expire(table)
            self._kick(table)
            table.changed.notify_all()
            return {"state": self.state(table)}

    def invites(self, game_id: str, token: Any) -> dict[str, Any]:
        """Every human seat's invite link, for the host only (on any device)."""
        table = self.table(game_id)
        self._host(table, token)
        links: list[dict[str, Any]] = []
        for seat in table.seats:
            if seat.computer is not None:
                continue
            same = next((link for link in links if link["token"] == seat.token), None)
            if same is not None:
                same["seats"].append(seat.seat)
                continue
            links.append({"seats": [seat.seat], "name": seat.name, "token": seat.token,
                          "url": f"/games/{table.id}#seat={seat.token}"})
        return {"links": links, "watch_url": f"/games/{table.id}"}

    def watching(self, table: Table, token: Any) -> Callable[[], None]:
        """Count a live viewer at the seats its token holds (who is at the table now);
        returns the call that counts it out again."""
        seats = table.seats_for(token if isinstance(token, str) else None)
        with table.lock:
            table.viewers += 1
            for seat in seats:
                table.present[seat] = table.present.get(seat, 0) + 1
            if seats:
                table.changed.notify_all()

        def leave() -> None:
            with table.lock:
                table.viewers -= 1
                for seat in seats:
                    table.present[seat] = max(0, table.present.get(seat, 0) - 1)
                if seats:
                    table.changed.notify_all()
        return leave

    def rematch(self, game_id: str, token: Any) -> dict[str, Any]:
        """A new table with the same mode, kind, players and rules (made once: asking
        again returns it); the answer holds the asking seat's new link."""
        table = self.table(game_id)
        mine = table.seats_for(token if isinstance(token, str) else None)
        if not mine:
            raise ServiceError("this link cannot act in this game (watching only)",
                               "not_a_player")
        with table.lock:
            if not table.game.finished:
                raise ServiceError("the game is not over yet", "game_not_over")
            if table.rematch is None:
                players = [{"name": s.name, "computer": s.computer} if s.computer
                           else s.name for s in table.seats]
                body: dict[str, Any] = {"mode": table.mode, "kind": table.kind,
                                        "players": players, "rules": table.rules,
                                        "idle_seconds": table.idle_seconds}
                new, _ = self.create(body)
                table.rematch = new.id
                table.changed.notify_all()
        new_table = self.table(table.rematch)
        seat = min(mine)
        link = new_table.seats[seat].token
        return {"id": new_table.id, "url": f"/games/{new_table.id}#seat={link}"}

    # -- computer seats -------------------------------------------------------------------

    def _computer_to_move(self, table: Table) -> str | None:
        """The level of the computer seat to move, if a computer is to move."""
        if table.abandoned:
            return None
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
                time.sleep(self.computer_pace * helper.thinking(level))
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
            if self._computer_to_move(table) is not None:
                raise RuleError("no hints while a computer player is to move",
                                "computer_to_move")
            key = helper.table_key(table.rules)
            strategy = None if key is None else strategies.peek(table.mode, key)
            if key is not None and strategy is None:
                return {"ready": False, "failed": strategies.failure(table.mode, key),
                        "seq": table.seq, "player": table.game.current_seat}
            return {**helper.hint(table.game, strategy), "seq": table.seq,
                    "player": table.game.current_seat}

    def review(self, game_id: str) -> dict[str, Any]:
        """Every finished turn judged against optimal play: each decision, the best one, and
        the expected points lost (``regret``); ``ready: false`` while the strategy table is
        being prepared. Once a game is over, ``optimal`` sets each final score against a
        sample of optimal play's (:meth:`final_scores`)."""
        table = self.tick(game_id)
        helper = coach(table.mode)
        if helper is None:
            raise RuleError(f"{table.mode} games have no review", "no_hint")
        key = helper.table_key(table.rules)
        strategy = None if key is None else strategies.peek(table.mode, key)
        if key is not None and strategy is None:
            return {"ready": False, "failed": strategies.failure(table.mode, key)}
        with table.lock:
            game = games.restore(table.game.to_json(), rng=self.rng_factory(),
                                 clock=self.clock)
        turns = helper.review(game, strategy)
        regret = [0.0] * len(game.players)
        for turn in turns:
            regret[turn["seat"]] = round(regret[turn["seat"]] + turn["regret"], 2)
        answer = {"ready": True, "turns": turns, "regret": regret,
                  "players": list(game.players), "totals": game.totals()}
        finals = helper.finished_scores(game)
        if finals and key is not None:
            answer["optimal"] = self.final_scores(table.mode, key, finals, list(game.players))
        return answer

    def final_scores(self, mode: str, key: str, finals: list[dict[str, int]],
                     players: list[str]) -> dict[str, Any]:
        """Final scores (``seat``, ``game``, ``score``) against the sample of optimal play
        for the strategy ``key``: the sample's size, seed and mean, its histogram, and per
        score the percentage of optimal games it beat (``better_than``). ``ready: false``
        (never waiting) while the sample is being prepared in the background."""
        games = self.sample_games.get(mode)
        sample = strategies.peek_sample(mode, key, games)
        if sample is None:
            return {"ready": False, "failed": strategies.sample_failure(mode, key, games)}
        histogram = sample.histogram(include=[item["score"] for item in finals])
        return {"ready": True, "games": sample.games, "seed": sample.seed,
                "mean": round(sample.mean, 2), "histogram": histogram.to_json(),
                "scores": [{**item, "name": players[item["seat"]],
                            "better_than": round(sample.better_than(item["score"]), 1)}
                           for item in finals]}

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
                "status": ("finished" if table.game.finished
                           else "abandoned" if table.abandoned else "active"),
                "seats": [self._seat_view(table, s) for s in table.seats],
                "host": HOST_SEAT, "idle_seconds": table.idle_seconds,
                "idle_deadline": self._idle_deadline(table), "rematch": table.rematch,
                "server_time": self.clock()})
            return state

    @staticmethod
    def _seat_view(table: Table, seat: Seat) -> dict[str, Any]:
        missed, left = table.game.seat_status(seat.seat)
        present = bool(table.present.get(seat.seat))
        return {"seat": seat.seat, "name": seat.name, "computer": seat.computer,
                "present": present, "left": left,
                "away": seat.computer is None and not present and missed >= AWAY_AFTER}

    def _idle_deadline(self, table: Table) -> float | None:
        """When the seat to move loses its turn if nobody acts (None: never)."""
        if (table.idle_seconds is None or table.game.finished
                or table.game.deadline() is not None):
            return None
        return table.last_move_at + table.idle_seconds

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

    def wait(self, table: Table, since: int, timeout: float,
             watch_presence: bool = False) -> bool:
        """Block until the table moves past ``since`` or ``timeout`` seconds pass (with
        ``watch_presence``, also when a viewer comes or goes, or a rematch is made).

        A waiter only sleeps on the table's condition: the ticker (:meth:`tick_watched`)
        applies due timeouts and picks up other processes' moves, and wakes it. True when
        there is news.
        """
        end = time.monotonic() + timeout
        with table.lock:
            before = (dict(table.present), table.rematch)
            while table.seq == since:
                if watch_presence and (dict(table.present), table.rematch) != before:
                    return True
                left = end - time.monotonic()
                if left <= 0:
                    return False
                table.changed.wait(left)
            return True

    def tick_watched(self) -> int:
        """One beat of the ticker: for every loaded table that someone watches or whose
        turn can run out, pick up events another process stored (one store query for all)
        and apply due timeouts and skips, waking the table's watchers. How many tables
        moved."""
        self.sweep()
        with self._lock:
            tables = [t for t in self._tables.values() if not t.game.finished
                      and not t.abandoned and (t.viewers or t.idle_seconds is not None
                                               or t.game.deadline() is not None)]
        if not tables:
            return 0
        counts = self.store.event_counts([t.id for t in tables])
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
                except StaleGameError:
                    self._reload(table)
                except Exception:  # one broken table must not stop the beat
                    log.exception("ticking table %s", table.id)
                self._kick(table)
        return moved

    def sweep(self, every: float = 60.0) -> None:
        """At most once per ``every`` seconds: finish the tables nobody moved in for
        :attr:`abandon_seconds` as abandoned, and unload from memory those that nobody
        watches and nobody moved in for :attr:`unload_seconds` (they reload on demand)."""
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

    def _heard(self, game_id: str, seq: int) -> None:
        """A notice from the store: another process stored event ``seq - 1`` of a game."""
        with self._lock:
            table = self._tables.get(game_id)
        if table is None:
            return
        with table.lock:
            if seq != table.seq:
                try:
                    self._reload(table)
                except StoreError:
                    return  # the ticker tries again
                table.changed.notify_all()

    def run_ticker(self, interval: float = 1.0,
                   stop: threading.Event | None = None) -> threading.Thread:
        """Listen to the store's notices of other processes' moves (PostgreSQL: at once),
        and run :meth:`tick_watched` every ``interval`` seconds in a daemon thread."""
        halt = stop or threading.Event()
        self.store.subscribe(self._heard)

        def beat() -> None:
            while not halt.wait(interval):
                try:
                    self.tick_watched()
                except Exception:
                    log.exception("table ticker")

        thread = threading.Thread(target=beat, name="wordyahtzee-ticker", daemon=True)
        thread.start()
        return thread


def _lock_pair() -> tuple[threading.RLock, threading.Condition]:
    lock = threading.RLock()
    return lock, threading.Condition(lock)
