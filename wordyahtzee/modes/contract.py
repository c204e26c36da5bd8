"""The game contract: what every mode (Woord Yahtzee, classic Yahtzee, Kaartspel) offers.

A game is pure: it is given its players, its rules, its resources (a lexicon, a dice set:
already loaded), an RNG and a clock, and it never reads a file. Its state is what
:meth:`Game.apply` makes of an append-only list of JSON events, so it can be stored after
every event, replayed and audited. Everything a screen, the CLI, the table service or a
computer player needs goes through the methods below; none of them computes a rule.

How a move happens::

    action = game.parse_action("throw", {"keep": [0, 3]})   # typed, validated intent
    outcome = game.act(action)    # rolls dice / reads the clock, makes events, applies them
    outcome.events                # the new events (JSON), to be stored
    mode.view(game, seat)         # what the screen renders now (the mode's view module)

Errors are :class:`~wordyahtzee.errors.RuleError` with a stable code (see
:mod:`wordyahtzee.errors`); an action that fails changes nothing.
"""

from __future__ import annotations

import math
import random
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

from ..errors import RecordError, RuleError, WordyahtzeeError
from .seating import HostNote, SeatAction

if TYPE_CHECKING:
    from ..dice import Cup, DiceSet

Clock = Callable[[], float]
JSON = dict[str, Any]
Judged = TypeVar("Judged")


class Action(Protocol):
    """A player's intent (throw, claim, move …): typed, validated, with a JSON form. Each
    action class knows its name and reads itself from a client's JSON body."""

    name: ClassVar[str]
    schema: ClassVar[JSON]
    """The JSON schema of each field its body may carry (``{field: schema}``): the API
    document's description of this action's body."""

    def to_json(self) -> JSON:
        """The body a client posts for this action."""
        ...

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any) -> Action:
        """The action from a client's body (:class:`RuleError` if malformed); ``game`` is
        the game it is for (a throw needs its number of dice)."""
        ...


@dataclass(frozen=True)
class Outcome:
    """What an action did: the events it added and a summary for the client (the points a
    claim scored, the faces a throw showed …)."""

    events: list[JSON]
    summary: JSON = field(default_factory=dict)


@dataclass(frozen=True)
class Resources:
    """What a game is given instead of reading files itself: its dice, its clock, and for a
    word game the dictionary, the dice set and the moderators' decisions on words
    (:class:`~wordyahtzee.lexicon.overlay.Overlay`) its new moves are judged by."""

    rng: random.Random
    clock: Clock
    lexicon: Any = None
    dice_set: Any = None
    overlay: Any = None


@dataclass(frozen=True)
class Needs:
    """The named resources a game of a word mode asks for (a mode's ``needs``): a
    dictionary and a dice set (a shipped name, or a set given inline)."""

    dictionary: str
    dice_set: str | DiceSet


@dataclass(frozen=True)
class Dispute:
    """A recorded judgment the replay's own computation disagrees with (a scoring rule
    changed since the move, say). The record wins: the game holds what was decided when the
    move was made; the loader logs and counts the dispute."""

    event: int
    """The event's number in the game (from 0)."""
    recorded: Any
    computed: Any
    """What the replay computed, or the message of the rule it says the move broke."""

    def to_json(self) -> JSON:
        """``{"event", "recorded", "computed"}``."""
        return {"event": self.event, "recorded": self.recorded, "computed": self.computed}


def recorded_points(event: Mapping[str, Any], key: str = "points") -> int | None:
    """The points a move's event recorded under ``key`` when it was judged (None: an event
    from before moves recorded them); :class:`RuleError` ``bad_event`` when they are not a
    whole number of 0 or more."""
    value = event.get(key)
    if value is None:
        return None
    if type(value) is not int or value < 0:
        raise RuleError(f"{key} is a whole number of points, 0 or more", "bad_event")
    return value


def recorded_time(event: Mapping[str, Any]) -> float | None:
    """The clock time an event recorded (``at``), if it did: a replay never reads the
    clock."""
    at = event.get("at")
    if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at):
        return None
    return float(at)


