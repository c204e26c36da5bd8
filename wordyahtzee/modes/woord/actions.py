"""Woord Yahtzee's action of its own, the claim (the throw is every dice mode's)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NotRequired

from typing_extensions import TypedDict

from ...errors import RuleError
from .rules import BOXES, MAX_WORD_CHARS, optional_box, word_list

CLAIM_SCHEMA: dict[str, Any] = {
    "box": {"enum": list(BOXES), "description": "the box to write (empty ``words``: a zero)"},
    "words": {"type": "array", "items": {"type": "string"}},
    "zero_box": {"enum": list(BOXES), "description": "free order: the round box that takes "
                                                     "the 0 of a special claim"}}
"""The body of a claim and of a score pad's note."""


class ClaimRecord(TypedDict):
    """A claim as a game record writes it (docs/records.md)."""

    box: str
    words: list[str]
    """the words claimed, as typed (none: a zero, or a box that needs no words)"""
    zero_box: NotRequired[str]
    """free order: the round box that took the 0 of a special claim"""


class TurnRecord(TypedDict):
    """A finished Woord Yahtzee turn as a game record writes it (docs/records.md)."""

    player: str
    """the name of the player who played it"""
    throws: list[str]
    """each throw's letters, ``?`` the blank"""
    claim: ClaimRecord
    seconds: NotRequired[float]
    """how long the turn took, from the hourglass's start"""
    assumed: NotRequired[bool]
    """a score pad's note: the points were written without the throw"""
    skipped: NotRequired[str]
    """why the turn was skipped (absent, host, left)"""
    timeout: NotRequired[bool]
    """the hourglass ran out: a zero"""


@dataclass(frozen=True)
class Claim:
    """What a player writes on the sheet: a box, the words for it, and (free order) the
    round box that takes the 0 of a special claim. The ``claim`` action."""

    name: ClassVar[str] = "claim"
    schema: ClassVar[dict[str, Any]] = CLAIM_SCHEMA
    box: str
    words: tuple[str, ...] = ()
    zero_box: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The record form ``{"box", "words", "zero_box"?}``."""
        return dict(self.to_record())

    def to_record(self) -> ClaimRecord:
        """The record form, typed (:class:`ClaimRecord`)."""
        data: ClaimRecord = {"box": self.box, "words": list(self.words)}
        if self.zero_box is not None:
            data["zero_box"] = self.zero_box
        return data

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any = None) -> Claim:
        """Read ``{"box", "words"?, "zero_box"?}`` (blank words are dropped)."""
        box = body.get("box")
        if not isinstance(box, str) or not 0 < len(box) <= MAX_WORD_CHARS:
            raise RuleError("a claim names its box", "bad_request")
        return cls(box, tuple(word_list(body.get("words"))),
                   optional_box(body.get("zero_box")))


@dataclass(frozen=True)
class Hourglass:
    """Turn the hourglass over: the ``hourglass`` action of a score pad (real dice), whose
    player taps it when the dice are thrown; the turn's minute runs from here. Without it,
    the turn's first throw starts the hourglass."""

    name: ClassVar[str] = "hourglass"
    schema: ClassVar[dict[str, Any]] = {}

    def to_json(self) -> dict[str, Any]:
        """``{}``."""
        return {}

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any = None) -> Hourglass:
        """Read ``{}``."""
        return cls()


@dataclass(frozen=True)
class Note:
    """A score pad's claim without the throw (``note``): the players did not enter what the
    dice showed, only the box and the words. The game then checks what it can (the words
    are valid and can be laid from the box's dice, the box is free) and scores the words as
    the dice that can show them would."""

    name: ClassVar[str] = "note"
    schema: ClassVar[dict[str, Any]] = CLAIM_SCHEMA
    box: str
    words: tuple[str, ...] = ()
    zero_box: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"box", "words", "zero_box"?}``."""
        return Claim(self.box, self.words, self.zero_box).to_json()

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any = None) -> Note:
        """Read ``{"box", "words"?, "zero_box"?}``."""
        claim = Claim.from_json(body, game)
        return cls(claim.box, claim.words, claim.zero_box)
