"""Solvers kept for reuse by dictionary and dice set, one-call solving, and the claims a
sheet or a live game allows with a throw, best gain first."""

from __future__ import annotations

import threading
from typing import Any

from ..dice import DiceSet
from ..errors import RuleError
from ..lexicon import Lexicon, load_lexicon
from ..modes.woord import (
    BOX,
    BOXES,
    ROUND_BOXES,
    Claim,
    ScoreSheet,
    WoordGame,
    WoordRules,
    claimable_boxes,
)
from .results import RankedClaim, Solution
from .search import Solver

_solvers: dict[tuple[Any, ...], Solver] = {}


_solvers_lock = threading.Lock()


def get_solver(dictionary: str | Lexicon = "nl", dice_set: str | DiceSet = "nl",
               rules: WoordRules | None = None) -> Solver:
    """A solver for a dictionary and dice set (names or objects), kept for reuse."""
    lexicon = load_lexicon(dictionary) if isinstance(dictionary, str) else dictionary
    dice = DiceSet.load(dice_set) if isinstance(dice_set, str) else dice_set
    rules = rules or WoordRules()
    key = (lexicon.info.checksum or id(lexicon), lexicon.name, dice.name, dice.dice,
           rules.min_word_length, rules.y_is_vowel)
    with _solvers_lock:
        solver = _solvers.get(key)
        if solver is None:
            solver = _solvers[key] = Solver(lexicon, dice, rules)
        return solver


def solve(letters: str, dictionary: str | Lexicon = "nl", dice_set: str | DiceSet = "nl",
          rules: WoordRules | None = None) -> Solution:
    """Analyse one throw: ``solve("kusnatl").boxes["letters_5"]``.

    Faces with a letter no die of the dice set shows raise :class:`RuleError`
    (``letter_not_on_dice``).
    """
    return get_solver(dictionary, dice_set, rules).solve(letters, check_dice=True)


def _sheet_gain(sheet: ScoreSheet, box: str, points: int, zero_box: str | None) -> int:
    after = ScoreSheet(sheet.upper_bonus_at, dict(sheet.boxes),
                       sheet.woord_yahtzee_bonus)
    after.write(box, points, zero_box)
    return after.total - sheet.total


def rank_claims(solution: Solution, sheet: ScoreSheet, *, round_box: str | None = None,
                throws: int = 1, free_zero_box: str | None = None) -> list[RankedClaim]:
    """The claims a sheet allows now with this throw, best gain first.

    ``round_box``: this round's box in strict order (``None`` = free order: any open round
    box); ``throws``: how many throws this turn has had; ``free_zero_box``: with free
    order, the open round box a special claim zeroes (default: the engine's choice). Which
    boxes may be claimed comes from the engine (:func:`~wordyahtzee.modes.woord.claimable_boxes`);
    a round box with no word is listed as a 0 claim, a special box only when the throw
    qualifies. Ties keep the sheet order of the boxes. For a live game, prefer
    :func:`legal_claims`, which also checks each claim with the game itself.
    """
    rules = WoordRules(free_order=round_box is None,
                       upper_bonus_at=sheet.upper_bonus_at)
    round_no = ROUND_BOXES.index(round_box) + 1 if round_box is not None else 1
    out: list[RankedClaim] = []
    for box, zero in claimable_boxes(sheet, rules, round_no, throws).items():
        if round_box is None and zero is not None and free_zero_box is not None:
            zero = free_zero_box
        best, spec = solution.boxes[box], BOX[box]
        if spec.special and best.score == 0:
            continue
        points = spec.claim_points(best.score, sheet.bonus_due(box))
        claim = Claim(box, best.words, zero if round_box is None else None)
        out.append(RankedClaim(claim, points, _sheet_gain(sheet, box, points, zero)))
    order = {b: i for i, b in enumerate(BOXES)}
    out.sort(key=lambda rc: (-rc.gain, order[rc.claim.box]))
    return out


def legal_claims(game: WoordGame, solver: Solver | None = None) -> list[RankedClaim]:
    """For a live game: the claims the current player may make now, best gain first.

    The candidates are :func:`rank_claims` for the game's sheet, rules and throw; each is
    checked and scored by :meth:`WoordGame.evaluate` (the rules), and ``gain`` is what it
    adds to the grand total, bonuses included. Empty before the first throw.
    """
    turn = game.turn
    if turn.faces is None:
        return []
    solver = solver or get_solver(game.lexicon, game.dice_set, game.rules)
    sheet = game.sheets[turn.player]
    ranked = rank_claims(solver.solve(turn.faces), sheet,
                         round_box=None if game.rules.free_order else game.round_box(),
                         throws=turn.throws)
    out: list[RankedClaim] = []
    for candidate in ranked:
        try:
            points = game.evaluate(candidate.claim)
        except RuleError:
            continue
        out.append(candidate if points == candidate.points else RankedClaim(
            candidate.claim, points, candidate.gain - candidate.points + points))
    return out
