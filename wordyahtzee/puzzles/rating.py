"""Puzzle ratings, as lichess rates its puzzles: every rated answer is a game between the
profile and the puzzle, won by the profile when it chose the best (Glicko-2, the same
``glicko2`` implementation as the games' ratings), so a puzzle's rating follows from who
solves it and who does not."""

from __future__ import annotations

from ..lobby.ratings import START

Rating = tuple[float, float, float]
"""Rating, rating deviation and volatility."""


def rate_answer(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The profile's and the puzzle's new ratings after one answer."""
    import glicko2

    score = 1.0 if solved else 0.0
    p = glicko2.Player(*player)
    p.update_player([puzzle[0]], [puzzle[1]], [score])
    q = glicko2.Player(*puzzle)
    q.update_player([player[0]], [player[1]], [1.0 - score])
    return ((float(p.rating), float(p.rd), float(p.vol)),
            (float(q.rating), float(q.rd), float(q.vol)))


__all__ = ["START", "Rating", "rate_answer"]
