"""Computer players for Kaartspel at three levels, and the hint.

All three answer :meth:`decide` with an action of :mod:`wordyahtzee.modes.kaartspel` for
the seat to move; the game checks it like a human's.

- ``"strong"``: chooses keeps by exact probabilities. The five black dice have 252 sorted
  outcomes and 462 keep multisets; for the cards the final throw could take here (placing,
  stealing, raising, a Yahtzee naming any card) it computes, by dynamic programming over the
  throws left, the keep with the best expected gain, and stops throwing when taking now is
  best. Next to an own card it looks ahead over the six squares the red die may reach
  (moving on) against the expected gain of a raise.
- ``"greedy"``: takes the best card showing at once; with nothing to take it keeps dice by
  rule of thumb (towards the card to steal or raise, else its most common number); next to
  an own card it raises when it can, else moves on.
- ``"beginner"``: legal and mostly random.

:func:`ranked_options` gives the hint: every move the player may make now (each way to keep,
each card to take, rolling on, stopping), best first by the strong player's own evaluation,
which is also the move the strong player makes. :func:`keep_chances` adds, for each way to
keep dice now, the exact chance to take each card within the throws left.

>>> import random
>>> from wordyahtzee.modes.contract import Resources
>>> from wordyahtzee.modes.kaartspel import KaartspelGame
>>> game = KaartspelGame.new(["Anna", "Robot"], resources=Resources(random.Random(2), float))
>>> robot = computer_player("strong")
>>> while not game.finished:
...     _ = game.act(robot.decide(game))
>>> game.finished
True
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ...errors import RuleError
from ...modes.kaartspel import (
    CARDS,
    CORNERS,
    MAX_SCORE,
    MAX_THROWS,
    NUM_DICE,
    SQUARES,
    KaartspelAction,
    KaartspelGame,
    Roll,
    Start,
    Stop,
    Take,
    Throw,
    card_value,
)
from ..levels import KAARTSPEL_LEVELS

__all__ = [
    "LEVELS",
    "BeginnerPlayer",
    "GreedyPlayer",
    "Option",
    "StrongPlayer",
    "Target",
    "computer_player",
    "keep_chances",
    "ranked_options",
    "targets_at",
]

#: The levels :func:`computer_player` knows, strongest first.
LEVELS = KAARTSPEL_LEVELS

# ------------------------------------------------------------------------------------------
# The five-dice tables: 252 sorted outcomes, 462 keep multisets, the transition matrix

STATES: list[tuple[int, ...]] = list(itertools.combinations_with_replacement(range(1, 7), 5))
STATE_INDEX = {s: i for i, s in enumerate(STATES)}
KEEPS: list[tuple[int, ...]] = [k for n in range(NUM_DICE + 1)
                                for k in itertools.combinations_with_replacement(range(1, 7), n)]
KEEP_INDEX = {k: i for i, k in enumerate(KEEPS)}


def _outcomes(n: int) -> dict[tuple[int, ...], float]:
    counts = Counter(tuple(sorted(r)) for r in itertools.product(range(1, 7), repeat=n))
    total = 6 ** n
    return {k: v / total for k, v in counts.items()}


def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    trans = np.zeros((len(KEEPS), len(STATES)))
    rolls = {n: _outcomes(n) for n in range(NUM_DICE + 1)}
    for k, keep in enumerate(KEEPS):
        for roll, p in rolls[NUM_DICE - len(keep)].items():
            trans[k, STATE_INDEX[tuple(sorted(keep + roll))]] += p
    subs = []
    for state in STATES:
        found = {tuple(sorted(c)) for n in range(NUM_DICE + 1)
                 for c in itertools.combinations(state, n)}
        subs.append(sorted(KEEP_INDEX[k] for k in found))
    width = max(len(s) for s in subs)
    sub_index = np.array([s + [s[0]] * (width - len(s)) for s in subs])
    full = np.array([KEEP_INDEX[s] for s in STATES])
    values = np.array([[card_value(c, s) for s in STATES] for c in CARDS])
    return trans, sub_index, full, values


TRANS, SUB_KEEPS, FULL_KEEP, VALUES = _tables()
FIRST = TRANS[KEEP_INDEX[()]]                      # the first throw's distribution
YAHTZEE = np.array([len(set(s)) == 1 for s in STATES])
NEG = -1e9


@dataclass(frozen=True)
class Target:
    """A card the final throw may take: it qualifies when the throw's value for ``card``
    reaches ``need`` (and is no Yahtzee); its worth is then ``base + value``."""

    card: str
    kind: str
    need: int
    base: float


def _utility(targets: tuple[Target, ...], yahtzee: float) -> np.ndarray:
    """The worth of each final outcome: the best target it takes, or 0 (take nothing)."""
    best = np.zeros(len(STATES))
    for t in targets:
        vals = VALUES[CARDS.index(t.card)]
        best = np.maximum(best, np.where(vals >= t.need, t.base + vals, NEG))
    return np.where(YAHTZEE, max(yahtzee, 0.0), best)


@lru_cache(maxsize=4096)
def _plan(targets: tuple[Target, ...], yahtzee: float) -> tuple[np.ndarray, ...]:
    """``(U, E1, E2)``: the worth of stopping, and of each keep with 1 or 2 throws left
    after it (stopping is the full keep)."""
    worth = _utility(targets, yahtzee)
    out = [worth]
    after = worth
    for _ in range(MAX_THROWS - 1):
        keep_value = TRANS @ after
        keep_value[FULL_KEEP] = worth
        out.append(keep_value)
        after = keep_value[SUB_KEEPS].max(axis=1)
    return tuple(out)


def expected_worth(targets: tuple[Target, ...], yahtzee: float) -> float:
    """The expected worth of a black-dice step of three throws, played best."""
    _, _, second = _plan(targets, yahtzee)
    after_first = second[SUB_KEEPS].max(axis=1)
    return float(FIRST @ after_first)


# ------------------------------------------------------------------------------------------
# What a final throw could take, and what it is worth


def _weights(game: KaartspelGame, seat: int) -> list[float]:
    """How much a point lost by each seat is worth to ``seat`` (the leader counts most)."""
    totals = game.totals()
    others = [s for s in range(len(game.players)) if s != seat]
    leader = max(others, key=lambda s: totals[s])
    return [0.0 if s == seat else 1.0 if s == leader else 0.5 for s in range(len(totals))]


CHAIN_BONUS = 15.0     # a Casino steal earns another move
TOKEN_BONUS = 8.0      # a token card can only be challenged by a Yahtzee


def targets_at(game: KaartspelGame, seat: int, square: int, kind: str
               ) -> tuple[tuple[Target, ...], float]:
    """The cards a black-dice step at ``square`` (``kind``: ``space``, ``steal``,
    ``raise`` or ``joker``) could take for ``seat``, and the worth of the best Yahtzee."""
    weights = _weights(game, seat)
    chain = CHAIN_BONUS if game.casino else 0.0
    here = game.board[square]
    out: list[Target] = []
    yahtzee = 0.0
    free = game.tokens[seat] is None
    for card in CARDS:
        state = game.cards.get(card)
        if state is None:
            if kind in ("space", "joker"):
                out.append(Target(card, "place", 1, 0.0))
            yahtzee = max(yahtzee, MAX_SCORE[card] + (TOKEN_BONUS if free else 0.0))
            continue
        if state.owner != seat:
            loss = state.score * weights[state.owner]
            yahtzee = max(yahtzee, MAX_SCORE[card] + loss + chain
                          + (TOKEN_BONUS if free else 0.0) - (5.0 if state.token else 0.0))
            if not state.token and (kind == "joker" or (kind == "steal" and card == here)):
                out.append(Target(card, "steal", state.score, loss + chain))
        elif (kind == "joker" or (kind == "raise" and card == here)) \
                and game.raisable(seat, card):
            out.append(Target(card, "raise", state.score + 1, -float(state.score)))
    return tuple(out), yahtzee


def _landing_kind(game: KaartspelGame, seat: int, square: int) -> str:
    if square in CORNERS:
        return "joker"
    card = game.board[square]
    if card is None:
        return "space"
    return "own" if game.cards[card].owner == seat else "steal"


def _take_worth(game: KaartspelGame, seat: int, card: str | None, dice: Sequence[int]) -> float:
    """The worth of taking ``card`` now (the same scale as :func:`targets_at`)."""
    if card is None:
        return 0.0
    option = game.take_options(dice)[card]
    weights = _weights(game, seat)
    state = game.cards.get(card)
    worth = float(option.score)
    if option.token:
        worth += TOKEN_BONUS
    if state is not None and state.owner != seat:
        worth += state.score * weights[state.owner] + (CHAIN_BONUS if game.casino else 0.0)
    elif state is not None:
        worth -= state.score
    return worth


def _best_take(game: KaartspelGame, seat: int) -> str | None:
    dice = game.dice
    assert dice is not None
    best: str | None = None
    best_worth = 0.0
    for card in sorted(game.take_options(dice)):
        worth = _take_worth(game, seat, card, dice)
        if worth > best_worth:
            best, best_worth = card, worth
    return best


def ways_to_keep(dice: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
    """Each way to keep some of the dice before a throw, once per multiset of values (the
    lowest die indices stand for it): ``(die indices, index into KEEPS)``."""
    out: dict[tuple[int, ...], tuple[int, ...]] = {}
    for n in range(NUM_DICE):
        for keep in itertools.combinations(range(NUM_DICE), n):
            out.setdefault(tuple(sorted(dice[i] for i in keep)), keep)
    return [(keep, KEEP_INDEX[multiset]) for multiset, keep in out.items()]


def _keep_indices(dice: Sequence[int], keep: Sequence[int]) -> tuple[int, ...]:
    """Die indices showing the multiset ``keep``."""
    left = Counter(keep)
    out = []
    for i, face in enumerate(dice):
        if left[face] > 0:
            left[face] -= 1
            out.append(i)
    return tuple(out)


# ------------------------------------------------------------------------------------------
# The players


class _Player:
    level = ""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def decide(self, game: KaartspelGame) -> KaartspelAction:
        """The action to play now for the seat to move."""
        if game.phase == "start":
            return Start()
        seat = game.current_seat
        if seat is None:
            raise RuleError("the game is over", "game_over")
        if game.phase == "move":
            return Roll()
        if game.phase == "choose":
            return self.choose(game, seat)
        return self.throw(game, seat)

    def choose(self, game: KaartspelGame, seat: int) -> KaartspelAction:
        raise NotImplementedError

    def throw(self, game: KaartspelGame, seat: int) -> KaartspelAction:
        raise NotImplementedError


class BeginnerPlayer(_Player):
    """Legal and mostly random: random keeps, a random card among those it may take."""

    level = "beginner"

    def choose(self, game: KaartspelGame, seat: int) -> KaartspelAction:
        name = self.rng.choice(game.legal_actions())
        if name == "throw":
            return Throw()
        return Roll() if name == "roll" else Stop()

    def throw(self, game: KaartspelGame, seat: int) -> KaartspelAction:
        dice = game.dice
        if dice is None:
            return Throw()
        options = sorted(game.take_options())
        if options and (game.throws == MAX_THROWS or self.rng.random() < 0.5):
            return Take(self.rng.choice(options))
        if game.throws == MAX_THROWS:
            return Take(None)
        keep = tuple(i for i in range(NUM_DICE) if self.rng.random() < 0.4)
        return Throw(keep if len(keep) < NUM_DICE else keep[:-1])


class GreedyPlayer(_Player):
    """Takes the best card showing at once; otherwise keeps its most common number."""

    level = "greedy"

    def choose(self, game: KaartspelGame, seat: int) -> KaartspelAction:
        return Throw() if "throw" in game.legal_actions() else Roll()

    def throw(self, game: KaartspelGame, seat: int) -> KaartspelAction:
        dice = game.dice
        if dice is None:
            return Throw()
        best = _best_take(game, seat)
        if best is not None or game.throws == MAX_THROWS:
            return Take(best)
        aim = game.board[game.pawns[seat]] if game.target in ("steal", "raise") else None
        return Throw(_aim_keep(dice, aim))


def _aim_keep(dice: Sequence[int], card: str | None) -> tuple[int, ...]:
    """A rule-of-thumb keep towards ``card`` (``None``: the most common number)."""
    counts = Counter(dice)
    if card in ("small_straight", "large_straight"):
        run = max((tuple(v for v in range(lo, lo + 5) if v in counts) for lo in (1, 2)),
                  key=len)
        return _keep_indices(dice, run)[:NUM_DICE - 1]
    if card == "chance":
        return tuple(i for i, d in enumerate(dice) if d >= 5)[:NUM_DICE - 1]
    if card == "full_house":
        pairs = [f for f, n in counts.items() if n >= 2]
        return tuple(i for i, d in enumerate(dice) if d in pairs)[:NUM_DICE - 1]
    if card is not None and card in CARDS[:6]:
        face = CARDS.index(card) + 1
    else:
        face = max(counts, key=lambda f: (counts[f], f))
    return tuple(i for i, d in enumerate(dice) if d == face)[:NUM_DICE - 1]


class StrongPlayer(_Player):
    """Exact keeps for the cards in reach, and a look-ahead when it may move on: it plays
    the first of :func:`ranked_options`."""

    level = "strong"

    def choose(self, game: KaartspelGame, seat: int) -> KaartspelAction:
        return ranked_options(game)[0].action

    def throw(self, game: KaartspelGame, seat: int) -> KaartspelAction:
        return ranked_options(game)[0].action


def _move_on_worth(game: KaartspelGame, seat: int, depth: int) -> float:
    """The expected worth of rolling the red die on from an own card, looking ``depth``
    moves ahead over the squares it may reach."""
    total = 0.0
    for roll in range(1, 7):
        square = (game.pawns[seat] + roll) % SQUARES
        kind = _landing_kind(game, seat, square)
        if kind == "own":
            card = game.board[square]
            worth = 0.0
            if card is not None and game.raisable(seat, card):
                targets, yahtzee = targets_at(game, seat, square, "raise")
                worth = expected_worth(targets, yahtzee)
            if depth > 1:
                saved = game.pawns[seat]
                game.pawns[seat] = square
                try:
                    worth = max(worth, _move_on_worth(game, seat, depth - 1))
                finally:
                    game.pawns[seat] = saved
        else:
            targets, yahtzee = targets_at(game, seat, square, kind)
            worth = expected_worth(targets, yahtzee)
        total += worth / 6
    return total


@dataclass(frozen=True)
class Option:
    """One thing the seat to move may do now, with its worth as the strong player weighs
    it (``value``: the expected points gained, a steal counting what the victim loses)."""

    action: KaartspelAction
    value: float
    keep: tuple[int, ...] = ()     # a throw: the die indices kept
    score: int | None = None       # a take: the card's score afterwards
    how: str | None = None         # a take: place, steal or raise

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "keep"|"take"|"roll"|"stop", "value", ...}``: a throw of the black
        dice is a ``keep`` (``keep``: the die indices kept, [] throws all); a take names
        its ``card`` (null: nothing), ``how`` (place, steal or raise) and ``score``."""
        kind = "keep" if isinstance(self.action, Throw) else self.action.name
        out: dict[str, Any] = {"kind": kind, "value": round(self.value, 2)}
        if isinstance(self.action, Throw):
            out["keep"] = list(self.keep)
        elif isinstance(self.action, Take):
            out.update(card=self.action.card, how=self.how, score=self.score)
        return out


