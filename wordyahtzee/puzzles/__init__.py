"""Puzzles: positions from real games where one choice stands clearly above the rest,
mined from finished games, graded by perfect play, themed and rated (docs/puzzles.md).

- :mod:`.model`: a :class:`~.model.Puzzle`, its choices and themes;
- :mod:`.mining`: the positions of a finished game that make puzzles;
- :mod:`.grading`: an answer's regret, the same number as the game's review;
- :mod:`.rating`: the puzzles' ratings;
- :mod:`.proficiency`: the fixed proficiency tests;
- :mod:`.service`: the service (``service.puzzles``): mining in the background, the next
  puzzle, answers graded and rated, the daily puzzle.
"""

MINED_MODES = ("classic", "woord", "kaartspel")
"""The modes with a judge to grade against: optimal play (classic, Woord Yahtzee) or the
strong player (Kaartspel). Triple Yahtzee has neither, so no puzzles (docs/puzzles.md).
Here rather than in :mod:`.mining`, so that the command line's parser reads it without
loading the strategies."""
