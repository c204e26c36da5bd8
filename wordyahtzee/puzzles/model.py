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
from ..modes.bonus import reached
from ..modes.classic.rules import BOXES as CLASSIC_BOXES
from ..modes.classic.rules import UPPER_BOXES as CLASSIC_UPPER
from ..modes.kaartspel.rules import CARDS
from ..modes.woord.rules import BOXES as WOORD_BOXES
from ..modes.woord.rules import SPECIAL_BOXES
from ..modes.woord.rules import UPPER_BOXES as WOORD_UPPER

MARGIN_SHARE = 0.01
"""A puzzle's best choice stands above the second best by at least this share of the
optimal expected score of a whole game under the game's rules (classic 2.55 points, Woord
Yahtzee on ``nl`` 5.69; Kaartspel: of :data:`KAARTSPEL_GAME_POINTS`, 2.38): a choice that
costs a player one percent of a game every time is a mistake worth training away, while
smaller gaps are the noise of a near tie."""
KAARTSPEL_GAME_POINTS = 237.5
"""Kaartspel has no optimal play: a whole game is worth what the strong player scores on
average in a two-player game against itself (237.5 ± 0.6 points per player over 400 seeded
games, ``python scripts/kaartspel_game_points.py``)."""

THEMES: dict[str, tuple[str, ...]] = {
    "classic": ("bonus", "yahtzee", "straight", "opening", "last_round", "keep", "box"),
    "woord": ("bonus", "woord_yahtzee", "special", "opening", "last_round", "hourglass",
              "keep", "claim"),
    "kaartspel": ("place", "steal", "raise", "joker", "stop", "yahtzee", "casino", "opening",
                  "keep", "take"),
}
"""Each mode's puzzle themes, from the position (see :func:`themes`)."""

HOURGLASS_SECONDS = 20.0
"""A Woord Yahtzee position is an hourglass puzzle when at most this many seconds were
left."""


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
            if self.mode == "kaartspel":  # a turn may throw the black dice more than once
                fields.append(self.position["step"])
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
        order = CLASSIC_BOXES if self.mode == "classic" else WOORD_BOXES
        open_boxes = {o.get("box") for o in self.options if o["kind"] != "keep"}
        out = {"id": self.id, "mode": self.mode, "rules": self.rules,
               "throws": self.throws, "shown": self.shown,
               "position": self.position, "themes": self.themes,
               "boxes": [b for b in order if b in open_boxes],
               "can_keep": any(o["kind"] == "keep" for o in self.options)}
        if self.mode == "kaartspel":
            out["choices"] = kaartspel_choices(self.options)
        return out


MOVES = ("throw", "roll", "stop")
"""Kaartspel's choices next to an own card, in the order a question lists them."""


def kaartspel_choices(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A Kaartspel position's choices other than keeps, in a fixed order that says nothing
    of their worth: the cards to take (in card order, each with ``how`` and ``score``),
    taking nothing, then throwing to raise, moving on and stopping."""
    def order(option: dict[str, Any]) -> tuple[int, int]:
        card = option.get("card")
        if option["kind"] == "take":
            return 0, CARDS.index(card) if card else len(CARDS)
        return 1, MOVES.index(option["kind"])

    return [{k: o[k] for k in ("kind", "card", "how", "score") if k in o}
            for o in sorted((o for o in options if o["kind"] != "keep"), key=order)]


def themes(mode: str, position: Mapping[str, Any], best: Mapping[str, Any],
           played: Mapping[str, Any]) -> list[str]:
    """The themes a position touches, from what the player saw and the two choices
    (the best one and the one made)."""
    if mode == "kaartspel":
        return _kaartspel_themes(position, best, played)
    boxes = {c.get("box") for c in (best, played) if c["kind"] != "keep"}
    found = []
    if mode == "classic":
        dice = list(position["dice"])
        upper_open = [b for b in CLASSIC_UPPER if b not in position["scores"]]
        if upper_open and not reached(position["upper_total"], position["upper_bonus_at"]) \
                and boxes & set(CLASSIC_UPPER):
            found.append("bonus")
        if max(dice.count(d) for d in set(dice)) >= 4 or "yahtzee" in boxes:
            found.append("yahtzee")
        if boxes & {"small_straight", "large_straight"}:
            found.append("straight")
    else:
        if not reached(position["upper_total"], position["upper_bonus_threshold"]) \
                and boxes & set(WOORD_UPPER):
            found.append("bonus")
        if "woord_yahtzee" in boxes:
            found.append("woord_yahtzee")
        if boxes & (set(SPECIAL_BOXES) - {"woord_yahtzee"}):
            found.append("special")
        left = position.get("seconds_left")
        if (left is not None and left <= HOURGLASS_SECONDS) or played["kind"] == "timeout":
            found.append("hourglass")
    if position["round"] <= 2:
        found.append("opening")
    if position["round"] == position["rounds"]:
        found.append("last_round")
    found.append("keep" if best["kind"] == "keep" else ("box" if mode == "classic"
                                                          else "claim"))
    return found


def _kaartspel_themes(position: Mapping[str, Any], best: Mapping[str, Any],
                      played: Mapping[str, Any]) -> list[str]:
    """A Kaartspel position's themes: what the black dice are thrown for (placing, stealing,
    raising, a JOKER corner; ``stop``: next to an own card, whether to throw, move on or
    stop), a steal taken or missed, five of a kind, the Casino round, the opening, and
    whether the best choice is a keep or a take."""
    target = position["target"] if position["phase"] == "throw" else "stop"
    found = [{"space": "place"}.get(target, target)]
    if target != "steal" and any(c.get("how") == "steal" for c in (best, played)):
        found.append("steal")
    dice = position.get("dice") or []
    if dice and len(set(dice)) == 1:
        found.append("yahtzee")
    if position["casino"]:
        found.append("casino")
    if position["round"] <= 2:
        found.append("opening")
    if best["kind"] in ("keep", "take"):
        found.append(best["kind"])
    return found
