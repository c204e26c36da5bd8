"""Kaartspel's actions of its own (the throw of the black dice is every dice mode's
:class:`~wordyahtzee.modes.contract.Throw`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ...errors import RuleError
from ..contract import JSON, Throw
from .rules import CARDS


@dataclass(frozen=True)
class Start:
    """Throw off with the red die for who starts (highest starts, ties throw again)."""

    name: ClassVar[str] = "start"
    schema: ClassVar[JSON] = {}

    def to_json(self) -> JSON:
        """``{}``."""
        return {}

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any = None) -> Start:
        """Read ``{}``."""
        return cls()


@dataclass(frozen=True)
class Roll:
    """Throw the red die and move the pawn (start of a turn, moving on from an own card,
    the compulsory move after a Casino steal)."""

    name: ClassVar[str] = "roll"
    schema: ClassVar[JSON] = {
        "faces": {"type": "integer", "minimum": 1, "maximum": 6,
                  "description": "score pad tables only: what the real red die shows"}}
    pips: int | None = None   # a score pad: what the real red die shows

    @property
    def faces(self) -> int | None:
        """The real die's face when a score pad gives it (the table service's check)."""
        return self.pips

    def to_json(self) -> JSON:
        """``{}``, or ``{"faces": 1..6}`` for the real red die."""
        return {} if self.pips is None else {"faces": self.pips}

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any = None) -> Roll:
        """Read ``{}`` (the server throws), or ``{"faces": 1..6}`` (a real red die)."""
        faces = body.get("faces")
        if faces is None:
            return cls()
        if type(faces) is not int or not 1 <= faces <= 6:
            raise RuleError("the red die shows 1..6", "impossible_throw")
        return cls(faces)


@dataclass(frozen=True)
class Take:
    """End the black-dice step: take ``card`` with the final throw (place, steal or raise
    it) or nothing (``None``)."""

    card: str | None = None
    name: ClassVar[str] = "take"
    schema: ClassVar[JSON] = {
        "card": {"type": ["string", "null"], "description": "a card id, or null for nothing"}}

    def to_json(self) -> JSON:
        """``{"card": id | null}``."""
        return {"card": self.card}

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any = None) -> Take:
        """Read ``{"card": id | null}``."""
        if "card" not in body:
            raise RuleError("take needs 'card' (a card id or null)", "bad_request")
        return cls(_card_field(body.get("card")))


@dataclass(frozen=True)
class Stop:
    """Next to an own card: end the turn."""

    name: ClassVar[str] = "stop"
    schema: ClassVar[JSON] = {}

    def to_json(self) -> JSON:
        """``{}``."""
        return {}

    @classmethod
    def from_json(cls, body: Mapping[str, Any], game: Any = None) -> Stop:
        """Read ``{}``."""
        return cls()




def _card_field(card: Any, allow_none: bool = True) -> str | None:
    if card is None and allow_none:
        return None
    if not isinstance(card, str):
        raise RuleError(f"a card is a card id string or null, not {card!r}", "bad_request")
    if card not in CARDS:
        raise RuleError(f"unknown card {card!r}; cards: " + ", ".join(CARDS), "unknown_card")
    return card


KaartspelAction = Start | Roll | Throw | Take | Stop
"""Any action a Kaartspel player (or computer) plays."""
