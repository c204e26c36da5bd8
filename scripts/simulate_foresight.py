#!/usr/bin/env python3
"""The daily game's fair play against players who know the day's faces, set and checked by
simulation: the foresight statistic (wordyahtzee/advisor/foresight.py) and the board,
which ranks by the expected points a game's choices lost (docs/daily.md, "Fair play").

Each simulated day has its own seed; on it every player below plays the daily game of the
mode through the engine, on the day's fair dice, and every game is judged as the server
judges a finished daily game:

- honest players, who cannot see the faces: the optimal player, a strong player who slips,
  a human-like player, the greedy player and a beginner (classic: the strong and the
  human-like player are the optimal strategy with people's slips, :func:`classic_human`;
  Woord Yahtzee: the strong one is :class:`WoordSlips`, the human-like one its computer
  player of a small vocabulary);
- every cheater of :data:`CHEATERS`: the best game in hindsight, the faces in 1, 2, 4 or 6
  turns, the evasive player who knows the statistic (with 0, 2 or 4 outright hits), and
  the best-scoring game a search of the day's plans finds that the check leaves clear.

``evaluate`` prints per player the share of its games flagged (95% Wilson interval) and,
against the optimal player's game of the same day (95% intervals), what its listed
results gain on the board and what its score gains; ``--write-docs`` puts that table into
docs/daily.md. ``tune`` prints what the constants of the statistic should be (per regret
bucket the honest departures' hits, and the flag rate of every round threshold).

    python -m scripts.simulate_foresight evaluate --days 300 --label eval-45 --write-docs
    python -m scripts.simulate_foresight tune --days 500 --label tune3 --modes woord

Both take ``--modes classic,woord`` and ``--save FILE`` (the games as JSON lines, written
as they are played, which ``--load FILE`` reads instead of playing again; files of the
same label's days are joined with ``cat``); ``--first-day N`` plays the days from the
``N``-th, so that one run can be split over processes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HONEST = {"classic": ("optimal", "slips", "greedy", "human", "beginner"),
          "woord": ("optimal", "slips", "greedy", "human", "beginner")}
"""The honest players of each mode, who cannot see the faces."""


def day_seed(label: str, mode: str, day: int) -> bytes:
    """The seed of simulated day ``day``."""
    return hashlib.sha256(f"foresight/{label}/{mode}/{day}".encode()).digest()


# -- the cheaters ------------------------------------------------------------------------------

CHEATERS = ("hindsight", *(f"faces in {k}" for k in (1, 2, 4, 6)), "evasive",
            "evasive + 2 hits", "evasive + 4 hits", "searched")
"""Every player who knows the day's faces (learnt with a throwaway profile):

- ``hindsight``: the best game in hindsight (of options equally good in hindsight, the one
  the optimal player would choose);
- ``faces in k``: the best game in hindsight in ``k`` turns drawn at random, optimal play
  in the others;
- ``evasive``: knows the statistic too: where a choice other than the best in expectation
  is better in hindsight, it takes the best such choice that is *not* the best in
  hindsight (:func:`~wordyahtzee.advisor.foresight.evasive_option`), so that no choice
  hits; ``evasive + k hits``: the same, and the best in hindsight outright in ``k`` turns
  drawn at random;
- ``searched``: knows the statistic and searches offline, before playing, for the
  best-scoring game that the check leaves clear: of every game above and
  :data:`SEARCH_PLANS` more (evasive play with the best in hindsight in a few turns
  drawn at random, or the best in hindsight in some turns and optimal play in the
  others), the highest score the verdict does not flag (the optimal game when all are)."""
SEARCH_PLANS = (("evasive", 1), ("evasive", 1), ("evasive", 2), ("evasive", 2),
                ("evasive", 3), ("evasive", 3), ("optimal", 3), ("optimal", 5))
"""The search's more plans: (the play outside the turns, how many turns in hindsight)."""


def plan_turns(rng: random.Random, rounds: int) -> dict[str, tuple[str, set[int]]]:
    """Every cheater's plan but the search's: (its play outside the turns it plays in
    hindsight, those turns), and the search's more plans (``plan i``)."""
    plans: dict[str, tuple[str, set[int]]] = {"hindsight": ("optimal", set(range(rounds)))}
    for k in (1, 2, 4, 6):
        plans[f"faces in {k}"] = ("optimal", set(rng.sample(range(rounds), k)))
    plans["evasive"] = ("evasive", set())
    for k in (2, 4):
        plans[f"evasive + {k} hits"] = ("evasive", set(rng.sample(range(rounds), k)))
    for i, (base, k) in enumerate(SEARCH_PLANS):
        plans[f"plan {i}"] = (base, set(rng.sample(range(rounds), k)))
    return plans


