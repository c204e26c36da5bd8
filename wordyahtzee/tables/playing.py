"""Playing at a table: creating and loading tables, acting for a seat, and the one path
by which a move reaches the store.

Every action on a game runs under that game's lock: the in-memory game is checked against
the store's event count (another process may have written), the engine applies the action,
the new events are appended to the store in one transaction, and only then is the answer
sent and every waiting watcher woken. A request that names a stale ``seq`` gets a conflict;
a failed write reloads the game from the store, so memory never runs ahead of the disk.
"""

from __future__ import annotations

import datetime as dt
import logging
import random
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo

from .. import games
from ..advisor.coach import coach
from ..daily import DAY_ZONE, closes_at, parse_day, published
from ..errors import BadRequest, GameDamaged, RuleError, ServiceError, WordyahtzeeError
from ..lexicon.overlay import Overlay
from ..modes import DEFAULT_MODE, get_mode
from ..modes.contract import Game, Skip
from ..modes.seating import host_actions
from ..runtime import metrics
from ..store import Finish, Seat, StaleGameError, Store, StoredGame, StoreError
from .announcements import Announcements
from .table import (
    ABANDON_SECONDS,
    DEFAULT_IDLE_SECONDS,
    HOST_SEAT,
    JOIN_SECONDS,
    KINDS,
    UNLOAD_SECONDS,
    Table,
    parse_idle,
    parse_seats,
)

if TYPE_CHECKING:
    from ..lobby.profiles import Profiles
    from ..owned.service import Owned

log = logging.getLogger(__name__)

SHOWN_SECONDS = 0.25
"""How long a table's state, once made, serves every viewer woken by the same change."""


