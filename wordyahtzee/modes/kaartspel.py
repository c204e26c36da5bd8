"""Kaartspel, the Yahtzee board-and-card game (docs/kaartspel.md).

Every Kaartspel rule lives here, once: the board (:data:`SQUARES`, :data:`CORNERS`,
:data:`CARD_SPACES`, :func:`start_squares`), a throw's value for a card
(:func:`card_value`), what a final throw may take (:meth:`KaartspelGame.take_options`),
placing, stealing, raising, JOKER corners, the Yahtzee token and its challenges, the Casino
round with its chained steals, and the end. The game follows the contract of
:mod:`wordyahtzee.modes.contract`: typed actions, JSON events, one :meth:`KaartspelGame.apply`.

>>> card_value("threes", (3, 3, 1, 3, 5))
30
>>> card_value("chance", (6, 6, 6, 5, 1))
0
>>> game = KaartspelGame(["Anna", "Bram"])
>>> game.apply({"type": "start", "starter": 0})
>>> game.apply({"type": "red", "roll": 2})       # Anna's pawn: square 0 -> 2, an empty space
>>> game.apply({"type": "throw", "dice": "23456"})
>>> sorted(game.take_options())[:3]
['fives', 'fours', 'large_straight']
>>> game.apply({"type": "take", "card": "large_straight"})
>>> game.result()["players"][0]["cards"]
{'large_straight': 70}
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..dice import Cup
from ..errors import RecordError, RuleError
from .classic import format_dice, has_run, is_yahtzee, parse_dice
from .contract import (
    JSON,
    SKIP_REASONS,
    Leave,
    Outcome,
    Resources,
    Skip,
    bad_action,
    check_players,
    missed_turns,
    replay_events,
)

__all__ = [
    "CARDS",
    "CARD_SPACES",
    "CORNERS",
    "MAX_SCORE",
    "MAX_THROWS",
    "NUMBER_CARDS",
    "SQUARES",
    "CardState",
    "KaartspelGame",
    "KaartspelHighScores",
    "KaartspelRules",
    "Roll",
    "Start",
    "Stop",
    "Take",
    "TakeOption",
    "Throw",
    "board_text",
    "card_value",
    "game_from_record",
    "is_yahtzee",
    "parse_dice",
    "replay_record",
    "shown_cards",
    "start_squares",
]

MODE = "kaartspel"
#: The 12 cards, in the order of the rulebook.
CARDS = ("ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind",
         "four_of_a_kind", "full_house", "small_straight", "large_straight", "chance")
NUMBER_CARDS = CARDS[:6]
#: A card's maximum score (what a Yahtzee gives it).
MAX_SCORE: dict[str, int] = {**{c: 40 for c in NUMBER_CARDS}, "three_of_a_kind": 30,
                             "four_of_a_kind": 40, "full_house": 50, "small_straight": 50,
                             "large_straight": 70, "chance": 60}
#: Spaces (and their track squares) 0..15, clockwise.
SQUARES = 16
#: The four JOKER corners; seat colours take them in order.
CORNERS = (0, 4, 8, 12)
#: The 12 card spaces ("ruit").
CARD_SPACES = tuple(s for s in range(SQUARES) if s not in CORNERS)
MAX_THROWS = 3
NUM_DICE = 5
MIN_PLAYERS, MAX_PLAYERS = 2, 4
PHASES = ("start", "move", "choose", "throw", "over")

Dice = tuple[int, ...]


@dataclass(frozen=True)
class KaartspelRules:
    """Rules options of Kaartspel. There are none yet: ``{}`` is the only form, and any key
    is refused so that a future option cannot be silently ignored by an older engine."""

    def to_json(self) -> JSON:
        """The JSON form used in records: ``{}``."""
        return {}

    @classmethod
    def from_json(cls, data: Any) -> KaartspelRules:
        """Read the JSON form (``None`` or ``{}``); any key raises :class:`RuleError`."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise RuleError("rules must be an object (Kaartspel has no options: {})",
                            "bad_rules")
        if data:
            raise RuleError(f"unknown kaartspel rules option {sorted(data)[0]!r}; "
                            "Kaartspel has no options", "bad_rules")
        return cls()


# ------------------------------------------------------------------------------------------
# The board and the cards


def start_squares(players: int) -> tuple[int, ...]:
    """The corner (and start square) of each seat: 2 players 0 and 8; 3 players 0, 4, 8;
    4 players 0, 4, 8, 12.

    >>> start_squares(2)
    (0, 8)
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(f"Kaartspel is for {MIN_PLAYERS} to {MAX_PLAYERS} players",
                        "bad_players")
    return (0, 8) if players == 2 else CORNERS[:players]


def card_value(card: str, dice: Sequence[int]) -> int:
    """A throw's value for ``card``: number cards 10 x the dice showing that number, capped
    at 40 (0 if none); the other cards their fixed score if the combination shows, else 0.

    This is the combination reading only: a five-alike *final* throw is a Yahtzee instead
    (see :meth:`KaartspelGame.take_options`).

    >>> card_value("sixes", (6, 6, 6, 6, 2)), card_value("full_house", (2, 2, 5, 5, 5))
    (40, 50)
    >>> card_value("small_straight", (1, 2, 3, 4, 6)), card_value("chance", (6, 6, 6, 5, 2))
    (50, 60)
    """
    counts = Counter(dice)
    if card in NUMBER_CARDS:
        return min(10 * counts[NUMBER_CARDS.index(card) + 1], 40)
    most = max(counts.values()) if counts else 0
    if card == "three_of_a_kind":
        return 30 if most >= 3 else 0
    if card == "four_of_a_kind":
        return 40 if most >= 4 else 0
    if card == "full_house":
        return 50 if sorted(counts.values()) == [2, 3] else 0
    if card == "small_straight":
        return 50 if has_run(set(dice), 4) else 0
    if card == "large_straight":
        return 70 if has_run(set(dice), 5) else 0
    if card == "chance":
        return 60 if sum(dice) >= 25 else 0
    raise RuleError(f"unknown card {card!r}; cards: " + ", ".join(CARDS), "unknown_card")


def shown_cards(dice: Sequence[int]) -> dict[str, int]:
    """Every card ``dice`` show (value above 0), with the value.

    >>> shown_cards((2, 2, 5, 5, 5))
    {'twos': 20, 'fives': 30, 'three_of_a_kind': 30, 'full_house': 50}
    """
    values = {c: card_value(c, dice) for c in CARDS}
    return {c: v for c, v in values.items() if v > 0}


@dataclass
class CardState:
    """A placed card: the space it lies on, its owner's seat, its score and whether the
    owner's Yahtzee token (rather than a chip) lies on it."""

    space: int
    owner: int
    score: int
    token: bool = False


