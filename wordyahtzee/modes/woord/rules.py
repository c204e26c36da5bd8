"""Woord Yahtzee's rules (docs/rules.md §1): the boxes, each declared once (:data:`SHEET`:
what it takes, its points, its round, whether it is special), the rules options, the score
sheet, forming words from the faces, what each box scores (:func:`box_score`) and which box
a claim may go in (the one place for round order and the zero box)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ...dice import DiceSet
from ...errors import RuleError
from ...letters import BLANK, is_consonant, is_vowel
from .. import options
from ..bonus import UPPER_BONUS as UPPER_BONUS
from ..bonus import upper_bonus
from ..options import option

MAX_THROWS = 3

BoxKind = Literal["letters", "words", "all_consonants", "all_vowels", "all_dice", "chance"]
"""What a box takes (:class:`Box`)."""


@dataclass(frozen=True)
class Box:
    """One box of the score sheet, declared once (:data:`SHEET`): what it takes, what it
    scores and where it sits. The game, the solver and the advisor all read it.

    ``kind`` says what the box takes: ``letters`` (one word of exactly ``length``
    letters), ``words`` (exactly ``words`` words, on disjoint dice, of any length),
    ``all_consonants`` / ``all_vowels`` (every die shows one, the blank counting for both;
    no word), ``all_dice`` (one word using every die) or ``chance`` (one or more words).
    """

    id: str
    kind: BoxKind
    round: int | None = None
    """Its round in strict order (1..8), or None for a special box: claimable in any round,
    the round's box then taking the 0. Only a round box takes that 0."""
    upper: bool = False
    """An upper box: it counts towards the upper bonus."""
    words: int | None = 1
    """How many words a claim of it carries: 0 (none), exactly that many, or None (one or
    more)."""
    length: int | None = None
    """The letters of its word (``letters``), or None for any length."""
    points: int | None = None
    """What it scores when the dice qualify, or None: the letter values of its words."""
    repeat_bonus: int = 0
    """What a further qualifying claim scores once the box holds its ``points`` (into the
    bonus tally; the box keeps them), or 0: it cannot be claimed again."""
    early_only: bool = False
    """A special box that may only be claimed before the last throw."""

    @property
    def special(self) -> bool:
        """A special box (no round of its own)."""
        return self.round is None

    def open_to_claim(self, throws: int, filled: bool) -> bool:
        """Whether this special box may be claimed after ``throws`` throws, whatever the
        dice show: while open, or when ``filled`` (with its points, a special box is never
        scratched) if it pays a repeat bonus; an early-only box only before the last throw."""
        if self.early_only and throws >= MAX_THROWS:
            return False
        return not filled or bool(self.repeat_bonus)

    def claim_points(self, score: int, filled: bool) -> int:
        """What a qualifying claim writes: ``score`` (its points in the empty box), or the
        repeat bonus once the box is ``filled``."""
        return self.repeat_bonus if filled and self.repeat_bonus else score


SHEET = (
    Box("letters_2", "letters", round=1, upper=True, length=2),
    Box("letters_3", "letters", round=2, upper=True, length=3),
    Box("letters_4", "letters", round=3, upper=True, length=4),
    Box("letters_5", "letters", round=4, upper=True, length=5),
    Box("letters_6", "letters", round=5, upper=True, length=6),
    Box("one_word", "words", round=6),
    Box("two_words", "words", round=7, words=2),
    Box("three_words", "words", round=8, words=3),
    Box("consonants", "all_consonants", words=0, points=25, early_only=True),
    Box("vowels", "all_vowels", words=0, points=25, early_only=True),
    Box("woord_yahtzee", "all_dice", points=50, repeat_bonus=100),
    Box("chance", "chance", words=None, early_only=True),
)
"""The twelve boxes in sheet order (docs/rules.md §1, "The score sheet")."""
BOX = {box.id: box for box in SHEET}
"""Each box's declaration by id."""

BOXES = tuple(BOX)
ROUND_BOXES = tuple(b.id for b in sorted((b for b in SHEET if not b.special),
                                         key=lambda b: b.round or 0))