def event_seconds(event: Mapping[str, Any]) -> float | None:
    """The ``seconds`` an event (or a record's turn) says its turn took, if it says."""
    seconds = event.get("seconds")
    if seconds is None:
        return None
    if (isinstance(seconds, bool) or not isinstance(seconds, int | float)
            or not math.isfinite(seconds) or seconds < 0):
        raise RuleError("seconds must be a number of seconds, 0 or more", "bad_event")
    return float(seconds)


def settle_claim(disputes: list[Dispute], event_no: int, event: Mapping[str, Any],
                 compute: Callable[[], tuple[int, int]]) -> tuple[int, int]:
    """A pip claim's box points and Yahtzee bonus as its event recorded them (``points``,
    ``bonus``), checked by :func:`settle` against ``compute()``, which judges both: classic
    and Triple Yahtzee."""
    points = recorded_points(event)
    recorded = None if points is None else (points, recorded_points(event, "bonus") or 0)
    return settle(disputes, event_no, recorded, compute)


def settle(disputes: list[Dispute], event_no: int, recorded: Judged | None,
           compute: Callable[[], Judged]) -> Judged:
    """The points of a move being replayed: those its event recorded, when it did, else
    ``compute()``. A recorded value that ``compute()`` disagrees with (another number, or a
    :class:`RuleError`) still stands, and the disagreement joins ``disputes``: a replay
    applies what was decided and never judges a move again."""
    if recorded is None:
        return compute()
    try:
        computed: Any = compute()
    except RuleError as exc:
        computed = exc.message
    if computed != recorded:
        disputes.append(Dispute(event_no, recorded, computed))
    return recorded


@runtime_checkable
class Game(Protocol):
    """One game of any mode. The table service, the web, the CLI and the computer players
    use only these members."""

    mode: ClassVar[str]
    players: list[str]
    events: list[JSON]
    disputes: list[Dispute]
    """The recorded judgments the replay disagreed with (:func:`settle`): empty unless a
    rule's code changed since a move was made."""

    @property
    def finished(self) -> bool:
        """True once the game (or the whole match) is over."""
        ...

    @property
    def current_seat(self) -> int | None:
        """The seat (index into :attr:`players`) to move; ``None`` once finished."""
        ...

    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event, validating it: the only place the state changes."""
        ...

    def parse_action(self, name: str, body: Mapping[str, Any]) -> Action:
        """A typed action from its name and JSON body (:class:`RuleError` if malformed)."""
        ...

    def act(self, action: Action) -> Outcome:
        """Perform ``action`` for the player to move (throws use the RNG, claims the clock)."""
        ...

    def expire(self, now: float | None = None) -> bool:
        """Apply a timeout if the turn's time ran out by ``now`` (default: the clock)."""
        ...

    def deadline(self) -> float | None:
        """Clock time at which the current turn times out, if it can."""
        ...

    def turn_limit(self) -> float | None:
        """The seconds a turn may take by the rules (Woord Yahtzee's hourglass), if any."""
        ...

    def seat_status(self, seat: int) -> tuple[int, bool]:
        """How many turns in a row ``seat`` has missed (skipped), and whether it left (a
        ``leave`` event not followed by its ``return``)."""
        ...

    def skip(self, reason: str, note: Mapping[str, Any] | None = None) -> None:
        """The seat to move loses its turn, scored as the mode's rules say; ``note`` (the
        host's :class:`HostNote` and the ``seat``) goes into the ``skip`` event."""
        ...

    def totals(self) -> list[int]:
        """Each seat's total so far."""
        ...

    def result(self) -> JSON:
        """Final sheets and winners (the ``replay`` output)."""
        ...

    def to_json(self) -> JSON:
        """Setup (mode, rules, players, resources by name) plus ``events``."""
        ...

    def to_record(self) -> JSON:
        """The game record of the turns played (``docs/records.md``)."""
        ...

    def finished_games(self, since_event: int) -> list[list[int]]:
        """Each seat's total in every game that ended at event ``since_event`` or later
        (a classic match ends several games; the high-score entries of a commit)."""
        ...


