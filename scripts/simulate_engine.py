#!/usr/bin/env python3
"""The engine-play check (wordyahtzee/advisor/engine.py), set and checked by simulation.

``play`` has every player below play ``--games`` solo games of each mode through the
engine (each game its own seed, made of ``--label``: the constants were tuned on the games
of the label ``engine``, so an evaluation plays another), judges each the way the server
judges a finished rated or daily game (the coach's review), and keeps per decision what
the statistic reads: the points each option is worth less than the best (options within
:data:`KEPT` points) and the regret of the choice made.

- honest players: the optimal player (the engine itself: the one to hold), a strong
  player who slips (``slips``: the optimal strategy taking each option with a chance
  proportional to ``exp(-lost / slip)``; classic 0.5 points, Woord Yahtzee 4), the
  human-like player (classic: the same with 1.5 points; Woord Yahtzee: its computer
  player of a small vocabulary), the greedy player and the beginner;
- players who use the engine and know the check: ``cheap misses`` plays the engine's move
  but the second best wherever it costs less than :data:`CHEAP` points (a miss on every
  close call), and ``engine half`` plays the engine in half of its games and as the
  human-like player in the others.

``evaluate`` makes careers of ``--career`` games for each player, drawn from its games
(with replacement, seeded), runs the check after every game as the server does (the last
:data:`~wordyahtzee.advisor.engine.WINDOW` games), and prints per player the share of
careers held (95% Wilson interval), held within 10 games, and the median game of the
hold; with ``--slips`` and ``--thresholds`` it tries other constants (``tune``).

    python -m scripts.simulate_engine tune --games 1000 --save engine.jsonl
    python -m scripts.simulate_engine evaluate --games 400 --label eval-45 --save eval.jsonl
    python -m scripts.simulate_engine evaluate --load eval.jsonl --write-docs
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scripts.simulate_foresight import WoordSlips, wilson

ROOT = Path(__file__).resolve().parents[1]
HONEST = ("optimal", "slips", "human", "greedy", "beginner")
CHEATERS = ("cheap misses", "engine half")
SLIPS = {"classic": (0.5, 1.5), "woord": (4.0, None)}
"""The slips (points) of the strong and the human-like player (None: the mode's own
human-like computer player)."""
CHEAP = {"classic": 1.0, "woord": 5.0}
"""A miss costs less than this (points): the evading engine misses every such call."""
KEPT = {"classic": 25.0, "woord": 80.0}
"""Options worth more than this less than the best are left out of a record (their weight
in the statistic is below e**-40)."""


# -- playing ----------------------------------------------------------------------------------

TUNING = "engine"
"""The label of the games the constants were tuned on (the seeds of the first runs)."""


def classic_records(player: str, count: int, label: str = TUNING
                    ) -> Iterator[dict[str, Any]]:
    """``count`` classic games of ``player``, each judged as it is played: at every
    decision the optimal strategy's options (the review's judgement, the same numbers)
    and the regret of the choice made."""
    from wordyahtzee.advisor.classic import foresight as cf
    from wordyahtzee.advisor.classic.players import (
        BeginnerPlayer,
        GreedyPlayer,
        position_of,
    )
    from wordyahtzee.advisor.classic.strategy import load_strategy
    from wordyahtzee.modes.classic import ClassicGame

    strategy = load_strategy("free", quiet=True)
    for index in range(count):
        rng = random.Random(f"{label}/classic/{player}/{index}")
        name = player
        if player == "engine half":
            name = "optimal" if index % 2 == 0 else "human"
        slip = {"slips": SLIPS["classic"][0], "human": SLIPS["classic"][1]}.get(name)
        fixed = {"greedy": GreedyPlayer(), "beginner": BeginnerPlayer()}.get(name)
        decisions: list[list[Any]] = []
        took = 0.0

        def decide(game: Any, rng: random.Random = rng, slip: float | None = slip,
                   fixed: Any = fixed, name: str = name,
                   decisions: list[list[Any]] = decisions) -> Any:
            nonlocal took
            started = time.perf_counter()
            options = strategy.advise(position_of(game)).options
            took += time.perf_counter() - started
            values = [round(o.value, 2) for o in options]
            if fixed is not None:
                kind, what = cf.option_of(fixed.decide(game))
                kept = sorted(game.dice[i] for i in what) if kind == "keep" else None
                pick = next(o for o in options if o.kind == ("box" if kind == "box" else
                                                             "keep")
                            and (o.box == what if kind == "box" else sorted(o.keep) == kept))
            elif slip is not None:
                pick = rng.choices(options, [math.exp((o.value - options[0].value) / slip)
                                             for o in options])[0]
            elif (name == "cheap misses" and len(options) > 1
                  and options[0].value - options[1].value < CHEAP["classic"]):
                pick = options[1]
            else:
                pick = options[0]
            top = values[0]
            decisions.append([round(max(0.0, top - round(pick.value, 2)), 3),
                              [round(top - v, 3) for v in values if top - v <= KEPT["classic"]]])
            if fixed is not None:
                return (kind, what)
            if pick.kind == "box":
                return ("box", pick.box)
            return ("keep", tuple(pick.keep_indices(game.dice)))

        game = ClassicGame(["p"], rng=random.Random(rng.random()))
        cf.play(game, decide)
        yield {"mode": "classic", "player": player, "game": index, "label": label,
               "score": game.sheet("p").total, "judge_seconds": round(took, 4),
               "decisions": decisions}


class _WoordCheap:
    def __init__(self, strategy: Any, solver: Any) -> None:
        self.strategy, self.solver = strategy, solver

    def decide(self, game: Any) -> Any:
        from wordyahtzee.advisor.woord.players import WoordMove

        options = self.strategy.advise_game(game, self.solver)
        pick = (options[1] if len(options) > 1
                and options[0].ev - options[1].ev < CHEAP["woord"] else options[0])
        if pick.kind == "keep":
            return WoordMove("throw", keep=pick.dice)
        return WoordMove("claim", box=pick.box, words=pick.words)


def woord_games(player: str, count: int, label: str = TUNING) -> Iterator[tuple[int, Any]]:
    """``count`` finished Woord Yahtzee games of ``player``."""
    from wordyahtzee.advisor.woord import foresight as wf
    from wordyahtzee.advisor.woord.simulate import woord_player
    from wordyahtzee.advisor.woord.strategy import load_woord_strategy
    from wordyahtzee.dice import DiceSet
    from wordyahtzee.lexicon import load_lexicon
    from wordyahtzee.modes.woord import WoordGame, WoordRules
    from wordyahtzee.solver import get_solver

    rules = WoordRules()
    lexicon, dice = load_lexicon(rules.dictionary), DiceSet.load(rules.dice_set)
    strategy = load_woord_strategy(rules.dictionary, rules.dice_set,
                                   rules.upper_bonus_at, quiet=True)
    solver = get_solver(lexicon, dice, rules)
    for index in range(count):
        rng = random.Random(f"{label}/woord/{player}/{index}")
        name = player
        if player == "engine half":
            name = "optimal" if index % 2 == 0 else "human"
        subject: Any = (WoordSlips(strategy, solver, rng, SLIPS["woord"][0])
                        if name == "slips" else _WoordCheap(strategy, solver)
                        if name == "cheap misses" else
                        woord_player(name, solver, strategy=strategy, rng=rng))
        game = WoordGame(["p"], rules, lexicon=lexicon, dice_set=dice,
                         rng=random.Random(rng.random()), clock=lambda: 0.0)
        wf.play(game, subject)
        yield index, game


def woord_records(player: str, count: int, label: str = TUNING
                  ) -> Iterator[dict[str, Any]]:
    """``count`` Woord Yahtzee games of ``player``, each judged by the coach's review."""
    from wordyahtzee.advisor.coach import coach
    from wordyahtzee.tables import strategies

    helper: Any = coach("woord")
    table = strategies.get("woord", helper.table_key({}))
    for index, game in woord_games(player, count, label):
        started = time.perf_counter()
        judged = helper.judge(game, table)
        seconds = time.perf_counter() - started
        decisions = []
        for item in judged:
            values = [float(o["value"]) for o in item.options]
            top = values[0]
            decisions.append([round(max(0.0, top - float(item.chosen["value"])), 3),
                              [round(top - v, 3) for v in values if top - v <= KEPT["woord"]]])
        yield {"mode": "woord", "player": player, "game": index, "label": label,
               "score": game.totals()[0], "judge_seconds": round(seconds, 4),
               "decisions": decisions}


