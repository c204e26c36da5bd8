"""What a solve gives: the scored words, the best claim per box (:class:`Solution`) and
ranked claims."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import RuleError
from ..modes.woord import (
    Claim,
)


@dataclass(frozen=True)
class ScoredWord:
    """A formable word and its score on this throw (real dice before the blank)."""

    word: str
    score: int


@dataclass(frozen=True)
class BoxResult:
    """The best claim for one box: its score and word(s); score 0 and no words when the
    box cannot be claimed with these faces."""

    box: str
    score: int
    words: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """``{"score": int, "words": [...]}`` (the ``solve --json`` box shape)."""
        return {"score": self.score, "words": list(self.words)}


@dataclass(frozen=True)
class RankedClaim:
    """A legal claim now, what it scores, and what it adds to the player's grand total
    (``gain`` includes the upper bonus it completes; a Woord Yahtzee bonus counts 100)."""

    claim: Claim
    points: int
    gain: int

    def to_json(self) -> dict[str, Any]:
        """``{"box", "words", "zero_box"?, "points", "gain"}``."""
        return {**self.claim.to_json(), "points": self.points, "gain": self.gain}


class Solution:
    """What a throw offers: the best claim per box (:attr:`boxes`) and every formable word
    (:attr:`words`, computed on first use, best first)."""

    def __init__(self, letters: str, boxes: dict[str, BoxResult],
                 words: Callable[[], list[ScoredWord]]) -> None:
        self.letters = letters
        """The faces as given (folded), ``?`` for a blank."""
        self.boxes = boxes
        """Box id → :class:`BoxResult`, for all twelve boxes in sheet order."""
        self._find_words = words  # the slow part: only when asked
        self._words: list[ScoredWord] | None = None

    @property
    def words(self) -> list[ScoredWord]:
        """Every formable word, by score, then frequency (common first), then alphabet."""
        if self._words is None:
            self._words = self._find_words()
        return self._words

    def best(self, box: str) -> BoxResult:
        """The best claim for ``box``."""
        try:
            return self.boxes[box]
        except KeyError:
            raise RuleError(f"unknown box {box!r}", "unknown_box") from None

    def to_json(self, top: int | None = None) -> dict[str, Any]:
        """The ``solve --json`` shape; ``top`` keeps only the first ``top`` words."""
        words = self.words if top is None else self.words[:top] if top > 0 else []
        return {"letters": self.letters,
                "boxes": {b: r.to_json() for b, r in self.boxes.items()},
                "words": [{"word": w.word, "score": w.score} for w in words]}

    def __repr__(self) -> str:
        return f"<Solution {self.letters!r}>"