class ComputerPlayer(Protocol):
    """The computer-move hook: a level of play for one mode and rules set."""

    level: str

    def decide(self, game: Any) -> Action:
        """The action to play now for the seat to move."""
        ...


@dataclass(frozen=True)
class Throw:
    """The ``throw`` action of every dice mode: throw the dice not in ``keep`` (die numbers,
    sorted, each once; the first throw of a turn keeps none). The game's cup checks the
    numbers against its dice and the turn.

    At a score pad table (real dice, :data:`~wordyahtzee.tables.table.KINDS` ``pad``) the
    throw carries instead the ``faces`` the real dice show: letters for Woord Yahtzee
    (``"kusnatl"``, ``?`` the blank), pips for the other modes (``[3, 3, 5, 6, 1]`` or
    ``"33561"``); the game checks them as a record's throw (each face showable by a
    distinct die, at most three throws a turn)."""

    name: ClassVar[str] = "throw"
    schema: ClassVar[JSON] = {
        "keep": {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 6},
                 "description": "the dice (positions) to keep"},
        "faces": {"oneOf": [{"type": "string", "minLength": 1, "maxLength": 7},
                            {"type": "array", "items": {"type": "integer"}, "maxItems": 7}],
                  "description": "score pad tables only: what the real dice show instead "
                                 "of keep (Woord Yahtzee: letters, ? the blank; otherwise "
                                 "pips)"}}
    keep: tuple[int, ...] = ()
    faces: str | tuple[int, ...] | None = None

    def to_json(self) -> JSON:
        """``{"keep": [die numbers]}``, or ``{"faces": ...}`` for real dice."""
        if self.faces is not None:
            return {"faces": self.faces if isinstance(self.faces, str) else list(self.faces)}
        return {"keep": list(self.keep)}

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any) -> Throw:
        """Read ``{"keep": [...]}`` for a game whose cup has ``game.dice_count`` dice, or
        ``{"faces": ...}`` (real dice)."""
        dice = int(game.dice_count)
        faces = body.get("faces")
        if faces is not None:
            if isinstance(faces, list | tuple) and all(type(f) is int for f in faces):
                faces = tuple(faces)
            elif not isinstance(faces, str):
                raise RuleError("faces are the letters or pips the real dice show",
                                "bad_request")
            if len(faces) != dice:
                raise RuleError(f"a throw shows {dice} dice, not {len(faces)}",
                                "impossible_throw")
            if body.get("keep"):
                raise RuleError("a throw of real dice gives its faces, not a keep",
                                "bad_request")
            return cls((), faces)
        keep = body.get("keep")
        if keep is None:
            keep = []
        if (not isinstance(keep, list | tuple) or len(keep) > dice
                or not all(type(k) is int for k in keep)):
            raise RuleError(f"keep must be a list of die numbers (0-{dice - 1})",
                            "bad_request")
        return cls(tuple(sorted(set(keep))))


def pips_of(faces: str | tuple[int, ...]) -> tuple[int, ...]:
    """Real dice's pips as given in a throw (``"33561"`` or ``(3, 3, 5, 6, 1)``), each
    checked to be 1..6."""
    if isinstance(faces, str):
        if not all(ch in "123456" for ch in faces):
            raise RuleError(f"pips are 1..6, not {faces!r}", "impossible_throw")
        return tuple(int(ch) for ch in faces)
    if not all(1 <= f <= 6 for f in faces):
        raise RuleError(f"pips are 1..6, not {list(faces)!r}", "impossible_throw")
    return tuple(faces)


class PipDice:
    """The pip dice of a turn, thrown with a :class:`~wordyahtzee.dice.Cup` kept as
    ``self.cup`` (classic and Triple Yahtzee, Kaartspel's black dice): what they show and
    how many throws were made and are left."""

    cup: Cup[int]

    @property
    def dice(self) -> tuple[int, ...] | None:
        """The dice showing (``None`` before the turn's first throw)."""
        return self.cup.showing

    @property
    def throws(self) -> int:
        """Throws made this turn."""
        return self.cup.throws

    @property
    def throws_left(self) -> int:
        """Throws still allowed this turn."""
        return self.cup.max_throws - self.cup.throws