def play(modes: list[str], count: int, save: Path | None, label: str = TUNING
         ) -> list[dict[str, Any]]:
    """Every player's ``count`` games of each mode, the seeds made of ``label``, judged
    (progress on stderr)."""
    out: list[dict[str, Any]] = []
    sink = save.open("w") if save else None
    for mode in modes:
        for player in (*HONEST, *CHEATERS):
            began = time.monotonic()
            source = classic_records if mode == "classic" else woord_records
            for record in source(player, count, label):
                out.append(record)
                if sink:
                    sink.write(json.dumps(record) + "\n")
                    sink.flush()
                if (record["game"] + 1) % 100 == 0:
                    print(f"{mode} {player}: {record['game'] + 1}/{count}, "
                          f"{time.monotonic() - began:.0f} s", file=sys.stderr, flush=True)
    if sink:
        sink.close()
    return out


# -- the check --------------------------------------------------------------------------------

def summary(record: dict[str, Any], slip: float) -> Any:
    """A record's :class:`~wordyahtzee.advisor.engine.GameSummary` for the reference
    player's ``slip``."""
    from wordyahtzee.advisor.engine import GameSummary, reference_loss

    count, loss, expected, variance = 0, 0.0, 0.0, 0.0
    for regret, lost in record["decisions"]:
        loss += regret
        if len(lost) > 1:
            count += 1
            mean, var = reference_loss([-x for x in lost], slip)
            expected += mean
            variance += var
    return GameSummary(count, loss, expected, variance)