class Playing:
    """Creates and loads tables, plays a seat's action and writes it to the store; the
    other jobs of the table service (:mod:`.computers`, :mod:`.hosting`, :mod:`.coaching`,
    :mod:`.lifecycle`) build on this."""

    profiles: Profiles
    """Players' profiles, whose seats a table knows (:func:`~.service.compose`)."""
    owned: Owned
    """What players own: the own boxes a new table's rules may name."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time,
                 rng_factory: Callable[[], random.Random] = random.SystemRandom,
                 computer_pace: float = 0.8, abandon_seconds: float | None = ABANDON_SECONDS,
                 unload_seconds: float = UNLOAD_SECONDS,
                 sample_games: Mapping[str, int] | None = None,
                 overlay: Overlay | None = None) -> None:
        self.store = store
        # the moderators' word decisions the new moves are judged by (the ticker keeps
        # them equal to the store's); a replay never asks them
        self.overlay = overlay if overlay is not None else Overlay()
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
        self._damaged: dict[str, str] = {}  # game id -> why it does not replay
        self._lock = threading.Lock()
        self.closing = False  # the server is stopping (Lifecycle.close_streams)
        self._daily_secret: bytes | None = None
        self.announce = Announcements()
        """Who hears of a game that ended and of each sweep (:func:`~.service.wire`)."""

    def create(self, body: Mapping[str, Any], *,
               lobby: bool = False) -> tuple[Table, list[Seat]]:
        """A new table from ``{"mode", "kind", "players", "rules"}``; its seats with tokens
        (``lobby``: the rematch of a table the lobby started, :meth:`open_table`). Its rules
        may name an own box only while the store keeps it (:meth:`~wordyahtzee.owned.
        service.Owned.check_rules`)."""
        self.owned.check_rules(body.get("rules"))
        mode = body.get("mode", DEFAULT_MODE)
        kind = body.get("kind", "solo")
        if kind not in KINDS:
            raise BadRequest("kind must be one of: " + ", ".join(KINDS), "bad_kind")
        rules = games.parse_rules(mode, body.get("rules"), pad=kind == "pad")
        helper = coach(mode)
        entries = parse_seats(body.get("players"), kind, helper.levels if helper else ())
        pace = body.get("pace", "live")
        if pace != "live" and kind != "online":
            raise BadRequest("only an online table may be slow", "bad_option")
        idle = parse_idle(body.get("idle_seconds"), pace)
        options = {"pace": pace} if pace != "live" else {}
        return self.open_table(mode, kind, rules, entries, idle,
                               {**options, "lobby": True} if lobby else options)

    def open_table(self, mode: str, kind: str, rules: Mapping[str, Any],
                   entries: list[tuple[str, str | None]], idle: float | None = None,
                   options: Mapping[str, Any] | None = None) -> tuple[Table, list[Seat]]:
        """Store and start a new table of checked options: ``entries`` are the seats (a
        name, and a computer level or None); ``options``: ``daily`` (the day of a daily
        game, whose dice are the day's), ``pace`` (``slow``), ``rated``, ``lobby`` (the
        lobby seats a profile on every seat: each seat is its profile's alone)."""
        options = dict(options or {})
        daily = options.get("daily")
        if kind != "pad" and not games.dice_known(mode, rules):
            raise BadRequest("these dice take any box's letters: they only referee a score "
                             "pad (kind pad), whose throws people make", "pad_only_dice")
        game = games.new_game(mode, [n for n, _ in entries], rules, rng=self.dice_for(daily),
                              clock=self.clock, overlay=self.overlay)
        game_id = secrets.token_hex(6)
        shared = secrets.token_urlsafe(18)
        seats = [Seat(i, name, "", level) if level is not None
                 else Seat(i, name, secrets.token_urlsafe(18) if kind == "online" else shared)
                 for i, (name, level) in enumerate(entries)]
        if kind == "online" and idle is None:
            idle = game.turn_limit() or DEFAULT_IDLE_SECONDS
        setup = game.to_json()
        setup.pop("events", None)
        setup["table"] = {"idle_seconds": idle, "rules": dict(rules), **options}
        self.store.create_game(game_id, mode, kind, setup, seats)
        now = self.clock()
        table = self._add(Table(game_id, kind, mode, dict(rules), seats, game, 0,
                                idle_seconds=idle, last_move_at=now, loaded_at=now,
                                opened_at=now, clock_from=now, empty_since=now, daily=daily,
                                pace=str(options.get("pace", "live")),
                                rated=bool(options.get("rated")),
                                lobby=bool(options.get("lobby") or options.get("rated"))))
        with table.lock:
            self._commit(table)  # events the new game began with (Kaartspel's throw-off)
        self._kick(table)
        return table, seats

    def dice_for(self, day: str | None) -> random.Random:
        """The dice of a table: the day's fair dice for a daily game (``day``), else a fresh
        RNG of the service's."""
        if day is None:
            return self.rng_factory()
        from ..daily import day_seed
        from ..dice import FairDice

        return FairDice(day_seed(self.daily_secret(), parse_day(day)))

    def daily_secret(self) -> bytes:
        """The server secret the days' seeds are made from (the store's, made once)."""
        if self._daily_secret is None:
            self._daily_secret = self.store.secret("daily")
        return self._daily_secret

    def _add(self, table: Table) -> Table:
        with self._lock:
            return self._tables.setdefault(table.id, table)

    def table(self, game_id: str) -> Table:
        """The live table (loaded from the store on first use: this is how games resume)."""
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 64 or not (
                game_id.isprintable()):  # a NUL: no id, and no value PostgreSQL takes
            raise ServiceError("no such game", "not_found")
        with self._lock:
            table = self._tables.get(game_id)
            damaged = self._damaged.get(game_id)
        if table is not None:
            return table
        if damaged is not None:
            raise _damaged_error()
        try:
            stored = self.store.load_game(game_id)
        except StoreError as exc:
            if exc.code != "not_found":
                raise  # the database is down, say: 503, not a missing game
            raise ServiceError(f"no game {game_id!r}", "not_found") from None
        except (ValueError, TypeError, KeyError) as exc:  # a row that is no game
            raise self._quarantine(game_id, games.damage_reason(exc)) from None
        game = self._replay(stored)
        options = stored.setup.get("table") or {}
        now = self.clock()
        pace = str(options.get("pace", "live"))
        table = self._add(Table(stored.id, stored.kind, stored.mode,
                                dict(options.get("rules") or stored.setup.get("rules") or {}),
                                stored.seats, game, len(stored.events),
                                idle_seconds=options.get("idle_seconds"),
                                last_move_at=now, loaded_at=now, opened_at=stored.created_at,
                                # a slow table's day runs from its last move, whenever this
                                # process loads it; a live table's turn gets its time anew
                                clock_from=(min(stored.updated_at, now) if pace == "slow"
                                            else now),
                                empty_since=now,
                                # long made: who came to it then, no process remembers
                                wait_over_at=(stored.created_at if now >= stored.created_at
                                              + JOIN_SECONDS else None),
                                abandoned=stored.status == "abandoned",
                                daily=options.get("daily"), pace=pace,
                                rated=bool(options.get("rated")),
                                lobby=bool(options.get("lobby") or options.get("rated")),
                                profiles=self.store.seat_profiles(stored.id),
                                aided=self.store.aided_seats(stored.id)))
        with table.lock:  # the events are the truth of who plays a seat (the row follows)
            table.follow_seats(stored.events)
        self._kick(table)  # a computer may have been in the middle of its turn
        return table

    def _replay(self, stored: StoredGame) -> Game:
        """A stored game replayed, its new moves judged by this service's dictionaries'
        overlay; one that does not replay is put aside (:meth:`_quarantine`) and raises
        ``game_damaged``. Recorded judgments the replay computed otherwise are logged and
        counted: the record stands."""
        try:
            options = stored.setup.get("table") or {}
            game = games.replay_stored(stored.to_json(), rng=self.dice_for(options.get("daily")),
                                       clock=self.clock, overlay=self.overlay)
        except GameDamaged as exc:
            raise self._quarantine(stored.id, exc.message) from None
        except (AttributeError, TypeError, ValueError) as exc:  # a setup that is no object
            raise self._quarantine(stored.id, games.damage_reason(exc)) from None
        if game.disputes:
            metrics.REPLAY_DISPUTES.labels(mode=stored.mode).inc(len(game.disputes))
            first = game.disputes[0]
            log.warning("game %s replays with %d recorded judgment(s) its rules now compute "
                        "otherwise; the records stand (first: event %d recorded %r, "
                        "computed %r)", stored.id, len(game.disputes), first.event,
                        first.recorded, first.computed)
        return game

    def _quarantine(self, game_id: str, reason: str) -> ServiceError:
        """Put aside a game that does not replay: logged once with its id and reason,
        counted, kept out of memory and of play (its players get ``game_damaged``) until
        the process restarts; every other game plays on. The error to raise."""
        with self._lock:
            known = game_id in self._damaged
            self._damaged[game_id] = reason
            self._tables.pop(game_id, None)
            count = len(self._damaged)
        if not known:
            log.error("game %s does not replay and is kept out of play: %s", game_id, reason)
            metrics.GAMES_DAMAGED.set(count)
        return _damaged_error()

    def damaged_games(self) -> dict[str, str]:
        """The games this process put aside as not replaying, with why."""
        with self._lock:
            return dict(self._damaged)

    def _sync(self, table: Table, seen: int | None = None) -> None:
        """Catch up with another writer, if one got there first (call under the lock): one
        read of the events after ours (none, the usual case, when nobody else wrote), or
        none at all when ``seen``, the count the browser has seen, was announced with its
        events already."""
        self._reload(table, seen)

    def _reload(self, table: Table, heard: int | None = None) -> None:
        """Apply the events another process stored since ``table.seq`` (the usual case: a
        move or two, read in one query, or none when ``heard``, the count a notice just
        announced, came with the events), or replay the whole game from the store when
        memory holds events the store refused, or the catching up fails."""
        if len(table.game.events) == table.seq:  # nothing uncommitted in memory
            newer = self.store.events_since(table.id, table.seq, heard)
            try:
                for event in newer:
                    table.game.apply(event)
                    table.settle_excuses()  # a turn at a time: none played goes unseen
                table.seq += len(newer)
                table.follow_seats(newer)  # another process seated or unseated a computer
                if newer:
                    self._moved(table)
                return
            except Exception:
                pass
        try:
            stored = self.store.load_game(table.id)
        except (ValueError, TypeError, KeyError) as exc:  # a row that is no game
            raise self._quarantine(table.id, games.damage_reason(exc)) from None
        moved = len(stored.events) != table.seq
        table.game = self._replay(stored)
        table.seq = len(stored.events)
        table.seats = list(stored.seats)
        table.follow_seats(stored.events)
        table.settle_excuses()
        if moved:
            self._moved(table)

    def _moved(self, table: Table) -> None:
        """The game of ``table`` has moved (here or in another process): the idle clock of
        the seat to move starts now."""
        table.last_move_at = table.clock_from = self.clock()

    def _commit(self, table: Table) -> None:
        """Store the events the engine added since ``table.seq`` (call under the lock)."""
        game = table.game
        events = game.events[table.seq:]
        if not events:
            return
        finish = Finish(game.result(), game.to_record()) if game.finished else None
        # a high-score entry for every game these events ended, per seat a person saw
        # through to its end (Table.counts)
        scores = [(seat.name, totals[seat.seat])
                  for totals in game.finished_games(table.seq)
                  for seat in table.seats if table.counts(seat.seat)]
        try:
            self.store.append_events(table.id, table.seq, events, finish, scores)
        except BaseException as exc:
            if isinstance(exc, StaleGameError):
                metrics.STORE_ERRORS.labels(kind="stale").inc()
            self._reload(table)
            raise
        metrics.ACTIONS.labels(mode=table.mode).inc()
        table.seq += len(events)  # the append announced it: other processes' streams wake
        table.follow_seats(events)
        table.settle_excuses()
        self._moved(table)
        table.changed.notify_all()
        if finish is not None:
            self.announce.finished(table)

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
        """Why the seat to move loses its turn now, if it does: it left, or, while the
        table's clock runs (an online table neither paused nor waiting for its players),
        it is away (missed turns in a row since its player came, and nobody at its seat)
        or nobody acted within the idle limit."""
        seat = table.game.current_seat
        if seat is None or table.seats[seat].computer is not None:
            return None
        if table.game.seat_status(seat)[1]:
            return "left"
        if table.kind != "online":
            return None  # solo, hot-seat, a score pad: the one device decides
        now = self.clock()
        if table.clock_start(now) is None:
            return None  # paused, or the players are still coming: no clock runs
        if table.away(seat):
            return "absent"
        deadline = table.idle_deadline(now)
        if deadline is not None and now > deadline:
            return "absent"
        return None

    def seen_by(self, game_id: str, token: Any = None, secret: Any = None, *,
                fresh: bool = True) -> Table:
        """The table ``game_id`` for a viewer who holds ``token`` (a seat's) and ``secret``
        (a profile's), once :meth:`may_see` lets them: the one check every read and every
        action of a table passes first. Anyone else gets 403 ``daily_hidden`` and nothing
        of the game. ``fresh``: catch up with the store and apply a due timeout first
        (:meth:`tick`)."""
        table = self.table(game_id)
        if not self.may_see(table, token, secret):
            day = parse_day(table.daily)
            ends = dt.datetime.fromtimestamp(closes_at(day), ZoneInfo(DAY_ZONE))
            raise ServiceError(
                f"the daily game of {day.isoformat()} is shown only to its player until the "
                f"day is over ({ends:%H:%M} on {ends:%Y-%m-%d}, {DAY_ZONE}); then anyone "
                "with its link may watch it", "daily_hidden")
        return self.tick(game_id) if fresh else table

    def may_see(self, table: Table, token: Any = None, secret: Any = None) -> bool:
        """Whether a viewer may see ``table`` (its state, stream, record, review …): any
        table, except a daily game before its day is over (its dice are everyone's that
        day), which only its player sees: the seat's token, or a browser of the profile
        that holds the seat."""
        if table.daily is None or table.seats_for(token) or self.day_over(table.daily):
            return True
        return bool(secret) and self._holds_seat(table, secret)

    def _holds_seat(self, table: Table, secret: Any) -> bool:
        """Whether the profile of ``secret`` holds a seat at ``table``."""
        return bool(self.profile_seats(table, secret))

    def profile_seats(self, table: Table, secret: Any) -> set[int]:
        """The seats of ``table`` the profile of ``secret`` holds (asking the store again
        when memory knows no seat of it: another process may have given it one): whose they
        are, not who has a link."""
        profile = self.profiles.find_profile(secret)
        if profile is None:
            return set()
        if profile["id"] not in table.profiles.values():
            table.profiles.update(self.store.seat_profiles(table.id))
        return {seat for seat, held in list(table.profiles.items()) if held == profile["id"]}

    def seats_of(self, table: Table, token: Any, secret: Any = None, *,
                 owned: bool = False) -> set[int]:
        """The seats ``token`` acts for when the browser of ``secret`` (a profile's) sends
        it; ``owned``: those it holds, a seat a computer plays now included. The one check
        of who may act for a seat: a table the lobby started (:attr:`Table.lobby`) seats a
        profile on every seat, and there a token acts only with the secret of the profile
        that holds its seat, so a link that travelled to anyone else plays nothing."""
        seats = table.owned_by(token) if owned else table.seats_for(token)
        if seats and table.lobby:
            seats &= self.profile_seats(table, secret)
        return seats

    def player_seats(self, table: Table, token: Any, secret: Any = None, *,
                     owned: bool = False) -> set[int]:
        """:meth:`seats_of`, or 403: ``not_a_player`` for a token that holds no seat,
        ``not_your_seat`` for a seat's token sent by a browser without the seat's profile."""
        seats = self.seats_of(table, token, secret, owned=owned)
        if seats:
            return seats
        if table.owned_by(token) if owned else table.seats_for(token):
            raise ServiceError("this seat belongs to the profile the lobby gave it to: only "
                               "that profile's browser plays it", "not_your_seat")
        raise ServiceError("this link cannot act in this game (watching only)",
                           "not_a_player")

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

    def act(self, game_id: str, token: Any, action: str, body: Mapping[str, Any],
            secret: Any = None) -> dict[str, Any]:
        """Perform an action (``throw``, ``claim`` …) for the seat whose token this is
        (``secret``: the profile of the browser that asks)."""
        table = self.seen_by(game_id, token, secret, fresh=False)
        seq = body.get("seq")
        if seq is not None and (type(seq) is not int or seq < 0):
            raise BadRequest("seq must be the number of events the browser has seen")
        with table.lock:
            if seq is None or seq != table.seq:  # else optimistic: the append refuses a
                self._sync(table, seq)           # stale seq itself
            if self._expire(table):
                raise ServiceError("the time ran out: the turn scored 0", "time_up",
                                   conflict=True, extra={"state": self.state(table)})
            game = table.game
            if table.daily is not None and self.day_over(table.daily):
                raise ServiceError("the day of this daily game is over", "daily_closed",
                                   conflict=True, extra={"state": self.state(table)})
            if game.finished or table.abandoned:
                raise ServiceError("the game is over", "game_over", conflict=True,
                                   extra={"state": self.state(table)})
            if seq is not None and seq != table.seq:
                raise ServiceError(f"the game has moved on (event {table.seq}, not {seq}); "
                                   "here is the current state", "stale",
                                   extra={"state": self.state(table)})
            seats = self.player_seats(table, token, secret)
            self._came(table, seats)
            if game.current_seat not in seats:
                raise ServiceError("it is not your turn", "not_your_turn")
            try:
                outcome = game.act(_checked(table, game.parse_action(action, body)))
            except WordyahtzeeError:
                if len(game.events) != table.seq:  # refused half-way: back to the store's
                    self._reload(table)
                raise
            self._commit(table)
            self._expire(table)  # the next seat may be away or gone: skip it at once
            self._kick(table)
            return {**outcome.summary, "state": self._show(table, time.monotonic())}

    def _came(self, table: Table, seats: set[int]) -> None:
        """The player of ``seats`` is at the table (call under the lock): the first time,
        the table notes it (:meth:`~.table.Table.arrive`) and its viewers are woken."""
        now = self.clock()
        if table.arrive(seats, now):
            table.mark_clock(now)
            table.changed.notify_all()

    def came(self, table: Table, seats: set[int]) -> None:
        """The player of ``seats`` read the table with the seat's token: they have come."""
        with table.lock:
            self._came(table, seats)

    def day_over(self, day: str) -> bool:
        """Whether the daily game of ``day`` is over for everyone (its day is published)."""
        return published(parse_day(day), self.clock())

    def shown_state(self, table: Table) -> dict[str, Any]:
        """The table's state as its viewers are shown it: made at most once per change and
        per :data:`SHOWN_SECONDS` however many watch (a viewer may get a state that old),
        and shared with the move that made the change: a move's answer holds the state its
        table's streams then send, made once. Read only: whoever adds to it copies it."""
        now = time.monotonic()
        with table.lock:
            memo = table.shown
            if (memo is not None and now - memo[1] < SHOWN_SECONDS
                    and memo[0] == (table.seq, table.abandoned, table.surroundings())):
                state: dict[str, Any] = memo[2]
                return state
            return self._show(table, now)

    def _show(self, table: Table, now: float) -> dict[str, Any]:
        """A new :meth:`state`, kept as the one :meth:`shown_state` shows (call under the
        lock)."""
        state = self.state(table)
        table.shown = ((table.seq, table.abandoned, table.surroundings()), now, state)
        return state

    def state(self, table: Table) -> dict[str, Any]:
        """The table's public state: the game's view plus id, kind, status, seats (with what
        the host may do to each and last did), ``seq`` and ``to_move``, the seat to move in
        every mode (None once the game is over)."""
        with table.lock:
            if table.game.finished and table.rematch is None:  # made by another process?
                table.rematch = self.store.rematch_of(table.id)
            view = get_mode(table.mode).view(table.game)
            now, levels = self.clock(), self.computer_levels(table)
            done = host_actions(table.game.events)
            return {
                **view, "id": table.id, "kind": table.kind, "seq": table.seq,
                "status": table.status, "to_move": table.to_move(),
                "seats": [table.seat_view(s, now, levels, done.get(s.seat))
                          for s in table.seats],
                "host": HOST_SEAT, "rated": table.rated, "idle_seconds": table.idle_seconds,
                "daily": table.daily,
                "daily_closes_at": (None if table.daily is None
                                    else closes_at(parse_day(table.daily))),
                "pace": table.pace, "reactions": self.recent_reactions(table),
                "idle_deadline": table.idle_deadline(now), "paused": table.paused(),
                "waiting_for": table.waiting_for(now),
                "wait_until": (table.opened_at + JOIN_SECONDS
                               if table.waiting_for(now) else None),
                "rematch": table.rematch, "server_time": now}

    @staticmethod
    def computer_levels(table: Table) -> tuple[str, ...]:
        """The computer levels that may take a seat of ``table``: its mode's (none at a
        score pad, which records real dice)."""
        helper = coach(table.mode)
        return helper.levels if helper is not None and table.kind != "pad" else ()

    def current_state(self, game_id: str) -> dict[str, Any]:
        """The state after applying any due timeout."""
        return self.state(self.tick(game_id))

    def record(self, game_id: str, token: Any = None, secret: Any = None) -> dict[str, Any]:
        """The game record of the turns played so far, and the result once finished (for a
        viewer :meth:`seen_by` admits)."""
        table = self.seen_by(game_id, token, secret)
        with table.lock:
            game = table.game
            return {"record": game.to_record(),
                    "result": game.result() if game.finished else None}

    def preview(self, game_id: str, body: Mapping[str, Any], token: Any = None,
                secret: Any = None) -> dict[str, Any]:
        """What a move would give now (the words typed so far …), without playing it (for
        a viewer :meth:`seen_by` admits)."""
        table = self.seen_by(game_id, token, secret)
        with table.lock:
            return {**get_mode(table.mode).preview(table.game, body), "seq": table.seq}

    def recent_reactions(self, table: Table) -> list[dict[str, Any]]:
        """The quick reactions a state shows (:class:`~.reacting.Reacting`)."""
        return []

    def pick_up_reactions(self, tables: list[Table]) -> None:
        """Reactions stored by other processes (:class:`~.reacting.Reacting`)."""

    def _kick(self, table: Table) -> None:
        """Start the computer seats' worker if a computer is to move
        (:class:`~.computers.ComputerSeats` does; a table without computers needs none)."""


def _damaged_error() -> ServiceError:
    """What a player of a game put aside as not replaying is told (the reason is for the
    operators: their log and ``wordyahtzee games verify``)."""
    return ServiceError("this game cannot be loaded: one of its stored moves does not "
                        "replay. Nothing else is affected; the site's operators can see "
                        "why", "game_damaged", conflict=True)


def _checked(table: Table, action: Any) -> Any:
    """``action`` if the table's kind allows it: a score pad's throws give the faces the
    real dice show, and only a score pad's do (elsewhere the server throws); only a score
    pad notes a box without its throw. A player's own skip passes the turn (reason
    ``absent``): nobody but the table writes the host's skip or a leaver's."""
    real = getattr(action, "faces", None) is not None
    if action.name == "skip" and action.reason != "absent":  # those are the table's to write
        raise BadRequest("a player passes a turn as absent; a skip by the host or for a "
                         "seat that left is the table's", "bad_request")
    if action.name == "note" and table.kind != "pad":
        raise BadRequest("only a score pad notes a box without its throw; here the "
                         "server throws", "not_a_pad")
    if real and table.kind != "pad":
        raise BadRequest("only a score pad table takes the faces of real dice; here the "
                         "server throws", "not_a_pad")
    if table.kind == "pad" and not real and action.name in ("throw", "roll"):
        raise BadRequest("a score pad records real dice: give the faces they show "
                         '({"faces": ...})', "faces_needed")
    return action
