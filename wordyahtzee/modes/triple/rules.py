"""Triple Yahtzee's rules (docs/triple.md): a score card of three classic columns, weighted
×1, ×2 and ×3.

Nothing here scores a box: every column is a classic :class:`~..classic.ScoreSheet` played
with the free joker reading, so its boxes, its upper bonus and its Yahtzee bonus are
classic's own (:func:`~..classic.legal_scores`, :func:`~..classic.yahtzee_bonus`). This
module adds only what is new: the three columns, their factors, where a skipped turn's 0
goes and the grand total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import RuleError
from .. import options
from ..classic import BOXES, ClassicRules, ScoreSheet, yahtzee_bonus

FACTORS = (1, 2, 3)
"""The weight of each column, column 1 first."""
COLUMNS = len(FACTORS)
"""Columns on a score card."""
TURNS = COLUMNS * len(BOXES)
"""Turns a player plays in a game: one box each (39)."""
JOKER = ClassicRules(joker="free")
"""Every column reads a Yahtzee as classic's free joker (docs/rules.md §2)."""


@dataclass(frozen=True)
class TripleRules:
    """Triple Yahtzee's rules options: none (every column plays classic's standard rules),
    declared like every mode's (:mod:`..options`) so that any key is refused."""


def parse_rules(data: Any) -> dict[str, Any]:
    """Triple Yahtzee has no rules options: ``{}`` (or nothing) and nothing else.

    >>> parse_rules(None)
    {}
    >>> parse_rules({"joker": "forced"})
    Traceback (most recent call last):
    ...
    wordyahtzee.errors.RuleError: rules: unknown option 'joker'; options: none
    """
    return options.to_json(options.from_json(TripleRules, data))


def column_field(column: Any) -> int:
    """A column number, 1 to 3 (:class:`RuleError` ``bad_request`` otherwise)."""
    if type(column) is not int or not 1 <= column <= COLUMNS:
        raise RuleError(f"'column' must be 1, 2 or 3, not {column!r}", "bad_request")
    return column


def box_field(box: Any) -> str:
    """A box id of the classic sheet (``bad_request`` / ``unknown_box`` otherwise)."""
    if not isinstance(box, str):
        raise RuleError(f"'box' must be a box id string, not {box!r}", "bad_request")
    if box not in BOXES:
        raise RuleError(f"unknown box {box!r}; boxes: " + ", ".join(BOXES), "unknown_box")
    return box


@dataclass
class ScoreCard:
    """One player's card: three classic sheets, column 1 (×1) to column 3 (×3).

    >>> card = ScoreCard()
    >>> card.fill(3, "yahtzee", (6, 6, 6, 6, 6))
    50
    >>> card.fill(3, "sixes", (6, 6, 6, 6, 6))   # a further Yahtzee in the armed column
    130
    >>> card.fill(1, "chance", (6, 6, 6, 6, 6))  # column 1's Yahtzee box is open: no bonus
    30
    >>> card.column_totals, card.total
    ([30, 0, 180], 570)
    """

    columns: list[ScoreSheet] = field(
        default_factory=lambda: [ScoreSheet() for _ in FACTORS])

    def sheet(self, column: int) -> ScoreSheet:
        """The classic sheet of ``column`` (1-3)."""
        return self.columns[column_field(column) - 1]

    @property
    def filled(self) -> int:
        """How many boxes are filled over the three columns."""
        return sum(len(sheet.scores) for sheet in self.columns)

    @property
    def is_complete(self) -> bool:
        """True once all 39 boxes are filled."""
        return self.filled == TURNS

    @property
    def column_totals(self) -> list[int]:
        """Each column's classic total (boxes, upper bonus, Yahtzee bonuses), unweighted."""
        return [sheet.total for sheet in self.columns]

    @property
    def total(self) -> int:
        """The grand total: 1 × column 1 + 2 × column 2 + 3 × column 3."""
        return sum(f * t for f, t in zip(FACTORS, self.column_totals, strict=True))

    def options(self, dice: Sequence[int]) -> dict[int, dict[str, int]]:
        """Every open box of every column the dice may be written in now, with the points
        it would gain there, unweighted, that column's Yahtzee bonus included. A full column
        maps to ``{}``."""
        out: dict[int, dict[str, int]] = {}
        for column, sheet in enumerate(self.columns, 1):
            bonus = yahtzee_bonus(dice, sheet.scores.get("yahtzee"))
            out[column] = {b: s + bonus for b, s in sheet.options(dice, JOKER).items()}
        return out

    def fill(self, column: int, box: str, dice: Sequence[int]) -> int:
        """Write ``dice`` in ``box`` of ``column``; the points gained, unweighted."""
        sheet = self.open_sheet(column, box)
        return sheet.write(box, *sheet.score(box, dice, JOKER))

    def open_sheet(self, column: int, box: str) -> ScoreSheet:
        """The sheet of ``column``, whose ``box`` must be open (:class:`RuleError`)."""
        sheet = self.sheet(column)
        if box_field(box) in sheet.scores:
            raise RuleError(f"box {box!r} in column {column} is already filled", "box_filled")
        return sheet

    def first_open(self) -> tuple[int, str]:
        """Where a skipped turn's 0 goes: the first open box (sheet order) of the lowest
        column that has one."""
        for column, sheet in enumerate(self.columns, 1):
            if sheet.open_boxes:
                return column, sheet.open_boxes[0]
        raise RuleError("the score card is full", "game_over")

    def skip(self) -> tuple[int, str]:
        """A 0 in :meth:`first_open`'s box; returns where it went."""
        column, box = self.first_open()
        self.columns[column - 1].scores[box] = 0
        return column, box

    def to_json(self) -> dict[str, Any]:
        """``{"columns": [{"column", "factor", "boxes", "upper_bonus", "yahtzee_bonus",
        "total", "weighted"}], "total"}``: every box (0 when open), the grand total."""
        columns = []
        for column, (factor, sheet) in enumerate(zip(FACTORS, self.columns, strict=True), 1):
            columns.append({"column": column, "factor": factor, **sheet.to_json(),
                            "weighted": factor * sheet.total})
        return {"columns": columns, "total": self.total}

    def copy(self) -> ScoreCard:
        """An independent copy."""
        return ScoreCard([sheet.copy() for sheet in self.columns])