def careers(mode: str, pool: list[Any], length: int, count: int, threshold: float,
            seed: str, clip: float | None = None) -> list[int | None]:
    """For ``count`` careers of ``length`` games drawn from ``pool`` (summaries), the game
    (1-based) at which the check held the profile, or None: the statistic of
    :func:`wordyahtzee.advisor.engine.verdict` over the last
    :data:`~wordyahtzee.advisor.engine.WINDOW` games after each game, from each game's
    score computed once."""
    from wordyahtzee.advisor import engine

    scores = [engine.game_score(g, engine.CLIP if clip is None else clip) for g in pool]
    rng = random.Random(seed)
    held: list[int | None] = []
    for _ in range(count):
        picked = [scores[rng.randrange(len(scores))] for _ in range(length)]
        at = None
        for n in range(1, length + 1):
            window = [x for x in picked[max(0, n - engine.WINDOW):n] if x is not None]
            if window and sum(window) / math.sqrt(len(window)) >= threshold:
                at = n
                break
        held.append(at)
    return held


def evaluate(records: list[dict[str, Any]], length: int, count: int,
             slips: dict[str, float] | None = None,
             thresholds: dict[str, float] | None = None) -> list[str]:
    """The table: per mode and player, careers held (95% interval), held within 10 games,
    the median game of the hold, and per game the points lost and what the reference
    player loses."""
    from wordyahtzee.advisor import engine

    lines = ["mode     player          careers  held   rate    95% interval    "
             "within 10  median game  lost/game  reference/game"]
    for mode in sorted({r["mode"] for r in records}):
        slip = (slips or {}).get(mode, engine.REFERENCE_SLIP[mode])
        threshold = (thresholds or {}).get(mode, engine.THRESHOLD[mode])
        lines.append(f"{mode:<8} reference slip {slip:g} points, threshold z >= "
                     f"{threshold:g}, window {engine.WINDOW} games, careers of {length}")
        for player in (*HONEST, *CHEATERS):
            mine = [summary(r, slip) for r in records
                    if r["mode"] == mode and r["player"] == player]
            if not mine:
                continue
            held = careers(mode, mine, length, count, threshold, f"{mode}/{player}")
            n_held = sum(h is not None for h in held)
            low, high = wilson(n_held, len(held))
            early = sum(h is not None and h <= 10 for h in held)
            when = [h for h in held if h is not None]
            median = f"{statistics.median(when):g}" if when else "-"
            lines.append(
                f"{mode:<8} {player:<15} {len(held):>7} {n_held:>5} "
                f"{n_held / len(held):6.1%}  {low:6.1%}-{high:6.1%}  "
                f"{early / len(held):9.1%}  {median:>11}  "
                f"{statistics.fmean(g.loss for g in mine):9.1f}  "
                f"{statistics.fmean(g.expected for g in mine):14.1f}")
        took = sorted(r["judge_seconds"] for r in records if r["mode"] == mode)
        if took:
            lines.append(f"{mode:<8} judging a game (the review's judgement): median "
                         f"{took[len(took) // 2] * 1000:.0f} ms, p99 "
                         f"{took[int(len(took) * 0.99)] * 1000:.0f} ms")
    return lines