"""The eight round boxes, in round order: round ``r`` scores ``ROUND_BOXES[r - 1]``."""
SPECIAL_BOXES = tuple(b.id for b in SHEET if b.special)
UPPER_BOXES = tuple(b.id for b in SHEET if b.upper)
LOWER_BOXES = tuple(b.id for b in SHEET if not b.upper)
ROUNDS = len(ROUND_BOXES)

MAX_WORDS = 7
"""The most words a claim (or a preview) may carry: one per die."""
MAX_WORD_CHARS = 40


@dataclass(frozen=True)
class WoordRules:
    """The rules options of docs/rules.md §1, declared once (:mod:`..options`): the parser,
    the schema and the defaults come from these fields."""

    upper_bonus_at: int = option(40, between=(0, 500), old_names=("upper_bonus_threshold",),
                                 description=(
        f"the upper section's sum that earns the bonus of {UPPER_BONUS}"))
    free_order: bool = option(False, description=(
        "true: the rounds in any order (the Dutch rulebook's variant)"))
    turn_seconds: float | None = option(60.0, between=(1, 3600), nullable=True, description=(
        "the hourglass: seconds a turn may take; null: no hourglass"))
    min_word_length: int = option(2, between=(1, 7), description=(
        "the fewest letters a word may have"))
    y_is_vowel: bool = option(True, description="the Y counts as a vowel")
    dictionary: str = option("nl", name=True, description="the dictionary's name")
    dice_set: str = option("nl", name=True, description=(
        "a shipped dice set; left out: the dictionary language's default (en for English, "
        "else nl)"))

    def __post_init__(self) -> None:
        options.check(self)

    def to_json(self) -> dict[str, Any]:
        """Every option, defaults included: the page reads them from the state, and the
        high-score key of a Woord Yahtzee list is this full form (docs/architecture.md)."""
        return options.full_json(self)

    @classmethod
    def from_json(cls, data: Any, **overrides: Any) -> WoordRules:
        """Read options; unknown keys are an error (a typo must not silently do nothing);
        ``overrides`` (a record's dictionary and dice) replace what ``data`` says."""
        rules = options.from_json(cls, data)
        return replace(rules, **overrides) if overrides else rules


def word_list(value: Any) -> list[str]:
    """Words from a request: a list of at most :data:`MAX_WORDS` short strings (blank
    entries dropped); :class:`RuleError` otherwise."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RuleError("words must be a list of strings", "bad_request")
    if len(value) > MAX_WORDS:
        raise RuleError(f"words: at most {MAX_WORDS}", "bad_request")
    if any(len(v) > MAX_WORD_CHARS for v in value):
        raise RuleError(f"words: a word has at most {MAX_WORD_CHARS} characters",
                        "bad_request")
    return [v for v in value if v.strip()]


def optional_box(value: Any) -> str | None:
    """A ``zero_box`` from a request: a box id, or None when absent or empty."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > MAX_WORD_CHARS:
        raise RuleError("zero_box must be a box id", "bad_request")
    return value


