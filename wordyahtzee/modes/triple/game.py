"""One game of Triple Yahtzee in the game contract: the turn state machine on the shared
cup, its JSON events, its view and its record (docs/triple.md)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, NotRequired

from typing_extensions import TypedDict

from ...dice import Cup
from ...errors import RecordError, RuleError
from ..classic.rules import FACES, MAX_THROWS, NUM_DICE, format_dice, parse_dice, throw_of_event
from ..contract import (
    JSON,
    SKIP_REASONS,
    Acting,
    Dispute,
    PipDice,
    Throw,
    check_players,
    missed_turns,
    pips_of,
    replay_events,
    settle_claim,
)
from ..seating import SEAT_EVENTS, check_note, follow_seat
from .actions import Claim
from .rules import FACTORS, JOKER, TURNS, ScoreCard, box_field, column_field, parse_rules

MODE = "triple"
MAX_PLAYERS = 8
"""The most players a game seats (as many as a table has)."""

Dice = tuple[int, ...]


class TripleTurnEntry(TypedDict):
    """A finished turn of Triple Yahtzee."""

    player: int
    """the seat that played it"""
    column: int
    """the column written (1-3: ×1, ×2, ×3)"""
    box: str
    score: int
    """what the box got"""
    points: int
    """what the column gained (its Yahtzee bonus included), unweighted"""
    weighted: int
    """the points times the column's factor"""
    skipped: NotRequired[str]
    """why the turn was skipped (absent, host, left): a 0 in the first open box"""
    throws: list[str]
    """each throw's dice ("13356")"""


