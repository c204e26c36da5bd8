"""Puzzles: positions from real games where one choice stands clearly above the rest,
mined from finished games, graded by perfect play, themed and rated (docs/puzzles.md).

- :mod:`.model`: a :class:`~.model.Puzzle`, its choices and themes;
- :mod:`.mining`: the positions of a finished game that make puzzles;
- :mod:`.grading`: an answer's regret, the same number as the game's review.
"""