@dataclass(frozen=True)
class TakeOption:
    """What a final throw may do with a card: ``kind`` is ``place``, ``steal`` or ``raise``;
    ``score`` the card's new score; ``space`` where the card lies afterwards (the pawn moves
    next to it); ``token`` whether the Yahtzee token goes on it; ``yahtzee`` whether it is
    taken by a Yahtzee (a steal of a token card is a challenge)."""

    card: str
    kind: str
    score: int
    space: int
    token: bool = False
    yahtzee: bool = False

    def to_json(self) -> JSON:
        """``{"kind", "score", "space", "token", "yahtzee"}``."""
        return {"kind": self.kind, "score": self.score, "space": self.space,
                "token": self.token, "yahtzee": self.yahtzee}


# ------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class Start:
    """Throw off with the red die for who starts (highest starts, ties throw again)."""

    name: ClassVar[str] = "start"

    def to_json(self) -> JSON:
        """``{}``."""
        return {}


@dataclass(frozen=True)
class Roll:
    """Throw the red die and move the pawn (start of a turn, moving on from an own card,
    the compulsory move after a Casino steal)."""

    name: ClassVar[str] = "roll"

    def to_json(self) -> JSON:
        """``{}``."""
        return {}


@dataclass(frozen=True)
class Throw:
    """Throw the black dice not in ``keep`` (die indices 0..4). Next to an own number card
    below 40 the first throw starts a raise."""

    keep: tuple[int, ...] = ()
    name: ClassVar[str] = "throw"

    def to_json(self) -> JSON:
        """``{"keep": [...]}``."""
        return {"keep": list(self.keep)}


@dataclass(frozen=True)
class Take:
    """End the black-dice step: take ``card`` with the final throw (place, steal or raise
    it) or nothing (``None``)."""

    card: str | None = None
    name: ClassVar[str] = "take"

    def to_json(self) -> JSON:
        """``{"card": id | null}``."""
        return {"card": self.card}


@dataclass(frozen=True)
class Stop:
    """Next to an own card: end the turn."""

    name: ClassVar[str] = "stop"

    def to_json(self) -> JSON:
        """``{}``."""
        return {}


ACTIONS = ("start", "roll", "throw", "take", "stop", "skip")
KaartspelAction = Start | Roll | Throw | Take | Stop | Skip


def _card_field(card: Any, allow_none: bool = True) -> str | None:
    if card is None and allow_none:
        return None
    if not isinstance(card, str):
        raise RuleError(f"a card is a card id string or null, not {card!r}", "bad_request")
    if card not in CARDS:
        raise RuleError(f"unknown card {card!r}; cards: " + ", ".join(CARDS), "unknown_card")
    return card


def _keep_field(keep: Any) -> tuple[int, ...]:
    if keep is None:
        return ()
    if not isinstance(keep, list | tuple) or any(type(i) is not int for i in keep):
        raise RuleError("'keep' is a list of die indices 0..4", "bad_keep")
    if len(set(keep)) != len(keep):
        raise RuleError("'keep' names a die twice", "bad_keep")
    return tuple(sorted(keep))


# ------------------------------------------------------------------------------------------
# The game


def _pip_cup(rng: random.Random) -> Cup[int]:
    return Cup([(1, 2, 3, 4, 5, 6)] * NUM_DICE, rng, max_throws=MAX_THROWS)


