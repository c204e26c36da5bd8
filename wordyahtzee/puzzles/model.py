"""A puzzle: one position of a finished game, every choice it offered with its expected
points, the choice the player made there, and the themes the position touches."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from ..advisor.coach import distinct as distinct  # choices told apart, kept in the advisor
from ..advisor.coach import identity as identity
from . import MINED_MODES, puzzle_rules

THEMES: dict[str, tuple[str, ...]] = {m: puzzle_rules(m).themes for m in MINED_MODES}
"""Each mode's puzzle themes, from the position (the mode's ``puzzle_rules``)."""

MARGIN_SHARE = 0.01
"""A puzzle's best choice stands above the second best by at least this share of the
optimal expected score of a whole game under the game's rules (classic 2.55 points, Woord
Yahtzee on ``nl`` 5.69; Kaartspel: of the strong player's mean game, 2.38): a choice that
costs a player one percent of a game every time is a mistake worth training away, while
smaller gaps are the noise of a near tie (the judge's ``game_points``)."""


@dataclass(frozen=True)
class Puzzle:
    """One position of a finished game (``source``: its game id, or a record's digest),
    as the player in ``seat`` saw it, with every choice (``options``, best first, each with
    ``value``: expected points still to come), the choice made then (``played``) and the
    gap between the best and the second best choice (``margin``)."""

    mode: str
    rules: dict[str, Any]
    source: str
    seat: int
    turn: int
    throws: int
    shown: str
    position: dict[str, Any]
    options: list[dict[str, Any]]
    played: dict[str, Any]
    margin: float
    themes: list[str]
    day: str | None = None
    id: str = field(default="")

    def __post_init__(self) -> None:
        if not self.id:
            fields: list[Any] = [self.mode, self.source, self.seat, self.turn, self.throws,
                                 self.shown]
            fields += puzzle_rules(self.mode).key_fields(self.position)
            key = json.dumps(fields)
            object.__setattr__(self, "id", hashlib.sha256(key.encode()).hexdigest()[:12])

    @property
    def best(self) -> dict[str, Any]:
        """The best choice."""
        return self.options[0]

    def to_json(self) -> dict[str, Any]:
        """Everything, the answer included (the store's form)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Puzzle:
        """The inverse of :meth:`to_json`."""
        return cls(**{k: data[k] for k in cls.__dataclass_fields__ if k in data})

    def question(self) -> dict[str, Any]:
        """What a solver sees before answering: the position, the boxes open to a claim (in
        sheet order) and whether a keep is open; nothing of the answer, and nothing of the
        game or its players (no game id, seat, names or day)."""
        rules = puzzle_rules(self.mode)
        open_boxes = {o.get("box") for o in self.options if o["kind"] != "keep"}
        out = {"id": self.id, "mode": self.mode, "rules": self.rules,
               "throws": self.throws, "shown": self.shown,
               "position": self.position, "themes": self.themes,
               "boxes": [b for b in rules.box_order if b in open_boxes],
               "can_keep": any(o["kind"] == "keep" for o in self.options),
               "screen": dict(rules.screen)}
        return {**out, **rules.question(self.options)}


def themes(mode: str, position: Mapping[str, Any], best: Mapping[str, Any],
           played: Mapping[str, Any]) -> list[str]:
    """The themes a position touches, from what the player saw and the two choices
    (the best one and the one made): the mode's ``themes_of``."""
    return puzzle_rules(mode).themes_of(position, best, played)