class TripleGame(PipDice, Acting):
    """A Triple Yahtzee game for 1 to 8 players, 39 turns each, in seat order.

    A turn is one to three throws (:class:`~..contract.Throw`; the first throws all five
    dice, later ones the dice not kept) and one :class:`.actions.Claim` writing the dice in
    an open box of any column. The state is what :meth:`apply` made of :attr:`events`;
    an illegal action raises :class:`RuleError` and changes nothing.

    >>> game = TripleGame(["Anna", "Bram"], random.Random(4))
    >>> game.record_throw("22511")          # or game.throw(), with the game's RNG
    (2, 2, 5, 1, 1)
    >>> game.claim(2, "twos"), game.current_player
    (4, 'Bram')
    >>> game.totals()
    [8, 0]
    """

    mode: ClassVar[str] = MODE
    ACTIONS: ClassVar[tuple[type[Any], ...]] = (Throw, Claim)
    dice_count: ClassVar[int] = NUM_DICE

    def __init__(self, players: Sequence[str], rng: random.Random | None = None) -> None:
        self.players: list[str] = check_players(
            list(players) if isinstance(players, tuple) else players, max_players=MAX_PLAYERS)
        self.rules: JSON = {}
        self.rng = rng if rng is not None else random.SystemRandom()
        self.cards: list[ScoreCard] = [ScoreCard() for _ in self.players]
        self.cup: Cup[int] = Cup([FACES] * NUM_DICE, self.rng, max_throws=MAX_THROWS)
        self.events: list[JSON] = []
        self.disputes: list[Dispute] = []
        #: Turns finished by all players together.
        self.turn = 0
        #: Each finished turn.
        self.turns: list[TripleTurnEntry] = []
        #: What the last turn gained, unweighted.
        self.last_points = 0
        #: Seats that left the table (``leave`` events not followed by a ``return``).
        self.left: set[int] = set()
        self._throws: list[str] = []
        self._finished_at: int | None = None

    # -- state -------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """True after every player's 39th turn."""
        return self.turn >= TURNS * len(self.players)

    @property
    def current_seat(self) -> int | None:
        """The seat to move (``None`` once the game is over)."""
        return None if self.finished else self.turn % len(self.players)

    @property
    def current_player(self) -> str | None:
        """The name of the player to move (``None`` once the game is over)."""
        seat = self.current_seat
        return None if seat is None else self.players[seat]




    @property
    def round(self) -> int:
        """The round being played, 1 to 39 (39 once over)."""
        return min(self.turn // len(self.players) + 1, TURNS)

    def card(self, seat: int | None = None) -> ScoreCard:
        """The score card of ``seat`` (default: the seat to move)."""
        seat = self.current_seat if seat is None else seat
        if seat is None or not 0 <= seat < len(self.players):
            raise RuleError(f"no seat {seat!r} in this game", "unknown_player")
        return self.cards[seat]

    def options(self) -> dict[int, dict[str, int]]:
        """Per column (1-3), the open boxes the dice showing may be written in, with the
        points each would gain (unweighted; the column's Yahtzee bonus included); ``{}``
        before the first throw or once over."""
        if self.finished or self.dice is None:
            return {}
        return self.card().options(self.dice)

    def totals(self) -> list[int]:
        """Each seat's grand total so far."""
        return [card.total for card in self.cards]

    def winners(self) -> list[str]:
        """The players with the highest grand total (equal totals share the win)."""
        totals = self.totals()
        best = max(totals)
        return [p for p, t in zip(self.players, totals, strict=True) if t == best]

    def seat_status(self, seat: int) -> tuple[int, bool]:
        """Turns in a row ``seat`` missed, and whether it left the table."""
        skips = [t.get("skipped") for t in self.turns if t["player"] == seat]
        return missed_turns(skips), seat in self.left

    def turn_limit(self) -> float | None:
        """Triple Yahtzee has no hourglass."""
        return None

    def expire(self, now: float | None = None) -> bool:
        """No hourglass: a turn never times out by the rules."""
        return False

    def deadline(self) -> float | None:
        """No hourglass: never."""
        return None

    # -- actions -----------------------------------------------------------------------

    def _require_turn(self) -> int:
        seat = self.current_seat
        if seat is None:
            raise RuleError("the game is over", "game_over")
        return seat

    def throw(self, keep: Iterable[int] = ()) -> Dice:
        """Throw: all dice first, then the dice whose numbers (0-4) are not in ``keep``."""
        seat = self._require_turn()
        kept = sorted(self.cup.check_keep(keep))
        dice = self.cup.roll(kept)
        event: JSON = {"type": "throw", "player": self.players[seat],
                       "dice": format_dice(dice)}
        if kept:
            event["keep"] = kept
        self.apply(event)
        return dice

    def record_throw(self, dice: Sequence[int] | str) -> Dice:
        """Record a throw made elsewhere (physical dice, a record): the five dice showing."""
        seat = self._require_turn()
        text = dice if isinstance(dice, str) else format_dice(dice)
        self.apply({"type": "throw", "player": self.players[seat], "dice": text})
        return parse_dice(text)

    def claim(self, column: int, box: str) -> int:
        """Write the dice in ``box`` of ``column`` and end the turn; the points gained
        (unweighted)."""
        seat = self._require_turn()
        dice = self.dice
        if dice is None:
            raise RuleError("throw the dice first", "no_throw")
        column, box = column_field(column), box_field(box)
        points, bonus = self.cards[seat].open_sheet(column, box).score(box, dice, JOKER)
        self.apply({"type": "claim", "player": self.players[seat], "column": column,
                    "box": box, "points": points, "bonus": bonus})
        return self.last_points

    def skip(self, reason: str, note: Mapping[str, Any] | None = None) -> None:
        """The seat to move loses its turn: a 0 in the first open box of its lowest column
        that has one (docs/triple.md); ``note``: the host's, when the host skipped it."""
        seat = self._require_turn()
        self.apply({"type": "skip", "player": self.players[seat], "reason": reason,
                    **(note or {})})

    def do_throw(self, action: Throw) -> JSON:
        """Throw the dice not kept (or record the real dice's faces: a score pad)."""
        if action.faces is not None:
            return {"dice": list(self.record_throw(pips_of(action.faces)))}
        return {"dice": list(self.throw(action.keep))}

    def do_claim(self, action: Claim) -> JSON:
        """Write a box; the summary gives the points and what they count (× the factor)."""
        points = self.claim(action.column, action.box)
        return {"points": points, "box": action.box, "column": action.column,
                "weighted": FACTORS[action.column - 1] * points}

    # -- events ------------------------------------------------------------------------

    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event (``throw``, ``score``, ``skip``, or ``leave``, ``return`` and
        ``computer`` about who sits at a seat), validating it: the only place the state
        changes. A bad event raises :class:`RuleError` and changes nothing."""
        if not isinstance(event, Mapping):
            raise RuleError("an event is an object", "bad_event")
        kind = event.get("type")
        if kind in SEAT_EVENTS:  # who sits at a seat; the turn goes on
            follow_seat(self.left, event, len(self.players))
            self.events.append(dict(event))
            return
        seat = self._require_turn()
        player = self.players[seat]
        if event.get("player") != player:
            raise RuleError(f"it is {player!r}'s turn, not {event.get('player')!r}'s",
                            "wrong_player")
        if kind == "throw":
            self._apply_throw(event)
        elif kind == "claim":
            self._apply_claim(seat, event)
        elif kind == "skip":
            reason = event.get("reason", "absent")
            if not isinstance(reason, str) or reason not in SKIP_REASONS:
                raise RuleError("a skip names its reason: " + ", ".join(SKIP_REASONS),
                                "bad_event")
            check_note(event, len(self.players), seat)
            column, box = self.cards[seat].skip()
            self._end_turn({"player": seat, "column": column, "box": box, "score": 0,
                            "points": 0, "weighted": 0, "skipped": reason,
                            "throws": self._throws})
        else:
            raise RuleError(f"unknown event type {kind!r}", "bad_event")
        self.events.append(dict(event))
        if self.finished and self._finished_at is None:
            self._finished_at = len(self.events) - 1

    def _apply_throw(self, event: Mapping[str, Any]) -> None:
        dice = throw_of_event(event, self.cup)
        self.cup.record(dice)
        self._throws.append(str(event["dice"]))

    def _apply_claim(self, seat: int, event: Mapping[str, Any]) -> None:
        column, box = column_field(event.get("column")), box_field(event.get("box"))
        dice = self.dice
        if dice is None:
            raise RuleError("throw the dice first", "no_throw")
        sheet = self.cards[seat].open_sheet(column, box)
        score, bonus = settle_claim(self.disputes, len(self.events), event,
                                    lambda: sheet.score(box, dice, JOKER))
        points = sheet.write(box, score, bonus)
        self._end_turn({"player": seat, "column": column, "box": box,
                        "score": score, "points": points,
                        "weighted": FACTORS[column - 1] * points, "throws": self._throws})

    def _end_turn(self, entry: TripleTurnEntry) -> None:
        self.turns.append(entry)
        self.last_points = entry["points"]
        self.turn += 1
        self.cup.reset()
        self._throws = []

    # -- views, records and storage ----------------------------------------------------

    def result(self) -> JSON:
        """Each player's card (three columns, each a classic sheet with its weighted total)
        and grand total, and the winners: the ``replay`` output."""
        return {"players": [{"name": name, **card.to_json()}
                            for name, card in zip(self.players, self.cards, strict=True)],
                "winners": self.winners()}

    def finished_games(self, since_event: int) -> list[list[int]]:
        """``[totals]`` if the game ended at event ``since_event`` or later, else ``[]``."""
        if self._finished_at is not None and self._finished_at >= since_event:
            return [self.totals()]
        return []

    def to_record(self) -> JSON:
        """The game record of docs/triple.md: the finished turns, each naming its column."""
        turns = []
        for entry in self.turns:
            turn: JSON = {"player": self.players[entry["player"]],
                          "throws": list(entry["throws"]), "column": entry["column"],
                          "box": entry["box"]}
            if "skipped" in entry:
                turn["skipped"] = entry["skipped"]
            turns.append(turn)
        return {"mode": MODE, "rules": {}, "players": list(self.players), "turns": turns}

    def to_json(self) -> JSON:
        """Mode, rules (none), players and every event (see :meth:`from_json`)."""
        return {"mode": MODE, "rules": {}, "players": list(self.players),
                "events": [dict(e) for e in self.events]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], rng: random.Random | None = None
                  ) -> TripleGame:
        """Rebuild a game by replaying its events; :class:`RecordError` names a bad one."""
        if not isinstance(data, Mapping):
            raise RecordError("game: must be an object")
        if data.get("mode", MODE) != MODE:
            raise RecordError(f"game: mode {data.get('mode')!r} is not {MODE!r}")
        try:
            parse_rules(data.get("rules"))
            game = cls(players_of(data), rng)
        except RuleError as exc:
            raise RecordError(f"game: {exc.message}") from None
        replay_events(game, data.get("events") or [])
        return game


def players_of(data: Mapping[str, Any]) -> list[str]:
    """The ``players`` of a stored game or record, checked (:class:`RecordError`)."""
    try:
        return check_players(data.get("players"), max_players=MAX_PLAYERS)
    except RuleError as exc:
        raise RecordError(f"record: {exc.message}") from None