class KaartspelGame:
    """One Kaartspel game for 2 to 4 players (seats in the clockwise order of ``players``).

    A new game is in phase ``start``: :class:`Start` (or a ``start`` event naming the
    starter) begins it. A turn is a :class:`Roll`, then what the pawn stands by decides:
    :class:`Throw` (1 to 3 times) and :class:`Take` next to an empty card space, an
    opponent's card or a JOKER corner; next to an own card :class:`Roll` again,
    :class:`Throw` to raise a number card below 40, or :class:`Stop`. The state is what
    :meth:`apply` made of :attr:`events`.

    Phases: ``start``, ``move`` (the red die must be thrown), ``choose`` (next to an own
    card), ``throw`` (the black dice: throw or take), ``over``.
    """

    mode: ClassVar[str] = MODE

    def __init__(self, players: Sequence[str], rules: KaartspelRules | None = None,
                 resources: Resources | None = None) -> None:
        names = list(players)
        if any(not isinstance(n, str) or not n.strip() for n in names):
            raise RuleError("player names are non-empty strings", "bad_players")
        if len(set(names)) != len(names):
            raise RuleError("player names must differ", "bad_players")
        corners = start_squares(len(names))
        self.players: list[str] = names
        self.rules = rules or KaartspelRules()
        self.resources = resources or Resources(random.SystemRandom(), time.time)
        self.events: list[JSON] = []
        #: Each seat's JOKER corner (its colour).
        self.corners: tuple[int, ...] = corners
        self.pawns: list[int] = list(corners)
        #: The placed cards by id.
        self.cards: dict[str, CardState] = {}
        #: The card on each space (``None``: empty card space or a corner).
        self.board: list[str | None] = [None] * SQUARES
        #: The card each seat's Yahtzee token lies on (``None``: the token is free).
        self.tokens: list[str | None] = [None] * len(names)
        self.phase = "start"
        self.seat: int | None = None
        #: What the black dice are thrown for: ``space``, ``steal``, ``raise`` or ``joker``.
        self.target: str | None = None
        self.cup = _pip_cup(self.resources.rng)
        self.casino = False
        self.casino_left = 0
        self.placer: int | None = None
        self.red: int | None = None
        self.turns_done = 0
        #: Finished and current turns: ``{"player", "seat", "steps", "points"}``.
        self.turns: list[JSON] = []
        self._throws: list[str] = []
        self._turn_start_total = 0
        self._finished_at: int | None = None
        #: Seats that left the table (their turns are skipped).
        self.left: set[int] = set()

    @classmethod
    def new(cls, players: Sequence[str], rules: KaartspelRules | None = None,
            resources: Resources | None = None) -> KaartspelGame:
        """A game with its start throw-off already played."""
        game = cls(players, rules, resources)
        game.act(Start())
        return game

    # -- state -------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """True once the Casino round has been played."""
        return self.phase == "over"

    def turn_limit(self) -> float | None:
        """Kaartspel has no hourglass."""
        return None


    @property
    def current_seat(self) -> int | None:
        """The seat to move (``None`` before the start and once finished)."""
        return None if self.phase in ("start", "over") else self.seat

    @property
    def dice(self) -> Dice | None:
        """The black dice showing in this step (``None`` before its first throw)."""
        return self.cup.showing

    @property
    def throws(self) -> int:
        """Black-dice throws made in this step (0..3)."""
        return self.cup.throws

    def owner(self, card: str) -> int | None:
        """The seat owning ``card`` (``None`` while unplaced)."""
        state = self.cards.get(card)
        return None if state is None else state.owner

    def unplaced(self) -> list[str]:
        """The cards not yet on the board, in card order."""
        return [c for c in CARDS if c not in self.cards]

    def cards_of(self, seat: int) -> dict[str, int]:
        """The cards ``seat`` owns with their scores (a token card at its maximum)."""
        return {c: s.score for c, s in self.cards.items() if s.owner == seat}

    def totals(self) -> list[int]:
        """Each seat's total: the scores of the cards its chips and token lie on."""
        out = [0] * len(self.players)
        for state in self.cards.values():
            out[state.owner] += state.score
        return out

    def winners(self) -> list[str]:
        """The players with the highest total (ties share the win)."""
        totals = self.totals()
        best = max(totals)
        return [p for p, t in zip(self.players, totals, strict=True) if t == best]

    def next_empty_space(self, square: int) -> int:
        """``square`` if it is an empty card space, else the next one clockwise."""
        for step in range(SQUARES):
            space = (square + step) % SQUARES
            if space not in CORNERS and self.board[space] is None:
                return space
        raise RuleError("every card is on the board", "board_full")

    def raisable(self, seat: int, card: str) -> bool:
        """Can ``seat`` throw to raise ``card``? Its own number card below 40."""
        state = self.cards.get(card)
        return (state is not None and state.owner == seat and card in NUMBER_CARDS
                and state.score < MAX_SCORE[card])

    def take_options(self, dice: Sequence[int] | None = None) -> dict[str, TakeOption]:
        """What the final throw (``dice``, default the dice showing) may take now, by card.

        A Yahtzee (five alike) names any unplaced card or any opponent's card (token cards
        too: a challenge), whatever the pawn stands by; otherwise next to an empty card space
        any unplaced card shown, next to an opponent's card that card if the value reaches
        its score (never a token card), next to an own card (a raise) that card if the value
        beats its score, and at a JOKER corner any of these three. ``None`` (take nothing)
        is always allowed besides.
        """
        if self.phase != "throw" or self.seat is None:
            return {}
        if dice is None:
            if self.cup.showing is None:
                return {}
            dice = self.cup.showing
        seat = self.seat
        pawn = self.pawns[seat]
        out: dict[str, TakeOption] = {}
        if is_yahtzee(dice):
            free = self.tokens[seat] is None
            for card in CARDS:
                state = self.cards.get(card)
                if state is None:
                    out[card] = TakeOption(card, "place", MAX_SCORE[card],
                                           self.next_empty_space(pawn), free, True)
                elif state.owner != seat:
                    out[card] = TakeOption(card, "steal", MAX_SCORE[card], state.space,
                                           free, True)
            return out
        here = self.board[pawn]
        for card in CARDS:
            value = card_value(card, dice)
            if value == 0:
                continue
            state = self.cards.get(card)
            if self.target in ("space", "joker") and state is None:
                out[card] = TakeOption(card, "place", value, self.next_empty_space(pawn))
            elif state is None or self.target not in ("joker", "steal", "raise") or (
                    self.target != "joker" and card != here):
                continue
            elif state.owner != seat:
                if not state.token and value >= state.score:
                    out[card] = TakeOption(card, "steal", value, state.space)
            elif self.raisable(seat, card) and value > state.score:
                out[card] = TakeOption(card, "raise", value, state.space)
        return out

    def _take_error(self, card: str, dice: Dice) -> RuleError:
        """Why ``card`` cannot be taken with ``dice`` (for one-line record errors)."""
        seat = self.seat
        assert seat is not None
        shown = format_dice(dice)
        state = self.cards.get(card)
        pawn = self.pawns[seat]
        here = self.board[pawn]
        if is_yahtzee(dice):
            return RuleError(f"a Yahtzee never names the player's own card ({card})",
                             "own_card")
        if self.target in ("steal", "raise") and card != here:
            return RuleError(f"only the card next to the pawn ({here}) can be taken here, "
                             f"not {card}", "wrong_card")
        if self.target == "space" and state is not None:
            return RuleError(f"{card} is already on the board (space {state.space}); "
                             "only an unplaced card can be placed here", "card_placed")
        value = card_value(card, dice)
        if state is not None and state.owner != seat and state.token:
            return RuleError(f"{card} carries a Yahtzee token: only a Yahtzee takes it",
                             "token_card")
        if value == 0:
            return RuleError(f"the throw {shown} does not show {card}", "not_shown")
        if state is not None and state.owner != seat:
            return RuleError(f"stealing {card} needs at least {state.score}, the throw "
                             f"{shown} gives {value}", "steal_too_low")
        if state is not None and not self.raisable(seat, card):
            return RuleError(f"{card} cannot be raised: only number cards below 40",
                             "not_raisable")
        if state is not None:
            return RuleError(f"raising {card} must beat {state.score}, the throw {shown} "
                             f"gives {value}", "raise_too_low")
        return RuleError(f"{card} cannot be taken here", "illegal_take")

    # -- events: the only state changes ------------------------------------------------

    def apply(self, event: Mapping[str, Any]) -> None:
        """Apply one event, validating it first (an illegal event changes nothing).

        Events: ``{"type": "start", "starter": seat, "rolls": [[...], ...]}`` (``rolls``
        optional: the throw-off rounds, one red die per seat, ``null`` for seats out of the
        tie), ``{"type": "red", "roll": 1..6}``, ``{"type": "throw", "dice": "22456",
        "keep": [...]}`` (``keep`` optional), ``{"type": "take", "card": id | null}``,
        ``{"type": "stop"}``.
        """
        if not isinstance(event, Mapping):
            raise RuleError("an event is an object", "bad_event")
        kind = event.get("type")
        if kind == "start":
            self._apply_start(event)
        elif self.phase == "start":
            raise RuleError("the game has not started: a start event comes first",
                            "not_started")
        elif self.phase == "over":
            raise RuleError("the game is over: the Casino round has been played",
                            "game_over")
        elif kind == "red":
            self._apply_red(event)
        elif kind == "throw":
            self._apply_throw(event)
        elif kind == "take":
            self._apply_take(event)
        elif kind == "stop":
            self._apply_stop()
        elif kind == "skip":
            self._apply_skip(event)
        elif kind == "leave":
            seat = event.get("seat")
            if type(seat) is not int or not 0 <= seat < len(self.players):
                raise RuleError(f"a seat is a number 0-{len(self.players) - 1}", "bad_event")
            self.left.add(seat)
        else:
            raise RuleError(f"unknown event type {kind!r}", "bad_event")
        self.events.append(dict(event))
        if self.phase == "over" and self._finished_at is None:
            self._finished_at = len(self.events) - 1

    def _apply_start(self, event: Mapping[str, Any]) -> None:
        if self.phase != "start":
            raise RuleError("the game has already started", "started")
        starter = event.get("starter")
        n = len(self.players)
        if type(starter) is not int or not 0 <= starter < n:
            raise RuleError(f"'starter' must be a seat 0..{n - 1}", "bad_event")
        rolls = event.get("rolls")
        if rolls is not None:
            _check_rolls(rolls, n, starter)
        self.seat = starter
        self._begin_turn()

    def _apply_skip(self, event: Mapping[str, Any]) -> None:
        """The seat to move loses the rest of its turn (absent, skipped by the host, or
        gone): the pawn stays where it stands, nothing is taken (docs/kaartspel.md)."""
        reason = event.get("reason", "absent")
        if reason not in SKIP_REASONS:
            raise RuleError("a skip names its reason: " + ", ".join(SKIP_REASONS), "bad_event")
        assert self.seat is not None
        self.turns[-1]["skipped"] = reason
        if reason == "left":
            self.left.add(self.seat)
        self._end_turn()

    def seat_status(self, seat: int) -> tuple[int, bool]:
        """Turns in a row ``seat`` missed (skipped), and whether it left the table."""
        own = [t.get("skipped") for t in self.turns if t["seat"] == seat
               and (t["steps"] or t.get("skipped"))]
        if self.seat == seat and self.turns and not self.turns[-1]["steps"] \
                and not self.turns[-1].get("skipped") and own and own[-1] is None:
            own = own[:-1]  # the turn under way has not been missed (yet)
        return missed_turns(own), seat in self.left

    def _begin_turn(self) -> None:
        assert self.seat is not None
        self.phase = "move"
        self.target = None
        self.red = None
        self.cup.reset()
        self._throws = []
        self._turn_start_total = self.totals()[self.seat]
        self.turns.append({"player": self.players[self.seat], "seat": self.seat,
                           "steps": [], "points": 0})

    def _apply_red(self, event: Mapping[str, Any]) -> None:
        roll = event.get("roll")
        if type(roll) is not int or not 1 <= roll <= 6:
            raise RuleError(f"the red die shows 1..6, not {roll!r}", "bad_event")
        if self.phase == "throw":
            raise RuleError(self._must_throw_reason(), "must_throw")
        seat = self.seat
        assert seat is not None
        square = (self.pawns[seat] + roll) % SQUARES
        self.pawns[seat] = square
        self.red = roll
        self.turns[-1]["steps"].append({"red": roll})
        self.cup.reset()
        self._throws = []
        card = self.board[square]
        if square in CORNERS:
            self.phase, self.target = "throw", "joker"
        elif card is None:
            self.phase, self.target = "throw", "space"
        elif self.cards[card].owner == seat:
            self.phase, self.target = "choose", None
        else:
            self.phase, self.target = "throw", "steal"

    def _must_throw_reason(self) -> str:
        if self.cup.throws:
            return "the black-dice step is not over: take a card or nothing first"
        where = {"joker": "a JOKER corner", "space": "an empty card space",
                 "steal": "an opponent's card", "raise": "the own card being raised"}
        return (f"the black dice must be thrown next to {where.get(self.target or '', '?')}"
                f" (square {self.pawns[self.seat or 0]})")

    def _apply_throw(self, event: Mapping[str, Any]) -> None:
        seat = self.seat
        assert seat is not None
        if self.phase == "move":
            if self.turns[-1]["steps"]:
                raise RuleError("after a successful steal in the Casino round the red die "
                                "must be thrown again", "must_move")
            raise RuleError("a turn starts with a red-die move", "must_move")
        faces = parse_dice(event.get("dice"))
        keep = _keep_field(event.get("keep"))
        raising = False
        if self.phase == "choose":
            card = self.board[self.pawns[seat]]
            assert card is not None
            if not self.raisable(seat, card):
                raise RuleError(f"{card} cannot be raised (only a number card below 40): "
                                "next to an own card move on or end the turn", "not_raisable")
            raising = True
        kept = self.cup.check_keep(keep) if not raising else frozenset()
        if raising and keep:
            raise RuleError("the first throw uses all the dice", "keep_before_throw")
        old = self.cup.showing
        if old is not None and any(faces[i] != old[i] for i in kept):
            raise RuleError(f"kept dice changed: {format_dice(old)} -> {format_dice(faces)}",
                            "bad_keep")
        if raising:
            self.phase, self.target = "throw", "raise"
            self.cup.reset()
        self.cup.record(faces)
        self._throws.append(format_dice(faces))

    def _apply_take(self, event: Mapping[str, Any]) -> None:
        seat = self.seat
        assert seat is not None
        if self.phase != "throw" or self.cup.showing is None:
            raise RuleError("nothing to take: no black dice thrown in this step", "no_throw")
        card = _card_field(event.get("card"))
        dice = self.cup.showing
        option = None
        if card is not None:
            option = self.take_options(dice).get(card)
            if option is None:
                raise self._take_error(card, dice)
        self.turns[-1]["steps"].append({"throws": list(self._throws), "take": card})
        self._throws = []
        self.cup.reset()
        if option is None:
            self._end_turn()
            return
        self._perform(seat, option)
        if option.kind == "place" and len(self.cards) == len(CARDS):
            self.placer = seat
            self._end_turn()
            return
        if self.casino and option.kind == "steal":
            self.phase, self.target = "move", None   # a compulsory red-die move
            return
        self._end_turn()

    def _perform(self, seat: int, option: TakeOption) -> None:
        state = self.cards.get(option.card)
        if state is not None:
            if state.token:
                self.tokens[state.owner] = None          # a challenge: the token goes home
            self.board[state.space] = None
        if option.token:
            self.tokens[seat] = option.card
        self.cards[option.card] = CardState(option.space, seat, option.score, option.token)
        self.board[option.space] = option.card
        self.pawns[seat] = option.space

    def _apply_stop(self) -> None:
        if self.phase != "choose":
            raise RuleError("only next to an own card can a turn be ended without a throw",
                            "cannot_stop")
        self._end_turn()

    def _end_turn(self) -> None:
        seat = self.seat
        assert seat is not None
        self.turns[-1]["points"] = self.totals()[seat] - self._turn_start_total
        self.turns_done += 1
        n = len(self.players)
        if self.casino:
            self.casino_left -= 1
            if self.casino_left == 0:
                self.phase, self.target = "over", None
                self.cup.reset()
                return
        elif len(self.cards) == len(CARDS):
            self.casino = True
            self.casino_left = n
        self.seat = (seat + 1) % n
        self._begin_turn()

    # -- actions -----------------------------------------------------------------------

    def parse_action(self, name: str, body: Mapping[str, Any]) -> KaartspelAction:
        """A typed action from its name and JSON body: ``start {}``, ``roll {}``,
        ``throw {"keep": [...]}``, ``take {"card": id | null}``, ``stop {}``."""
        if not isinstance(body, Mapping):
            raise RuleError("an action body is an object", "bad_request")
        if name == "start":
            return Start()
        if name == "roll":
            return Roll()
        if name == "throw":
            return Throw(_keep_field(body.get("keep")))
        if name == "take":
            if "card" not in body:
                raise RuleError("take needs 'card' (a card id or null)", "bad_request")
            return Take(_card_field(body.get("card")))
        if name == "stop":
            return Stop()
        if name == "skip":
            return Skip.from_json(body)
        raise bad_action(name, ACTIONS)

    def act(self, action: Any) -> Outcome:
        """Perform ``action`` for the seat to move: the red die and the black dice use the
        RNG. Returns the new events and a summary (the roll, the square, the dice, the card
        taken with its score)."""
        rng = self.resources.rng
        event: JSON
        if isinstance(action, Start):
            if self.phase != "start":
                raise RuleError("the game has already started", "started")
            rolls, starter = _throw_off(rng, len(self.players))
            event = {"type": "start", "starter": starter, "rolls": rolls}
            self.apply(event)
            return Outcome([event], {"starter": starter, "player": self.players[starter]})
        self._require_turn()
        if isinstance(action, Roll):
            if self.phase == "throw":
                raise RuleError(self._must_throw_reason(), "must_throw")
            event = {"type": "red", "roll": rng.randint(1, 6)}
            self.apply(event)
            assert self.seat is not None
            return Outcome([event], {"roll": event["roll"], "square": self.pawns[self.seat],
                                     "phase": self.phase})
        if isinstance(action, Throw):
            keep = _keep_field(list(action.keep))
            if self.phase == "throw":
                kept = self.cup.check_keep(keep)
                faces = self.cup.roll(kept)
            elif self.phase == "choose":
                if keep:
                    raise RuleError("the first throw uses all the dice", "keep_before_throw")
                faces = tuple(rng.randint(1, 6) for _ in range(NUM_DICE))
            else:
                raise RuleError("a turn starts with a red-die move", "must_move")
            event = {"type": "throw", "dice": format_dice(faces)}
            if keep:
                event["keep"] = list(keep)
            self.apply(event)
            return Outcome([event], {"dice": event["dice"], "throws": self.cup.throws,
                                     "options": {c: o.to_json()
                                                 for c, o in self.take_options().items()}})
        if isinstance(action, Take):
            option = self.take_options().get(action.card) if action.card else None
            event = {"type": "take", "card": action.card}
            self.apply(event)
            summary: JSON = {"card": action.card}
            if option is not None:
                summary.update(option.to_json())
            return Outcome([event], summary)
        if isinstance(action, Stop):
            event = {"type": "stop"}
            self.apply(event)
            return Outcome([event])
        if isinstance(action, Skip):
            self._require_turn()
            event = {"type": "skip", "reason": action.reason}
            self.apply(event)
            return Outcome([event], {"skipped": action.reason})
        if isinstance(action, Leave):
            event = {"type": "leave", "seat": action.seat}
            self.apply(event)
            return Outcome([event], {"left": action.seat})
        raise RuleError(f"not a Kaartspel action: {action!r}", "bad_request")

    def _require_turn(self) -> int:
        if self.phase == "start":
            raise RuleError("the game has not started", "not_started")
        if self.phase == "over":
            raise RuleError("the game is over", "game_over")
        assert self.seat is not None
        return self.seat

    def legal_actions(self) -> list[str]:
        """The names of the actions allowed now."""
        if self.phase == "start":
            return ["start"]
        if self.phase == "move":
            return ["roll"]
        if self.phase == "choose":
            assert self.seat is not None
            card = self.board[self.pawns[self.seat]]
            raise_ok = card is not None and self.raisable(self.seat, card)
            return ["roll", "throw", "stop"] if raise_ok else ["roll", "stop"]
        if self.phase == "throw":
            out = ["throw"] if self.cup.can_throw else []
            return out + (["take"] if self.cup.showing is not None else [])
        return []

    def expire(self, now: float | None = None) -> bool:
        """Kaartspel has no hourglass: never expires."""
        return False

    def deadline(self) -> float | None:
        """Kaartspel turns do not time out."""
        return None

    def preview(self, body: Mapping[str, Any]) -> JSON:
        """Kaartspel has nothing to preview (the options are in :meth:`view`)."""
        raise RuleError("Kaartspel has no preview: the view lists the options", "no_preview")

    # -- views and records -------------------------------------------------------------

    def options(self) -> list[JSON]:
        """The legal actions now, with what each final throw could take."""
        out: list[JSON] = []
        for name in self.legal_actions():
            item: JSON = {"action": name}
            if name == "throw":
                item["throws_left"] = (MAX_THROWS - self.cup.throws
                                       if self.phase == "throw" else MAX_THROWS)
                if self.phase == "choose":
                    assert self.seat is not None
                    item["raise"] = self.board[self.pawns[self.seat]]
            if name == "take":
                item["cards"] = {c: o.to_json() for c, o in self.take_options().items()}
            out.append(item)
        return out

    def view(self, seat: int | None = None) -> JSON:
        """The board as JSON for a screen: ``spaces`` (kind, card, owner, score, token),
        ``players`` (corner, pawn, token, cards, total), whose turn, the phase, the red die,
        the black dice, ``options`` (for the seat to move, or for everyone when ``seat`` is
        ``None``) and ``history`` (finished turns with their steps and ``points``)."""
        spaces = []
        for space in range(SQUARES):
            card = self.board[space]
            state = self.cards.get(card) if card else None
            corner_of = (self.corners.index(space) if space in self.corners else None)
            spaces.append({"space": space, "kind": "joker" if space in CORNERS else "card",
                           "corner_of": corner_of, "card": card,
                           "owner": state.owner if state else None,
                           "score": state.score if state else None,
                           "token": bool(state and state.token),
                           "pawns": [s for s, p in enumerate(self.pawns) if p == space]})
        totals = self.totals()
        players = [{"name": name, "seat": s, "corner": self.corners[s], "pawn": self.pawns[s],
                    "token": self.tokens[s], "cards": self.cards_of(s), "total": totals[s]}
                   for s, name in enumerate(self.players)]
        mover = self.current_seat
        dice = self.cup.showing
        return {"mode": MODE, "rules": self.rules.to_json(), "seat": seat,
                "players": players, "spaces": spaces, "unplaced": self.unplaced(),
                "current_seat": mover,
                "current_player": None if mover is None else self.players[mover],
                "phase": self.phase, "target": self.target, "red": self.red,
                "dice": list(dice) if dice is not None else None,
                "throws": self.cup.throws, "casino": self.casino,
                "casino_left": self.casino_left if self.casino else None,
                "options": self.options() if seat is None or seat == mover else [],
                "history": [dict(t) for t in self.turns[:self.turns_done]],
                "finished": self.finished,
                "winners": self.winners() if self.finished else []}

    def result(self) -> JSON:
        """Each player's cards (``{card: score}``), token card and total, and the winners:
        the ``replay`` output."""
        totals = self.totals()
        return {"players": [{"name": name, "cards": self.cards_of(s), "token": self.tokens[s],
                             "total": totals[s]} for s, name in enumerate(self.players)],
                "winners": self.winners()}

    def to_json(self) -> JSON:
        """Setup and events: ``{"mode", "rules", "players", "events"}``."""
        return {"mode": MODE, "rules": self.rules.to_json(), "players": list(self.players),
                "events": [dict(e) for e in self.events]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], resources: Resources | None = None
                  ) -> KaartspelGame:
        """Rebuild a game by applying its events; a bad event raises :class:`RecordError`
        naming it (1-based)."""
        if not isinstance(data, Mapping):
            raise RecordError("game: must be an object")
        if data.get("mode", MODE) != MODE:
            raise RecordError(f"game: mode {data.get('mode')!r} is not {MODE!r}")
        try:
            game = cls(_players(data), KaartspelRules.from_json(data.get("rules")), resources)
        except RuleError as exc:
            raise RecordError(f"game: {exc.message}") from None
        replay_events(game, data.get("events", []))
        return game

    def to_record(self) -> JSON:
        """The game record (docs/kaartspel.md): the turns played, each a list of steps; a
        black-dice step still under way is left out."""
        turns = [{"player": t["player"], "steps": [dict(s) for s in t["steps"]],
                  **({"skipped": t["skipped"]} if t.get("skipped") else {})}
                 for t in self.turns if t["steps"] or t.get("skipped")]
        return {"mode": MODE, "players": list(self.players), "turns": turns}

    def finished_games(self, since_event: int) -> list[list[int]]:
        """``[totals]`` if the game ended at event ``since_event`` or later, else ``[]``."""
        if self._finished_at is not None and self._finished_at >= since_event:
            return [self.totals()]
        return []

    def copy(self) -> KaartspelGame:
        """An independent copy (same resources), rebuilt from the events."""
        game = KaartspelGame(self.players, self.rules, self.resources)
        for event in self.events:
            game.apply(event)
        return game