SKIP_REASONS = ("absent", "host", "left")
"""Why a turn was skipped: nobody acted in time, the host skipped it, or the seat left."""


@dataclass(frozen=True)
class Skip:
    """The ``skip`` action: the seat to move loses its turn (the table service plays it
    for an absent seat; it is not a player's own action). Each mode scores a skipped turn
    as its rules say (docs/rules.md). A skip the host made carries its ``note``; its event
    then names the ``seat`` skipped too."""

    name: ClassVar[str] = "skip"
    schema: ClassVar[JSON] = {
        "reason": {"enum": ["absent"], "description": "a player passes a turn as absent "
                                                      "(the host's skips are the table's)"}}
    reason: str = "absent"
    note: HostNote | None = None

    def to_json(self) -> JSON:
        """``{"reason": "absent"|"host"|"left"}``."""
        return {"reason": self.reason}

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any = None) -> Skip:
        """Read ``{"reason"}``."""
        reason = body.get("reason", "absent")
        if reason not in SKIP_REASONS:
            raise RuleError("reason is one of: " + ", ".join(SKIP_REASONS), "bad_request")
        return cls(reason)


class _ActingGame(Protocol):
    """What :class:`Acting` needs of the game it is mixed into."""

    ACTIONS: ClassVar[tuple[Any, ...]]

    @property
    def events(self) -> list[JSON]: ...

    def apply(self, event: Mapping[str, Any]) -> None: ...

    @property
    def current_seat(self) -> int | None: ...

    def skip(self, reason: str, note: Mapping[str, Any] | None = None) -> None: ...


class Acting:
    """The one way to act, for every mode. A mode lists its action classes in
    :attr:`ACTIONS` and plays each in a method ``do_<name>(action)`` that applies the
    action's events and returns the summary for the client; the table service's
    :class:`Skip` (the mode's ``skip(reason, note)`` scores it as its rules say) and its
    seat actions (:mod:`.seating`: ``leave``, ``return`` and ``computer`` events) are
    handled here alike for every mode."""

    ACTIONS: ClassVar[tuple[Any, ...]]

    def parse_action(self: _ActingGame, name: str, body: Mapping[str, Any]) -> Any:
        """The action called ``name``, read from ``body`` by its class."""
        if not isinstance(body, Mapping):
            raise RuleError("an action body is an object", "bad_request")
        for cls in (*self.ACTIONS, Skip):
            if cls.name == name:
                return cls.from_json(body, self)
        raise bad_action(name, tuple(cls.name for cls in (*self.ACTIONS, Skip)))

    def act(self: _ActingGame, action: Any) -> Outcome:
        """Play ``action`` for the seat to move: its events and a summary."""
        first = len(self.events)
        if isinstance(action, SeatAction):
            self.apply(action.event())
            summary: JSON = {action.summary: action.seat}
        elif isinstance(action, Skip):
            note = None
            if action.note is not None:
                note = {**action.note.to_json(), "seat": self.current_seat}
            self.skip(action.reason, note)
            summary = {"skipped": action.reason}
        elif type(action) in self.ACTIONS:
            summary = getattr(self, f"do_{action.name}")(action)
        else:
            raise bad_action(getattr(action, "name", "?"),
                             tuple(cls.name for cls in (*self.ACTIONS, Skip)))
        return Outcome(self.events[first:], summary)


def missed_turns(skips: list[str | None]) -> int:
    """How many turns in a row, at the end of ``skips`` (one entry per finished turn of a
    seat: the skip reason, or None for a turn played), the seat missed."""
    count = 0
    for reason in reversed(skips):
        if reason is None:
            break
        count += 1
    return count


MAX_NAME = 24
"""The longest player name, in characters."""


def typed_name(name: str, max_name: int = MAX_NAME) -> str:
    """A name as a player typed it: at most ``max_name`` characters as sent (the length the
    API document's ``maxLength`` gives, so what the document allows and what the server
    takes are one), its runs of spaces folded to one; :func:`check_players` checks the
    rest."""
    if len(name) > max_name:
        raise RuleError(f"a name has at most {max_name} characters", "bad_players")
    return " ".join(name.split())


