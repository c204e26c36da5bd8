"""Engine play: telling a profile that plays the optimal strategy's moves from a person who
plays well, over the profile's games (rated games and daily games).

Optimal play gives every decision of a game its options and the expected points each is
worth (the review's judgement, :meth:`~wordyahtzee.advisor.coach.JudgingCoach.judge`). A
person, however strong, now and then takes an option a little worse than the best, the
more often the closer the call; the engine never does. So each decision is set against a
*reference player*: the strongest person the check protects, modelled as the optimal
strategy that slips, taking each option with a chance proportional to
``exp(-lost / slip)`` (``lost``: the points it is worth less than the best; ``slip``:
:data:`REFERENCE_SLIP`, per mode). On each decision the reference player loses ``E``
points on average, with variance ``V``; the player lost ``r`` (the review's regret). A
game's score is

    x = (sum E - sum r) / sqrt(sum V),   at least -CLIP

by how many standard deviations the player played better than the reference player on
the game's own decisions (the way lichess sets a player's accuracy against their rating),
and over a profile's last :data:`WINDOW` judged games in a mode (newest first)

    z = (sum x) / sqrt(games)

A person weaker than the reference has z below 0, one as strong about 0; the engine gains
on every close call, and z grows with the square root of its games. A profile is held for
a moderator when z reaches the mode's :data:`THRESHOLD`. A game counts at most
:data:`CLIP` against the evidence, so a profile cannot bank weak games to hide engine games
behind them: a weak game shows that game was not helped, not that the others were not.
``scripts/simulate_engine.py`` sets the constants: a profile that plays the optimal
strategy in every game is held within ten games, honest computer players of every level
in at most 1% of their careers (docs/daily.md, "Engine play").

The statistic weighs only what the moves cost in expectation, never the dice: luck cannot
hold a profile, and a player's style (a fixed rule of thumb, say) cannot either, for any
rule that is not the engine's loses points the reference player does not.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

MODES = ("classic", "woord")
"""The modes with an optimal strategy to set play against (Kaartspel's coach is a strong
player, not a proven optimum; Triple Yahtzee's has no review)."""
REFERENCE_SLIP: Mapping[str, float] = {"classic": 0.35, "woord": 2.0}
"""Per mode, the reference player's slip, in points (:mod:`this module <.engine>`)."""
THRESHOLD: Mapping[str, float] = {"classic": 3.5, "woord": 3.5}
"""Per mode, the ``z`` at which a profile is held for a moderator."""
CLIP = 0.5
"""The most a game's score counts against the evidence (standard deviations)."""
WINDOW = 30
"""The most recent judged games of a profile in a mode that the statistic reads."""
EPSILON = 1e-6


@dataclass(frozen=True)
class GameSummary:
    """One seat's play in one game, as the statistic reads it: how many decisions, the
    points they lost (``loss``: the review's total regret), and what the reference player
    would have lost on the same decisions on average (``expected``) with its variance."""

    decisions: int
    loss: float
    expected: float
    variance: float

    def to_json(self) -> dict[str, Any]:
        """The summary's numbers, rounded."""
        return {"decisions": self.decisions, "loss": round(self.loss, 3),
                "expected": round(self.expected, 3), "variance": round(self.variance, 4)}


def reference_loss(values: Sequence[float], slip: float) -> tuple[float, float]:
    """The points the reference player loses on a decision whose options are worth
    ``values`` (expected points, any order), on average and its variance."""
    top = max(values)
    lost = [top - v for v in values]
    weights = [math.exp(-x / slip) for x in lost]
    total = sum(weights)
    mean = sum(w * x for w, x in zip(weights, lost, strict=True)) / total
    square = sum(w * x * x for w, x in zip(weights, lost, strict=True)) / total
    return mean, max(0.0, square - mean * mean)


def summarise(mode: str, judged: Iterable[Any], seat: int) -> GameSummary:
    """The summary of ``seat``'s decisions among ``judged`` (the coach's
    :class:`~wordyahtzee.advisor.coach.Judged` of a finished game). A decision with one
    option says nothing and is left out."""
    slip = REFERENCE_SLIP[mode]
    count, loss, expected, variance = 0, 0.0, 0.0, 0.0
    for item in judged:
        if item.seat != seat:
            continue
        values = [float(o["value"]) for o in item.options]
        regret = max(0.0, values[0] - float(item.chosen["value"])) if values else 0.0
        if len(values) > 1:
            count += 1
            mean, var = reference_loss(values, slip)
            expected += mean
            variance += var
        loss += regret
    return GameSummary(count, loss, expected, variance)


@dataclass(frozen=True)
class EngineVerdict:
    """A profile's statistic over its games in a mode: ``z`` (0 without a decision that
    tells), the games and decisions read, the points they lost and what the reference
    player would have lost, and whether it is held."""

    z: float
    games: int
    decisions: int
    loss: float
    expected: float
    held: bool

    def to_json(self) -> dict[str, Any]:
        """``{"z", "games", "decisions", "loss", "expected", "held"}``."""
        return {"z": round(self.z, 2), "games": self.games, "decisions": self.decisions,
                "loss": round(self.loss, 2), "expected": round(self.expected, 2),
                "held": self.held}


def game_score(game: GameSummary, clip: float = CLIP) -> float | None:
    """A game's ``x`` (None: no decision in it tells anything)."""
    if game.variance <= EPSILON:
        return None
    return max(-clip, (game.expected - game.loss) / math.sqrt(game.variance))


def verdict(mode: str, games: Sequence[GameSummary], threshold: float | None = None,
            clip: float = CLIP) -> EngineVerdict:
    """The statistic over ``games`` (a profile's, newest first; the first :data:`WINDOW`
    count) and whether it reaches ``threshold`` (default the mode's :data:`THRESHOLD`)."""
    window = list(games)[:WINDOW]
    scores = [x for g in window if (x := game_score(g, clip)) is not None]
    z = sum(scores) / math.sqrt(len(scores)) if scores else 0.0
    limit = THRESHOLD[mode] if threshold is None else threshold
    return EngineVerdict(z, len(window), sum(g.decisions for g in window),
                         sum(g.loss for g in window), sum(g.expected for g in window),
                         z >= limit)