def _throw_off(rng: random.Random, n: int) -> tuple[list[list[int | None]], int]:
    """The start throw-off: every seat throws the red die, the highest starts, tied seats
    throw again. Returns the rounds (``None`` for seats out) and the starter."""
    rounds: list[list[int | None]] = []
    inside = list(range(n))
    while True:
        row: list[int | None] = [rng.randint(1, 6) if s in inside else None for s in range(n)]
        rounds.append(row)
        best = max(r for r in row if r is not None)
        inside = [s for s in range(n) if row[s] == best]
        if len(inside) == 1:
            return rounds, inside[0]


def _check_rolls(rolls: Any, n: int, starter: int) -> None:
    if not isinstance(rolls, list) or not rolls:
        raise RuleError("'rolls' is a list of throw-off rounds", "bad_event")
    inside = set(range(n))
    for row in rolls:
        if not isinstance(row, list) or len(row) != n:
            raise RuleError(f"a throw-off round has one entry per seat ({n})", "bad_event")
        if {s for s in range(n) if row[s] is not None} != inside:
            raise RuleError("in a throw-off round exactly the tied seats throw", "bad_event")
        values = [row[s] for s in inside]
        if any(type(v) is not int or not 1 <= v <= 6 for v in values):
            raise RuleError("a red die shows 1..6", "bad_event")
        best = max(values)
        inside = {s for s in inside if row[s] == best}
    if inside != {starter}:
        raise RuleError("the throw-off does not make that seat the starter", "bad_event")


