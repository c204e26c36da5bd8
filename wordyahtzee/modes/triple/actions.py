"""Triple Yahtzee's one action of its own, writing the dice in a box of a column (the throw
is every dice mode's :class:`~wordyahtzee.modes.contract.Throw`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...errors import RuleError
from ..classic.rules import BOXES
from ..contract import JSON, Throw
from .rules import column_field


@dataclass(frozen=True)
class Claim:
    """The ``claim`` action, as classic's and Woord Yahtzee's: write
    the dice showing in ``box`` of ``column`` (1 to 3).

    >>> Claim.from_json({"box": "chance", "column": 3})
    Claim(box='chance', column=3)
    >>> Claim.from_json({"box": "chance"})
    Traceback (most recent call last):
    ...
    wordyahtzee.errors.RuleError: 'column' must be 1, 2 or 3, not None
    """

    name: ClassVar[str] = "claim"
    schema: ClassVar[JSON] = {
        "box": {"enum": list(BOXES), "description": "the box to write the dice in"},
        "column": {"type": "integer", "minimum": 1, "maximum": 3,
                   "description": "the column (×1, ×2, ×3)"}}
    box: str
    column: int

    def to_json(self) -> JSON:
        """``{"box": id, "column": n}``."""
        return {"box": self.box, "column": self.column}

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any = None) -> Claim:
        """Read ``{"box": id, "column": 1|2|3}``; the game checks the box is open."""
        box = body.get("box")
        if not isinstance(box, str) or not 0 < len(box) <= 40:
            raise RuleError("claim needs a box id", "bad_request")
        return cls(box, column_field(body.get("column")))


TripleAction = Throw | Claim
"""Any action a Triple Yahtzee player (or computer) plays."""
