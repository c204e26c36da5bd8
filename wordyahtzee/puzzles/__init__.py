"""Puzzles: positions from real games where one choice stands clearly above the rest,
mined from finished games, graded by perfect play, themed and rated (docs/puzzles.md).

- :mod:`.model`: a :class:`~.model.Puzzle`, its choices and themes;
- :mod:`.mining`: the positions of a finished game that make puzzles;
- :mod:`.grading`: an answer's regret, the same number as the game's review.

What a mode's puzzles need of its rules (themes, choices, stages, text) the mode declares
(its ``puzzle_rules``, :mod:`wordyahtzee.modes.puzzling`): no module here names a mode.
"""

from ..modes import MODES, get_mode
from ..modes.puzzling import PuzzleRules


def _mined() -> tuple[str, ...]:
    declared = [(rules.listed, m) for m in MODES
                if (rules := get_mode(m).puzzle_rules) is not None]
    return tuple(m for _, m in sorted(declared))


MINED_MODES = _mined()
"""The modes that declare puzzles, as the pages list them: those with a judge to grade
against, optimal play (classic, Woord Yahtzee) or the strong player (Kaartspel). Triple
Yahtzee has neither, so no puzzles (docs/puzzles.md). Here rather than in :mod:`.mining`,
so that the command line's parser reads it without loading the strategies."""


def puzzle_rules(mode: str) -> PuzzleRules:
    """What the puzzles need to know of ``mode`` (LookupError: a mode without puzzles)."""
    rules = get_mode(mode).puzzle_rules
    if rules is None:
        raise LookupError(f"no puzzles for {mode}")
    return rules


THEMES: dict[str, tuple[str, ...]] = {m: puzzle_rules(m).themes for m in MINED_MODES}
"""Each mode's puzzle themes, from the position (see :func:`.model.themes`)."""