def _players(data: Mapping[str, Any]) -> list[str]:
    players = data.get("players")
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RecordError(f"record: 'players' must be a list of {MIN_PLAYERS} to "
                          f"{MAX_PLAYERS} names")
    if any(not isinstance(p, str) or not p.strip() for p in players):
        raise RecordError("record: every player name is a non-empty string")
    if len(set(players)) != len(players):
        raise RecordError("record: player names must differ")
    return players


# ------------------------------------------------------------------------------------------
# Records


def _step_events(step: Any) -> list[JSON]:
    """The events of one record step (``{"red": n}`` or ``{"throws": [...], "take": …}``)."""
    if not isinstance(step, Mapping):
        raise RuleError("a step is {\"red\": n} or {\"throws\": [...], \"take\": card}",
                        "bad_step")
    if ("red" in step) == ("throws" in step):
        raise RuleError("a step has either 'red' or 'throws' (with 'take')", "bad_step")
    if "red" in step:
        roll = step["red"]
        if type(roll) is not int or not 1 <= roll <= 6:
            raise RuleError(f"'red' is the red die, 1..6, not {roll!r}", "bad_step")
        return [{"type": "red", "roll": roll}]
    throws = step["throws"]
    if not isinstance(throws, list) or not 1 <= len(throws) <= MAX_THROWS:
        raise RuleError(f"'throws' must be a list of 1 to {MAX_THROWS} throws", "bad_step")
    if "take" not in step:
        raise RuleError("a black-dice step needs 'take' (a card id or null)", "bad_step")
    events: list[JSON] = []
    for i, throw in enumerate(throws, 1):
        try:
            events.append({"type": "throw", "dice": format_dice(parse_dice(throw))})
        except RuleError as exc:
            raise RuleError(f"throw {i}: {exc.message}", exc.code) from None
    events.append({"type": "take", "card": _card_field(step["take"])})
    return events


