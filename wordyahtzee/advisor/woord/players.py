"""Computer players for Woord Yahtzee, and solo simulations through the real engine.

A player looks at a :class:`~wordyahtzee.modes.woord.WoordGame` where it is to move and
answers with a :class:`WoordMove`: throw (keeping some dice) or claim a box with words.
:func:`play_woord_turn` drives a whole turn through the engine, so every move is checked
by the same rules as a human's.

- ``"optimal"``: the optimal strict-order strategy
  (:mod:`wordyahtzee.advisor.woord.strategy`); in free order, :class:`FreeOrderPlayer`;
- ``"greedy"``: myopic but competent: it knows every word. After each throw it takes the
  claim that adds most to its total now when that is a special box (or a Woord Yahtzee
  bonus) beating the round box; otherwise it keeps the dice of its best word(s) for the
  round box and throws the rest again; after the third throw (or when its word uses every
  die) it writes the best claim. In free order it aims at the open round box its dice
  suit best (score relative to that box's best possible score);
- ``"beginner"``: knows only the ``vocabulary`` (default 3,000) most frequent words of the
  dictionary; throws once, and a second time (keeping its best word's dice) with
  probability one half; writes its best word(s) in the round box, claims ``consonants`` /
  ``vowels`` when they show, ``woord_yahtzee`` when it knows the 7-letter word, never
  ``chance``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from ...letters import BLANK
from ...lexicon import Lexicon, load_lexicon
from ...modes.woord import (
    BOX,
    MAX_THROWS,
    ROUND_BOXES,
    Claim,
    WoordGame,
    default_zero_box,
    is_formable,
)
from ...solver import Solution, Solver, legal_claims
from ..levels import WOORD_LEVELS as _LEVELS
from .strategy import WoordStrategy

__all__ = [
    "WOORD_LEVELS",
    "BeginnerWoordPlayer",
    "GreedyWoordPlayer",
    "HumanWoordPlayer",
    "OptimalWoordPlayer",
    "WoordMove",
    "WoordPlayer",
    "dice_for_words",
    "play_woord_turn",
]

#: The levels :func:`woord_player` knows, strongest first.
WOORD_LEVELS = _LEVELS


@dataclass(frozen=True)
class WoordMove:
    """``kind == "throw"`` with ``keep`` (die indices not thrown again), or ``kind ==
    "claim"`` with ``box`` and ``words`` (and, in free order, ``zero_box``)."""

    kind: str
    keep: tuple[int, ...] = ()
    box: str = ""
    words: tuple[str, ...] = ()
    zero_box: str | None = None


def dice_for_words(faces: str, words: Sequence[str]) -> tuple[int, ...]:
    """Die indices that lay ``words`` (real dice first, then blanks), sorted."""
    free = list(range(len(faces)))
    used: list[int] = []
    missing = 0
    for letter in "".join(words):
        die = next((d for d in free if faces[d] == letter), None)
        if die is None:
            missing += 1
            continue
        free.remove(die)
        used.append(die)
    blanks = [d for d in free if faces[d] == BLANK]
    used += blanks[:missing]
    return tuple(sorted(used))


class WoordPlayer(ABC):
    """A computer player: :meth:`decide` is called when it is to move, after a throw."""

    def __init__(self, solver: Solver) -> None:
        self.solver = solver

    @abstractmethod
    def decide(self, game: WoordGame) -> WoordMove:
        """The move to make now (the current turn has had 1..3 throws)."""


def play_woord_turn(game: WoordGame, player: WoordPlayer) -> list[WoordMove]:
    """Play the current player's whole turn with ``player``; returns its moves."""
    moves: list[WoordMove] = []
    game.throw()
    while True:
        move = player.decide(game)
        moves.append(move)
        if move.kind == "claim":
            game.claim(move.box, move.words, move.zero_box)
            return moves
        game.throw(move.keep)


class OptimalWoordPlayer(WoordPlayer):
    """Follows the optimal strict-order strategy (ties: claims, then fewer dice kept)."""

    def __init__(self, solver: Solver, strategy: WoordStrategy) -> None:
        super().__init__(solver)
        self.strategy = strategy

    def decide(self, game: WoordGame) -> WoordMove:
        """The best option of :meth:`WoordStrategy.advise_game`."""
        best = self.strategy.advise_game(game, self.solver, best_only=True)[0]
        if best.kind == "keep":
            return WoordMove("throw", keep=best.dice)
        return WoordMove("claim", box=best.box, words=best.words)


def _zero_box(game: WoordGame, box: str) -> str | None:
    """The round box a special claim names in free order (the engine's choice,
    :func:`~wordyahtzee.modes.woord.default_zero_box`); None in strict order."""
    return game.claimable()[box] if game.rules.free_order else None


def _round_box(game: WoordGame) -> str:
    """The round box a simple player writes: this round's, or in free order the first open
    one (:func:`~wordyahtzee.modes.woord.default_zero_box`, the box a timeout would fill)."""
    turn = game.turn
    box = default_zero_box(game.sheets[turn.player], game.rules, turn.round)
    assert box is not None  # a turn in progress has an open round box
    return box