def tune(records: list[dict[str, Any]], length: int, count: int) -> None:
    """Print, per mode, candidate slips, clips and thresholds: the worst honest player's
    share of careers held (the optimal player aside: it is the engine), the optimal
    player's share held within 10 games, and the share of the cheaters' careers held."""
    for mode in sorted({r["mode"] for r in records}):
        for slip in ((0.1, 0.25, 0.5) if mode == "classic" else (1.0, 2.0, 4.0)):
            pools = {p: [summary(r, slip) for r in records
                         if r["mode"] == mode and r["player"] == p] for p in (*HONEST,
                                                                              *CHEATERS)}
            for clip in (0.25, 0.5, 1.0):
                for threshold in (3.0, 3.5, 4.0, 5.0):
                    def rate(player: str, n: int, threshold: float = threshold,
                             clip: float = clip, mode: str = mode,
                             pools: dict[str, list[Any]] = pools) -> float:
                        found = careers(mode, pools[player], n, count, threshold,
                                        f"{mode}/{player}", clip)
                        return sum(h is not None for h in found) / count
                    worst = max(rate(p, length) for p in HONEST[1:] if pools[p])
                    cheats = ", ".join(f"{p} {rate(p, length):.0%}" for p in CHEATERS
                                       if pools[p])
                    print(f"{mode} slip {slip:g} clip {clip:g} z>={threshold:g}: worst "
                          f"honest {worst:.1%}, engine within 10 {rate('optimal', 10):.1%}"
                          f", {cheats}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=("tune", "evaluate"))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--modes", default="classic,woord")
    parser.add_argument("--career", type=int, default=100)
    parser.add_argument("--careers", type=int, default=1000)
    parser.add_argument("--label", default=None,
                        help=f"the games' seed label (tune: {TUNING}; evaluate: eval)")
    parser.add_argument("--save", type=Path)
    parser.add_argument("--load", type=Path)
    parser.add_argument("--write-docs", action="store_true")
    args = parser.parse_args(argv)
    modes = [m for m in args.modes.split(",") if m]
    if args.load:
        records = [json.loads(line) for line in args.load.open()]
        records = [r for r in records if r["mode"] in modes]
    else:
        records = play(modes, args.games, args.save,
                       args.label or (TUNING if args.step == "tune" else "eval"))
    if args.step == "tune":
        tune(records, args.career, args.careers)
        return 0
    lines = evaluate(records, args.career, args.careers)
    print("\n".join(lines))
    if args.write_docs:
        games = len({(r["mode"], r["player"], r["game"]) for r in records})
        labels = sorted({r.get("label", TUNING) for r in records})
        write_docs(ROOT / "docs" / "daily.md", lines,
                   "python -m scripts.simulate_engine evaluate --games "
                   f"{max(r['game'] for r in records) + 1} --label {','.join(labels)} "
                   f"--career {args.career} --careers {args.careers}", games)
    return 0


def write_docs(doc: Path, lines: list[str], command: str, games: int) -> None:
    """Replace the ``bench:simulate_engine`` block of ``doc`` with ``lines``."""
    from scripts.bench_docs import replace_block

    replace_block(doc, "simulate_engine", command, f": {games} games judged; careers drawn "
                  "from each player's games, the check run after every game:", lines)


if __name__ == "__main__":
    raise SystemExit(main())