@dataclass
class ScoreSheet:
    """One player's twelve boxes (``None`` = still open) and the Woord Yahtzee bonuses."""

    upper_bonus_at: int = 40
    boxes: dict[str, int | None] = field(default_factory=lambda: dict.fromkeys(BOXES))
    woord_yahtzee_bonus: int = 0

    def is_open(self, box: str) -> bool:
        """True when ``box`` has not been written yet."""
        return self.boxes[box] is None

    @property
    def upper_total(self) -> int:
        """Sum of ``letters_2`` … ``letters_6``."""
        return sum(self.boxes[b] or 0 for b in UPPER_BOXES)

    @property
    def upper_bonus(self) -> int:
        """35 once the upper boxes reach the threshold (40, or 45 in the English edition)."""
        return upper_bonus(self.upper_total, self.upper_bonus_at)

    @property
    def lower_total(self) -> int:
        """Sum of the seven lower boxes."""
        return sum(self.boxes[b] or 0 for b in LOWER_BOXES)

    @property
    def total(self) -> int:
        """Grand total: upper + upper bonus + lower + Woord Yahtzee bonuses."""
        return self.upper_total + self.upper_bonus + self.lower_total + self.woord_yahtzee_bonus

    def bonus_due(self, box: str) -> bool:
        """True when a claim of ``box`` now earns its repeat bonus: ``woord_yahtzee``
        already holding 50."""
        spec = BOX[box]
        return bool(spec.repeat_bonus) and self.boxes[box] == spec.points

    def write(self, box: str, points: int, zero_box: str | None = None) -> None:
        """Write a claim's points: into ``box``, or into the bonus tally when the claim
        earns the box's repeat bonus (:meth:`bonus_due`); ``zero_box`` (a special claim's
        round box) gets 0."""
        if self.bonus_due(box):
            self.woord_yahtzee_bonus += points
        else:
            self.boxes[box] = points
        if zero_box is not None:
            self.boxes[zero_box] = 0

    def to_json(self, name: str) -> dict[str, Any]:
        """The ``replay`` output form; an empty box counts 0."""
        return {"name": name, "boxes": {b: self.boxes[b] or 0 for b in BOXES},
                "upper_bonus": self.upper_bonus, "yahtzee_bonus": self.woord_yahtzee_bonus,
                "total": self.total}


