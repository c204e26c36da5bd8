"""Woord Yahtzee's rules (docs/rules.md §1): the boxes and their points, the rules options,
the score sheet, forming words from the faces, and which box a claim may go in (the one
place for round order and the zero box)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from ...dice import DiceSet
from ...errors import RuleError
from ...letters import BLANK, is_consonant, is_vowel

UPPER_BOXES = ("letters_2", "letters_3", "letters_4", "letters_5", "letters_6")
ROUND_BOXES = (*UPPER_BOXES, "one_word", "two_words", "three_words")
"""The eight round boxes, in round order: round ``r`` scores ``ROUND_BOXES[r - 1]``."""
SPECIAL_BOXES = ("consonants", "vowels", "woord_yahtzee", "chance")
BOXES = ROUND_BOXES + SPECIAL_BOXES
LOWER_BOXES = ROUND_BOXES[5:] + SPECIAL_BOXES
ROUNDS = len(ROUND_BOXES)
MAX_THROWS = 3

UPPER_BONUS = 35
CONSONANTS_SCORE = 25
VOWELS_SCORE = 25
WOORD_YAHTZEE_SCORE = 50
WOORD_YAHTZEE_BONUS = 100
SPECIAL_SCORES = {"consonants": CONSONANTS_SCORE, "vowels": VOWELS_SCORE,
                  "woord_yahtzee": WOORD_YAHTZEE_SCORE}
"""What a special box scores when it is filled (a second Woord Yahtzee scores the bonus)."""

WORD_COUNT = {"one_word": 1, "two_words": 2, "three_words": 3}
WORD_COUNT.update({f"letters_{n}": 1 for n in range(2, 7)})
EARLY_ONLY = frozenset({"consonants", "vowels", "chance"})
"""Special boxes that may only be claimed before the third throw (docs/rules.md §1, turn step 3)."""
MAX_WORDS = 7
"""The most words a claim (or a preview) may carry: one per die."""
MAX_WORD_CHARS = 40


@dataclass(frozen=True)
class WoordRules:
    """The rules options of docs/rules.md §1, with its defaults."""

    upper_bonus_threshold: int = 40
    free_order: bool = False
    turn_seconds: float | None = 60.0
    min_word_length: int = 2
    y_is_vowel: bool = True
    dictionary: str = "nl"
    dice_set: str = "nl"

    def __post_init__(self) -> None:
        def bad(message: str) -> RuleError:
            return RuleError(f"rules: {message}", "bad_rules")

        threshold = self.upper_bonus_threshold
        if type(threshold) is not int or not 0 <= threshold <= 500:
            raise bad("upper_bonus_threshold must be a whole number such as 40 or 45")
        if not isinstance(self.free_order, bool):
            raise bad("free_order must be true or false")
        if self.turn_seconds is not None and (
                isinstance(self.turn_seconds, bool)
                or not isinstance(self.turn_seconds, int | float)
                or not math.isfinite(self.turn_seconds) or not 1 <= self.turn_seconds <= 3600):
            raise bad("turn_seconds must be a number of seconds (1-3600) or null")
        if type(self.min_word_length) is not int or not 1 <= self.min_word_length <= 7:
            raise bad("min_word_length must be a whole number from 1 to 7")
        if not isinstance(self.y_is_vowel, bool):
            raise bad("y_is_vowel must be true or false")
        if not isinstance(self.dictionary, str) or not isinstance(self.dice_set, str):
            raise bad("dictionary and dice_set are names")

    def to_json(self) -> dict[str, Any]:
        """The options as a JSON object (``dictionary`` and ``dice_set`` included)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any, **overrides: Any) -> WoordRules:
        """Read options; unknown keys are an error (a typo must not silently do nothing)."""
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise RuleError("rules: must be a JSON object", "bad_rules")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RuleError(f"rules: unknown option {unknown[0]!r}; options are: "
                            + ", ".join(sorted(known)), "bad_rules")
        return cls(**{**data, **overrides})


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

    upper_bonus_threshold: int = 40
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
        return UPPER_BONUS if self.upper_total >= self.upper_bonus_threshold else 0

    @property
    def lower_total(self) -> int:
        """Sum of the seven lower boxes."""
        return sum(self.boxes[b] or 0 for b in LOWER_BOXES)

    @property
    def total(self) -> int:
        """Grand total: upper + upper bonus + lower + Woord Yahtzee bonuses."""
        return self.upper_total + self.upper_bonus + self.lower_total + self.woord_yahtzee_bonus

    def write(self, box: str, points: int, zero_box: str | None = None) -> None:
        """Write a claim's points: into ``box``, or into the bonus tally when ``box`` is
        ``woord_yahtzee`` already holding 50; ``zero_box`` (a special claim's round box)
        gets 0."""
        if box == "woord_yahtzee" and self.boxes[box] == WOORD_YAHTZEE_SCORE:
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
    return (int(boxes.get("woord_yahtzee") == WOORD_YAHTZEE_SCORE)
            + int(player.get("yahtzee_bonus") or 0) // WOORD_YAHTZEE_BONUS)


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


def box_score(box: str, words: Sequence[str], faces: str, dice_set: DiceSet,
              sheet: ScoreSheet, rules: WoordRules, shown: str | None = None) -> int:
    """The points ``words`` (folded, checked against the dictionary and the dice) score in
    ``box`` with the dice showing ``faces``, or :class:`RuleError` when the box does not
    take them: the one place for what each box asks and pays (docs/rules.md §1).
    ``shown``: the dice as the player saw them, for the messages (default ``faces``)."""
    if box in ("consonants", "vowels"):
        if words:
            raise RuleError(f"{box!r} takes no words", "bad_words")
        test = all_consonants if box == "consonants" else all_vowels
        if not test(faces, rules.y_is_vowel):
            kind = "consonants" if box == "consonants" else "vowels"
            raise RuleError(f"the dice {shown or faces!r} are not all {kind}",
                            "not_eligible")
        return SPECIAL_SCORES[box]
    if box == "woord_yahtzee":
        if len(words) != 1 or len(words[0]) != dice_set.size:
            raise RuleError(f"'woord_yahtzee' takes one word of {dice_set.size} "
                            "letters", "bad_words")
        return (WOORD_YAHTZEE_BONUS if sheet.boxes[box] == WOORD_YAHTZEE_SCORE
                else WOORD_YAHTZEE_SCORE)
    if box == "chance":
        if not words:
            raise RuleError("'chance' takes one or more words", "bad_words")
    elif words:
        wanted = WORD_COUNT[box]
        if len(words) != wanted:
            raise RuleError(f"{box!r} takes {wanted} word{'s' if wanted > 1 else ''}, "
                            f"not {len(words)}", "bad_words")
        if box.startswith("letters_"):
            size = int(box.rsplit("_", 1)[1])
            if len(words[0]) != size:
                raise RuleError(f"{box!r} takes a word of exactly {size} letters; "
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
        if box in EARLY_ONLY and throws >= MAX_THROWS:
            continue
        bonus = box == "woord_yahtzee" and sheet.boxes[box] == WOORD_YAHTZEE_SCORE
        if sheet.is_open(box) or bonus:
            out[box] = zero
    return out