def ranked_options(game: KaartspelGame) -> list[Option]:
    """Everything the seat to move may do now, best first by the strong player's own
    evaluation: each way to keep the black dice (keeps of the same values are one way, the
    lowest die indices standing for it), each card to take with its worth (steals
    included) and taking nothing; next to an own card, raising, moving on and stopping.
    On ties a throw comes before a take or a stop. ``[]`` before the start and at the end.
    """
    seat = game.current_seat
    if game.phase == "start" or seat is None:
        return []
    if game.phase == "move":
        return [Option(Roll(), _move_on_worth(game, seat, depth=1))]
    if game.phase == "choose":
        out = []
        if "throw" in game.legal_actions():
            targets, yahtzee = targets_at(game, seat, game.pawns[seat], "raise")
            out.append(Option(Throw(), expected_worth(targets, yahtzee)))
        out += [Option(Stop(), 0.0), Option(Roll(), _move_on_worth(game, seat, depth=2))]
        return sorted(out, key=lambda o: -o.value)  # stable: throw, stop, roll on ties
    targets, yahtzee = targets_at(game, seat, game.pawns[seat], game.target or "space")
    dice = game.dice
    if dice is None:
        return [Option(Throw(), expected_worth(targets, yahtzee))]
    options: list[Option] = []
    if game.throws < MAX_THROWS:
        keep_value = _plan(targets, yahtzee)[MAX_THROWS - game.throws]
        options += [Option(Throw(keep), float(keep_value[k]), keep=keep)
                    for keep, k in ways_to_keep(dice)]
    for card, option in sorted(game.take_options(dice).items()):
        options.append(Option(Take(card), _take_worth(game, seat, card, dice),
                              score=option.score, how=option.kind))
    options.append(Option(Take(None), 0.0))
    return sorted(options, key=lambda o: -o.value)


