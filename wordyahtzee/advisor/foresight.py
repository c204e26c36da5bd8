"""Foresight: telling play that knows the daily game's faces from play that does not.

Every die's face in the daily game is fixed by the day's seed, the turn, the throw and the
die's position, so a player who has seen the day's dice (through a throwaway profile, or
somebody else's game) can play knowing every throw before it comes. Perfect play gives
every choice of a finished daily game two numbers:

- its **regret**: the expected points it lost against the best choice in expectation (the
  review's number);
- its **worth in hindsight**: what it was worth against that best choice once every face
  of the day is known, the best final total each allows (the day's best game in
  hindsight: :class:`~wordyahtzee.advisor.classic.foresight.ClassicHindsight`,
  :class:`~wordyahtzee.advisor.woord.foresight.WoordHindsight`).

An honest player's choices are good or bad in expectation, and their luck does not follow
their mistakes: when they depart from the best choice in expectation, the departure turns
out the best of all in hindsight only as often as luck allows. A player who knows the faces
departs *because* the faces favour another option: their departures are poor in
expectation but right in hindsight, every time.

The statistic is a likelihood ratio between the two explanations of a game's
*departures* (choices whose worth in hindsight is not that of the best choice in
expectation); a departure *hits* when it is better in hindsight than that choice and as
good as the best option in hindsight:

- *without knowledge*, a departure of regret ``r`` hits with the chance ``q(r)`` that honest
  play shows for its kind (another keep, throwing on, stopping to write, another box:
  :data:`HIT`, per mode, the highest of the computer players', measured by
  ``scripts/simulate_foresight.py``);
- *with knowledge*, a share ``pi`` of the departures is informed and hits every time (up to
  :data:`SLIP`), the others as without knowledge.

``LR = max over pi of prod P_knowledge(outcome) / P_without(outcome)``, at least 1
(``pi = 0``). A game is flagged when ``log LR`` reaches the mode's :data:`THRESHOLD`,
which the same simulation sets so that at most 1% of every honest player's games are
(docs/daily.md, "Fair play").
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

EPSILON = 1e-6
"""Values closer than this (in points) are equal."""
SLIP = 0.02
"""The chance that an informed choice still misses the best in hindsight."""

KINDS = ("keep>keep", "keep>write", "write>keep", "write>write")
"""The kinds of departure: another keep than the best one; throwing on where the best was
to write a box (or claim); writing where the best was to throw on; another box (claim)."""
BY_KIND = {"classic": False, "woord": True}
"""Whether a mode's table tells the kinds of departure apart. Woord Yahtzee's does: an
honest player's claims almost never hit, their keeps do. Classic's does not: its honest
departures of every kind hit at much the same rates, and a table per kind made partial use
of the faces harder to detect without flagging fewer honest games (docs/daily.md)."""
ANY = "any"
"""The key of a table that does not tell the kinds apart."""

HIT: Mapping[str, Mapping[str, Sequence[tuple[float, float]]]] = {
    "classic": {ANY: ((0.0, 0.346), (1.0, 0.418), (3.0, 0.352), (8.0, 0.271),
                      (math.inf, 0.178))},
    "woord": {
        "keep>keep": ((0.0, 0.333), (5.0, 0.282), (15.0, 0.195), (40.0, 0.138),
                      (math.inf, 0.037)),
        "keep>write": ((0.0, 0.5), (5.0, 0.091), (15.0, 0.143), (40.0, 0.014),
                       (math.inf, 0.004)),
        "write>keep": ((0.0, 0.5), (5.0, 0.5), (15.0, 0.189), (40.0, 0.025),
                       (math.inf, 0.002)),
        "write>write": ((0.0, 0.5), (5.0, 0.002), (15.0, 0.003), (40.0, 0.006),
                        (math.inf, 0.002)),
    },
}
"""Per mode (and kind of departure, :data:`BY_KIND`), the chance ``q(r)`` that an honest
departure of regret ``r`` hits: ``(up to r, q)`` in rising order of ``r``. Each is the
highest of the honest computer players' (greedy, human-like, beginner) with 30 departures
or more, each counted with one hit and one miss more (so no share is 0 or 1), else the
pooled share of the honest players (``simulate_foresight.py tune``; docs/daily.md)."""

THRESHOLD: Mapping[str, float] = {"classic": math.log(100.0), "woord": math.log(20.0)}
"""Per mode, the log likelihood ratio at which a game is flagged: the lowest round ratio at
which every honest player of the tuning days is flagged in at most half a percent of its
games (docs/daily.md, "Fair play")."""


@dataclass(frozen=True)
class Choice:
    """One choice of a daily game: where (the turn, counted from 0, and the throws made),
    the option chosen and the best one in expectation (each the mode's option JSON), the
    expected points the choice lost (``regret``), its ``worth`` in hindsight against the
    best option in expectation (positive: better on the day's faces), and ``top``, what
    the best option in hindsight was worth against that option (0 when it is among the
    best in hindsight)."""

    turn: int
    throws: int
    chosen: dict[str, Any]
    best: dict[str, Any]
    regret: float
    worth: float
    top: float

    @property
    def kind(self) -> str:
        """The kind of departure (:data:`KINDS`)."""
        def side(option: Mapping[str, Any]) -> str:
            return "keep" if option.get("kind") == "keep" else "write"
        return f"{side(self.chosen)}>{side(self.best)}"

    @property
    def departure(self) -> bool:
        """Whether the choice departs from the best one in expectation in a way the faces
        could tell: its worth in hindsight is not that option's."""
        return abs(self.worth) > EPSILON

    @property
    def hit(self) -> bool:
        """Whether the choice is better in hindsight than the best one in expectation, and
        as good as the best option in hindsight."""
        return self.worth > EPSILON and self.worth >= self.top - EPSILON

    def to_json(self) -> dict[str, Any]:
        """The choice as the moderators' view and the review show it."""
        return {"turn": self.turn, "throws": self.throws, "chosen": self.chosen,
                "best": self.best, "regret": round(self.regret, 2),
                "worth": round(self.worth, 2), "top": round(self.top, 2)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Choice:
        """A choice as :meth:`to_json` wrote it."""
        return cls(int(data["turn"]), int(data["throws"]), dict(data["chosen"]),
                   dict(data["best"]), float(data["regret"]), float(data["worth"]),
                   float(data["top"]))


Chosen = TypeVar("Chosen")
"""An option of a choice (a keep, a box …), whatever its mode."""


def top_option(values: Mapping[Chosen, float], usual: Chosen | None = None) -> Chosen:
    """The option of highest value (the best game in hindsight's choice); of equally good
    ones ``usual`` (what the player would choose without the knowledge), else the first."""
    top = max(values.values())
    if usual is not None and values.get(usual, -math.inf) >= top - EPSILON:
        return usual
    return next(option for option, value in values.items() if value >= top - EPSILON)


def evasive_option(values: Mapping[Any, float], usual: Any) -> Any:
    """The option of a player who knows the faces and the statistic, and evades it: of the
    options better in hindsight than ``usual`` (the best in expectation) but not as good
    as the best in hindsight, the best one (each such choice a departure that gains on
    the day's faces, and yet no *hit*); ``usual`` when there is none. The daily board,
    ranked by the points each choice loses in expectation, pays it nothing
    (docs/daily.md, "Fair play")."""
    base, top = values[usual], max(values.values())
    better = {option: value for option, value in values.items()
              if base + EPSILON < value < top - EPSILON}
    return max(better, key=lambda option: better[option]) if better else usual


def hit_chance(mode: str, kind: str, regret: float) -> float:
    """``q(r)``: the chance an honest departure of ``kind`` and ``regret`` hits."""
    table = HIT[mode]
    return next(q for most, q in table.get(kind) or table[ANY] if regret <= most + EPSILON)


@dataclass(frozen=True)
class Verdict:
    """A game's statistic: ``log_lr``, the informed share ``pi`` that maximises it, the
    departures and how many of them hit, and whether it is flagged."""

    log_lr: float
    pi: float
    departures: int
    hits: int
    flagged: bool

    def to_json(self) -> dict[str, Any]:
        """``{"log_lr", "lr", "pi", "departures", "hits", "flagged"}``."""
        return {"log_lr": round(self.log_lr, 3),
                "lr": float(f"{math.exp(min(self.log_lr, 700.0)):.4g}"),
                "pi": round(self.pi, 3), "departures": self.departures,
                "hits": self.hits, "flagged": self.flagged}


def log_lr(mode: str, choices: Sequence[Choice], pi: float) -> float:
    """The log likelihood ratio of the departures among ``choices`` at the informed share
    ``pi``."""
    total = 0.0
    for choice in choices:
        if not choice.departure:
            continue
        q = hit_chance(mode, choice.kind, choice.regret)
        if choice.hit:
            total += math.log((pi * (1 - SLIP) + (1 - pi) * q) / q)
        else:
            total += math.log((pi * SLIP + (1 - pi) * (1 - q)) / (1 - q))
    return total


def verdict(mode: str, choices: Sequence[Choice],
            threshold: float | None = None) -> Verdict:
    """The game's likelihood ratio at its best informed share (a concave function of
    ``pi``: a golden-section search) and whether it reaches ``threshold`` (default the
    mode's :data:`THRESHOLD`)."""
    lo, hi = 0.0, 1.0
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(50):
        a, b = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
        if log_lr(mode, choices, a) < log_lr(mode, choices, b):
            lo = a
        else:
            hi = b
    pi = (lo + hi) / 2
    best = log_lr(mode, choices, pi)
    if best <= 0.0:
        best, pi = 0.0, 0.0
    departures = [c for c in choices if c.departure]
    limit = THRESHOLD[mode] if threshold is None else threshold
    return Verdict(best, pi, len(departures), sum(1 for c in departures if c.hit),
                   best >= limit)
