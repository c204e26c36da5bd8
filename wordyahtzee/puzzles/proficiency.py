"""The proficiency test of a mode: a fixed, versioned set of positions spread over the game,
in the spirit of Tom Verhoeff's Yahtzee Proficiency Test. A player answers every position;
the score is the skill figure (:mod:`wordyahtzee.advisor.skill`): 100 × (1 − the points the
answers lost / the points random answers lose there on average), so 100 when every answer
is the best, about 0 for answers drawn at random, and players compare themselves over time
and with the computer levels (:func:`level_figures`; docs/puzzles.md gives theirs).

The set is made once (:func:`generate`) from games the computer levels played with fixed
seeds, and shipped as ``wordyahtzee/data/puzzles/<mode>-test-v<N>.json``: each position a
puzzle (a clear best choice) with the stored game up to that moment, so a computer level
can answer it too. A new set is a new version; a score names its version.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from ..advisor.skill import levels, random_loss, scaled
from ..errors import BadRequest, RuleError
from . import MINED_MODES, puzzle_rules
from .grading import grade
from .mining import judging_coach, margin_of, puzzle_of
from .model import Puzzle

VERSION = 1
"""The version of the shipped tests."""
SIZE = 30
"""Positions per test."""
SEED = 20261128
"""The seed of the games the shipped tests were made from."""
GAME_LEVELS = ("beginner", "greedy")
"""The computer levels whose games give the positions (the optimal player's give none)."""
RULES: dict[str, dict[str, Any]] = {m: dict(puzzle_rules(m).test_rules) for m in MINED_MODES}
"""The rules the tests are played by (each mode's ``test_rules``): each mode's defaults
(Woord Yahtzee on ``nl``, no hourglass: a computer level's game has no clock to show)."""


def _play(mode: str, level: str, seed: int, table: Any
          ) -> tuple[Any, dict[tuple[int, ...], dict[str, Any]]]:
    """A game of ``level`` (solo; Kaartspel two seats of the level) with the dice of
    ``seed``, and the stored game at each decision (:func:`_moment`)."""
    from .. import games

    coach = judging_coach(mode)
    game = games.new_game(mode, puzzle_rules(mode).test_players,
                          games.parse_rules(mode, RULES[mode]),
                          rng=random.Random(seed), clock=lambda: 0.0)
    snapshots: dict[tuple[int, ...], dict[str, Any]] = {}
    while not game.finished:
        key = _moment(mode, game)
        if key is not None:
            snapshots[key] = game.to_json()
        game.act(coach.decide(game, level, table))
    return game, snapshots


def _moment(mode: str, game: Any) -> tuple[int, ...] | None:
    """The turn and throws made of a decision now (Kaartspel also the turn's step; None:
    no decision now)."""
    return puzzle_rules(mode).moment(game)


def _moment_of(mode: str, item: Any) -> tuple[int, ...]:
    """:func:`_moment` of a judged decision."""
    return puzzle_rules(mode).moment_of(item.turn, item.throws, item.position)


def stage(mode: str, position: dict[str, Any]) -> int:
    """Where in the game a position stands, from 1: the round (Kaartspel: by the cards
    placed, the Casino round last)."""
    return puzzle_rules(mode).stage(position)


def stages(mode: str, position: dict[str, Any]) -> int:
    """How many stages a game of the mode has (:func:`stage`)."""
    return puzzle_rules(mode).stages(position)


def generate(mode: str, table: Any, size: int = SIZE, seed: int = SEED) -> list[dict[str, Any]]:
    """The positions of a test: puzzles from the computer levels' games of ``seed``, chosen
    evenly over the rounds of the game, in round order."""
    margin = margin_of(mode, table)
    coach = judging_coach(mode)
    by_round: dict[int, list[dict[str, Any]]] = {}
    rounds = 0
    for n in range(400):
        level = GAME_LEVELS[n % len(GAME_LEVELS)]
        game, snapshots = _play(mode, level, seed + n, table)
        for item in coach.judge(game, table):
            found = puzzle_of(mode, RULES[mode], f"test-{seed + n}", item, margin)
            if found is None:
                continue
            rounds = stages(mode, found.position)
            entry = {"puzzle": found.to_json(), "game": snapshots[_moment_of(mode, item)]}
            by_round.setdefault(stage(mode, found.position), []).append(entry)
        if rounds and all(len(by_round.get(r, [])) >= -(-size // rounds)
                          for r in range(1, rounds + 1)):
            break
    chosen: list[dict[str, Any]] = []
    per_round = {r: sorted(items, key=lambda e: hashlib.sha256(
        e["puzzle"]["id"].encode()).hexdigest()) for r, items in by_round.items()}
    while len(chosen) < size and any(per_round.values()):
        for r in sorted(per_round):
            if per_round[r] and len(chosen) < size:
                chosen.append(per_round[r].pop(0))
    return sorted(chosen, key=lambda e: (stage(mode, e["puzzle"]["position"]),
                                         e["puzzle"]["turn"], e["puzzle"]["throws"],
                                         e["puzzle"]["id"]))


def load(mode: str, version: int = VERSION) -> list[dict[str, Any]]:
    """The shipped test of ``mode`` (LookupError: none); its positions are read once a
    process (callers read them, never change them)."""
    return list(_positions(mode, version))


@functools.cache
def _random_loss(mode: str, version: int) -> float:
    """What answers drawn at random lose on the whole test, on average."""
    return sum(random_loss(e["puzzle"]["options"]) for e in _positions(mode, version))


@functools.cache
def _positions(mode: str, version: int) -> tuple[dict[str, Any], ...]:
    try:
        text = (resources.files("wordyahtzee") / "data" / "puzzles"
                / f"{mode}-test-v{version}.json").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LookupError(f"no proficiency test v{version} for {mode}") from None
    data: dict[str, Any] = json.loads(text)
    return tuple(data["positions"])


def questions(mode: str, version: int = VERSION) -> list[dict[str, Any]]:
    """The test's positions as the player sees them (nothing of the answers)."""
    return [Puzzle.from_json(e["puzzle"]).question() for e in load(mode, version)]


def score(mode: str, answers: Sequence[Mapping[str, Any]], version: int = VERSION
          ) -> dict[str, Any]:
    """Grade a whole test: ``answers`` is one choice per position, in order. The score
    is the skill figure of the answers (:func:`~wordyahtzee.advisor.skill.scaled`): 100 ×
    (1 − the points they lost / ``random``, the points answers drawn at random lose on
    average, each position's distinct choices equally likely): 100 for the best answers,
    about 0 for random ones, below 0 for worse. ``levels``: the computer levels' scores
    (:func:`level_figures`, as shipped). Each position's grade as :func:`~.grading.grade`
    gives it."""
    test = load(mode, version)
    if len(answers) != len(test):
        raise BadRequest(f"the test has {len(test)} positions: give one answer to each",
                         "bad_choice")
    puzzles = [Puzzle.from_json(e["puzzle"]) for e in test]
    graded = [grade(puzzle, choice) for puzzle, choice in zip(puzzles, answers, strict=True)]
    lost = sum(g["regret"] for g in graded)
    random = _random_loss(mode, version)
    figure = scaled(lost, random)
    return {"mode": mode, "version": version, "positions": len(test),
            "score": 100.0 if figure is None else round(figure, 1),
            "best_answers": sum(g["solved"] for g in graded), "regret": round(lost, 2),
            "random": round(random, 2), "levels": levels("test", mode), "graded": graded}


def level_answers(mode: str, level: str, table: Any, version: int = VERSION
                  ) -> list[dict[str, Any]]:
    """What a computer level answers at each position of the test (the stored game up to the
    position, and the level's own move there)."""
    from .. import games

    coach = judging_coach(mode)
    out = []
    for n, entry in enumerate(load(mode, version)):
        game = games.restore(entry["game"], rng=random.Random(n), clock=lambda: 0.0)
        out.append(answer_of(game, coach.decide(game, level, table)))
    return out


def answer_of(game: Any, action: Any) -> dict[str, Any]:
    """A computer's action as an answer to the position it was played in."""
    name = action.name
    if name == "throw" and getattr(game, "phase", None) == "choose":
        return {"kind": "throw"}
    if name == "throw":
        return {"kind": "keep", "dice": list(action.keep)}
    if name == "claim":
        return {"kind": "box", "box": action.box}
    if name == "take":
        return {"kind": "take", "card": action.card}
    if name in ("roll", "stop"):
        return {"kind": name}
    raise RuleError(f"a computer answered {name!r}", "bad_choice")


def level_figures(mode: str, table: Any, random_sets: int = 0, seed: int = 0
                  ) -> dict[str, list[float]]:
    """The test's score of each computer level's answers (one each: they are fixed), and
    of ``random_sets`` sets of random answers (:func:`random_answers`) under ``random``."""
    coach = judging_coach(mode)
    out = {level: [score(mode, level_answers(mode, level, table))["score"]]
           for level in coach.levels}
    if random_sets:
        rng = random.Random(seed)
        out["random"] = [score(mode, random_answers(mode, rng))["score"]
                         for _ in range(random_sets)]
    return out


def random_answers(mode: str, rng: random.Random, version: int = VERSION
                   ) -> list[dict[str, Any]]:
    """One answer per position, each drawn from the position's distinct choices (equal
    keeps are one), in the form the test's page sends."""
    from ..advisor.coach import distinct

    out = []
    for entry in load(mode, version):
        puzzle = Puzzle.from_json(entry["puzzle"])
        out.append(answer_to(puzzle, rng.choice(distinct(tuple(puzzle.options)))))
    return out


def answer_to(puzzle: Puzzle, option: Mapping[str, Any]) -> dict[str, Any]:
    """The answer that names ``option`` of ``puzzle`` (:func:`~.grading.find_choice`
    reads it back): a keep by the positions of the dice kept, a box or claim by its box,
    a Kaartspel take by its card, a move by its kind."""
    kind = option["kind"]
    if kind == "keep":
        if "dice" in option:  # Woord Yahtzee
            return {"kind": "keep", "dice": list(option["dice"])}
        if "keep_indices" in option:  # Kaartspel
            return {"kind": "keep", "dice": list(option["keep_indices"])}
        todo, dice = [str(p) for p in option["keep"]], []
        for i, face in enumerate(puzzle.shown):  # classic: the pips kept, placed
            if face in todo:
                todo.remove(face)
                dice.append(i)
        return {"kind": "keep", "dice": dice}
    if kind in ("box", "claim"):
        return {"kind": kind, "box": option["box"]}
    if kind == "take":
        return {"kind": "take", "card": option.get("card")}
    return {"kind": kind}
