"""Mining: the positions of a finished game where the choice made cost a lot, against
perfect play (Kaartspel: the strong player's evaluation), and one choice stands clearly
above the second (:data:`~.model.MARGIN_SHARE`).

The judgement is the coach's (:meth:`~wordyahtzee.advisor.coach.JudgingCoach.judge`), the
same the game's review shows, so a puzzle's figures are the review's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..advisor.coach import Judged, JudgingCoach, coach
from . import MINED_MODES as MINED_MODES  # re-exported: where its users import it
from .model import MARGIN_SHARE, Puzzle, distinct, identity, themes

MAX_PER_GAME = 12
"""The most puzzles one game gives (its costliest mistakes): a long Kaartspel game played
badly holds a hundred positions or more that make puzzles, and the pool should hold many
games' positions, not flood with one player's (docs/puzzles.md)."""


def optimal_score(mode: str, table: Any) -> float:
    """The optimal expected final score of a whole game under the table's rules (Kaartspel:
    the strong player's mean): the judge's ``game_points``."""
    return judging_coach(mode).game_points(table)


def margin_of(mode: str, table: Any) -> float:
    """The least gap between a puzzle's best and second best choice, in points."""
    return round(MARGIN_SHARE * optimal_score(mode, table), 2)


def judging_coach(mode: str) -> JudgingCoach:
    """The coach that judges ``mode``'s decisions (LookupError: a mode without a judge)."""
    helper = coach(mode)
    if mode not in MINED_MODES or helper is None or not hasattr(helper, "judge"):
        raise LookupError(f"no judge to grade {mode} puzzles against")
    return helper  # type: ignore[return-value]


def judging_table(mode: str, rules: dict[str, Any]) -> Any:
    """The strategy table a game of ``mode`` with ``rules`` is graded against (loaded,
    blocking; None for Kaartspel, whose judge needs none)."""
    coach = judging_coach(mode)
    key = coach.table_key(rules)
    return None if key is None else coach.load_table(key)


def puzzle_of(mode: str, rules: dict[str, Any], source: str, item: Judged, margin: float,
              day: str | None = None) -> Puzzle | None:
    """The puzzle a judged decision makes, or None: the choice made was the best, or the
    best does not stand ``margin`` points above the second best."""
    options = distinct(item.options)
    if len(options) < 2 or identity(item.chosen) == identity(options[0]):
        return None
    gap = round(options[0]["value"] - options[1]["value"], 2)
    if gap < margin:
        return None
    return Puzzle(mode=mode, rules=rules, source=source, seat=item.seat, turn=item.turn,
                  throws=item.throws, shown=item.shown, position=item.position,
                  options=options, played=item.chosen, margin=gap,
                  themes=themes(mode, item.position, options[0], item.chosen), day=day)


def mine(mode: str, game: Any, table: Any, source: str, rules: dict[str, Any],
         day: str | None = None) -> list[Puzzle]:
    """The puzzles of a finished game, in the game's order (``table``: the strategy table
    of its rules; None for Kaartspel): at most :data:`MAX_PER_GAME`, the costliest
    mistakes first."""
    margin = margin_of(mode, table)
    found = [p for p in (puzzle_of(mode, rules, source, item, margin, day)
                         for item in judging_coach(mode).judge(game, table)) if p is not None]
    if len(found) <= MAX_PER_GAME:
        return found
    costliest = sorted(range(len(found)), key=lambda i: (-cost(found[i]), found[i].id))
    return [found[i] for i in sorted(costliest[:MAX_PER_GAME])]


def cost(puzzle: Puzzle) -> float:
    """What the choice made in the game cost against the best (its regret)."""
    return round(float(puzzle.best["value"]) - float(puzzle.played["value"]), 2)


def mine_stored(store: Any, game_id: str, load_table: Callable[[str, str], Any],
                now: float, start: tuple[float, float, float],
                compute: Callable[..., Any] | None = None,
                shown: Callable[[dict[str, Any]], bool] | None = None) -> int:
    """Mine one finished game of a store into it: its puzzles at the rating ``start`` and
    the mark that it was mined (a game without optimal play to grade against, such as free
    order, is marked with none; so is a game whose rules ``shown`` says everyone may not
    see, such as a player's own box). ``load_table(mode, key)`` gives a strategy table;
    ``compute(function, *args)`` runs the replay and the judging (a server runs them in a
    real thread, off its event loop: a long game takes tens of milliseconds to replay).
    Returns how many puzzles are new."""
    from ..errors import RuleError

    stored = store.load_game(game_id)
    coach = judging_coach(stored.mode)
    rules = dict(stored.setup.get("rules") or {})
    entry = store.daily_entry_of(game_id)
    key = coach.table_key(rules)
    found: list[Puzzle] = []
    public = shown is None or shown(rules)  # puzzles are seen by all: none of a box
    if public and (key is not None or not coach.table_keys):  # a table, or a judge that needs none
        try:
            table = None if key is None else load_table(stored.mode, key)
            found = (compute or _call)(_replay_and_mine, stored.to_json(), now, table,
                                       game_id, rules, None if entry is None else entry["day"])
        except RuleError:  # free order: no optimal play to grade against
            found = []
    return int(store.put_puzzles(game_id, [
        {"id": p.id, "mode": p.mode, "rules_key": stored.rules_key, "source": p.source,
         "day": p.day, "themes": p.themes, "data": p.to_json()} for p in found], now, start))


def _replay_and_mine(data: dict[str, Any], now: float, table: Any, source: str,
                     rules: dict[str, Any], day: str | None) -> list[Puzzle]:
    """:func:`mine` of a stored game (``data``: its JSON), replayed first."""
    from .. import games

    game = games.restore(data, rng=random.Random(0), clock=lambda: now)
    return mine(data["mode"], game, table, source, rules, day)


def _call(function: Callable[..., Any], *args: Any) -> Any:
    return function(*args)