def game_from_record(data: Any, resources: Resources | None = None) -> KaartspelGame:
    """The game a record describes, checked against every rule.

    The first turn's player starts; turns then go clockwise. A turn must be complete, except
    the record's last turn, which may stop anywhere (an unfinished game). A turn that stops
    next to an own card ends there (the player stops). Any illegal or malformed turn raises
    :class:`RecordError` with one line naming the turn (1-based) and its player.
    """
    if not isinstance(data, Mapping):
        raise RecordError("record: must be an object")
    if data.get("mode", MODE) != MODE:
        raise RecordError(f"record: mode {data.get('mode')!r} is not {MODE!r}")
    players = _players(data)
    try:
        rules = KaartspelRules.from_json(data.get("rules"))
    except RuleError as exc:
        raise RecordError(f"record: {exc.message}") from None
    turns = data.get("turns")
    if not isinstance(turns, list):
        raise RecordError("record: 'turns' must be a list")
    game = KaartspelGame(players, rules, resources or Resources(random.Random(0), time.time))
    for n, turn in enumerate(turns, 1):
        who = turn.get("player") if isinstance(turn, Mapping) else None
        label = f"turn {n} ({who})" if isinstance(who, str) else f"turn {n}"
        try:
            if not isinstance(turn, Mapping):
                raise RuleError("a turn is an object with 'player' and 'steps'", "bad_turn")
            if game.finished:
                raise RuleError("the game is over: the Casino round has been played",
                                "game_over")
            if not isinstance(who, str) or who not in players:
                raise RuleError(f"'player' must be one of the players, not {who!r}",
                                "bad_turn")
            if game.phase == "start":
                game.apply({"type": "start", "starter": players.index(who)})
            assert game.seat is not None
            if who != players[game.seat]:
                raise RuleError(f"it is {players[game.seat]}'s turn", "wrong_player")
            steps = turn.get("steps")
            skipped = turn.get("skipped")
            if not isinstance(steps, list) or not (steps or skipped):
                raise RuleError("'steps' must be a non-empty list", "bad_turn")
            done = game.turns_done
            for k, step in enumerate(steps, 1):
                if game.turns_done != done:
                    raise RuleError(f"step {k}: the turn is already over", "turn_over")
                try:
                    for event in _step_events(step):
                        game.apply(event)
                except RuleError as exc:
                    raise RuleError(f"step {k}: {exc.message}", exc.code) from None
            if skipped and game.turns_done == done:
                game.apply({"type": "skip", "reason": skipped})
            if game.phase == "choose":
                game.apply({"type": "stop"})
            if game.turns_done == done and n < len(turns):
                if game.phase == "move":
                    raise RuleError("the turn is not over: after a successful steal in the "
                                    "Casino round the red die must be thrown again",
                                    "unfinished_turn")
                raise RuleError("the turn is not over: " + game._must_throw_reason(),
                                "unfinished_turn")
        except RuleError as exc:
            raise RecordError(f"{label}: {exc.message}") from None
    return game