class GreedyWoordPlayer(WoordPlayer):
    """Best immediate value; keeps the dice of its best word(s) for its target box."""

    def target(self, game: WoordGame, solution: Solution) -> str:
        """The round box it plays for: this round's, or (free order) the open box whose
        best claim now is the largest share of that box's best possible score."""
        if not game.rules.free_order:
            return game.round_box()
        sheet = game.sheets[game.turn.player]
        open_boxes = [b for b in ROUND_BOXES if sheet.is_open(b)]
        return max(open_boxes, key=lambda b: solution.boxes[b].score / _TOP[b])

    def decide(self, game: WoordGame) -> WoordMove:
        """See the module docstring."""
        turn = game.turn
        assert turn.faces is not None
        claims = legal_claims(game, self.solver)
        solution = self.solver.solve(turn.faces)
        target = self.target(game, solution)
        target_gain = next((c.gain for c in claims if c.claim.box == target), 0)
        best = max(claims, key=lambda c: c.gain)
        if BOX[best.claim.box].special and best.gain > target_gain:
            return WoordMove("claim", box=best.claim.box, words=best.claim.words,
                             zero_box=best.claim.zero_box)
        words = solution.boxes[target].words
        keep = dice_for_words(turn.faces, words)
        if turn.throws >= MAX_THROWS or len(keep) == len(turn.faces):
            if turn.throws >= MAX_THROWS and best.gain > target_gain:
                return WoordMove("claim", box=best.claim.box, words=best.claim.words,
                                 zero_box=best.claim.zero_box)
            return WoordMove("claim", box=target, words=words)
        return WoordMove("throw", keep=keep)


_NO_WORDS = tuple(b.id for b in BOX.values() if b.special and b.words == 0)
"""The special boxes that take no word: a simple player claims them when they show."""

_TOP = {"letters_2": 8, "letters_3": 12, "letters_4": 16, "letters_5": 19, "letters_6": 21,
        "one_word": 23, "two_words": 24, "three_words": 22}
"""Roughly the best score of each round box with the ``nl`` dice (greedy's yardstick in
free order; only the ratios matter)."""


class BeginnerWoordPlayer(WoordPlayer):
    """A weak player with a small vocabulary (see the module docstring)."""

    def __init__(self, solver: Solver, rng: random.Random, vocabulary: int = 3000) -> None:
        super().__init__(solver)
        self.rng = rng
        self.vocabulary = vocabulary

    def _known(self, word: str) -> bool:
        return self.solver.index.rank(word) < self.vocabulary

    def best_words(self, solution: Solution, box: str) -> tuple[str, ...]:
        """Its best claim for ``box``: known words only, picked best word first."""
        faces = solution.letters
        words = [w for w in solution.words if self._known(w.word)]
        spec = BOX[box]
        if spec.length is not None:
            return next(((w.word,) for w in words if len(w.word) == spec.length), ())
        chosen: list[str] = []
        for _ in range(spec.words or 1):
            pick = next((w.word for w in words if is_formable([*chosen, w.word], faces)), None)
            if pick is None:
                return ()
            chosen.append(pick)
        return tuple(chosen)

    def decide(self, game: WoordGame) -> WoordMove:
        """See the module docstring."""
        turn = game.turn
        assert turn.faces is not None
        solution = self.solver.solve(turn.faces)
        options = game.options()
        for box in _NO_WORDS:
            if box in options and options[box]["score"]:
                return WoordMove("claim", box=box, zero_box=_zero_box(game, box))
        seven = solution.boxes["woord_yahtzee"].words
        if "woord_yahtzee" in options and seven and self._known(seven[0]):
            return WoordMove("claim", box="woord_yahtzee", words=seven,
                             zero_box=_zero_box(game, "woord_yahtzee"))
        box = _round_box(game)
        words = self.best_words(solution, box)
        if turn.throws == 1 and self.rng.random() < 0.5:
            keep = dice_for_words(turn.faces, words)
            if len(keep) < len(turn.faces):
                return WoordMove("throw", keep=keep)
        return WoordMove("claim", box=box, words=words)


class HumanWoordPlayer(BeginnerWoordPlayer):
    """Plays as people do within the hourglass (docs/strategy.md, "A human-like player").

    Its vocabulary is ``nl-basis`` (the common words); it *sees* each word it knows with a
    chance that falls with the word's length (``0.9 * 0.8 ** (length - 2)``: 90 % of the
    two-letter words, 29 % of the seven-letter ones), anew after every throw. It claims
    ``consonants`` or ``vowels`` when they show and a Woord Yahtzee when it sees the
    word; otherwise it keeps the dice of the best words it sees for the round's box and
    throws again, unless those words already score well (70 % of the box's usual best) or
    the throws are used up.
    """

    def __init__(self, solver: Solver, rng: random.Random,
                 vocabulary: Lexicon | None = None) -> None:
        super().__init__(solver, rng)
        self.lexicon = vocabulary or load_lexicon("nl-basis")
        self._seen: set[str] = set()

    def _known(self, word: str) -> bool:
        return word in self._seen

    def decide(self, game: WoordGame) -> WoordMove:
        """See the class docstring."""
        turn = game.turn
        assert turn.faces is not None
        solution = self.solver.solve(turn.faces)
        self._seen = {w.word for w in solution.words if self.lexicon.is_valid(w.word)
                      and self.rng.random() < 0.9 * 0.8 ** (len(w.word) - 2)}
        options = game.options()
        for box in _NO_WORDS:
            if box in options and options[box]["score"]:
                return WoordMove("claim", box=box, zero_box=_zero_box(game, box))
        seven = [w for w in self._seen if len(w) == len(turn.faces)]
        if "woord_yahtzee" in options and seven:
            return WoordMove("claim", box="woord_yahtzee", words=(seven[0],),
                             zero_box=_zero_box(game, "woord_yahtzee"))
        box = _round_box(game)
        words = self.best_words(solution, box)
        score = game.evaluate(Claim(box, words)) if words else 0
        keep = dice_for_words(turn.faces, words)
        if (turn.throws < MAX_THROWS and score < 0.7 * _TOP[box]
                and len(keep) < len(turn.faces)):
            return WoordMove("throw", keep=keep)
        return WoordMove("claim", box=box, words=words)
