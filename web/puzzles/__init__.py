"""Puzzles on the web: the ``puzzles`` blueprint and its bodies (docs/puzzles.md)."""
