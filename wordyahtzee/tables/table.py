"""One live table: its game, seats, lock and presence, and the checks of a new table's
options (kind, seats, idle limit)."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..errors import BadRequest, ServiceError, WordyahtzeeError
from ..modes.contract import MAX_NAME, Game, check_players, typed_name
from ..store import Seat

KINDS = ("solo", "hotseat", "online", "pad")
"""Kinds of table: one player; players taking turns at one device; each player at their own
device; a score pad (players at one device entering what their real dice show: no computer
seats, and every throw gives its faces)."""
MAX_PLAYERS = 8
HOST_SEAT = 0
"""The seat of whoever made the table: its token may skip, remove or hand over the seats
of absent players at an unrated table (:meth:`Table.host_refusal`)."""
HOST_ACTIONS = ("skip", "remove", "computer")
"""What the host may do to another seat: skip its turn, remove it, hand it to a computer."""
ABSENT_SECONDS = 60.0
"""How long a seat must have had no page of its player open at the table (no live event
stream) before the host may act on it. A page's stream reconnects within seconds (every
stream ends after ``SSE_SECONDS`` and the browser opens the next at once), so a reload, a
dropped connection or a stream's turnover never makes a seat absent."""
DEFAULT_IDLE_SECONDS = 120.0
"""How long an online table waits for a seat to act before it skips the turn, when the
rules have no turn time of their own (classic Yahtzee)."""
ABANDON_SECONDS = 7 * 24 * 3600.0
"""A table without a move for this long is finished as abandoned (the default)."""
UNLOAD_SECONDS = 600.0
"""A table nobody watches or moved in for this long leaves memory (it reloads on demand)."""
REACTIONS = {"like": "👍", "clap": "👏", "wow": "😮", "oops": "😅", "luck": "🍀",
             "hurry": "⏳"}