def yahtzees_made(player: Mapping[str, Any]) -> int:
    """How many Woord Yahtzees a player's result (:meth:`ScoreSheet.to_json`) holds: the
    one in its box and each that earned the bonus."""
    boxes = player.get("boxes") or {}
    spec = BOX["woord_yahtzee"]
    return (int(boxes.get(spec.id) == spec.points)
            + int(player.get("yahtzee_bonus") or 0) // spec.repeat_bonus)


# -- forming words ------------------------------------------------------------------------

def letter_need(words: Sequence[str]) -> Counter[str]:
    """How many of each letter the words use together (each die serves one letter)."""
    need: Counter[str] = Counter()
    for word in words:
        need.update(word)
    return need


def missing_letters(words: Sequence[str], faces: str) -> int:
    """How many letters the shown real dice lack for ``words`` (the blanks must supply them)."""
    have = Counter(faces.replace(BLANK, ""))
    return sum(max(0, n - have[ch]) for ch, n in letter_need(words).items())


def is_formable(words: Sequence[str], faces: str) -> bool:
    """Can these (folded) words be laid from distinct dice showing ``faces``?"""
    return missing_letters(words, faces) <= faces.count(BLANK)


def words_score(words: Sequence[str], faces: str, dice_set: DiceSet) -> int:
    """Letter values of formable words; real dice are used before the blank (worth 0)."""
    have = Counter(faces.replace(BLANK, ""))
    return sum(min(n, have[ch]) * dice_set.value(ch) for ch, n in letter_need(words).items())


def all_consonants(faces: str, y_is_vowel: bool = True) -> bool:
    """Seven consonants (the blank counts as one): the ``consonants`` box."""
    return all(f == BLANK or is_consonant(f, y_is_vowel) for f in faces)


def all_vowels(faces: str, y_is_vowel: bool = True) -> bool:
    """Seven vowels (the blank counts as one): the ``vowels`` box."""
    return all(f == BLANK or is_vowel(f, y_is_vowel) for f in faces)


_FACE_TESTS = {"all_consonants": (all_consonants, "consonants"),
               "all_vowels": (all_vowels, "vowels")}
"""The boxes that take no word: what the faces must pass, and what the message calls them."""


def box_score(box: str, words: Sequence[str], faces: str, dice_set: DiceSet,
              sheet: ScoreSheet, rules: WoordRules, shown: str | None = None) -> int:
    """The points ``words`` (folded, checked against the dictionary and the dice) score in
    ``box`` with the dice showing ``faces``, or :class:`RuleError` when the box does not
    take them: the one place for what each box asks and pays (docs/rules.md §1), read from
    the box's declaration (:data:`BOX`).
    ``shown``: the dice as the player saw them, for the messages (default ``faces``)."""
    spec = BOX[box]
    if spec.kind in _FACE_TESTS:
        if words:
            raise RuleError(f"{box!r} takes no words", "bad_words")
        test, kind = _FACE_TESTS[spec.kind]
        if not test(faces, rules.y_is_vowel):
            raise RuleError(f"the dice {shown or faces!r} are not all {kind}",
                            "not_eligible")
        return spec.points or 0
    if spec.kind == "all_dice":
        if len(words) != 1 or len(words[0]) != dice_set.size:
            raise RuleError(f"{box!r} takes one word of {dice_set.size} "
                            "letters", "bad_words")
        return spec.claim_points(spec.points or 0, sheet.bonus_due(box))
    if spec.words is None:
        if not words:
            raise RuleError(f"{box!r} takes one or more words", "bad_words")
    elif words:
        wanted = spec.words
        if len(words) != wanted:
            raise RuleError(f"{box!r} takes {wanted} word{'s' if wanted > 1 else ''}, "
                            f"not {len(words)}", "bad_words")
        if spec.length is not None and len(words[0]) != spec.length:
            raise RuleError(f"{box!r} takes a word of exactly {spec.length} letters; "
                            f"{words[0]!r} has {len(words[0])}", "bad_words")
    return words_score(words, faces, dice_set)


# -- what may be claimed: the one place for round order and the zero box ------------------

def default_zero_box(sheet: ScoreSheet, rules: WoordRules, round_no: int) -> str | None:
    """The round box that takes the 0 of a special claim or a timeout: this round's box in
    strict order; with free order the first open round box (it keeps the later, richer
    boxes). None when no round box is open."""
    if not rules.free_order:
        return ROUND_BOXES[round_no - 1]
    return next((b for b in ROUND_BOXES if sheet.is_open(b)), None)


def zero_box_of(box: str, zero_box: str | None, sheet: ScoreSheet, rules: WoordRules,
                round_no: int) -> str | None:
    """Check a claim of ``box`` (naming ``zero_box``) against the round order of round
    ``round_no``; the round box that takes the 0 (None for a round box's own claim)."""
    round_box = ROUND_BOXES[round_no - 1]
    if box in ROUND_BOXES:
        if zero_box is not None:
            raise RuleError("zero_box goes only with a special claim", "bad_claim")
        if rules.free_order:
            if not sheet.is_open(box):
                raise RuleError(f"box {box!r} is already filled", "box_filled")
        elif box != round_box:
            raise RuleError(f"box {box!r} is out of turn: round {round_no} scores "
                            f"{round_box!r}", "out_of_turn")
        return None
    if not rules.free_order:
        if zero_box not in (None, round_box):
            raise RuleError(f"zero_box must be this round's box {round_box!r}", "bad_claim")
        return round_box
    if zero_box is None:
        raise RuleError("with free order a special claim names its zero_box", "bad_claim")
    if zero_box not in ROUND_BOXES:
        raise RuleError(f"zero_box {zero_box!r} is not a round box", "bad_claim")
    if not sheet.is_open(zero_box):
        raise RuleError(f"zero_box {zero_box!r} is already filled", "box_filled")
    return zero_box


def claimable_boxes(sheet: ScoreSheet, rules: WoordRules, round_no: int,
                    throws: int) -> dict[str, str | None]:
    """The boxes a player may claim after ``throws`` throws, whatever the dice show:
    box → the round box that then takes the 0 (``None`` for a round box itself).

    Strict order offers this round's box, free order every open round box; the specials
    follow docs/rules.md §1 (``consonants``, ``vowels``, ``chance`` only before the third throw,
    ``woord_yahtzee`` after any throw, also as the 100-point bonus once it holds 50). Whether
    the dice qualify is :meth:`WoordGame.evaluate`'s job.
    """
    if throws < 1:
        return {}
    rounds = ([b for b in ROUND_BOXES if sheet.is_open(b)] if rules.free_order
              else [ROUND_BOXES[round_no - 1]])
    out: dict[str, str | None] = dict.fromkeys(rounds)
    zero = default_zero_box(sheet, rules, round_no)
    if zero is None:
        return out
    for box in SPECIAL_BOXES:
        if BOX[box].open_to_claim(throws, filled=not sheet.is_open(box)):
            out[box] = zero
    return out
