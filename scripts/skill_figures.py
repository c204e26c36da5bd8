#!/usr/bin/env python3
"""The skill figures (docs/skill.md) of random answers, every computer level and the
judge's own play, in every mode, measured by seeded simulation.

- **review**: ``--games`` solo games of each player (Kaartspel: two seats of one level;
  game ``i`` on the dice of ``--seed + i``), each judged as the game's review judges it
  (:mod:`wordyahtzee.advisor.skill_levels`); per player the mean figure, its spread and
  the mean final score;
- **test**: the proficiency test answered by each computer level (its answers are fixed:
  one figure) and by ``--random-sets`` sets of random answers.

Triple Yahtzee has no judge, and says so. ``--write`` keeps the means in
``wordyahtzee/data/skill-levels.json`` (what the review, the daily page and the test
compare a player with); ``--write-docs`` puts the table into docs/skill.md.

``--woord-judges`` measures instead how Woord Yahtzee's players fare under three judges
(docs/skill.md says why the figure judges the claims): perfect play's expected points,
bonus chain included (every keep and claim); each turn's own expected points (perfect play
within the turn, a Woord Yahtzee worth its 50 or 100 and no later turn counted; chance,
consonants and vowels kept in reserve, as perfect play keeps them); and the claims judge
the figure uses.

    python -m scripts.skill_figures --games 200 --random-sets 200 --write --write-docs
    python -m scripts.skill_figures --woord-judges --games 100 --write-docs
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, cast

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "wordyahtzee" / "data" / "skill-levels.json"
MODES = ("classic", "woord", "kaartspel", "triple")
RULES: dict[str, dict[str, Any]] = {
    "classic": {}, "woord": {"dictionary": "nl", "dice_set": "nl", "turn_seconds": None},
    "kaartspel": {}}
"""The rules the review's figures are measured by: each mode's defaults (Woord Yahtzee
without the hourglass: the computer players have no clock to beat)."""
HEAD = (f"{'mode':10} {'figure':6} {'player':12} {'n':>5} {'mean':>7} {'sd':>6} "
        f"{'p10':>7} {'p50':>7} {'p90':>7} {'score':>7}")


def row(mode: str, kind: str, player: str, stats: dict[str, float],
        score: float | None = None) -> str:
    """One line of the table."""
    shown = "" if score is None else f"{score:7.1f}"
    return (f"{mode:10} {kind:6} {player:12} {int(stats['n']):5d} {stats['mean']:7.1f} "
            f"{stats['sd']:6.1f} {stats['p10']:7.1f} {stats['p50']:7.1f} {stats['p90']:7.1f} "
            f"{shown:>7}").rstrip()


def measure(mode: str, games: int, seed: int, random_sets: int,
            out: dict[str, Any]) -> list[str]:
    """The lines of one mode, and its entries in ``out`` (the data file's form)."""
    import statistics

    from wordyahtzee import games as engine
    from wordyahtzee.advisor import skill_levels
    from wordyahtzee.advisor.coach import coach
    from wordyahtzee.advisor.skill import JUDGES
    from wordyahtzee.puzzles import proficiency

    if mode not in JUDGES:
        return [f"{mode:10} no judge: no skill figure (no review figure, no test)"]
    helper = coach(mode)
    assert helper is not None
    key = helper.table_key(engine.parse_rules(mode, RULES[mode]))
    table = None if key is None else helper.load_table(key)
    lines = []
    review: dict[str, Any] = {}
    for player in skill_levels.players(mode):
        started = time.monotonic()
        found = skill_levels.review_figures(mode, player, games, seed, table, RULES[mode])
        stats = skill_levels.spread([f for f, _ in found])
        review[player] = {k: round(v, 1) for k, v in stats.items() if k in ("mean", "sd")}
        lines.append(row(mode, "review", player, stats,
                         statistics.fmean(s for _, s in found)))
        print(f"  {mode} review {player}: {time.monotonic() - started:.0f} s",
              file=sys.stderr, flush=True)
    out["review"][mode] = {"key": key, "games": games, "seed": seed, "levels": review}
    test: dict[str, Any] = {}
    figures = proficiency.level_figures(mode, table, random_sets, seed)
    for player in [p for p in skill_levels.players(mode) if p in figures]:
        values = figures[player]
        stats = skill_levels.spread(values)
        test[player] = {k: round(v, 1) for k, v in stats.items() if k in ("mean", "sd")}
        lines.append(row(mode, "test", player, stats))
    out["test"][mode] = {"version": proficiency.VERSION, "levels": test}
    return lines


def woord_judges(games: int, seed: int) -> list[str]:
    """Each Woord Yahtzee player's mean figure (and spread) under the three judges."""
    import numpy as np

    from wordyahtzee.advisor import skill_levels
    from wordyahtzee.advisor.coach import JudgingCoach, coach
    from wordyahtzee.advisor.skill import Tally
    from wordyahtzee.advisor.woord.strategy import WoordStrategy

    found_coach = coach("woord")
    assert found_coach is not None and hasattr(found_coach, "judge")
    helper = cast(JudgingCoach, found_coach)  # Woord Yahtzee's coach judges its games
    table = helper.load_table("nl/nl/40")
    turn = WoordStrategy(table.table, table.threshold, table.rounds,
                         np.zeros_like(table.values))  # no later turn is worth anything
    lines = [f"{'player':12} {'n':>4}  {'chain counted':>15}  {'turn by turn':>15}  "
             f"{'claims (used)':>15}"]
    for player in skill_levels.players("woord"):
        found: dict[str, list[float]] = {"chain": [], "turn": [], "claims": []}
        for i in range(games):
            game = skill_levels.play("woord", player, seed + i, table, RULES["woord"])
            chain, by_turn = Tally(), Tally()
            for item in helper.judge(game, table):
                entry = item.decision()
                chain.add(entry["lost"], entry["random"])
                by_turn.add(*turn_loss(turn, game, item))
            claims = skill_levels.judged("woord", game, table)[0]
            for name, counted in (("chain", chain), ("turn", by_turn), ("claims", claims)):
                if counted.figure is not None:
                    found[name].append(counted.figure)
        cells = []
        for name in ("chain", "turn", "claims"):
            stats = skill_levels.spread(found[name])
            cells.append(f"{stats['mean']:7.1f} ±{stats['sd']:5.1f}")
        lines.append(f"{player:12} {games:4d}  " + "  ".join(f"{c:>15}" for c in cells))
        print(lines[-1], flush=True)
    return lines


def turn_loss(turn: Any, game: Any, item: Any) -> tuple[float, float]:
    """A judged Woord Yahtzee decision by the turn's own expected points (``turn``: a
    strategy whose later turns are worth nothing): what the choice lost, and what a random
    choice loses on average."""
    from wordyahtzee.advisor.coach import distinct, random_loss
    from wordyahtzee.advisor.woord.strategy import SheetState
    from wordyahtzee.modes.woord import ROUND_BOXES

    position = item.position
    used = {b for b in ("consonants", "vowels", "woord_yahtzee", "chance")
            if position["boxes"].get(b) is not None}
    # chance, consonants and vowels kept in reserve, as perfect play keeps them
    state = SheetState(frozenset(used | {"chance", "consonants", "vowels"}),
                       position["upper_total"], position["total"])
    options = [{**o.to_json(), "value": o.ev} for o in turn.advise(
        state, position["round"], position["throws"], position["faces"], game.dice_set)]
    options = distinct(tuple(options))
    best = options[0]["value"]
    chosen = item.chosen
    if chosen["kind"] == "keep":
        letters = sorted(chosen["letters"])
        value = next(o["value"] for o in options
                     if o["kind"] == "keep" and sorted(o["letters"]) == letters)
    elif chosen["kind"] == "timeout":
        value = float(position["total"])
    elif chosen["box"] == ROUND_BOXES[position["round"] - 1] or chosen["box"] == \
            "woord_yahtzee":
        value = turn.claim_ev(state, position["round"], chosen["box"], chosen["points"])
    else:  # a special kept in reserve, written after all: its points
        value = float(position["total"] + chosen["points"])
    return max(0.0, best - value), random_loss(options)


def write_docs(lines: list[str], command: str, name: str = "skill_figures") -> None:
    """Replace the ``bench:NAME`` block of docs/skill.md with ``lines``."""
    from scripts.bench_docs import replace_block

    replace_block(ROOT / "docs" / "skill.md", name, command, ":", lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=20261206)
    parser.add_argument("--random-sets", type=int, default=200)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--write", action="store_true",
                        help="keep the means in wordyahtzee/data/skill-levels.json")
    parser.add_argument("--write-docs", action="store_true")
    parser.add_argument("--woord-judges", action="store_true",
                        help="Woord Yahtzee's players under three judges instead")
    args = parser.parse_args(argv)
    if args.woord_judges:
        lines = woord_judges(args.games, args.seed)
        if args.write_docs:
            write_docs(lines, f"python -m scripts.skill_figures --woord-judges --games "
                              f"{args.games} --seed {args.seed}", "skill_woord_judges")
        return 0
    modes = [m for m in args.modes.split(",") if m]
    unknown = [m for m in modes if m not in MODES]
    if unknown or args.games < 2 or args.random_sets < 2:
        print(f"skill_figures: modes are {', '.join(MODES)}; --games and --random-sets at "
              "least 2", file=sys.stderr)
        return 2
    out: dict[str, Any] = {"review": {}, "test": {}}
    if DATA.exists():  # a run of some modes keeps the others' figures
        out = json.loads(DATA.read_text(encoding="utf-8"))
    lines = [HEAD]
    print(HEAD, flush=True)
    for mode in modes:
        found = measure(mode, args.games, args.seed, args.random_sets, out)
        print("\n".join(found), flush=True)
        lines += found
    command = (f"python -m scripts.skill_figures --games {args.games} --seed {args.seed} "
               f"--random-sets {args.random_sets}"
               + (f" --modes {args.modes}" if modes != list(MODES) else ""))
    if args.write:
        DATA.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote the means into {DATA}")
    if args.write_docs:
        write_docs(lines, command)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