"""The quick reactions a seat at an online table may send: fixed, no free text."""
REACTION_SECONDS = 8.0
"""How long a reaction shows in the table's state."""
REACTION_GAP = 2.0
"""The least time between two reactions of one seat."""
AWAY_AFTER = 2
"""Missed turns in a row after which a seat is *away*: its turns are skipped at once while
its player is not at the table. Turns it missed before its player first came to the table
do not count (:attr:`Table.excused`)."""
JOIN_SECONDS = 15 * 60.0
"""How long an online table waits for its players to come (each opens the table, or moves)
before its turn clock runs without them. Until every player has come, or this long after
the table was made, no turn is skipped for idleness: the clock of the seat to move starts
when the last player arrives."""


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
    idle_seconds: float | None = None
    last_move_at: float = 0.0
    present: dict[int, int] = field(default_factory=dict)  # seat -> open live streams
    viewers: int = 0  # open live streams, with or without a seat
    loaded_at: float = 0.0  # when this process made or loaded the table (clock time)
    opened_at: float = 0.0  # when the table was made (clock time)
    # since when the idle time of the seat to move counts: its turn's start, moved on by
    # the time the table stood paused since (:meth:`resume`)
    clock_from: float = 0.0
    # since when no player of the table has had a page open (this process); None: one has
    empty_since: float | None = None
    # seat -> when its player first came to the table (a page, a read or a move with the
    # seat's token; this process)
    joined: dict[int, float] = field(default_factory=dict)
    # seat -> the turns in a row it had missed when its player first came: they do not
    # make it *away* (forgotten once it plays a turn)
    excused: dict[int, int] = field(default_factory=dict)
    # when the wait for the players ended (:meth:`wait_end`); None: still waiting
    wait_over_at: float | None = None
    clock_marks: tuple[Any, ...] = ()  # the table clock's state viewers were last woken for
    # seat -> since when no live stream has been open at it (absent: since loaded_at)
    absent_since: dict[int, float] = field(default_factory=dict)
    absent_marks: frozenset[int] = frozenset()  # the seats absent long enough, last seen
    rematch: str | None = None
    abandoned: bool = False
    daily: str | None = None  # the day (YYYY-MM-DD) of a daily game
    pace: str = "live"  # an online table's pace: "live", or "slow" (turns a day apart)
    rated: bool = False  # its result changes the players' ratings
    # the lobby gave its seats, each to a profile: a seat acts only with its profile's
    # secret, and no player is shown another's link (a rated table is always one)
    lobby: bool = False
    profiles: dict[int, str] = field(default_factory=dict)  # seat -> the profile holding it
    aided: set[int] = field(default_factory=set)  # the seats that used a Tip
    reactions: list[dict[str, Any]] = field(default_factory=list)  # recent quick reactions
    # the state last shown (marks, when, state), shared by a move's answer and the streams
    shown: Any = field(default=None, repr=False)
    rendered: Any = field(default=None, repr=False)  # the streams' last rendering (web)
    worker: threading.Thread | None = field(default=None, repr=False)
    lock: threading.RLock = field(init=False, repr=False)
    changed: threading.Condition = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)

    def surroundings(self) -> tuple[Any, ...]:
        """What a viewer sees change besides the game: who is at the table (and who has
        been away long enough for the host to act), the rematch, the quick reactions and
        whether the table's clock runs (compared to know when to send a new state)."""
        return (tuple(sorted(self.present.items())), self.absent_marks, self.rematch,
                tuple((r["seat"], r["at"]) for r in self.reactions), self.clock_marks)

    def owned_by(self, token: Any) -> set[int]:
        """The seats a token holds, those a computer plays now included (their player
        may take them back); anything but a string holds none."""
        if not token or not isinstance(token, str):
            return set()
        try:
            given = token.encode("ascii")
        except UnicodeEncodeError:
            return set()
        return {s.seat for s in self.seats
                if s.token and secrets.compare_digest(s.token.encode("ascii"), given)}

    def seats_for(self, token: Any) -> set[int]:
        """The seats a token acts for (hot-seat: one token holds every human seat; a seat
        a computer plays acts for no token)."""
        return {seat for seat in self.owned_by(token) if self.seats[seat].computer is None}

    def follow_seats(self, events: Iterable[Mapping[str, Any]]) -> None:
        """Seat or unseat the computers these (stored) events say: a ``computer`` event
        seats one of its level, a ``return`` gives the seat back to its player."""
        for event in events:
            kind, seat = event.get("type"), event.get("seat")
            if kind not in ("computer", "return") or type(seat) is not int:
                continue
            level = event.get("level") if kind == "computer" else None
            if 0 <= seat < len(self.seats) and self.seats[seat].computer != level:
                self.seats[seat] = replace(self.seats[seat], computer=level)

    def absent_for(self, seat: int, now: float) -> float | None:
        """How long no page of the seat's player has been open at the table (seconds);
        None while one is."""
        if self.present.get(seat):
            return None
        return max(0.0, now - self.absent_since.get(seat, self.loaded_at))

    def mark_absent(self, now: float) -> bool:
        """Note the human seats absent for :data:`ABSENT_SECONDS` or more now; True when
        they changed (the host's controls under them change: the viewers need a state)."""
        marks = frozenset(
            s.seat for s in self.seats if s.computer is None
            and (self.absent_for(s.seat, now) or 0.0) >= ABSENT_SECONDS)
        changed = marks != self.absent_marks
        self.absent_marks = marks
        return changed

    # -- the table's clock: waiting for the players, paused, running ----------------------

    def pausable(self) -> bool:
        """Whether the table pauses when none of its players is there: a live online table
        (a slow one is played by players who come and go: its day runs regardless)."""
        return self.kind == "online" and self.pace == "live"

    def paused(self) -> bool:
        """A live online table at which no player has a page open: its turn clock stands
        still and nobody's turn is skipped (the hourglass of a turn already begun still
        runs out: that is the game's rule). It resumes when a player comes back."""
        return (self.pausable() and self.status == "active"
                and not any(self.present.values()))

    def waiting_for(self, now: float) -> list[int]:
        """The seats whose players the online table still waits for: human seats that
        have not left and whose player has not come yet, until :data:`JOIN_SECONDS` after
        the table was made; [] once every player came or the wait is over."""
        if self.kind != "online" or self.status != "active" or self.wait_end(now) is not None:
            return []
        return [seat for seat in self.players() if seat not in self.joined]

    def wait_end(self, now: float) -> float | None:
        """When the wait for the players ended: the last one's arrival, or
        :data:`JOIN_SECONDS` after the table was made (None: still waiting). A table
        loaded after its wait had long ended says so from the start
        (:attr:`wait_over_at`: who came then, this process never saw)."""
        if self.wait_over_at is None:
            late = self.opened_at + JOIN_SECONDS
            players = self.players()
            if all(seat in self.joined for seat in players):
                self.wait_over_at = min(late, max([self.opened_at,
                                                   *(self.joined[s] for s in players)]))
            elif now >= late:
                self.wait_over_at = late
        return self.wait_over_at

    def players(self) -> list[int]:
        """The seats a person plays now: no computer plays them and they have not left."""
        return [s.seat for s in self.seats
                if s.computer is None and not self.game.seat_status(s.seat)[1]]

    def clock_start(self, now: float) -> float | None:
        """Since when the idle time of the seat to move counts: its turn's start (moved on
        by any pause), and no earlier than the last player's arrival (or the end of the
        wait for the players); None while the clock stands still (paused, or waiting)."""
        end = self.wait_end(now)
        if self.paused() or end is None:
            return None
        return max(self.clock_from, end)

    def arrive(self, seats: Iterable[int], now: float) -> bool:
        """The player of ``seats`` came to the table (a page, a read or a move with the
        seat's token): the first time, note when, and excuse the turns the seat had missed
        in a row until then (they do not make it *away*). True when a seat came for the
        first time."""
        new = False
        for seat in seats:
            if seat in self.joined or not 0 <= seat < len(self.seats):
                continue
            self.joined[seat] = now
            missed = self.game.seat_status(seat)[0]
            if missed:
                self.excused[seat] = missed
            new = True
        return new

    def resume(self, now: float) -> None:
        """A player's page has opened at a table none had open: the clock goes on where
        it stood (a live table's turn clock did not run while nobody was there)."""
        if self.empty_since is not None and self.pausable():
            stood = now - max(self.empty_since, self.clock_from)
            self.clock_from += max(0.0, stood)
        self.empty_since = None

    def settle_excuses(self) -> None:
        """Forget the excuse of a seat that has played a turn since its player came (its
        missed turns in a row are fewer than those excused): call after every turn."""
        for seat, excused in list(self.excused.items()):
            if self.game.seat_status(seat)[0] < excused:
                del self.excused[seat]

    def away(self, seat: int) -> bool:
        """Whether a seat is *away*: a human seat whose player is not at the table and that
        has missed :data:`AWAY_AFTER` turns in a row since its player first came."""
        if self.seats[seat].computer is not None or self.present.get(seat):
            return False
        missed = self.game.seat_status(seat)[0]
        return missed - self.excused.get(seat, 0) >= AWAY_AFTER

    def counts(self, seat: int) -> bool:
        """Whether the seat's total of a game that ends now enters the high scores (and
        the wins): a person plays it, who saw the game through. At an online table a seat
        that left, or whose last :data:`AWAY_AFTER` turns were skipped (the game ran out
        without them: away at its end, turns missed before its player came included),
        does not (at one device, a skip is the device's own choice); computers never do.
        An abandoned game never ends, so never enters."""
        if self.seats[seat].computer is not None:
            return False
        missed, left = self.game.seat_status(seat)
        return self.kind != "online" or (not left and missed < AWAY_AFTER)

    def mark_clock(self, now: float) -> bool:
        """Note whether the clock runs (paused, or the players still waited for); True when
        that changed (the viewers need a state: the countdown appears or goes)."""
        marks = (self.paused(), tuple(self.waiting_for(now)))
        changed = marks != self.clock_marks
        self.clock_marks = marks
        return changed

    def host_refusal(self, seat: int, action: str, now: float,
                     levels: tuple[str, ...]) -> WordyahtzeeError | None:
        """Why the host may not ``action`` (one of :data:`HOST_ACTIONS`) the seat ``seat``
        now, or None when it may; ``levels``: the computer levels this table may seat.

        The one place of the rule. A rated game's seats belong to their players: only the
        absence rules (the idle limit, the slow table's day, *away*) skip their turns. At
        an unrated table the host acts only on a player who is not at the table: no page
        of theirs open for :data:`ABSENT_SECONDS`; never on their own seat, nor on a
        computer's (a seat handed to a computer is its player's to take back). A table of
        one device for every player (solo, hot-seat, a score pad: one link holds every
        seat) is the device's to manage, the first seat's turn included."""
        target = self.seats[seat]
        shared = self.kind != "online"
        if self.status != "active":
            return ServiceError("the game is over", "game_over", conflict=True)
        if self.rated:
            return ServiceError("the seats of a rated game belong to their players: only "
                                "the absence rules skip their turns", "rated_seat")
        if seat == HOST_SEAT and not (shared and action == "skip"):
            return BadRequest("the host plays their own seat", "bad_request")
        if target.computer is not None:
            return ServiceError(f"a computer plays {target.name}'s seat", "computer_seat")
        away = self.absent_for(seat, now)
        if not shared and (away is None or away < ABSENT_SECONDS):
            return ServiceError(f"{target.name} is at the table (or was, less than "
                                f"{ABSENT_SECONDS:.0f} s ago)", "seat_present")
        if action == "skip" and self.game.current_seat != seat:
            return ServiceError(f"it is not {target.name}'s turn", "not_their_turn")
        if action == "remove" and self.game.seat_status(seat)[1]:
            return ServiceError(f"{target.name} has left the table already", "seat_left")
        if action == "computer" and not levels:
            return ServiceError(f"{self.mode} has no computer players here", "no_computer")
        if action not in HOST_ACTIONS:
            return ServiceError(f"no seat action {action!r}", "not_found")
        return None

    @property
    def status(self) -> str:
        """``active``, ``finished`` or ``abandoned``."""
        return ("finished" if self.game.finished
                else "abandoned" if self.abandoned else "active")

    def to_move(self) -> int | None:
        """The seat to move (None when the game is over or abandoned)."""
        return None if self.status != "active" else self.game.current_seat

    def computer_to_move(self) -> str | None:
        """The level of the computer seat to move, if a computer is to move."""
        seat = self.to_move()
        return None if seat is None else self.seats[seat].computer

    def idle_deadline(self, now: float) -> float | None:
        """When the seat to move loses its turn if nobody acts (None: never, or not while
        the clock stands still: paused, or waiting for the players)."""
        if (self.idle_seconds is None or self.status != "active"
                or self.game.deadline() is not None):
            return None
        start = self.clock_start(now)
        return None if start is None else start + self.idle_seconds

    def seat_view(self, seat: Seat, now: float, levels: tuple[str, ...],
                  done: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A seat as the table's state shows it: who, whether they are at the table, have
        left or are away, what the host may do to it now (``host_controls``), and the last
        thing the host did to it (``done``, from the events: ``host_action``, with the
        host's name)."""
        left = self.game.seat_status(seat.seat)[1]
        present = bool(self.present.get(seat.seat))
        action = None
        if done is not None:
            action = {**done, "host": self.seats[done["by"]].name}
        return {"seat": seat.seat, "name": seat.name, "computer": seat.computer,
                "present": present, "left": left,
                "away": self.away(seat.seat), "came": seat.seat in self.joined,
                "host_controls": [a for a in HOST_ACTIONS
                                  if self.host_refusal(seat.seat, a, now, levels) is None],
                "host_action": action}


PACES = ("live", "slow")
"""How fast an online table plays: live (a turn waits :data:`DEFAULT_IDLE_SECONDS`, or the
hourglass) or slow (a turn waits :data:`SLOW_IDLE_SECONDS`, or a chosen limit up to
:data:`SLOW_MOST_SECONDS`)."""
SLOW_IDLE_SECONDS = 86400.0
SLOW_MOST_SECONDS = 7 * 86400.0


def parse_idle(value: Any, pace: str = "live") -> float | None:
    """The ``idle_seconds`` table option: a number of seconds (10 to a day; a slow table:
    an hour to a week, a day when not given), or None."""
    if pace not in PACES:
        raise BadRequest("pace is live or slow", "bad_option")
    least, most = (3600.0, SLOW_MOST_SECONDS) if pace == "slow" else (10.0, 86400.0)
    if value is None:
        return SLOW_IDLE_SECONDS if pace == "slow" else None
    if isinstance(value, bool) or not isinstance(value, int | float) or not (
            least <= value <= most):
        raise BadRequest(f"idle_seconds is a number of seconds from {least:.0f} to "
                         f"{most:.0f}", "bad_option")
    return float(value)


def parse_seats(players: Any, kind: str, levels: tuple[str, ...]
                ) -> list[tuple[str, str | None]]:
    """Seats from ``players``: each a name, or ``{"name", "computer": level}``. Names are
    at most :data:`MAX_NAME` characters as sent, then trimmed (:func:`typed_name`); a
    blank name is refused (never a seat)."""
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
        seats.append((typed_name(entry, MAX_NAME), level))
    names = check_players([n for n, _ in seats], max_players=MAX_PLAYERS, max_name=MAX_NAME)
    humans = sum(1 for _, level in seats if level is None)
    if kind == "solo" and humans != 1:
        raise BadRequest("a solo game has one (human) player", "bad_players")
    if kind == "pad" and humans != len(seats):
        raise BadRequest("a score pad has no computer players: it records real dice",
                         "bad_players")
    if kind not in ("solo", "pad") and len(names) < 2:
        raise BadRequest(f"a {kind} game has 2 to {MAX_PLAYERS} players", "bad_players")
    if humans < 1:
        raise BadRequest("a table needs at least one human player", "bad_players")
    return seats