def searched(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The search's game among a day's judged games (every cheater's, the plans' and the
    optimal one): the highest score the verdict leaves clear, of equal scores the one that
    lost the fewest expected points."""
    from wordyahtzee.advisor import foresight

    pool = [r for r in records if r["player"] not in HONEST[r["mode"]] or
            r["player"] == "optimal"]
    clear = [r for r in pool if not foresight.verdict(r["mode"], choices_of(r)).flagged]
    best = max(clear, key=lambda r: (r["score"], -loss_of(r)))
    return {**best, "player": "searched", "plan": best["player"], "candidates": len(pool)}


# -- classic ----------------------------------------------------------------------------------

def classic_human(strategy: Any, rng: random.Random, slip: float = 1.5
                  ) -> Callable[[Any], Any]:
    """A human-like classic player: it weighs the options as the optimal strategy does but
    slips, choosing each with a chance proportional to ``exp(value / slip)`` (close calls
    are a coin toss, blunders rare), and keeps whichever of equal dice it happens to pick
    (a person does not keep the first ones). ``slip`` 1.5 points: the human-like player;
    0.5: a strong player who slips (``slips``)."""
    from wordyahtzee.advisor.classic.players import position_of

    def decide(game: Any) -> Any:
        options = strategy.advise(position_of(game)).options
        top = options[0].value
        weights = [math.exp((o.value - top) / slip) for o in options]
        option = rng.choices(options, weights)[0]
        if option.kind == "box":
            return ("box", option.box)
        free = list(range(len(game.dice)))
        rng.shuffle(free)
        kept = []
        for pip in option.keep:
            spot = next(p for p in free if game.dice[p] == pip)
            free.remove(spot)
            kept.append(spot)
        return ("keep", tuple(sorted(kept)))
    return decide


CLASSIC_SLIP = 0.5
"""The strong classic player's slip (points): it loses a few points a game."""


def classic_games(label: str, day: int) -> Iterator[dict[str, Any]]:
    """Every player's game on one simulated classic day, judged."""
    from wordyahtzee.advisor.classic import foresight as cf
    from wordyahtzee.advisor.classic.players import (
        BeginnerPlayer,
        GreedyPlayer,
        OptimalPlayer,
    )
    from wordyahtzee.advisor.classic.strategy import load_strategy
    from wordyahtzee.advisor.foresight import evasive_option
    from wordyahtzee.dice import FairDice
    from wordyahtzee.modes.classic import ClassicGame

    strategy = load_strategy("free", quiet=True)
    seed = day_seed(label, "classic", day)
    started = time.perf_counter()
    hindsight = cf.ClassicHindsight.compute(strategy, seed)
    setup = time.perf_counter() - started
    optimal = OptimalPlayer(strategy)
    rng = random.Random(f"{label}/classic/{day}")

    def usual(game: Any) -> Any:
        return cf.option_of(optimal.decide(game))

    def evasive(game: Any) -> Any:
        return evasive_option(hindsight.values(game), usual(game))

    def informed(base: str, turns: set[int]) -> Callable[[Any], Any]:
        other = evasive if base == "evasive" else usual
        return lambda game: (hindsight.choose(game, usual(game)) if game.cup.turn in turns
                             else other(game))

    players: dict[str, Callable[[Any], Any]] = {
        "optimal": usual, "slips": classic_human(strategy, rng, CLASSIC_SLIP),
        "greedy": lambda g: cf.option_of(GreedyPlayer().decide(g)),
        "human": classic_human(strategy, rng),
        "beginner": lambda g: cf.option_of(BeginnerPlayer().decide(g))}
    for name, (base, turns) in plan_turns(rng, 13).items():
        players[name] = informed(base, turns)
    day_records = []
    for name, decide in players.items():
        game = ClassicGame(["player"], rng=FairDice(seed))
        cf.play(game, decide)
        started = time.perf_counter()
        judged = cf.choices(game, strategy, hindsight)
        day_records.append(_record("classic", label, day, name, game.sheet("player").total,
                                   hindsight.best_total, judged,
                                   setup + time.perf_counter() - started))
    day_records.append(searched(day_records))
    yield from (r for r in day_records if not r["player"].startswith("plan "))


# -- Woord Yahtzee ----------------------------------------------------------------------------

class WoordSlips:
    """A strong Woord Yahtzee player: it weighs the options as the optimal strategy does,
    with every word, but slips, choosing each option with a chance proportional to
    ``exp(value / slip)`` (``slip`` in points: close calls are a coin toss)."""

    def __init__(self, strategy: Any, solver: Any, rng: random.Random,
                 slip: float = 4.0) -> None:
        self.strategy, self.solver, self.rng, self.slip = strategy, solver, rng, slip

    def decide(self, game: Any) -> Any:
        """The move a slip of the optimal choice makes."""
        from wordyahtzee.advisor.woord.players import WoordMove

        options = self.strategy.advise_game(game, self.solver)
        top = options[0].ev
        option = self.rng.choices(options, [math.exp((o.ev - top) / self.slip)
                                            for o in options])[0]
        if option.kind == "keep":
            return WoordMove("throw", keep=option.dice)
        return WoordMove("claim", box=option.box, words=option.words)


def woord_games(label: str, day: int) -> Iterator[dict[str, Any]]:
    """Every player's game on one simulated Woord Yahtzee day, judged."""
    from wordyahtzee.advisor.foresight import evasive_option
    from wordyahtzee.advisor.woord import foresight as wf
    from wordyahtzee.advisor.woord.simulate import woord_player
    from wordyahtzee.advisor.woord.strategy import load_woord_strategy
    from wordyahtzee.dice import DiceSet, FairDice
    from wordyahtzee.lexicon import load_lexicon
    from wordyahtzee.modes.woord import WoordGame, WoordRules
    from wordyahtzee.solver import get_solver

    rules = WoordRules()
    lexicon, dice = load_lexicon(rules.dictionary), DiceSet.load(rules.dice_set)
    strategy = load_woord_strategy(rules.dictionary, rules.dice_set,
                                   rules.upper_bonus_at, quiet=True)
    solver = get_solver(lexicon, dice, rules)
    seed = day_seed(label, "woord", day)
    started = time.perf_counter()
    hindsight = wf.WoordHindsight.compute(strategy, seed)
    setup = time.perf_counter() - started
    rng = random.Random(f"{label}/woord/{day}")
    optimal = woord_player("optimal", solver, strategy=strategy)
    plans = plan_turns(rng, 8)

    def chooser(turns: set[int]) -> Callable[[Any, Any], Any]:
        def choose(game: Any, usual: Any) -> Any:
            if game.turn.number in turns:
                return hindsight.choose(game, usual)
            values = hindsight.values_at(game)
            return evasive_option(values, usual) if usual in values else usual
        return choose

    day_records = []
    for name in (*HONEST["woord"], *plans):
        player: Any = (optimal if name in plans else
                       WoordSlips(strategy, solver, random.Random(rng.random()))
                       if name == "slips" else
                       woord_player(name, solver, strategy=strategy,
                                    rng=random.Random(rng.random())))
        game = WoordGame(["player"], rules, lexicon=lexicon, dice_set=dice,
                         rng=FairDice(seed), clock=lambda: 0.0)
        base, turns = plans.get(name, ("optimal", set()))
        if base == "evasive":
            wf.play(game, player, hindsight, range(8), solver, chooser(turns))
        else:
            wf.play(game, player, hindsight, turns, solver)
        started = time.perf_counter()
        judged = wf.choices(game, strategy, hindsight)
        day_records.append(_record("woord", label, day, name, game.sheets[0].total,
                                   hindsight.best_total, judged,
                                   setup + time.perf_counter() - started))
    day_records.append(searched(day_records))
    yield from (r for r in day_records if not r["player"].startswith("plan "))


def _record(mode: str, label: str, day: int, player: str, score: int, best: float,
            choices: list[Any], seconds: float) -> dict[str, Any]:
    """A judged game: who played it on which day, its score, the day's best in hindsight,
    its choices and how long judging it took (the day's hindsight included)."""
    return {"mode": mode, "label": label, "day": day, "player": player, "score": score,
            "seconds": round(seconds, 4),
            "best": best, "choices": [[c.regret, c.worth, c.top, c.chosen.get("kind"),
                                      c.best.get("kind")] for c in choices]}


def play(modes: list[str], label: str, days: int, save: Path | None,
         first: int = 0) -> list[dict[str, Any]]:
    """Every game of ``days`` simulated days of each mode, from day ``first`` (progress on
    stderr)."""
    out: list[dict[str, Any]] = []
    sink = save.open("w") if save else None
    for mode in modes:
        games = classic_games if mode == "classic" else woord_games
        start = time.monotonic()
        for day in range(first, first + days):
            began = time.perf_counter()
            day_records = list(games(label, day))
            for record in day_records:
                if record["player"] == "optimal":
                    record["day_seconds"] = round(time.perf_counter() - began, 2)
                out.append(record)
                if sink:
                    sink.write(json.dumps(record) + "\n")
                    sink.flush()
            if (day + 1 - first) % 10 == 0:
                print(f"{mode}: {day + 1 - first}/{days} days, "
                      f"{time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)
    if sink:
        sink.close()
    return out


# -- the statistic ------------------------------------------------------------------------------

def choices_of(record: dict[str, Any]) -> list[Any]:
    """A record's choices as :class:`~wordyahtzee.advisor.foresight.Choice` (only what the
    statistic reads)."""
    from wordyahtzee.advisor.foresight import Choice

    return [Choice(0, 0, {"kind": rest[0] if rest else None},
                   {"kind": rest[1] if rest else None}, regret, worth, top)
            for regret, worth, top, *rest in record["choices"]]


def wilson(hits: int, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    z = 1.959964
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


RATIOS = (5, 10, 20, 30, 50, 100)
"""The round likelihood ratios a threshold is chosen from."""
EDGES = {"classic": (0.0, 1.0, 3.0, 8.0, math.inf),
         "woord": (0.0, 5.0, 15.0, 40.0, math.inf)}
"""The regret buckets of each mode's table (points; Woord Yahtzee's scores are larger)."""


def tune(records: list[dict[str, Any]]) -> None:
    """Print what these games suggest for :data:`~wordyahtzee.advisor.foresight.HIT` and
    :data:`~wordyahtzee.advisor.foresight.THRESHOLD`: per kind of departure (where the
    mode's table tells them apart), regret bucket and player, the departures and hits;
    the table (each bucket's highest share of an honest player with 30 departures or
    more, each counted with one hit and one miss more, else the pooled share of the
    honest players); and, with that table, the share of each player's games every round
    ratio flags."""
    from wordyahtzee.advisor import foresight

    for mode in sorted({r["mode"] for r in records}):
        games = [r for r in records if r["mode"] == mode]
        edges = EDGES[mode]
        print(f"\n{mode}: {len({r['day'] for r in games})} days; departures that hit, per "
              "kind and regret bucket (up to " + ", ".join(f"{e:g}" for e in edges) + ")")
        counts: dict[tuple[str, str], list[list[int]]] = {}
        for record in games:
            for choice in choices_of(record):
                if choice.departure:
                    kind = choice.kind if foresight.BY_KIND[mode] else foresight.ANY
                    slots = counts.setdefault((kind, record["player"]),
                                              [[0, 0] for _ in edges])
                    slot = next(i for i, most in enumerate(edges)
                                if choice.regret <= most + foresight.EPSILON)
                    slots[slot][0] += 1
                    slots[slot][1] += choice.hit
        table: dict[str, tuple[tuple[float, float], ...]] = {}
        for kind in foresight.KINDS if foresight.BY_KIND[mode] else (foresight.ANY,):
            print(f"  {kind}")
            for (of, player), slots in sorted(counts.items()):
                if of == kind:
                    print(f"{player:>14}  " + "  ".join(f"{h:>4}/{n:<5}" for n, h in slots))
            rows = []
            for i, most in enumerate(edges):
                honest = [counts[kind, p][i] for p in HONEST[mode] if (kind, p) in counts]
                big = [(h + 1) / (n + 2) for n, h in honest if n >= 30]
                pooled = (sum(h for _, h in honest) + 1) / (sum(n for n, _ in honest) + 2)
                rows.append((most, round(max(big) if big else pooled, 3)))
            table[kind] = tuple(rows)
        print(f"HIT[{mode!r}] = {table}")
        saved = foresight.HIT
        foresight.HIT = {**saved, mode: table}
        try:
            values: dict[str, list[float]] = {}
            for record in games:
                values.setdefault(record["player"], []).append(
                    foresight.verdict(mode, choices_of(record)).log_lr)
        finally:
            foresight.HIT = saved
        for ratio in RATIOS:
            rates = {p: sum(v >= math.log(ratio) - 1e-9 for v in vs) / len(vs)
                     for p, vs in values.items()}
            worst = max(rates[p] for p in HONEST[mode] if p in rates)
            print(f"  LR >= {ratio:>3}: " + ", ".join(f"{p} {r:.1%}" for p, r in rates.items())
                  + ("   <- every honest player at most 0.5%" if worst <= 0.005 else ""))


def loss_of(record: dict[str, Any]) -> float:
    """The expected points a game's choices lost against optimal play (the review's total:
    the board's measure)."""
    return float(sum(c[0] for c in record["choices"]))


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval (normal: the days are independent)."""
    if not values:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / len(values)
    if len(values) < 2:
        return (mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    half = 1.959964 * sd / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def evaluate(records: list[dict[str, Any]]) -> list[str]:
    """The table: per player the share of games flagged with its 95% (Wilson) interval (the
    false alarms of the honest players, the detection of the others), and against the
    optimal player's game of the same day, with 95% intervals: what its listed results
    gain on the board (ranked by the expected points lost, so the gain is minus the
    points its choices lost; a flagged result is not listed) and what its score gains
    (what a board ranked by score would have paid it)."""
    from wordyahtzee.advisor import foresight

    lines = ["mode     player            games flagged  rate    95% interval   "
             "listed  board gain (95%)        score gain (95%)"]
    for mode in sorted({r["mode"] for r in records}):
        games = [r for r in records if r["mode"] == mode]
        par = {r["day"]: r for r in games if r["player"] == "optimal"}
        players: list[str] = []
        for record in games:
            if record["player"] not in players:
                players.append(record["player"])
        for player in players:
            mine = [r for r in games if r["player"] == player]
            flags = [foresight.verdict(mode, choices_of(r)).flagged for r in mine]
            low, high = wilson(sum(flags), len(mine))
            listed = [r for r, flagged in zip(mine, flags, strict=True) if not flagged]
            board = mean_interval([loss_of(par[r["day"]]) - loss_of(r) for r in listed])
            score = mean_interval([r["score"] - par[r["day"]]["score"] for r in mine])
            gain = (f"{board[0]:+6.1f} ({board[1]:+6.1f},{board[2]:+6.1f})" if listed
                    else f"{'none listed':<22}")
            lines.append(
                f"{mode:<8} {player:<17} {len(mine):>5} {sum(flags):>7} "
                f"{sum(flags) / max(1, len(mine)):6.1%} {low:6.1%}-{high:6.1%}  "
                f"{len(listed):>6}  {gain}  "
                f"{score[0]:+6.1f} ({score[1]:+6.1f},{score[2]:+6.1f})")
        took = sorted(r["seconds"] for r in games if "seconds" in r)
        if took:
            lines.append(f"{mode:<8} judging a game (the day's hindsight included): median "
                         f"{took[len(took) // 2] * 1000:.0f} ms, p99 "
                         f"{took[int(len(took) * 0.99)] * 1000:.0f} ms")
        days = [r["day_seconds"] for r in games if "day_seconds" in r]
        if days:
            lines.append(f"{mode:<8} a simulated day (every player, and the search's "
                         f"{len(SEARCH_PLANS)} more plans, each played and judged): "
                         f"mean {sum(days) / len(days):.1f} s")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=("tune", "evaluate"))
    parser.add_argument("--days", type=int, default=300)
    parser.add_argument("--modes", default="classic,woord")
    parser.add_argument("--label", default=None,
                        help="the days' seed label (tune: tune; evaluate: eval)")
    parser.add_argument("--first-day", type=int, default=0,
                        help="play the days from this one (to split a run over processes)")
    parser.add_argument("--save", type=Path)
    parser.add_argument("--load", type=Path)
    parser.add_argument("--write-docs", action="store_true")
    args = parser.parse_args(argv)
    label = args.label or ("tune" if args.step == "tune" else "eval")
    modes = [m for m in args.modes.split(",") if m]
    if args.load:
        records = [json.loads(line) for line in args.load.open()]
        records = [r for r in records if r["mode"] in modes]
    else:
        records = play(modes, label, args.days, args.save, args.first_day)
    if args.step == "tune":
        tune(records)
        return 0
    lines = evaluate(records)
    print("\n".join(lines))
    if args.write_docs:
        days = ", ".join(f"{len({r['day'] for r in records if r['mode'] == mode})} of {mode}"
                         for mode in modes)
        write_docs(ROOT / "docs" / "daily.md", lines,
                   f"python -m scripts.simulate_foresight evaluate --days {args.days} "
                   f"--label {label}", days)
    return 0


def write_docs(doc: Path, lines: list[str], command: str, days: str) -> None:
    """Replace the ``bench:simulate_foresight`` block of ``doc`` with ``lines``."""
    from scripts.bench_docs import replace_block

    replace_block(doc, "simulate_foresight", command, f": simulated days ({days}), every "
                  "player on each; the share of games flagged (95% Wilson interval), the "
                  "listed games, and against the optimal player's game of the same day what "
                  "the listed results gain on the board and what the score gains (mean, 95% "
                  "interval):", lines)


if __name__ == "__main__":
    raise SystemExit(main())
