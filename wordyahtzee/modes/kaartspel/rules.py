"""Kaartspel's rules (docs/kaartspel.md): the cards and their maximum scores, the board, the
rules options, what a throw is worth for a card, and what a final throw may do with one."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, NotRequired

from typing_extensions import TypedDict

from ...errors import RuleError
from .. import options
from ..classic import has_run
from ..contract import JSON

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
    """Rules options of Kaartspel, declared like every mode's (:mod:`..options`). There are
    none yet: ``{}`` is the only form, and any key is refused so that a future option cannot
    be silently ignored by an older engine."""

    def to_json(self) -> JSON:
        """The JSON form used in records: ``{}``."""
        return options.to_json(self)

    @classmethod
    def from_json(cls, data: Any) -> KaartspelRules:
        """Read the JSON form (``None`` or ``{}``); any key raises :class:`RuleError`."""
        return options.from_json(cls, data)


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


class CardTake(TypedDict):
    """What a final throw may do with a card (:class:`TakeOption` as JSON)."""

    kind: Literal["place", "steal", "raise"]
    score: int
    """the card's new score"""
    space: int
    """where the card lies afterwards (the pawn moves next to it)"""
    token: bool
    """the Yahtzee token goes on it"""
    yahtzee: bool
    """taken by a Yahtzee (a steal of a token card is a challenge)"""


class RedStep(TypedDict):
    """A step of a turn: the red die moved the pawn."""

    red: int
    """the red die's roll"""


class TakeStep(TypedDict):
    """A step of a turn: the black dice thrown, then a card taken (or none)."""

    throws: list[str]
    """each throw's dice ("13356")"""
    take: str | None
    """the card taken; null: nothing"""


class KaartspelTurn(TypedDict):
    """A turn of Kaartspel: its steps and what it scored."""

    player: str
    """the name of the player who played it"""
    seat: int
    steps: list[RedStep | TakeStep]
    points: int
    """what the player's total gained (a steal's loss to the owner is the owner's)"""
    skipped: NotRequired[str]
    """why the turn was skipped (absent, host, left)"""


KaartspelOption = TypedDict("KaartspelOption", {  # "raise" is no Python name: this form
    "action": str,
    "throws_left": NotRequired[int],
    "raise": NotRequired[str | None],
    "cards": NotRequired[dict[str, CardTake]],
})
KaartspelOption.__doc__ = (
    "An action allowed now (``action``: start, roll, throw, take or stop); ``throw``: the "
    "throws left (``raise``: the card next to the pawn, raised by a throw); ``take``: what "
    "the throw showing may do with each card (``cards``).")


@dataclass(frozen=True)
class TakeOption:
    """What a final throw may do with a card: ``kind`` is ``place``, ``steal`` or ``raise``;
    ``score`` the card's new score; ``space`` where the card lies afterwards (the pawn moves
    next to it); ``token`` whether the Yahtzee token goes on it; ``yahtzee`` whether it is
    taken by a Yahtzee (a steal of a token card is a challenge)."""

    card: str
    kind: Literal["place", "steal", "raise"]
    score: int
    space: int
    token: bool = False
    yahtzee: bool = False

    def to_json(self) -> CardTake:
        """``{"kind", "score", "space", "token", "yahtzee"}``."""
        return {"kind": self.kind, "score": self.score, "space": self.space,
                "token": self.token, "yahtzee": self.yahtzee}


# -- who starts: the throw-off --------------------------------------------------------------

def throw_off(rng: random.Random, n: int) -> tuple[list[list[int | None]], int]:
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


def check_rolls(rolls: Any, n: int, starter: int) -> None:
    """Check a recorded throw-off: the tied seats throw each round, and ``starter`` wins."""
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