def replay_record(data: Any, resources: Resources | None = None) -> JSON:
    """Check and score a Kaartspel record: ``{"players": [{"name", "cards", "token",
    "total"}], "winners": [...]}`` (see :func:`game_from_record` for the checks)."""
    return game_from_record(data, resources).result()


def parse_rules(data: Any) -> JSON:
    """A table's options (:meth:`KaartspelRules.from_json`: there are none yet)."""
    return KaartspelRules.from_json(data).to_json()


def new_game(players: Sequence[str], rules: Any, resources: Resources) -> KaartspelGame:
    """A fresh game, its start throw-off played (the registry's constructor)."""
    return KaartspelGame.new(check_players(list(players), min_players=2, max_players=4),
                             KaartspelRules.from_json(rules), resources)


def restore(data: Mapping[str, Any], resources: Resources) -> KaartspelGame:
    """A stored game (:meth:`KaartspelGame.to_json`) replayed."""
    return KaartspelGame.from_json(data, resources)


def describe() -> JSON:
    """What a start screen needs to offer this mode."""
    return {"rules_defaults": {}, "boxes": list(CARDS), "players": [2, 4],
            "high_scores": "wins",  # wins before points (KaartspelHighScores)
            "rules_schema": {"type": "object", "additionalProperties": False,
                             "properties": {}}}


# ------------------------------------------------------------------------------------------
# A text board (for terminals and logs)

