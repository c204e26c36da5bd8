"""Skill figures a person can read: how close a player's choices came to the judge's, on a
scale where random answers score about 0 and the judge's own play 100 (docs/skill.md).

Every judged decision carries two numbers in points: ``lost``, what the choice lost against
the judge's best, and ``random``, what an answer drawn at random loses there on average
(each distinct choice equally likely, :func:`random_loss`). A player's figure is

    100 × (1 − Σ lost / Σ random)

over the decisions judged (:func:`scaled`): 100 when every choice was the judge's, about 0
for random answers (in expectation exactly 0: at each decision a random answer loses
``random`` on average), below 0 for choices worse than random ones, and the fewer points
lost, the higher. Each mode names its judge (:data:`JUDGES`):

- classic Yahtzee: every keep and box against optimal play (expected points);
- Kaartspel: every decision against the strong computer player's own evaluation;
- Woord Yahtzee: each turn's claim against the best claim on the throw it was made on,
  in points of that turn (the solver's best words for the box chosen, and a Woord Yahtzee
  when a seven-letter word lay there: :func:`woord_claim`). A random answer finds no word
  and loses the best claim's points. Optimal play's expected points are nine tenths chains
  of 100-point bonuses that assume every later seven-letter word is found; counted, they
  put the human-like and beginner levels below random answers, so keeps and the chain are
  shown in the review but not counted (docs/skill.md gives the measurements);
- Triple Yahtzee has no judge: no figure.

The levels' figures the pages compare with are measured by ``scripts/skill_figures.py``
and shipped in ``data/skill-levels.json`` (:func:`levels`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .coach import random_loss as random_loss  # a random answer's loss, by the coach

JUDGES: dict[str, str] = {"classic": "optimal", "woord": "claims", "kaartspel": "strong"}
"""Each mode's judge of the skill figure: ``optimal`` (optimal play, expected points),
``claims`` (each turn's claim against the best claim on its throw, points of the turn) or
``strong`` (the strong computer player's evaluation). A mode not named has none."""
BEST = 0.005
"""A choice that lost at most this much (rounding) is the judge's own."""
SYMBOLS = (("🟨", 75.0), ("🟧", 40.0))
"""A turn's symbol in the daily share by its figure (:func:`turn_symbol`): 🟩 the judge's
choices, then 🟨 from 75, 🟧 from 40, 🟥 below (nearer random answers than the best); ⬛ a
turn the hourglass ended."""


def scaled(lost: float, random: float) -> float | None:
    """``100 × (1 − lost / random)``: 100 for no loss, 0 for a random answer's loss; None
    when nothing was at stake (``random`` is 0).

    >>> scaled(0, 40), scaled(10, 40), scaled(40, 40), scaled(60, 40), scaled(0, 0)
    (100.0, 75.0, 0.0, -50.0, None)
    """
    if random <= 0:
        return None
    return 100.0 * (1.0 - lost / random)


def woord_claim(options: Sequence[Mapping[str, Any]], chosen: Mapping[str, Any]
                ) -> tuple[float, dict[str, Any] | None]:
    """A Woord Yahtzee claim (or a turn the hourglass ended: ``kind: "timeout"``, 0 in its
    box) against the best claim on the throw it was made on: the points it lost, and that
    best claim (None: no claim scored anything). The best claim is the solver's best words
    for the box chosen or, when a seven-letter word lay there, the Woord Yahtzee (50, or its
    100 bonus) if it scores more.

    >>> options = [{"kind": "keep", "value": 9.0},
    ...            {"kind": "claim", "box": "letters_2", "words": ["ik"], "points": 5},
    ...            {"kind": "claim", "box": "chance", "words": ["kip"], "points": 8}]
    >>> woord_claim(options, {"kind": "claim", "box": "letters_2", "points": 3})
    (2.0, {'kind': 'claim', 'box': 'letters_2', 'words': ['ik'], 'points': 5})
    >>> woord_claim(options, {"kind": "timeout", "box": "letters_2", "points": 0})[0]
    5.0
    """
    claims = {str(o["box"]): o for o in options if o["kind"] == "claim"}
    mine = claims.get(str(chosen.get("box")))
    woord = claims.get("woord_yahtzee")
    best = mine
    if woord is not None and (best is None or woord["points"] > best["points"]):
        best = woord
    if best is None or best["points"] <= 0:
        return 0.0, None
    points = chosen.get("points") or 0
    target = {k: best[k] for k in ("kind", "box", "words", "points") if k in best}
    return float(max(0, best["points"] - points)), target


@dataclass
class Tally:
    """A player's judged decisions added up: points lost, a random answer's loss, how many
    were judged and how many were the judge's own."""

    lost: float = 0.0
    random: float = 0.0
    judged: int = 0
    best: int = 0

    def add(self, lost: float, random: float) -> None:
        """One judged decision (or turn)."""
        self.lost += lost
        self.random += random
        self.judged += 1
        self.best += lost <= BEST

    @property
    def figure(self) -> float | None:
        """:func:`scaled` of the sums."""
        return scaled(self.lost, self.random)

    def to_json(self) -> dict[str, Any]:
        """``figure`` (one decimal; None: nothing at stake), ``lost``, ``random``,
        ``judged``, ``best``."""
        figure = self.figure
        return {"figure": None if figure is None else round(figure, 1),
                "lost": round(self.lost, 2), "random": round(self.random, 2),
                "judged": self.judged, "best": self.best}


def tally(decisions: Sequence[Mapping[str, Any]], seats: int) -> list[Tally]:
    """Each seat's :class:`Tally` of reviewed decisions (``lost`` None: not counted)."""
    out = [Tally() for _ in range(seats)]
    for item in decisions:
        if item.get("lost") is not None:
            out[item["seat"]].add(float(item["lost"]), float(item["random"]))
    return out


def turn_symbol(turn: Mapping[str, Any]) -> str:
    """A reviewed turn's symbol in the daily share: ⬛ when the hourglass ended it, 🟩 when
    its choices were the judge's, else by its figure (:data:`SYMBOLS`), 🟥 below them."""
    decisions = turn.get("decisions") or []
    if decisions and decisions[-1].get("chosen", {}).get("kind") == "timeout":
        return "⬛"
    lost, random = float(turn.get("lost") or 0.0), float(turn.get("random") or 0.0)
    figure = scaled(lost, random)
    if lost <= BEST or figure is None:
        return "🟩"
    return next((symbol for symbol, least in SYMBOLS if figure >= least), "🟥")


@cache
def _measured() -> dict[str, Any]:
    text = (resources.files("wordyahtzee") / "data" / "skill-levels.json").read_text(
        encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def levels(kind: str, mode: str, key: str | None = None) -> dict[str, float] | None:
    """The computer levels' mean figures (the judge's own play too, and ``random``: 0) as
    ``scripts/skill_figures.py`` measured them: ``kind`` ``review`` (their own seeded
    games) or ``test`` (the proficiency test); None when not measured for ``mode``, or for
    its strategy table ``key`` (the review's figures hold for the rules they were played
    by)."""
    entry = _measured().get(kind, {}).get(mode)
    if entry is None or (key is not None and entry.get("key") not in (None, key)):
        return None
    # random answers score 0 in expectation, exactly: a measured mean only shows its noise
    return {level: 0.0 if level == "random" else float(row["mean"])
            for level, row in entry["levels"].items()}
