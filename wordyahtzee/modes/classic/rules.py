"""Classic Yahtzee's rules (docs/rules.md §2): the dice, the boxes and what a throw scores in
each (joker readings included), the Yahtzee bonus, the score sheet and the rules options.

Every classic scoring rule lives here, once: :func:`box_score` (the ordinary value of dice in
a box), :func:`legal_scores` (where a throw may go and what it scores there) and
:func:`yahtzee_bonus`. The advisor builds its tables from these functions. Dice are tuples of
five pips 1..6.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...errors import RuleError
from .. import options
from ..bonus import UPPER_BONUS as UPPER_BONUS
from ..bonus import upper_bonus
from ..options import option

if TYPE_CHECKING:
    from ...dice import Cup

FACES = (1, 2, 3, 4, 5, 6)
NUM_DICE = 5
MAX_THROWS = 3
UPPER_BOXES = ("ones", "twos", "threes", "fours", "fives", "sixes")
LOWER_BOXES = ("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight",
               "large_straight", "yahtzee", "chance")
#: The 13 boxes in score-sheet order (the order the advisor's bit masks use).
BOXES = UPPER_BOXES + LOWER_BOXES
UPPER_BONUS_THRESHOLD = 63
"""The standard upper total that earns the bonus (``upper_bonus_at`` may move it)."""
UPPER_MAX = 5 * sum(FACES)
"""The most the upper boxes can hold (105)."""
FULL_HOUSE_SCORE = 25
SMALL_STRAIGHT_SCORE = 30
LARGE_STRAIGHT_SCORE = 40
YAHTZEE_SCORE = 50
YAHTZEE_BONUS = 100
JOKER_READINGS = ("free", "forced")
MATCH_GAMES = 5

Dice = tuple[int, ...]


# ------------------------------------------------------------------------------------------
# Rules options and scoring


@dataclass(frozen=True)
class ClassicRules:
    """Rules options of classic Yahtzee (docs/rules.md §2), declared once: the parser, the
    schema and the defaults come from these fields (:mod:`..options`)."""

    joker: str = option("free", choices=JOKER_READINGS,
                        description="free: the Dutch rulebook; forced: the English rule")
    upper_bonus_at: int = option(
        UPPER_BONUS_THRESHOLD, between=(1, UPPER_MAX),
        description=f"the upper total that earns the bonus of {UPPER_BONUS} (a house rule; "
                    f"{UPPER_MAX} is the most the upper boxes can hold)")

    def __post_init__(self) -> None:
        options.check(self)

    def to_json(self) -> dict[str, Any]:
        """The canonical JSON form: only the options that differ from their defaults."""
        return options.to_json(self)

    @classmethod
    def from_json(cls, data: Any) -> ClassicRules:
        """Read the JSON form; unknown keys or bad values raise :class:`RuleError`."""
        return options.from_json(cls, data)


def parse_dice(text: Any) -> Dice:
    """Parse five pips written as digits (``"33355"``); :class:`RuleError` if it is not."""
    if (not isinstance(text, str) or len(text) != NUM_DICE
            or any(ch not in "123456" for ch in text)):
        raise RuleError(f"a throw is {NUM_DICE} digits 1..6, not {text!r}", "impossible_throw")
    return tuple(int(ch) for ch in text)


def throw_of_event(event: Mapping[str, Any], cup: Cup[int]) -> Dice:
    """The dice of a ``throw`` event (``{"dice": "13356", "keep": [positions]}``), checked
    against the cup: a throw left this turn, and the kept dice unchanged. The cup is not
    changed; :class:`RuleError` says what is wrong."""
    text = event.get("dice")
    if not isinstance(text, str):
        raise RuleError("a throw event has 'dice' as a string", "bad_event")
    dice = parse_dice(text)
    if not cup.can_throw:
        raise RuleError(f"no throws left: {cup.max_throws} is the most a turn",
                        "no_throws_left")
    keep = event.get("keep")
    if keep is not None:
        if not isinstance(keep, list):
            raise RuleError("keep is a list of dice positions", "bad_event")
        kept = cup.check_keep(keep)
        old = cup.showing
        if old is not None and any(old[i] != dice[i] for i in kept):
            raise RuleError("a kept die changed", "impossible_throw")
    return dice


def format_dice(dice: Iterable[int]) -> str:
    """The record form of dice: ``(3, 3, 3, 5, 5)`` -> ``"33355"``."""
    return "".join(str(d) for d in dice)


def _check_dice(dice: Sequence[int]) -> Dice:
    out = tuple(dice)
    if len(out) != NUM_DICE or any(type(d) is not int or not 1 <= d <= 6 for d in out):
        raise RuleError(f"a throw is {NUM_DICE} dice of 1..6, not {out!r}", "impossible_throw")
    return out


def is_yahtzee(dice: Sequence[int]) -> bool:
    """Five alike."""
    return len(dice) == NUM_DICE and len(set(dice)) == 1


def has_run(present: set[int], length: int) -> bool:
    """Do ``length`` consecutive pips all show (a straight)?"""
    return any(all(v in present for v in range(start, start + length))
               for start in range(1, 8 - length))


def box_score(box: str, dice: Sequence[int]) -> int:
    """The ordinary value of ``dice`` in ``box`` (no joker; five alike is no full house)."""
    counts = Counter(dice)
    most = max(counts.values())
    if box in UPPER_BOXES:
        face = UPPER_BOXES.index(box) + 1
        return face * counts[face]
    if box == "three_of_a_kind":
        return sum(dice) if most >= 3 else 0
    if box == "four_of_a_kind":
        return sum(dice) if most >= 4 else 0
    if box == "full_house":
        return FULL_HOUSE_SCORE if sorted(counts.values()) == [2, 3] else 0
    if box == "small_straight":
        return SMALL_STRAIGHT_SCORE if has_run(set(dice), 4) else 0
    if box == "large_straight":
        return LARGE_STRAIGHT_SCORE if has_run(set(dice), 5) else 0
    if box == "yahtzee":
        return YAHTZEE_SCORE if most == NUM_DICE else 0
    if box == "chance":
        return sum(dice)
    raise RuleError(f"unknown box {box!r}; boxes: " + ", ".join(BOXES), "unknown_box")


def _joker_score(box: str, dice: Sequence[int]) -> int:
    """The value of a Yahtzee used as a joker: full value in every lower box."""
    if box == "full_house":
        return FULL_HOUSE_SCORE
    if box == "small_straight":
        return SMALL_STRAIGHT_SCORE
    if box == "large_straight":
        return LARGE_STRAIGHT_SCORE
    return box_score(box, dice)


def legal_scores(dice: Sequence[int], filled: Iterable[str], joker: str = "free",
                 only: str | None = None) -> dict[str, int]:
    """Every box ``dice`` may be scored in now, with its score (Yahtzee bonus excluded);
    ``only``: the one box asked about (without a joker, the others are not scored).

    ``filled`` holds the ids of the boxes already filled. Without a Yahtzee, or while the
    ``yahtzee`` box is open, every open box takes its ordinary value. A Yahtzee thrown when
    the ``yahtzee`` box is filled (50 or 0) follows the joker reading (docs/rules.md §2):

    - ``"free"``: with the upper box of its number open, an ordinary throw (any open box,
      ordinary values); with it filled, a joker: any open lower box at full value, or any open
      upper box for 0.
    - ``"forced"``: the upper box of its number if open, and nothing else; otherwise any open
      lower box at full value; only when every lower box is filled, any open upper box for 0.
    """
    dice = _check_dice(dice)
    done = set(filled)
    unknown = done - set(BOXES)
    if unknown:
        raise RuleError(f"unknown box {sorted(unknown)[0]!r}", "unknown_box")
    open_boxes = [b for b in BOXES if b not in done]
    if not is_yahtzee(dice) or "yahtzee" not in done:
        return {b: box_score(b, dice) for b in open_boxes if only is None or b == only}
    own = UPPER_BOXES[dice[0] - 1]
    own_open = own not in done
    if joker == "free":
        if own_open:
            return {b: box_score(b, dice) for b in open_boxes}
        return {b: _joker_score(b, dice) for b in open_boxes}
    if joker != "forced":
        raise RuleError(f"unknown joker reading {joker!r}", "bad_rules")
    if own_open:
        return {own: box_score(own, dice)}
    lower = [b for b in open_boxes if b in LOWER_BOXES]
    if lower:
        return {b: _joker_score(b, dice) for b in lower}
    return {b: 0 for b in open_boxes}


def yahtzee_bonus(dice: Sequence[int], yahtzee_box: int | None) -> int:
    """The bonus a throw earns wherever it is scored: 100 for a further Yahtzee while the
    ``yahtzee`` box holds 50 (``yahtzee_box`` is its score, ``None`` while open)."""
    return YAHTZEE_BONUS if yahtzee_box == YAHTZEE_SCORE and is_yahtzee(dice) else 0


def yahtzees_made(player: Mapping[str, Any]) -> int:
    """How many Yahtzees a player's result (:meth:`ScoreSheet.to_json`) holds: the one in
    its box and each that earned the bonus."""
    boxes = player.get("boxes") or {}
    return (int(boxes.get("yahtzee") == YAHTZEE_SCORE)
            + int(player.get("yahtzee_bonus") or 0) // YAHTZEE_BONUS)


# ------------------------------------------------------------------------------------------
# The score sheet


@dataclass
class ScoreSheet:
    """One player's sheet: the filled boxes with their scores and the Yahtzee bonus tally."""

    scores: dict[str, int] = field(default_factory=dict)
    yahtzee_bonus: int = 0
    upper_bonus_at: int = UPPER_BONUS_THRESHOLD

    @property
    def filled(self) -> frozenset[str]:
        """Ids of the filled boxes."""
        return frozenset(self.scores)

    @property
    def open_boxes(self) -> tuple[str, ...]:
        """Ids of the open boxes, in sheet order."""
        return tuple(b for b in BOXES if b not in self.scores)

    @property
    def is_complete(self) -> bool:
        """True when all 13 boxes are filled."""
        return len(self.scores) == len(BOXES)

    @property
    def upper_total(self) -> int:
        """Sum of ``ones`` … ``sixes`` so far."""
        return sum(self.scores.get(b, 0) for b in UPPER_BOXES)

    @property
    def upper_bonus(self) -> int:
        """35 once the upper boxes reach the threshold (63 unless a house rule moves it)."""
        return upper_bonus(self.upper_total, self.upper_bonus_at)

    @property
    def total(self) -> int:
        """Grand total: boxes + upper bonus + Yahtzee bonuses."""
        return sum(self.scores.values()) + self.upper_bonus + self.yahtzee_bonus

    def options(self, dice: Sequence[int], rules: ClassicRules) -> dict[str, int]:
        """Where ``dice`` may be scored now, with the box score (see :func:`legal_scores`)."""
        return legal_scores(dice, self.scores, rules.joker)

    def fill(self, box: str, dice: Sequence[int], rules: ClassicRules) -> int:
        """Score ``dice`` in ``box``; returns the points gained, Yahtzee bonus included."""
        self.check_open(box)
        points, bonus = self.score(box, dice, rules)
        return self.write(box, points, bonus)

    def check_open(self, box: str) -> None:
        """:class:`RuleError` unless ``box`` is a box of the sheet, still open."""
        if box not in BOXES:
            raise RuleError(f"unknown box {box!r}; boxes: " + ", ".join(BOXES), "unknown_box")
        if box in self.scores:
            raise RuleError(f"box {box!r} is already filled", "box_filled")

    def score(self, box: str, dice: Sequence[int], rules: ClassicRules) -> tuple[int, int]:
        """What ``dice`` score in the open ``box`` now: the box's points and the Yahtzee
        bonus (:class:`RuleError` where the joker rule does not allow the box)."""
        options = legal_scores(dice, self.scores, rules.joker, only=box)
        if box not in options:
            allowed = ", ".join(repr(b) for b in options)
            raise RuleError(f"the {rules.joker} joker rule does not allow a Yahtzee of "
                            f"{dice[0]}s in {box!r}; allowed: {allowed}", "joker_placement")
        return options[box], yahtzee_bonus(dice, self.scores.get("yahtzee"))

    def write(self, box: str, points: int, bonus: int) -> int:
        """Write ``points`` in the open ``box`` and add ``bonus`` to the Yahtzee bonuses
        (a claim judged by :meth:`score`, or as its event recorded it); the points
        gained."""
        self.scores[box] = points
        self.yahtzee_bonus += bonus
        return points + bonus

    def to_json(self) -> dict[str, Any]:
        """``{"boxes": {id: score, 0 when unfilled}, "upper_bonus", "yahtzee_bonus", "total"}``."""
        return {"boxes": {b: self.scores.get(b, 0) for b in BOXES},
                "upper_bonus": self.upper_bonus, "yahtzee_bonus": self.yahtzee_bonus,
                "total": self.total}

    def copy(self) -> ScoreSheet:
        """An independent copy."""
        return ScoreSheet(dict(self.scores), self.yahtzee_bonus, self.upper_bonus_at)
