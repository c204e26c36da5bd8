"""Puzzles on the web: the JSON routes under ``/api/puzzles`` (docs/puzzles.md)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from wordyahtzee.errors import BadRequest

from ..apidoc import documented, json_object, replies
from ..cookies import profile_secret
from ..services import tables
from .models import (
    Answer,
    DailyPuzzle,
    Graded,
    NextQuery,
    PuzzleProfile,
    Question,
    TestAnswers,
    TestPositions,
    TestScore,
    Themes,
    ThemesQuery,
)

bp = Blueprint("puzzles", __name__)


@bp.get("/api/puzzles/next")
@documented(replies(Question, errors=(400, 404)), query=NextQuery)
def next_puzzle(query: NextQuery) -> Response:
    """The next puzzle of a mode: for this browser's profile, one it has not answered,
    near its puzzle rating (a guest: near 1500); ``theme`` narrows the choice. Never a
    position of a daily game whose day is not over. 404 ``no_puzzle`` when none is
    left."""
    skip = tuple(s for s in (query.skip or "").split(",") if s)[:20]
    return jsonify(tables().puzzles.next_puzzle(query.mode, query.theme, profile_secret(), skip))


@bp.get("/api/puzzles/themes")
@documented(replies(Themes, errors=(400,)), query=ThemesQuery)
def themes(query: ThemesQuery) -> Response:
    """Each theme of a mode and how many puzzles it has."""
    return jsonify({"mode": query.mode, "themes": tables().puzzles.puzzle_themes(query.mode)})


@bp.get("/api/puzzles/daily/<mode>")
@documented(replies(DailyPuzzle, errors=(400, 404)))
def daily_puzzle(mode: str) -> Response:
    """Today's puzzle of ``mode`` (classic, woord or kaartspel), the same for everyone."""
    return jsonify(tables().puzzles.daily_puzzle(mode))


@bp.get("/api/puzzles/test/<mode>")
@documented(replies(TestPositions, errors=(400,)))
def test_positions(mode: str) -> Response:
    """The proficiency test of ``mode`` (classic, woord or kaartspel): its fixed positions."""
    from wordyahtzee.puzzles import proficiency

    return jsonify({"mode": _test_mode(mode), "version": proficiency.VERSION,
                    "positions": proficiency.questions(mode)})


@bp.post("/api/puzzles/test/<mode>")
@documented(replies(TestScore, errors=(400, 413, 415)), json=TestAnswers)
def test_score(mode: str) -> Response:
    """Score a whole proficiency test: one answer per position, in order."""
    from wordyahtzee.puzzles import proficiency

    answers = json_object().get("answers")
    if not isinstance(answers, list) or not all(isinstance(a, dict) for a in answers):
        raise BadRequest("the answers are a list of choices, one per position", "bad_choice")
    return jsonify(proficiency.score(_test_mode(mode), answers))


def _test_mode(mode: str) -> str:
    from wordyahtzee.puzzles.mining import MINED_MODES

    if mode not in MINED_MODES:
        raise BadRequest(f"no proficiency test for {mode!r}", "bad_mode")
    return mode


@bp.get("/api/puzzles/<puzzle_id>")
@documented(replies(Question, errors=(400, 404)))
def puzzle(puzzle_id: str) -> Response:
    """One puzzle as the solver sees it (an id of 12 hexadecimal digits; ``next`` and
    ``themes`` are the routes above, which answer 400 without their ``mode``)."""
    return jsonify(tables().puzzles.puzzle(puzzle_id))


@bp.post("/api/puzzles/<puzzle_id>/answer")
@documented(replies(Graded, errors=(400, 404, 409, 413, 415)), json=Answer)
def answer(puzzle_id: str) -> Response:
    """Answer a puzzle: its grade against perfect play; a profile's first answer to it
    also changes its puzzle rating and the puzzle's (Glicko-2)."""
    body = json_object()
    return jsonify(tables().puzzles.answer_puzzle(puzzle_id, body.get("choice"), profile_secret()))


@bp.get("/api/profile/puzzles")
@documented(replies(PuzzleProfile, errors=(403,)))
def puzzle_profile() -> Any:
    """This browser's profile's puzzle ratings and answers."""
    return jsonify(tables().puzzles.puzzle_profile(profile_secret()))


__all__ = ["bp"]