def computer_player(level: str, rng: random.Random | None = None) -> _Player:
    """A computer player of ``level`` (:data:`LEVELS`)."""
    classes: dict[str, type[_Player]] = {"strong": StrongPlayer, "greedy": GreedyPlayer,
                                         "beginner": BeginnerPlayer}
    if level not in classes:
        raise RuleError(f"unknown level {level!r}; levels: " + ", ".join(LEVELS), "bad_level")
    return classes[level](rng)


# ------------------------------------------------------------------------------------------
# The hint


def _chance_tables(success: np.ndarray) -> list[np.ndarray]:
    """For a success indicator over final outcomes: the chance of each keep with 1 and 2
    throws left after it (best play towards that success only)."""
    out = [success.astype(float)]
    after = out[0]
    for _ in range(MAX_THROWS - 1):
        keep_value = TRANS @ after
        keep_value[FULL_KEEP] = out[0]
        out.append(keep_value)
        after = keep_value[SUB_KEEPS].max(axis=1)
    return out


def keep_chances(game: KaartspelGame) -> list[dict[str, Any]]:
    """For each way to keep dice at the next throw, the exact chance (best play after it)
    to take each card in reach within the throws left: ``[{"keep": [die indices],
    "chances": {card: p}}]``, most promising first. ``[]`` when no throw is possible.
    Keeps of the same values are one way (the lowest die indices stand for it).

    Next to an own card that can be raised, the chances are those of the raise.
    """
    seat = game.current_seat
    if seat is None or "throw" not in game.legal_actions():
        return []
    kind = game.target if game.phase == "throw" else "raise"
    targets, _ = targets_at(game, seat, game.pawns[seat], kind or "space")
    yahtzee_ok = {c for c in CARDS if game.owner(c) != seat}
    tables: dict[str, list[np.ndarray]] = {}
    for t in targets:
        ok = VALUES[CARDS.index(t.card)] >= t.need
        success = np.where(YAHTZEE, t.card in yahtzee_ok, ok)
        tables[t.card] = _chance_tables(success)
    dice = game.dice if game.phase == "throw" else None
    left = MAX_THROWS - (game.throws if game.phase == "throw" else 0)
    rows: list[dict[str, Any]] = []
    if dice is None:
        chances = {c: float(FIRST @ tab[2][SUB_KEEPS].max(axis=1)) for c, tab in tables.items()}
        return [{"keep": [], "chances": chances}]
    for keep, k in ways_to_keep(dice):
        rows.append({"keep": list(keep),
                     "chances": {c: float(tab[left][k]) for c, tab in tables.items()}})
    rows.sort(key=lambda row: -max(row["chances"].values(), default=0.0))
    return rows
