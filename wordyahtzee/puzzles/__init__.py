"""Puzzles: positions from real games where one choice stands clearly above the rest,
mined from finished games, graded by perfect play, themed and rated (docs/puzzles.md).

- :mod:`.model`: a :class:`~.model.Puzzle`, its choices and themes;
- :mod:`.mining`: the positions of a finished game that make puzzles;
- :mod:`.grading`: an answer's regret, the same number as the game's review;
- :mod:`.rating`: the puzzles' ratings;
- :mod:`.proficiency`: the fixed proficiency tests;
- :mod:`.service`: the service (``service.puzzles``): mining in the background, the next
  puzzle, answers graded and rated, the daily puzzle.

What a mode's puzzles need of its rules (themes, choices, stages, text) the mode declares
(its ``puzzle_rules``, :mod:`wordyahtzee.modes.puzzling`): no module here branches on a
mode.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: the command line's parser imports this package
if TYPE_CHECKING:
    from ..modes.puzzling import PuzzleRules

MINED_MODES = ("classic", "woord", "kaartspel")
"""The modes that declare ``puzzle_rules``, in the order the pages list them: those with a
judge to grade against, optimal play (classic, Woord Yahtzee) or the strong player
(Kaartspel). Triple Yahtzee has neither, so no puzzles (docs/puzzles.md). Spelled out here,
and held to the declarations by tests/test_modes_contract.py, so that the command line's
parser reads it without loading a mode or a strategy."""


def puzzle_rules(mode: str) -> PuzzleRules:
    """What the puzzles need to know of ``mode`` (LookupError: a mode without puzzles)."""
    from ..modes import get_mode

    rules = get_mode(mode).puzzle_rules
    if rules is None:
        raise LookupError(f"no puzzles for {mode}")
    return rules