def check_players(players: Any, *, min_players: int = 1, max_players: int | None = None,
                  max_name: int | None = None) -> list[str]:
    """The one check of player names every mode and the table service use: a list of
    ``min_players``..``max_players`` names, each a non-blank string without control
    characters (a NUL …; of at most ``max_name`` characters: the table service passes
    :data:`MAX_NAME`), all different ignoring case.

    >>> check_players(["Anna", "Bram"])
    ['Anna', 'Bram']
    >>> check_players(["Anna", "anna"])
    Traceback (most recent call last):
    ...
    wordyahtzee.errors.RuleError: player names must differ
    """
    if (not isinstance(players, list | tuple)
            or not all(isinstance(p, str) for p in players)):
        raise RuleError("players must be a list of names", "bad_players")
    if any(not p.strip() for p in players):
        raise RuleError("every player needs a name", "bad_players")
    if any(unicodedata.category(c) == "Cc" for p in players for c in p):
        raise RuleError("a name holds no control characters", "bad_players")
    if max_name is not None and any(len(p) > max_name for p in players):
        raise RuleError(f"a name has at most {max_name} characters", "bad_players")
    if len({p.casefold() for p in players}) != len(players):
        raise RuleError("player names must differ", "same_names")
    if len(players) < min_players or (max_players is not None and len(players) > max_players):
        most = "" if max_players is None else f" to {max_players}"
        raise RuleError(f"a game has {min_players}{most} players", "bad_players")
    return list(players)


def replay_events(game: Game | Any, events: Any) -> None:
    """Apply stored events one by one; :class:`RecordError` names the first bad one."""
    if not isinstance(events, list):
        raise RecordError("game: 'events' must be a list")
    for i, event in enumerate(events, 1):
        try:
            game.apply(event)
        except RuleError as exc:
            raise RecordError(f"event {i}: {exc.message}") from None


def replay_turns(turns: Any, play_turn: Callable[[Any], None]) -> None:
    """Replay a record's ``turns`` with ``play_turn``; the first illegal one raises
    :class:`RecordError` as one line naming it: ``turn 4 (Bram): <the rule broken>``
    (turns counted from 1 over all players)."""
    if not isinstance(turns, list):
        raise RecordError("record: 'turns' must be a list")
    for number, turn in enumerate(turns, 1):
        who = turn.get("player") if isinstance(turn, Mapping) else None
        label = f"turn {number}" + (f" ({who})" if isinstance(who, str) else "")
        try:
            if not isinstance(turn, Mapping):
                raise RuleError("a turn must be a JSON object", "bad_turn")
            play_turn(turn)
        except WordyahtzeeError as exc:
            raise RecordError(f"{label}: {exc.message}") from None


def bad_action(name: str, known: tuple[str, ...]) -> RuleError:
    """The error for an action a mode does not have."""
    return RuleError(f"unknown action {name!r}; actions: " + ", ".join(known), "bad_request")


def no_preview(game: Game, body: Mapping[str, Any]) -> JSON:
    """The ``preview`` of a mode whose moves need no typing (every mode but Woord
    Yahtzee): refused with ``no_preview``, as the view's ``options`` already give what
    each move would score."""
    raise RuleError("this game has nothing to preview: the state's options give what each "
                    "move would score", "no_preview")


def no_needs(data: Mapping[str, Any]) -> None:
    """The ``needs`` of a mode whose games need nothing loaded (no dictionary, no letter
    dice): every mode but Woord Yahtzee."""
    return None


def no_game_from_record(data: Mapping[str, Any], resources: Resources) -> Game:
    """The ``game_from_record`` of a mode whose records are checked and scored only
    (:class:`RecordError`): they replay into no game."""
    raise RecordError(f"record: {data.get('mode')} records are checked and scored only")


def no_yahtzees(player: Mapping[str, Any]) -> int:
    """The ``yahtzees_made`` of a mode whose results count no Yahtzees: 0."""
    return 0
