"""Measuring the skill figures (:mod:`.skill`) of the computer levels, of random answers and
of the judge's own play: seeded solo games of each level (Kaartspel: two seats of one
level) judged as a game's review judges them (the proficiency test's are
:func:`wordyahtzee.puzzles.proficiency.level_figures`). ``scripts/skill_figures.py`` prints
them and writes ``data/skill-levels.json``.

A *random* player answers every decision the judge sees with one of its distinct choices,
each equally likely: the answers the figure's 0 stands for. In Woord Yahtzee it types
letters at random, which form no word: a claim scores 0 in the round's box (``consonants``
and ``vowels``, which take no word, as drawn). Woord Yahtzee also measures random choices
written with the solver's best words (:data:`RANDOM_WORDS`): what its figure, which judges
the claims and not the keeps, leaves out.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .coach import coach, distinct
from .skill import JUDGES, Tally, tally

RANDOM = "random"
"""The name of the player who answers at random."""
RANDOM_WORDS = "random+words"
"""Woord Yahtzee: random choices, each claim written with the solver's best words."""
SEATS = {"kaartspel": 2}
"""Seats of a measured game (Kaartspel is played by two; every other mode solo)."""


def players(mode: str) -> tuple[str, ...]:
    """The players measured in ``mode``: random answers, then its computer levels from the
    weakest (the judge's own level last)."""
    helper = coach(mode)
    assert helper is not None
    extra = (RANDOM_WORDS,) if mode == "woord" else ()
    return (RANDOM, *extra, *reversed(helper.levels))


def random_action(mode: str, game: Any, table: Any, rng: random.Random,
                  words: bool = False) -> Any:
    """The move of a player who picks one of the distinct choices of the position at random
    (the first throw of a turn, Kaartspel's start and red die: the only move there is);
    Woord Yahtzee's claims with no word, or with the solver's best (``words``)."""
    if mode == "classic":
        return _random_classic(game.game, table, rng)
    if mode == "woord":
        return _random_woord(game, table, rng, words)
    if mode == "kaartspel":
        from ..modes.kaartspel import Start
        from .kaartspel.players import ranked_options

        ranked = ranked_options(game)
        return rng.choice(ranked).action if ranked else Start()
    raise LookupError(f"no random player for {mode}")


def _random_classic(game: Any, table: Any, rng: random.Random) -> Any:
    from ..modes.classic import Claim
    from ..modes.contract import Throw
    from .classic.coach import _classic_option
    from .classic.players import keep_indices, position_of

    if game.dice is None:
        return Throw(())
    choice = rng.choice(distinct(tuple(_classic_option(o)
                                       for o in table.advise(position_of(game)).options)))
    if choice["kind"] == "keep":
        return Throw(keep_indices(tuple(game.dice), tuple(choice["keep"])))
    return Claim(choice["box"])


def _random_woord(game: Any, table: Any, rng: random.Random, words: bool) -> Any:
    from ..modes.contract import Throw
    from ..modes.woord import BOX, Claim, default_zero_box
    from ..solver import get_solver

    if game.turn.faces is None:
        return Throw(())
    solver = get_solver(game.lexicon, game.dice_set, game.rules)
    choice = rng.choice(distinct(tuple(o.to_json() for o in table.advise_game(game, solver))))
    if choice["kind"] == "keep":
        return Throw(tuple(choice["dice"]))
    if words or BOX[choice["box"]].words == 0:
        return Claim(choice["box"], tuple(choice["words"]), None)
    turn = game.turn  # letters typed at random form no word: 0 in the round's box
    return Claim(str(default_zero_box(game.sheets[turn.player], game.rules, turn.round)), (),
                 None)


def play(mode: str, level: str, seed: int, table: Any, rules: dict[str, Any]) -> Any:
    """A finished game of ``level`` (or :data:`RANDOM`) on the dice of ``seed``, played
    through the engine without a clock."""
    from .. import games

    helper = coach(mode)
    assert helper is not None
    seats = SEATS.get(mode, 1)
    game = games.new_game(mode, [f"{level} {n + 1}" for n in range(seats)],
                          games.parse_rules(mode, rules), rng=random.Random(seed),
                          clock=lambda: 0.0)
    chooser = random.Random(seed ^ 0x5EED)
    while not game.finished:
        if level in (RANDOM, RANDOM_WORDS):
            game.act(random_action(mode, game, table, chooser, level == RANDOM_WORDS))
        else:
            game.act(helper.decide(game, level, table))
    return game


def judged(mode: str, game: Any, table: Any) -> list[Tally]:
    """Each seat's tally of a finished game, as its review counts it."""
    helper = coach(mode)
    assert helper is not None and JUDGES.get(mode) is not None
    decisions = [d for turn in helper.review(game, table) for d in turn["decisions"]]
    return tally(decisions, len(game.players))


def review_figures(mode: str, level: str, games: int, seed: int, table: Any,
                   rules: dict[str, Any],
                   progress: Callable[[int], None] | None = None
                   ) -> list[tuple[float, int]]:
    """Every seat's figure and final score in ``games`` games of ``level`` (game ``i`` on
    the dice of ``seed + i``); a seat with nothing at stake is left out."""
    out = []
    for i in range(games):
        game = play(mode, level, seed + i, table, rules)
        totals = game.totals()
        for seat, counted in enumerate(judged(mode, game, table)):
            if counted.figure is not None:
                out.append((counted.figure, int(totals[seat])))
        if progress is not None:
            progress(i + 1)
    return out


def spread(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation and the 10th, 50th and 90th percentiles."""
    import statistics

    ordered = sorted(values)

    def pct(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))]

    return {"mean": statistics.fmean(ordered),
            "sd": statistics.stdev(ordered) if len(ordered) > 1 else 0.0,
            "p10": pct(0.1), "p50": pct(0.5), "p90": pct(0.9), "n": len(ordered)}