SHORT = {"ones": "1s", "twos": "2s", "threes": "3s", "fours": "4s", "fives": "5s",
         "sixes": "6s", "three_of_a_kind": "3-kind", "four_of_a_kind": "carre",
         "full_house": "full", "small_straight": "s-str", "large_straight": "l-str",
         "chance": "chance"}
#: Where each space sits on a 5 x 5 grid (row, column): clockwise from the top-left corner.
GRID = [(0, c) for c in range(5)] + [(r, 4) for r in range(1, 4)] + \
    [(4, c) for c in range(4, -1, -1)] + [(r, 0) for r in range(3, 0, -1)]


def board_text(game: KaartspelGame, width: int = 9) -> str:
    """The board as text: the 16 spaces around the tray, each with its number, its card
    (short name), the owner's initial and score (``*`` for a token) and the pawns (``@`` and
    initials); the tray shows the red die and the black dice.

    >>> game = KaartspelGame(["Anna", "Bram"])
    >>> game.apply({"type": "start", "starter": 0})
    >>> game.apply({"type": "red", "roll": 2})
    >>> game.apply({"type": "throw", "dice": "55555"})
    >>> game.apply({"type": "take", "card": "large_straight"})
    >>> print(board_text(game).splitlines()[0])
    |0 JOKER  |1        |2 l-str  |3        |4 JOKER  |
    >>> print(board_text(game).splitlines()[1])
    |         |         |A 70*    |         |         |
    """
    initials = [name[:1].upper() for name in game.players]
    cells: dict[tuple[int, int], list[str]] = {}
    for space, at in enumerate(GRID):
        card = game.board[space]
        state = game.cards.get(card) if card else None
        label = "JOKER" if space in CORNERS else SHORT[card] if card else ""
        owner = (f"{initials[state.owner]} {state.score}{'*' if state.token else ''}"
                 if state else "")
        pawns = "".join(initials[s] for s, p in enumerate(game.pawns) if p == space)
        cells[at] = [f"{space} {label}", owner, f"@{pawns}" if pawns else ""]
    tray = ["", f"red {game.red or '-'}",
            "dice " + (format_dice(game.dice) if game.dice else "-"), "",
            f"{game.phase}" + ("" if game.current_seat is None
                               else f": {game.players[game.current_seat]}"),
            "casino" if game.casino else "", "", "", ""]
    lines = []
    for row in range(5):
        for k in range(3):
            parts = []
            for col in range(5):
                if (row, col) in cells:
                    parts.append("|" + cells[(row, col)][k][:width].ljust(width))
                elif col == 1:
                    text = tray[(row - 1) * 3 + k]
                    parts.append("|" + text[:3 * width + 2].center(3 * width + 2))
            lines.append("".join(parts) + "|")
    return "\n".join(line.rstrip() for line in lines)


# ------------------------------------------------------------------------------------------
# High scores


@dataclass
class KaartspelHighScores:
    """Kaartspel's high scores: wins matter more than points.

    ``players`` tallies per name the games played, the games won (a shared win counts for
    every winner) and the best winning total; ``best`` lists the highest winning totals
    (best first, ties keep the earlier entry first, at most ``limit``). The table ranks by
    wins, then win share, then best winning total (:meth:`ranking`).

    >>> board = KaartspelHighScores()
    >>> board.add({"players": [{"name": "Anna", "total": 250}, {"name": "Bram", "total": 180}],
    ...            "winners": ["Anna"]}, when="2026-11-23")
    1
    >>> board.ranking()[0]["name"], board.best[0]["total"]
    ('Anna', 250)
    """

    limit: int = 10
    players: dict[str, JSON] = field(default_factory=dict)
    best: list[JSON] = field(default_factory=list)

    def add(self, result: Mapping[str, Any], when: str = "") -> int | None:
        """Count a finished game's :meth:`KaartspelGame.result`; returns the rank (1-based)
        of its best winning total in :attr:`best`, or ``None`` when it did not enter."""
        totals = {p["name"]: p["total"] for p in result["players"]}
        winners = list(result["winners"])
        rank: int | None = None
        for name, total in totals.items():
            entry = self.players.setdefault(name, {"games": 0, "wins": 0, "best_win": None})
            entry["games"] += 1
            if name in winners:
                entry["wins"] += 1
                if entry["best_win"] is None or total > entry["best_win"]:
                    entry["best_win"] = total
        for name in winners:
            total = totals[name]
            if len(self.best) >= self.limit and total <= self.best[-1]["total"]:
                continue
            at = sum(1 for e in self.best if e["total"] >= total)
            self.best.insert(at, {"name": name, "total": total, "players": len(totals),
                                  "when": when})
            del self.best[self.limit:]
            rank = at + 1 if rank is None else min(rank, at + 1)
        return rank

    def ranking(self) -> list[JSON]:
        """``[{"name", "games", "wins", "best_win"}]``: most wins first, then the higher win
        share, then the higher best winning total."""
        rows = [{"name": n, **e} for n, e in self.players.items()]
        rows.sort(key=lambda r: (-r["wins"], -r["wins"] / max(r["games"], 1),
                                 -(r["best_win"] or 0)))
        return rows

    def to_json(self) -> JSON:
        """``{"players": {name: {"games", "wins", "best_win"}}, "best": [...]}``."""
        return {"players": {n: dict(e) for n, e in self.players.items()},
                "best": [dict(e) for e in self.best]}

    @classmethod
    def from_json(cls, data: Any, limit: int = 10) -> KaartspelHighScores:
        """Read :meth:`to_json` output (malformed parts are skipped)."""
        out = cls(limit)
        if not isinstance(data, Mapping):
            return out
        for name, e in (data.get("players") or {}).items():
            if isinstance(e, Mapping) and type(e.get("games")) is int \
                    and type(e.get("wins")) is int:
                best = e.get("best_win")
                out.players[str(name)] = {"games": e["games"], "wins": e["wins"],
                                          "best_win": best if type(best) is int else None}
        for e in data.get("best") or []:
            if isinstance(e, Mapping) and isinstance(e.get("name"), str) \
                    and type(e.get("total")) is int:
                out.best.append({"name": e["name"], "total": e["total"],
                                 "players": e.get("players"), "when": str(e.get("when", ""))})
        out.best.sort(key=lambda e: -e["total"])
        del out.best[limit:]
        return out
